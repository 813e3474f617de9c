"""`python build.py starts`: what it prints of many starts (the starts themselves take
minutes, so they stay out of the suite), and its argument checked."""

from __future__ import annotations

import pytest

from sitebuild import cli, starts
from sitebuild.starts import Start


def test_the_report_counts_each_kind_of_start_and_names_a_hung_one(capsys):
    made = [
        Start("isolated", "first", True, 6200, "worker", False),
        Start("isolated", "returning", True, 2600, "worker", True),
        Start("plain", "first", True, 7000, "page", False),
        Start("plain", "returning", True, 2900, "worker", True),
        Start("isolated", "first", True, 6800, "worker", False),
        Start("isolated", "returning", False, 120_000, "worker", True, "Downloaded 4.2 MB"),
    ]
    assert starts.report(made) is False
    out = capsys.readouterr().out
    lines = {line.split()[0] + " " + line.split()[1]: line for line in out.splitlines()[2:6]}
    assert lines["isolated first"].split()[2:6] == ["2", "2", "6.5s", "6.8s"]
    assert lines["isolated returning"].split()[2:4] == ["2", "1"]  # one of two hung
    assert "page" in lines["plain first"] and "0 of 1" in lines["plain first"]
    assert "worker" in lines["plain returning"] and "1 of 1" in lines["plain returning"]
    assert "not playable in 120 s: isolated, returning visit" in out
    assert "'Downloaded 4.2 MB'" in out
    assert out.rstrip().endswith("playable: 5 of 6")


def test_every_start_playable_is_a_success(capsys):
    assert starts.report([Start("plain", "first", True, 7000, "page", False)]) is True
    assert "playable: 1 of 1" in capsys.readouterr().out


def test_a_count_below_one_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["starts", "--count", "0"])
    assert stopped.value.code == 2
    assert "--count must be at least 1" in capsys.readouterr().err
