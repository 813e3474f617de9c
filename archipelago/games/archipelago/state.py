"""The game contract of Archipelago: ``GameState``.

``GameState`` is the contract of ``archipelago.game`` (``legal_moves``, ``push``, ``pop``,
``clone``, ``returns``, records, views) built on ``position.Position``, which holds the
rules and their actions: ``place`` / ``end_turn`` / ``pass_turn`` / ``resign`` and
``undo``. A move code is ``colour * cell_count + cell`` for a stone, ``END``, ``PASS`` or
``RESIGN``: ``2g5``, ``end``, ``pass``, ``resign``. A search plays one stone per move.
The records, the views and the drawing are the modules' of the same names, put together
with the rest by ``archipelago.assembly``.

Imports run one way: the records, views, drawing and random games read a ``Position``;
only this module and the ones above it know ``GameState``.
"""

from __future__ import annotations

import random
from typing import Any, Self

from archipelago.assembly import AssembledGame, Parts
from archipelago.errors import IllegalMoveError
from archipelago.i18n import _

from . import views
from .manifest import MANIFEST
from .notation import format_turn, parse_stone
from .position import (
    CODE_OF_WORD,
    END,
    END_FROZEN,
    END_FULL,
    END_PASSES,
    END_WORD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PASS,
    TURN_ORDER,
    WORD_OF_CODE,
    Position,
)
from .randomplay import play_out
from .record import replay, to_record
from .resignation import END_RESIGNED, RESIGN

__all__ = [
    "END",
    "END_FROZEN",
    "END_FULL",
    "END_PASSES",
    "END_RESIGNED",
    "END_WORD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PASS",
    "RESIGN",
    "TURN_ORDER",
    "GameState",
]


PARTS = Parts(
    to_record=to_record,
    replay=replay,
    summary=views.summary,
    explain_move=views.explain_move,
    drawing=f"{__package__}.render",
)


class GameState(Position, AssembledGame, manifest=MANIFEST, parts=PARTS):
    """A game in progress: board, scoring track, turn and undo history."""

    __slots__ = ()

    resign_code = RESIGN
    #: A turn's stones may go down in any order (R3): perft counts each set of them once.
    order_free_turns = True

    # ------------------------------------------------------------------ the int layer
    @property
    def player_count(self) -> int:
        return self.players

    def legal_codes(self) -> list[int]:
        if self.mover is None:
            return []
        n = len(self.cells)
        empty = [cell for cell, colour in enumerate(self.cells) if colour == 0]
        codes = [colour * n + cell for colour in self.colours for cell in empty]
        codes.append(END if self.turn_stones else PASS)
        return codes

    def push_code(self, code: int) -> None:
        if code == END:
            self.end_turn()
        elif code == PASS:
            self.pass_turn()
        elif code == RESIGN:
            self.resign()
        elif type(code) is int and code >= 0:
            colour, cell = divmod(code, len(self.cells))
            self.place(colour, cell)
        else:
            raise IllegalMoveError(_("{code} is not a move of Archipelago").format(code=repr(code)))

    def pop_code(self) -> int:
        return self.undo()

    def code_text(self, code: int) -> str:
        if code in WORD_OF_CODE:
            return WORD_OF_CODE[code]
        colour, cell = divmod(code, len(self.cells))
        return f"{colour}{self.board.names[cell]}"

    def parse_code(self, text: str) -> int:
        word = text.strip().lower()
        if word in CODE_OF_WORD:
            return CODE_OF_WORD[word]
        colour, cell = parse_stone(self.board, word)
        return colour * len(self.cells) + cell

    @classmethod
    def random_game(cls, rng: random.Random, **options: Any) -> Self:
        """Each turn puts down its whole allowance, every stone a random colour on a
        random empty cell (the bench's game; faster than drawing from legal_codes)."""
        return play_out(cls.from_record({"game": cls.name, "turns": [], **options}), rng)

    # ------------------------------------------------------------------ for a page
    def track(self) -> dict[int, list[tuple[int, int]]]:
        """Per claimed column, the (player, value) markers in it, best value first."""
        return views.track(self)

    def allowance_reason(self) -> str:
        """Why the mover may place ``allowance`` stones, in words."""
        return views.allowance_reason(self)

    def preview(self, colour: int, cell: int) -> tuple[int, ...]:
        """Per player, the change of group count if that stone were placed now."""
        return views.preview(self, colour, cell)

    def __repr__(self) -> str:
        turn = format_turn(self.board, self.turn_stones) if self.turn_stones else "-"
        return (
            f"<GameState side {self.size}, {self.players} players, turn {len(self.turns) + 1},"
            f" to move {self.mover}, this turn {turn}>"
        )
