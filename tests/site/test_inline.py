"""The page thread's scripts (static/start/*.js): files in the repository, written into
the built index.html by the build (sitebuild/inline.py), so that the page asks for none of them."""

from __future__ import annotations

import ast
import re

import pytest

from sitebuild import inline
from sitebuild.index import index_page
from sitebuild.paths import ROOT, BuildError

SOURCE = ROOT / "index.html"
SCRIPTS = sorted(inline.START_SCRIPTS.glob("*.js"))


def test_the_built_page_holds_every_script_and_asks_for_none():
    inlined = inline.inline_start_scripts(SOURCE.read_text(encoding="utf-8"))
    assert len(SCRIPTS) >= 5
    for script in SCRIPTS:
        assert script.read_text(encoding="utf-8") in inlined, script.name
    # The marks in the scripts (the loader's list of start files) are filled in after.
    sources = re.findall(r'<script[^>]* src="([^"]+)"', index_page(SOURCE))
    assert sources == ["./static/page/app.py"]  # PyScript's own: Python's main module


def test_the_source_page_keeps_no_long_script_of_its_own():
    # What index.html runs is in static/start/, one file per job; the page keeps data.
    page = SOURCE.read_text(encoding="utf-8")
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, re.DOTALL)
    lines = sum(len(text.splitlines()) for text in inline)
    assert lines < 150, lines


def test_a_script_the_page_does_not_name_fails_the_build():
    page = SOURCE.read_text(encoding="utf-8")
    tag = '<script src="./static/start/first_paint.js" data-inline></script>'
    assert page.count(tag) == 1
    with pytest.raises(BuildError, match="must name each"):
        inline.inline_start_scripts(page.replace(tag, ""))
    with pytest.raises(BuildError, match="must name each"):
        inline.inline_start_scripts(page.replace(tag, tag + tag))


def test_the_site_ships_the_runtimes_start_module_but_not_the_inlined_scripts():
    names = [path.name for path in inline.START_SCRIPTS.iterdir()]
    left_out = inline.not_copied(str(inline.START_SCRIPTS), names)
    assert left_out == {script.name for script in SCRIPTS}
    assert "pyodide_start.mjs" in names and "pyodide_start.mjs" not in left_out
    assert inline.not_copied(str(ROOT / "static"), ["style.css", "__pycache__"]) == {"__pycache__"}


def test_the_stub_types_every_function_the_scripts_give_python_with_its_arguments():
    # typings/page_functions.pyi types static/page/bridge.py's on_page: a function the
    # scripts define, or an argument they take, that the stub misses would go unchecked.
    # (Names in __ are what one script hands another, before Python: not Python's.)
    defined: dict[str, int] = {}
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        for name, params in re.findall(r"window\.(\w+) = \(([^)]*)\) =>", text):
            if not name.startswith("__"):
                defined[name] = len([p for p in params.split(",") if p.strip()])
    stub = ast.parse((ROOT / "typings" / "page_functions.pyi").read_text(encoding="utf-8"))
    (protocol,) = [node for node in stub.body if isinstance(node, ast.ClassDef)]
    typed = {
        node.name: len(node.args.posonlyargs) + len(node.args.args) - 1  # not self
        for node in protocol.body
        if isinstance(node, ast.FunctionDef)
    }
    assert "applyPageChanges" in typed and "copyText" in typed
    assert typed == {name: count for name, count in defined.items() if name != "pythonBusy"}
