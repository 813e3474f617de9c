"""Imports run one way: no module reaches, at any depth, a module that reaches it back.
Every import counts: module level, inside functions, under ``TYPE_CHECKING``, relative
ones resolved, and ``from package import name`` when ``name`` is a submodule. A cycle
fails the test with the modules that form it.

First the package, by its dotted names; then the whole repository's Python, each file
under the names it is imported by: the packages and root scripts from the root, the
page's files in static/ by their bare names (PyScript puts them all in one folder), and
the tests' files as pytest imports them (from the first folder up without an
``__init__.py``, which is how ``import pagekit`` or ``from conftest import READY``
reach them)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
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
    """The package modules that the module's import statements name, wherever they stand."""
    return imported_modules(module, path, set(modules)) - {module}


def imported_modules(module: str, path: Path, known: set[str]) -> set[str]:
    """The ``known`` module names that the import statements of ``module`` (the file at
    ``path``) name, wherever they stand, its own name included if it imports itself.

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
                names.add(submodule if submodule in known else base)
    return names & known


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


# ---------------------------------------------------------------- the whole repository
# What a build, an install or a tool makes (top-level folders), and caches anywhere: no
# source of the repository's.
MADE = {"dist", "build", "node_modules"}


@dataclass(frozen=True)
class Source:
    """A Python file of the repository under one name it is imported by, from ``home``
    (the folder on the import path that name starts from)."""

    path: str  # from the repository's root, as cycles are reported
    name: str
    home: str


def source_files(root: Path = ROOT) -> list[Path]:
    """Every .py file of the repository, none of what builds and tools make."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if parts[0] in MADE or any(part.startswith(".") or part == "__pycache__" for part in parts):
            continue
        found.append(path)
    return found


def dotted(path: Path, home: Path) -> str:
    parts = list(path.relative_to(home).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def pytest_home(path: Path) -> Path:
    """The folder pytest imports a test file or helper from: the first one up that is not
    a package (has no ``__init__.py``)."""
    folder = path.parent
    while (folder / "__init__.py").is_file():
        folder = folder.parent
    return folder


def names_of(path: Path, root: Path = ROOT) -> list[Source]:
    """The names ``path`` is imported by, its own (relative imports resolve from it)
    first: under static/ its bare name; under tests/ pytest's name for it, then its name
    from tests/ (for a test that puts tests/ on the import path); and its dotted path
    from the root, which every file has."""
    where = path.relative_to(root).as_posix()
    homes: list[Path] = []
    names = []
    if where.startswith("static/") and path.stem != "__init__":
        names.append(Source(where, path.stem, "static"))
    elif where.startswith("tests/"):
        homes += [pytest_home(path), root / "tests"]
    for home in [*homes, root]:
        name = dotted(path, home)
        if name and name not in {source.name for source in names}:
            names.append(Source(where, name, home.relative_to(root).as_posix()))
    return names


def repository_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """File -> the repository's files it imports, each named by its path from the root.

    An import names a module; when several files go by that name (two tests' folders
    each with a conftest.py), the one of the importer's own home is meant, else any of
    them may be: each makes an edge."""
    files = source_files(root)
    by_name: dict[str, list[Source]] = {}
    for path in files:
        for source in names_of(path, root):
            by_name.setdefault(source.name, []).append(source)
    graph: dict[str, set[str]] = {}
    for path in files:
        own = names_of(path, root)[0]
        targets: set[str] = set()
        for name in imported_modules(own.name, path, set(by_name)):
            candidates = by_name[name]
            at_home = [c for c in candidates if c.home == own.home]
            targets.update(c.path for c in at_home or candidates)
        graph[own.path] = targets
    return graph


def self_imports(graph: dict[str, set[str]]) -> list[str]:
    """The modules that import themselves (a script importing its own file under its
    module name runs it twice, with two copies of each class); a package's __init__ that
    takes a name from itself is no such thing."""
    return sorted(
        path
        for path, targets in graph.items()
        if path in targets and not path.endswith("__init__.py")
    )


def test_the_repository_has_no_import_cycle():
    graph = repository_graph()
    areas = {path.split("/")[0] for path in graph}
    assert {"archipelago", "sitebuild", "static", "tests", "build.py", "run_tests.py"} <= areas
    # Each way of naming a module found the imports made that way.
    assert "sitebuild/cli.py" in graph["build.py"]
    edges = [(a, b) for a, targets in graph.items() for b in targets]
    assert any(a.startswith("static/") and b.startswith("static/") for a, b in edges)
    assert any(a.startswith("tests/") and b.startswith("tests/") for a, b in edges)
    cycles = find_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)
    assert self_imports(graph) == []


