"""The board by keyboard alone, as a screen reader meets it: an ARIA grid of rows and
named cells, the focus on the grid and the cursor its active cell; the keys that read
its lines into the announcement."""

from __future__ import annotations

import pagekit

ACTIVE = "document.getElementById('board').getAttribute('aria-activedescendant')"


def tab_to_board(page, limit=40):
    """Tab from the top of the page until the board has the focus, as a keyboard user."""
    page.focus("#title")  # not focusable: the next Tab starts from the top
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            return
    raise AssertionError("Tab never reached the board")


def test_a_game_is_played_by_keyboard_and_the_cells_are_read(returning_page):
    page = returning_page("?players=2&size=5&names=Ann,Bob")  # no computer to start
    tab_to_board(page)
    # The focus is visible, and the cursor is already on the centre cell.
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
    assert page.evaluate(ACTIVE) == "cell-e5"
    assert page.locator("#board .cursor").count() == 1
    grid = page.get_by_role("grid")
    assert grid.count() == 1
    rows = grid.get_by_role("row")
    assert rows.count() == 9 and rows.first.get_attribute("aria-label") == "Row i"
    assert grid.get_by_role("gridcell").count() == 61
    tree = page.locator("#board").aria_snapshot()
    assert '- row "Row e"' in tree and '- gridcell "e5, empty"' in tree
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE) == "cell-e6"
    page.keyboard.press("Enter")  # the first turn: one stone
    assert pagekit.stones(page) == {"e6": 1}
    assert page.evaluate("document.activeElement.id") == "board"  # kept through the redraw
    cell = page.get_by_role("gridcell", name="e6, Blue dot stone of Ann")
    assert cell.count() == 1 and cell.get_attribute("id") == page.evaluate(ACTIVE)
    page.keyboard.press("2")
    page.keyboard.press("ArrowUp")
    up = page.evaluate(ACTIVE)
    assert up.startswith("cell-f")
    page.keyboard.press(" ")  # Space places too
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    placed = pagekit.stones(page)
    assert placed[up.removeprefix("cell-")] == 2 and len(placed) == 3
    assert "Turn 3" in page.locator("#status").inner_text()
    tree = page.locator("#board").aria_snapshot()
    assert f'- gridcell "{up.removeprefix("cell-")}, Orange triangle stone of Bob"' in tree
    # L reads the row of the cursor's cell into the assertive announcement, N jumps to the
    # next stone of the colour picked (blue: Ann's turn again; e6 is the only blue stone).
    page.keyboard.press("l")
    row = page.locator("#announce").inner_text()
    assert row.startswith(f"Row {up[5]}: ") and "orange" in row
    page.keyboard.press("n")
    assert page.evaluate(ACTIVE) == "cell-e6"
    assert page.locator("#announce").inner_text().startswith("e6: Blue dot stone of Ann")
    assert page.evaluate("document.activeElement.id") == "board"
    pagekit.shot(page, "board-keys")
