"""The page's own messages in the reader's language (issue 37): with a catalogue installed,
the controller's refusals, the confirm dialog's question, the results, the links' messages
(with their counts in the language's plural forms) and the limits of a note (with the
language's digit grouping) are translated; English, the code's own words, comes back
once the catalogue is put away. The messages are checked against the catalogues of
archipelago/locale, as the site compiles them."""

from __future__ import annotations

import functools
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
