"""Complete random games (archipelago/games/archipelago/randomplay.py): played to the end
under the full rules, every turn putting down its whole allowance, the same under a seed."""

from __future__ import annotations

import random

import pytest

from archipelago.games.archipelago.position import Position
from archipelago.games.archipelago.randomplay import play_out


@pytest.mark.parametrize(("size", "players"), [(2, 2), (4, 3), (5, 4)])
def test_a_random_game_ends_and_every_turn_places_its_whole_allowance(size, players):
    for seed in range(3):
        position = Position(size, players)
        assert play_out(position, random.Random(seed)) is position
        assert position.is_over and position.turns
        # The same turns replayed on a new board: each is the allowance of its turn (the
        # last may stop short where the board filled up).
        again = Position(size, players)
        for turn in position.turns:
            assert len(turn) == again.allowance or again.empty_count == len(turn)
            for colour, cell in turn:
                again.place(colour, cell)
        assert again.snapshot() == position.snapshot()


def test_a_seed_plays_the_same_game():
    games = [play_out(Position(4, 2), random.Random(7)).snapshot() for _ in range(2)]
    assert games[0] == games[1]
    assert games[0] != play_out(Position(4, 2), random.Random(8)).snapshot()
