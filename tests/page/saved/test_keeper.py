"""What the page keeps, under CPython (archipelago.page.saved.keeper): every move
stored and a new tab opening it, a storage the browser refuses said once (a note on an
embedded page), another tab's writes, files, and New game's form with its settings kept.
Driven through test_controller's fake browser."""

from __future__ import annotations

import json

from archipelago.page.input.events import PageEvent
from archipelago.page.saved.keeper import Keeper
from archipelago.page.session import Session
from archipelago.registry import from_record
from tests.page.test_controller import Tab


def test_every_move_is_stored_and_a_new_tab_opens_the_game_as_it_was():
    store: dict[str, str] = {}
    tab = Tab(store=store)
    tab.click("c3")
    tab.click("c4")
    again = Tab("", store=store)
    assert again.session.game.to_record() == tab.session.game.to_record()
    assert again.browser.stones() == {"c3": 1, "c4": 2}
    assert again.browser.attr("body", "data-game-id") == tab.browser.attr("body", "data-game-id")


def test_a_storage_that_refuses_writes_is_said_once_and_the_game_plays_on():
    tab = Tab(refuse="QuotaExceededError")
    said = tab.browser.message()
    assert "This page cannot save here" in said and "QuotaExceededError" in said
    assert tab.browser.shown["#message"]["className"] == "message info"
    tab.press(command="dismiss")
    tab.click("c3")
    assert tab.browser.stones() == {"c3": 1}
    assert tab.browser.message() == ""  # said once, not at every move
    assert tab.store == {}  # nothing was written
    # The page's own copy keeps the game: it plays on from memory.
    assert tab.page.keeper.library is not None
    kept, _problem = tab.page.keeper.library.open_last()
    assert kept is not None and kept.game.to_record() == tab.session.game.to_record()


def test_a_storage_the_browser_refuses_outright_is_said_with_the_reason():
    tab = Tab(refuse="SecurityError")
    said = tab.browser.message()
    assert "This page cannot save here" in said and "SecurityError" in said
    tab.click("c3")
    assert tab.browser.stones() == {"c3": 1} and tab.store == {}


def test_an_embedded_page_says_a_refused_storage_in_a_note_not_over_the_controls():
    tab = Tab("?embed=1&seats=h,c2", refuse="SecurityError")
    assert tab.browser.message() == "" and not tab.browser.hidden("#embed-note")
    assert "Not saved here" in tab.browser.text("#embed-note")
    tab.click("c3")
    assert tab.browser.message() == ""


def test_a_damaged_stored_game_and_a_full_storage_are_said_together():
    tab = Tab("", store={"archipelago.game": "{not json"}, refuse="QuotaExceededError")
    said = tab.browser.message()
    assert "could not be read" in said and "This page cannot save here" in said
    assert tab.browser.shown["#message"]["className"] == "message error"


def test_another_tab_s_move_reloads_the_game_here():
    store: dict[str, str] = {}
    here = Tab(store=store)
    there = Tab("", store=store)  # the same game, in a second tab
    there.click("c3")
    game_key = f"archipelago.games.{there.browser.attr('body', 'data-game-id')}"
    here.event(
        lambda event: here.page.heard_storage(event.key, event.new_value),
        PageEvent("storage", key=game_key, new_value=store[game_key]),
    )
    assert here.browser.stones() == {"c3": 1}
    assert here.browser.message() == "This game was played on in another tab: here it is now."


def test_a_file_opens_its_game_beside_the_others_and_a_bad_one_changes_nothing():
    tab = Tab()
    tab.click("c3")
    saved = json.dumps(tab.session.payload())
    tab.page.within(lambda: tab.page.start(Session(from_record(json.loads(saved)))))
    tab.page.within(lambda: tab.page.open_file("bad.json", "{}"))
    assert tab.browser.message().startswith("Could not load bad.json:")
    tab.page.within(lambda: tab.page.open_file("game.json", saved))
    assert tab.browser.message() == "Loaded game.json." and tab.browser.stones() == {"c3": 1}


def new_game_fields(**changed: str | bool) -> dict[str, str | bool]:
    """New game's form as the browser reads it: three people on a side-4 board."""
    fields: dict[str, str | bool] = {"game": "archipelago", "players": "3", "size": "4"}
    fields |= {"name1": "Ann", "name2": "Bob", "name3": "Cy", "seat1": "0", "seat2": "0"}
    return fields | {"seat3": "0", **changed}


def test_new_game_s_form_starts_its_game_beside_the_others_and_keeps_its_settings():
    store: dict[str, str] = {}
    tab = Tab(store=store)
    tab.click("c3")
    tab.browser.dialogs.add("new-game")
    tab.page.within(lambda: tab.page.new_game(new_game_fields()))
    assert "new-game" not in tab.browser.dialogs and tab.session.game.player_count == 3
    assert tab.session.names == ["Ann", "Bob", "Cy"] and tab.browser.stones() == {}
    assert tab.page.keeper.settings["players"] == 3
    assert tab.page.keeper.library is not None and len(tab.page.keeper.library.entries()) == 2
    again = Tab("", store=store)  # the next visit's New game starts from these settings
    assert again.page.keeper.settings["size"] == 4


def test_a_new_game_form_that_makes_no_game_says_why_and_changes_nothing():
    tab = Tab()
    tab.click("c3")
    tab.browser.dialogs.add("new-game")
    before = tab.page.keeper.settings
    tab.page.within(lambda: tab.page.new_game(new_game_fields(size="40")))
    assert "board side" in tab.browser.text("#new-game-error")
    assert "new-game" in tab.browser.dialogs and tab.browser.stones() == {"c3": 1}
    assert tab.page.keeper.settings == before


def test_an_embedded_page_restarts_from_its_url_and_the_switcher_asks_for_a_first_game():
    tab = Tab("?embed=1&size=4")
    keeper = tab.page.keeper
    assert isinstance(keeper, Keeper) and keeper.library is None and keeper.url_settings
    assert keeper.restart().game.size == 4  # New game: the URL's setup again
    switched = keeper.switched("stigmergy")
    assert switched.game.name == "stigmergy" and switched.game.size == 5


def test_the_games_dialog_continues_a_game_and_deletes_another():
    tab = Tab()
    tab.click("c3")
    library = tab.page.keeper.library
    assert library is not None
    first = library.current
    tab.page.within(lambda: tab.page.new_game(new_game_fields()))  # a second game
    second = library.current
    tab.browser.dialogs.add("games")
    tab.press(command="continue-game", game=str(first))
    assert "games" not in tab.browser.dialogs and tab.browser.stones() == {"c3": 1}
    assert library.current == first and tab.games_drawn == 0
    tab.browser.dialogs.add("games")
    tab.press(command="delete-game", game=str(second))
    assert "games" in tab.browser.dialogs and tab.games_drawn == 1  # the list drawn again
    assert [entry["id"] for entry in library.entries()] == [first]
    tab.press(command="continue-game", game="gone")
    assert "games" not in tab.browser.dialogs
    assert tab.browser.message().startswith("That game could not")
