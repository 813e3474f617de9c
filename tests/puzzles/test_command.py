"""``python -m archipelago puzzles make|check|export`` (archipelago/commands/puzzles.py)
on a tiny board with small budgets: what make keeps passes check, a wrong solution fails
it, export's lines replay, and a user's mistake is one line with status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from archipelago import cli
from archipelago.commands import puzzles as puzzles_command
from archipelago.games.stigmergy.puzzle_themes import THEMES
from archipelago.puzzles.making import UNPROVEN_ITERATIONS, Found, MakeJob
from archipelago.puzzles.proof import position_of
from archipelago.puzzles.puzzle import Puzzle, read_set, write_set
from archipelago.registry import from_record

# Stigmergy on side 4, 100 iterations a position: the first game of seed 1 has a puzzle.
RECORD = {"game": "stigmergy", "size": 3, "turns": []}
SMALL = ["--size", "4", "--iterations", "100", "--seed", "1"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("puzzles") / "set.jsonl"
    status = cli.main(
        ["puzzles", "make", "stigmergy", "--count", "1", "--games", "2"]
        + [*SMALL, "--out", str(out)]
    )
    assert status == 0
    return out


def test_make_keeps_a_puzzle_that_its_game_replays_and_check_proves_again(
    made: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (puzzle,) = read_set(made.read_text(encoding="utf-8"))
    assert puzzle.id == "stigmergy-0001" and puzzle.game == "stigmergy"
    assert len(puzzle.solution) % 2 == 1
    assert set(puzzle.themes) <= set(THEMES)
    assert 1 <= puzzle.difficulty <= 5
    # The record reaches a position in play, and the solution is legal from it.
    assert from_record(puzzle.record).to_move is not None
    position_of(puzzle.record, puzzle.solution)
    capsys.readouterr()
    assert cli.main(["puzzles", "check", str(made), "--iterations", "100"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 of 1 puzzles proven again (seed 2)"


def test_make_adds_to_a_set_after_its_ids(made: Path, tmp_path: Path) -> None:
    out = tmp_path / "more.jsonl"
    (puzzle,) = read_set(made.read_text(encoding="utf-8"))
    renamed = Puzzle("stigmergy-0041", puzzle.game, puzzle.record, puzzle.solution)
    out.write_text(write_set([renamed]), encoding="utf-8")
    args = ["puzzles", "make", "stigmergy", "--count", "1", "--games", "3", "--seed", "4"]
    assert cli.main([*args, "--size", "4", "--iterations", "100", "--out", str(out)]) == 0
    ids = [p.id for p in read_set(out.read_text(encoding="utf-8"))]
    assert ids == ["stigmergy-0041", "stigmergy-0042"]


def test_proven_only_reaches_every_game_s_job(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    jobs: list[MakeJob] = []

    def making(job: MakeJob) -> Found:
        jobs.append(job)
        return Found((), 0)

    monkeypatch.setattr(puzzles_command, "make_from_game", making)
    args = ["puzzles", "make", "stigmergy", "--count", "1", "--games", "2", *SMALL]
    assert cli.main([*args, "--proven-only"]) == 0
    assert cli.main(args) == 0
    assert [job.proven_only for job in jobs] == [True, True, False, False]
    # the analysis searches little where only the solver's positions are tried
    assert [job.analysis.iterations for job in jobs] == [UNPROVEN_ITERATIONS] * 2 + [100] * 2
    assert "0 puzzles from 2 games (0 positions tried)" in capsys.readouterr().err


def test_check_names_a_puzzle_whose_solution_is_not_the_best_turn(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (puzzle,) = read_set(made.read_text(encoding="utf-8"))
    position = from_record(puzzle.record)
    wrong = next(m.text for m in position.legal_moves() if m.text != puzzle.solution[0])
    tampered = Puzzle(puzzle.id, puzzle.game, puzzle.record, (wrong,))
    path = tmp_path / "tampered.jsonl"
    path.write_text(write_set([tampered]), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["puzzles", "check", str(path), "--iterations", "100"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(
        f"{puzzle.id}: turn 1: the search prefers {puzzle.solution[0]} to {wrong}"
    )
    assert out[-1] == "0 of 1 puzzles proven again (seed 2)"
    # --drop keeps the ones that hold and leaves the set without the others.
    both = [puzzle, Puzzle("stigmergy-0002", puzzle.game, puzzle.record, (wrong,))]
    path.write_text(write_set(both), encoding="utf-8")
    assert cli.main(["puzzles", "check", str(path), "--iterations", "100", "--drop"]) == 0
    assert [p.id for p in read_set(path.read_text(encoding="utf-8"))] == [puzzle.id]
    assert capsys.readouterr().out.splitlines()[-1] == "dropped 1: 1 puzzles left in tampered.jsonl"


def test_export_prints_one_json_object_a_line_whose_record_replays(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert cli.main(["puzzles", "export", str(made), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert {"id", "game", "record", "solution", "themes", "difficulty"} <= set(data)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(data["record"]), encoding="utf-8")
    assert cli.main(["replay", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["to_move"] is not None


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["make", "chess"], "unknown game 'chess'"),
        (["make", "stigmergy", "--levels", "0,6"], "levels are 1 to 5"),
        (["make", "stigmergy", "--size", "99"], "board sides"),
        (["make", "stigmergy", "--count", "0"], "at least 1"),
        (["check", "no/such/set.jsonl"], "cannot read no/such/set.jsonl"),
        (["check", "{path}"], "line 2: a puzzle must be a JSON object"),
        (["export", "{path}"], "line 2: a puzzle must be a JSON object"),
        (["check"], "required: set"),
    ],
)
def test_a_mistake_is_one_line_and_status_2(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps({"id": "x-1", "game": "stigmergy", "record": RECORD, "solution": ["a1"]})
        + "\n[1]\n",
        encoding="utf-8",
    )
    argv = ["puzzles", *(str(bad) if arg == "{path}" else arg for arg in args)]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and words in captured.err


def test_a_cluster_without_dask_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    args = ["puzzles", "make", "stigmergy", "--cluster", "tcp://127.0.0.1:1", *SMALL]
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert err == "--cluster needs dask.distributed: pip install -r requirements-cluster.txt\n"
