"""The analysis of a game record (archipelago/analysis/): chances, best turns and
judgements, on positions the exact endgame solver settles, and the ``analyse`` command.
Budgets are tiny: these tests check the rules of the analysis, not its strength."""

from __future__ import annotations

import json
import random

import pytest

from archipelago.analysis import BLUNDER, INACCURACY, JUDGEMENTS, MISTAKE, Budget, judge
from archipelago.analysis.turns import Analyser, analyse, split_turns
from archipelago.cli import main
from archipelago.games.archipelago.ai.endgame import EndgameSolver
from archipelago.games.archipelago.state import PASS, GameState
from archipelago.registry import from_record, new_game

TINY = Budget(iterations=12, solve_nodes=4_000)
JSON_KEYS = {"turn", "mover", "move", "chance_before", "chance_after", "best", "judgement"}

# A side-3 position, 6 cells empty, player 1 to move at the start of a turn: player 1
# wins with best play, and passing loses (found among random positions; the test below
# checks both facts with the solver).
FORCED = {
    "game": "archipelago",
    "size": 3,
    "players": 2,
    "turns": ["2c3", "1b3,1c1", "1a3,1d4", "1c2,1c4,2a1", "2d1,2d2", "1e2,2d3,2e1"],
}


def solved_to_the_end(state: GameState) -> GameState:
    """``state`` played on to the end by the solver's moves for both players."""
    solver = EndgameSolver()
    while not state.is_over:
        state.push_code(solver.solve(state).code)
    return state


def forced_records() -> tuple[dict, dict, str]:
    """The record FORCED continued by the winning turn, and by a pass, each played to
    the end; and the winning turn's notation."""
    start = from_record(FORCED)
    assert isinstance(start, GameState)
    solver = EndgameSolver()
    assert solver.solve(start).value == 1.0
    winning = start.clone()
    while winning.to_move == 1 and len(winning.turns) == len(start.turns):
        winning.push_code(solver.solve(winning).code)
    win_turn = winning.to_record()["turns"][len(FORCED["turns"])]
    losing = start.clone()
    losing.push_code(PASS)
    assert solver.solve(losing).value == 1.0  # player 2, to move, now wins
    won = solved_to_the_end(winning).to_record()
    lost = solved_to_the_end(losing).to_record()
    return won, lost, win_turn


def row_of(rows, number):
    return next(row for row in rows if row.turn == number)


def test_the_winning_turn_is_best_and_a_pass_that_throws_the_win_is_a_blunder():
    won, lost, win_turn = forced_records()
    number = len(FORCED["turns"]) + 1
    lost_row = row_of(analyse(from_record(lost), TINY), number)
    assert lost_row.move == "pass"
    assert lost_row.best == win_turn
    assert (lost_row.chance_before, lost_row.chance_after) == (1.0, 0.0)
    assert lost_row.judgement == "blunder"
    won_row = row_of(analyse(from_record(won), TINY), number)
    assert won_row.move == win_turn == won_row.best
    assert won_row.judgement == "best"
    assert won_row.chance_after == 1.0


def test_chances_are_shares_and_the_last_one_is_the_result():
    won, lost, _ = forced_records()
    for record in (won, lost):
        game = from_record(record)
        rows = analyse(game, TINY)
        assert [row.turn for row in rows] == list(range(1, len(record["turns"]) + 1))
        assert all(0.0 <= r.chance_before <= 1.0 and 0.0 <= r.chance_after <= 1.0 for r in rows)
        assert all(r.judgement in JUDGEMENTS for r in rows)
        returns = game.returns()
        assert returns is not None
        last = rows[-1]
        assert last.chance_after == returns[last.mover - 1]


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_get_expected_shares(players):
    game = GameState.random_game(random.Random(players), size=2, players=players)
    rows = analyse(game, TINY)
    assert len(rows) == len(game.to_record()["turns"])
    assert all(0.0 <= r.chance_before <= 1.0 and 0.0 <= r.chance_after <= 1.0 for r in rows)
    returns = game.returns()
    assert returns is not None and rows[-1].chance_after == returns[rows[-1].mover - 1]
    assert len(rows[-1].chances_after) == players


