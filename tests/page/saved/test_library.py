"""The browser's list of games: a new game never replaces one with moves, the single game
of older pages joins the list, and two tabs never overwrite each other's game."""

import itertools
import json

from archipelago.page.saved.library import INDEX_KEY, LAST_KEY, Library, game_key, state_words
from archipelago.page.saved.storage import GAME_KEY, UNREADABLE_SUFFIX, Storage
from archipelago.page.session import Session
from tests.support.gamehelpers import replay


class Store(dict):
    """localStorage: text under keys, shared by every tab."""

    def __init__(self, *args):
        super().__init__(*args)
        self.ids = (f"g{n}" for n in itertools.count(1))
        self.clock = itertools.count(1000)

    def tab(self):
        storage = Storage(self.get, self.__setitem__, remove=lambda k: self.pop(k, None))
        return Library(storage, lambda: next(self.clock), lambda: next(self.ids))


def played(*turns, names=("Ann", "Bob")):
    return Session(replay(2, list(turns)), list(names))


def test_a_link_opens_beside_the_game_in_progress():
    store = Store()
    tab = store.tab()
    tab.add(played("1d4"))
    first = tab.current
    tab.add(played("1a1", "2b2", names=("Kim", "Lee")))
    assert tab.current != first
    listed = tab.entries()
    assert [e["id"] for e in listed] == [tab.current, first]  # the latest first
    assert listed[0]["names"] == ["Kim", "Lee"] and listed[0]["turns"] == 2
    assert state_words(listed[0]["status"]) == "Kim to play" and listed[0]["title"] == "Archipelago"
    session, problem = store.tab().open(first)
    assert problem == "" and session.game == played("1d4").game


def test_only_a_game_without_moves_is_replaced_by_a_new_one():
    store = Store()
    tab = store.tab()
    tab.add(Session(replay(2, [])))
    tab.add(played("1d4"), replace=True)
    assert len(tab.entries()) == 1 and store.tab().open_last()[0].game == played("1d4").game


def test_the_single_game_of_older_pages_joins_the_list():
    old = played("1d4", "2e5")
    store = Store({GAME_KEY: json.dumps(old.payload())})
    tab = store.tab()
    assert tab.migrate() == ""
    (entry,) = tab.entries()
    assert entry["names"] == ["Ann", "Bob"] and entry["turns"] == 2
    session, problem = tab.open_last()
    assert problem == "" and session.game == old.game
    tab.add(played("1a1"))
    assert store.tab().migrate() == "" and len(tab.entries()) == 2  # migrated only once
    assert GAME_KEY in store  # the old key is left as it was


def test_an_unreadable_old_game_is_kept_aside_and_reported():
    store = Store({GAME_KEY: '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1zz9"]}'})
    problem = store.tab().migrate()
    assert problem and store[GAME_KEY + UNREADABLE_SUFFIX] == store[GAME_KEY]
    assert store.tab().entries() == []


def test_a_damaged_stored_game_is_kept_aside_and_leaves_the_list():
    store = Store()
    tab = store.tab()
    tab.add(played("1d4"))
    key = game_key(tab.current)
    store[key] = "{broken"
    session, problem = store.tab().open_last()
    assert session is None and problem
    assert store[key + UNREADABLE_SUFFIX] == "{broken" and store.tab().entries() == []


def test_two_tabs_on_one_game_never_overwrite_each_other():
    store = Store()
    first = store.tab()
    first.add(played("1d4"))
    second = store.tab()
    session, _ = second.open_last()
    assert second.current == first.current
    # The first tab plays on; the second hears of it through the storage event.
    first.save(played("1d4", "2e5"))
    key = game_key(first.current)
    assert second.changed_elsewhere(key, store[key]) == "reload"
    assert first.changed_elsewhere(key, store[key]) == ""  # its own write
    assert second.changed_elsewhere(INDEX_KEY, store[INDEX_KEY]) == "list"
    assert second.changed_elsewhere(game_key("other"), "{}") == ""
    # Had the second tab saved before it heard, its game goes beside, not over.
    assert second.save(played("1d4", "2a1")) is True
    assert second.current != first.current
    assert store.tab().open(first.current)[0].game == played("1d4", "2e5").game
    assert store.tab().open(second.current)[0].game == played("1d4", "2a1").game
    assert len(store.tab().entries()) == 2


