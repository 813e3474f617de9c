"""docs/architecture.md matches the code: its layout names files that exist, and its "How
to add a game" steps are those the third test game (tests/extragames/hexclaim/) followed."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from archipelago import registry
from archipelago.manifest import Manifest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
HEXCLAIM = ROOT / "tests" / "extragames" / "hexclaim"


def section(title: str) -> str:
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def code_block(text: str) -> list[str]:
    """The lines of the first fenced block of ``text`` (a bare fence or ```text)."""
    found = re.search(r"^```\w*\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert found is not None, "no fenced block"
    return found[1].splitlines()


def layout_paths() -> list[str]:
    """The paths of the Layout block: each line's left column, under the folder of the
    line above it with less indentation."""
    parents: list[tuple[int, str]] = []
    paths = []
    for line in code_block(section("Layout")):
        indent = len(line) - len(line.lstrip())
        left = re.split(r"\s{2,}", line.strip())[0]
        while parents and parents[-1][0] >= indent:
            parents.pop()
        prefix = parents[-1][1] if parents else ""
        for name in filter(None, re.split(r"[,\s]+", left)):
            if "*" in name:
                continue
            paths.append(prefix + name)
            if name.endswith("/"):
                parents.append((indent, prefix + name))
    return paths


def test_every_path_of_the_layout_exists():
    paths = layout_paths()
    assert "archipelago/games/archipelago/manifest.py" in paths
    assert "archipelago/games/stigmergy/" in paths and "archipelago/hexsvg.py" in paths
    missing = [path for path in paths if not (ROOT / path).exists()]
    assert missing == []


def test_every_file_the_text_names_in_backquotes_exists():
    named = set(
        re.findall(r"`((?:archipelago|sitebuild|static|tests|docs)/[\w./-]+|build\.py)`", DOC)
    )
    assert len(named) > 15
    missing = sorted(path for path in named if not (ROOT / path.rstrip("/")).exists())
    assert missing == []


def game_folder_block() -> dict[str, bool]:
    """The files of a game folder in "How to add a game": name -> required?"""
    lines = code_block(section("How to add a game"))
    assert lines[0] == "archipelago/games/<game>/"
    files = {}
    for line in lines[1:]:
        name, _, words = line.strip().partition(" ")
        files[name] = "(optional" not in words
    return files


def test_the_third_game_has_the_files_the_steps_name_and_no_others():
    files = game_folder_block()
    present = {path.name for path in HEXCLAIM.iterdir() if path.name != "__pycache__"}
    required = {name for name, needed in files.items() if needed}
    assert required == {"__init__.py", "manifest.py", "state.py"}
    assert required <= present <= set(files)


def test_the_third_games_folder_imports_nothing_on_import():
    tree = ast.parse((HEXCLAIM / "__init__.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def test_the_manifest_fields_the_docs_name_are_the_manifests():
    fields = {f.name for f in dataclasses.fields(Manifest)}
    needed = {
        f.name
        for f in dataclasses.fields(Manifest)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    table = section("The manifest")
    in_table = set(re.findall(r"`(\w+)`", table.split("| Field |", 1)[1]))
    assert fields - {"package"} <= in_table
    steps = section("How to add a game")
    step3 = steps.split("3. ", 1)[1].split("\n4. ", 1)[0]
    assert set(re.findall(r"(\w+)=", step3)) == needed
    for field in re.findall(r"manifest's `(\w+)`", steps):
        assert field in fields
    # The third game follows step 3's spelling of its engine, and the path it joins by.
    source = (HEXCLAIM / "manifest.py").read_text(encoding="utf-8")
    assert 'engine=".state:HexClaim"' in source
    assert "add_games_path" in steps and registry.PATH_VARIABLE in steps
    assert callable(registry.add_games_path)


def test_the_layers_picture_is_committed_and_linked():
    assert "](layers.svg)" in DOC
    svg = (ROOT / "docs" / "layers.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<title" in svg and "hexsvg.py" in svg
