"""Only the command line prints: every module of the package but ``cli.py``,
``__main__.py`` and ``commands/`` is a library (the engines, the registry, ``search/``,
``analysis/``, ``perft.py``, the page's logic) that returns data and never prints, parses
arguments, writes to a standard stream or ends the process. Read from each module's
syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "archipelago"
# The command line: it parses, prints and sets the exit status.
COMMAND_LINE = {"archipelago/cli.py", "archipelago/__main__.py"}
COMMAND_LINE_FOLDER = "archipelago/commands/"
# A game's developer scripts, run by hand with ``python -m`` (docs/stigmergy.md,
# docs/strength.md): a command line of their own, never imported by the game.
DEVELOPER_SCRIPTS = {
    "archipelago/games/archipelago/ai/fit_balance.py",
    "archipelago/games/stigmergy/ai/selfplay.py",
}
# What a library never calls or names: print(), exit(), quit(), sys.exit, sys.stdout,
# sys.stderr, sys.stdin and argparse.
CALLS = {"print", "exit", "quit"}
SYS_NAMES = {"exit", "stdout", "stderr", "stdin"}
MODULES = {"argparse"}


def offences(source: str) -> list[str]:
    """What in ``source`` only a command line may do, each as ``line: what``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        what = ""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            what = node.func.id if node.func.id in CALLS else ""
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "sys" and node.attr in SYS_NAMES:
                what = f"sys.{node.attr}"
        elif isinstance(node, ast.Import):
            what = ", ".join(a.name for a in node.names if a.name.split(".")[0] in MODULES)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in MODULES:
                what = node.module
            elif node.module == "sys":
                what = ", ".join(f"sys.{a.name}" for a in node.names if a.name in SYS_NAMES)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            what = "SystemExit" if isinstance(exc, ast.Name) and exc.id == "SystemExit" else ""
        if what:
            found.append((node.lineno, what))
    return [f"{line}: {what}" for line, what in sorted(found)]


def libraries() -> dict[str, Path]:
    """Every module of the package that is not the command line, by its path."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if "__pycache__" in path.parts or name in COMMAND_LINE | DEVELOPER_SCRIPTS:
            continue
        if not name.startswith(COMMAND_LINE_FOLDER):
            modules[name] = path
    return modules


def test_no_library_prints_parses_arguments_or_exits():
    modules = libraries()
    assert {"archipelago/search/match.py", "archipelago/perft.py"} <= set(modules)
    assert any(name.startswith("archipelago/analysis/") for name in modules)
    found = {
        name: what
        for name, path in modules.items()
        if (what := offences(path.read_text(encoding="utf-8")))
    }
    assert found == {}, (
        "only the command line prints, parses arguments and exits: move this into "
        f"archipelago/commands/ and return the data instead: {found}"
    )


def test_the_exempt_modules_exist():
    for name in [*COMMAND_LINE, *DEVELOPER_SCRIPTS]:
        assert (ROOT / name).is_file(), f"{name} is gone: take it off the list"
    assert (ROOT / COMMAND_LINE_FOLDER).is_dir()


def test_each_way_of_printing_or_exiting_is_found():
    source = """
import argparse
import sys
from sys import stderr
from argparse import ArgumentParser
def f(x):
    print(x)
    sys.stdout.write(x)
    sys.exit(1)
    exit()
    raise SystemExit(2)
def g(x):
    return x.print(), "print", sys.version
"""
    assert offences(source) == [
        "2: argparse",
        "4: sys.stderr",
        "5: argparse",
        "7: print",
        "8: sys.stdout",
        "9: sys.exit",
        "10: exit",
        "11: SystemExit",
    ]
