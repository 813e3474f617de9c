"""Stigmergy's puzzle themes: ``THEMES`` names each theme id in words (the page shows
them translated with ``_``), and ``themes`` finds the ids of what a solution does, for
``python -m archipelago puzzles make``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from archipelago.game import Game
from archipelago.i18n import N_
from archipelago.puzzles.themes import OUTCOME_THEMES, outcome_themes

from .notation import BUTTON_WORD, FLIP_MARK, PASS_WORD
from .position import StigmergyPosition

THEMES = {
    "flip": N_("Flips a stone"),
    "claim": N_("Claims several cells with one stone"),
    "block": N_("Blocks your opponent's sight"),
    "button": N_("Takes the button"),
    "pass": N_("Passes"),
    "endgame": N_("Endgame: every empty cell is claimed"),
    **OUTCOME_THEMES,
}
CLAIM_GAIN = 3  # a stone that adds this many claimed cells (its own cell aside) claims
BLOCK_LOSS = 2  # an opponent who loses this many claimed cells had their sight blocked


def themes(line: Sequence[Game], solution: Sequence[str]) -> tuple[str, ...]:
    """The theme ids of a solution: ``line`` is the puzzle's position and the position
    after each turn of ``solution``."""
    positions = [cast(StigmergyPosition, game) for game in line]
    start = positions[0]
    solver = start.to_move or 1
    found: set[str] = set()
    for index in range(0, len(solution), 2):
        before, after, text = positions[index], positions[index + 1], solution[index]
        if text.endswith(FLIP_MARK):
            found.add("flip")
        elif text == BUTTON_WORD:
            found.add("button")
        elif text == PASS_WORD:
            found.add("pass")
        else:
            gained = after.territory()[solver - 1] - before.territory()[solver - 1]
            if gained >= CLAIM_GAIN:
                found.add("claim")
        lost = before.territory()[2 - solver] - after.territory()[2 - solver]
        if lost >= BLOCK_LOSS:
            found.add("block")
    if start.free_cell() is None:
        found.add("endgame")
    found |= outcome_themes(line, solution, solver)
    return tuple(theme for theme in THEMES if theme in found)
