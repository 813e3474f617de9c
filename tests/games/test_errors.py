"""A refused move and bad settings are ValueErrors with a message for people, and the
error says which kind of mistake it is."""

from __future__ import annotations

import pytest

from archipelago import ArchipelagoError, Board, GameState, IllegalMoveError, Variant
from archipelago.errors import NotationError, RecordError, SetupError
from archipelago.registry import from_record


@pytest.mark.parametrize("error", [IllegalMoveError, NotationError, RecordError, SetupError])
def test_every_engine_error_is_a_value_error(error):
    assert issubclass(error, ValueError) and issubclass(error, ArchipelagoError)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: Board(13), "board side must be from 2 to 12, not 13"),
        (lambda: Board(True), "not True"),
        (lambda: GameState(7.0, 2), "not 7.0"),
        (lambda: GameState("7", 2), "not '7'"),
        (lambda: GameState(7, 5), "2 to 4 players, not 5"),
        (lambda: GameState(7, True), "not True"),
        (lambda: GameState(7, 2, {"stones": 3}), "must be a Variant, not dict"),
        (lambda: Variant(stones=4), '"stones" must be 2 or 3, not 4'),
        (lambda: Variant(extra="all"), '"extra"'),
        (lambda: Variant(scoring="odd"), '"scoring"'),
        (lambda: Variant(wunchunk=1), '"wunchunk"'),
        (lambda: Variant(frozen="yes"), '"frozen"'),
    ],
)
def test_bad_settings_are_refused_with_a_setup_error(make, words):
    with pytest.raises(SetupError, match=words.replace("(", r"\(")):
        make()


def test_a_bad_variant_in_a_record_is_a_record_error():
    record = {"game": "archipelago", "size": 5, "players": 2, "variant": {"stones": 4}}
    with pytest.raises(RecordError, match='"stones" must be 2 or 3, not 4'):
        from_record(record)


def test_a_refused_move_is_caught_as_a_value_error_and_changes_nothing():
    state = GameState(5, 2)
    state.place(1, state.board.index("c3"))
    before = state.snapshot()
    with pytest.raises(ValueError, match="occupied"):
        state.place(2, state.board.index("c3"))
    assert state.snapshot() == before
