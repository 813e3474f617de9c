"""The exact endgame solver (archipelago/games/archipelago/ai/endgame.py) against brute
force, and its use by the level-5 agent."""

from __future__ import annotations

import functools
import random
import time

import pytest

from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.games.archipelago.ai.endgame import (
    EndgameSolver,
    OutOfTime,
    markers_code,
    settled_value,
)
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.search import make_agent
from archipelago.search.agents import Budget, SearchAgent
from archipelago.search.plain import plain_agent


def brute_value(state: GameState, player: int, memo: dict) -> float:
    """The result for ``player`` under best play of both, by plain minimax over every
    legal move in every order (the game's own ``legal_codes``, ``push_code`` and
    ``returns``), memoised on the whole rules state."""
    if state.is_over:
        returns = state.returns()
        assert returns is not None
        return returns[player - 1]
    key = (
        player,
        tuple(state.cells),
        state.mover,
        state.allowance,
        tuple(sorted(state.turn_stones)),
        state.turn_start_counts,
        state.passes,
        tuple(tuple(sorted(m.items())) for m in state.markers),
        state.frozen,
    )
    if key in memo:
        return memo[key]
    values = []
    for code in state.legal_codes():
        state.push_code(code)
        values.append(brute_value(state, player, memo))
        state.pop_code()
    value = max(values) if state.mover == player else min(values)
    memo[key] = value
    return value


def position(size: int, empty: int, seed: int, variant: Variant | None = None) -> GameState:
    """A two-player position with ``empty`` cells left, from random stones and turns of
    random length (often in the middle of a turn)."""
    rng = random.Random(seed)
    state = GameState(size, 2, variant)
    while state.empty_count > empty and not state.is_over:
        if state.turn_stones and rng.random() < 0.3:
            state.end_turn()
            continue
        cells = state.legal_cells()
        state.place(rng.choice(state.colours), rng.choice(cells))
    return state


def check_against_brute_force(state: GameState, seen: set[float]) -> None:
    """The solver's value of ``state`` and of every position one move on, against brute
    force; the move it answers must keep the value. ``seen`` collects the values."""
    mover = state.mover
    assert mover is not None
    memo: dict = {}
    solver = EndgameSolver()
    solution = solver.solve(state)
    assert solution.value == brute_value(state, mover, memo)
    seen.add(solution.value)
    for code in state.legal_codes():
        state.push_code(code)
        if not state.is_over:
            child = state.mover
            assert child is not None
            value = solver.solve(state).value
            assert value == brute_value(state, child, memo), state.code_text(code)
            seen.add(value)
        if code == solution.code:  # the answer keeps the root's value
            assert brute_value(state, mover, memo) == solution.value
        state.pop_code()


def test_values_and_moves_match_brute_force_on_small_boards():
    seen: set[float] = set()
    for size, empty, seed in [(2, 4, 0), (3, 4, 5), (4, 4, 8), (4, 4, 9)]:
        state = position(size, empty, seed)
        assert not state.is_over
        check_against_brute_force(state, seen)
    assert {0.0, 1.0} <= seen  # wins and losses were both checked


@pytest.mark.parametrize(
    "variant",
    [
        Variant(scoring="alternating"),
        Variant(wunchunk=True),
        Variant(stones=3),
        Variant(extra="none"),
        Variant(frozen=True),
    ],
    ids=["alternating", "wunchunk", "3 stones", "no extra", "frozen"],
)
def test_variations_match_brute_force(variant):
    seen: set[float] = set()
    for seed in range(2):
        state = position(3, 4, 100 + seed, variant)
        if not state.is_over:
            check_against_brute_force(state, seen)
    assert len(seen) >= 2


def test_the_solver_leaves_the_position_unchanged_and_keeps_its_table():
    state = position(4, 7, 3)
    before = state.snapshot()
    solver = EndgameSolver()
    first = solver.solve(state)
    assert state.snapshot() == before
    assert solver.table
    again = solver.solve(state)
    assert (again.value, again.code) == (first.value, first.code)
    assert again.nodes < first.nodes  # the table answers much of it


