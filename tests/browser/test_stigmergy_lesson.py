"""Stigmergy's lesson and the game switcher in a real browser: How to play opens the
lesson of the game in play (Stigmergy's, played to its end, then Archipelago's after a
switch), and the switcher on a touch screen (a phone upright and sideways, a tablet; the
desktop's in the first test) starts Stigmergy against the computer on its quick board
with the komi settled; a komi proposed in the game (a link that sets the game up) is
typed there, its turn said in plain words (the computer's answer, and the moves list in
words, under CPython: tests/page/test_stigmergy_page.py)."""

from __future__ import annotations

import pagekit
import pytest
from test_tutorial import assert_done_shows_close_alone

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
}

# Per step, the learner's moves: a cell of the practice board, or a button's move.
LESSON = [["a1"], ["e3"], ["c3"], ["d4"], ["2"], ["take-button"], ["pass"]]


def act(page, move: str, tap: bool = False) -> None:
    if move[0].isalpha() and move[1:].isdigit():
        target = f'#tutorial-board [data-cell="{move}"]'
    else:
        target = f'#tutorial-picker [data-tutorial-move="{move}"]'
    if tap:
        page.tap(target)
    else:
        page.click(target)


def test_how_to_play_in_a_stigmergy_game_is_its_own_lesson_then_archipelago_s(page):
    page.select_option("#game-switch", "stigmergy")
    page.wait_for_selector('svg.stigmergy[data-size="5"]')
    assert "computer · level 2" in pagekit.cards_text(page)  # as on a first visit
    pagekit.shot(page, "stigmergy-komi-desktop")
    pagekit.press(page, "#tutorial-button")
    dialog, step = page.locator("#tutorial"), page.locator("#tutorial-step")
    feedback = page.locator("#tutorial-feedback")
    assert dialog.is_visible()
    assert page.locator("#tutorial-title").inner_text() == "How to play Stigmergy"
    assert step.inner_text() == "Step 1 of 7: Placing a stone"
    assert page.locator("#tutorial-end-turn").is_hidden()  # a move is a whole turn
    pagekit.shot(page, "stigmergy-lesson-desktop-step1")
    for index, moves in enumerate(LESSON):
        assert step.inner_text().startswith(f"Step {index + 1} of 7"), index
        if index == 2:  # Bob's cell first: the engine refuses it and says why
            act(page, "d4")
            assert feedback.inner_text() == "Bob controls d4."
            assert page.locator("#tutorial-board [data-at]").count() == 5  # nothing placed
            assert page.locator('#tutorial-board .overlay .sight[data-from="d4"]').count() == 1
            pagekit.shot(page, "stigmergy-lesson-desktop-refused")
        for move in moves:
            act(page, move)
        assert "done" in (feedback.get_attribute("class") or ""), feedback.inner_text()
        if index == 4:
            assert "He chose to place the first stone" in feedback.inner_text()
        page.click("#tutorial-next")
    assert step.inner_text() == "Done" and page.locator("#tutorial-play").is_hidden()
    assert_done_shows_close_alone(page)  # End turn gone, Close its own height
    pagekit.shot(page, "stigmergy-lesson-desktop-done")
    page.click("#tutorial-close")
    assert page.locator("#board [data-at]").count() == 0  # the game in play is untouched
    # Back to Archipelago: How to play is Archipelago's lesson, its End turn back.
    page.select_option("#game-switch", "archipelago")
    page.wait_for_selector("svg.board:not(.stigmergy)")
    pagekit.press(page, "#tutorial-button")
    assert page.locator("#tutorial-title").inner_text() == "How to play Archipelago"
    assert step.inner_text() == "Step 1 of 4: Any colour"
    assert page.locator("#tutorial-end-turn").is_visible()
    assert page.locator("#tutorial-picker [data-tutorial-colour]").count() == 2
    page.keyboard.press("Escape")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_switcher_on_a_touch_screen_starts_stigmergy_against_the_computer(
    returning_page, screen
):
    # The session's phone browser at the screen's size, nothing stored: a first visit's
    # game, Archipelago against the computer.
    page = returning_page(viewport=SCREENS[screen]["viewport"], device="phone")
    page.select_option("#game-switch", "stigmergy")
    page.wait_for_selector('svg.stigmergy[data-size="5"]')
    assert "computer · level 2" in pagekit.cards_text(page)
    # The komi is settled at the fair komi: you place first, no number asked (issue 51).
    assert pagekit.card_to_move(page) == 1 and page.locator("#komi-input").count() == 0
    # A link that sets the game up proposes the komi in the game, as ever.
    page.goto(page.url.split("#")[0].split("?")[0] + "?game=stigmergy&size=6&seats=h,c2")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.wait_for_selector('svg.stigmergy[data-size="6"]')
    assert pagekit.card_to_move(page) == 1  # you: the komi offer is yours
    note = page.locator("#turn-note")
    assert "points for whoever places second" in note.inner_text()
    advice = page.locator("#komi-advice").inner_text()
    assert "is fair here" in advice and "docs/" not in advice
    assert page.evaluate(pagekit.SMALL_TARGETS) == []  # the komi field too: 44 px tall
    pagekit.shot(page, f"stigmergy-komi-{screen}")
    # The lesson on the phone: Stigmergy's, tapped.
    pagekit.press(page, "#tutorial-button")
    assert page.locator("#tutorial-title").inner_text() == "How to play Stigmergy"
    for moves in LESSON[:2]:
        for move in moves:
            act(page, move, tap=True)
        page.tap("#tutorial-next")
    pagekit.shot(page, f"stigmergy-lesson-{screen}-step3")
    page.tap("#tutorial-close")
    # An odd komi typed and tapped (the computer's answer, and the moves list saying both
    # in words: tests/page/test_stigmergy_page.py).
    page.fill("#komi-input", "3")
    page.tap("#propose-komi")
    page.wait_for_function("document.querySelectorAll('#history .turn-link').length >= 1")
    assert "3 points" in page.locator("#history .turn-link").first.get_attribute("title")
