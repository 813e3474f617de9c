"""The Games list: a picture of each board, the result, and a link opened twice."""

from __future__ import annotations

from archipelago.page.saved import distance, library
from archipelago.page.saved.distance import share_payload
from archipelago.page.saved.library import Library
from archipelago.page.saved.links import encode_link
from archipelago.page.saved.storage import Storage, session_from_settings
from archipelago.page.saved.thumbnail import thumbnail_svg
from archipelago.page.session import Session
from archipelago.page.setup.dialogs import games_list_html
from tests.support.gamehelpers import replay


def memory() -> Storage:
    data: dict[str, str] = {}
    return Storage(data.get, data.__setitem__, remove=lambda k: data.pop(k, None))


def test_a_board_picture_has_a_dot_per_stone_in_its_players_colour():
    session = Session(replay(2, ["1d4", "2c3,1a1"], size=4), ["Ann", "Bob"])
    entry = library.describe(session)
    assert entry["side"] == 4 and len(entry["cells"]) == 37
    picture = thumbnail_svg(entry["side"], entry["cells"], "The board of Ann, Bob")
    assert picture.count('class="t1"') == 2 and picture.count('class="t2"') == 1
    assert 'aria-label="The board of Ann, Bob"' in picture and "<script" not in picture
    # A damaged index draws nothing rather than anything else.
    for side, cells in ((4, "0" * 36), (4, "x" * 37), ("4", entry["cells"]), (99, "")):
        assert thumbnail_svg(side, cells, "x") == ""
    stig = session_from_settings({"game": "stigmergy", "size": 3})
    assert library.describe(stig)["cells"] == "0" * 19


def test_a_finished_game_says_who_won():
    session = session_from_settings({"players": 2, "size": 2})
    session.push("1a1")
    session.push("resign")
    assert (
        library.state_words(library.describe(session)["status"]) == "Finished: Ann won"
    )  # Bob resigned


def test_a_share_link_opened_twice_gives_one_game_in_the_list():
    storage = memory()
    games = Library(storage, lambda: 1.0, iter(f"id{n}" for n in range(9)).__next__)
    session = Session(replay(2, ["1d4"], size=4), ["Ann", "Bob"])
    link = encode_link(share_payload(session))
    first = distance.open_link(link, games)
    assert first.beside and first.session is not None
    games.add(first.session)
    again = distance.open_link(link, games)
    assert not again.beside and "already have" in again.message
    assert again.session is not None and again.session.names == ["Ann", "Bob"]
    assert len(games.entries()) == 1
    assert games_list_html(games).count("<li") == 1
    # Another game (one more move) is a game of its own.
    session.push("2c3")
    other = distance.open_link(encode_link(share_payload(session)), games)
    assert other.beside
