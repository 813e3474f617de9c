"""No dead code: vulture finds no unused function, class, method, attribute or variable
in the project's Python (archipelago/, static/, the build; the tests are not callers: code
only a test calls is dead too, and so is a name only a module's ``__all__`` exports). The
Python blocks of README.md and docs/ count as callers, since what they show is the
library's public API (tests/quality/test_docs_run.py runs them). The few names used where
vulture cannot look are listed below with their user; code that nothing calls is
removed, never listed."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import pytest

from tests.quality.test_docs_run import BLOCKS

vulture = pytest.importorskip("vulture", reason="pip install -r requirements-dev.txt")

ROOT = Path(__file__).resolve().parents[2]
# Every top-level folder holds project code but these (tests are no callers; typings
# are stubs of browser modules; the rest are built, installed or prose).
NOT_SOURCES = {"tests", "typings", "docs", "node_modules", "dist"}
# 60% is vulture's confidence for an unused function, class, method, attribute,
# property or variable (imports are 90%, and ruff finds those first).
MIN_CONFIDENCE = 60

# Called by name from JavaScript: the computer's worker script loads its Python module
# and calls these (vulture reads no JavaScript; each must still appear in some).
CALLED_FROM_JAVASCRIPT = {
    "AnalysisJob",
    "THINKER",
    "WARM_UP_LEVEL",
    "WARM_UP_RECORD",
    "warmed_up",
    "worker_move",
    "worker_ready",
    "worker_request",
}
USED_ELSEWHERE = {
    # Named by a game's manifest ("module:name" strings the registry imports).
    "ArchipelagoKit",
    "COMPUTER_PLAYERS",
    "StigmergyKit",
    "komi_setting",
    # Set from PyScript on the page's elements, for the browser to show.
    "innerHTML",
    "textContent",
    "download",  # a link's file name (static/page/games_ui.py's download_json)
    # Read by the standard library: a zip entry's fields, http.server's hooks.
    "compress_type",
    "daemon_threads",
    "log_message",
    # pytest's hooks: sitebuild/stdlib_record.py records imports as a pytest plugin.
    "pytest_configure",
    "pytest_unconfigure",
    # Python's own protocol: a module's __getattr__ (PEP 562), archipelago's lazy names.
    "__getattr__",
    # Babel's: a catalogue's header field we set, and the arguments it passes to an
    # extraction method; its METHODS name the method (sitebuild/translations.py).
    "revision_date",
    "comment_tags",
    "keywords",
    "extract_html",
    # html.parser.HTMLParser's hooks.
    "handle_endtag",
    "handle_startendtag",
    # The registry's hook for a program with game folders of its own
    # (docs/architecture.md; tests/test_third_game.py adds tests/extragames/ with it).
    "add_games_path",
}


def source_files() -> list[Path]:
    folders = [
        path
        for path in sorted(ROOT.iterdir())
        if path.is_dir() and path.name not in NOT_SOURCES and not path.name.startswith((".", "_"))
    ]
    return sorted(ROOT.glob("*.py")) + [file for folder in folders for file in folder.rglob("*.py")]


def without_exports(source: str) -> str:
    """``source`` with its ``__all__`` blanked out (vulture counts a name there as used)."""
    lines = source.splitlines(keepends=True)
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            lines[node.lineno - 1 : node.end_lineno] = ["\n"] * (node.end_lineno - node.lineno + 1)
    return "".join(lines)


def block_source(code: str) -> str:
    """A documentation block as Python source (a doctest's examples without prompts)."""
    if code.lstrip().startswith(">>>"):
        return "".join(example.source for example in doctest.DocTestParser().get_examples(code))
    return code


def unused_code() -> list[vulture.core.Item]:
    finder = vulture.Vulture()
    for path in source_files():
        finder.scan(without_exports(path.read_text(encoding="utf-8")), filename=str(path))
    for block in BLOCKS:
        finder.scan(block_source(block.code), filename=block.name)
    return finder.get_unused_code(min_confidence=MIN_CONFIDENCE)


def test_nothing_is_dead():
    found = unused_code()
    listed = CALLED_FROM_JAVASCRIPT | USED_ELSEWHERE
    dead = [
        f"{Path(item.filename).relative_to(ROOT)}:{item.first_lineno}: {item.message}"
        for item in found
        if item.name not in listed
    ]
    assert dead == [], "\n".join(["Remove it, or list it here with its user:", *dead])
    # A listed name vulture would not report any more is used in Python now, or gone.
    assert listed <= {item.name for item in found}


def test_the_names_listed_for_javascript_are_called_there():
    scripts = [ROOT / "index.html", ROOT / "sw.js", *ROOT.glob("static/**/*.*js")]
    text = "\n".join(path.read_text(encoding="utf-8") for path in scripts if path.is_file())
    missing = [name for name in CALLED_FROM_JAVASCRIPT if not re.search(rf"\b{name}\b", text)]
    assert missing == []
