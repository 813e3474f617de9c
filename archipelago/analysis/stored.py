"""An analysis as JSON data, kept with a stored game and in saved files, and read back.

A stored analysis is ``{"seed", "iterations", "solve_nodes", "rows": [...]}``, each row
the command's seven keys plus ``chances`` (every player's chance after the turn) and
``exact`` (the chance before was proven). Reading never raises: a value that is not of
that shape is dropped (None), so that a damaged or hand-edited analysis never costs the
game it came with.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from .results import JUDGEMENTS, TurnAnalysis

MOST_ROWS = 2000  # more turns than any game of the site's boards has
MOST_TEXT = 200  # characters of a turn's notation


def row_json(row: TurnAnalysis) -> dict[str, Any]:
    return {
        **row.as_json(),
        "chances": [round(chance, 4) for chance in row.chances_after],
        "exact": row.exact,
    }


def rows_from_json(value: Any, players: int) -> list[TurnAnalysis] | None:
    """The rows of a stored analysis of a game of ``players`` players, or None when the
    value is not a stored analysis."""
    if not isinstance(value, dict):
        return None
    rows = value.get("rows")
    if not isinstance(rows, list) or len(rows) > MOST_ROWS:
        return None
    out: list[TurnAnalysis] = []
    for number, item in enumerate(rows, start=1):
        row = _row(item, number, players)
        if row is None:
            return None
        out.append(row)
    return out


def _row(item: Any, number: int, players: int) -> TurnAnalysis | None:
    if not isinstance(item, dict) or item.get("turn") != number:
        return None
    mover, move, best = item.get("mover"), item.get("move"), item.get("best")
    judgement, exact = item.get("judgement"), item.get("exact", False)
    before, after = item.get("chance_before"), item.get("chance_after")
    chances = item.get("chances")
    if not (isinstance(mover, int) and _whole(mover) and 1 <= mover <= players):
        return None
    if not (isinstance(move, str) and isinstance(best, str) and _text(move) and _text(best)):
        return None
    if judgement not in JUDGEMENTS or not isinstance(exact, bool):
        return None
    if not (_chance(before) and _chance(after)):
        return None
    if not (isinstance(chances, list) and len(chances) == players and all(map(_chance, chances))):
        return None
    return TurnAnalysis(
        number,
        mover,
        move,
        float(before),
        float(after),
        best,
        str(judgement),
        tuple(float(c) for c in chances),
        exact,
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MOST_TEXT


def _chance(value: Any) -> TypeGuard[float]:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and math.isfinite(value) and 0.0 <= value <= 1.0


def matching_rows(rows: list[TurnAnalysis], turns: list[str]) -> list[TurnAnalysis]:
    """The rows that still describe the game whose turns are ``turns``: the analysed
    turns up to the first that was taken back or played differently since."""
    kept: list[TurnAnalysis] = []
    for row, text in zip(rows, turns, strict=False):
        if row.move != text:
            break
        kept.append(row)
    return kept


__all__ = ["matching_rows", "row_json", "rows_from_json"]
