"""Stigmergy in the reader's language (archipelago/games/stigmergy/locale/*.po): with the
French or German catalogue installed, the lesson, the turn's status line (with its plural
forms), the refusals of moves and komi entries and the decimals read in that language,
and English comes back once the catalogue is taken away."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from archipelago import i18n
from archipelago.games.stigmergy import panels, tutorial
from archipelago.games.stigmergy.kit import read_komi
from archipelago.games.stigmergy.tutorial import STEPS, Tutorial
from archipelago.games.stigmergy.words import turn_words
from archipelago.page.session import Session
from archipelago.registry import from_record
from sitebuild import translations


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """Install a language's catalogue for one test; English again afterwards."""

    def install(language: str) -> None:
        i18n.use_catalogue(language, translations.compiled(language))

    yield install
    i18n.use_catalogue(i18n.ENGLISH, None)


def session(turns: list[str]) -> Session:
    played = Session(from_record({"game": "stigmergy", "size": 6, "turns": turns}), ["Ann", "Bob"])
    played.seats = [0, 0]
    return played


def test_a_lesson_step_reads_in_french(speak):
    speak("fr")
    shown = tutorial.changes(Tutorial())
    assert shown["#tutorial-step"]["text"] == "Étape 1 sur 7 : Poser une pierre"
    assert shown["#tutorial-task"]["text"].startswith("Vous êtes Bleu, Bob est Orange")
    assert shown["#tutorial-next"]["text"] == "Suivant"
    lesson = Tutorial()
    lesson.press("a1")  # the step's task: a stone on an empty cell
    assert lesson.done and lesson.feedback.startswith("Une pierre posée.")


def test_the_lesson_names_you_and_bob_in_its_refusals_in_german(speak):
    speak("de")
    lesson = Tutorial()
    lesson.start_step(2)  # Bob controls d4
    lesson.place("d4")
    assert lesson.feedback == "Bob kontrolliert d4."
    lesson.start_step(1)  # Bob's d2 stands where the learner sees too few blue stones
    lesson.place("d2")
    assert lesson.feedback == "Du kontrollierst d2 nicht (es sieht 2 der 4 nötigen)."


def test_the_status_line_takes_each_language_s_plural_forms(speak):
    one, none = session(["1"]), session(["0"])  # Ann offered 1 point, or 0
    speak("fr")  # French counts 0 and 1 in the singular
    assert "répond au komi de 1 point (des points pour qui pose en second)" in (
        panels.turn_note(one)
    )
    assert "répond au komi de 0 point " in panels.turn_note(none)
    assert turn_words("20") == "propose un komi de 20 points (des points pour qui pose en second)"
    speak("de")  # German counts 0 in the plural
    assert "Bob antwortet auf den Komi von 1 Punkt (" in panels.turn_note(one)
    assert "Komi von 0 Punkte (" in panels.turn_note(none)


def test_a_refused_move_says_why_in_french(speak):
    game = tutorial.setup_state(STEPS[2])  # Bob (player 2) controls d4
    code = game.parse_move("d4").code
    assert game.refusal(code) == "player 2 controls d4"  # English without a catalogue
    speak("fr")
    assert game.refusal(code) == "le joueur 2 contrôle d4"
    with pytest.raises(
        ValueError, match="^Un komi de 99 est hors limites : sur un plateau de côté 6"
    ):
        read_komi("99", 6)


def test_decimals_take_the_reader_s_decimal_comma(speak):
    lesson = Tutorial()
    lesson.start_step(5)  # the button: half a point
    lesson.press("take-button")
    assert "you 2.5," in tutorial.status_text(lesson.state)
    speak("fr")
    assert tutorial.status_text(lesson.state).startswith("Points actuels : vous 2,5, Bob")
    assert panels.average(7.25) == "7,25"
    speak("de")
    assert panels.average(6.0) == "6"
