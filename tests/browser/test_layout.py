"""The page fills the common screens: the board's cells take most of the screen, the
buttons of a turn are on screen without scrolling, nothing scrolls sideways and every
panel's content fits in its panel.

The tests share a page per device (``kept_page``): the desktop's first screen, then a
game of four on each screen; the phone's first visit in both orientations, turned as a
phone is (a page start each cost more than the rest of the test)."""

from __future__ import annotations

import pagekit
import pytest

MEASURE = """() => {
  const boxes = [...document.querySelectorAll('svg.board [data-cell]')]
    .map(e => e.getBoundingClientRect());
  const left = Math.min(...boxes.map(b => b.left)), right = Math.max(...boxes.map(b => b.right));
  const top = Math.min(...boxes.map(b => b.top)), bottom = Math.max(...boxes.map(b => b.bottom));
  const onScreen = id => {
    const b = document.getElementById(id).getBoundingClientRect();
    return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight
      && b.right <= innerWidth;
  };
  const overflowing = [...document.querySelectorAll('.side .panel')].flatMap(panel =>
    [panel, ...panel.querySelectorAll('*')]
      .filter(e => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0
                   && getComputedStyle(e).overflowX !== 'visible'
                   && getComputedStyle(e).textOverflow !== 'ellipsis')  // a name cut on purpose
      .map(e => e.id || e.className || e.tagName));
  const tables = [...document.querySelectorAll('.side .panel table')].filter(
    t => t.getBoundingClientRect().right > t.closest('.panel').getBoundingClientRect().right);
  return {
    width: (right - left) / innerWidth, height: (bottom - top) / innerHeight,
    buttons: ['end-turn', 'pass', 'undo'].filter(onScreen),
    sideways: document.scrollingElement.scrollWidth - innerWidth,
    overflowing, tables: tables.length,
  };
}"""

# (viewport, which fraction of the screen the cells must span)
SCREENS = [
    ((390, 844), "width", 0.9),  # a portrait phone
    ((844, 390), "height", 0.8),  # a landscape phone
    ((768, 1024), "width", 0.8),  # a portrait tablet
    ((1280, 800), "height", 0.75),  # a desktop
]


FIRST_LOOK = """() => {
  const boxes = [...document.querySelectorAll('svg.board [data-cell]')]
    .map(e => e.getBoundingClientRect());
  const left = Math.min(...boxes.map(b => b.left)), right = Math.max(...boxes.map(b => b.right));
  const top = Math.min(...boxes.map(b => b.top)), bottom = Math.max(...boxes.map(b => b.bottom));
  const onScreen = id => {
    const e = document.getElementById(id);
    const b = e && e.getBoundingClientRect();
    return !!b && b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight
      && b.right <= innerWidth;
  };
  const board = document.getElementById('board').getBoundingClientRect();
  return {
    width: (right - left) / innerWidth, height: (bottom - top) / innerHeight,
    wholly: left >= 0 && top >= 0 && right <= innerWidth && bottom <= innerHeight,
    buttons: ['end-turn', 'pass'].filter(onScreen),
    cards: [...document.querySelectorAll('.card')].every(c => {
      const b = c.getBoundingClientRect();
      return b.top >= 0 && b.bottom <= innerHeight;
    }),
    x: board.left, y: board.top,
  };
}"""

PHONES = [((390, 844), "width"), ((844, 390), "height")]  # portrait, landscape


def test_a_first_visit_on_a_phone_plays_at_one_tap_and_nothing_moves(kept_page):
    """No URL options, nothing stored: the board fills the phone, the cards and End turn
    or Pass are on screen beside the welcome, one tap places a stone, and the board stays
    where it was (within 8 px) when the stone lands and the welcome goes. Both
    orientations on one page, the phone turned: each seen first with the welcome, then
    with the stone of a tap made in the other, and a tap made in each."""
    page = kept_page(device="phone")
    before = {}
    for (width, height), side in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.locator("#welcome").is_visible()
        look = before[width, height] = page.evaluate(FIRST_LOOK)
        assert look[side] >= 0.9 and look["wholly"], (width, height, look)
        assert look["buttons"] and look["cards"], (width, height, look)
        pagekit.shot(page, f"first-visit-{width}x{height}")
    # Landscape: one tap, beside the centre of the side-6 board, places a stone.
    page.tap('svg.board [data-cell="e5"]')
    page.wait_for_selector('svg.board [data-at="e5"]')
    assert page.locator("#welcome").is_hidden()
    for (width, height), _ in reversed(PHONES):
        page.set_viewport_size({"width": width, "height": height})
        after, was = page.evaluate(FIRST_LOOK), before[width, height]
        assert abs(after["x"] - was["x"]) <= 8 and abs(after["y"] - was["y"]) <= 8, after
        assert after["buttons"] and after["cards"], (width, height, after)
    # Portrait: the stone taken back, one tap places it again.
    pagekit.press(page, "#undo")
    page.wait_for_selector('svg.board [data-at="e5"]', state="detached")
    page.tap('svg.board [data-cell="e5"]')
    page.wait_for_selector('svg.board [data-at="e5"]')


def test_the_first_desktop_screen_offers_few_buttons(kept_page):
    """A first visit on a desktop: at most 14 enabled buttons on screen, New game filled.
    (First in the module: the desktop's page is the first visit's.)"""
    page = kept_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    enabled = page.evaluate("""() => [...document.querySelectorAll('button, summary')]
        .filter(b => !b.disabled && b.checkVisibility())
        .filter(b => { const r = b.getBoundingClientRect();
                       return r.bottom > 0 && r.top < innerHeight; })
        .map(b => b.id || b.getAttribute('aria-label') || b.textContent.trim())""")
    assert len(enabled) <= 14, enabled
    assert "new-game-button" in enabled
    styles = page.evaluate("""() => ['new-game-button', 'pass'].map(id =>
        getComputedStyle(document.getElementById(id)).backgroundColor)""")
    assert styles[0] != styles[1]  # the primary button is filled, Pass is not


@pytest.mark.parametrize(("screen", "side", "least"), SCREENS, ids=lambda s: str(s))
def test_the_board_fills_the_screen_and_the_buttons_are_on_it(kept_page, screen, side, least):
    width, height = screen
    page = kept_page()
    page.set_viewport_size({"width": width, "height": height})
    page.click("#new-game-button")
    page.click("#game-tile-archipelago")
    page.select_option("#players-field", "4")
    for seat, name in enumerate(["Bartholomew", "Maximiliana", "Wolfgang", "Anastasia"]):
        page.fill(f'input[name="name{seat + 1}"]', name)
    for seat in (1, 2, 3):  # people (the dialog opens on the game in play: at first, the
        # first visit's, against the computer)
        page.select_option(f'select[name="seat{seat}"]', "0")
    page.select_option('select[name="seat4"]', "5")  # a computer's badge widens its row
    page.click("#start-game")
    page.click('svg.board [data-cell="d4"]')
    measured = page.evaluate(MEASURE)
    assert measured[side] >= least, measured
    assert measured["buttons"] == ["end-turn", "pass", "undo"], measured
    assert measured["sideways"] <= 0, measured
    assert measured["overflowing"] == [] and measured["tables"] == 0, measured
