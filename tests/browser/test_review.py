"""Reviewing a game like a game site: the arrows, Home and End step through the turns,
the selected turn stays in view, Escape returns to the game; the last turn stays marked."""

from __future__ import annotations

import pagekit


def shown_turn(page):
    return page.evaluate(
        "(document.querySelector('#history [aria-current]') || {dataset: {}}).dataset.turn"
    )


def test_arrow_keys_step_through_the_history(page):
    actions, _ = pagekit.random_actions(5, 2, seed=3, until=lambda s: len(s.turns) >= 24)
    pagekit.new_game(page, size=5, players=2)
    pagekit.play(page, actions)
    page.click('#history [data-turn="3"]')
    assert shown_turn(page) == "3"
    page.keyboard.press("ArrowLeft")
    assert shown_turn(page) == "2" and "after turn 2" in page.locator("#status").inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown_turn(page) == "4"
    # The selected turn stays in view inside the history list.
    inside = page.evaluate("""() => {
        const list = document.getElementById('history').getBoundingClientRect();
        const item = document.querySelector('#history [aria-current]').getBoundingClientRect();
        return item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
    }""")
    assert inside
    page.keyboard.press("Home")
    assert "after turn 0" in page.locator("#status").inner_text()
    assert pagekit.stones(page) == {}
    page.click('[data-command="review-forward"]')
    assert len(pagekit.stones(page)) >= 1
    page.keyboard.press("End")
    assert shown_turn(page) is None and "Showing" not in page.locator("#status").inner_text()
    page.click('#history [data-turn="1"]')
    page.keyboard.press("Escape")
    assert shown_turn(page) is None


def test_the_last_turn_stays_marked_while_the_next_is_under_way(page):
    pagekit.new_game(page, size=5, players=2)
    pagekit.click_cell(page, "c3")  # turn 1: one stone
    assert page.locator('svg.board [data-last="1"]').count() == 1
    pagekit.click_cell(page, "a1")  # turn 2 under way
    assert page.locator('svg.board [data-last="1"]').get_attribute("data-at") == "c3"
    assert page.locator("svg.board .last-mark").count() == 1
