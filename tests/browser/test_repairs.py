"""Issue 25's repairs on the page, in chromium: the address's bad options, messages that
float over the page, the Games list, the board's zoom and the lesson's text."""

from __future__ import annotations

import pagekit


def board_box(page) -> dict[str, float]:
    return page.eval_on_selector("#board svg", "e => e.getBoundingClientRect().toJSON()")


def test_bad_url_options_say_so_once_and_leave_the_address_clean(page, site_url):
    pagekit.new_game(page, size=5)
    pagekit.click_cell(page, "c3")
    page.goto(site_url + "?colour=red")
    page.wait_for_function("document.body.dataset.ready === '1'")
    text = page.locator("#message").inner_text()
    assert "no new game was started" in text and "colour" in text
    assert "?" not in page.url  # the address is clean: a reload does not read it again
    assert "c3" in pagekit.stones(page)  # the game in play stays
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.locator("#message").is_hidden()  # said once, not on every reload
    assert "c3" in pagekit.stones(page)


def test_a_message_does_not_move_the_board(returning_page):
    for viewport in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page = returning_page("?colour=red", viewport=viewport)
        assert page.locator("#message").is_visible()
        shown = board_box(page)
        page.click("#dismiss")
        assert page.locator("#message").is_hidden()
        assert board_box(page) == shown
        page.close()
