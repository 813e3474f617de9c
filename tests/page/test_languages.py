"""The page's own messages in the reader's language (issue 37): with a catalogue installed,
the controller's refusals, the confirm dialog's question, the results, the links' messages
(with their counts in the language's plural forms) and the limits of a note (with the
language's digit grouping) are translated; English, the code's own words, comes back
once the catalogue is put away. The messages are checked against the catalogues of
archipelago/locale, as the site compiles them."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

import pytest

from archipelago import i18n
from archipelago.lines import NOTE_LENGTH, note_problem
from archipelago.page.kits import GameKit
from archipelago.page.saved import distance
from archipelago.page.saved.links import encode_link
from archipelago.page.session import Session
from sitebuild import translations
from tests.page.saved.test_distance import ahead_of_her_first_link
from tests.page.test_controller import Tab
from tests.support.gamehelpers import replay


@functools.cache
def catalogue(code: str) -> bytes:
    return translations.compiled(code)


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """Install a language's catalogue for the test; English again afterwards."""
    yield lambda code: i18n.use_catalogue(code, catalogue(code))
    i18n.use_catalogue(i18n.ENGLISH, None)


def test_the_controller_s_refusals_are_in_french(speak):
    speak("fr")
    tab = Tab()
    tab.click("c3")
    tab.click("c4")
    tab.press(turn="1")
    tab.press(command="undo")  # under a past position: back at the game first
    assert tab.browser.message() == (
        "Retour à la partie en cours : appuyez encore pour annuler un coup."
    )
    for _ in range(3):
        tab.press(command="undo")
    assert tab.browser.message() == "Rien à annuler."
    assert tab.browser.shown["#message"]["className"] == "message error"


def test_the_resign_question_the_pass_button_and_the_result_are_in_german(speak):
    speak("de")
    session = Session(replay(2, ["1a1"], size=5), ["Ann", "Bob"])
    question = session.person_move("resign")
    assert question.startswith("Für Bob aufgeben? Die Partie endet und Ann gewinnt.")
    assert question.endswith("Rückgängig macht es wieder ungeschehen.")
    assert session.asking is not None and session.asking.go_ahead == "Für Bob aufgeben"
    kit = GameKit("archipelago")
    assert [a.label for a in kit.actions(session, True) if a.id == "pass"] == ["Passen"]
    over = Session(replay(2, ["1d4", "pass", "pass"], size=4))
    assert kit.result_words(over) == "Player 1 und Player 2 teilen sich den ersten Platz."


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("fr", "(1 tour ; vous en avez 2 tours)"),
        ("pt", "(1 turno; você tem 2 turnos)"),
        ("de", "(1 Zug; du hast 2 Züge)"),
    ],
)
def test_a_link_s_older_state_counts_turns_in_the_language_s_plural_forms(speak, code, words):
    ann, _bob, first = ahead_of_her_first_link()
    speak(code)
    assert words in ann.open(first).message


def test_a_note_s_limit_groups_digits_as_the_language_does(speak):
    long_note = "x" * 1200
    assert note_problem(long_note) == (
        f"A note holds at most {NOTE_LENGTH} characters (this one has 1,200)."
    )
    speak("de")
    assert note_problem(long_note) == (
        f"Eine Notiz hat höchstens {NOTE_LENGTH} Zeichen (diese hat 1\u202f200)."
    )
    speak("it")
    assert note_problem("\x07") == "Una nota non può contenere caratteri di controllo."


def test_english_returns_when_the_catalogue_is_put_away(speak):
    speak("es")
    assert Session(replay(2, [], size=5), ["Ann", "Bob"]).take_back("undo") == (
        "Nada que deshacer."
    )
    i18n.use_catalogue(i18n.ENGLISH, None)
    assert Session(replay(2, [], size=5), ["Ann", "Bob"]).take_back("undo") == "Nothing to undo."


def test_a_file_that_is_no_record_is_refused_in_french(speak):
    speak("fr")
    tab = Tab()
    tab.page.within(lambda: tab.page.open_file("notes.txt", "not a game"))
    assert tab.browser.message() == (
        "Impossible de charger notes.txt : le fichier n'est pas du JSON valide : Expecting "
        "value (ligne 1, colonne 1). La partie en cours n'a pas changé."
    )
    assert tab.browser.stones() == {}


