"""Pictures of a game (archipelago.page.view.picture): well-formed, self-contained SVG
documents of the position shown and of the moves, for both games and 2 to 4 players."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from archipelago.games.archipelago.state import GameState
from archipelago.page.session import Session
from archipelago.page.view.picture import (
    PNG_WIDTH,
    WIDTH,
    mixed,
    moves_picture,
    painted,
    position_picture,
    turn_words,
)
from archipelago.registry import from_record, game_class
from tests.support.gamehelpers import replay

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ann", "Bob", "Chloé & Co", "Dev"]


def archipelago_session(players: int, turns: list[str], current: str | None = None) -> Session:
    return Session(replay(players, turns, size=4, current=current), NAMES[:players])


def stigmergy_session(moves: list[str]) -> Session:
    game = from_record({"game": "stigmergy", "size": 4, "variant": {"komi": 0}, "turns": []})
    session = Session(game, NAMES[:2])
    for move in moves:
        session.push(move)
    return session


def texts(svg: str) -> list[str]:
    return [element.text or "" for element in ET.fromstring(svg).iter(f"{SVG}text")]


def self_contained(svg: str) -> ET.Element:
    """The document parsed, after checking that it stands alone: no style sheet, no
    variables or colour mixing, nothing referenced outside it."""
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    assert not list(root.iter(f"{SVG}style"))
    assert "var(" not in svg and "color-mix" not in svg
    for element in root.iter():
        for name, value in element.attrib.items():
            assert "href" not in name and "url(" not in value, (name, value)
    return root


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_position_shows_the_board_the_players_and_the_turn(players):
    session = archipelago_session(players, ["1a1", "2b2,1c3", "1d4,2e5"])
    picture = position_picture(session, labels=True)
    root = self_contained(picture.svg)
    assert picture.width == WIDTH >= 1200 and PNG_WIDTH >= 1200
    assert root.get("width") == str(picture.width)
    assert root.get("viewBox") == f"0 0 {picture.width} {picture.height}"
    written = texts(picture.svg)
    assert written[0] == "Archipelago"
    for name in NAMES[:players]:
        assert name in written  # escaped in the file, whole when read back
    assert "Chloé &amp; Co" in picture.svg or players == 2
    assert f"Turn 4: {NAMES[3 % players]} to move" in written
    # The board, nested with its own view box, drawn in plain colours: one stone per
    # stone placed, each filled with its player's colour.
    board = root.find(f"{SVG}svg")
    assert board is not None and len(board.get("viewBox", "").split()) == 4
    discs = [
        group[0].get("fill")
        for group in board.iter(f"{SVG}g")
        if "stone" in group.get("class", "").split()
    ]
    assert sorted(discs) == ["#2a5bd7"] * 3 + ["#b05a00"] * 2
    assert picture.stem == "archipelago-turn-3"


def test_coordinates_are_drawn_only_when_asked_for():
    session = archipelago_session(2, ["1a1"])
    with_labels = texts(position_picture(session, labels=True).svg)
    without = texts(position_picture(session, labels=False).svg)
    assert {"a", "g", "1", "7"} <= set(with_labels)
    assert not {"a", "g", "1", "7"} & set(without)


def test_a_reviewed_turn_and_a_finished_game_say_so():
    session = archipelago_session(2, ["1a1", "2b2,1c3", "1d4,2e5"])
    session.show_turn(2)
    picture = position_picture(session, labels=False)
    assert "Turn 2 of 3" in texts(picture.svg) and picture.stem == "archipelago-turn-2"
    assert len([g for g in ET.fromstring(picture.svg).iter(f"{SVG}circle")]) >= 3
    session.show_turn(0)
    assert turn_words(session) == "The empty board"
    over = Session(replay(2, ["1a1", "pass", "pass"], size=3), NAMES[:2])
    assert over.game.is_over
    assert turn_words(over).startswith("Game over: ")


def test_stigmergy_turns_and_control_are_drawn_in_plain_colours():
    session = stigmergy_session(["d4", "c3", "e5", "d3"])
    picture = position_picture(session, labels=True)
    self_contained(picture.svg)
    assert "Stigmergy" in texts(picture.svg) and "Turn 5: Ann to move" in texts(picture.svg)
    assert picture.stem == "stigmergy-turn-4"
    # Its own style sheet's label size, and its last move's mark a dot (a ring in
    # Archipelago, whose labels are smaller).
    sizes = {
        t.get("font-size")
        for t in ET.fromstring(picture.svg).iter(f"{SVG}text")
        if len(t.text or "") == 1
    }
    assert "5.6" in sizes and "4.2" not in sizes
    marks = [
        c for c in ET.fromstring(picture.svg).iter(f"{SVG}circle") if c.get("class") == "last-mark"
    ]
    assert [(mark.get("fill"), mark.get("stroke")) for mark in marks] == [("#1d1d1f", None)]
    ring = position_picture(archipelago_session(2, ["1a1"]), labels=True).svg
    marks = [c for c in ET.fromstring(ring).iter(f"{SVG}circle") if c.get("class") == "last-mark"]
    assert [(mark.get("fill"), mark.get("stroke")) for mark in marks] == [("none", "#1d1d1f")]
    assert 'font-size="4.2"' in ring
    # A finished game (Ann controls an empty cell at its end): that cell tinted as the
    # page tints it, the others plain.
    game = game_class("stigmergy").random_game(random.Random(1), size=4, variant={"komi": 0})
    root = self_contained(position_picture(Session(game, NAMES[:2]), labels=False).svg)
    fills = [p.get("fill") for p in root.iter(f"{SVG}polygon") if "cell" in p.get("class", "")]
    assert fills.count(mixed("#2a5bd7", 0.30)) == 1
    assert set(fills) == {"#e9e4d6", mixed("#2a5bd7", 0.30)}


def test_painting_drops_the_pages_own_parts_and_mixes_like_css():
    # 28% of the blue (2a 5b d7) over the cell (e9 e4 d6), channel by channel:
    # 0x2a * .28 + 0xe9 * .72 = 179.5 -> b4; 0x5b -> be; 0xd7 -> d6.
    assert mixed("#2a5bd7", 0.28) == "#b4bed6"
    board = painted(
        '<svg xmlns="http://www.w3.org/2000/svg" class="board" role="none" viewBox="0 0 9 9">'
        "<title>A board</title><style>.cell{fill:red}svg .stone>circle{fill:red}</style>"
        '<g class="cells" role="row"><polygon class="cell empty" id="cell-a1" '
        'aria-label="a1, empty" data-cell="a1" points="0,0 1,1"/></g>'
        '<g class="overlay"><circle class="cursor" r="1"/></g></svg>'
    )
    assert board.view_box == "0 0 9 9"
    inner = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{board.inner}</svg>')
    assert [element.tag for element in inner.iter()] == [f"{SVG}svg", f"{SVG}g", f"{SVG}polygon"]
    cell = inner.find(f"{SVG}g/{SVG}polygon")
    assert cell is not None and cell.attrib == {
        "class": "cell empty",
        "points": "0,0 1,1",
        "fill": "#e9e4d6",
        "stroke": "#b5ae9c",
        "stroke-width": ".6",
    }
    assert inner[0].attrib == {"class": "cells"}


@pytest.mark.parametrize(("size", "columns"), [(3, 1), (6, 2), (10, 3)])
def test_the_score_sheet_lists_every_turn_in_columns_that_fit(size, columns):
    game = GameState.random_game(random.Random(size), size=size, players=2)
    session = Session(game, NAMES[:2])
    turns = session.kit.finished_turns(game)
    picture = moves_picture(session)
    root = self_contained(picture.svg)
    written = texts(picture.svg)
    numbers = [text for text in written if text.endswith(".") and text[:-1].isdigit()]
    assert numbers == [f"{n}." for n in range(1, turns + 1)]
    assert f"{turns} turns · " in " ".join(written)  # and how the game ended
    at = {round(float(t.get("x", 0))) for t in root.iter(f"{SVG}text") if t.text in numbers}
    assert len(at) == columns
    lowest = max(float(t.get("y", 0)) for t in root.iter(f"{SVG}text"))
    assert lowest < picture.height  # nothing falls off the sheet
    assert picture.stem == f"archipelago-moves-to-turn-{turns}"


def test_the_score_sheet_names_the_players_and_ends_with_the_turn_under_way():
    session = archipelago_session(3, ["1a1", "2b2,1c3", "3g4,2f4"], current="1a2")
    picture = moves_picture(session)
    written = texts(picture.svg)
    assert {"Ann", "Bob", "Chloé & Co"} <= set(written)
    assert "3 turns" in written
    assert "1a2 …" in written  # the turn under way, last
    assert picture.stem == "archipelago-moves-to-turn-4"


def test_a_stigmergy_score_sheet():
    session = stigmergy_session(["d4", "c3", "e5"])
    written = texts(moves_picture(session).svg)
    assert [t for t in written if t[:-1].isdigit() and t[-1] == "."] == ["1.", "2.", "3."]
    assert {"d4", "c3", "e5"} <= set(written)
