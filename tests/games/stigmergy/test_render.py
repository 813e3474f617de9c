"""Stigmergy's SVG board: cells shaded by control, stones, threatened stones, last move."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from archipelago.games.stigmergy.render import sight_svg
from archipelago.hexgrid import AXIAL_DIRECTIONS, board_for
from tests.support.stighelpers import control_from_scratch, play, sight_from_scratch

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


def lines_by_walking(size: int, cells: list[int], name: str) -> dict[int, tuple[list[str], int]]:
    """Per direction, the cell names a line of sight from ``name`` runs over (up to and
    including the first stone) and that stone's owner, by stepping along axial
    coordinates (no ray tables)."""
    board = board_for(size)
    where = {coordinate: index for index, coordinate in enumerate(board.axial)}
    q, r = board.axial[board.index(name)]
    out = {}
    for direction, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
        seen, owner = [], 0
        x, y = q + dq, r + dr
        while (x, y) in where and not owner:
            seen.append(board.names[where[(x, y)]])
            owner = cells[where[(x, y)]]
            x, y = x + dq, y + dr
        out[direction] = (seen, owner)
    return out


def test_sight_lines_run_to_the_first_stone_and_match_a_walk_along_the_axes() -> None:
    rng = random.Random(11)
    for size in (3, 4, 6):
        game = play(size, [])
        names = game.geo.board.names
        for _ in range(40):
            legal = [c for c in game.legal_codes() if c < 2 * len(game.cells)]
            if not legal:
                break
            game.push_code(rng.choice(legal))
            for name in rng.sample(names, 5):
                lines = game.sight_lines(game.geo.board.index(name))
                walked = lines_by_walking(size, game.cells, name)
                assert [line.direction for line in lines] == list(range(6))
                for line in lines:
                    assert ([names[c] for c in line.cells], line.owner) == walked[line.direction]
                # What the lines meet is what the cell sees, the counts control uses.
                counts = sight_from_scratch(size, game.cells)
                cell_index = names.index(name)
                for player in (1, 2):
                    met = sum(line.owner == player for line in lines)
                    assert met == counts[player][cell_index]


def test_sight_lines_of_a_known_position() -> None:
    # Side 4: player 1 on a4 and g3, player 2 on a1 and d1.
    game = play(4, ["a4", "a1", "g3", "d1"])
    board = game.geo.board
    found = [
        (tuple(board.names[c] for c in line.cells), line.owner)
        for line in game.sight_lines(board.index("a2"))
    ]
    lines = dict(found)
    # From a2 along row a: a3 then the stone on a4 (player 1); the other way a1 (player 2).
    assert lines[("a3", "a4")] == 1 and lines[("a1",)] == 2
    # a2 is on the edge: two of its six lines have no cells.
    assert sum(1 for seen, _ in found if seen == ()) == 2
    # A corner stone sees along three lines only.
    corner = game.sight_lines(board.index("a1"))
    assert sorted(len(line.cells) > 0 for line in corner) == [False] * 3 + [True] * 3


def test_sight_svg_draws_each_line_to_the_stone_it_meets() -> None:
    game = play(4, ["a4", "a1", "g3", "d1"])
    svg = sight_svg(game, "a2")
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    group = root.find(f"{SVG}g")
    assert group is not None and group.get("data-from") == "a2"
    drawn = {
        line.get("data-to"): line.get("data-owner")
        for line in root.iter(f"{SVG}line")
        if "sight-line" in line.get("class", "")
    }
    expected = {
        game.geo.board.names[line.cells[-1]]: str(line.owner)
        for line in game.sight_lines(game.geo.board.index("a2"))
        if line.cells
    }
    assert drawn == expected and len(drawn) == 4
    rings = {c.get("data-seen") for c in root.iter(f"{SVG}circle") if c.get("data-seen")}
    assert rings == {name for name, owner in expected.items() if owner != "0"}
    assert rings == {"a4", "a1"}
    dashed = [x for x in root.iter(f"{SVG}line") if "open" in x.get("class", "").split()]
    assert all(x.get("data-owner") == "0" for x in dashed) and len(dashed) == 2
    # The drawing fits into the board's overlay: the same geometry as the board.
    assert "svg.stigmergy .sight-line.p1" in game.board_svg()
