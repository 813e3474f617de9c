"""The tests mirror the source tree (tests/README.md): every test module lives in the
folder of the part it tests, never loose in tests/; each such folder is a package, so two
folders may hold files of the same name and helpers import as ``tests.support.<module>``;
and the helpers shared by tests live in tests/support/."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# Folders with rules of their own: the browser tests import their conftest and pagekit as
# pytest's rootdir-style siblings, and extragames/ holds a game the registry finds by path.
OWN_RULES = {"browser", "extragames"}
NOT_HELPERS = {"__init__.py", "conftest.py"}


def python_files() -> list[Path]:
    """Every Python file of the tests, but those of the folders with rules of their own."""
    return [
        path
        for path in sorted(TESTS.rglob("*.py"))
        if "__pycache__" not in path.parts
        and not OWN_RULES & set(path.relative_to(TESTS).parts[:1])
    ]


def test_no_test_module_sits_directly_in_tests():
    loose = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert loose == []


def test_every_folder_of_tests_is_a_package_up_to_tests():
    folders = {path.parent for path in python_files() if path.name.startswith("test_")}
    packages = {
        package
        for folder in folders
        for package in (folder, *folder.parents)
        if package.is_relative_to(TESTS)
    }
    missing = sorted(
        package.relative_to(TESTS).as_posix()
        for package in packages
        if not (package / "__init__.py").exists()
    )
    assert len(folders) >= 10 and missing == []


def test_helpers_live_in_support_and_support_holds_no_tests():
    support = TESTS / "support"
    helpers_elsewhere = [
        path.relative_to(TESTS).as_posix()
        for path in python_files()
        if path.parent != support
        and not path.name.startswith("test_")
        and path.name not in NOT_HELPERS
    ]
    tests_in_support = sorted(path.name for path in support.glob("test_*.py"))
    assert helpers_elsewhere == [] and tests_in_support == []
