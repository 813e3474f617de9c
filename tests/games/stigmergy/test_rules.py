"""Stigmergy's rules, one by one, on small boards built through records.

Board side 4 for the hand-made positions (rows a..g; d is the middle row, d1 and d7 its
corners); a komi fixed in advance at 0 unless a test says otherwise, so player 1 places
first. Fillers are stones put where they see nothing the test looks at.
"""

from __future__ import annotations

import random

import pytest

from archipelago.errors import IllegalMoveError, NotationError
from archipelago.games.stigmergy.state import StigmergyGame
from tests.support.stighelpers import cell, control_from_scratch, legal_from_scratch, play


def legal(game: StigmergyGame) -> list[str]:
    return sorted(move.text for move in game.legal_moves())


# ---------------------------------------------------------------- sight
def test_sight_runs_through_empty_cells_to_the_first_stone() -> None:
    game = play(4, ["d7", "a1"])
    # d4 looks east along d5, d6 (empty) to d7, and south-west along c3, b2 to a1.
    assert game.sees(cell(game, "d4")) == (1, 1)
    assert game.sees(cell(game, "d5")) == (1, 0)  # a1 is on none of d5's lines
    assert game.sees(cell(game, "c4")) == (0, 0)  # on neither stone's lines


def test_sight_stops_at_the_first_stone() -> None:
    game = play(4, ["d7", "d6"])
    assert game.sees(cell(game, "d4")) == (0, 1)  # d6 hides d7
    assert game.sees(cell(game, "d1")) == (0, 1)


def test_a_cell_does_not_see_its_own_stone() -> None:
    game = play(4, ["d7", "d6"])
    assert game.sees(cell(game, "d7")) == (0, 1)  # only d6, not itself
    assert game.sees(cell(game, "d6")) == (1, 0)  # only d7


# ---------------------------------------------------------------- control thresholds
def test_interior_cells_need_four_of_six() -> None:
    # d4's lines end at d7, g4, g1, d1, a1, a4; the fillers a2, a3, b1 are on none.
    game = play(4, ["d7", "a2", "g4", "a3", "g1"])
    d4 = cell(game, "d4")
    assert game.sees(d4) == (3, 0) and game.controller(d4) == 0
    game.push("b1")
    game.push("d1")
    assert game.sees(d4) == (4, 0) and game.controller(d4) == 1


def test_edge_cells_need_three_of_four() -> None:
    # a2 has four lines: to a4, to f5, to e1, and a1; fillers g2, g3 are on none.
    game = play(4, ["a4", "g2", "f5"])
    a2 = cell(game, "a2")
    assert game.geo.need[a2] == 3
    assert game.sees(a2) == (2, 0) and game.controller(a2) == 0
    game.push("g3")
    game.push("a1")
    assert game.sees(a2) == (3, 0) and game.controller(a2) == 1


def test_corner_cells_need_two_of_three() -> None:
    game = play(4, ["a4", "g3"])
    a1 = cell(game, "a1")
    assert game.geo.need[a1] == 2
    assert game.sees(a1) == (1, 0) and game.controller(a1) == 0
    game.push("d1")
    assert game.sees(a1) == (2, 0) and game.controller(a1) == 1


def test_thresholds_of_every_cell_are_more_than_half_its_neighbours() -> None:
    game = StigmergyGame(6)
    board = game.geo.board
    kinds = {len(board.neighbours[c]): game.geo.need[c] for c in range(board.cell_count)}
    assert kinds == {6: 4, 4: 3, 3: 2}


# ---------------------------------------------------------------- placing
def test_placement_refused_on_a_cell_the_opponent_controls() -> None:
    game = play(4, ["a4", "g3", "d1"])  # player 1 controls a1
    assert "a1" not in legal(game)
    with pytest.raises(IllegalMoveError, match="player 1 controls a1"):
        game.push("a1")
    game.push("g2")
    assert "a1" in legal(game)  # player 1 may place on a cell they control
    game.push("a1")


def test_placement_refused_on_an_occupied_cell() -> None:
    game = play(4, ["a4"])
    with pytest.raises(IllegalMoveError, match="a4 is occupied"):
        game.push("a4")
    game.push("g2")
    with pytest.raises(IllegalMoveError, match="a4 holds your own stone"):
        game.push("a4")


# ---------------------------------------------------------------- flipping
def test_flip_only_a_controlled_enemy_stone() -> None:
    game = play(4, ["a4", "a1", "g3", "g2"])
    with pytest.raises(IllegalMoveError, match=r"player 1 does not control a1 \(it sees 1 of"):
        game.push("a1x")
    with pytest.raises(IllegalMoveError, match="b2 is empty: there is no stone to flip"):
        game.push("b2x")
    with pytest.raises(IllegalMoveError, match="a4 holds your own stone"):
        game.push("a4x")
    game.push("d1")  # now a1 sees a4 and d1: player 1 controls it
    game.push("f2")
    with pytest.raises(IllegalMoveError, match=r"a1 is occupied \(write a1x to flip it\)"):
        game.push("a1")
    assert "a1x" in legal(game)
    assert game.stones[1:] == [3, 3]
    game.push("a1x")
    assert game.cells[cell(game, "a1")] == 1
    assert game.stones[1:] == [4, 2]
    # The flipped stone now shows in the sight of the cells that see it.
    assert game.sees(cell(game, "b1")) == (3, 0)


