"""Imports inside the package run one way: no module reaches, at any depth, a module that
reaches it back. Every import counts: module level, inside functions, under
``TYPE_CHECKING``, relative ones resolved, and ``from package import name`` when ``name``
is a submodule. A cycle fails the test with the modules that form it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "archipelago"


def package_modules(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> source file, for every .py file under the package folder."""
    modules = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules that the module's import statements name, wherever they stand.

    ``from pkg import name`` counts as importing ``pkg.name`` when that is a module and as
    importing ``pkg`` otherwise. Importing ``a.b.c`` also runs ``a`` and ``a.b`` first, but
    every submodule shares that, so parents make no edge of their own."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = resolve_from(module, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                names.add(submodule if submodule in modules else base)
    return {name for name in names if name in modules and name != module}


def resolve_from(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute module a `from ... import` statement reads from."""
    if level == 0:
        return target or ""
    anchor = module.split(".")
    if not is_package:
        anchor = anchor[:-1]
    if level > 1:
        anchor = anchor[: len(anchor) - (level - 1)]
    return ".".join([*anchor, target] if target else anchor)


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    return {module: imported_names(module, path, modules) for module, path in modules.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def test_the_package_has_no_import_cycle():
    modules = package_modules()
    assert len(modules) > 50, "the walk found the package's modules"
    cycles = find_cycles(import_graph(modules))
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package_modules(root, "pkg")


@pytest.mark.parametrize(
    "importer",
    [
        "from . import b\n",
        "from .b import thing\n",
        "import pkg.b\n",
        "from pkg import b\n",
        "def f():\n    from .b import thing\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import thing\n",
    ],
)
def test_every_kind_of_import_makes_an_edge(tmp_path, importer):
    modules = write(
        tmp_path,
        {"pkg/__init__.py": "", "pkg/a.py": importer, "pkg/b.py": "thing = 1\n"},
    )
    assert import_graph(modules)["pkg.a"] == {"pkg.b"}


def test_a_cycle_through_a_subpackage_is_named(tmp_path):
    modules = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "def f():\n    from .sub.c import x\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": "from ..b import y\nx = 1\n",
            "pkg/b.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\ny = 2\n"
            ),
            "pkg/d.py": "from . import a\n",
        },
    )
    assert find_cycles(import_graph(modules)) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_a_name_that_is_not_a_module_makes_no_edge(tmp_path):
    modules = write(
        tmp_path,
        {"pkg/__init__.py": "from .a import helper\n", "pkg/a.py": "def helper(): ...\n"},
    )
    assert import_graph(modules) == {"pkg": {"pkg.a"}, "pkg.a": set()}
