"""Archipelago's computer player (the generic search with Archipelago's knowledge):
legality in every variation, determinism, budgets, interruption, the deciding stone, and
the baselines. Strength is measured by the match command, not here."""

from __future__ import annotations

import random
import time

import pytest

from archipelago.games.archipelago.ai import (
    ArchipelagoKnowledge,
    BeginnerAgent,
    GreedyAgent,
    PlayoutParams,
    RandomStoneAgent,
    soft_rewards,
)
from archipelago.games.archipelago.ai.features import scored_codes
from archipelago.games.archipelago.ai.knowledge import final_rewards
from archipelago.games.archipelago.state import END, PASS, GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.search import Search, SearchParams, choose_move, make_agent, play_turn
from archipelago.search.params import terminal_rewards
from tests.support.gamehelpers import replay

VARIANTS = [
    Variant(),
    Variant(stones=3),
    Variant(extra="half"),
    Variant(extra="none"),
    Variant(scoring="alternating"),
    Variant(wunchunk=True),
    Variant(wunchunk=True, scoring="alternating", stones=3),
    Variant(frozen=True),
    Variant(frozen=False),
]


def random_position(size: int, players: int, variant: Variant, seed: int, fill: float) -> GameState:
    """A position reached by random stones, stopped part-way (possibly mid-turn)."""
    rng = random.Random(seed)
    state = GameState(size, players, variant)
    target = int(state.board.cell_count * (1 - fill))
    while state.mover is not None and state.empty_count > target:
        cell = rng.choice(state.legal_cells())
        state.place(rng.randint(1, players), cell)
    return state


def is_legal(state: GameState, move) -> bool:
    if move.code == END:
        return state.can_end_turn
    if move.code == PASS:
        return state.can_pass
    colour, cell = stone_of(state, move)
    return 1 <= colour <= state.players and 0 <= cell < len(state.cells) and not state.cells[cell]


def stone_of(state: GameState, move) -> tuple[int, int]:
    assert move.code >= 0, move
    return divmod(move.code, len(state.cells))


def search(state: GameState, seed: int) -> Search:
    return Search(state, ArchipelagoKnowledge(), seed=seed)


# ---------------------------------------------------------------------- legality
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.describe(4)) or "std")
def test_search_moves_are_legal_in_every_variation(players, variant):
    for seed, fill in ((1, 0.0), (2, 0.4), (3, 0.85)):
        state = random_position(4, players, variant, seed, fill)
        if state.mover is None:
            continue
        move = choose_move(state, iterations=40, seed=seed)
        assert is_legal(state, move), (state, move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_between_all_agents_stay_legal(players):
    # push raises IllegalMoveError on any illegal move; the engine checks the rest.
    for k, variant in enumerate(VARIANTS):
        state = GameState(3, players, variant)
        agents = [
            make_agent(2, seed=k, iterations=12),
            GreedyAgent(seed=k),
            RandomStoneAgent(seed=k),
            BeginnerAgent(seed=k),
        ]
        turns = 0
        while state.mover is not None:
            agents[(state.mover + k) % 4].play_turn(state)
            turns += 1
            assert turns < 200
        assert state.outcome() is not None


def test_play_turn_plays_exactly_one_turn():
    state = random_position(5, 2, Variant(), 7, 0.2)
    while state.turn_stones:  # start from the beginning of a turn
        state.end_turn()
    mover, turns = state.mover, len(state.turns)
    moves = play_turn(state, 3, iterations=60, seed=1)
    assert len(state.turns) == turns + 1
    assert sorted(state.turns[-1]) == sorted(stone_of(state, m) for m in moves if m.code >= 0)
    assert state.mover != mover or state.is_over


def test_prior_lists_every_legal_action_once():
    state = random_position(4, 3, Variant(), 4, 0.5)
    actions = [a for _, a in scored_codes(state)]
    stones = [a for a in actions if a >= 0]
    assert len(stones) == len(set(stones)) == state.empty_count * state.players
    assert (END in actions) == state.can_end_turn
    assert (PASS in actions) == state.can_pass


# ---------------------------------------------------------------------- determinism
def test_search_is_deterministic_under_a_seed():
    state = random_position(5, 3, Variant(), 11, 0.3)
    first = choose_move(state, iterations=150, seed=42)
    again = choose_move(state, iterations=150, seed=42)
    assert first == again
    s1 = search(state, 5)
    s2 = search(state, 5)
    s1.run(iterations=120)
    s2.run(iterations=120)
    assert [c.visits for c in s1.root.children] == [c.visits for c in s2.root.children]


def test_a_whole_game_replays_identically_under_its_seeds():
    def game():
        state = GameState(4, 2)
        agents = {1: make_agent(3, seed=1, iterations=40), 2: GreedyAgent(seed=2)}
        while state.mover is not None:
            agents[state.mover].play_turn(state)
        return state.turns

    assert game() == game()


# ---------------------------------------------------------------------- budgets
def test_iteration_budget_is_kept():
    state = random_position(6, 2, Variant(), 3, 0.3)
    result = search(state, 1).run(iterations=77)
    # It may stop early once the most visited stone can no longer be caught.
    assert 0 < result.iterations <= 77


def test_a_search_stops_early_only_when_the_choice_is_settled():
    state = random_position(6, 2, Variant(), 3, 0.3)
    tree = search(state, 1)
    result = tree.run(iterations=400)
    if result.iterations < 400:
        visits = sorted((c.visits for c in tree.root.children), reverse=True)
        assert visits[0] - visits[1] > 400 - result.iterations


def test_time_budget_is_respected(monkeypatch):
    # A clock that moves 10 ms each time it is read: the search must stop on the first
    # reading at or past its deadline, whatever the machine's load.
    ticks = iter(range(10**6))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 0.01)
    result = search(GameState(7, 2), 1).run(seconds=0.15)
    # Readings: the start (0), then one before each iteration (0.01, 0.02, ...): the
    # reading of 0.15 stops it after 14 iterations.
    assert result.iterations == 14
    assert result.seconds == pytest.approx(0.16)


