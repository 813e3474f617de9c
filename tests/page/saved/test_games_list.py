"""No game is lost, under CPython (the controller behind the fake browser of
tests/support/pagetab.py): a share link opens beside the game in progress, the same link
twice is one game, a game of an older page joins the list, bad URL options start no game
and leave the one in play, a pass that ends the game asks first, and the first visit's
game. Moved from tests/browser/test_games.py and test_repairs.py, which keep the Games
dialog, the file chooser and two real tabs."""

from __future__ import annotations

import json

from archipelago.games.archipelago.state import GameState
from archipelago.page.saved.library import state_words
from archipelago.page.session import Session
from tests.support.pagetab import Tab, answer_yes, play, share_link


def listed(store: dict[str, str]) -> list[str]:
    """The players of each game in the browser's list of games."""
    return [",".join(entry["names"]) for entry in json.loads(store["archipelago.games"])]


def test_a_share_link_opens_beside_the_stored_game():
    store: dict[str, str] = {}
    tab = Tab("?players=2&size=5&names=Ann,Bob", store=store)
    tab.click("c3")
    link = share_link(tab)
    tab.click("d4")  # the game goes on past its link (else the link is it)
    tab = Tab("?players=2&size=5&names=Kim,Lee", store=store)  # New game
    play(tab, [("stone", 1, "e5"), ("stone", 2, "d4")])
    tab.open_link(link)
    assert tab.browser.stones() == {"c3": 1}
    assert "new game" in tab.browser.message()
    assert sorted(listed(store)) == ["Ann,Bob", "Ann,Bob", "Kim,Lee"]


def test_a_link_opened_twice_is_one_game_in_the_list_and_a_finished_one_says_who_won():
    store: dict[str, str] = {}
    tab = Tab("?players=2&size=3&names=Ann,Bob", store=store)
    tab.click("c3")
    link = share_link(tab)
    tab = Tab("?players=2&size=4&names=Kim,Lee", store=store)
    for _ in range(2):  # the same link, twice
        tab.open_link(link)
        assert tab.browser.stones() == {"c3": 1}
    assert "already have" in tab.browser.message()
    assert sorted(listed(store)) == ["Ann,Bob", "Kim,Lee"]
    # Both pass (key P; the first pass of the round is asked in the dialog), the ending
    # pass pressed again: the list says who won.
    tab.key("p")
    answer_yes(tab)
    tab.key("p")
    tab.key("p")
    assert "Game over" in tab.status()
    (ann,) = [e for e in json.loads(store["archipelago.games"]) if e["names"] == ["Ann", "Bob"]]
    said = state_words(ann["status"])  # what the Games dialog says of it
    assert said.startswith("Finished: ") and (" won" in said or " tied" in said), ann
    assert sum(cell != "0" for cell in ann["cells"]) == 1  # its picture: its one stone


def test_a_game_of_an_older_page_joins_the_list():
    old = Session(GameState(5, 2), ["Old", "Timer"])
    old.push("1c3")
    store = {"archipelago.game": json.dumps(old.payload())}
    tab = Tab("", store=store)
    assert tab.browser.stones() == {"c3": 1}
    assert listed(store) == ["Old,Timer"]


def test_a_pass_that_ends_the_game_asks_first():
    tab = Tab("?players=2&size=3")
    tab.click_button("pass")  # the first pass of a round, asked in the dialog
    answer_yes(tab)
    tab.click_button("pass")
    assert "ends the game" in tab.browser.message()
    assert "Game over" not in tab.status()
    tab.click_button("pass")
    assert "Game over" in tab.status()


def test_a_first_visit_plays_the_computer_or_two_players_and_is_welcomed_once():
    store: dict[str, str] = {}
    tab = Tab("", store=store)
    assert not tab.browser.hidden("#welcome")
    assert "computer · level 2" in tab.cards_text()  # the first game
    tab.press(command="welcome-people")
    assert tab.browser.hidden("#welcome")
    assert "computer" not in tab.cards_text()
    again = Tab("", store=store)  # a reload
    assert again.browser.hidden("#welcome")  # only the first visit
    assert "computer" not in again.cards_text()


def test_bad_url_options_say_so_once_and_leave_the_game_in_play():
    store: dict[str, str] = {}
    tab = Tab("?players=2&size=5", store=store)
    tab.click("c3")
    tab = Tab("?colour=red", store=store)
    text = tab.browser.message()
    assert "no new game was started" in text and "colour" in text
    assert "c3" in tab.browser.stones()  # the game in play stays
    again = Tab("", store=store)  # a reload, the address clean
    assert again.browser.message() == ""  # said once, not on every reload
    assert "c3" in again.browser.stones()


def test_the_first_game_is_against_the_computer_on_a_side_6_board_or_two_people():
    tab = Tab("")
    assert 'data-size="6"' in tab.browser.html("#board")
    assert "computer · level 2" in tab.cards_text()
    assert tab.to_move() == 1  # you begin
    tab.press(command="welcome-people")  # two people at this screen instead
    assert "computer" not in tab.cards_text()
    assert 'data-size="6"' in tab.browser.html("#board")
    assert tab.browser.hidden("#welcome")
