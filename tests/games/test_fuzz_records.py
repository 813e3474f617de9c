"""Fuzzing every door records come in by (issue 27): arbitrary JSON, arbitrary text and
mutated real records, drawn by hypothesis strategies (they shrink to the smallest case
that fails), through the command line's ``replay`` and the page's link and storage
readers. The only outcomes allowed are a game, or the project's own error in one line of
at most 300 characters. Each test counts the examples it ran and prints the count
(``pytest -s``)."""

from __future__ import annotations

import base64
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archipelago.cli import main
from archipelago.errors import ArchipelagoError
from archipelago.game import Game
from archipelago.page.saved.distance import read_link
from archipelago.page.saved.library import Library, game_key
from archipelago.page.saved.storage import Storage, session_from_payload
from archipelago.page.session import Session
from archipelago.reading import MAX_LINE, read_json
from archipelago.registry import game_names, new_game

FIXTURES = Path(__file__).parents[1] / "fixtures" / "format0"
REAL = [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted(FIXTURES.glob("*.json"))
    if path.name.startswith(("archipelago-", "stigmergy-"))
]
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    database=None,  # every run draws afresh; a failure prints the example to keep
)

# Any character, surrogates and controls included: what a hostile record may hold.
ANY_CHAR = st.characters(codec=None, categories=None)
TEXT = st.text(ANY_CHAR, max_size=60)
KEYS = (
    st.sampled_from(
        [
            "game",
            "format",
            "size",
            "players",
            "variant",
            "turns",
            "current",
            "names",
            "seats",
            "by_link",
            "rotation",
            "komi",
            "stones",
            "extra",
            "frozen",
            "wunchunk",
            "scoring",
        ]
    )
    | TEXT
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
    | st.sampled_from(game_names())
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=25,
)


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    """A real record of either game with a few keys, turns or values changed."""
    record = json.loads(json.dumps(draw(st.sampled_from(REAL))))
    for _ in range(draw(st.integers(1, 3))):
        turns = record.get("turns")
        how = draw(st.sampled_from(["set", "drop", "turn", "cut", "insert"]))
        if how == "set":
            record[draw(KEYS)] = draw(JSON)
        elif how == "drop" and record:
            record.pop(draw(st.sampled_from(sorted(record))))
        elif isinstance(turns, list) and turns and how in ("turn", "cut"):
            index = draw(st.integers(0, len(turns) - 1))
            if how == "turn":
                turns[index] = draw(TEXT | JSON)
            else:
                del turns[index:]
        elif isinstance(turns, list):
            turns.insert(draw(st.integers(0, len(turns))), draw(TEXT))
    return record


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A real record's JSON text with a slice of it replaced by any text."""
    text = json.dumps(draw(st.sampled_from(REAL)))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 20)))
    return text[:start] + draw(TEXT) + text[end:]


RECORD_TEXTS = (
    JSON.map(json.dumps)
    | mutated_records().map(json.dumps)
    | mutated_texts()
    | st.text(ANY_CHAR, max_size=200)
)


def _one_line(message: str) -> None:
    assert message and "\n" not in message and "\r" not in message, message
    assert len(message) <= MAX_LINE, message


def _count_and_check(check: Callable[[str], None], strategy: st.SearchStrategy[str]) -> int:
    ran = 0

    @FUZZ
    @given(strategy)
    def run(text: str) -> None:
        nonlocal ran
        ran += 1
        check(text)

    run()
    return ran


def _replay(text: str) -> None:
    stdin = io.StringIO(text)
    stdout, stderr = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        status = main(["replay", "-"])  # anything but our own errors escapes: a failure
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    if status == 0:
        assert json.loads(stdout.getvalue())["over"] in (True, False)
    else:
        assert status == 2 and stdout.getvalue() == ""
        assert stderr.getvalue().endswith("\n")
        _one_line(stderr.getvalue()[:-1])


def _link(text: str) -> None:
    data = base64.urlsafe_b64encode(text.encode("utf-8", "surrogatepass")).decode()
    try:
        session = read_link(data.rstrip("="))
    except ArchipelagoError as error:
        _one_line(str(error))
    else:
        assert isinstance(session, Session) and isinstance(session.game, Game)


def _stored(text: str) -> None:
    """The reader behind every stored game (Library.read, Storage.game) without the
    broad safety net they wrap it in, so that nothing but our own errors passes; then
    the library itself, which must keep the text aside and every other game."""
    try:
        session = session_from_payload(read_json(text, "the stored game"))
    except ArchipelagoError as error:
        _one_line(str(error))
    else:
        assert isinstance(session.game, Game)
    store = {game_key("other"): json.dumps(OTHER.payload()), game_key("this"): text}
    library = Library(Storage(store.get, store.__setitem__), lambda: 1.0, lambda: "new")
    read, _, problem = library.read("this")
    assert (read is None) == bool(problem)
    if problem:
        _one_line(problem)
        kept = store[game_key("this") + ".unreadable"] if "newer" not in problem else text
        assert kept == text  # kept aside, or left where it was for a newer page
    assert library.read("other")[0] is not None


OTHER = Session(new_game("stigmergy", size=4), ["Kim", "Lee"])


@pytest.mark.parametrize(
    "door", [_replay, _link, _stored], ids=["cli-replay", "page-link", "page-storage"]
)
def test_any_record_gives_a_game_or_one_line_of_our_own(door, capsys):
    ran = _count_and_check(door, RECORD_TEXTS)
    with capsys.disabled():
        print(f"\n{door.__name__[1:]}: {ran} hypothesis examples")
    assert ran >= 100


def test_mutated_real_records_mostly_still_reach_the_engine():
    """The mutations keep records close to real ones, so that the fuzzing reaches the
    move readers and the rules, not only the JSON checks."""
    reached = 0

    @FUZZ
    @given(mutated_records())
    def run(record: dict[str, Any]) -> None:
        nonlocal reached
        try:
            read_json(json.dumps(record))
        except ArchipelagoError:
            return
        reached += 1

    run()
    assert reached >= 50
