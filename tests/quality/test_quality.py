"""The code is linted, formatted and type-checked: `ruff check .`, `ruff format --check .`
and `mypy --strict archipelago sitebuild static` (settings in pyproject.toml; the
browser-only modules that static/ imports have stubs in typings/) all pass on the checkout."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_tool(module: str, *args: str) -> None:
    """Run ``python -m module args`` in the checkout; fail with its report if it complains."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -r requirements-dev.txt)")
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{module} {' '.join(args)}:\n{done.stdout}{done.stderr}"


def test_ruff_finds_nothing():
    run_tool("ruff", "check", ".")


def test_the_code_is_formatted():
    run_tool("ruff", "format", "--check", ".")


def test_mypy_strict_finds_nothing():
    run_tool("mypy", "--strict", "archipelago", "sitebuild", "static")


def test_no_module_is_over_500_lines():
    # One module, one job: a file past 500 lines is doing two (tests aside, which follow
    # the rules they check).
    sources = [*ROOT.glob("*.py"), *ROOT.glob("archipelago/**/*.py"), *ROOT.glob("static/**/*.py")]
    sources += ROOT.glob("sitebuild/**/*.py")
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert len(sources) > 50 and long == {}


def test_the_page_modules_leave_room():
    # The page's modules stay well under the limit, the controller most of all: it holds
    # the state and the actions, and its collaborators (saved/keeper.py, input/aim.py,
    # input/commands.py, view/) take what grows.
    sources = sorted(ROOT.glob("archipelago/page/**/*.py"))
    lines = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sources
    }
    assert len(lines) > 30 and lines["archipelago/page/controller.py"] <= 400
    assert {path: count for path, count in lines.items() if count > 450} == {}


def test_the_browser_glue_stays_thin():
    # static/ only wires the page to archipelago.page (where CPython tests reach the
    # decisions): a module of it past 200 lines is deciding something.
    sources = sorted(ROOT.glob("static/**/*.py"))
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 200
    }
    assert len(sources) >= 5 and long == {}


def test_the_root_holds_only_the_two_commands():
    # The build is the package sitebuild/; the root keeps its command and the tests'.
    assert sorted(path.name for path in ROOT.glob("*.py")) == ["build.py", "run_tests.py"]
