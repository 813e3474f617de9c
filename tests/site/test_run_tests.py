"""run_tests.py, README's test command: what it finds missing and how it installs it, on a
made-up machine (tests/support/machines.py; sitebuild/provision.py decides, and
tests/site/test_provision.py tests its parts). The installs themselves run on a fresh
machine (`bash .ci/run`); here they are only planned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import run_tests
from sitebuild import provision
from tests.support.machines import FakeMachine


def test_every_pin_of_the_requirements_is_checked_the_included_files_too() -> None:
    wanted = provision.pins(run_tests.REQUIREMENTS)
    # segno comes through requirements-build.txt's -r requirements-page.txt, two files down.
    assert {"pytest", "hypothesis", "ruff", "mypy", "playwright", "Babel", "segno"} <= set(wanted)
    fake = FakeMachine(has={"pip", str(run_tests.CHROMIUM)}, versions=dict(wanted))
    del fake.versions["segno"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(provision, "npm_needed", lambda root: False)
        run_tests.set_up(fake.machine())
    assert fake.ran == [["python", "-m", "pip", "install", "-r", str(run_tests.REQUIREMENTS)]]


def test_without_rights_it_says_what_to_do_and_runs_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    wanted = provision.pins(run_tests.REQUIREMENTS)
    fake = FakeMachine(has=set(), versions=dict(wanted), root=False)
    assert run_tests.main(["-x"], fake.machine()) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install chromium" in err
    assert 'python -m pytest -m "not browser"' in err
    assert fake.ran == []


def test_it_installs_what_is_missing_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A checkout with no node_modules/.
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "1"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {}}))
    monkeypatch.setattr(run_tests, "ROOT", tmp_path)
    fake = FakeMachine(has={"pip", "apt-get"}, versions={})
    run_tests.set_up(fake.machine())
    assert [command[:3] for command in fake.ran] == [
        ["python", "-m", "pip"],
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install", "-y"],
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install", "-y"],
        ["/usr/bin/npm", "ci", "--no-audit"],
    ]
    assert fake.ran[2][-1] == "chromium" and fake.ran[4][-2:] == ["nodejs", "npm"]