def test_a_game_deleted_in_another_tab_is_saved_again_by_the_tab_playing_it():
    store = Store()
    tab = store.tab()
    tab.add(played("1d4"))
    other = store.tab()
    other.delete(tab.current)
    assert other.entries() == [] and LAST_KEY not in store
    assert tab.changed_elsewhere(game_key(tab.current), None) == "deleted"
    assert tab.changed_elsewhere(None, None) == "deleted"  # storage cleared
    assert tab.save(played("1d4", "2e5")) is False
    assert [e["id"] for e in other.entries()] == [tab.current]


def test_damaged_index_entries_are_left_out():
    store = Store({INDEX_KEY: json.dumps([1, {"id": 3}, {"id": "a", "date": 5}, None])})
    assert [e["id"] for e in store.tab().entries()] == ["a"]
    store[INDEX_KEY] = "{not a list"
    assert store.tab().entries() == []


def test_saving_an_unchanged_game_writes_nothing():
    store = Store()
    tab = store.tab()
    tab.add(played("1d4"))
    before = dict(store)
    other = store.tab()
    session, _ = other.open_last()
    assert other.save(session) is False and dict(store) == before


def test_url_options_start_a_game_beside_the_stored_ones():
    from archipelago.page import start as startup
    from archipelago.page.saved.storage import default_settings

    old = played("1d4")
    store = Store({GAME_KEY: json.dumps(old.payload())})
    tab = store.tab()
    plan = startup.plan_start("?players=3", tab.storage, default_settings(), tab)
    assert plan.beside and plan.session.game.player_count == 3
    assert len(tab.entries()) == 1  # the old page's game joined the list first
    tab.add(plan.session)
    assert len(tab.entries()) == 2
    again = store.tab()
    plan = startup.plan_start("", again.storage, default_settings(), again)
    assert not plan.beside and plan.session.game.player_count == 3  # the last one played


def test_the_games_dialog_lists_each_game_and_deletes_only_others():
    from archipelago.page.setup.dialogs import games_list_html, pick_game

    store = Store()
    tab = store.tab()
    tab.add(played("1d4", names=("Ann", "<Bob>")))
    other = tab.current
    tab.add(played("1a1", "2b2,2b3", names=("Kim", "Lee")))
    html = games_list_html(tab, utc_offset_minutes=60)
    assert html.count("<li") == 2 and "&lt;Bob&gt;" in html
    assert "2 turns · Kim to play" in html and "1 turn · Bob" not in html
    assert f'data-game="{tab.current}" aria-current="true"' in html
    assert f'data-command="delete-game" data-game="{tab.current}"' not in html  # on the board
    assert pick_game(tab, "delete-game", tab.current) == (None, "")
    assert len(tab.entries()) == 2  # the game on the board is not deleted
    session, words = pick_game(tab, "continue-game", other)
    assert words == "" and session.names == ["Ann", "<Bob>"] and tab.current == other
    assert pick_game(tab, "delete-game", tab.entries()[0]["id"]) == (None, "")
    assert [e["id"] for e in tab.entries()] == [other]
    assert pick_game(tab, "continue-game", "gone")[1].startswith("That game could not")
    assert games_list_html(store.tab()).count("<li") == 1


def test_only_a_first_visit_gets_the_welcome():
    from archipelago.page import start as startup
    from archipelago.page.saved.storage import default_settings

    store = Store()
    tab = store.tab()
    first = startup.plan_start("", tab.storage, default_settings(), tab)
    assert first.first_visit and first.session.seats == [0, 2]  # against the computer
    assert first.session.game.size == 6 and first.session.game.name == "archipelago"
    tab.add(played("1d4"))
    again = store.tab()
    assert not startup.plan_start("", again.storage, default_settings(), again).first_visit
    old = Store({GAME_KEY: json.dumps(played("1d4").payload())}).tab()
    assert not startup.plan_start("", old.storage, default_settings(), old).first_visit
    fresh = Store().tab()
    assert not startup.plan_start("?size=5", fresh.storage, default_settings(), fresh).first_visit
    people = startup.first_game(default_settings(), people=True)
    assert people.seats == [0, 0] and people.game.size == 6
