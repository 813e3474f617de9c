"""Stigmergy read aloud (archipelago/games/stigmergy/spoken.py), sentence by sentence: a
cell with what it sees and who controls it, its six lines of sight, the stones and the
controlled cells of a player, the score, and each kind of turn said."""

from __future__ import annotations

import pytest

from archipelago.games.stigmergy import spoken
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.page.kits import kit_for
from archipelago.page.speech import lines_words

NAMES = ["Ann", "Bob"]


def game(turns: list[str], size: int = 4, komi: int | None = None) -> StigmergyGame:
    variant = {} if komi is None else {"komi": komi}
    state = StigmergyGame.from_record(
        {"game": "stigmergy", "size": size, "variant": variant, "turns": turns}
    )
    assert isinstance(state, StigmergyGame)
    return state


def at(state: StigmergyGame, name: str) -> int:
    return state.board.index(name)


def test_the_kit_names_this_module():
    assert kit_for("stigmergy").spoken is spoken


def test_a_cell_says_its_stone_its_control_and_what_it_sees():
    state = game(["3", "d4", "d5", "c3", "e4"])  # Bob answered with d4: Ann plays second
    assert spoken.cell_words(state, NAMES, at(state, "d4")) == (
        "d4: Bob's stone, controlled by no one; it sees 2 of Ann's stones and 1 of Bob's, 4 "
        "needed for control."
    )
    assert spoken.cell_words(state, NAMES, at(state, "a1")).startswith(
        "a1: empty, controlled by no one; it sees 0 of Ann's stones and 1 of Bob's, 2 needed"
    )
    assert spoken.cell_brief(state, NAMES, at(state, "d5")) == "d5 Ann"
    assert spoken.cell_brief(state, NAMES, at(state, "a4")) == "a4 empty"


def test_an_empty_cell_under_control_is_said_with_its_controller():
    # Side 3: a corner sees 3 ways, and 2 of them make control.
    state = game(["a2", "b1", "b2"], size=3, komi=0)
    corner = at(state, "a1")
    assert state.controller(corner) == 1
    assert spoken.cell_brief(state, NAMES, corner) == "a1 empty, Ann's"
    assert spoken.cell_words(state, NAMES, corner).startswith("a1: empty, controlled by Ann;")
    assert spoken.islands_words(state, NAMES, 1).startswith(
        "Stigmergy has no islands: Ann controls "
    )
    assert "a1" in spoken.islands_words(state, NAMES, 1)


def test_the_rays_are_the_lines_of_sight_with_the_control_they_give():
    state = game(["3", "d4", "d5", "c3", "e4"])
    assert spoken.rays_words(state, NAMES, at(state, "d4")) == (
        "d4 sees right: d5 Ann; upper right: e4 Ann; upper left: no stone; left: no stone; "
        "lower left: c3 Bob; lower right: no stone. That is 2 for Ann and 1 for Bob, 4 "
        "needed: controlled by no one."
    )
    edge = spoken.rays_words(state, NAMES, at(state, "a1"))
    assert "left: the edge; lower left: the edge; lower right: the edge." in edge


def test_the_lines_through_a_cell():
    state = game(["3", "d4", "d5"])
    said = lines_words(spoken, state, NAMES, at(state, "d4"))
    assert said.startswith("Row d: d1 empty; d2 empty; d3 empty; d4 Bob; d5 Ann; d6 empty;")
    assert "Diagonal rising to the right, a1 to g4:" in said
    assert "Diagonal rising to the left, a4 to g1:" in said


def test_stones_of_each_player():
    state = game(["3", "d4", "d5", "c3", "e4"])
    assert spoken.stones_words(state, NAMES, 1) == "Ann has 2 stones: d5, e4."
    assert spoken.stones_words(state, NAMES, 2) == "Bob has 2 stones: c3, d4."
    assert spoken.stones_words(game([]), NAMES, 1) == "Ann has 0 stones: none."


def test_the_score_brief_and_in_full():
    state = game(["3", "d4", "d5", "c3", "e4"])
    assert spoken.score_brief(state, NAMES) == "Ann 5 points, Bob 2"
    assert spoken.score_words(state, NAMES) == (
        "Ann 5 points (2 stones, 0 territory, komi 3); Bob 2 points (2 stones, 0 territory). "
        "Bob's turn."
    )
    one = game(["d4"], komi=0)
    assert spoken.score_brief(one, NAMES) == "Ann 1 point, Bob 0"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("e5", "Bob played e5 (places a stone on e5)"),
        ("e5x", "Bob played e5x (flips e5)"),
        ("4", "Bob played 4 (offers a komi of 4 points (points for whoever places second))"),
        ("play-second", "Bob played play-second (plays second)"),
        ("take-button", "Bob played take-button (takes the button (half a point))"),
        ("pass", "Bob played pass (passes)"),
        ("resign", "Bob played resign (resigns)"),
    ],
)
def test_each_kind_of_turn_said(text, said):
    assert spoken.turn_said(game([]), NAMES, 2, text) == said
