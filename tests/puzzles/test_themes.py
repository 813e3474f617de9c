"""The themes every game's puzzles share: a solution's length, and whether it ends the
game with the solver alone ahead."""

from __future__ import annotations

import random

from archipelago.games.archipelago.puzzle_themes import THEMES as ARCHIPELAGO_THEMES
from archipelago.games.stigmergy.puzzle_themes import THEMES as STIGMERGY_THEMES
from archipelago.puzzles.themes import OUTCOME_THEMES, outcome_themes
from archipelago.registry import game_class, new_game


def test_the_length_of_a_solution_and_a_game_won_by_the_solver() -> None:
    going = new_game("stigmergy", size=3)
    assert outcome_themes([going, going], ["b2"], 1) == {"one-turn"}
    assert outcome_themes([going] * 4, ["b2", "c3", "b3"], 1) == {"long"}
    ended = game_class("stigmergy").random_game(random.Random(4), size=3, variant={"komi": 2})
    returns = ended.returns()
    assert returns is not None and returns[0] != returns[1]
    winner = 1 if returns[0] > returns[1] else 2
    assert outcome_themes([going, ended], ["b2"], winner) == {"one-turn", "win"}
    assert outcome_themes([going, ended], ["b2"], 3 - winner) == {"one-turn"}


def test_every_game_names_the_shared_themes_after_its_own() -> None:
    for themes in (ARCHIPELAGO_THEMES, STIGMERGY_THEMES):
        assert list(themes)[-len(OUTCOME_THEMES) :] == list(OUTCOME_THEMES)
