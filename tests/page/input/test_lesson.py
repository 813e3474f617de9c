"""How to play's input (archipelago.page.input.lesson) under CPython, through the page's
one click listener: the dialog opened on the lesson of the game in play, its board and
buttons played, a finished lesson's focus on Close, and the dialog closed."""

from __future__ import annotations

from archipelago.games.stigmergy.tutorial import STEPS
from archipelago.page.input.events import Cell, PageEvent, Target
from archipelago.page.input.lesson import LessonDialog
from tests.page.test_controller import Tab


def lesson_click(tab: Tab, cell: str | None = None, **lesson: str) -> None:
    on = Cell(cell, 40.0, "tutorial") if cell else None
    tab.event(tab.input.on_click, PageEvent("click", cell=on, lesson=lesson or None))


def test_how_to_play_opens_the_game_s_lesson_and_its_board_answers():
    tab = Tab()
    assert isinstance(tab.input.lesson, LessonDialog)
    lesson_click(tab, tutorial="open")
    assert "tutorial" in tab.browser.dialogs
    assert tab.browser.text("#tutorial-title") == "How to play Archipelago"
    assert tab.browser.text("#tutorial-step") == "Step 1 of 4: Any colour"
    lesson_click(tab, "b2")  # the learner's own colour: the step is set up again
    assert tab.browser.text("#tutorial-feedback").startswith("Not quite.")
    board = tab.browser.html("#tutorial-board")
    lesson_click(tab, tutorialColour="2")  # Orange, Bob's colour
    lesson_click(tab, "b2")
    assert tab.input.lesson.lessons.lesson.done and tab.browser.html("#tutorial-board") != board
    assert tab.browser.stones() == {}  # the game in play is untouched
    lesson_click(tab, tutorial="close")
    assert "tutorial" not in tab.browser.dialogs


def test_the_lesson_s_buttons_keys_and_focus_and_a_finished_lesson_s_focus():
    tab = Tab("?game=stigmergy&players=2&size=5")
    lesson_click(tab, tutorial="open")
    lesson = tab.input.lesson.lessons.lesson
    assert tab.browser.text("#tutorial-title") == "How to play Stigmergy"
    focus = PageEvent("focus", target=Target(id="tutorial-board", focus_visible=True))
    tab.event(tab.input.lesson.on_focus, focus)
    assert lesson.cursor is not None  # the keyboard's cursor, shown at once
    cursor = lesson.cursor
    tab.event(tab.input.lesson.on_key, PageEvent("keydown", key="ArrowRight"))
    assert lesson.cursor not in (None, cursor)  # the practice board's own arrows
    lesson.start_step(len(STEPS) - 1)
    lesson.done = True
    lesson_click(tab, tutorial="next")
    assert lesson.finished and tab.browser.focused == "tutorial-close"
    lesson_click(tab)  # a click elsewhere on the page is not the lesson's
    assert tab.browser.focused == "tutorial-close"
