"""The yardstick agents uct and grave (``archipelago.search.plain``) and agent specs
with their own time per stone (``mcts:5@200``)."""

from __future__ import annotations

import json
import random

import pytest

from archipelago.cli import main
from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.games.archipelago.state import END, PASS, GameState
from archipelago.search import Budget, SearchAgent
from archipelago.search.match import AgentSpec, AgentSpecError, build, parse_agents
from archipelago.search.plain import PlainKnowledge, plain_agent


@pytest.mark.parametrize("kind", ["uct", "grave"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_plain_agents_play_legal_whole_games(kind, players):
    # push_code raises IllegalMoveError on any illegal move.
    state = GameState(3, players)
    agents = [plain_agent("archipelago", kind, Budget(iterations=30), seed=s) for s in range(4)]
    turns = 0
    while state.mover is not None:
        agents[state.mover - 1].play_turn(state)
        turns += 1
        assert turns < 200
    assert state.outcome() is not None


def test_random_playout_plays_whole_allowances_to_the_end():
    state = GameState(4, 3)
    trail: list[tuple[int, int]] = []
    rewards = ArchipelagoKnowledge().random_playout(state, trail, random.Random(3))
    assert state.is_over and state.empty_count == 0
    assert len(trail) == state.board.cell_count  # one entry per stone, no end or pass
    assert all(code not in (END, PASS) for _, code in trail)
    assert all(state.turns)  # no pass: every turn placed stones
    assert rewards[1:] == list(state.returns())


def test_plain_knowledge_has_no_prior_and_plays_to_the_end():
    state = GameState(3, 2)
    knowledge = PlainKnowledge(ArchipelagoKnowledge())
    codes = knowledge.ordered_codes(state, random.Random(1))
    assert sorted(codes) == sorted(state.legal_codes())
    rewards = knowledge.playout(state.clone(), [], random.Random(2))
    assert sorted(rewards[1:]) in ([0.0, 1.0], [0.5, 0.5])


def test_specs_carry_their_own_milliseconds_per_stone():
    specs = parse_agents("mcts:5@200,uct@1000,grave, greedy")
    assert specs == [
        AgentSpec("mcts", 5, 200.0),
        AgentSpec("uct", ms=1000.0),
        AgentSpec("grave"),
        AgentSpec("greedy"),
    ]
    assert [s.name for s in specs] == ["mcts:5@200", "uct@1000", "grave", "greedy"]
    mcts = build("archipelago", specs[0], 1, None, None)
    uct = build("archipelago", specs[1], 1, None, None)
    assert mcts.budget == Budget(move_seconds=0.2)  # type: ignore[attr-defined]
    assert uct.budget == Budget(move_seconds=1.0)  # type: ignore[attr-defined]
    assert uct.name == "uct"


@pytest.mark.parametrize(
    "text", ["mcts:5@", "mcts:5@fast", "uct@-3", "uct@0", "greedy@100", "uct@nan", "mcts:6@200"]
)
def test_bad_time_specs_are_refused(text):
    with pytest.raises(AgentSpecError):
        parse_agents(f"{text},random")


@pytest.mark.parametrize("agents", ["mcts:5@abc,uct", "random@5,uct", "uct@inf,random"])
def test_bad_time_specs_exit_2_with_one_line(agents, capsys):
    assert main(["match", "--agents", agents, "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "@" in err[0]


def test_a_match_between_timed_agents(capsys):
    argv = ["match", "--agents", "uct@5,grave@5", "--games", "2", "--size", "3"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [a["agent"] for a in data["agents"]] == ["uct@5", "grave@5"]
    assert sum(a["wins"] for a in data["agents"]) == pytest.approx(2)


# ---------------------------------------------------------------------- turn-sets
def test_a_turn_set_has_one_node_whatever_the_order():
    from archipelago.games.archipelago.ai.knowledge import turn_floor
    from archipelago.search import Search

    state = GameState(4, 2)
    state.place(1, 0)  # the first turn is one stone; player 2 then places two
    search = Search(state, ArchipelagoKnowledge(), seed=3)
    search.run(iterations=600)
    low, high = search.root.child_codes[0], search.root.child_codes[1]
    low, high = min(low, high), max(low, high)
    assert low >= 0 and high >= 0
    # Both stones in rising order is the only path to that set of two stones.
    rng = random.Random(1)
    knowledge = ArchipelagoKnowledge()
    knowledge.set_root(state)
    after_low = state.clone()
    after_low.push_code(low)
    after_high = state.clone()
    after_high.push_code(high)
    assert high in knowledge.ordered_codes(after_low, rng)
    assert low not in knowledge.ordered_codes(after_high, rng)
    assert END in knowledge.ordered_codes(after_high, rng)
    assert turn_floor(after_high) == high
    # And no path in the grown tree puts a turn's stones in falling order.
    stack = [(search.root, state.clone(), -1)]
    while stack:
        node, game, floor = stack.pop()
        for code, child in zip(node.child_codes, node.children, strict=True):
            if code >= 0 and floor >= 0:
                assert code > floor, (floor, code)
            after = game.clone()
            after.push_code(code)
            same_turn = after.mover == game.mover and len(after.turns) == len(game.turns)
            stack.append((child, after, code if same_turn and code >= 0 else -1))


def test_stones_down_before_the_search_do_not_limit_it():
    # Mid-turn from elsewhere (an undo, a hint): every empty cell stays open.
    state = GameState(4, 2)
    state.place(1, 0)
    state.place(2, 30)
    knowledge = ArchipelagoKnowledge()
    knowledge.set_root(state)
    stones = [c for c in knowledge.ordered_codes(state, random.Random(2)) if c >= 0]
    assert sorted(stones) == sorted(c for c in state.legal_codes() if c >= 0)


# ---------------------------------------------------------------------- cheap expansion
@pytest.mark.parametrize("players", [2, 4])
def test_cheap_expansion_gives_the_top_moves_of_the_full_sort(players):
    from archipelago.games.archipelago.ai.features import best_codes, scored_codes

    state = GameState.random_game(random.Random(players), size=7, players=players)
    for _ in range(len(state.history_codes()) // 2):
        state.pop_code()
    for seed in range(5):
        full = [code for _, code in scored_codes(state, random.Random(seed).random)]
        for count in (1, 8, 30, len(full) + 5):
            top = best_codes(state, count, random.Random(seed).random)
            assert top == full[:count]


def test_widening_asks_for_more_moves_only_as_it_needs_them():
    from archipelago.search import Search

    class Counting(ArchipelagoKnowledge):
        asked: list[int] = []

        def best_codes(self, game, rng, count):
            self.asked.append(count)
            return super().best_codes(game, rng, count)

    state = GameState(6, 2)
    state.place(1, 10)
    search = Search(state, Counting(), seed=1)
    search.run(iterations=300)
    root = search.root
    assert root.codes is not None
    legal = len(state.legal_codes())
    assert len(root.children) <= len(root.codes) < legal
    assert root.more
    assert len(set(root.codes)) == len(root.codes)
    assert max(Counting.asked) < legal


def test_closing_phase_playouts_run_to_the_real_end():
    from archipelago.games.archipelago.ai import PlayoutParams

    state = GameState.random_game(random.Random(8), size=4, players=2)
    while state.empty_count < 20:
        state.pop_code()
    while state.turn_stones:
        state.pop_code()
    knowledge = ArchipelagoKnowledge(PlayoutParams(full_below=20, horizon=1))
    knowledge.set_root(state)
    game = state.clone()
    rewards = knowledge.playout(game, [], random.Random(1))
    assert game.is_over and rewards[1:] == list(game.returns())
    # Above the threshold the same playout stops after its horizon with an evaluation.
    early = ArchipelagoKnowledge(PlayoutParams(full_below=5, horizon=1))
    early.set_root(state)
    game = state.clone()
    early.playout(game, [], random.Random(1))
    assert not game.is_over


def test_specs_carry_their_own_iterations_per_stone():
    specs = parse_agents("mcts:5#300,uct#2000,greedy")
    assert specs == [
        AgentSpec("mcts", 5, iterations=300),
        AgentSpec("uct", iterations=2000),
        AgentSpec("greedy"),
    ]
    assert [s.name for s in specs] == ["mcts:5#300", "uct#2000", "greedy"]
    mcts = build("archipelago", specs[0], 1, None, None)
    uct = build("archipelago", specs[1], 1, None, None)
    assert mcts.budget == Budget(move_iterations=300)  # type: ignore[attr-defined]
    assert uct.budget == Budget(move_iterations=2000)  # type: ignore[attr-defined]


def test_iterations_per_stone_bound_every_stone_of_a_turn():
    state = GameState(5, 2)
    agent = build("archipelago", AgentSpec("uct", iterations=7), 1, None, None)
    assert isinstance(agent, SearchAgent)
    for _ in range(12):  # several turns, some of more than one stone
        before = agent.iterations_done
        move = agent.choose(state)
        assert 0 < agent.iterations_done - before <= 7
        state.push_code(move.code)
    assert agent.iterations_done > 7


@pytest.mark.parametrize("text", ["uct#", "uct#0", "uct#-5", "mcts:5#x", "uct#10@5", "greedy#10"])
def test_bad_iteration_specs_are_refused(text):
    with pytest.raises(AgentSpecError):
        parse_agents(f"{text},random")
