"""The command line on records with side lines and notes (issue 34): ``replay`` checks
every line and prints the main line's position; ``analyse`` analyses the main line, or a
side line with ``--line``; a bad move inside a side line is refused in one line naming
the line and the turn."""

import json

from archipelago.cli import main

# Stigmergy with its komi agreed: c3 b2 d4 on the main line; after c3 a side line b3 e5,
# and after c3 b3 one more, a2; notes on the main line and on the side line.
RECORD = {
    "game": "stigmergy",
    "format": 2,
    "size": 5,
    "variant": {"komi": 2},
    "turns": ["c3", "b2", "d4"],
    "notes": {"2": "the usual answer"},
    "lines": [
        {"parent": 0, "at": 1, "turns": ["b3", "e5"], "notes": {"2": "what if?"}},
        {"parent": 1, "at": 2, "turns": ["a2"]},
    ],
}


def _run(tmp_path, capsys, record, *argv):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = main([argv[0], str(path), *argv[1:]])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_checks_every_line_and_prints_the_main_line_s_position(tmp_path, capsys):
    status, out, err = _run(tmp_path, capsys, RECORD, "replay")
    plain = {k: v for k, v in RECORD.items() if k not in ("lines", "notes")}
    _, plain_out, _ = _run(tmp_path, capsys, plain, "replay")
    assert status == 0 and err == "" and json.loads(out) == json.loads(plain_out)
    assert json.loads(out)["stones"] == [2, 1]


def test_a_bad_move_in_a_side_line_is_refused_in_one_line_naming_line_and_turn(tmp_path, capsys):
    bad = {**RECORD, "lines": [*RECORD["lines"], {"parent": 2, "at": 3, "turns": ["c3"]}]}
    status, out, err = _run(tmp_path, capsys, bad, "replay")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("side line 3: turn 4 (c3)")


def test_hostile_trees_are_refused_in_one_short_line(tmp_path, capsys):
    huge = {**RECORD, "lines": [{"at": 0, "turns": ["a1"]}] * 65}
    deep = {**RECORD, "lines": [{"parent": n, "at": 0, "turns": ["a1"]} for n in range(13)]}
    for record, words in ((huge, "side lines (at most 64)"), (deep, "nests more than 12")):
        status, out, err = _run(tmp_path, capsys, record, "replay")
        assert status == 2 and out == "" and words in err
        assert err.count("\n") == 1 and len(err) <= 301


def test_analyse_takes_the_main_line_or_a_side_line(tmp_path, capsys):
    budget = ("--iterations", "4", "--solve-nodes", "0", "--json")
    status, out, _ = _run(tmp_path, capsys, RECORD, "analyse", *budget)
    assert status == 0 and [row["move"] for row in json.loads(out)] == ["c3", "b2", "d4"]
    status, out, _ = _run(tmp_path, capsys, RECORD, "analyse", *budget, "--line", "2")
    assert status == 0 and [row["move"] for row in json.loads(out)] == ["c3", "b3", "a2"]
    status, out, err = _run(tmp_path, capsys, RECORD, "analyse", *budget, "--line", "3")
    assert status == 2 and "there is no side line 3" in err
