"""Level 5's random playout without the engine's bookkeeping (``fill.py``): the engine's
random playout draw for draw where Frozen Irrelevance is off, and never a change to a
frozen player's place where it is on."""

from __future__ import annotations

import random

import pytest

from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.games.archipelago.ai import knowledge as knowledge_module
from archipelago.games.archipelago.ai.fill import fill_playout
from archipelago.games.archipelago.ai.knowledge import (
    CLOSING_WEIGHT,
    FIRST_PHASE_WEIGHT,
    balance_rewards,
)
from archipelago.games.archipelago.scoring import shares_beaten
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.search import SearchAgent, make_agent


def midgame(size: int, players: int, variant: Variant, seed: int) -> GameState:
    """A seeded game some random stones in, with random turn lengths and passes."""
    rng = random.Random(seed)
    state = GameState(size, players, variant)
    for _ in range(rng.randrange(0, 3 * size * size)):
        if state.is_over:
            break
        if rng.random() < 0.05:
            if state.turn_stones:
                state.end_turn()
            else:
                state.pass_turn()
            continue
        state.place(rng.randint(1, players), rng.choice(state.legal_cells()))
    return state


VARIANTS = [
    (2, Variant()),
    (3, Variant(frozen=False)),
    (4, Variant(frozen=False)),
    (4, Variant(frozen=False, stones=3)),
    (3, Variant(frozen=False, extra="half")),
    (4, Variant(frozen=False, extra="none", scoring="alternating")),
    (2, Variant(wunchunk=True)),
    (4, Variant(frozen=False, wunchunk=True)),
]


@pytest.mark.parametrize(("players", "variant"), VARIANTS)
def test_without_frozen_irrelevance_it_plays_the_engine_s_random_playout(players, variant):
    knowledge = ArchipelagoKnowledge()
    compared = 0
    for seed in range(40):
        state = midgame(4 + seed % 3, players, variant, seed)
        if state.is_over:
            continue
        engine, fast = state.clone(), state.clone()
        engine_trail: list[tuple[int, int]] = [(0, 7)]
        fast_trail: list[tuple[int, int]] = [(0, 7)]
        expected = knowledge.random_playout(engine, engine_trail, random.Random(seed))
        got = fill_playout(fast, fast_trail, random.Random(seed))
        assert got == expected
        assert fast_trail == engine_trail  # the same stones by the same movers
        assert fast.cells == engine.cells
        assert fast.groups_count == engine.groups_count
        assert fast.markers == engine.markers
        compared += 1
    assert compared >= 25


def first_freeze(size: int, players: int, seed: int) -> GameState | None:
    """The position right after the first turn of a seeded game that froze somebody,
    players favouring their own colour (it builds separate islands early)."""
    rng = random.Random(seed)
    state = GameState(size, players)
    while not state.is_over:
        colour = state.to_move if rng.random() < 0.3 else rng.randint(1, players)
        state.place(colour, rng.choice(state.legal_cells()))
        if state.frozen:
            return None if state.is_over else state
    return None


def test_frozen_players_keep_their_place_and_take_no_turn():
    knowledge = ArchipelagoKnowledge()
    checked = 0
    for seed in range(100):
        state = first_freeze(4, 3 + seed % 2, seed)
        if state is None:
            continue
        engine, fast = state.clone(), state.clone()
        trail: list[tuple[int, int]] = []
        got = fill_playout(fast, trail, random.Random(seed))
        assert 0 not in fast.cells  # played until the board is full
        assert not {mover for mover, _ in trail} & state.frozen
        expected = knowledge.random_playout(engine, [], random.Random(seed))
        for player in state.frozen:
            assert got[player] == expected[player]  # their place was already settled
        assert got == [0.0, *shares_beaten(fast.ranking_keys())]
        checked += 1
    assert checked >= 10, "too few positions with a frozen player were examined"


def test_it_leaves_the_search_s_other_copies_alone():
    state = midgame(6, 4, Variant(), 3)
    before = state.clone()
    fill_playout(state.clone(), [], random.Random(1))
    assert state == before


def opening(players: int, size: int = 6) -> GameState:
    """A few stones in: level 5's first phase for every player count."""
    state = GameState(size, players, Variant())
    rng = random.Random(players)
    while len(state.turns) < 3:
        state.place(rng.randint(1, players), rng.choice(state.legal_cells()))
    return state


