"""Run Python code under Pyodide (the pinned npm package) in Node, for the test suite."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).resolve().parent / "pyodide_runner.mjs"


def pyodide_available() -> str | None:
    """None when Node and node_modules/pyodide are there, else why not."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing: run npm ci"
    return None


def needs_pyodide() -> pytest.MarkDecorator:
    """A skip mark for tests that run code under Pyodide, saying what is missing when Node
    or the npm package is not installed."""
    missing = pyodide_available()
    return pytest.mark.skipif(missing is not None, reason=f"Pyodide tests: {missing}")


def run_in_pyodide(code: str, timeout: float = 300) -> str:
    """Run ``code`` under Pyodide with ``archipelago`` importable; return its stdout.
    Raises AssertionError with Pyodide's stderr if the code fails."""
    missing = pyodide_available()
    if missing:
        raise AssertionError(missing)
    done = subprocess.run(
        ["node", str(RUNNER), str(ROOT)],
        input=code,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise AssertionError(f"Pyodide run failed ({done.returncode}):\n{done.stderr}")
    return done.stdout
