"""Stigmergy's SVG board: cells shaded by control, stones, threatened stones, last move."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from stighelpers import control_from_scratch, play

SVG = "{http://www.w3.org/2000/svg}"


def test_board_svg_shows_control_stones_threats_and_the_last_move() -> None:
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2"])
    svg = game.board_svg()
    root = ET.fromstring(svg)  # well-formed XML
    assert root.get("class") == "board stigmergy"
    polygons = root.findall(f".//{SVG}polygon[@data-cell]")
    assert len(polygons) == 37
    control = control_from_scratch(4, game.cells)
    names = game.geo.board.names
    for polygon in polygons:
        index = names.index(polygon.get("data-cell"))
        assert polygon.get("data-control") == str(control[index])
        shaded = "ctrl" in polygon.get("class", "").split()
        assert shaded == (not game.cells[index] and control[index] != 0)
    # g1 is empty and player 2's; a1 is player 2's stone under player 1's control.
    assert 'class="cell ctrl p2" data-cell="g1"' in svg
    stones = {g.get("data-at"): g for g in root.iter(f"{SVG}g") if g.get("data-at")}
    assert sorted(stones) == ["a1", "a4", "d1", "f2", "g2", "g3"]
    assert stones["a1"].get("data-color") == "2"
    for name, g in stones.items():
        index = names.index(name)
        threatened = control[index] == 3 - game.cells[index]  # the opponent may flip it
        assert ("threatened" in g.get("class", "").split()) == threatened
    # a1 (seen by a4 and d1) and a4 (seen by a1 and, along the long line, f2) are.
    assert [n for n, g in stones.items() if "threatened" in g.get("class", "")] == ["a1", "a4"]
    assert [name for name, g in stones.items() if g.get("data-last")] == ["f2"]


def test_board_svg_options() -> None:
    game = play(3, ["c3"], komi=0)
    bare = game.board_svg(labels=False, shading=False, title="A <test>")
    root = ET.fromstring(bare)
    assert root.find(f".//{SVG}text") is None
    assert not [p for p in root.iter(f"{SVG}polygon") if "ctrl" in p.get("class", "")]
    assert "<title>A &lt;test&gt;</title>" in bare
    assert len(re.findall(r"<text", game.board_svg())) > 0
