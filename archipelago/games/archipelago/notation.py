"""Spelling of stones and turns (RULINGS R3).

A stone is ``<colour><cell>``, e.g. ``2g5``; a turn is its stones joined by commas, or
``pass``. The canonical spelling of a turn sorts its stones by colour, then by cell index
(row from the bottom, then position), so one set of stones has exactly one spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from archipelago.errors import NotationError
from archipelago.hexgrid import Board, Cell
from archipelago.i18n import _
from archipelago.reading import quote

Stone = tuple[int, Cell]  # (colour, cell)

PASS = "pass"
_STONE = re.compile(r"([1-9])([a-z][0-9]{1,2})")  # ASCII digits only


def parse_stone(board: Board, text: str) -> Stone:
    """``"2g5"`` -> ``(2, cell)``. Raises NotationError for text that is not a stone."""
    word = text.strip()
    match = _STONE.fullmatch(word.lower()) if word.isascii() else None
    if match is None:
        raise NotationError(
            _("{word} is not a stone: write a colour number then a cell, like 2g5").format(
                word=quote(word)
            )
        )
    return int(match.group(1)), board.index(match.group(2))


def format_stone(board: Board, stone: Stone) -> str:
    colour, cell = stone
    return f"{colour}{board.names[cell]}"


def split_turn(text: str) -> list[str]:
    """The stone texts of a turn string; ``[]`` for ``pass``. Does not look at the board."""
    text = text.strip().lower()
    if text == PASS:
        return []
    if not text:
        raise NotationError(_("an empty turn: write its stones, or pass"))
    return [part.strip() for part in text.split(",")]


def format_turn(board: Board, stones: Iterable[Stone]) -> str:
    """The canonical spelling of a turn: stones sorted, or ``pass`` when there are none."""
    ordered = sorted(stones)
    if not ordered:
        return PASS
    return ",".join(format_stone(board, stone) for stone in ordered)
