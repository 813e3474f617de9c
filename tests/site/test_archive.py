"""archipelago.zip (sitebuild/archive.py): the engine as byte-code alone, without the
modules of the command line, which nothing the page runs may import."""

from __future__ import annotations

import ast
import re
import zipfile

import pytest

from sitebuild import archive, paths
from tests.quality.test_import_graph import imported_names, package_modules

needs_npm = pytest.mark.skipif(
    not (paths.NODE_MODULES / "pyodide").is_dir(), reason="node_modules/ is missing: npm ci"
)


def by_name(module: str) -> str:
    """A pattern of ``module`` named in a text: whole, or from below the package when
    that leaves a dotted name (``search.match``; ``cli`` alone is a word of English)."""
    tail = module.partition(".")[2]
    names = [module] + ([tail] if "." in tail else [])
    return r"(?<![\w.])(" + "|".join(map(re.escape, names)) + r")(?![\w])"


def test_the_command_lines_modules_exist_and_no_other_module_imports_them():
    modules = package_modules()
    left_out = {
        module
        for module, path in modules.items()
        if path.relative_to(paths.ROOT).as_posix() in archive.COMMAND_LINE_ONLY
    }
    assert len(left_out) == len(archive.COMMAND_LINE_ONLY)  # a module renamed away leaves it
    importers = {
        module: sorted(imported_names(module, path, modules) & left_out)
        for module, path in modules.items()
        if module not in left_out
    }
    assert {module: names for module, names in importers.items() if names} == {}
    # Nor by name, as the manifests and the registry import (importlib.import_module).
    for module, path in modules.items():
        if module in left_out:
            continue
        texts = [
            node.value
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
        named = [name for name in left_out for text in texts if re.search(by_name(name), text)]
        assert named == [], module


def test_the_engine_sources_are_the_package_but_the_command_line():
    sources = archive.engine_sources()
    assert "archipelago/page/controller.py" in sources
    assert "archipelago/games/archipelago/position.py" in sources
    assert not archive.COMMAND_LINE_ONLY & set(sources)
    assert sources["archipelago/game.py"] == (paths.ROOT / "archipelago" / "game.py").read_bytes()


@needs_npm
def test_byte_code_takes_the_place_of_a_source_unless_another_program_writes_it():
    from sitebuild.pyc import compile_for_pyodide

    compiled = compile_for_pyodide(
        {"pkg/__init__.py": b"", "pkg/mod.py": b"X = 1\n", "page.py": b"Y = 2\n"},
        paths.ROOT,
        checked=frozenset({"page.py"}),
    )
    assert set(compiled) == {"pkg/__init__.pyc", "pkg/mod.pyc", "__pycache__/page.cpython-314.pyc"}
    flags = {name: int.from_bytes(data[4:8], "little") for name, data in compiled.items()}
    # Hash-based .pyc files (bit 0), checked (bit 1) only where PyScript writes the source.
    assert flags == {"pkg/__init__.pyc": 1, "pkg/mod.pyc": 1, "__pycache__/page.cpython-314.pyc": 3}


def test_the_built_archive_holds_byte_code_and_no_source(built_site):
    names = set(zipfile.ZipFile(built_site / "archipelago.zip").namelist())
    assert not [name for name in names if name.endswith(".py")]
    engine = {name for name in names if name.startswith("archipelago/")}
    assert engine == {name + "c" for name in archive.engine_sources()}
    pages = {name for name in names if not name.startswith("archipelago/")}
    assert "__pycache__/bridge.cpython-314.pyc" in pages
    assert all("__pycache__/" in name for name in pages)