def test_the_sites_build_imports_down_to_its_leaf():
    graph = repository_graph()
    build = {path: targets for path, targets in graph.items() if path.startswith("sitebuild/")}
    assert not {t for t in graph["sitebuild/paths.py"] if t.startswith("sitebuild/")}
    tools = {f"sitebuild/{name}.py" for name in ("cli", "bench", "starts", "lighthouse", "shots")}
    assert not [(a, t) for a, targets in build.items() if a not in tools for t in targets & tools]
    assert not [
        path
        for path, targets in graph.items()
        if path.startswith("archipelago/") and any(t.startswith("sitebuild/") for t in targets)
    ]


def test_static_files_import_each_other_by_bare_name_from_any_folder(tmp_path):
    write(
        tmp_path,
        {
            "static/page/a.py": "from b import thing\n",
            "static/computer/b.py": "def f():\n    import a\n",
            "static/c.py": "import pkg.d\n",
            "pkg/__init__.py": "",
            "pkg/d.py": "",
            "dist/static/a.py": "from b import thing\n",  # a build's copy: no source
        },
    )
    graph = repository_graph(tmp_path)
    assert graph["static/c.py"] == {"pkg/d.py"} and "dist/static/a.py" not in graph
    assert find_cycles(graph) == [["static/computer/b.py", "static/page/a.py"]]


def test_tests_import_as_pytest_names_them_nearest_folder_first(tmp_path):
    write(
        tmp_path,
        {
            "tests/conftest.py": "",
            "tests/helper.py": "from tests.browser.kit import x\n",
            "tests/browser/conftest.py": "import helper\n",
            "tests/browser/kit.py": "x = 1\n",
            "tests/browser/test_page.py": "from conftest import READY\nimport kit\n",
            "tests/games/hexclaim/__init__.py": "",
            "tests/games/hexclaim/state.py": "from . import pictures\n",
            "tests/games/hexclaim/pictures.py": "from .state import X\n",
            "tests/games/test_rules.py": "from support.tools import y\n",
            "tests/support/tools.py": "y = 2\n",
        },
    )
    graph = repository_graph(tmp_path)
    assert graph["tests/browser/test_page.py"] == {
        "tests/browser/conftest.py",
        "tests/browser/kit.py",
    }
    assert graph["tests/helper.py"] == {"tests/browser/kit.py"}
    assert graph["tests/games/test_rules.py"] == {"tests/support/tools.py"}
    assert find_cycles(graph) == [
        ["tests/games/hexclaim/pictures.py", "tests/games/hexclaim/state.py"]
    ]


def test_a_root_script_in_a_cycle_and_a_module_importing_itself_are_named(tmp_path):
    write(
        tmp_path,
        {
            "build.py": "from tools.cli import main\n\ndef again():\n    import build\n",
            "tools/__init__.py": "from tools import cli\nfrom tools import VERSION\n",
            "tools/cli.py": "import build\n",
        },
    )
    graph = repository_graph(tmp_path)
    assert find_cycles(graph) == [["build.py", "tools/cli.py"]]
    assert self_imports(graph) == ["build.py"]
