"""Archipelago read aloud (archipelago/games/archipelago/spoken.py), sentence by sentence,
for 2, 3 and 4 players, against positions whose stones are known; and the board's three
lines and six rays (archipelago/hexgrid.py) they read along."""

from __future__ import annotations

import pytest

from archipelago.games.archipelago import spoken
from archipelago.games.archipelago.state import GameState
from archipelago.hexgrid import axes_through, board_for, ray
from archipelago.page.kits import kit_for
from archipelago.page.speech import lines_words

NAMES = ["Ann", "Bob", "Cy", "Di"]


def game(players: int, turns: list[str], size: int = 4) -> GameState:
    record = {"game": "archipelago", "size": size, "players": players, "turns": turns}
    state = GameState.from_record(record)
    assert isinstance(state, GameState)
    return state


def cell(state: GameState, name: str) -> int:
    return state.board.index(name)


def test_the_kit_names_this_module():
    assert kit_for("archipelago").spoken is spoken


def test_the_three_lines_run_edge_to_edge_through_the_cell_and_the_rays_outwards():
    board = board_for(3)
    names = [[board.names[c] for c in axis] for axis in axes_through(board, board.index("b2"))]
    assert names == [
        ["b1", "b2", "b3", "b4"],
        ["a1", "b2", "c3", "d3", "e3"],
        ["a2", "b2", "c2", "d1"],
    ]
    rays = [[board.names[c] for c in ray(board, board.index("c3"), d)] for d in range(6)]
    assert rays == [
        ["c4", "c5"],
        ["d3", "e3"],
        ["d2", "e1"],
        ["c2", "c1"],
        ["b2", "a1"],
        ["b3", "a3"],
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cell_its_island_a_single_stone_and_an_empty_cell(players):
    state = game(players, ["1d4", "1d5,2c3"])
    names = NAMES[:players]
    assert spoken.cell_words(state, names, cell(state, "d5")) == (
        "d5: Blue dot stone of Ann, in an island of 2 stones: d4, d5."
    )
    assert spoken.cell_words(state, names, cell(state, "c3")) == (
        "c3: Orange triangle stone of Bob, a single stone, which does not count."
    )
    assert spoken.cell_words(state, names, cell(state, "c4")) == (
        "c4: empty, beside c3 (orange), d4 (blue) and d5 (blue)."
    )
    assert spoken.cell_words(state, names, cell(state, "a1")) == (
        "a1: empty, with no stone beside it."
    )
    assert spoken.cell_brief(state, names, cell(state, "c3")) == "c3 orange"
    assert spoken.cell_brief(state, names, cell(state, "a1")) == "a1 empty"


def test_the_rays_name_the_first_stone_each_way_or_the_edge():
    state = game(3, ["1d4", "2d6,3a1", "3b2,1g4"])
    said = spoken.rays_words(state, NAMES[:3], cell(state, "d4"))
    assert said == (
        "From d4: right: d6 orange; upper right: g4 blue; upper left: no stone; left: no "
        "stone; lower left: b2 green; lower right: no stone."
    )
    corner = spoken.rays_words(state, NAMES[:3], cell(state, "a1"))
    assert corner.endswith("left: the edge; lower left: the edge; lower right: the edge.")


def test_the_lines_through_a_cell_read_every_cell_in_order():
    state = game(2, ["1d4", "2d6,1a1"])
    said = lines_words(spoken, state, NAMES[:2], cell(state, "d4"))
    assert said.startswith(
        "Row d: d1 empty; d2 empty; d3 empty; d4 blue; d5 empty; d6 orange; d7 empty. "
        "Diagonal rising to the right, a1 to g4: a1 blue; b2 empty;"
    )
    assert said.endswith(
        "Diagonal rising to the left, a4 to g1: a4 empty; b4 empty; c4 empty; "
        "d4 blue; e3 empty; f2 empty; g1 empty."
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_colour_s_stones_and_islands(players):
    state = game(players, ["1d4", "1d5,2c3", "2c4,2a1"])
    names = NAMES[:players]
    assert spoken.stones_words(state, names, 1) == "Ann (blue) has 2 stones: d4, d5."
    assert spoken.stones_words(state, names, 2) == "Bob (orange) has 3 stones: a1, c3, c4."
    assert spoken.islands_words(state, names, 1) == "Ann (blue) has 1 island: d4, d5."
    assert spoken.islands_words(state, names, 2) == (
        "Bob (orange) has 1 island: c3, c4. Single stones: a1."
    )
    if players >= 3:
        assert spoken.stones_words(state, names, 3) == "Cy (green) has 0 stones: none."
        assert spoken.islands_words(state, names, 3) == "Cy (green) has 0 islands."


@pytest.mark.parametrize(
    ("players", "brief"),
    [
        (2, "Ann 1 island, Bob 1"),
        (3, "Ann 1 island, Bob 1, Cy 0"),
        (4, "Ann 1 island, Bob 1, Cy 0, Di 0"),
    ],
)
def test_the_score_brief_and_in_full(players, brief):
    state = game(players, ["1d4", "1d5,2c3", "2c4,2a1"])
    names = NAMES[:players]
    assert spoken.score_brief(state, names) == brief
    full = spoken.score_words(state, names)
    assert full.startswith("Ann 1 island, ")
    assert full.count(" bonus") == players
    mover = state.mover
    assert mover is not None
    assert full.endswith(
        f"{names[mover - 1]}'s turn: {state.stones_left} of {state.allowance} stones left to place."
    )


def test_the_score_of_a_finished_game_says_no_turn():
    state = game(2, ["1d4", "pass", "pass"])
    assert state.is_over
    assert spoken.score_words(state, NAMES[:2]) == "Ann 0 islands, 0 bonus; Bob 0 islands, 0 bonus."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("2c3,1d4", "Cy played 2c3 and 1d4"),
        ("1a1,1a2,3b1", "Cy played 1a1, 1a2 and 3b1"),
        ("4e5", "Cy played 4e5"),
        ("pass", "Cy passed"),
        ("resign", "Cy resigned"),
    ],
)
def test_a_turn_said(text, said):
    assert spoken.turn_said(game(4, []), NAMES, 3, text) == said
