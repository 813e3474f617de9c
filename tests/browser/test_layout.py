"""The page fills the common screens: the board's cells take most of the screen, the
buttons of a turn are on screen without scrolling, nothing scrolls sideways and every
panel's content fits in its panel."""

from __future__ import annotations

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


@pytest.mark.parametrize(("screen", "side", "least"), SCREENS, ids=lambda s: str(s))
def test_the_board_fills_the_screen_and_the_buttons_are_on_it(returning_page, screen, side, least):
    width, height = screen
    page = returning_page(viewport={"width": width, "height": height})
    page.click("#new-game-button")
    page.select_option("#players-field", "4")
    for seat, name in enumerate(["Bartholomew", "Maximiliana", "Wolfgang", "Anastasia"]):
        page.fill(f'input[name="name{seat + 1}"]', name)
    for seat in (1, 2, 3):  # people (the dialog opens on the first game's computer)
        page.select_option(f'select[name="seat{seat}"]', "0")
    page.select_option('select[name="seat4"]', "5")  # a computer's badge widens its row
    page.click("#start-game")
    page.click('svg.board [data-cell="d4"]')
    measured = page.evaluate(MEASURE)
    assert measured[side] >= least, measured
    assert measured["buttons"] == ["end-turn", "pass", "undo"], measured
    assert measured["sideways"] <= 0, measured
    assert measured["overflowing"] == [] and measured["tables"] == 0, measured
