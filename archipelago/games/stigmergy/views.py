"""Stigmergy positions in facts and words: what ``replay`` prints and a page explains.

A mixin of ``StigmergyGame``: everything here only reads the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from archipelago.game import Move

from .notation import BUTTON, PASS, PLAY_SECOND, RESIGN, is_komi_code, komi_of

if TYPE_CHECKING:
    from .geometry import Geometry


def number(value: float) -> int | float:
    """A score as JSON shows it: whole numbers without ``.0``."""
    return int(value) if float(value).is_integer() else value


class StigmergyViews:
    """Read-only views of a Stigmergy position."""

    __slots__ = ()

    if TYPE_CHECKING:  # provided by StigmergyGame
        geo: Geometry
        cells: list[int]
        see: tuple[list[int], list[int], list[int]]
        stones: list[int]
        komi: int | None
        komi_to: int | None
        button: int | None
        over: bool
        resigned: int | None

        @property
        def to_move(self) -> int | None: ...
        @property
        def proposing(self) -> bool: ...
        @property
        def answering(self) -> bool: ...
        def territory(self) -> tuple[int, int]: ...
        def scores(self) -> tuple[float, float]: ...
        def ranks(self) -> tuple[int, int]: ...
        def legal_codes(self) -> list[int]: ...
        def code_text(self, code: int) -> str: ...
        def controller(self, cell: int) -> int: ...
        def history_codes(self) -> list[int]: ...

    def summary(self) -> dict[str, Any]:
        """What ``replay`` prints. ``legal`` is empty on the proposal turn, where any
        whole number within the limit may be proposed."""
        legal = [] if self.proposing else sorted(self.code_text(c) for c in self.legal_codes())
        return {
            "over": self.over,
            "to_move": self.to_move,
            "komi": self.komi,
            "komi_to": self.komi_to,
            "button": self.button,
            "stones": [self.stones[1], self.stones[2]],
            "territory": list(self.territory()),
            "scores": [number(s) for s in self.scores()],
            "ranks": list(self.ranks()),
            "resigned": self.resigned,
            "legal": legal,
        }

    def explain_move(self, move: Move) -> str:
        code = move.code
        n = len(self.cells)
        player = self.to_move
        if code == RESIGN:
            return f"Resign: the game ends and player {3 - (player or 1)} wins."
        if code == PASS:
            return "Pass: every empty cell is controlled, so you may play nothing."
        if code == BUTTON:
            if self.answering:
                return (
                    "Take the first turn on the board and spend it on the button (half a "
                    "point at the end); player 1 then plays second and receives the komi."
                )
            return "Take the button: half a point at the end, for this whole turn."
        if code == PLAY_SECOND:
            return (
                f"Play second and receive the komi of {self.komi}: player 1 places the first stone."
            )
        if is_komi_code(self.geo, code):
            komi = komi_of(self.geo, code)
            return (
                f"Propose a komi of {komi}: player 2 then chooses to play first (you "
                f"receive {komi}) or second (they receive it)."
            )
        names = self.geo.board.names
        if 0 <= code < n:
            text = f"Place a stone on {names[code]}."
            if self.answering:
                text += f" You play first; player 1 receives the komi of {self.komi}."
            return text
        cell = code - n
        return (
            f"Flip the stone on {names[cell]}: player {player} controls the cell, "
            f"seeing {self.see[player or 1][cell]} of its lines."
        )

    def board_svg(self, **options: Any) -> str:
        from .render import board_svg  # drawing is loaded only where something is drawn

        return board_svg(self, **options)  # type: ignore[arg-type]
