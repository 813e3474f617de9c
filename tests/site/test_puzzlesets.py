"""The puzzle sets in the site (sitebuild/puzzlesets.py): each game's set a file of its
own, read and checked before it ships, in neither the engine's zip nor the service
worker's precache (a first visit downloads no puzzle byte)."""

from __future__ import annotations

import json
import zipfile

import pytest

from archipelago.puzzles.puzzle import read_set, write_set
from sitebuild import paths
from sitebuild.paths import BuildError
from sitebuild.puzzlesets import is_puzzle_set, write_puzzle_sets
from tests.support.puzzlefixtures import fixture_sets


def game_folder(root, game):
    folder = root / "archipelago" / "games" / game
    folder.mkdir(parents=True)
    return folder


def test_each_games_set_ships_as_its_own_file(tmp_path):
    root, dist = tmp_path / "root", tmp_path / "dist"
    text = fixture_sets()["stigmergy"]
    (game_folder(root, "stigmergy") / "puzzles.jsonl").write_text("\n" + text, encoding="utf-8")
    game_folder(root, "archipelago")  # a game without a set ships none
    assert write_puzzle_sets(dist, root) == ["puzzles/stigmergy.jsonl"]
    shipped = (dist / "puzzles" / "stigmergy.jsonl").read_text(encoding="utf-8")
    assert shipped == write_set(read_set(text)) and is_puzzle_set("puzzles/stigmergy.jsonl")


def test_a_broken_set_stops_the_build_naming_its_line(tmp_path):
    lines = fixture_sets()["stigmergy"].splitlines()
    broken = "\n".join([lines[0], '{"id": "Bad Id"}'])
    (game_folder(tmp_path, "stigmergy") / "puzzles.jsonl").write_text(broken, encoding="utf-8")
    with pytest.raises(BuildError, match=r"stigmergy/puzzles.jsonl: line 2"):
        write_puzzle_sets(tmp_path / "dist", tmp_path)


def test_the_built_site_keeps_the_sets_out_of_the_zip_and_the_precache(built_site):
    names = zipfile.ZipFile(built_site / "archipelago.zip").namelist()
    assert not [name for name in names if "puzzles.jsonl" in name]
    script = (paths.DIST / "sw.js").read_text(encoding="utf-8")
    assets = json.loads(script.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    assert not [name for name in assets if "puzzles/" in name]
    for game_set in (paths.ROOT / "archipelago" / "games").glob("*/puzzles.jsonl"):
        assert (built_site / "puzzles" / f"{game_set.parent.name}.jsonl").is_file()
