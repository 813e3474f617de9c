"""sitebuild/cli.py, the commands of `python build.py`: its help needs nothing installed,
and what a command needs and lacks ends it in one line (tests/site/test_provision.py
tests the decisions themselves)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sitebuild import cli, provision
from sitebuild.paths import ROOT
from tests.support.machines import FakeMachine


def test_the_help_needs_neither_babel_nor_segno_and_installs_nothing() -> None:
    # As on a fresh machine: neither package importable, and any install an error.
    script = (
        "import runpy, sys\n"
        "sys.modules['babel'] = sys.modules['segno'] = None\n"
        "from sitebuild import provision\n"
        "def refuse(*args):\n"
        "    raise SystemExit('provision ran')\n"
        "provision.for_build = refuse\n"
        "sys.argv = ['build.py', '--help']\n"
        "runpy.run_path('build.py', run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python build.py")
    assert "serve" in done.stdout and "lighthouse" in done.stdout


def test_a_missing_tool_ends_the_command_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakeMachine(has={"node", "npm", "pip", "/usr/bin/chromium"})
    monkeypatch.setattr(provision, "Machine", fake.machine)
    assert cli.main(["shots"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("build.py: python build.py shots drives chromium with Playwright")
    assert err.count("\n") == 1
    assert fake.ran == []
