"""run_tests.py, README's test command: what it finds missing and how it installs it. The
installs themselves run on a fresh machine (`bash .ci/run`); here they are only planned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import run_tests


def test_the_pins_are_read_from_the_requirements() -> None:
    wanted = run_tests.pins(run_tests.REQUIREMENTS.read_text(encoding="utf-8"))
    assert {"pytest", "hypothesis", "ruff", "mypy", "playwright"} <= set(wanted)
    assert run_tests.pins("# a comment\nfoo==1.2  # why\nbar>=3\n") == {"foo": "1.2"}


def test_a_pin_is_missing_when_absent_or_at_another_version() -> None:
    installed = {"a": "1.0", "b": "2.0"}
    wanted = {"a": "1.0", "b": "2.1", "c": "3.0"}
    assert run_tests.missing_pins(wanted, installed.get) == ["b==2.1", "c==3.0"]
    assert run_tests.missing_pins({"a": "1.0"}, installed.get) == []


def write_npm(root: Path, installed: str | None) -> None:
    (root / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "1.2.3"}}))
    lock = {"packages": {"node_modules/pyodide": {"version": "1.2.3"}}}
    (root / "package-lock.json").write_text(json.dumps(lock))
    if installed is not None:
        folder = root / "node_modules" / "pyodide"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "package.json").write_text(json.dumps({"version": installed}))


def test_npm_ci_runs_when_a_package_is_absent_or_at_another_version(tmp_path: Path) -> None:
    write_npm(tmp_path, None)
    assert run_tests.npm_needed(tmp_path)
    write_npm(tmp_path, "1.2.2")
    assert run_tests.npm_needed(tmp_path)
    write_npm(tmp_path, "1.2.3")
    assert not run_tests.npm_needed(tmp_path)


def test_apt_get_runs_as_root_or_through_sudo_without_a_password() -> None:
    assert run_tests.privilege_prefix(True, None, False) == []
    assert run_tests.privilege_prefix(False, "/usr/bin/sudo", True) == ["/usr/bin/sudo", "-n"]
    assert run_tests.privilege_prefix(False, "/usr/bin/sudo", False) is None
    assert run_tests.privilege_prefix(False, None, False) is None


def test_without_rights_it_says_what_to_do_and_runs_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(run_tests.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(run_tests.shutil, "which", lambda name: None)
    monkeypatch.setattr(run_tests, "run", lambda command, env=None: ran.append(command))
    monkeypatch.setattr(run_tests, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setattr(run_tests, "missing_pins", lambda wanted: [])
    assert run_tests.main(["-x"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install chromium" in err
    assert 'python -m pytest -m "not browser"' in err
    assert ran == []


def test_it_installs_what_is_missing_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(run_tests.os, "geteuid", lambda: 0)
    monkeypatch.setattr(run_tests.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(run_tests, "run", lambda command, env=None: ran.append(command))
    monkeypatch.setattr(run_tests, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setattr(run_tests, "missing_pins", lambda wanted: ["pytest==0"])
    monkeypatch.setattr(run_tests, "npm_needed", lambda root: True)
    run_tests.set_up()
    assert [command[:3] for command in ran] == [
        [run_tests.sys.executable, "-m", "pip"],
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install", "-y"],
        ["/usr/bin/npm", "ci", "--no-audit"],
    ]
    assert ran[2][-1] == "chromium"
