"""The yardstick agents uct and grave (``archipelago.search.plain``) and agent specs
with their own time per stone (``mcts:5@200``)."""

from __future__ import annotations

import json
import random

import pytest

from archipelago.ai import ArchipelagoKnowledge
from archipelago.cli import main
from archipelago.search import Budget
from archipelago.search.match import AgentSpec, AgentSpecError, build, parse_agents
from archipelago.search.plain import PlainKnowledge, plain_agent
from archipelago.state import END, PASS, GameState


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
