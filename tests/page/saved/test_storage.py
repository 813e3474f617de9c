"""What the page stores and how it starts: damaged or old values never crash the page and
never lose a game; links, files and URL options."""

import json

import pytest

from archipelago.errors import ArchipelagoError, RecordError
from archipelago.games.stigmergy.fairkomi import suggested_komi
from archipelago.page import start as startup
from archipelago.page.saved import distance
from archipelago.page.saved.library import Library
from archipelago.page.saved.links import encode_link
from archipelago.page.saved.storage import (
    EMBED_GAME_KEY,
    GAME_KEY,
    LABELS_KEY,
    SETTINGS_KEY,
    UNREADABLE_SUFFIX,
    Storage,
    clean_settings,
    default_settings,
    session_from_payload,
    session_from_settings,
)
from archipelago.page.session import Session
from tests.support.gamehelpers import replay


class Store(dict):
    """The browser's localStorage: text under keys."""

    def storage(self):
        return Storage(self.get, self.__setitem__)


def test_a_game_is_stored_and_read_back_with_names_and_seats():
    store = Store()
    session = Session(replay(3, ["1g7", "2f6,2f7"], current="3a1"), ["Ada", "Ben", "Cy"], [0, 2, 5])
    store.storage().save_game(session)
    again, problem = store.storage().game()
    assert problem == "" and again.game == session.game
    assert again.names == ["Ada", "Ben", "Cy"] and again.seats == [0, 2, 5]


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "null",
        "[1, 2]",
        '"a string"',
        '{"game": "chess", "turns": []}',
        '{"game": "archipelago", "size": 7, "players": 2, "turns": ["1zz9"]}',
        '{"game": "archipelago", "size": "7", "players": 2}',
        '{"game": "archipelago", "size": 7, "players": 2, "turns": "1a1"}',
        "[" * 5000 + "]" * 5000,
    ],
)
def test_a_damaged_game_is_kept_aside_and_reported(text):
    store = Store({GAME_KEY: text})
    session, problem = store.storage().game()
    assert session is None and problem
    assert store[GAME_KEY + UNREADABLE_SUFFIX] == text  # never lost


def test_old_payloads_with_bad_names_or_seats_keep_the_game():
    record = {"game": "archipelago", "size": 5, "players": 2, "turns": ["1a1"]}
    for names, seats in ((["Ann"], [0, 9]), ("Ann,Bob", "h,c2"), ([1, 2], [True, 0])):
        session = session_from_payload({**record, "names": names, "seats": seats})
        assert session.game.to_record()["turns"] == ["1a1"]
        assert session.names == ["Player 1", "Player 2"] and session.seats == [0, 0]
    # The options key of an embedded page is the page's, not the record's.
    session_from_payload({**record, "options": '{"size": 5}'})


def test_storage_that_fails_is_survived():
    def broken(*_):
        raise RuntimeError("storage is switched off")

    storage = Storage(broken, broken)
    assert storage.game() == (None, "")
    assert storage.settings() == default_settings()
    assert storage.labels() is True
    assert storage.write(SETTINGS_KEY, {}) is False
    storage.save_game(session_from_settings({}))


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "text",
        [],
        {"players": "three", "names": "Ann", "seats": {"a": 1}, "size": 99},
        {"players": True, "names": [1, None], "seats": [9, -2, "c2"], "extra": "lots"},
        {"game": "chess", "stones": 7, "frozen": "yes", "wunchunk": 1},
    ],
)
def test_damaged_settings_fall_back_to_defaults_one_by_one(raw):
    settings = clean_settings(raw)
    assert settings == default_settings() or settings["names"][:2] != ["Ann", "Bob"]
    session_from_settings(settings)  # always a playable game
    store = Store({SETTINGS_KEY: json.dumps(raw)})
    assert store.storage().settings() == settings


def test_good_settings_of_an_older_page_are_kept():
    old = {
        "players": 3,
        "names": ["Kim", "Lee", "Max", "Ned"],
        "size": 5,
        "stones": 3,
        "extra": "half",
        "scoring": "alternating",
        "wunchunk": True,
        "frozen": False,
        "seats": [0, 2, 5, 0],
    }
    settings = clean_settings(old)
    assert settings == {"game": "archipelago", **old}
    game = session_from_settings(settings).game
    assert (game.size, game.players, game.variant.stones, game.variant.frozen) == (5, 3, 3, False)


def test_labels_setting():
    store = Store({LABELS_KEY: "false"})
    assert store.storage().labels() is False
    store[LABELS_KEY] = '"maybe"'
    assert store.storage().labels() is True


# ---------------------------------------------------------------------- starting the page
def test_start_with_the_stored_game_else_a_new_one():
    store = Store()
    start = startup.plan_start("", store.storage(), default_settings())
    assert start.session.game.history_codes() == [] and not start.problems
    store.storage().save_game(Session(replay(2, ["1a1"]), ["X", "Y"]))
    start = startup.plan_start("", store.storage(), default_settings())
    assert start.session.names == ["X", "Y"] and not start.drop_query
    store[GAME_KEY] = "{broken"
    start = startup.plan_start("", store.storage(), {**default_settings(), "size": 4})
    assert start.session.game.size == 4
    assert "could not be read" in start.problems[0]
    assert store[GAME_KEY + UNREADABLE_SUFFIX] == "{broken"


