"""Screen-reader labels on the board SVGs: every cell names itself and what is on it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from archipelago.games.archipelago.render import board_svg
from archipelago.hexsvg import COLOUR_NAMES
from tests.support.gamehelpers import replay
from tests.support.stighelpers import control_from_scratch, play

SVG = "{http://www.w3.org/2000/svg}"


def _cell_labels(svg: str, grid: bool = False) -> dict[str, str]:
    root = ET.fromstring(svg)
    assert root.get("role") == ("none" if grid else "group")
    assert bool(root.get("aria-label")) is not grid  # in the grid, #board names the board
    polygons = root.findall(f".//{SVG}polygon[@data-cell]")
    for polygon in polygons:
        assert polygon.get("role") == ("gridcell" if grid else "img")
    return {p.get("data-cell", ""): p.get("aria-label", "") for p in polygons}


def _grid_rows(svg: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(row name, [(cell id, cell name)]) of every ARIA row, in reading order."""
    root = ET.fromstring(svg)
    rows = root.findall(f".//{SVG}g[@role='row']")
    return [
        (
            row.get("aria-label", ""),
            [(cell.get("id", ""), cell.get("data-cell", "")) for cell in row],
        )
        for row in rows
    ]


def test_every_archipelago_cell_says_what_is_on_it() -> None:
    state = replay(4, ["1a1", "2b2,3c3", "4d4,1e5"])
    labels = _cell_labels(board_svg(state, players={1: "Ann", 2: "Bo"}))
    assert len(labels) == state.board.cell_count
    names = state.board.names
    for index, name in enumerate(names):
        colour = state.cells[index]
        assert labels[name].startswith(f"{name}, ")
        if colour:
            assert COLOUR_NAMES[colour] in labels[name]
        else:
            assert labels[name] == f"{name}, empty"
    assert labels["a1"] == "a1, Blue dot stone of Ann"
    assert labels["b2"] == "b2, Orange triangle stone of Bo"
    assert labels["c3"] == "c3, Green square stone"  # no name given for colour 3


def test_player_names_and_titles_are_escaped_in_labels() -> None:
    state = replay(2, ["1a1"])
    hostile = 'Ann" onload="x()<&>'
    svg = board_svg(state, players={1: hostile}, title='Board "<b>"')
    labels = _cell_labels(svg)  # still well-formed XML
    assert labels["a1"] == f"a1, Blue dot stone of {hostile}"
    assert "onload=" not in svg.replace("onload=&quot;", "")
    assert ET.fromstring(svg).get("aria-label") == 'Board "<b>"'


def test_every_stigmergy_cell_says_stone_and_control() -> None:
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2"])
    labels = _cell_labels(game.board_svg(players={1: "Black", 2: "White <2>"}))
    assert len(labels) == 37
    control = control_from_scratch(4, game.cells)
    side = {1: "Black", 2: "White <2>"}
    for index, name in enumerate(game.geo.board.names):
        parts = [name, f"{side[game.cells[index]]} stone" if game.cells[index] else "empty"]
        if control[index]:
            parts.append(f"controlled by {side[control[index]]}")
        assert labels[name] == ", ".join(parts)
    assert labels["g1"] == "g1, empty, controlled by White <2>"
    assert labels["a1"] == "a1, White <2> stone, controlled by Black"


def test_the_page_names_the_players_in_cell_labels() -> None:
    from archipelago.page.saved.storage import session_from_payload
    from archipelago.page.view.changes import game_changes

    record = {"game": "archipelago", "size": 5, "players": 2, "turns": ["1a1", "2b2,2b3"]}
    session = session_from_payload({**record, "names": ["Ann", "<Bo>"]})
    labels = _cell_labels(game_changes(session, True)["#board"]["html"], grid=True)
    assert labels["a1"] == "a1, Blue dot stone of Ann"
    assert labels["b3"] == "b3, Orange triangle stone of <Bo>"


def test_the_pages_boards_are_aria_grids_of_rows_top_first() -> None:
    from archipelago.page.saved.storage import session_from_payload
    from archipelago.page.view.changes import game_changes

    for record in (
        {"game": "archipelago", "size": 3, "players": 2, "turns": ["1a1"]},
        {"game": "stigmergy", "size": 3, "turns": ["5", "a1"]},
    ):
        svg = game_changes(session_from_payload(record), True)["#board"]["html"]
        rows = _grid_rows(svg)
        assert [name for name, _ in rows] == ["Row e", "Row d", "Row c", "Row b", "Row a"]
        assert [len(cells) for _, cells in rows] == [3, 4, 5, 4, 3]
        assert rows[-1][1][0] == ("cell-a1", "a1")
        assert all(cell_id == f"cell-{name}" for _, cells in rows for cell_id, name in cells)
        root = ET.fromstring(svg)
        # Only the rows are read: stones, outlines and edge letters are drawing.
        for part in root.findall(f"{SVG}g"):
            if part.get("class") != "cells":
                assert part.get("aria-hidden") == "true", part.get("class")


def test_the_keyboard_cursor_is_the_grids_active_cell() -> None:
    from archipelago.page.saved.storage import session_from_payload
    from archipelago.page.view.changes import overlay_changes

    session = session_from_payload({"game": "archipelago", "size": 3, "players": 2, "turns": []})
    moved = overlay_changes(session, 1, None, ("c3", 0.0), "")
    assert moved["#board"]["attrs"] == {"aria-activedescendant": "cell-c3"}
    none = overlay_changes(session, 1, "c2", None, "")
    assert none["#board"]["attrs"] == {"aria-activedescendant": ""}


def test_the_edge_names_switch_is_called_coordinates() -> None:
    # Players of other game sites know the edge letters and numbers as coordinates.
    page = (Path(__file__).resolve().parents[3] / "index.html").read_text()
    button = re.search(r'<button[^>]*id="labels"[^>]*>([^<]*)</button>', page)
    assert button is not None and button.group(1) == "Coordinates"
