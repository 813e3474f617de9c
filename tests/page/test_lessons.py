"""How to play opens the lesson of the game in play (archipelago/page/lessons.py)."""

from __future__ import annotations

import dataclasses

from archipelago.page import lessons
from archipelago.page.lessons import Lessons
from archipelago.registry import manifest_of


def test_each_game_opens_its_own_lesson_and_keeps_its_progress():
    shown = Lessons()
    shown.open("stigmergy")
    changes = shown.changes()
    assert changes["#tutorial-title"]["text"] == "How to play Stigmergy"
    assert changes["#tutorial-step"]["text"] == "Step 1 of 7: Placing a stone"
    assert changes["#tutorial-end-turn"]["hidden"] is True  # a move is a whole turn
    shown.lesson.place("a1")
    shown.open("archipelago")
    changes = shown.changes()
    assert changes["#tutorial-title"]["text"] == "How to play Archipelago"
    assert changes["#tutorial-step"]["text"] == "Step 1 of 4: Any colour"
    # Nothing of Stigmergy's lesson is left over: End turn is back, the colours' label too.
    assert changes["#tutorial-end-turn"]["hidden"] is False
    assert changes["#tutorial-picker"]["attrs"]["aria-label"] == "Colour of the next stone"
    assert "1 or 2 picks the colour" in changes["#tutorial-board"]["attrs"]["aria-label"]
    shown.open("stigmergy")
    assert shown.lesson.done  # where the learner left it


def test_a_finished_lesson_shows_close_alone_in_every_game():
    """Issue 51: on "Done" End turn stayed (it does nothing in Stigmergy, where a move is
    a whole turn): a finished lesson hides the board and every step's button."""
    for game in ("archipelago", "stigmergy"):
        shown = Lessons()
        shown.open(game)
        shown.lesson.start_step(len(shown.lesson.steps))
        changes = shown.changes()
        assert changes["#tutorial-step"]["text"] == "Done", game
        for button in ("#tutorial-play", "#tutorial-end-turn", "#tutorial-next", "#tutorial-again"):
            assert changes[button]["hidden"] is True, (game, button)
        assert changes["#tutorial-feedback"]["text"] == ""


def test_a_finished_lesson_starts_again_when_opened():
    shown = Lessons()
    shown.open("stigmergy")
    shown.lesson.start_step(99)
    assert shown.lesson.finished
    shown.open("stigmergy")
    assert shown.lesson.index == 0


def test_a_game_without_a_lesson_says_so_and_shows_no_other_game(monkeypatch):
    bare = dataclasses.replace(manifest_of("stigmergy"), lesson="")
    monkeypatch.setattr(lessons, "manifest_of", lambda name: bare)
    shown = Lessons()
    shown.open("stigmergy")
    changes = shown.changes()
    assert shown.lesson is None
    assert changes["#tutorial-step"]["text"] == "Stigmergy has no lesson yet"
    assert changes["#tutorial-play"]["hidden"] is True
    assert changes["#tutorial-next"]["hidden"] is True
    assert "Archipelago" not in str(changes)


def test_the_first_step_to_read_while_loading_is_the_one_python_opens_live():
    """What the build writes for reading while the page starts is each game's first step
    as Python shows it, but waiting; Python's own changes then set every property the
    waiting step set, so nothing of it stays once the lesson is live."""
    waiting = lessons.waiting_first_steps()
    assert sorted(waiting) == ["archipelago", "stigmergy"]
    for game, step in waiting.items():
        live = Lessons()
        live.open(game)
        shown = live.changes()
        assert step["#tutorial-feedback"]["text"].startswith("The practice board answers")
        assert step["#tutorial-again"]["hidden"] is True
        assert shown["#tutorial-again"]["hidden"] is False
        assert shown["#tutorial-feedback"]["text"] == ""
        for selector, props in step.items():
            assert set(props) <= set(shown[selector]), selector
            if selector not in ("#tutorial-feedback", "#tutorial-again"):
                assert props == shown[selector], selector
    assert waiting["stigmergy"]["#tutorial-step"]["text"] == "Step 1 of 7: Placing a stone"


def test_the_first_step_to_read_while_loading_is_in_the_page_s_language():
    from archipelago import i18n
    from sitebuild import translations

    i18n.use_catalogue("pt", translations.compiled("pt"))
    try:
        step = lessons.waiting_first_steps()["archipelago"]
    finally:
        i18n.use_catalogue("en", None)
    assert step["#tutorial-feedback"]["text"].startswith("O tabuleiro de treino responde")
    assert step["#tutorial-step"]["text"].startswith("Passo 1 de 4")
