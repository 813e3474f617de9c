"""Every module of the package is imported by a test module, so that its tests are found
from its path (tests/README.md). What a test imports is read from its syntax tree:
``import a.b`` and ``from a.b import c`` name ``a.b`` (and ``a.b.c`` when that is a
module); a name a package re-exports from one of its modules does not count for that
module. A package whose ``__init__.py`` holds only its docstring has no code to import.

The few modules no test imports are listed below with where their code is tested instead.
The list only shrinks: a module named here that a test comes to import must leave it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "archipelago"
TESTS = ROOT / "tests"

# Module -> where its code is tested, though no test module imports it by name.
COVERED_ELSEWHERE = {
    # Entry points, run as commands.
    "archipelago.__main__": "tests/cli/ runs `python -m archipelago` in a subprocess",
    "archipelago.analysis.evaluate": "analysis.turns.analyse values every turn with it "
    "(tests/analysis/test_analysis.py)",
    # Imported through their package's names (archipelago.games.<game>.ai).
    "archipelago.games.archipelago.ai.baselines": "tests/games/archipelago/ai/test_ai.py",
    "archipelago.games.stigmergy.ai.knowledge": "tests/games/stigmergy/ai/test_ai.py",
    # Data the registry reads; every manifest is checked in tests/games/test_manifest.py.
    "archipelago.games.archipelago.manifest": "tests/games/test_manifest.py",
    "archipelago.games.stigmergy.manifest": "tests/games/test_manifest.py",
    # Reached through the class or kit built on them.
    "archipelago.games.archipelago.kit": "kits.kit_for in tests/page/ (view/test_panels.py, "
    "test_controller.py)",
    "archipelago.games.stigmergy.position": "StigmergyGame, its subclass, rule by rule in "
    "tests/games/stigmergy/test_rules.py and test_properties.py",
    "archipelago.games.stigmergy.views": "StigmergyGame.explain_move and summary in "
    "tests/games/stigmergy/test_rules.py and tests/games/test_record_format.py",
    # Protocols and frozen data classes: mypy --strict checks the kits against them.
    "archipelago.page.contract": "tests/quality/test_quality.py (mypy --strict)",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def only_a_docstring(path: Path) -> bool:
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)


def package_modules() -> set[str]:
    """Every module of the package, but packages whose ``__init__`` is only a docstring."""
    return {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
        and not (path.name == "__init__.py" and only_a_docstring(path))
    }


def imported_by_tests() -> set[str]:
    """Every dotted name the test modules import, and each ``from`` import's names."""
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def unimported() -> list[str]:
    """The package modules no test module imports."""
    return sorted(package_modules() - imported_by_tests())


def test_every_module_is_imported_by_a_test_or_says_where_it_is_tested():
    modules = package_modules()
    missing = [name for name in unimported() if name not in COVERED_ELSEWHERE]
    assert len(modules) > 90 and missing == [], (
        "no test module imports these: test each in the file that mirrors its path "
        f"(tests/README.md), or say in COVERED_ELSEWHERE where it is tested: {missing}"
    )


def test_the_list_names_only_modules_that_no_test_imports():
    stale = sorted(set(COVERED_ELSEWHERE) - set(unimported()))
    assert stale == [], f"imported by a test now (or gone): take them off the list: {stale}"
