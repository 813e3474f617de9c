"""The rules on one position (archipelago/games/archipelago/position.py): the turn and its
allowance, the actions and their refusals, the ends of a game, and ``undo``, which takes
back one action at a time, returns its move code and restores the exact position."""

from __future__ import annotations

import pytest

from archipelago.errors import IllegalMoveError, SetupError
from archipelago.games.archipelago.position import (
    END,
    END_FULL,
    END_PASSES,
    PASS,
    Position,
)
from archipelago.games.archipelago.resignation import END_RESIGNED, RESIGN
from archipelago.games.archipelago.variant import Variant


def stone(position: Position, colour: int, name: str) -> int:
    """Place a stone of ``colour`` on cell ``name``; return its move code."""
    cell = position.board.index(name)
    position.place(colour, cell)
    return colour * position.board.cell_count + cell


@pytest.mark.parametrize(
    ("size", "players", "variant"), [(1, 2, None), (13, 2, None), (3, 5, None), (3, 2, "x")]
)
def test_a_setup_outside_the_rules_is_refused(size, players, variant):
    with pytest.raises(SetupError):
        Position(size, players, variant)


def test_the_first_turn_is_one_stone_and_the_others_the_variants_allowance():
    position = Position(4, 2, Variant(stones=3))
    assert (position.mover, position.allowance, position.can_pass) == (1, 1, True)
    stone(position, 2, "a1")  # any colour; the allowance used up ends the turn
    assert (position.mover, position.allowance, position.turns) == (2, 3, [((2, 0),)])
    stone(position, 1, "d4")
    assert position.stones_left == 2 and position.can_end_turn and not position.can_pass
    position.end_turn()
    assert position.mover == 1 and position.movers == [1, 2]


def test_actions_out_of_turn_are_refused_with_the_players_words():
    position = Position(3, 2)
    with pytest.raises(IllegalMoveError, match="place a stone first, or pass"):
        position.end_turn()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        position.undo()
    stone(position, 1, "a1")
    stone(position, 1, "a2")
    with pytest.raises(IllegalMoveError, match="end the turn instead"):
        position.pass_turn()
    with pytest.raises(IllegalMoveError, match="cell a1 is occupied"):
        stone(position, 2, "a1")
    with pytest.raises(IllegalMoveError, match="colour 3 is not in play"):
        stone(position, 3, "b1")


def test_every_player_in_play_passing_in_turn_ends_the_game():
    position = Position(3, 2)
    stone(position, 1, "c3")
    position.pass_turn()
    assert not position.is_over and position.passes == 1
    position.pass_turn()
    assert position.is_over and position.end_reason == END_PASSES
    assert position.returns() is not None and position.legal_cells() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        position.pass_turn()


def test_a_full_board_ends_the_game():
    position = Position(2, 2)
    for name in position.board.names:
        stone(position, 1, name)
    assert position.end_reason == END_FULL and position.empty_count == 0
    assert position.outcome() is not None and position.to_move is None


def test_each_undo_returns_its_move_code_and_restores_the_position_before_it():
    position = Position(3, 2)
    snapshots, codes = [], []
    actions = [
        lambda: stone(position, 2, "c3"),  # player 1's first turn
        lambda: stone(position, 1, "b2"),
        lambda: position.end_turn() or END,
        lambda: position.pass_turn() or PASS,  # player 1
        lambda: stone(position, 2, "c4"),
        lambda: position.resign() or RESIGN,  # player 2: the stone on c4 goes back first
    ]
    for action in actions:
        snapshots.append(position.snapshot())
        codes.append(action())
    assert position.end_reason == END_RESIGNED and position.resigned == (2,)
    assert position.history_codes() == codes[:4] + [RESIGN]
    assert position.undo() == codes.pop() == RESIGN
    assert position.snapshot() == snapshots.pop()
    assert position.history_codes() == codes  # the stone on c4 is back
    while codes:
        assert position.undo() == codes.pop()
        assert position.snapshot() == snapshots.pop()
    assert position.history_codes() == [] and position.mover == 1


def test_a_resignation_stands_where_it_was_played_among_the_turns():
    position = Position(3, 3)
    stone(position, 1, "a1")  # turn 1, player 1
    position.resign()  # player 2, before a stone
    assert position.players_in_play() == [1, 3] and position.mover == 3
    assert position.resignation_points() == [(1, 2)]
    assert position.with_resignations(["turn 1"], lambda player: f"{player} resigns") == [
        "turn 1",
        "2 resigns",
    ]
