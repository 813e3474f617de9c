"""Turning the board and the sounds, played through a real browser. Resigning (two
players, three where one drops out, never a computer's seat, Stigmergy) is checked under
CPython in tests/page/test_resign.py."""

from __future__ import annotations

import os
from pathlib import Path

import pagekit

# Where screenshots go when RESIGN_SCREENSHOTS names a folder (for looking at them).
SHOTS = os.environ.get("RESIGN_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def cell_centre(page, name) -> tuple[float, float]:
    box = page.locator(f'svg.board [data-cell="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def stone_centre(page, name) -> tuple[float, float]:
    box = page.locator(f'svg.board [data-at="{name}"] circle').first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def same_direction(after, name, before, other) -> bool:
    """Whether ``name`` is now where ``other`` was, as seen from the centre c3."""
    (ax, ay), (bx, by) = after[name], before[other]
    (acx, acy), (bcx, bcy) = after["c3"], before["c3"]
    u, v = (ax - acx, ay - acy), (bx - bcx, by - bcy)
    cross = u[0] * v[1] - u[1] * v[0]
    dot = u[0] * v[0] + u[1] * v[1]
    return dot > 0 and abs(cross) < 0.02 * dot


def near(a, b, tolerance=2.0) -> bool:
    return abs(a[0] - b[0]) < tolerance and abs(a[1] - b[1]) < tolerance


def test_the_board_turns_with_names_and_clicks_following_the_cells(returning_page):
    page = returning_page("?players=2&size=3&names=Ada,Ben")  # no computer to start
    pagekit.click_cell(page, "a1")
    before = {name: cell_centre(page, name) for name in ("a1", "c1", "c3", "c5", "e3")}
    pagekit.press(page, "#rotate")
    page.wait_for_selector('svg.board[data-rotation="1"]')
    after = {name: cell_centre(page, name) for name in before}
    # The labels move round with their cells, so the drawing's margins (and its scale)
    # may change a little; the directions from the centre are what turning keeps.
    assert same_direction(after, "a1", before, "c1")  # the bottom-left corner went left
    assert same_direction(after, "e3", before, "c5")  # the top-right corner went right
    assert near(stone_centre(page, "a1"), after["a1"])  # the stone went with its cell
    # A click on a turned cell plays that cell, and the stone is drawn there.
    pagekit.click_cell(page, "e3")  # Ben's turn, on his colour
    assert pagekit.stones(page) == {"a1": 1, "e3": 2}
    assert near(stone_centre(page, "e3"), after["e3"])
    # The keyboard: the cursor starts on the centre, and Right goes right on the screen.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    cursor = page.locator("svg.board .overlay polygon.cursor").bounding_box()
    assert cursor["x"] > after["c3"][0]
    assert abs(cursor["y"] + cursor["height"] / 2 - after["c3"][1]) < 2
    page.keyboard.press("Enter")  # plays the cell under the cursor, by its own name
    placed = set(pagekit.stones(page)) - {"a1", "e3"}
    assert len(placed) == 1
    (name,) = placed
    assert near(cell_centre(page, name), (cursor["x"] + cursor["width"] / 2, after["c3"][1]))
    shot(page, "rotated-once")
    # The turn is kept with the game: a reload shows it turned.
    page.reload()
    page.wait_for_function(pagekit_ready())
    page.wait_for_selector('svg.board[data-rotation="1"]')
    for _ in range(5):
        pagekit.press(page, "#rotate")
    page.wait_for_selector('svg.board[data-rotation="0"]')
    for name, centre in before.items():
        assert near(cell_centre(page, name), centre)  # six turns: back where it was


def pagekit_ready() -> str:
    return "document.body && document.body.dataset.ready === '1'"


def test_sounds_are_off_by_default_and_the_switch_is_kept(returning_page):
    page = returning_page("?players=2&size=3")  # no computer to start
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    pagekit.click_cell(page, "c3")
    assert page.evaluate("document.body.dataset.sounds") is None  # silent while off
    pagekit.press(page, "#sound")
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
    page.wait_for_function("document.body.dataset.sounds === '1'")  # the sample
    pagekit.click_cell(page, "a1")
    page.wait_for_function("document.body.dataset.sounds === '2'")
    assert page.evaluate("document.body.dataset.lastSound") == "stone"
    pagekit.press(page, "#resign")
    page.click("#confirm-yes")
    page.wait_for_function("document.body.dataset.lastSound === 'end'")
    page.reload()
    page.wait_for_function(pagekit_ready())
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
