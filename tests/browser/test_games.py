"""No game is lost: a link opens beside the game in progress, the games list continues
any of them, two tabs of one browser never overwrite each other, and the single game
older pages kept joins the list."""

from __future__ import annotations

import json

import pagekit

from archipelago.games.archipelago.state import GameState
from archipelago.page.session import Session

READY = "document.body.dataset.ready === '1'"


def listed(page) -> list[str]:
    return page.evaluate(
        "JSON.parse(localStorage.getItem('archipelago.games')).map(e => e.names.join(','))"
    )


def test_a_share_link_opens_beside_the_stored_game(page):
    pagekit.new_game(page, size=5, players=2, names=["Ann", "Bob"])
    pagekit.click_cell(page, "c3")
    pagekit.press(page, "#share-button")
    link = page.input_value("#share-url")
    page.click("#close-share")
    pagekit.click_cell(page, "d4")  # the game goes on past its link (else the link is it)
    pagekit.new_game(page, size=5, players=2, names=["Kim", "Lee"])
    pagekit.play(page, [("stone", 1, "e5"), ("stone", 2, "d4")])
    page.goto(link)
    page.wait_for_function(READY)
    assert pagekit.stones(page) == {"c3": 1}
    assert "new game" in page.locator("#message").inner_text()
    assert sorted(listed(page)) == ["Ann,Bob", "Ann,Bob", "Kim,Lee"]
    pagekit.press(page, "#games-button")
    rows = page.locator("#games-list li")
    assert rows.count() == 3
    kim = page.locator('#games-list li:has-text("Kim, Lee")')
    assert "Kim to play" not in kim.inner_text() and "1 turn" in kim.inner_text()
    kim.locator('[data-command="continue-game"]').click()
    assert pagekit.stones(page) == {"e5": 1, "d4": 2}
    pagekit.press(page, "#games-button")
    assert page.locator("#games-list li[aria-current=true]").inner_text().startswith("Kim, Lee")
    page.locator('#games-list li:has-text("Ann, Bob") [data-command="delete-game"]').first.click()
    assert page.locator("#games-list li").count() == 2
    page.click("#close-games")


def test_two_tabs_never_overwrite_each_other(page):
    pagekit.new_game(page, size=5, players=2)
    pagekit.click_cell(page, "c3")
    other = page.context.new_page()
    other.goto(page.url.split("#")[0])
    other.wait_for_function(READY)
    assert pagekit.stones(other) == {"c3": 1}  # the game played last
    pagekit.click_cell(other, "d4")
    page.wait_for_function("document.querySelectorAll('svg.board [data-at]').length === 2")
    assert "another tab" in page.locator("#message").inner_text()
    pagekit.click_cell(page, "e5")
    other.wait_for_function("document.querySelectorAll('svg.board [data-at]').length === 3")
    # Bob's turn (two stones, one from each tab) starts on his colour in both tabs.
    assert pagekit.stones(other) == {"c3": 1, "d4": 2, "e5": 2}
    assert len(listed(page)) == 1


def test_a_game_of_an_older_page_joins_the_list(page):
    old = Session(GameState(5, 2), ["Old", "Timer"])
    old.push("1c3")
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('archipelago.game', text); }",
        json.dumps(old.payload()),
    )
    page.reload()
    page.wait_for_function(READY)
    assert pagekit.stones(page) == {"c3": 1}
    assert listed(page) == ["Old,Timer"]


def test_a_pass_that_ends_the_game_asks_first(page):
    pagekit.new_game(page, size=3, players=2)
    pagekit.pass_turn(page)  # the first pass of a round, asked in the dialog
    page.click("#pass")
    assert "ends the game" in page.locator("#message").inner_text()
    assert "Game over" not in page.locator("#status").inner_text()
    page.click("#pass")
    assert "Game over" in page.locator("#status").inner_text()


def test_load_is_a_button_in_tab_order_that_opens_the_file_chooser(page):
    page.click("#main-menu > summary")  # the header's menu
    page.focus("#save-button")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "load-button"
    with page.expect_file_chooser() as chooser:
        pagekit.press(page, "#load-button")
    assert not chooser.value.is_multiple()


def test_a_first_visit_plays_the_computer_or_two_players_and_teaches_any_colour(page):
    welcome = page.locator("#welcome")
    assert welcome.is_visible() and "any colour" in welcome.inner_text()
    assert "computer · level 2" in pagekit.cards_text(page)  # the first game
    page.click("#welcome-people")
    assert welcome.is_hidden()
    assert "computer" not in pagekit.cards_text(page)
    page.reload()
    page.wait_for_function(READY)
    assert page.locator("#welcome").is_hidden()  # only the first visit


def test_the_welcome_goes_with_the_first_move(page):
    assert page.locator("#welcome").is_visible()
    pagekit.click_cell(page, "d4")
    assert page.locator("#welcome").is_hidden()