def test_turn_budget_is_shared_over_the_turn():
    state = random_position(6, 2, Variant(), 3, 0.3)
    while state.turn_stones:
        state.end_turn()
    agent = make_agent(3, seed=1, iterations=90)
    agent.play_turn(state)
    assert agent.iterations_done <= 90


# ---------------------------------------------------------------------- stopping
def test_stops_when_asked_and_returns_a_legal_move():
    state = random_position(6, 2, Variant(), 5, 0.4)
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 25

    result = search(state, 1).run(seconds=30, should_stop=stop)
    assert result.stopped and result.iterations == 25
    assert is_legal(state, state.move(result.code))


def test_stopped_before_the_first_iteration_still_answers():
    state = random_position(6, 2, Variant(), 6, 0.4)
    move = choose_move(state, seconds=30, seed=1, should_stop=lambda: True)
    assert is_legal(state, move)


# ---------------------------------------------------------------------- deciding stone
def _last_cell_positions(players: int, want: int) -> list[GameState]:
    """Positions with one empty cell where some colour wins outright for the mover and
    some other colour does not."""
    found = []
    for seed in range(400):
        rng = random.Random(seed)
        state = GameState(3, players)
        while state.mover is not None and state.empty_count > 1:
            state.place(rng.randint(1, players), rng.choice(state.legal_cells()))
        if state.mover is None:
            continue
        cell = state.cells.index(0)
        wins = []
        for colour in state.colours:
            trial = state.clone()
            trial.place(colour, cell)
            wins.append(
                trial.outcome().ranks[state.mover - 1] == 1 and trial.outcome().ranks.count(1) == 1
            )
        if any(wins) and not all(wins):
            found.append(state)
            if len(found) >= want:
                break
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_takes_the_deciding_stone_on_the_last_cell(players):
    positions = _last_cell_positions(players, 4)
    assert positions
    for state in positions:
        move = choose_move(state, iterations=5, seed=1)
        trial = state.clone()
        trial.push(move)
        outcome = trial.outcome()
        assert outcome.ranks[state.mover - 1] == 1 and outcome.ranks.count(1) == 1


