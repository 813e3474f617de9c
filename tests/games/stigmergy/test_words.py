"""Stigmergy's komi turn and moves in plain words (archipelago/games/stigmergy/words.py
and the panels and kit that use them): the moves list's words per turn, the sentence that
says what the answer to a komi offer chose, and no unexplained "komi" on the komi turns."""

from __future__ import annotations

import pytest

from archipelago.games.stigmergy.words import answer_sentence, turn_words
from archipelago.page.saved.storage import session_from_settings
from archipelago.page.session import Session
from archipelago.page.view import changes as view
from archipelago.registry import from_record


def session(turns, seats=(0, 0), **options):
    record = {"game": "stigmergy", "size": 6, "turns": list(turns), **options}
    played = Session(from_record(record), ["Ann", "Bob"])
    played.seats = list(seats)
    return played


def note(played: Session) -> str:
    return played.kit.turn_note(played)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("20", "offers a komi of 20 points (points for whoever places second)"),
        ("-1", "offers a komi of -1 point (points for whoever places second)"),
        ("play-second", "plays second"),
        ("take-button", "takes the button (half a point)"),
        ("h8x", "flips h8"),
        ("h8", "places a stone on h8"),
        ("pass", "passes"),
        ("resign", "resigns"),
    ],
)
def test_every_kind_of_turn_reads_in_words(text, words):
    assert turn_words(text) == words
    played = session([])
    assert played.kit.turn_words(played.game, text) == words  # the kit's, for the page


def test_every_turn_of_a_played_game_has_words_without_codes():
    played = session(["3", "play-second", "d4", "d5", "take-button", "resign"])
    said = [
        f"{played.name_of(player)} {played.kit.turn_words(played.game, text)}"
        for player, text in played.kit.turns(played.game)
    ]
    assert said[1:3] == ["Bob plays second", "Ann places a stone on d4"]
    assert said[4:] == ["Ann takes the button (half a point)", "Bob resigns"]
    assert all("-" not in words for words in said)


def test_the_answer_to_the_komi_offer_is_said_on_the_next_turn():
    second = session(["3", "play-second"], seats=(0, 2))  # Bob is the computer
    assert answer_sentence(second.game, second.name_of) == (
        "Bob chose to play second: Ann places the first stone, and Bob receives the 3 points "
        "at the end."
    )
    assert note(second).startswith("Bob chose to play second")
    first = session(["3", "d4"])
    assert note(first).startswith(
        "Bob chose to play first, with a stone on d4: Ann plays second and receives the 3 "
        "points at the end. You may"
    )
    button = session(["3", "take-button"])
    assert "taking the button (half a point) as the first turn" in note(button)
    nothing = session(["0", "d4"])
    assert "gets no points for it (the komi is 0)" in note(nothing)
    owing = session(["-2", "play-second"])
    assert "Bob gives up 2 points at the end (a komi below zero)" in note(owing)
    # Said once: the turn after is about the board again; a komi fixed before the game
    # had no answer to tell.
    assert "chose" not in note(session(["3", "play-second", "d4"]))
    assert answer_sentence(session(["d4"], variant={"komi": 3}).game, str) == ""


def test_the_komi_turns_explain_the_word_and_cite_no_docs():
    played = session_from_settings({"game": "stigmergy", "size": 6, "seats": [0, 2]})
    form = played.kit.picker_html(played, 1)
    shown = [note(played), form, note(session(["5"]))]
    for turns in ([], ["5"], ["5", "d4"]):  # the komi's line beside the board
        shown.append(view.game_changes(session(turns), True)["#game-panel-body"]["html"])
    for text in shown:
        assert "points for whoever places second" in text, text
        assert "docs/" not in text and ".md" not in text
    labels = [action.label for action in played.kit.actions(session(["3"]), True)]
    assert "Take the button (½ point)" in labels and "Take button (+½)" not in labels