def test_the_same_record_and_seed_give_the_same_analysis():
    game = GameState.random_game(random.Random(5), size=3, players=2)
    first = [row.as_json() for row in analyse(game, TINY, seed=7)]
    again = [row.as_json() for row in analyse(game, TINY, seed=7)]
    assert first == again


def test_stigmergy_is_analysed_too():
    game = new_game("stigmergy", size=3, variant={"komi": 1})
    rng = random.Random(2)
    while not game.is_over:
        codes = game.legal_codes()
        game.push_code(codes[int(rng.random() * len(codes))])
    rows = analyse(game, Budget(iterations=8))
    assert [row.move for row in rows] == game.to_record()["turns"]
    returns = game.returns()
    assert returns is not None and rows[-1].chance_after == returns[rows[-1].mover - 1]


def test_a_turn_in_progress_is_left_out():
    game = from_record({**FORCED, "current": "1a2"})
    assert len(split_turns(game)) == len(FORCED["turns"])


def test_stepping_reports_progress_until_every_turn_is_judged():
    analyser = Analyser(from_record(FORCED), TINY)
    seen = []
    while not analyser.done:
        seen.append(analyser.step())
    assert seen == sorted(seen) and seen[-1] == analyser.total == len(FORCED["turns"])


def test_judgement_thresholds():
    assert judge(0.5, True) == "best"
    assert judge(0.0, False) == "good"
    assert judge(INACCURACY - 0.001, False) == "good"
    assert judge(INACCURACY, False) == "inaccuracy"
    assert judge(MISTAKE, False) == "mistake"
    assert judge(BLUNDER, False) == "blunder"


def test_analyse_json_has_exactly_the_keys(tmp_path, capsys):
    won, _, _ = forced_records()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(won))
    status = main(
        [
            "analyse",
            str(path),
            "--json",
            "--iterations",
            "12",
            "--solve-nodes",
            "4000",
            "--seed",
            "3",
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0 and err == ""  # no progress bar when standard error is no terminal
    rows = json.loads(out)
    assert len(rows) == len(won["turns"])
    assert all(set(row) == JSON_KEYS for row in rows)
    assert [row["move"] for row in rows] == won["turns"]
    status = main(
        ["analyse", str(path), "--iterations", "12", "--solve-nodes", "4000", "--seed", "3"]
    )
    table = capsys.readouterr().out
    assert status == 0 and "judgement" in table.splitlines()[0]
    assert len(table.splitlines()) == 2 + len(won["turns"])


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ('{"game": "archipelago", "size": 3, "players": 2, "turns": ["1a1", "2a1"]}', "occupied"),
        ("{nope", "not valid JSON"),
    ],
)
def test_a_bad_record_gets_one_line(tmp_path, capsys, record, message):
    path = tmp_path / "bad.json"
    path.write_text(record)
    assert main(["analyse", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1


def test_a_bad_budget_gets_one_line(capsys):
    assert main(["analyse", "x.json", "--iterations", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_solver_answers_the_analysis_within_its_positions_or_not_at_all():
    from archipelago.games.archipelago.ai import ArchipelagoKnowledge

    knowledge = ArchipelagoKnowledge()
    start = from_record(FORCED)
    assert knowledge.solve(start, 1) is None  # gave up: not enough positions
    solved = knowledge.solve(start, 20_000)
    assert solved is not None and solved.values == (1.0, 0.0)
    assert knowledge.solve(new_game("archipelago", size=3, players=2), 20_000) is None
    assert knowledge.solve(new_game("archipelago", size=2, players=3), 20_000) is None


def test_the_documented_thresholds_are_the_code_s():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "analysis.md").read_text()
    assert f"under {INACCURACY:.2f}" in text
    assert f"| {INACCURACY:.2f} to under {MISTAKE:.2f}" in text
    assert f"| {MISTAKE:.2f} to under {BLUNDER:.2f}" in text
    assert f"| {BLUNDER:.2f} or more" in text
