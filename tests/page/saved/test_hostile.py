"""The page's readers (share links, loaded files, stored games, URL options) refuse
records built to hurt as the command line does: one line of at most 300 characters,
nothing changed, every other stored game kept; and a browser that refuses its storage
leaves a page that plays without saving and says so (issue 27)."""

from __future__ import annotations

import base64
import json

import pytest

from archipelago.errors import ArchipelagoError
from archipelago.page.saved.distance import open_link
from archipelago.page.saved.library import Library, game_key
from archipelago.page.saved.storage import Storage
from archipelago.page.session import Session
from archipelago.page.setup.options import parse_options
from archipelago.page.start import session_from_file
from archipelago.reading import MAX_LINE
from tests.support.hostile import hostile_records

TABLE = hostile_records()
IDS = [label for label, _ in TABLE]


def _link(text: str) -> str:
    raw = text.encode("utf-8", "surrogatepass")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _one_line(message: str) -> None:
    assert "\n" not in message and "\r" not in message and "\u2028" not in message
    assert "\u202e" not in message and "\x00" not in message


@pytest.mark.parametrize(("label", "text"), TABLE, ids=IDS)
def test_a_loaded_file_is_refused_in_one_line(label, text):
    with pytest.raises(ArchipelagoError) as caught:
        session_from_file(text)
    _one_line(str(caught.value))
    assert len(str(caught.value)) <= MAX_LINE


@pytest.mark.parametrize(("label", "text"), TABLE, ids=IDS)
def test_a_link_is_refused_and_changes_nothing(label, text):
    store: dict[str, str] = {}
    library = _library(store)
    library.add(Session.new("archipelago", {"size": 5, "players": 2}, ["Ann", "Bob"], [0, 0]))
    before = dict(store)
    opened = open_link(_link(text), library)
    assert opened.session is None and opened.kind == "error"
    _one_line(opened.message)
    assert store == before


def _library(store: dict[str, str]) -> Library:
    storage = Storage(store.get, store.__setitem__, remove=lambda k: store.pop(k, None))
    return Library(storage, lambda: 1e12, iter(f"g{n}" for n in range(100, 200)).__next__)


@pytest.mark.parametrize(("label", "text"), TABLE, ids=IDS)
def test_a_tampered_stored_game_is_kept_aside_and_the_others_stay(label, text):
    store: dict[str, str] = {}
    library = _library(store)
    for size in (4, 5, 6):
        library.add(Session.new("archipelago", {"size": size, "players": 2}, ["A", "B"], [0, 0]))
    ids = [entry["id"] for entry in library.entries()]
    store[game_key(ids[1])] = text
    others = {key: store[key] for key in (game_key(ids[0]), game_key(ids[2]))}
    session, revision, problem = library.read(ids[1])
    assert session is None and revision == 0 and problem
    _one_line(problem)
    assert len(problem) <= MAX_LINE
    assert {key: store[key] for key in others} == others
    if label == "newer format":  # not damaged: left where it is, for the newer page
        assert store[game_key(ids[1])] == text and len(library.entries()) == 3
    else:
        assert store[game_key(ids[1]) + ".unreadable"] == text  # kept, not lost
        assert [e["id"] for e in library.entries()] == [ids[0], ids[2]]
    for game_id in (ids[0], ids[2]):
        assert library.read(game_id)[0] is not None


def test_the_single_game_of_older_pages_when_tampered_is_kept_aside():
    store = {"archipelago.game": dict(TABLE)["turn nested 5000 deep"]}
    problem = _library(store).migrate()
    assert "more than 16 deep" in problem
    assert store["archipelago.game.unreadable"] == store["archipelago.game"]


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("?size=\uff15", "size="),
        ("?players=\u0662", "players="),
        ("?game=stigmergy&komi=%2B5", "komi=+5 is not allowed"),
        ("?game=stigmergy&komi=\uff15", "komi="),
        ("?game=stigmergy&komi=" + "9" * 1500, "komi="),
        ("?names=Ann%0ATraceback,Bob", "holds a control character"),
        ("?names=%E2%80%AEnnA,Bob", "holds a control character"),
        ("?size=" + "5" * 1500, "size="),
        ("?" + "x=1&" * 1000, "too long"),
    ],
    ids=lambda value: value[:30] if isinstance(value, str) else None,
)
def test_url_options_take_ascii_digits_and_refuse_unsafe_text(query, problem):
    settings, _, problems = parse_options(query)
    assert "size" not in settings and "players" not in settings and "komi" not in settings
    assert "names" not in settings
    assert any(problem in p for p in problems), problems
    for said in problems:
        _one_line(said)
        assert len(said) <= MAX_LINE


class Refusing:
    """localStorage where the browser denies it: reading the property throws."""

    name = "SecurityError"


def _denied() -> object:
    raise type("JsException", (Exception,), {"name": "SecurityError"})("Access is denied")


def test_a_browser_that_denies_storage_gives_a_store_in_memory_that_says_so():
    storage = Storage.of_browser(_denied)
    assert storage.problem == "SecurityError"
    line = storage.cannot_save()
    assert line.startswith("This page cannot save here") and "SecurityError" in line
    assert "\n" not in line and len(line) <= MAX_LINE
    library = Library(storage, lambda: 1.0, lambda: "g1")
    library.add(Session.new("archipelago", {"size": 4, "players": 2}, ["A", "B"], [0, 0]))
    assert library.open_last()[0] is not None  # it plays, from memory


def test_a_full_store_reads_on_and_says_so_at_the_first_refused_write():
    kept: dict[str, str] = {"archipelago.labels": "false"}

    def full(key: str, text: str) -> None:
        raise type("JsException", (Exception,), {})("QuotaExceededError: the quota is full")

    class Store:
        getItem = staticmethod(kept.get)
        setItem = staticmethod(full)
        removeItem = staticmethod(lambda key: kept.pop(key, None))

    storage = Storage.of_browser(Store)
    assert storage.problem == "" and storage.cannot_save() == "" and storage.labels() is False
    assert storage.write("archipelago.labels", True) is False
    assert storage.problem == "QuotaExceededError" and "QuotaExceededError" in storage.cannot_save()


def test_a_working_store_has_nothing_to_say():
    kept: dict[str, str] = {}

    class Store:
        getItem = staticmethod(kept.get)
        setItem = staticmethod(kept.__setitem__)
        removeItem = staticmethod(lambda key: kept.pop(key, None))

    storage = Storage.of_browser(Store)
    assert storage.write("archipelago.labels", False) and kept == {"archipelago.labels": "false"}
    assert storage.cannot_save() == ""
    assert json.loads(kept["archipelago.labels"]) is False
