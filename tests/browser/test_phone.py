"""The page in a finger's reach and a reader's eye, on a phone held upright and sideways,
a tablet and a desktop (one page per screen): on the phones every enabled button is at
least 44x44 px and no text outside the board is under 12 px; a touch screen is never
told to "click"; the game-over card keeps Rematch, Review and New game on screen with
"How the game went" open, and its close, Escape and a tap beside it put it away; the
review banner (and the result, from the game's end on) has a strip of its own above the
board, so putting the card away moves nothing; a disabled End turn looks
disabled in the dark theme; the analysis graph has a legend and turn numbers, is on
screen at 1366x768 and draws, after a slip, the better turn its panel names."""

from __future__ import annotations

import json
import random
from functools import cache

import pagekit
import pytest
from playwright.sync_api import expect

from archipelago.analysis.results import Budget
from archipelago.analysis.stored import row_json
from archipelago.analysis.turns import analyse
from archipelago.games.archipelago.state import GameState
from archipelago.page.saved.links import encode_link
from archipelago.page.view.analysis import SLIPS

# Every piece of text shown outside the board drawn smaller than 12 px, as [text, px]:
# the size it is drawn at, a picture's scale included.
SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element) continue;
    if (element.closest('svg.board, title, script, style, option')) continue;
    if (!element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;  // a screen reader's words only
    let size = parseFloat(getComputedStyle(element).fontSize);
    if (element instanceof SVGElement) {
      const matrix = element.getScreenCTM();
      size *= Math.hypot(matrix.a, matrix.b);
    }
    const words = node.textContent.trim().slice(0, 30);
    if (size > 0 && size < 11.95) small.push([words, +size.toFixed(1)]);
  }
  return small;
}"""

SHOWN_TEXT = "() => document.body.innerText"

# Whether an element lies wholly on screen.
ON_SCREEN = """(selector) => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return b.width > 0 && b.top >= 0 && b.left >= 0
    && b.bottom <= innerHeight && b.right <= innerWidth;
}"""

# The board's cells the review banner covers.
UNDER_BANNER = """() => {
  const banner = document.getElementById('review-banner').getBoundingClientRect();
  return [...document.querySelectorAll('svg.board [data-cell]')].filter(cell => {
    const b = cell.getBoundingClientRect();
    return b.left < banner.right && b.right > banner.left
      && b.top < banner.bottom && b.bottom > banner.top;
  }).map(cell => cell.dataset.cell);
}"""

# Where the board and the side column are, to the pixel.
PLACES = """() => ['#board', '.side'].map(selector => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)];
})"""
# Whether an element's words are all shown (none cut by its box).
WHOLE = """(selector) => {
  const e = document.querySelector(selector);
  return e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;
}"""

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1366, "height": 768}},
}
PHONES = ("phone", "landscape")


def finished(players: int, seed: int) -> GameState:
    return GameState.random_game(random.Random(seed), size=3, players=players)


@cache
def analysed_file(players: int, seed: int) -> tuple[bytes, int]:
    """A saved game of ``players`` with its analysis (as the page saves it), and a turn
    the analysis judges a slip."""
    game = finished(players, seed)
    budget = Budget(iterations=8, solve_nodes=2_000)
    rows = analyse(game, budget)
    payload = game.to_record()
    payload["names"] = ["Ann", "Bob", "Cleo", "Dan"][:players]
    payload["analysis"] = {
        "seed": 1,
        "iterations": budget.iterations,
        "solve_nodes": budget.solve_nodes,
        "rows": [row_json(row) for row in rows],
    }
    slip = next(row.turn for row in rows if row.judgement in SLIPS and row.best)
    return json.dumps(payload).encode(), slip


def check_reach_and_size(page, screen: str, moment: str) -> None:
    if screen in PHONES:
        assert page.evaluate(pagekit.SMALL_TARGETS) == [], moment
        assert page.evaluate(SMALL_TEXT) == [], moment
    if "has_touch" in SCREENS[screen]:
        assert "click" not in page.evaluate(SHOWN_TEXT).lower(), moment


def tap_beside_the_card(page, screen: str) -> None:
    """A tap (a click on a desktop) on the board's table, below and left of the card."""
    board = page.locator("#board").bounding_box()
    x, y = board["x"] + 6, board["y"] + board["height"] - 6
    if "has_touch" in SCREENS[screen]:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_moment_fits_the_screen_and_the_finger(returning_page, screen):
    # The session's shared phone (a touch screen) or desktop browser at the screen's
    # size, nothing stored: a first visit's page.
    shared = "phone" if SCREENS[screen].get("has_touch") else "desktop"
    page = returning_page(viewport=SCREENS[screen]["viewport"], device=shared)
    # The first visit: the welcome's one rule sentence is on screen, and the line under
    # the board speaks of taps on a touch screen.
    sentence = page.locator("#welcome p")
    assert sentence.is_visible() and page.evaluate(ON_SCREEN, "#welcome p")
    assert "any colour" in sentence.inner_text()
    touch = "has_touch" in SCREENS[screen]
    hint = page.locator("#hint").inner_text()
    assert hint == (
        "Pick a colour, then tap an empty cell."
        if touch
        else "Pick a colour, then click an empty cell."
    ), hint
    assert page.locator("#pick-1 .colour").inner_text() == "Blue"
    check_reach_and_size(page, screen, "first visit")
    pagekit.shot(page, f"phone-first-{screen}")

    # A finished game: the card's buttons stay on screen with How the game went open.
    record = finished(2, 4).to_record()
    page.goto(page.url.split("#")[0] + "#game=" + encode_link(record))
    page.wait_for_function("location.hash === ''")
    card = page.locator("#gameover")
    card.wait_for(state="visible")
    page.click("#gameover details > summary")
    assert page.locator("#gameover details").get_attribute("open") is not None
    for button in ("#rematch", "#review-game", "#result-new-game", "#close-result"):
        assert page.evaluate(ON_SCREEN, button), button
        box, over = page.locator(button).bounding_box(), card.bounding_box()
        assert over["y"] <= box["y"] and box["y"] + box["height"] <= over["y"] + over["height"]
    check_reach_and_size(page, screen, "game over")
    pagekit.shot(page, f"phone-result-{screen}")
    # In the dark, a disabled End turn is drawn hollow, unlike a button to press.
    page.emulate_media(color_scheme="dark")
    looks = page.evaluate("""() => ['end-turn', 'rematch'].map(id => {
        const style = getComputedStyle(document.getElementById(id));
        return [style.backgroundColor, style.borderStyle]; })""")
    assert looks[0] != looks[1] and looks[0][1] == "dashed", looks
    pagekit.shot(page, f"phone-result-dark-{screen}")
    page.emulate_media(color_scheme="light")
    # Escape, the close and a tap beside the card put it away; the banner brings it back.
    # The result's strip above the board is there while the card is open: putting the
    # card away moves neither the board nor the side column (it pushed the board down
    # 40 px, issue 51), and the result's words are whole, wrapped if need be.
    placed = page.evaluate(PLACES)
    page.keyboard.press("Escape")
    assert card.is_hidden()
    assert page.evaluate(PLACES) == placed
    assert page.evaluate(WHOLE, "#review-banner .banner-words")
    assert page.evaluate(UNDER_BANNER) == []
    page.click("#show-result")
    page.click("#close-result")
    assert card.is_hidden()
    page.click("#show-result")
    assert card.is_visible()
    tap_beside_the_card(page, screen)
    assert card.is_hidden() and "Game over" in page.locator("#review-banner").inner_text()

    # Reviewing: the banner sits above the board, over none of its cells.
    page.keyboard.press("ArrowLeft")
    assert page.locator("#review-banner").inner_text().startswith("Turn ")
    assert page.evaluate(UNDER_BANNER) == []
    check_reach_and_size(page, screen, "review")
    # A note makes the banner longer than a phone is wide: it still covers no cell.
    page.fill("#note", "a calmer move would have kept the island of three whole here")
    page.press("#note", "Enter")
    expect(page.locator("#review-banner")).to_contain_text("a calmer move")
    assert page.evaluate(UNDER_BANNER) == []
    pagekit.shot(page, f"phone-review-{screen}")

    # Four players' analysis: a legend naming each line, turn numbers, on screen at
    # 1366x768, and after a slip the better turn drawn on the board.
    data, slip = analysed_file(4, 3)
    page.set_input_files(
        "#load-input", files=[{"name": "four.json", "mimeType": "application/json", "buffer": data}]
    )
    page.wait_for_selector("#analysis-graph svg")
    if card.is_visible():
        page.click("#close-result")
    legend = page.locator(".analysis-legend li").all_inner_texts()
    assert legend == [f"{name}'s expected share" for name in ("Ann", "Bob", "Cleo", "Dan")]
    assert page.locator("#analysis-graph text.turn").count() >= 2
    if screen == "desktop":
        assert page.evaluate(ON_SCREEN, "#analysis-graph svg")
    page.locator(f'#analysis-graph circle.point[data-turn="{slip}"]').click()
    assert f"Turn {slip} of" in page.locator("#review-banner").inner_text()
    summary = page.locator("#analysis-summary").inner_text()
    assert "that better turn" in summary
    assert page.locator("#board g.analysis-ghost .ghost").count() >= 1
    check_reach_and_size(page, screen, "analysis")
    pagekit.shot(page, f"phone-analysis-{screen}", full_page=True)
