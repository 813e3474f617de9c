"""No game is lost: a link opens beside the game in progress, the games list continues
any of them, two tabs of one browser never overwrite each other. What is decided (links
beside, the older page's game, the ending pass, the first visit's game) is checked under
CPython in tests/page/saved/test_games_list.py."""

from __future__ import annotations

import pagekit

READY = "document.body.dataset.ready === '1'"


def listed(page) -> list[str]:
    return page.evaluate(
        "JSON.parse(localStorage.getItem('archipelago.games')).map(e => e.names.join(','))"
    )


def test_a_share_link_opens_beside_the_stored_game(returning_page):
    page = returning_page("?players=2&size=5&names=Ann,Bob")  # no computer to start
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


def test_two_tabs_never_overwrite_each_other(returning_page):
    page = returning_page("?players=2&size=5")  # no computer to start
    pagekit.click_cell(page, "c3")
    other = page.context.new_page()
    other.goto(page.url.split("#")[0].split("?")[0])
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


def test_load_is_a_button_in_tab_order_that_opens_the_file_chooser(returning_page):
    page = returning_page("?players=2")  # no computer to start
    page.click("#main-menu > summary")  # the header's menu
    page.focus("#save-button")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "load-button"
    with page.expect_file_chooser() as chooser:
        pagekit.press(page, "#load-button")
    assert not chooser.value.is_multiple()


def test_a_first_visit_is_welcomed_and_two_players_is_one_click(page):
    """The welcome's words and its button, clicked (what it decides, a reload and the
    first move putting it away: tests/page/saved/test_games_list.py)."""
    welcome = page.locator("#welcome")
    assert welcome.is_visible() and "any colour" in welcome.inner_text()
    assert "computer · level 2" in pagekit.cards_text(page)  # the first game
    page.click("#welcome-people")
    assert welcome.is_hidden()
    assert "computer" not in pagekit.cards_text(page)
