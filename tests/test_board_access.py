"""Screen-reader labels on the board SVGs: every cell names itself and what is on it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gamehelpers import replay
from stighelpers import control_from_scratch, play

from archipelago.render import COLOUR_NAMES, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def _cell_labels(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    assert root.get("role") == "group"
    assert root.get("aria-label")
    polygons = root.findall(f".//{SVG}polygon[@data-cell]")
    for polygon in polygons:
        assert polygon.get("role") == "img"
    return {p.get("data-cell", ""): p.get("aria-label", "") for p in polygons}


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
    from archipelago.page.storage import session_from_payload
    from archipelago.page.view import game_changes

    record = {"game": "archipelago", "size": 5, "players": 2, "turns": ["1a1", "2b2,2b3"]}
    session = session_from_payload({**record, "names": ["Ann", "<Bo>"]})
    labels = _cell_labels(game_changes(session, True)["#board"]["html"])
    assert labels["a1"] == "a1, Blue dot stone of Ann"
    assert labels["b3"] == "b3, Orange triangle stone of <Bo>"
