"""Every record, link and stored game carries its format version (issue 24): those
written before there was one (saved from main in tests/fixtures/format0) still load to
the same positions, and a record of a newer format is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from archipelago.errors import RecordError
from archipelago.games.archipelago.record import FORMAT
from archipelago.page.saved.distance import read_link
from archipelago.page.saved.library import Library, game_key
from archipelago.page.saved.storage import EMBED_GAME_KEY, GAME_KEY, Storage
from archipelago.reading import FORMAT_KEY
from archipelago.registry import from_record, game_names, loads, new_game

FORMAT0 = Path(__file__).parents[1] / "fixtures" / "format0"
SUMMARIES = json.loads((FORMAT0 / "summaries.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_a_record_written_before_formats_loads_to_the_same_position(name):
    text = (FORMAT0 / name).read_text(encoding="utf-8")
    assert FORMAT_KEY not in json.loads(text)
    game = loads(text)
    assert json.loads(json.dumps(game.summary())) == SUMMARIES[name]
    assert game.to_record()[FORMAT_KEY] == FORMAT  # written again in today's format
    assert loads(json.dumps(game.to_record())) == game


def test_a_komi_proposal_with_a_plus_migrates_from_format_0_only():
    text = (FORMAT0 / "stigmergy-plus-komi.json").read_text(encoding="utf-8")
    assert loads(text).to_record()["turns"][0] == "5"
    with pytest.raises(RecordError, match=r"turn 1 \(\+5\): the komi must be written"):
        from_record({**json.loads(text), FORMAT_KEY: 1})  # format 1 kept the plus refused


@pytest.mark.parametrize("name", game_names())
def test_every_game_writes_its_format_and_refuses_a_newer_one(name):
    record = new_game(name, size=5, **({"players": 2} if name == "archipelago" else {})).to_record()
    assert record[FORMAT_KEY] == FORMAT
    with pytest.raises(RecordError) as caught:
        from_record({**record, FORMAT_KEY: FORMAT + 1})
    message = str(caught.value)
    assert f"format {FORMAT + 1}, written by a newer version of the site" in message
    assert "\n" not in message and len(message) <= 300
    for bad in ("1", -1, 1.5, True, None):
        with pytest.raises(RecordError, match='"format" must be a whole number'):
            from_record({**record, FORMAT_KEY: bad})


def test_links_written_before_formats_still_open():
    links = json.loads((FORMAT0 / "links.json").read_text(encoding="utf-8"))
    for name, link in links.items():
        session = read_link(link.removeprefix("game="))
        assert session.payload()[FORMAT_KEY] == FORMAT, name
    by_link = read_link(links["by-link-stigmergy"].removeprefix("game="))
    assert by_link.by_link is not None and by_link.by_link.game_id == "0123456789abcdef"


def _library(store: dict[str, str]) -> Library:
    storage = Storage(store.get, store.__setitem__, remove=lambda k: store.pop(k, None))
    return Library(storage, lambda: 2e12, lambda: "new")


def test_stored_games_written_before_formats_still_open_and_keep_their_keys():
    store = json.loads((FORMAT0 / "local-storage.json").read_text(encoding="utf-8"))
    before = dict(store)
    library = _library(store)
    listed = library.entries()
    assert [e["id"] for e in listed] == ["g4", "g3", "g2", "g1"]
    for entry in listed:
        session, revision, problem = library.read(entry["id"])
        assert problem == "" and session is not None and revision == 1
    assert store == before  # reading changes nothing
    session, problem = library.open_last()
    assert problem == "" and session is not None and session.game.name == "stigmergy"
    library.save(session)  # saving writes today's format under the same key
    assert json.loads(store[game_key("g4")])[FORMAT_KEY] == FORMAT
    embedded = Storage(store.get, store.__setitem__, game_key=EMBED_GAME_KEY)
    kept, problem = embedded.game()
    assert problem == "" and kept is not None and kept.seats == [0, 3]


def test_the_single_game_of_older_pages_still_joins_the_list():
    store = json.loads((FORMAT0 / "local-storage-single-game.json").read_text(encoding="utf-8"))
    library = _library(store)
    assert library.migrate() == ""
    session, problem = library.open_last()
    assert problem == "" and session is not None and session.names == ["Kim", "Lee"]
    assert GAME_KEY in store  # the old key is left as it was


def test_a_stored_game_of_a_newer_format_stays_listed_and_untouched():
    store = json.loads((FORMAT0 / "local-storage.json").read_text(encoding="utf-8"))
    newer = json.loads(store[game_key("g3")])
    store[game_key("g3")] = json.dumps({**newer, FORMAT_KEY: 7})
    before = dict(store)
    library = _library(store)
    session, _, problem = library.read("g3")
    assert session is None and "format 7, written by a newer version of the site" in problem
    assert store == before  # nothing kept aside, nothing dropped: the newer page reads it
    assert "g3" in [entry["id"] for entry in library.entries()]
