"""Record which standard library modules the page and the computer's worker import, and
write them to sitebuild/stdlib_modules.txt (the list sitebuild/stdlib.py trims the shipped
standard library to). Run again after the page, the engine or the runtime changes:

    python -m sitebuild.stdlib_record

Three recordings, joined:

1. CPython, over the test suite's non-browser part (``python -m pytest -m "not browser"``
   with this module as a plugin): every standard library module that a module of the
   archipelago package or of static/page/ imports, at whatever moment it does (the lazy
   imports inside functions included), caught by wrapping ``__import__``, which sees
   even an import of a module already loaded.
2. The pinned Pyodide under Node: the engine archive unpacked and every module of it
   imported, then each module of recording 1 and each module that the page's sources and
   its libraries name in an import (``named_imports``): ``sys.modules`` then holds what
   those imports pull in on the browser's Python (its own version, its own internals).
3. The built page in chromium (sitebuild/stdlib_session.py), Python in PyScript's worker
   and on the page's thread: both games, moves, the computer's moves and hints, the
   analysis, the lesson, sharing and the games list; then ``sys.modules`` of every
   interpreter of the page (PyScript's and the computer's worker's).
"""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .node import run_module_script
from .paths import PYSCRIPT_CONFIG, ROOT
from .snapshot import IMPORT_ALL

# The importers recorded: the engine, and the page's modules beside app.py.
PAGE_MODULES = frozenset(
    Path(home).stem for source, home in PYSCRIPT_CONFIG["files"].items() if source.endswith(".py")
) | {"app"}
OUTPUT_ENV = "ARCHIPELAGO_STDLIB_RECORD"  # where recording 1 writes its names (JSON)

_recorded: set[str] = set()


def _ours(globals_: Any) -> bool:
    name = globals_.get("__name__", "") if isinstance(globals_, dict) else ""
    return name.split(".")[0] in PAGE_MODULES | {"archipelago"}


def _standard(name: str) -> bool:
    return name.split(".")[0] in sys.stdlib_module_names


def _recording_import(original: Any) -> Any:
    def recording(
        name: str, globals_: Any = None, locals_: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        module = original(name, globals_, locals_, fromlist, level)
        if level == 0 and _ours(globals_) and _standard(name):
            _recorded.add(name)
            for item in fromlist or ():
                if f"{name}.{item}" in sys.modules:  # `from package import submodule`
                    _recorded.add(f"{name}.{item}")
        return module

    return recording


def pytest_configure() -> None:
    """As a pytest plugin (recording 1): start recording."""
    builtins.__import__ = _recording_import(builtins.__import__)


def pytest_unconfigure() -> None:
    target = os.environ.get(OUTPUT_ENV)
    if target:
        Path(target).write_text(json.dumps(sorted(_recorded)), encoding="utf-8")


def record_cpython() -> set[str]:
    """Recording 1: run the non-browser tests with this module as a plugin."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "recorded.json"
        environment = {**os.environ, OUTPUT_ENV: str(output)}
        command = [sys.executable, "-m", "pytest", "-m", "not browser", "-q"]
        # In this one process (-n0), where the plugin records: not in parallel workers.
        command += ["-n0", "-p", "no:cacheprovider", "-p", "sitebuild.stdlib_record", "tests"]
        command += ["--ignore", "tests/quality", "--ignore", "tests/browser"]
        # A failing test still recorded what it imported: the recording is kept, and said.
        done = subprocess.run(command, cwd=ROOT, env=environment, check=False)
        if done.returncode != 0:
            print(f"  (the tests ended with status {done.returncode}; their imports are kept)")
        return set(json.loads(output.read_text(encoding="utf-8")))


# Recording 2: prints sys.modules after the engine (every module of the archive, as the
# snapshot imports them: $IMPORT_ALL) and the names of $NAMES are imported.
IN_PYODIDE = r"""
const { loadPyodide } = await import(process.env.PYODIDE_MODULE);
const { readFileSync } = await import("node:fs");
const pyodide = await loadPyodide({});
const archive = new Uint8Array(readFileSync(process.env.ARCHIVE));
pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
pyodide.runPython(process.env.IMPORT_ALL);
pyodide.globals.set("NAMES", process.env.NAMES);
process.stdout.write(pyodide.runPython(`
import importlib, json, sys
for name in json.loads(NAMES):
    try:
        importlib.import_module(name)
    except ImportError:  # CPython's own (a module Pyodide leaves out): nothing to ship
        pass
json.dumps(sorted(sys.modules))
`));
"""


def record_pyodide(pyodide_dir: Path, archive: Path, names: set[str]) -> set[str]:
    """Recording 2: the modules loaded in the pinned Pyodide (full standard library)."""
    environment = {
        "PATH": os.environ.get("PATH", ""),
        "PYODIDE_MODULE": (pyodide_dir / "pyodide.mjs").as_uri(),
        "ARCHIVE": str(archive),
        "IMPORT_ALL": IMPORT_ALL,
        "NAMES": json.dumps(sorted(names)),
    }
    printed = run_module_script(IN_PYODIDE, "to record the engine's imports", ROOT, env=environment)
    return set(json.loads(printed))


def named_imports() -> set[str]:
    """The modules that the page's own files (static/page/) and the page's libraries
    (requirements-page.txt) import when they are imported, read from their sources:
    recording 2 imports them too, so a module no recorded flow reached (a dialog's, or a
    library fetched when first needed) still ships with what it pulls in. (A library's
    imports inside its functions, a file format or a viewer it may call, are left out.)"""
    import ast

    from .libraries import library_files, pinned

    sources = [path.read_bytes() for path in (ROOT / "static" / "page").glob("*.py")]
    for name, version in pinned().items():
        files = library_files(name, version)
        sources += [text for path, text in files.items() if path.endswith(".py")]
    names: set[str] = set()
    for source in sources:
        for node in ast.parse(source).body:  # what importing the module runs
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return names


def standard_only(names: set[str], stdlib_zip: Path) -> list[str]:
    """The names of ``names`` that are modules of the standard library's zip."""
    import zipfile

    from .stdlib import module_of

    with zipfile.ZipFile(stdlib_zip) as archive:
        in_zip = {module_of(name) for name in archive.namelist()} - {None}
    return sorted(name for name in names if name in in_zip)


def main() -> None:
    from . import assemble, stdlib
    from .paths import PYODIDE_SRC
    from .stdlib_session import record_page

    with tempfile.TemporaryDirectory() as folder:
        site = assemble.build(Path(folder) / "site", trim=False)
        print("recording the page's flows in chromium")
        page = record_page(site)
        print("recording the non-browser tests under CPython")
        cpython = record_cpython()
        print("recording the engine's imports in Pyodide")
        named = named_imports()
        pyodide = record_pyodide(PYODIDE_SRC, site / "archipelago.zip", cpython | named)
    kept = standard_only(cpython | pyodide | page, PYODIDE_SRC / "python_stdlib.zip")
    header = [
        "# The standard library modules the site ships (sitebuild/stdlib.py), recorded by",
        "# `python -m sitebuild.stdlib_record`: regenerate, never edit by hand.",
    ]
    stdlib.LIST.write_text("\n".join(header + kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} modules written to {stdlib.LIST.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
