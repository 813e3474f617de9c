"""Each game is a folder with a manifest that the platform reads (archipelago.manifest):
the manifests agree with the games they describe, the registry finds the folders (from
the source tree and from a zipped package, as Pyodide has it), and the platform names no
game of its own."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from archipelago.errors import RecordError
from archipelago.levels import LEVELS
from archipelago.page.kits import kit_for
from archipelago.registry import game_class, game_names, manifest_of, manifests, new_game
from archipelago.search.players import computer_players

ROOT = Path(__file__).resolve().parents[2]
SOURCE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".toml", ".json", ".webmanifest"}


def test_the_registry_finds_both_game_folders_by_their_manifests():
    assert game_names()[:2] == ["archipelago", "stigmergy"]
    for manifest in manifests():
        folder = ROOT / "archipelago" / "games" / manifest.name
        assert manifest.package == f"archipelago.games.{manifest.name}"
        assert (folder / "manifest.py").is_file()


@pytest.mark.parametrize("name", ["archipelago", "stigmergy"])
def test_a_manifest_agrees_with_its_game(name):
    manifest = manifest_of(name)
    cls = game_class(name)
    assert (manifest.title, manifest.sizes, manifest.default_size, manifest.players) == (
        cls.title,
        cls.sizes,
        cls.default_size,
        cls.player_counts,
    )
    assert cls.name == name
    # The rules take exactly the sides and player counts the manifest offers.
    players = {"players": manifest.players[0]} if len(manifest.players) > 1 else {}
    for size in (manifest.sizes[0], manifest.sizes[-1], manifest.default_size):
        assert new_game(name, size=size, **players).to_record()["size"] == size
    for size in (manifest.sizes[0] - 1, manifest.sizes[-1] + 1):
        with pytest.raises(RecordError):
            new_game(name, size=size, **players)
    if players:
        most = manifest.players[-1]
        assert new_game(name, size=manifest.default_size, players=most).player_count == most
        for count in (manifest.players[0] - 1, manifest.players[-1] + 1):
            with pytest.raises(RecordError):
                new_game(name, size=manifest.default_size, players=count)
    kit = kit_for(name)
    assert type(kit).__module__ == f"archipelago.games.{name}.kit"
    assert kit.rules_page == f"./{manifest.rules_page}"
    assert (ROOT / "archipelago" / "games" / name / manifest.rules).is_file()
    # The New game dialog's defaults are the manifest's, and they make the engine's
    # default game.
    assert kit.default_options() == {"size": manifest.default_size, **manifest.option_defaults()}
    fresh = new_game(name, size=manifest.default_size, **players).to_record()
    assert kit.new_game(kit.default_options()).to_record() == fresh
    players = computer_players(name)
    assert players is not None and manifest.levels == LEVELS
    assert players is manifest.load(manifest.computer_players)


def test_listing_the_games_loads_no_engine():
    code = (
        "import sys, archipelago.registry as g; print(g.game_names()); "
        "print(sorted(m for m in sys.modules if m.endswith(('.state', '.kit', '.ai'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == ["['archipelago', 'stigmergy']", "[]"]


def test_the_registry_finds_the_games_in_a_zipped_package(tmp_path):
    """The page's interpreter may import the package from a zip: the folders are still
    found, and a game loads from there."""
    archive = tmp_path / "archipelago.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted((ROOT / "archipelago").rglob("*.py")):
            zipped.write(path, path.relative_to(ROOT).as_posix())
    code = (
        "import archipelago, archipelago.registry as g; "
        f"assert archipelago.__file__.startswith({str(archive)!r}), archipelago.__file__; "
        "print(g.game_names(), g.new_game('stigmergy', size=4).title)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(archive)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['archipelago', 'stigmergy'] Stigmergy"


def platform_files_naming(word: str) -> list[str]:
    """Source files outside the game's folder, tests/ and docs/ that name ``word``."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    skip = (f"archipelago/games/{word}/", "tests/", "docs/")
    return [
        name
        for name in tracked
        if Path(name).suffix in SOURCE_SUFFIXES
        and not name.startswith(skip)
        and (ROOT / name).is_file()
        and word in (ROOT / name).read_text(encoding="utf-8", errors="replace").lower()
    ]


def test_at_most_one_source_file_outside_its_folder_names_stigmergy():
    assert len(platform_files_naming("stigmergy")) <= 1, platform_files_naming("stigmergy")


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module ``path`` (a module of ``package``) imports, at any depth in the
    file, relative imports made absolute; ``from a import b`` counts ``a`` and ``a.b``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_no_game_imports_another_game():
    games = ROOT / "archipelago" / "games"
    folders = sorted(p.name for p in games.iterdir() if (p / "manifest.py").is_file())
    assert folders[:2] == ["archipelago", "stigmergy"]
    borrowed = []
    for game in folders:
        for path in sorted((games / game).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            package = ".".join(parts if path.name == "__init__.py" else parts[:-1])
            package = package.removesuffix(".__init__")
            for module in imported_modules(path, package):
                for other in folders:
                    if other != game and module.startswith(f"archipelago.games.{other}"):
                        borrowed.append(f"{path.relative_to(ROOT)} imports {module}")
    assert borrowed == []


def test_both_games_draw_with_the_platforms_hex_svg():
    for game in ("archipelago", "stigmergy"):
        path = ROOT / "archipelago" / "games" / game / "render.py"
        modules = imported_modules(path, f"archipelago.games.{game}")
        assert "archipelago.hexsvg.board_geometry" in modules
        assert "archipelago.hexsvg.stone" in modules


def test_the_platform_imports_no_game():
    """Outside the game folders (the package, the page's glue, the build), no module
    imports a game's modules: it asks the registry, which reads the manifests."""
    games = ROOT / "archipelago" / "games"
    folders = sorted(p.name for p in games.iterdir() if (p / "manifest.py").is_file())
    platform = [
        path
        for path in [*(ROOT / "archipelago").rglob("*.py"), *(ROOT / "static").rglob("*.py")]
        if games not in path.parents or path.parent == games
    ] + sorted(ROOT.glob("build*.py"))
    assert len(platform) > 40
    imports = []
    for path in platform:
        parts = path.relative_to(ROOT).with_suffix("").parts
        package = ".".join(parts[:-1]) if path.name != "__init__.py" else ".".join(parts[:-1])
        for module in imported_modules(path, package):
            if any(module.startswith(f"archipelago.games.{game}") for game in folders):
                imports.append(f"{path.relative_to(ROOT)} imports {module}")
    assert imports == []


@pytest.mark.parametrize("name", game_names())
def test_a_new_game_without_options_takes_its_manifests_defaults(name):
    manifest = manifest_of(name)
    record = new_game(name).to_record()
    assert record["size"] == manifest.default_size and record["turns"] == []
    assert new_game(name, size=min(manifest.sizes)).to_record()["size"] == min(manifest.sizes)