def test_a_flip_is_undone_exactly() -> None:
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2"])
    before = game.snapshot()
    game.push("a1x")
    assert game.pop().text == "a1x"
    assert game.snapshot() == before


# ---------------------------------------------------------------- the button
@pytest.mark.parametrize("komi", [1, 3, -3, -1])
def test_button_available_with_an_odd_komi(komi: int) -> None:
    game = play(4, [], komi=komi)
    assert "take-button" in legal(game)
    with pytest.raises(IllegalMoveError, match="no passing while the button can be taken"):
        game.push("pass")
    game.push("take-button")  # a whole turn
    assert game.button == 1 and game.to_move == 2 and game.stones[1:] == [0, 0]
    assert "take-button" not in legal(game)
    with pytest.raises(IllegalMoveError, match="player 1 has taken the button already"):
        game.push("take-button")


@pytest.mark.parametrize("komi", [0, 2, -4])
def test_no_button_with_an_even_komi(komi: int) -> None:
    game = play(4, [], komi=komi)
    assert "take-button" not in legal(game)
    with pytest.raises(IllegalMoveError, match=f"only with an odd komi, and the komi is {komi}"):
        game.push("take-button")


def test_the_button_is_worth_half_a_point() -> None:
    game = play(4, ["take-button", "a1"], komi=3)
    assert game.summary()["scores"] == [0.5, 1 + 3]
    game = play(4, ["a1", "take-button"], komi=3)
    assert game.summary()["scores"] == [1, 3.5]


# ---------------------------------------------------------------- passing and the end
def test_no_pass_while_an_empty_cell_is_uncontrolled() -> None:
    game = play(4, ["a1"])
    assert "pass" not in legal(game)
    with pytest.raises(IllegalMoveError, match="controlled by neither player"):
        game.push("pass")


def until_pass_is_legal(size: int, komi: int, seed: int, avoid: str = "") -> StigmergyGame:
    """Random play (never a pass, never ``avoid``) until no empty cell is uncontrolled."""
    rng = random.Random(seed)
    game = play(size, [], komi=komi)
    while game.free_cell() is not None:
        moves = [m for m in game.legal_moves() if m.text not in ("pass", avoid)]
        game.push(rng.choice(moves))
    return game


@pytest.mark.parametrize("seed", range(5))
def test_pass_is_legal_once_every_empty_cell_is_controlled(seed: int) -> None:
    game = until_pass_is_legal(3, 0, seed)
    control = control_from_scratch(3, game.cells)
    assert all(owner or control[c] for c, owner in enumerate(game.cells))
    assert "pass" in legal(game)
    game.push("pass")
    assert not game.is_over and game.to_move is not None
    assert "pass" in legal(game)  # nothing changed for the other player either
    game.push("pass")
    assert game.is_over and game.to_move is None
    assert game.legal_moves() == [] and game.returns() is not None
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push("pass")


@pytest.mark.parametrize("seed", range(3))
def test_the_button_must_be_taken_before_passing(seed: int) -> None:
    game = until_pass_is_legal(3, 1, seed, avoid="take-button")
    assert "pass" not in legal(game) and "take-button" in legal(game)
    game.push("take-button")
    assert "pass" in legal(game)


def test_a_pass_then_a_move_does_not_end_the_game() -> None:
    for seed in range(40):
        game = until_pass_is_legal(3, 0, seed)
        game.push("pass")
        others = [m for m in game.legal_moves() if m.text != "pass"]
        if not others:
            continue
        game.push(others[0])
        if "pass" not in legal(game):
            continue
        game.push("pass")
        assert not game.is_over  # passes must follow each other
        return
    pytest.fail("no seed gave a pass, a move and a pass")


# ---------------------------------------------------------------- komi and sides
def test_the_proposal_turn() -> None:
    game = play(3, [], komi=None)
    assert game.to_move == 1 and game.komi is None and game.komi_to is None
    assert game.summary()["legal"] == []
    assert legal_from_scratch(game) == legal(game)  # every number from -20 to 20
    assert len(game.legal_codes()) == 2 * 20 + 1
    with pytest.raises(IllegalMoveError, match="turn 1 is player 1's komi proposal"):
        game.push("c3")
    with pytest.raises(NotationError, match="from -20 to 20 on a side-3 board, not 21"):
        game.push("21")
    game.push("-20")
    assert game.komi == -20 and game.komi_to is None and game.to_move == 2


