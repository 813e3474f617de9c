"""The match and bench --ai commands: output shape and refusals."""

from __future__ import annotations

import json

import pytest

from archipelago.cli import main
from archipelago.search.match import (
    AgentSpec,
    build,
    lineup,
    parse_agents,
    parse_variant,
    ranks_of,
    wilson,
)


def test_match_prints_rates_and_json_last(capsys):
    code = main(
        [
            "match",
            "--agents",
            "mcts:2,greedy",
            "--games",
            "2",
            "--size",
            "3",
            "--iterations",
            "10",
            "--seed",
            "4",
        ]
    )
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    data = json.loads(lines[-1])
    assert [a["agent"] for a in data["agents"]] == ["mcts:2", "greedy"]
    for row in data["agents"]:
        assert row["games"] == 2
        assert 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1
        assert 1 <= row["mean_rank"] <= 2
    assert any("win rate" in line for line in lines[:-1])


def test_match_with_more_players_and_a_variant(capsys):
    code = main(
        [
            "match",
            "--agents",
            "greedy,random",
            "--games",
            "3",
            "--size",
            "3",
            "--players",
            "3",
            "--variant",
            "wunchunk=true",
            "--variant",
            "stones=3",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["variant"] == {"stones": 3, "wunchunk": True}
    assert data["players"] == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--agents", "mcts:9,greedy"],
        ["match", "--agents", "chess,greedy"],
        ["match", "--agents", "greedy"],
        ["match", "--agents", "greedy,random,greedy", "--players", "2"],
        ["match", "--agents", "greedy,random", "--variant", "stones=5"],
        ["match", "--agents", "greedy,random", "--variant", "colour=red"],
        ["match", "--agents", "greedy,random", "--iterations", "5", "--ms", "5"],
        ["match", "--agents", "greedy,random", "--games", "0"],
        ["match", "--agents", "greedy,random", "--size", "40"],
    ],
)
def test_bad_match_arguments_exit_2_with_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err


def test_bench_ai_prints_iterations_per_second_last(capsys):
    assert main(["bench", "--ai", "--seconds", "0.3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    label, value = last.split(":")
    assert label == "iterations/s" and float(value) > 0


def test_seats_rotate_and_the_last_agent_fills_the_rest():
    assert lineup(2, 2, 0) == [0, 1] and lineup(2, 2, 1) == [1, 0]
    seats = [lineup(2, 3, g) for g in range(3)]
    assert [s.index(0) for s in seats] == [0, 1, 2]
    assert all(s.count(1) == 2 for s in seats)


def test_wilson_interval():
    low, high = wilson(80, 100)
    assert 0.70 < low < 0.72 and 0.86 < high < 0.88
    assert wilson(0, 0) == (0.0, 1.0)


def test_parsers():
    assert [s.name for s in parse_agents("MCTS:3, greedy,random")] == ["mcts:3", "greedy", "random"]
    assert parse_variant(["scoring=alternating", "frozen=false"]) == {
        "scoring": "alternating",
        "frozen": False,
    }


def test_ranks_from_returns_share_ties():
    assert ranks_of([1.0, 0.0]) == [1, 2]
    assert ranks_of([0.25, 0.75, 0.25, 0.75]) == [3, 1, 3, 1]


# ---------------------------------------------------------------------- --game
@pytest.fixture
def toy_games(monkeypatch):
    """Nim and Collect (tests/support/toygames.py) registered as games, without computer players."""
    from tests.support import toygames

    for name in toygames.GAMES:
        toygames.install(monkeypatch, name)
    return toygames


def test_match_of_a_game_without_a_computer_player_uses_random_agents(toy_games, capsys):
    assert main(["match", "--game", "nim", "--agents", "random,random", "--games", "4"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["game"] == "nim" and data["players"] == 2
    assert sum(row["wins"] for row in data["agents"]) == 4


def test_the_yardstick_plays_a_game_without_a_computer_player(toy_games, capsys):
    argv = ["match", "--game", "nim", "--agents", "uct,grave", "--games", "2"]
    assert main([*argv, "--iterations", "50"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [row["agent"] for row in data["agents"]] == ["uct", "grave"]
    assert sum(row["wins"] for row in data["agents"]) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--game", "nim", "--agents", "mcts:3,random"],
        ["match", "--game", "nim", "--agents", "greedy,random"],
        ["bench", "--ai", "--game", "nim", "--seconds", "0.1"],
    ],
)
def test_a_game_without_a_computer_player_says_so(toy_games, argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert "Nim" in err or "nim" in err


def test_match_and_bench_of_a_game_with_the_default_knowledge(toy_games, monkeypatch, capsys):
    toy_games.install(
        monkeypatch, "collect", computer_players="tests.support.toygames:COLLECT_PLAYERS"
    )
    argv = ["match", "--game", "collect", "--agents", "mcts:2,random", "--players", "3"]
    assert main([*argv, "--games", "3", "--iterations", "60"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [row["agent"] for row in data["agents"]] == ["mcts:2", "random"]
    assert main(["bench", "--ai", "--game", "collect", "--seconds", "0.2"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("iterations/s: ")


def test_an_unknown_game_exits_2(capsys):
    assert main(["match", "--game", "chess", "--agents", "random,random"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_cap_scale_stretches_the_levels_caps_in_seconds():
    from archipelago.search import Budget
    from archipelago.search.levels import LEVEL_ITERATIONS, LEVEL_MAX_SECONDS

    scaled = build("archipelago", AgentSpec("mcts", 3), 1, None, None, cap_scale=4.0)
    assert scaled.budget == Budget(  # type: ignore[attr-defined]
        LEVEL_ITERATIONS[3], 4.0 * LEVEL_MAX_SECONDS[3]
    )
    plain = build("archipelago", AgentSpec("mcts", 3), 1, None, None)
    assert plain.budget.seconds == LEVEL_MAX_SECONDS[3]  # type: ignore[attr-defined]


def test_the_summary_gives_each_agents_wins_by_seat():
    from archipelago.search.match import summarise

    results = [  # agent 0 first in seat 1, then second in seat 2, then sharing first
        {"seats": [0, 1, 1], "ranks": [1, 2, 3], "turns": [1, 1, 1], "seconds": [0, 0, 0]},
        {"seats": [1, 0, 1], "ranks": [1, 2, 3], "turns": [1, 1, 1], "seconds": [0, 0, 0]},
        {"seats": [1, 1, 0], "ranks": [2, 1, 1], "turns": [1, 1, 1], "seconds": [0, 0, 0]},
    ]
    specs = parse_agents("mcts:5,uct")
    ours, theirs = summarise(specs, results)
    assert ours["seats"] == {"1": [1.0, 1], "2": [0.0, 1], "3": [0.5, 1]}
    assert ours["wins"] == 1.5
    assert theirs["seats"] == {"1": [1.0, 2], "2": [0.5, 2], "3": [0.0, 2]}
