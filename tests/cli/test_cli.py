"""The command line: replay output, bad records and bad arguments (RULINGS R14)."""

import json
import subprocess
import sys

import pytest

from archipelago.cli import main

SCORING_EXAMPLE = {
    "game": "archipelago",
    "size": 7,
    "players": 3,
    "turns": ["2a1", "2a2,1c1", "1c2,3e1", "3e2,2k1", "3m1,1g13", "3a7,1m4", "2k2,3m2"],
    "current": "1g1",
}


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io

        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_the_position(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SCORING_EXAMPLE))
    status, out, err = run(["replay", str(path)], capsys)
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "over": False,
        "to_move": 2,  # Blue, in the middle of a turn: one stone down, one to go
        "allowance": 2,
        "stones_left": 1,
        "groups": [1, 2, 2],
        "bonus": [{"1": 2}, {"1": 3, "2": 3}, {"1": 1, "2": 2}],
        "scores": [102, 206, 203],
        "ranks": [3, 1, 2],
        "frozen": [],
        "resigned": [],
    }


def test_replay_reads_standard_input_and_reports_the_end(capsys, monkeypatch):
    record = {"game": "archipelago", "size": 2, "players": 2, "turns": ["1a1", "pass", "pass"]}
    status, out, _ = run(["replay", "-"], capsys, json.dumps(record), monkeypatch)
    assert status == 0
    summary = json.loads(out)
    assert summary["over"] is True
    assert summary["to_move"] is None
    assert summary["allowance"] == summary["stones_left"] == 0
    assert summary["ranks"] == [1, 1]


def test_replay_lists_frozen_players(capsys, monkeypatch):
    from archipelago.games.archipelago.record import dumps
    from tests.games.archipelago.test_frozen import frozen_events

    state = next(frozen_events(4, 3, games=50))
    status, out, _ = run(["replay", "-"], capsys, dumps(state), monkeypatch)
    assert status == 0
    assert json.loads(out)["frozen"] == sorted(state.frozen) != []


BAD_RECORDS = [
    ('{"game": "archipelago", "size": 7,', "the record is not valid JSON"),
    ("[1, 2]", "a game record must be a JSON object"),
    ('{"size": 7, "players": 2}', '"game" must be one of "archipelago"'),
    ('{"game": "chess", "size": 7}', '"game" must be one of "archipelago"'),
    ('{"game": "archipelago", "players": 2}', 'the record has no "size"'),
    (
        '{"game": "archipelago", "size": 13, "players": 2}',
        '"size" must be a whole number from 2 to 12',
    ),
    ('{"game": "archipelago", "size": "7", "players": 2}', '"size" must be a whole number'),
    (
        '{"game": "archipelago", "size": 7, "players": 5}',
        '"players" must be a whole number from 2 to 4',
    ),
    ('{"game": "archipelago", "size": 7, "players": 1}', '"players" must be a whole number'),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "variant": {"colour": 1}}',
        "unknown variant key 'colour'",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "variant": {"stones": 4}}',
        'variant "stones" must be 2 or 3',
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "variant": {"extra": "double"}}',
        'variant "extra" must be',
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "variant": {"wunchunk": 1}}',
        'variant "wunchunk" must be true or false',
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": "1a1"}',
        '"turns" must be a list of turn strings',
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "2f6,2f7", "1f6"]}',
        "turn 3, stone 1 (1f6): cell f6 is occupied",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "2f6,2f6"]}',
        "turn 2, stone 2 (2f6): cell f6 is occupied",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "2z9"]}',
        "turn 2, stone 1 (2z9): there is no cell z9 on a side-7 board",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "3a1"]}',
        "turn 2, stone 1 (3a1): colour 3 is not in play",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7,1g8"]}',
        "turn 1, stone 2 (1g8): more stones than the turn's allowance of 1",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["pass", "pass", "1a1"]}',
        "turn 3, stone 1 (1a1): the game is over",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["pass", "pass", "pass"]}',
        "turn 3 (pass): the game is over",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "g7"]}',
        "turn 2, stone 1 (g7): 'g7' is not a stone",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", ""]}',
        "turn 2: an empty turn",
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7"], "current": "pass"}',
        'turn 2: "current" holds the stones of a turn',
    ),
    (
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7"], "current": "2g7"}',
        "turn 2, stone 1 (2g7): cell g7 is occupied",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_RECORDS)
def test_bad_records_exit_2_with_one_line(text, message, capsys, monkeypatch):
    status, out, err = run(["replay", "-"], capsys, text, monkeypatch)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_replay_prints_the_clocks_of_a_timed_record(capsys, monkeypatch):
    clock = {"rule": "fischer:15+1", "left": [[15000, 15000], [12500, 15000], [12500, 0]]}
    record = {"game": "stigmergy", "size": 5, "variant": {"komi": 4}, "turns": ["c3", "resign"]}
    text = json.dumps({**record, "clock": {**clock, "lost": [2]}})
    status, out, _ = run(["replay", "-"], capsys, text, monkeypatch)
    assert status == 0
    assert json.loads(out)["clock"] == {"rule": "fischer:15+1", "left": [12500, 0], "lost": [2]}
    bad = json.dumps({**record, "clock": {**clock, "rule": "fischer:15"}})
    status, out, err = run(["replay", "-"], capsys, bad, monkeypatch)
    assert status == 2 and "\"clock\": 'fischer:15' is not a clock" in err


def test_unknown_top_level_keys_are_ignored(capsys, monkeypatch):
    text = '{"game": "archipelago", "size": 5, "players": 2, "turns": ["1a1"], "event": "club"}'
    status, out, _ = run(["replay", "-"], capsys, text, monkeypatch)
    assert status == 0 and json.loads(out)["to_move"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required"),
        (["replay"], "the following arguments are required: file"),
        (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
        (["bench", "--size", "13"], "board side must be from 2 to 12"),
        (["bench", "--players", "x"], "player count must be a whole number"),
        (["bench", "--seconds", "-1"], "the duration must be positive"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_wrong_arguments_exit_2(argv, message, capsys):
    status, out, err = run(argv, capsys)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_bench_prints_games_per_second_last(capsys):
    status, out, _ = run(["bench", "--size", "4", "--players", "3", "--seconds", "0.2"], capsys)
    assert status == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("games/s: ") and float(last.split()[1]) > 0


@pytest.mark.parametrize("command", [[], ["replay"], ["bench"]])
def test_help_explains_each_command(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: python -m archipelago" in capsys.readouterr().out


def test_a_real_process_exits_2_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "archipelago", "replay", "-"],
        input='{"game": "archipelago", "size": 7, "players": 2, "turns": ["1g7", "2g7"]}',
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "turn 2, stone 1 (2g7): cell g7 is occupied\n"


def test_games_lists_each_game_from_its_manifest(capsys):
    status, out, err = run(["games"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["archipelago", "stigmergy"]
    assert lines[0].startswith("archipelago: Archipelago, 2 to 4 players, board sides 2 to 12")
    assert "Craig Duncan" in lines[0] and "Tumbleweed" in lines[1]
    status, out, _ = run(["games", "--json"], capsys)
    facts = {game["name"]: game for game in json.loads(out)}
    assert facts["stigmergy"]["options"] == {"komi": None}
    assert facts["archipelago"]["options"]["stones"] == 2
    assert facts["archipelago"]["levels"] == [1, 2, 3, 4, 5]
    assert facts["stigmergy"]["rules_page"] == "static/stigmergy-rules.html"
