"""archipelago.zip (sitebuild/archive.py): the engine as byte-code alone, without the
modules of the command line and the games' developer programs (their manifests' ``tools``),
which nothing the page runs may import; every module that runs as a program is one of them."""

from __future__ import annotations

import ast
import dataclasses
import re
import zipfile
from pathlib import Path

from archipelago.registry import manifests
from sitebuild import archive, paths
from tests.quality.test_import_graph import imported_names, package_modules


def by_name(module: str) -> str:
    """A pattern of ``module`` named in a text: whole, or from below the package when
    that leaves a dotted name (``search.match``; ``cli`` alone is a word of English)."""
    tail = module.partition(".")[2]
    names = [module] + ([tail] if "." in tail else [])
    return r"(?<![\w.])(" + "|".join(map(re.escape, names)) + r")(?![\w])"


def left_out_modules() -> dict[str, Path]:
    """{dotted name: file} of the package's modules that archive.left_out() names."""
    names = archive.left_out()
    return {
        module: path
        for module, path in package_modules().items()
        if path.relative_to(paths.ROOT).as_posix() in names
    }


def test_the_left_out_modules_exist_and_no_other_module_imports_them():
    modules = package_modules()
    left_out = set(left_out_modules())
    assert len(left_out) == len(archive.left_out())  # a module renamed away leaves it
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


def test_a_manifest_names_its_tools_in_no_other_field():
    """A manifest names its modules relative to its folder (".ai.selfplay"), which the
    search by name above does not see: none of the targets the page loads is a tool."""
    left_out = set(left_out_modules())
    for manifest in manifests():
        values = [getattr(manifest, field.name) for field in dataclasses.fields(manifest)]
        values += [option.check for option in manifest.options]
        targets = [value for value in values if isinstance(value, str) and value.startswith(".")]
        named = {manifest.absolute(target.partition(":")[0]) for target in targets}
        assert named & left_out == set(), manifest.name


def runs_as_a_program(path: Path) -> bool:
    """Whether a module is a program: it parses a command line (argparse) or runs under
    ``if __name__ == "__main__":``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imports: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imports.add(node.module.partition(".")[0])
    main_guard = any(
        isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) for node in tree.body
    )
    return "argparse" in imports or main_guard


def test_every_program_of_the_package_is_left_out():
    """A developer's program added to a game without listing it in the manifest's
    ``tools`` (or to the platform without COMMAND_LINE_ONLY) fails here, by name."""
    programs = {module for module, path in package_modules().items() if runs_as_a_program(path)}
    assert programs - set(left_out_modules()) == set()
    assert {
        "archipelago.cli",
        "archipelago.games.stigmergy.ai.selfplay",
        "archipelago.games.archipelago.ai.fit_balance",
    } <= programs


def test_the_engine_sources_are_the_package_but_the_left_out_modules():
    sources = archive.engine_sources()
    assert "archipelago/page/controller.py" in sources
    assert "archipelago/games/archipelago/position.py" in sources
    # The page reads puzzles and names their themes; making and proving them is the
    # command line's.
    assert "archipelago/puzzles/puzzle.py" in sources
    assert "archipelago/games/stigmergy/puzzle_themes.py" in sources
    assert not archive.left_out() & set(sources)
    assert {
        "archipelago/cli.py",
        "archipelago/games/stigmergy/ai/selfplay.py",
        "archipelago/games/archipelago/ai/fit_balance.py",
        "archipelago/puzzles/making.py",
        "archipelago/puzzles/proof.py",
        "archipelago/search/workers.py",
    } <= archive.left_out()
    assert sources["archipelago/game.py"] == (paths.ROOT / "archipelago" / "game.py").read_bytes()


def test_the_built_archive_holds_byte_code_and_no_source(built_site):
    names = set(zipfile.ZipFile(built_site / "archipelago.zip").namelist())
    assert not [name for name in names if name.endswith(".py")]
    engine = {name for name in names if name.startswith("archipelago/")}
    assert engine == {name + "c" for name in archive.engine_sources()}
    pages = {name for name in names if not name.startswith("archipelago/")}
    assert "__pycache__/bridge.cpython-314.pyc" in pages
    assert all("__pycache__/" in name for name in pages)


def test_byte_code_is_hash_based_and_checked_only_where_another_program_writes_the_source(
    built_site,
):
    with zipfile.ZipFile(built_site / "archipelago.zip") as zipped:
        flags = {
            name: int.from_bytes(zipped.read(name)[4:8], "little") for name in zipped.namelist()
        }
    # Hash-based .pyc files (bit 0); checked (bit 1) only for the page's modules, whose
    # sources PyScript writes beside them (an engine module's .pyc takes its source's place).
    engine = {name for name in flags if name.startswith("archipelago/")}
    assert engine and {flags[name] for name in engine} == {1}
    pages = set(flags) - engine
    assert pages and {flags[name] for name in pages} == {3}
