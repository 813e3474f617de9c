"""Hostile records reaching the page, under CPython (the controller behind the fake
browser of tests/support/pagetab.py): a tampered stored game, links and a file built to
hurt are said in one short line, kept aside or refused, and change no other stored game;
a link by link whose move is illegal changes nothing. Moved from
tests/browser/test_hostile_places.py and test_distance.py (the readers themselves:
tests/page/saved/test_hostile.py)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from archipelago.page.saved.links import encode_link
from tests.support.hostile import hostile_records
from tests.support.pagetab import Tab

FIXTURES = Path(__file__).parents[2] / "fixtures" / "format0"


def stored_games(store: dict[str, str]) -> dict[str, str]:
    return {key: text for key, text in store.items() if key.startswith("archipelago.games.")}


def test_hostile_records_by_stored_game_link_and_file_change_nothing_else():
    table = dict(hostile_records())
    store = json.loads((FIXTURES / "local-storage.json").read_text(encoding="utf-8"))
    given = dict(store)
    tampered = table["newline in a move"]
    store["archipelago.games.g2"] = tampered
    store["archipelago.games.last"] = json.dumps("g2")
    tab = Tab("", store=store)
    said = tab.browser.message()
    assert "could not be read" in said and "turn 2 holds the control character U+000A" in said
    assert "\n" not in said
    kept = stored_games(store)
    assert kept["archipelago.games.g2.unreadable"] == tampered  # kept aside, not lost
    for other in ("g1", "g3", "g4"):
        assert kept[f"archipelago.games.{other}"] == given[f"archipelago.games.{other}"]
    before = stored_games(store)
    for label in ("turn nested 5000 deep", "fullwidth komi", "RTL override in a move"):
        data = base64.urlsafe_b64encode(table[label].encode()).decode().rstrip("=")
        tab.open_link("#game=" + data)
        words = tab.browser.message()
        assert "Nothing was changed" in words and "\n" not in words, words
        assert len(words) < 400
        assert stored_games(store) == before
    tab.open_file("hostile.json", table["10^6-character move"])
    words = tab.browser.message()
    assert "hostile.json" in words and "too long to be a game record" in words
    assert stored_games(store) == before


def test_a_link_with_an_illegal_move_changes_nothing():
    tab = Tab("?players=2&size=3")
    tab.click("b2")
    stored = tab.stored()
    bad = {**stored, "turns": ["1b2", "2b2"], "by_link": {"id": "0123456789abcdef"}}
    tab.open_link("#game=" + encode_link(bad))
    words = tab.browser.message()
    assert "Nothing was changed" in words and "2b2" in words
    assert tab.browser.stones() == {"b2": 1} and tab.stored() == stored
    assert len(json.loads(tab.store["archipelago.games"])) == 1
