"""Archipelago's puzzle themes: ``THEMES`` names each theme id in words (the page shows
them translated with ``_``), and ``themes`` finds the ids of what a solution does, for
``python -m archipelago puzzles make``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from archipelago.game import Game
from archipelago.i18n import N_
from archipelago.puzzles.themes import OUTCOME_THEMES, outcome_themes

from .position import Position

THEMES = {
    "island": N_("Makes an island of your colour"),
    "join": N_("Joins an opponent's islands into one"),
    "their-colour": N_("Places a stone of an opponent's colour"),
    "extra-stone": N_("Uses the extra stones of a player behind"),
    "one-stone": N_("Stops after a single stone"),
    "pass": N_("Passes"),
    "endgame": N_("Endgame: the last empty cells"),
    **OUTCOME_THEMES,
}
ENDGAME_EMPTY = 12  # a puzzle with at most this many empty cells is an endgame


def themes(line: Sequence[Game], solution: Sequence[str]) -> tuple[str, ...]:
    """The theme ids of a solution: ``line`` is the puzzle's position and the position
    after each turn of ``solution``."""
    positions = [cast(Position, game) for game in line]
    start = positions[0]
    solver = start.mover or 1
    found: set[str] = set()
    for index in range(0, len(solution), 2):
        before, after, text = positions[index], positions[index + 1], solution[index]
        stones = [] if text == "pass" else [part for part in text.split(",") if part]
        counts_before, counts_after = before.group_counts(), after.group_counts()
        if counts_after[solver - 1] > counts_before[solver - 1]:
            found.add("island")
        if any(
            counts_after[p] < counts_before[p] for p in range(len(counts_before)) if p != solver - 1
        ):
            found.add("join")
        if any(not stone.startswith(str(solver)) for stone in stones):
            found.add("their-colour")
        if before.allowance > before.variant.stones and len(stones) > before.variant.stones:
            found.add("extra-stone")
        if len(stones) == 1 and before.allowance > 1:
            found.add("one-stone")
        if text == "pass":
            found.add("pass")
    if start.empty_count <= ENDGAME_EMPTY:
        found.add("endgame")
    found |= outcome_themes(line, solution, solver)
    return tuple(theme for theme in THEMES if theme in found)
