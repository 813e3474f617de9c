"""Archipelago positions in facts and words: what ``replay`` prints and a page explains.

A mixin of ``GameState``: everything here only reads the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from archipelago.game import Move

if TYPE_CHECKING:
    from .scoring import Markers
    from .state import GameState
    from .variant import Variant

END = -1  # the move codes of state.py, repeated here to keep the import one-way
PASS = -2
RESIGN = -3


class PositionViews:
    """Read-only views of an Archipelago position."""

    __slots__ = ()

    if TYPE_CHECKING:  # provided by GameState and StoneGroups
        from collections.abc import Sequence

        from archipelago.hexgrid import Board

        board: Board
        cells: list[int]
        players: int
        variant: Variant
        mover: int | None
        allowance: int
        turns: list
        turn_start_counts: tuple[int, ...]
        markers: list[Markers]
        frozen: frozenset[int]
        resigned: tuple[int, ...]

        @property
        def colours(self) -> range: ...
        @property
        def stones_left(self) -> int: ...
        def stone_effect(self, colour: int, cell: int) -> int: ...
        def ahead_of(self, player: int, counts: Sequence[int] | None = None) -> int: ...
        def group_counts(self) -> tuple[int, ...]: ...
        def bonus(self, player: int) -> dict[int, int]: ...
        def shown_scores(self) -> tuple[int, ...]: ...
        def ranks(self) -> tuple[int, ...]: ...

    def track(self) -> dict[int, list[tuple[int, int]]]:
        """Per claimed column, the (player, value) markers in it, best value first."""
        columns: dict[int, list[tuple[int, int]]] = {}
        for player in self.colours:
            for column, value in self.markers[player].items():
                columns.setdefault(column, []).append((player, value))
        return {c: sorted(columns[c], key=lambda m: -m[1]) for c in sorted(columns)}

    def allowance_reason(self) -> str:
        """Why the mover may place ``allowance`` stones, in words."""
        if self.mover is None:
            return "the game is over"
        if not self.turns and self.mover == 1:
            return "1 stone: the first turn of the game"
        base = self.variant.stones
        # The allowance was fixed by the counts when the turn started (R4).
        ahead = self.ahead_of(self.mover, self.turn_start_counts)
        extra = self.allowance - base
        text = f"{self.allowance} stones: {base} per turn"
        if extra:
            who = "opponent" if ahead == 1 else "opponents"
            word = "fewer chunks" if self.variant.wunchunk else "more groups"
            mode = " (half extra stones, rounded up)" if self.variant.extra == "half" else ""
            text += f" + {extra} extra for {ahead} {who} with {word}{mode}"
        elif ahead and self.variant.extra == "none":
            text += " (no extra stones in this variation)"
        return text

    def preview(self, colour: int, cell: int) -> tuple[int, ...]:
        """Per player, the change of group count if that stone were placed now."""
        delta = self.stone_effect(colour, cell)
        return tuple(delta if p == colour else 0 for p in self.colours)

    def summary(self) -> dict[str, Any]:
        """What ``replay`` prints: the turn, group counts, track, scores and ranks."""
        over = self.mover is None
        return {
            "over": over,
            "to_move": self.mover,
            "allowance": 0 if over else self.allowance,
            "stones_left": self.stones_left,
            "groups": list(self.group_counts()),
            "bonus": [
                {str(column): value for column, value in self.bonus(p).items()}
                for p in self.colours
            ],
            "scores": list(self.shown_scores()),
            "ranks": list(self.ranks()),
            "frozen": sorted(self.frozen),
            "resigned": list(self.resigned),
        }

    def explain_move(self, move: Move) -> str:
        code = move.code
        if code == END:
            return "End the turn with the stones placed so far."
        if code == PASS:
            return "Pass: place no stone this turn."
        if code == RESIGN:
            return "Resign: take no more turns and rank below every player still in play."
        colour, cell = divmod(code, len(self.cells))
        name = self.board.names[cell]
        change = self.stone_effect(colour, cell)
        if change > 0:
            effect = f"makes a new group for player {colour}"
        elif change < 0:
            effect = f"joins groups: player {colour} has {-change} fewer"
        else:
            effect = f"leaves player {colour}'s group count as it is"
        return f"Colour {colour} on {name} {effect}."

    def board_svg(self, **options: Any) -> str:
        from .render import board_svg  # drawing is loaded only where something is drawn

        return board_svg(cast("GameState", self), **options)  # the mixin is a GameState
