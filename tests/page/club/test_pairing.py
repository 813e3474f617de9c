"""The tournament's pairings (archipelago.page.club.pairing): Berger round robins,
tables of three or four spreading the meetings, Swiss rounds."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from archipelago.page.club.pairing import (
    NoPairing,
    Round,
    default_table_rounds,
    meetings,
    round_robin,
    spread,
    swiss_round,
    table_rounds,
    table_sizes,
)

# Measured (CPython, the default seed and rounds): the most and the fewest meetings of a
# pair differ by at most this for 4 to 12 players at tables of three or four.
SPREAD_BOUND = 2


def firsts_and_seconds(rounds: list[Round], count: int) -> list[int]:
    """Per player: games in the first seat less games in another."""
    balance = [0] * count
    for made in rounds:
        for table in made.tables:
            balance[table[0]] += 1
            for player in table[1:]:
                balance[player] -= 1
    return balance


def each_plays_once(made: Round, count: int) -> bool:
    seated = [p for table in made.tables for p in table] + list(made.byes)
    return sorted(seated) == list(range(count))


@pytest.mark.parametrize("count", range(3, 11))
def test_a_round_robin_meets_every_pair_exactly_once_with_colours_within_one(count):
    rounds = round_robin(count)
    assert len(rounds) == count - 1 + count % 2
    assert all(each_plays_once(made, count) for made in rounds)
    assert set(meetings(rounds, count).values()) == {1}
    assert all(len(table) == 2 for made in rounds for table in made.tables)
    byes = Counter(p for made in rounds for p in made.byes)
    assert byes == (Counter(range(count)) if count % 2 else Counter())
    balance = firsts_and_seconds(rounds, count)
    assert all(abs(b) <= 1 for b in balance)
    if count % 2:  # an even number of games each: exactly level
        assert set(balance) == {0}


def test_berger_colours_change_more_often_than_not():
    # Not in long runs of one colour: most players switch seats most rounds.
    rounds = round_robin(8)
    switches = 0
    for player in range(8):
        seats = [t.index(player) for made in rounds for t in made.tables if player in t]
        switches += sum(a != b for a, b in itertools.pairwise(seats))
    assert switches > 8 * 6 / 2


@pytest.mark.parametrize("count", range(4, 13))
def test_tables_of_three_or_four_spread_the_meetings_evenly(count):
    rounds = table_rounds(count, default_table_rounds(count))
    assert len(rounds) == default_table_rounds(count)
    assert all(each_plays_once(made, count) for made in rounds)
    assert all(sorted(map(len, made.tables)) == sorted(table_sizes(count)) for made in rounds)
    assert all(3 <= len(table) <= 4 for made in rounds for table in made.tables)
    assert spread(rounds, count) <= SPREAD_BOUND
    # the opening seat shared within one, and sitting out too
    opened = Counter(table[0] for made in rounds for table in made.tables)
    counts = [opened[p] for p in range(count)]
    assert max(counts) - min(counts) <= 1
    out = Counter(p for made in rounds for p in made.byes)
    assert max(out.values(), default=0) - min((out[p] for p in range(count)), default=0) <= 1
    assert table_rounds(count, 3, seed=5) == table_rounds(count, 3, seed=5)


def test_four_players_at_one_table_take_each_seat_once_in_four_rounds():
    rounds = table_rounds(4, 4)
    for player in range(4):
        assert sorted(made.tables[0].index(player) for made in rounds) == [0, 1, 2, 3]


def test_table_sizes():
    assert table_sizes(3) == []
    assert table_sizes(5) == [4]  # one sits out each round
    assert table_sizes(6) == [3, 3]
    assert table_sizes(10) == [4, 3, 3]
    assert table_sizes(12) == [4, 4, 4]


def play_swiss(count: int, rounds: int, seed: int) -> list[Round]:
    chance = random.Random(seed)
    scores = [0.0] * count
    played: list[Round] = []
    for _ in range(rounds):
        made = swiss_round(scores, played)
        played.append(made)
        for a, b in made.tables:
            result = chance.choice([1.0, 0.5, 0.0])
            scores[a] += result
            scores[b] += 1 - result
        for player in made.byes:
            scores[player] += 1
    return played


@pytest.mark.parametrize("count", range(4, 17))
def test_swiss_rounds_never_repeat_a_game_and_give_byes_to_different_players(count):
    rounds = min(math.ceil(math.log2(count)) + 1, count - 2)
    for seed in range(3):
        played = play_swiss(count, rounds, seed)
        games = [frozenset(t) for made in played for t in made.tables]
        assert len(games) == len(set(games))
        assert all(each_plays_once(made, count) for made in played)
        byes = [p for made in played for p in made.byes]
        assert len(byes) == len(set(byes)) == (rounds if count % 2 else 0)
        balance = firsts_and_seconds(played, count)
        assert all(abs(b) <= 2 for b in balance)


def test_swiss_pairs_within_score_groups_top_half_against_bottom_half():
    first = swiss_round([0.0] * 8, [])
    assert first.tables == ((0, 4), (5, 1), (2, 6), (7, 3)) or {
        frozenset(t) for t in first.tables
    } == {frozenset(p) for p in ((0, 4), (1, 5), (2, 6), (3, 7))}
    # after it the winners meet winners: 1 point against 1 point
    scores = [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    second = swiss_round(scores, [first])
    for table in second.tables:
        assert len({scores[p] for p in table}) == 1


def test_swiss_bye_goes_to_the_lowest_player_without_one():
    scores = [2.0, 1.0, 1.0, 0.0, 0.0]
    earlier = Round(((0, 1), (2, 3)), (4,))
    made = swiss_round(scores, [earlier])
    assert made.byes == (3,)  # 4 is lower but has had a bye


def test_swiss_says_when_every_pairing_repeats():
    played = round_robin(4)
    with pytest.raises(NoPairing):
        swiss_round([1.0, 1.0, 1.0, 1.0], played)
