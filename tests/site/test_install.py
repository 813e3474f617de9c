"""`pip install .` gives an `archipelago` command that behaves like `python -m archipelago`.

The quick checks read pyproject.toml and run the module from another directory; the wheel
check builds and installs the wheel offline with the setuptools already installed (the
version requirements-dev.txt pins), so it needs neither a network nor npm.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CACHES = shutil.ignore_patterns("__pycache__")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def package_dirs() -> set[str]:
    """Every importable package of the engine, by dotted name."""
    return {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "archipelago").rglob("__init__.py")
    }


def help_text(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        command + ["--help"], cwd=cwd, capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_script_entry_point_is_the_command_line_main():
    target = PYPROJECT["project"]["scripts"]["archipelago"]
    module_name, _, function = target.partition(":")
    main = getattr(importlib.import_module(module_name), function)
    from archipelago.cli import main as cli_main

    assert main is cli_main


def test_package_discovery_takes_every_engine_package_and_nothing_else():
    setuptools = pytest.importorskip("setuptools")
    include = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    found = set(setuptools.find_packages(str(ROOT), include=include))
    assert found == package_dirs()
    assert "archipelago.games.archipelago.ai" in found


def test_module_help_works_from_another_directory(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    text = help_text([sys.executable, "-m", "archipelago"], tmp_path, env)
    assert text.startswith("usage: ")
    assert "replay" in text and "bench" in text


def _setuptools_builds_wheels() -> str | None:
    """None when the installed setuptools can build a wheel by itself, else why not."""
    try:
        import setuptools
    except ImportError:
        return "setuptools is not installed (pip install -r requirements-dev.txt)"
    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    if (major, minor) < (70, 1):
        return (
            f"setuptools {setuptools.__version__} cannot build wheels without the wheel "
            "package; requirements-dev.txt pins a newer one"
        )
    return None


def test_the_installed_wheel_has_an_archipelago_command(tmp_path):
    reason = _setuptools_builds_wheels()
    if reason:
        pytest.skip(reason)
    # A copy of what the wheel is made from, so the build leaves nothing in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT / "archipelago", source / "archipelago", ignore=CACHES)
    shutil.copy2(ROOT / "pyproject.toml", source / "pyproject.toml")
    shutil.copy2(ROOT / "LICENSE", source / "LICENSE")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    offline = ["--no-deps", "--no-index", "--no-build-isolation"]
    subprocess.run(
        pip + ["wheel", *offline, "-w", str(tmp_path / "wheel"), str(source)],
        check=True,
        cwd=tmp_path,
        timeout=300,
    )
    (wheel,) = (tmp_path / "wheel").glob("archipelago-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    top_level = {name.split("/")[0] for name in names}
    assert {name for name in top_level if not name.endswith(".dist-info")} == {"archipelago"}
    for package in package_dirs():
        assert package.replace(".", "/") + "/__init__.py" in names
    # PEP 561's marker, so type checkers read the package's hints, and the licence.
    assert "archipelago/py.typed" in names
    # Each game folder whole, its rules page included.
    for game in ("archipelago", "stigmergy"):
        assert f"archipelago/games/{game}/manifest.py" in names
        assert f"archipelago/games/{game}/rules.html" in names
    (licence,) = [name for name in names if name.endswith(".dist-info/licenses/LICENSE")]
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        assert "License-Expression: MIT" in archive.read(metadata).decode()

    site = tmp_path / "site"
    subprocess.run(
        pip + ["install", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
        check=True,
        cwd=tmp_path,
        timeout=300,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    command = help_text([str(site / "bin" / "archipelago")], elsewhere, env)
    module = help_text([sys.executable, "-m", "archipelago"], elsewhere, env)
    assert command == module
    assert "replay" in command
    # The installed registry finds both game folders by their manifests.
    listed = subprocess.run(
        [sys.executable, "-c", "import archipelago.registry as g; print(g.game_names())"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert listed.stdout.strip() == "['archipelago', 'stigmergy']"