def test_url_options_start_their_game_and_name_bad_ones():
    store = Store()
    start = startup.plan_start(
        "?players=3&size=5&seats=h,h,c1&colour=red", store.storage(), default_settings()
    )
    assert start.session.game.size == 5 and start.session.seats == [0, 0, 1]
    assert start.drop_query and not start.embed
    assert "colour" in start.problems[0] and "A new game was started" in start.problems[0]


def test_url_options_that_are_all_bad_keep_the_game_say_so_and_leave_the_address():
    store = Store()
    store.storage().save_game(Session(replay(2, ["1a1"]), ["X", "Y"]))
    library = Library(store.storage(), lambda: 0, lambda: "id")
    library.migrate()
    start = startup.plan_start("?colour=red", store.storage(), default_settings(), library)
    assert start.session.game.to_record()["turns"] == ["1a1"]  # the game in play stays
    assert start.drop_query  # so a reload neither repeats the message nor anything else
    assert "no new game was started" in start.problems[0] and "colour" in start.problems[0]


def test_url_options_of_another_game_start_it_at_its_defaults():
    store = Store()
    remembered = {**default_settings(), "size": 9, "names": ["Ada", "Ben", "Cy", "Dee"]}
    start = startup.plan_start("?game=stigmergy&seats=h,c1", store.storage(), remembered)
    game = start.session.game
    assert game.name == "stigmergy" and game.size == 8  # not Archipelago's remembered 9
    assert start.session.names == ["Ada", "Ben"] and start.session.seats == [0, 1]
    assert start.problems == [] and start.drop_query
    # Options of the remembered game keep its other settings.
    start = startup.plan_start("?game=archipelago&players=3", store.storage(), remembered)
    assert start.session.game.size == 9 and start.session.game.player_count == 3
    # An embedded Stigmergy board: its own key, its game, a bad option named.
    start = startup.plan_start(
        "?embed=1&game=stigmergy&size=4&komi=0&stones=2", store.storage(), remembered
    )
    assert start.embed and start.session.game.size == 4 and start.session.game.komi == 0
    assert start.url_settings is not None and start.url_settings["game"] == "stigmergy"
    assert "stones is not an option of Stigmergy" in start.problems[0]


def test_the_game_switcher_starts_a_quick_game_against_the_computer():
    # Remembered: two people at one screen on Stigmergy's standard side 8 (issue 33).
    people = {**default_settings(), "game": "stigmergy", "size": 8, "seats": [0, 0, 0, 0]}
    people["names"] = ["Ada", "Ben", "Cy", "Dee"]
    for remembered in (people, default_settings()):
        settings = startup.switched_game_settings(remembered, "stigmergy")
        session = session_from_settings(settings)
        assert session.game.name == "stigmergy" and session.game.size == 5  # quick_size
        assert session.seats == [0, startup.FIRST_LEVEL]  # you, then the computer
        # You place first; the komi is settled at the fair komi, asked of nobody.
        assert session.game.to_move == 1 and not session.game.proposing
        assert session.game.komi == suggested_komi(5) and session.game.komi_to == 2
    assert session_from_settings(startup.switched_game_settings(people, "stigmergy")).names == [
        "Ada",
        "Ben",
    ]
    # A computer of another level, remembered in seat 2, keeps its level.
    stronger = {**default_settings(), "seats": [0, 4, 0, 0]}
    settings = startup.switched_game_settings(stronger, "archipelago")
    assert settings["seats"][:2] == [0, 4] and settings["size"] == 6


def test_an_embedded_page_keeps_its_own_game_while_its_url_stays():
    store = Store()
    query = "?embed=1&players=3&size=4&names=Ann,Bot,Max"
    start = startup.plan_start(query, store.storage(), default_settings())
    assert start.embed and start.signature and not start.drop_query
    storage = store.storage()
    storage.game_key = EMBED_GAME_KEY
    start.session.push("1a1")
    storage.save_game(start.session, start.signature)
    again = startup.plan_start(query, store.storage(), default_settings())
    assert again.session.game.to_record()["turns"] == ["1a1"]
    other = startup.plan_start("?embed=1&players=2", store.storage(), default_settings())
    assert other.session.game.history_codes() == []
    assert GAME_KEY not in store  # the full page's game is left alone


def test_an_embedded_game_of_an_older_build_is_kept_by_a_new_one():
    # Builds before the ``game`` option stored an embedded game's options without it.
    store = Store()
    storage = store.storage()
    storage.game_key = EMBED_GAME_KEY
    session = startup.plan_start("?embed=1&size=4", store.storage(), default_settings()).session
    session.push("1a1")
    storage.save_game(session, json.dumps({"size": 4}, sort_keys=True))
    again = startup.plan_start("?embed=1&size=4", store.storage(), default_settings())
    assert again.session.game.to_record()["turns"] == ["1a1"]
    stig = startup.plan_start("?embed=1&size=4&game=stigmergy", store.storage(), default_settings())
    assert stig.session.game.to_record()["turns"] == []


def test_links_and_files():
    session = Session(replay(2, ["1a1"]), ["Ann", "Bob"], [0, 3])
    again = distance.read_link(encode_link(session.payload()))
    assert again.game == session.game and again.seats == [0, 3]
    with pytest.raises(RecordError, match="damaged"):
        distance.read_link("%%%")
    text = json.dumps(session.payload())
    assert startup.session_from_file(text).names == ["Ann", "Bob"]
    for bad in ("nonsense", "[]", '{"game": "archipelago", "size": 5, "players": 2, "turns": 5}'):
        with pytest.raises(ArchipelagoError):
            startup.session_from_file(bad)