def test_play_second_gives_player_2_the_komi() -> None:
    game = play(3, ["5", "play-second"], komi=None)
    assert game.komi_to == 2 and game.to_move == 1
    game.push("c3")
    assert game.summary()["scores"] == [1, 5]
    with pytest.raises(IllegalMoveError, match="on turn 2 only"):
        game.push("play-second")


def test_a_first_stone_from_player_2_gives_player_1_the_komi() -> None:
    game = play(3, ["4"], komi=None)
    assert "play-second" in legal(game) and "take-button" not in legal(game)
    game.push("c3")
    assert game.komi_to == 1 and game.to_move == 1
    assert game.summary()["scores"] == [4, 1]


def test_player_2_may_open_with_the_button_when_the_komi_is_odd() -> None:
    game = play(3, ["3", "take-button"], komi=None)
    assert game.komi_to == 1 and game.button == 2 and game.to_move == 1
    assert game.summary()["scores"] == [3, 0.5]


def test_a_fixed_komi_skips_the_proposal() -> None:
    game = play(3, [], komi=7)
    assert game.komi == 7 and game.komi_to == 2 and game.to_move == 1
    assert "play-second" not in legal(game)
    with pytest.raises(IllegalMoveError, match="fixed at 7 by the variant"):
        game.push("7")
    with pytest.raises(IllegalMoveError, match="on turn 2 only"):
        game.push("play-second")
    game = play(3, ["5", "c3"], komi=None)
    with pytest.raises(IllegalMoveError, match=r"the komi was proposed on turn 1 \(5\)"):
        game.push("6")


# ---------------------------------------------------------------- scores and result
def finished(size: int, komi: int, seed: int) -> StigmergyGame:
    rng = random.Random(seed)
    game = play(size, [], komi=komi)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_scores_count_stones_controlled_empty_cells_komi_and_button(seed: int) -> None:
    komi = seed - 3
    game = finished(4, komi, seed)
    control = control_from_scratch(4, game.cells)
    expected = []
    for player in (1, 2):
        score = game.cells.count(player)
        score += sum(1 for c, o in enumerate(game.cells) if not o and control[c] == player)
        score += komi if player == 2 else 0
        score += 0.5 if game.button == player else 0
        expected.append(score)
    assert game.summary()["scores"] == expected
    best = max(expected)
    assert game.returns() == tuple(
        (0.5 if expected.count(best) == 2 else 1.0) if s == best else 0.0 for s in expected
    )


def test_equal_scores_share_the_rank() -> None:
    game = play(4, ["a1", "g3"])
    assert game.summary()["scores"] == [1, 1]
    assert game.summary()["ranks"] == [1, 1]
    game.push("d4")
    assert game.summary()["ranks"] == [1, 2]


@pytest.mark.parametrize("komi", [0, 1, -2, 5])
def test_a_finished_game_is_never_tied(komi: int) -> None:
    """Every cell counts for somebody at the end (passing needs every empty cell
    controlled) and a hexhex board has an odd number of cells, so the scores can only be
    equal with an odd komi, and then the button, which must be taken before anyone may
    pass, breaks the tie."""
    for seed in range(8):
        game = finished(3, komi, seed)
        s1, s2 = game.scores()
        button = 0.5 if komi % 2 else 0.0
        assert s1 + s2 == len(game.cells) + komi + button
        assert (game.button is not None) == (komi % 2 == 1)
        assert s1 != s2 and sorted(game.returns() or ()) == [0.0, 1.0]


# ---------------------------------------------------------------- the int layer and words
def test_codes_that_are_no_move_are_refused() -> None:
    game = play(3, ["c3"])
    record = game.to_record()
    for code in (-99, 10**6):
        with pytest.raises(IllegalMoveError, match="is not a move of Stigmergy"):
            game.push_code(code)
        with pytest.raises(NotationError, match="is not a move code of Stigmergy"):
            game.code_text(code)
    with pytest.raises(IllegalMoveError, match="is not a move of Stigmergy"):
        game.push_code("c3")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="a move is written as text"):
        game.parse_move(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="there is no cell h1 on a side-3 board"):
        game.parse_move("h1x")
    assert game.to_record() == record
    game.pop()
    with pytest.raises(IllegalMoveError, match="there is no move to take back"):
        game.pop()


def test_every_kind_of_move_is_explained() -> None:
    game = play(3, [], komi=None)
    assert "Propose a komi of 3" in game.explain_move(game.parse_move("3"))
    game.push("3")
    assert "player 1 receives the komi of 3" in game.explain_move(game.parse_move("c3"))
    assert "receive the komi of 3" in game.explain_move(game.parse_move("play-second"))
    assert "player 1 then plays second" in game.explain_move(game.parse_move("take-button"))
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2"], komi=1)
    assert game.explain_move(game.parse_move("b2")) == "Place a stone on b2."
    assert "Flip the stone on a1" in game.explain_move(game.parse_move("a1x"))
    assert "half a point" in game.explain_move(game.parse_move("take-button"))
    assert "Pass" in game.explain_move(game.parse_move("pass"))