def test_with_four_players_level_5_plays_its_first_phase_to_the_end():
    knowledge5 = make_agent(5, seed=1).knowledge  # type: ignore[attr-defined]
    for players, size in ((2, 6), (3, 6), (4, 6), (4, 7)):
        state = opening(players, size)
        knowledge5.set_root(state)
        assert knowledge5.balancing
        trail: list[tuple[int, int]] = []
        copy = state.clone()
        rewards = knowledge5.playout(copy, trail, random.Random(5))
        if players == 4 and size <= 6:  # where it was measured (balance.FILL_MOST_CELLS)
            # Every empty cell filled, scored by the final ranking.
            assert len(trail) == state.empty_count
            assert 0 not in copy.cells
            assert rewards == [0.0, *shares_beaten(copy.ranking_keys())]
        else:
            # Four turns, then the fitted counts.
            assert len(trail) < state.empty_count and copy.mover is not None
            assert rewards == balance_rewards(copy)


def test_a_first_phase_played_to_the_end_tries_moves_in_group_count_order():
    # Ordered by the counts, level 5 trailed in groups with four players and claimed the
    # scoring track late; where it plays its first phase to the end it orders its moves
    # as the lower levels do, and by the counts everywhere else.
    knowledge5 = make_agent(5, seed=1).knowledge  # type: ignore[attr-defined]
    knowledge4 = make_agent(4, seed=1).knowledge  # type: ignore[attr-defined]
    for players, size in ((2, 6), (3, 6), (4, 6), (4, 7)):
        state = opening(players, size)
        knowledge4.set_root(state)
        knowledge5.set_root(state)
        orders = [k.best_codes(state, random.Random(3), 40) for k in (knowledge4, knowledge5)]
        if players == 4 and size <= 6:
            assert knowledge5.terms(state) is None
            assert orders[0] == orders[1]
        else:
            assert knowledge5.terms(state) is not None
            assert orders[0] != orders[1]


def test_a_first_phase_played_to_the_end_saves_time_for_the_closing_phase():
    # With four players on side 6 the standing turns in the last forty empty cells: level 5
    # spends less before them and the saving within them; elsewhere every turn is alike.
    knowledge5 = make_agent(5, seed=1).knowledge  # type: ignore[attr-defined]
    knowledge4 = make_agent(4, seed=1).knowledge  # type: ignore[attr-defined]
    for players, size in ((2, 6), (3, 6), (4, 6), (4, 7)):
        state = opening(players, size)
        early = knowledge5.budget_weight(state)
        while state.empty_count > 40:
            state.place(1 + state.empty_count % players, state.legal_cells()[0])
        late = knowledge5.budget_weight(state)
        if players == 4 and size <= 6:
            assert (early, late) == (FIRST_PHASE_WEIGHT, CLOSING_WEIGHT)
            assert early < 1.0 < late
        else:
            assert early == late == 1.0
        assert knowledge4.budget_weight(state) == 1.0


def test_a_first_phase_played_to_the_end_keeps_widening_in_the_closing_phase():
    # Four players on side 6: level 5's closing phase tries its moves in the group-count
    # order, a few more as visits grow; with two and three players and on side 7 it
    # tries every move at once there.
    for players, size in ((2, 6), (3, 6), (4, 6), (4, 7)):
        state = opening(players, size)
        while state.empty_count > 40:
            state.place(1 + state.empty_count % players, state.legal_cells()[0])
        agent = make_agent(5, seed=1, move_seconds=0.01)
        assert isinstance(agent, SearchAgent)
        agent.begin(state)
        assert agent.search is not None
        keeps = players == 4 and size <= 6
        assert agent.search.params.widen_c == (2.0 if keeps else None)


def test_only_level_5_s_closing_phase_skips_the_bookkeeping(monkeypatch):
    state = opening(4)
    for _ in range(60):  # into the closing phase of every level
        state.place(1 + state.empty_count % 4, state.legal_cells()[0])
    filled: list[GameState] = []

    def spy(game: GameState, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
        filled.append(game)
        return fill_playout(game, trail, rng)

    monkeypatch.setattr(knowledge_module, "fill_playout", spy)
    knowledge5 = make_agent(5, seed=1).knowledge  # type: ignore[attr-defined]
    knowledge4 = make_agent(4, seed=1).knowledge  # type: ignore[attr-defined]
    for knowledge, fills in ((knowledge4, 0), (knowledge5, 1)):
        knowledge.set_root(state)
        assert state.empty_count <= knowledge.full_below  # the closing phase
        rewards = knowledge.playout(state.clone(), [], random.Random(2))
        assert len(filled) == fills
        assert sum(rewards) == pytest.approx(2.0)  # shares of opponents beaten: 4 x 1/2
    state.resign()  # a resignation takes the engine's playout at every level
    knowledge5.set_root(state)
    knowledge5.playout(state.clone(), [], random.Random(2))
    assert len(filled) == 1