@pytest.mark.parametrize("code", ["en", "es"])
def test_a_link_cut_short_is_damaged_in_any_language(speak, code):
    speak(code)
    whole = encode_link({"game": "archipelago", "turns": []})
    cut = whole[: len(whole) // 4 * 4 - 4]  # whole base64 blocks: JSON cut short
    opened = distance.open_link(cut, None)
    damaged = i18n._("the link is damaged: its game data cannot be read")
    assert opened.session is None and damaged in opened.message
    if code == "es":
        assert opened.message.startswith("Este enlace no contiene una partida")


def test_the_games_list_says_who_won_and_when_in_german(speak):
    """Issue 51: "Beendet: Bob won" and "2026-11-29 03:43" in a German games list."""
    from datetime import UTC, datetime

    from archipelago.page.saved.library import Library, describe, state_words
    from archipelago.page.saved.storage import Storage
    from archipelago.page.setup.dialogs import games_list_html

    won = Session(replay(2, ["1a1", "resign"], size=4), ["Ann", "Bob"])
    tied = Session(replay(2, ["1d4", "pass", "pass"], size=4), ["Ann", "Bob"])
    when = datetime(2026, 11, 29, 3, 43, tzinfo=UTC).timestamp() * 1000
    data: dict[str, str] = {}
    games = Library(Storage(data.get, data.__setitem__), lambda: when, iter("abc").__next__)
    assert state_words(describe(won)["status"]) == "Finished: Ann won"
    games.add(won)
    assert "29 Nov 2026, 03:43" in games_list_html(games)
    speak("de")
    assert state_words(describe(won)["status"]) == "Beendet: Ann hat gewonnen"
    assert state_words(describe(tied)["status"]) == ("Beendet: Ann und Bob spielten unentschieden")
    shown = games_list_html(games, utc_offset_minutes=60)
    assert ">29.11.2026, 04:43</time>" in shown  # in the reader's time zone
    speak("es")
    assert ">29/11/2026, 3:43</time>" in games_list_html(games)


def test_games_saved_with_english_words_show_their_result_in_the_page_s_language(speak):
    """Issue 51: games saved before the result was translated keep "Finished: Bob won" in
    the stored list; the page reads each such game again as it starts and says its state
    in its own language (and whatever language saves a game, the list keeps facts)."""
    import json

    from archipelago.page.saved.library import INDEX_KEY, game_key
    from archipelago.page.setup.dialogs import games_list_html

    won = Session(replay(2, ["1a1", "resign"], size=4), ["Ann", "Bob"])
    going = Session(replay(2, ["1a1"], size=4), ["Kim", "Lee"])
    old = [  # the list as an older page wrote it: the state in its words, no facts
        {
            "id": "g1",
            "date": 2e12,
            "title": "Archipelago",
            "names": ["Ann", "Bob"],
            "turns": 2,
            "state": "Finished: Ann won",
        },
        {
            "id": "g2",
            "date": 1e12,
            "title": "Archipelago",
            "names": ["Kim", "Lee"],
            "turns": 1,
            "state": "Lee to play",
        },
        {"id": "g3", "date": 5e11, "names": ["Zed"], "state": "Finished: Zed won"},  # no game
    ]
    store = {
        INDEX_KEY: json.dumps(old),
        game_key("g1"): json.dumps({**won.payload(), "rev": 3}),
        game_key("g2"): json.dumps({**going.payload(), "rev": 1}),
        game_key("g3"): "{damaged",
    }
    speak("de")
    tab = Tab("", store=store)  # the page starts: the list is read again
    listed = {entry["id"]: entry for entry in json.loads(store[INDEX_KEY])}
    assert [listed[g]["date"] for g in ("g1", "g2", "g3")] == [2e12, 1e12, 5e11]  # kept
    assert not any("state" in entry for entry in listed.values())
    assert listed["g1"]["status"] == ["won", ["Ann"]]
    assert listed["g2"]["status"] == ["to-play", "Lee"]
    shown = games_list_html(tab.page.keeper.library)
    assert "Beendet: Ann hat gewonnen" in shown and "Lee ist am Zug" in shown
    assert " won" not in shown and "Zed won" not in shown
    again = store[INDEX_KEY]
    Tab("", store=store)  # read once: the next start writes nothing
    assert store[INDEX_KEY] == again
    speak("es")  # the same list, facts kept: each language says it in its words
    assert "Terminada: ganó Ann" in games_list_html(tab.page.keeper.library)


def test_the_moves_list_and_the_end_card_of_stigmergy_in_spanish(speak):
    """Issue 51: "105. pass" and "70. take-button" in a Spanish moves list; "recibe los 1
    punto"; the end card's score."""
    from archipelago.games.stigmergy import words
    from archipelago.games.stigmergy.state import StigmergyGame
    from archipelago.page.view import changes as view
    from archipelago.page.view import panels

    speak("es")
    game = StigmergyGame(3, komi=1)
    game.push("a1")
    game.push("take-button")
    while not game.is_over:  # filled in, then both pass
        moves = [move.text for move in game.legal_moves()]
        game.push("pass" if "pass" in moves else moves[0])
    session = Session(game, ["Ann", "Bob"])
    history = panels.history_html(session)
    shown = re.sub(r"<code hidden>.*?</code>|<[^>]+>", " ", history)
    assert "pasa" in shown and "toma la ficha" in shown
    assert "pass" not in shown and "take-button" not in shown  # the notation is hidden
    assert "<code hidden>take-button</code>" in history  # and kept as the record writes it
    over = re.sub(r"<[^>]+>", " ", view.control_changes(session, 1, True)["#gameover"]["html"])
    assert "Bob gana, 10½ puntos a 10" in over and "point" not in over
    assert words.receives(1) == "recibe 1 punto al final"
    assert words.receives(3) == "recibe los 3 puntos al final"
    assert words.receives(-1) == "cede 1 punto al final (un komi negativo)"
