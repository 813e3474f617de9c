"""The built site and the renderer, without a browser."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib

import pytest

from archipelago.games.archipelago import render
from archipelago.registry import from_record
from sitebuild import paths
from sitebuild.index import index_page


@pytest.mark.browser  # the session's build of dist/
def test_dist_holds_only_the_trimmed_runtime(built_site):
    dist = built_site
    names = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert "pyodide/pyodide.asm.wasm" in names and "archipelago.zip" in names
    assert not [n for n in names if n.endswith(".map")]
    assert not [n for n in names if re.search(r"codemirror|py-editor|py-terminal|xterm", n)]
    lock = (dist / "pyodide" / "pyodide-lock.json").read_text()
    assert '"packages": {}' in lock
    for page in ("index.html", "static/rules.html"):
        html = (dist / page).read_text(encoding="utf-8")
        urls = re.findall(r'(?:src|href)="([^"]*)"', html)
        assert urls and all(not re.match(r"[a-z]+://|/", u) for u in urls), urls


def test_the_plugin_list_is_defined_once_in_pyscript_toml():
    listed = tomllib.loads((paths.ROOT / "pyscript.toml").read_text(encoding="utf-8"))["plugins"]
    source = (paths.ROOT / "index.html").read_text(encoding="utf-8")
    assert "!codemirror" in listed and "!codemirror" not in source
    config = re.search(r"<mpy-config>(.*?)</mpy-config>", index_page(paths.ROOT / "index.html"))
    assert config and json.loads(config.group(1)) == {"plugins": listed}
    assert listed == paths.PLUGINS_OFF  # the bench's bare page switches off the same ones


def test_wrong_arguments_exit_2_without_traceback():
    for args in (["bogus"], ["serve", "--port", "x"], ["serve", "--port", "70000"]):
        done = subprocess.run(
            [sys.executable, "build.py", *args], cwd=paths.ROOT, capture_output=True, text=True
        )
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr and "usage" in done.stderr


def test_board_svg_has_a_shape_per_cell_and_a_stone_per_stone():
    state = from_record(
        {
            "game": "archipelago",
            "size": 4,
            "players": 3,
            "turns": ["1d4", "2d5,2e5"],
            "current": "3a1",
        }
    )
    svg = render.board_svg(state)
    cells = re.findall(r'data-cell="([a-z]\d+)"', svg)
    assert cells == list(state.board.names)
    stones = re.findall(r'data-color="(\d)" data-at="([a-z]\d+)"', svg)
    assert sorted(stones) == [("1", "d4"), ("2", "d5"), ("2", "e5"), ("3", "a1")]
    assert svg.count("pending-ring") == 1  # 3a1 is the turn in progress
    assert svg.count('class="isle-edge p2"') == 1  # d5-e5 is an island; d4 and a1 are single


def test_effect_words():
    state = from_record(
        {"game": "archipelago", "size": 4, "players": 2, "turns": ["1d1", "1d3,2a1", "1d6,1d7"]}
    )
    index = state.board.index
    assert render.effect_of(state, 1, index("d2"))[0] == 1  # d1 and d3 are single: new group
    assert render.effect_of(state, 1, index("d5")) == (0, "would grow an island")
    assert render.effect_of(state, 2, index("g1"))[0] == 0
