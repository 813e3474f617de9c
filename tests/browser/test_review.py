"""Reviewing a game in the browser: what only a browser shows. The turn shown stays in
view inside the moves list as the arrow keys step, and a finished game's result card sits
over the board. What the steps, the banner, Rematch and Review decide is checked under
CPython in tests/page/test_review.py."""

from __future__ import annotations

import pagekit

from archipelago.page.saved.links import encode_link


def shown_turn(page):
    return page.evaluate(
        "(document.querySelector('#history [aria-current]') || {dataset: {}}).dataset.turn"
    )


def link_of(state, names=("Ada", "Ben")) -> str:
    return "#game=" + encode_link({**state.to_record(), "names": list(names)})


def test_the_turn_shown_stays_in_view_as_the_arrow_keys_step(returning_page):
    _, state = pagekit.random_actions(5, 2, seed=3, until=lambda s: len(s.turns) >= 24)
    page = returning_page(link_of(state))
    page.click('#history [data-turn="3"]')
    assert shown_turn(page) == "3"
    assert page.locator("#review-banner").inner_text().startswith("Turn 3 of 24")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown_turn(page) == "4"
    # The selected turn stays in view inside the moves list.
    inside = page.evaluate("""() => {
        const list = document.getElementById('history').getBoundingClientRect();
        const item = document.querySelector('#history [aria-current]').getBoundingClientRect();
        return item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
    }""")
    assert inside
    page.keyboard.press("Escape")
    assert shown_turn(page) is None and page.locator("#review-banner").is_hidden()


def test_a_finished_game_s_result_sits_over_the_board(returning_page):
    _, final = pagekit.random_actions(3, 2, seed=7)
    page = returning_page(link_of(final))
    card = page.locator("#gameover")
    card.wait_for(state="visible")
    for button in ("#rematch", "#review-game", "#result-new-game"):
        assert page.locator(button).is_visible(), button
    over = card.bounding_box()
    board = page.locator("#board").bounding_box()
    assert board["x"] <= over["x"] and over["x"] + over["width"] <= board["x"] + board["width"]
    assert page.locator("#picker").is_hidden()
    pagekit.shot(page, "review-game-over")
    page.keyboard.press("ArrowLeft")  # a real key steps back: the card is put away
    assert card.is_hidden() and page.locator("#review-banner").is_visible()
    page.keyboard.press("End")
    assert card.is_visible()
