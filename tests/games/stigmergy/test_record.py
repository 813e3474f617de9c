"""Stigmergy records, their error messages, and the command line (replay, bench)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from archipelago.cli import main
from archipelago.errors import RecordError
from archipelago.games.stigmergy.record import to_record
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.registry import from_record, loads
from tests.support.stighelpers import play

ROOT = Path(__file__).resolve().parents[3]

SUMMARY_KEYS = [
    "over",
    "to_move",
    "komi",
    "komi_to",
    "button",
    "stones",
    "territory",
    "scores",
    "ranks",
    "resigned",
    "legal",
]


def random_game(size: int, komi: int | None, seed: int) -> StigmergyGame:
    rng = random.Random(seed)
    game = play(size, [], komi=komi)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize(("size", "komi", "seed"), [(3, None, 1), (4, 3, 2), (5, None, 3)])
def test_records_round_trip(size: int, komi: int | None, seed: int) -> None:
    game = random_game(size, komi, seed)
    record = to_record(game)
    assert record["game"] == "stigmergy" and record["size"] == size
    assert record["variant"] == ({} if komi is None else {"komi": komi})
    again = loads(json.dumps(record))
    assert isinstance(again, StigmergyGame)
    assert again == game and again.to_record() == record
    # Every prefix replays too (a game in progress).
    for cut in (0, 1, 2, len(record["turns"]) // 2):
        part = dict(record, turns=record["turns"][:cut])
        assert from_record(part).to_record() == part


def test_reading_accepts_any_case_and_writes_canonical_spellings() -> None:
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2", " A1X ", "Take-Button"], komi=1)
    assert game.to_record()["turns"] == ["a4", "a1", "g3", "g2", "d1", "f2", "a1x", "take-button"]
    game = play(3, ["+5", "PLAY-SECOND"], komi=None)
    assert game.to_record()["turns"] == ["5", "play-second"]


def test_size_defaults_to_eight() -> None:
    game = from_record({"game": "stigmergy", "turns": ["e5"], "variant": {"komi": 0}})
    assert game.to_record()["size"] == 8


BAD_RECORDS = [
    ([1, 2], "a game record must be a JSON object"),
    ({"game": "stigmergy", "size": 11}, '"size" must be a whole number from 3 to 10'),
    ({"game": "stigmergy", "size": 2}, "from 3 to 10 (the board side), not 2"),
    ({"game": "stigmergy", "size": "8"}, 'not "8"'),
    ({"game": "stigmergy", "size": True}, "not true"),
    ({"game": "stigmergy", "players": 3}, 'Stigmergy has 2 players, not "players": 3'),
    ({"game": "stigmergy", "variant": []}, '"variant" must be an object'),
    ({"game": "stigmergy", "variant": {"stones": 3}}, 'unknown variant key "stones"'),
    ({"game": "stigmergy", "size": 3, "variant": {"komi": 21}}, "from -20 to 20"),
    ({"game": "stigmergy", "size": 3, "variant": {"komi": -21}}, "not -21"),
    ({"game": "stigmergy", "variant": {"komi": 1.5}}, "must be a whole number"),
    ({"game": "stigmergy", "variant": {"komi": True}}, "must be a whole number"),
    ({"game": "stigmergy", "turns": "e5"}, '"turns" must be a list of moves'),
    ({"game": "stigmergy", "turns": ["5", 6]}, "turn 2: a move is written as text, not 6"),
    ({"game": "stigmergy", "size": 3, "turns": ["9x"]}, "turn 1 (9x): '9x' is not a move"),
    ({"game": "stigmergy", "size": 3, "turns": ["21"]}, "turn 1 (21): the komi must be"),
    ({"game": "stigmergy", "size": 3, "turns": ["e5"]}, "turn 1 (e5): there is no cell e5"),
    ({"game": "stigmergy", "size": 3, "turns": ["c3"]}, "turn 1 (c3): turn 1 is player 1's"),
    ({"game": "stigmergy", "size": 3, "turns": ["2", "3"]}, "turn 2 (3): the komi was proposed"),
    (
        {"game": "stigmergy", "size": 3, "turns": ["2", "c3", "play-second"]},
        "turn 3 (play-second): play-second answers the komi proposal, on turn 2 only",
    ),
    (
        {"game": "stigmergy", "size": 3, "turns": ["2", "take-button"]},
        "turn 2 (take-button): the button is in play only with an odd komi, and the komi is 2",
    ),
    (
        {"game": "stigmergy", "size": 3, "turns": ["1", "c3", "take-button", "take-button"]},
        "turn 4 (take-button): player 1 has taken the button already",
    ),
    (
        {"game": "stigmergy", "size": 3, "turns": ["2", "c3", "pass"]},
        "turn 3 (pass): no passing while an empty cell is controlled by neither player",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["a4", "g3", "d1", "a1"]},
        "turn 4 (a1): player 1 controls a1",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["a4", "a4"]},
        "turn 2 (a4): a4 is occupied",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["a4", "a4x"]},
        "turn 2 (a4x): player 2 does not control a4 (it sees 0 of the 2 needed)",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["a4", "b2x"]},
        "turn 2 (b2x): b2 is empty: there is no stone to flip",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["a4", "b2", "a4x"]},
        "turn 3 (a4x): a4 holds your own stone",
    ),
    (
        {"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": ["5"]},
        "turn 1 (5): the komi is fixed at 0 by the variant",
    ),
]


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS)
def test_bad_records_are_refused_with_a_clear_message(record: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(record)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_moves_after_the_end_are_refused() -> None:
    game = random_game(3, 0, 4)
    turns = [*game.to_record()["turns"], "pass"]
    with pytest.raises(RecordError, match=rf"turn {len(turns)} \(pass\): the game is over"):
        play(3, turns, komi=0)


# ---------------------------------------------------------------- the command line
def run_cli(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "archipelago", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_replay_prints_exactly_the_summary_keys(tmp_path: Path) -> None:
    game = play(3, ["3", "play-second", "c3", "take-button"], komi=None)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    done = run_cli(["replay", str(path)])
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert list(out) == SUMMARY_KEYS
    assert out["over"] is False and out["to_move"] == 1
    assert out["komi"] == 3 and out["komi_to"] == 2 and out["button"] == 2
    assert out["stones"] == [1, 0] and out["territory"] == [0, 0]
    assert out["scores"] == [1, 3.5] and out["ranks"] == [2, 1]
    assert out["legal"] == sorted(out["legal"]) and "c3" not in out["legal"]
    assert len(out["legal"]) == 18  # every empty cell; no flip, no pass, no button


def test_replay_of_a_finished_game() -> None:
    game = random_game(4, None, 9)
    done = run_cli(["replay", "-"], stdin=json.dumps(game.to_record()))
    out = json.loads(done.stdout)
    assert out["over"] is True and out["to_move"] is None and out["legal"] == []
    assert out == json.loads(json.dumps(game.summary()))


def test_replay_of_a_bad_move_exits_2_with_one_line() -> None:
    record = {"game": "stigmergy", "size": 4, "variant": {}, "turns": ["0", "a4", "g3", "d1"]}
    record["turns"] += ["a1"]
    done = run_cli(["replay", "-"], stdin=json.dumps(record))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "turn 5 (a1): player 2 controls a1\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "stigmergy", "size": 12}', '"size" must be a whole number from 3 to 10'),
        ('{"game": "stigmergy", "variant": {"komi2": 1}}', 'unknown variant key "komi2"'),
        ('{"game": "stigmergy", "variant": {"komi": 999}}', "the komi must be a whole number"),
        ('{"game": "stigmergy"', "the record is not valid JSON"),
    ],
)
def test_replay_reports_setup_mistakes(
    text: str, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["replay", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_bench_plays_stigmergy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "stigmergy", "--size", "4", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Stigmergy: size 4")
    assert float(out.strip().splitlines()[-1].split()[-1]) > 0


def test_bench_refuses_sizes_stigmergy_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "stigmergy", "--size", "11"]) == 2
    assert "board sides 3 to 10, not 11" in capsys.readouterr().err


# ---------------------------------------------------------------- the documents
def json_blocks(text: str) -> list:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_the_command_line_page_example_is_what_replay_prints() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = page.split("## Stigmergy records", 1)[1].split("\n## ", 1)[0]
    record, printed = json_blocks(section)
    assert json.loads(json.dumps(loads(json.dumps(record)).summary())) == printed


def test_the_rules_page_record_replays() -> None:
    page = (ROOT / "docs" / "stigmergy.md").read_text(encoding="utf-8")
    (record,) = json_blocks(page)
    assert from_record(record).to_record() == record
