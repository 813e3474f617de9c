"""Reviewing a game in the browser: what only a browser shows. The turn shown stays in
view inside the moves list as the arrow keys step, and its Picture downloads as a PNG
and an SVG; a finished game's result card sits over the board. What the steps, the
banner, Rematch and Review decide is checked under CPython in tests/page/test_review.py,
what the pictures hold in tests/page/view/test_picture.py."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pagekit
from PIL import Image

from archipelago.page.saved.links import encode_link

SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def shown_turn(page):
    return page.evaluate(
        "(document.querySelector('#history [aria-current]') || {dataset: {}}).dataset.turn"
    )


def link_of(state, names=("Ada", "Ben")) -> str:
    return "#game=" + encode_link({**state.to_record(), "names": list(names)})


def test_the_turn_shown_stays_in_view_as_the_arrow_keys_step(returning_page):
    _, state = pagekit.random_actions(5, 2, seed=3, until=lambda s: len(s.turns) >= 24)
    page = returning_page(link_of(state), permissions=["clipboard-read", "clipboard-write"])
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
    check_the_pictures_of_turn_4(page)
    page.keyboard.press("Escape")
    assert shown_turn(page) is None and page.locator("#review-banner").is_hidden()


def downloaded(page, button) -> tuple[str, bytes]:
    with page.expect_download() as download:
        page.click(button)
    return download.value.suggested_filename, Path(download.value.path()).read_bytes()


def check_the_pictures_of_turn_4(page):
    """Picture (in the menu) saves the turn shown as a PNG at least 1200 pixels wide
    that shows the picture (the paper, the title's ink, the board's cells), as an SVG
    that parses, and the moves as an SVG score sheet of every turn; Copy image puts a
    PNG on the clipboard."""
    pagekit.press(page, "#picture-button")
    assert page.locator("#picture").is_visible()
    assert page.locator("#picture-copy").is_visible()  # Chromium can copy images
    name, data = downloaded(page, "#picture-png")
    assert name == "archipelago-turn-4.png"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width >= 1200 and image.height > 600
    top = image.convert("RGB").crop((0, 0, image.width, 260))  # the title, the top cells
    flat = top.tobytes()
    pixels = {tuple(flat[at : at + 3]) for at in range(0, len(flat), 3)}
    assert (0xF7, 0xF5, 0xEF) in pixels  # the paper
    assert (0xE9, 0xE4, 0xD6) in pixels  # an empty cell
    assert any(max(pixel) < 60 for pixel in pixels)  # the title's ink
    name, data = downloaded(page, "#picture-svg")
    assert name == "archipelago-turn-4.svg"
    written = [text.text for text in ET.fromstring(data).iter(SVG_TEXT)]
    assert {"Ada", "Ben", "Turn 4 of 24"} <= set(written)
    name, data = downloaded(page, "#moves-svg")
    assert name == "archipelago-moves-to-turn-24.svg"
    written = [text.text for text in ET.fromstring(data).iter(SVG_TEXT)]
    assert [f"{n}." for n in range(1, 25)] == [t for t in written if t and t[:-1].isdigit()]
    assert "Saved the picture as" in page.locator("#picture-note").inner_text()
    page.click("#picture-copy")
    note = page.locator("#picture-note")
    note.filter(has_text="Copied the picture.").wait_for()
    kinds = page.evaluate(
        "async () => (await navigator.clipboard.read()).flatMap((item) => item.types)"
    )
    assert kinds == ["image/png"]
    page.click("#close-picture")
    assert page.locator("#picture").is_hidden()


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
