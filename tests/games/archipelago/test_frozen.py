"""Frozen Irrelevance is sound: an exhaustive look at every continuation (RULINGS R12)."""

import itertools
import random

import pytest

from archipelago.games.archipelago.frozen import frozen_players, lower_bound, upper_bounds
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from tests.support.gamehelpers import recount

MAX_EMPTY = 6  # (players + 1) ** empty final boards are enumerated per frozen event


def every_final_count(state: GameState):
    """Group counts of every board the game can still end on: any subset of the empty
    cells filled with any colours (a superset of the reachable endings, since a round of
    passes can end the game at any time)."""
    empty = [c for c, colour in enumerate(state.cells) if colour == 0]
    cells = state.cells[:]
    for colours in itertools.product(range(state.players + 1), repeat=len(empty)):
        for c, colour in zip(empty, colours, strict=True):
            cells[c] = colour
        yield recount(state.board, cells, state.players)


def frozen_events(size: int, players: int, games: int):
    """Positions right after a turn that froze somebody, from seeded random games in
    which players favour their own colour (it builds separated islands early)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = GameState(size, players)
        seen = frozenset()
        while not state.is_over:
            colour = state.to_move if rng.random() < 0.3 else rng.randint(1, players)
            state.place(colour, rng.choice(state.legal_cells()))
            if state.frozen != seen:
                seen = state.frozen
                yield state.clone()


@pytest.mark.parametrize(("size", "players"), [(3, 3), (3, 4), (4, 3), (4, 4)])
def test_no_frozen_players_rank_can_still_change(size, players):
    checked = 0
    for state in frozen_events(size, players, games=150):
        empties = state.empty_count
        if empties > MAX_EMPTY:
            continue
        now = state.groups_count
        for counts in every_final_count(state):
            for p in state.frozen:
                for q in state.colours:
                    if q == p:
                        continue
                    # Never a tie on groups, and never a change of who is ahead.
                    assert counts[q] != counts[p]
                    assert (counts[q] > counts[p]) == (now[q] > now[p])
        checked += 1
    assert checked >= 10, "too few freezing positions were examined"


def test_bounds_hold_on_every_continuation():
    rng = random.Random(11)
    examined = 0
    for _ in range(300):
        state = GameState(3, 3, Variant(frozen=False))
        while not state.is_over and state.empty_count > 5:
            state.place(rng.randint(1, 3), rng.choice(state.legal_cells()))
        if state.is_over:
            continue
        upper = upper_bounds(state)
        lower = [0] + [lower_bound(state, c) for c in state.colours]
        for counts in every_final_count(state):
            for c in state.colours:
                assert lower[c] <= counts[c] <= upper[c]
        examined += 1
        if examined == 25:
            break
    assert examined == 25


def test_freezing_happens_and_is_permanent():
    state = next(frozen_events(4, 3, games=50))
    frozen = set(state.frozen)
    assert frozen <= frozen_players(state) | frozen
    rng = random.Random(2)
    while not state.is_over:
        state.place(rng.randint(1, 3), rng.choice(state.legal_cells()))
        assert frozen <= state.frozen


def test_rank_at_the_end_matches_the_rank_when_frozen():
    for state in itertools.islice(frozen_events(4, 4, games=80), 30):
        ranks_then = state.ranks()
        frozen = set(state.frozen)
        rng = random.Random(len(state.turns))
        while not state.is_over:
            state.place(rng.randint(1, 4), rng.choice(state.legal_cells()))
        for p in frozen:
            assert state.ranks()[p - 1] == ranks_then[p - 1]