def test_search_alone_finds_the_deciding_stone():
    # Without the shortcut, the tree finds it too: every last-cell action is terminal.
    for state in _last_cell_positions(2, 3):
        tree = search(state, 3)
        tree.run(iterations=30)
        trial = state.clone()
        trial.push_code(tree.best_code())
        assert trial.outcome().ranks[state.mover - 1] == 1


def test_passes_when_passing_wins():
    # Player 2 leads 1-0 and player 1 has just passed: passing again ends the game.
    state = GameState(4, 2)
    state.place(1, 0)  # player 1's single stone
    state.place(2, 10)
    state.place(2, 11)  # player 2: a group of their own
    state.pass_turn()  # player 1 passes
    assert state.mover == 2 and state.groups_count[2] == 1
    assert ArchipelagoKnowledge().decisive_code(state) == PASS
    assert choose_move(state, iterations=5, seed=1).text == "pass"


# ---------------------------------------------------------------------- evaluation
def test_soft_rewards_favour_the_leader_and_sum_to_the_tie_total():
    state = GameState(4, 3)
    state.place(1, 0)
    state.place(2, 10)
    state.place(2, 11)  # player 2 has a group
    rewards = soft_rewards(state, 1.0)
    assert rewards[2] > rewards[1] and rewards[2] > rewards[3]
    assert sum(rewards[1:]) == pytest.approx(1.5)  # P*(P-1)/2 pairs, one point each / (P-1)


# ---------------------------------------------------------------------- baselines
def test_greedy_makes_its_own_group():
    state = GameState(5, 2)
    state.place(2, 0)  # player 1 places a single of player 2's colour
    # player 2: a stone of colour 2 next to cell 0 makes a group (+1)
    colour, cell = stone_of(state, GreedyAgent(seed=1).choose(state))
    assert colour == 2 and cell in state.board.neighbours[0]


def test_greedy_merges_opponent_groups():
    # Player 2 has groups a1-a2 and a4-a5; player 1 has no stone of its own, so the only
    # gain is 2a3, which joins player 2's two groups.
    state = replay(2, ["2a1", "2a2,2a4", "2a5", "2i1"], size=5)
    assert state.mover == 1 and state.groups_count[2] == 2
    move = GreedyAgent(seed=1).choose(state)
    assert move.text == "2a3" and stone_of(state, move) == (2, state.board.index("a3"))


def test_greedy_reverses_in_wunchunk():
    state = GameState(5, 2, Variant(wunchunk=True))
    state.place(2, 0)
    # In Wunchunk player 2 must not make a chunk of its own colour.
    colour, cell = stone_of(state, GreedyAgent(seed=1).choose(state))
    assert not (colour == 2 and cell in state.board.neighbours[0])


def test_random_and_beginner_agents_are_legal_and_seeded():
    state = random_position(5, 4, Variant(), 9, 0.5)
    for cls in (RandomStoneAgent, BeginnerAgent):
        a = cls(seed=3).choose(state)
        b = cls(seed=3).choose(state)
        assert a == b and is_legal(state, a)


def test_level_one_is_a_beginner_and_levels_are_validated():
    assert isinstance(make_agent(1), BeginnerAgent)
    with pytest.raises(ValueError):
        make_agent(6)


def test_search_params_are_plain_data():
    knowledge = ArchipelagoKnowledge(PlayoutParams(horizon=2))
    state = random_position(4, 2, Variant(), 2, 0.3)
    result = Search(state, knowledge, SearchParams(widen_c=1.0), seed=1).run(20)
    assert is_legal(state, state.move(result.code))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_rewards_are_the_games_own_result(players):
    # The playouts' shortcut from the ranking keys against Outcome.rewards(), ties and
    # variations included, and a resignation (which takes the general way).
    variants = [Variant(), Variant(scoring="alternating"), Variant(wunchunk=True)]
    for seed in range(30):
        state = random_position(3, players, variants[seed % 3], seed, 1.0)
        assert state.is_over
        assert final_rewards(state) == terminal_rewards(state)
    resigning = GameState(3, players)
    resigning.resign()
    if players > 2:  # the others play on: one stone, then passes to the end
        resigning.place(2, 0)
        resigning.end_turn()
        while not resigning.is_over:
            resigning.pass_turn()
    assert final_rewards(resigning) == terminal_rewards(resigning)
