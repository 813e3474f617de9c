"""Reviewing a game like a game site: the arrows, Home and End step through the turns,
the selected turn stays in view, Escape returns to the game; a banner over the board says
which turn is shown, and nothing done during review changes the game out of sight. A
finished game shows its result over the board, with Rematch, Review and New game."""

from __future__ import annotations

import pagekit


def shown_turn(page):
    return page.evaluate(
        "(document.querySelector('#history [aria-current]') || {dataset: {}}).dataset.turn"
    )


def banner(page) -> str:
    """The review banner's words, "" when it is hidden."""
    box = page.locator("#review-banner")
    return box.inner_text() if box.is_visible() else ""


def test_arrow_keys_step_through_the_history(page):
    actions, _ = pagekit.random_actions(5, 2, seed=3, until=lambda s: len(s.turns) >= 24)
    pagekit.new_game(page, size=5, players=2)
    pagekit.play(page, actions)
    page.click('#history [data-turn="3"]')
    assert shown_turn(page) == "3"
    assert banner(page).startswith("Turn 3 of 24")
    page.keyboard.press("ArrowLeft")
    assert shown_turn(page) == "2" and banner(page).startswith("Turn 2 of 24")
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
    page.keyboard.press("Home")
    assert banner(page).startswith("The empty board")
    assert pagekit.stones(page) == {}
    assert page.locator("#review-back").is_disabled()  # nothing before the empty board
    page.click("#review-forward")  # the navigation under the moves
    assert len(pagekit.stones(page)) >= 1
    page.keyboard.press("End")
    assert shown_turn(page) is None and banner(page) == ""
    page.click('#history [data-turn="1"]')
    page.keyboard.press("Escape")
    assert shown_turn(page) is None and banner(page) == ""


def test_nothing_done_during_review_changes_the_game_out_of_sight(page):
    pagekit.new_game(page, size=4, players=2)
    pagekit.play(page, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5")])
    page.click('#history [data-turn="1"]')
    assert page.locator("#undo").is_disabled()  # Undo would change the game out of sight
    page.keyboard.press("u")  # the key returns to the game and takes nothing back
    assert banner(page) == "" and pagekit.stones(page) == {"d4": 1, "d5": 2, "e5": 2}
    assert "press again" in page.locator("#message").inner_text()
    page.click("#review-back")
    assert banner(page).startswith("Turn 1 of 2")  # the position before the present one
    record = pagekit.stored_game(page)
    pagekit.click_cell(page, "a1")  # a click in review tries a move: a side line (issue 34)
    assert banner(page) != "" and "a1" in pagekit.stones(page)  # still in review
    assert pagekit.stored_game(page)["turns"] == record["turns"]  # the game is untouched
    page.click("#back-to-game")
    assert banner(page) == "" and "a1" not in pagekit.stones(page)


def test_the_last_turn_stays_marked_while_the_next_is_under_way(page):
    pagekit.new_game(page, size=5, players=2)
    pagekit.click_cell(page, "c3")  # turn 1: one stone
    assert page.locator('svg.board [data-last="1"]').count() == 1
    pagekit.click_cell(page, "a1")  # turn 2 under way
    assert page.locator('svg.board [data-last="1"]').get_attribute("data-at") == "c3"
    assert page.locator("svg.board .last-mark").count() == 1


def test_a_finished_game_shows_its_result_and_steps_back_through_it(page):
    actions, final = pagekit.random_actions(3, 2, seed=7)
    pagekit.new_game(page, size=3, players=2, names=["Ada", "Ben"])
    pagekit.play(page, actions)
    card = page.locator("#gameover")
    assert card.is_visible()
    turns = len(final.turns)
    # Over the board: the result in words, the ranking, and what to do next.
    headline = page.locator("#result-title").inner_text()
    assert "wins" in headline or "share first place" in headline
    assert page.locator("#gameover .ranking li").count() == 2
    for button in ("#rematch", "#review-game", "#result-new-game"):
        assert page.locator(button).is_visible(), button
    over = page.locator("#gameover").bounding_box()
    board = page.locator("#board").bounding_box()
    assert board["x"] <= over["x"] and over["x"] + over["width"] <= board["x"] + board["width"]
    # Every move control is off; the colours are not offered, nor Pause.
    assert page.locator("#end-turn").is_disabled() and page.locator("#pass").is_disabled()
    assert page.locator("#picker").is_hidden() and page.locator("#pause").count() == 0
    pagekit.shot(page, "review-game-over")
    # The left arrow steps back through the game; End or Escape return to its end.
    page.keyboard.press("ArrowLeft")
    assert banner(page).startswith(f"Turn {turns - 1} of {turns}") and card.is_hidden()
    page.keyboard.press("ArrowLeft")
    assert banner(page).startswith(f"Turn {turns - 2} of {turns}")
    page.keyboard.press("End")
    assert banner(page) == "" and card.is_visible()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Escape")
    assert banner(page) == "" and pagekit.stones(page) == pagekit.engine_stones(final)
    # Review puts the card away; the arrows still step through the game.
    page.click("#review-game")
    assert card.is_hidden()
    page.keyboard.press("ArrowLeft")
    assert banner(page).startswith(f"Turn {turns - 1} of {turns}")
    page.keyboard.press("End")
    assert banner(page).startswith("Game over: ") and card.is_hidden()
    page.click("#show-result")
    # Rematch: the same players on the same board, from the start.
    page.click("#rematch")
    assert pagekit.stones(page) == {} and card.is_hidden()
    assert "Ada" in pagekit.cards_text(page) and "Ben" in pagekit.cards_text(page)
    assert page.locator("svg.board").get_attribute("data-size") == "3"
