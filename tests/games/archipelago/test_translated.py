"""Archipelago in another language (issue 37): with the French or German catalogue
installed, the lesson, the status lines (with their plurals), the refusals of moves and
records and the panels speak it; the rules page marks every block a reader sees; without
a catalogue everything stays English (the command line)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from archipelago import i18n
from archipelago.errors import IllegalMoveError, RecordError
from archipelago.games.archipelago import panels, tutorial
from archipelago.games.archipelago.tutorial import BOB, Tutorial
from archipelago.page.session import Session
from archipelago.registry import from_record
from sitebuild import translations
from tests.support.gamehelpers import replay

RULES = Path(tutorial.__file__).with_name("rules.html")


@pytest.fixture
def speak():
    """Install a language's catalogue for the test; English again after it."""

    def use(language: str) -> None:
        i18n.use_catalogue(language, translations.compiled(language))

    yield use
    i18n.use_catalogue(i18n.ENGLISH, None)


def test_the_lesson_speaks_french(speak):
    speak("fr")
    lesson = Tutorial()
    shown = tutorial.changes(lesson)
    assert shown["#tutorial-step"]["text"] == "Étape 1 sur 4 : Toutes les couleurs"
    assert shown["#tutorial-task"]["text"].startswith("Vous êtes Bleu (le point).")
    assert shown["#tutorial-next"]["text"] == "Suivant"
    assert "Bleu (la vôtre)" in shown["#tutorial-picker"]["html"]
    lesson.place("d4")  # Blue: the step starts again, and says why in French
    assert lesson.feedback.startswith("Pas tout à fait. C'était une pierre bleue")
    lesson.pick(BOB)
    lesson.place("d4")
    assert lesson.done and lesson.feedback.startswith("Cette pierre est à Bob")


def test_status_lines_take_each_languages_plural(speak):
    speak("fr")
    lesson = Tutorial()  # the first turn of the game: one stone
    assert tutorial.status_text(lesson.state) == (
        "Îles : vous 0, Bob 0. Votre tour : 1 pierre sur 1 restante."
    )
    lesson.start_step(2)  # three stones, Bob ahead
    assert tutorial.status_text(lesson.state).endswith("Votre tour : 3 pierres sur 3 restantes.")
    lesson.place("a1")
    assert lesson.feedback == "Encore 2 pierres ce tour-ci."
    speak("de")
    lesson.start_step(1)
    lesson.pick(BOB)
    lesson.place("a4")
    assert lesson.feedback == "Noch 1 Stein in diesem Zug."
    assert tutorial.status_text(lesson.state) == (
        "Inseln: du 0, Bob 0. Dein Zug: 1 von 2 Steinen übrig."
    )


def test_french_counts_zero_islands_in_the_singular(speak):
    speak("fr")
    state = replay(2, [], size=3)
    assert panels.islands(state, 0) == "0 île"
    assert panels.islands(state, 1) == "1 île"
    assert panels.islands(state, 2) == "2 îles"
    speak("de")
    assert panels.islands(state, 0) == "0 Inseln"


def test_the_panels_speak_german(speak):
    speak("de")
    session = Session(replay(3, ["1d4"], size=4), ["Ann", "Bob", "Cy"])
    facts = panels.card_facts(session, 1)
    assert (facts.number, facts.unit, facts.detail) == ("0", "Inseln", "0 Bonus")
    assert facts.title.startswith("0 Inseln und 1 Einzelstein (Einzelsteine zählen nicht)")
    assert "Blau" in panels.picker_html(session, 2) and "von Ann" in panels.picker_html(session, 2)
    assert panels.pick_words(touch=True) == "Wähle eine Farbe und tippe dann auf ein leeres Feld."
    kit = session.kit
    assert [action.label for action in kit.actions(session, True)] == [
        "Zug beenden (2 übrig)",
        "Passen",
    ]
    assert kit.turn_words(session.game, "1d4,2a1") == "blau d4, orange a1"


def test_refusals_of_moves_and_records_speak_the_language(speak):
    speak("fr")
    state = replay(2, ["1d4"], size=4)
    with pytest.raises(IllegalMoveError, match="^la case d4 est occupée$"):
        state.push("2d4")
    lesson = Tutorial()
    lesson.start_step(1)  # Bob's stone is on d4
    lesson.place("d4")
    assert lesson.feedback == "La case d4 est occupée."
    speak("de")
    record = {"game": "archipelago", "size": 4, "players": 2, "turns": ["1d4", "2d4,1a1"]}
    with pytest.raises(RecordError) as refused:
        from_record(record)
    assert str(refused.value) == "Zug 2, Stein 1 (2d4): Feld d4 ist besetzt"


def test_without_a_catalogue_the_words_stay_english():
    state = replay(2, ["1d4"], size=4)
    with pytest.raises(IllegalMoveError, match="^cell d4 is occupied$"):
        state.push("2d4")
    assert tutorial.changes(Tutorial())["#tutorial-step"]["text"] == "Step 1 of 4: Any colour"


def test_the_rules_page_marks_every_block_a_reader_sees():
    source = RULES.read_text(encoding="utf-8")
    blocks = re.findall(r"<(title|h1|h2|p|li|figcaption)\b([^>]*)>", source)
    assert blocks and all("data-i18n" in attributes for _tag, attributes in blocks)
    messages = [text for _line, text in translations.marked_messages(source)]
    assert len(messages) == len(blocks)
    assert "How to play Archipelago" in messages


def test_the_line_under_the_board_says_tap_on_a_touch_screen_in_german(speak):
    from archipelago.page.kits import kit_for
    from archipelago.page.view.pointer import pointer_in_hand
    from archipelago.registry import new_game

    speak("de")
    session = Session(new_game("archipelago", size=3), ["Ann", "Bob"], ["person", "person"])
    kit = kit_for("archipelago")
    with pointer_in_hand(True):
        assert "tippe" in kit.cell_words(session, 1, None, True)
    assert "klicke" in kit.cell_words(session, 1, None, True)