def test_out_of_time_is_raised_and_the_position_is_kept():
    state = position(5, 14, 1)
    before = state.snapshot()
    with pytest.raises(OutOfTime):
        EndgameSolver().solve(state, time.perf_counter())
    assert state.snapshot() == before


def test_more_than_two_players_is_refused():
    with pytest.raises(ValueError, match="two-player"):
        EndgameSolver().solve(GameState(3, 3))


def test_markers_code_tells_columns_and_values_apart():
    codes = {markers_code(m) for m in ({}, {1: 3}, {1: 2}, {2: 3}, {1: 3, 2: 0}, {1: 0})}
    assert len(codes) == 6


@functools.cache
def winning_position() -> GameState:
    """A side-4 position at the start of a turn, 5 cells left, that its mover wins with
    best play but where not every move wins."""
    for seed in range(200):
        state = position(4, 5, seed)
        if state.is_over or state.turn_stones:
            continue
        mover = state.mover
        memo: dict = {}
        if brute_value(state, mover, memo) != 1.0:
            continue
        losing = 0
        for code in state.legal_codes():
            state.push_code(code)
            losing += brute_value(state, mover, memo) < 1.0
            state.pop_code()
        if losing:
            return state
    raise AssertionError("no such position among the seeds")


def test_level_five_plays_the_proven_win_and_the_yardstick_does_not_solve():
    state = winning_position().clone()
    mover = state.mover
    agent = make_agent(5, seed=1, move_seconds=0.5)
    memo: dict = {}
    game = state.clone()
    agent.play_turn(game)
    assert brute_value(game, mover, memo) == 1.0
    assert make_agent(5).exact and not make_agent(4).exact
    assert not plain_agent("archipelago", "uct", Budget(iterations=10)).exact


def test_knowledge_solves_only_near_the_end_of_two_player_games():
    knowledge = ArchipelagoKnowledge()
    assert knowledge.exact_code(GameState(5, 2), 1.0) is None  # 61 empty cells
    assert knowledge.exact_code(position(3, 5, 0).clone(), 0.0) is None  # no time
    late = winning_position().clone()
    assert knowledge.exact_code(late, 1.0) is not None


def test_the_solver_answers_in_slices_as_the_page_asks():
    state = winning_position().clone()
    mover = state.mover
    agent = make_agent(5, seed=2)
    while state.to_move == mover:
        move = agent.begin(state)
        while move is None:
            move = agent.think(0.002)  # the solver resumes from its table each slice
        state.push(move)
    assert brute_value(state, mover, {}) == 1.0


@pytest.mark.parametrize("wunchunk", [False, True], ids=["standard", "wunchunk"])
def test_settled_positions_agree_with_brute_force(wunchunk):
    # Positions whose group counts can no longer cross are settled without search; the
    # value must be the true one, in Wunchunk too (fewer chunks win).
    variant = Variant(wunchunk=wunchunk)
    settled = []
    for seed in range(40):
        state = position(4, 4, seed, variant)
        while state.turn_stones and not state.is_over:
            state.end_turn()
        if not state.is_over and (value := settled_value(state)) is not None:
            settled.append(value)
            assert value == brute_value(state, 1, {})
    assert {0.0, 1.0} <= set(settled)


def test_level_five_drops_widening_in_the_closing_phase_only():
    knowledge = ArchipelagoKnowledge()
    closing = knowledge.exact_params(GameState(5, 2))  # 61 cells: all of it is closing
    assert closing is not None and closing.widen_c is None
    assert knowledge.exact_params(GameState(7, 2)) is None  # 127 empty: the usual knobs
    # Level 5's closing phase starts at balance.CLOSING_EMPTY (40) empty cells where its
    # fitted counts apply: a fresh side-5 board is still its first phase, side 4 is not.
    for level, side, widen in ((5, 4, None), (5, 5, 2.0), (4, 4, 2.0)):
        agent = make_agent(level, seed=1, move_seconds=0.01)
        assert isinstance(agent, SearchAgent)
        agent.begin(GameState(side, 2))
        assert agent.search is not None and agent.search.params.widen_c == widen
