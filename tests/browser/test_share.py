"""The Share dialog beyond the link: its QR code (read back with zxing-cpp) opens the same
game, and its embed snippet, pasted into a page of another site, shows the game chosen."""

from __future__ import annotations

import base64

import pagekit
import pytest
from conftest import READY

from archipelago.page.saved.links import encode_link
from tests.support.gamehelpers import random_turns
from tests.support.qrread import decode_grey, png_grey

pytestmark = pytest.mark.browser

# The QR code's SVG drawn on a canvas, as grey bytes (base64) with its width and height.
QR_PIXELS = """async () => {
  const svg = document.querySelector('#share-qr svg.qr');
  const text = new XMLSerializer().serializeToString(svg);  // with its namespace
  const url = URL.createObjectURL(new Blob([text], {type: 'image/svg+xml'}));
  const image = new Image();
  await new Promise((done, failed) => {
    image.onload = done;
    image.onerror = failed;
    image.src = url;
  });
  const side = 4 * svg.viewBox.baseVal.width;
  const canvas = Object.assign(document.createElement('canvas'), {width: side, height: side});
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, side, side);
  const rgba = context.getImageData(0, 0, side, side).data;
  let grey = '';
  for (let at = 0; at < rgba.length; at += 4) grey += String.fromCharCode(rgba[at + 1]);
  return [btoa(grey), side];
}"""
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A hobby site</title>
<link rel="icon" href="data:,"></head>
<body><h1>Our club's game</h1>
{snippet}
</body></html>
"""


# A phone's share sheet: navigator.share, recorded; it fails when the page says so.
SHARE_SHEET = """() => {
  window.__shared = [];
  navigator.share = (data) => {
    window.__shared.push(data);
    return window.__shareFails ? Promise.reject(new Error('no sheet')) : Promise.resolve();
  };
}"""


def test_the_qr_code_of_the_share_link_opens_the_game_and_a_phone_s_sheet_shares_it(
    returning_page,
):
    page = returning_page("?players=2&size=5&names=Ann,Bob")  # no computer to start
    pagekit.click_cell(page, "c3")
    pagekit.press(page, "#share-button")
    page.locator("#share-qr svg.qr").wait_for()
    # This desktop chromium has no share sheet: only Copy is offered.
    assert page.evaluate("typeof navigator.share") != "function"
    assert page.locator("#native-share").is_hidden()
    assert page.locator("#copy-share").is_visible()
    link = page.input_value("#share-url")
    grey, side = page.evaluate(QR_PIXELS)
    assert decode_grey(base64.b64decode(grey), side, side) == link
    page.click("#close-share")
    # The link opens the game, in a tab that has a phone's share sheet.
    other = page.context.new_page()
    other.add_init_script(script=f"({SHARE_SHEET})()")
    other.goto(link)
    other.wait_for_function(READY)
    assert pagekit.stones(other) == {"c3": 1}
    assert "Ann" in pagekit.cards_text(other) and "Bob" in pagekit.cards_text(other)
    # The sheet gets the link; when it fails, Copy stays.
    pagekit.press(other, "#share-button")
    other.locator("#native-share").wait_for()
    shared = other.input_value("#share-url")
    other.click("#native-share")
    other.wait_for_function("window.__shared.length === 1")
    assert other.evaluate("window.__shared[0].url") == shared
    other.evaluate("window.__shareFails = true")
    other.click("#native-share")
    other.locator("#share-note", has_text="copy the link").wait_for()
    assert other.locator("#copy-share").is_visible()
    other.click("#close-share")
    # A four-player game of 40 turns: its code has modules of 3 px or more at 1x, and a
    # screenshot of it reads back as its link; on this loopback address it says that a
    # phone cannot open it.
    long_game = random_turns(4, 40, seed=1)
    record = {**long_game.to_record(), "names": ["Anne-Marie", "Bartholomew", "Chidi", "Dee"]}
    other.goto(page.url.split("#")[0] + "#game=" + encode_link(record))
    other.wait_for_function(READY)
    assert other.evaluate("devicePixelRatio") == 1
    pagekit.press(other, "#share-button")
    code = other.locator("#share-qr svg.qr")
    code.wait_for()
    modules = other.evaluate("document.querySelector('#share-qr svg.qr').viewBox.baseVal.width") / 4
    assert code.bounding_box()["width"] / modules >= 3, (code.bounding_box(), modules)
    long_link = other.input_value("#share-url")
    assert decode_grey(*png_grey(code.screenshot())) == long_link
    assert "a phone cannot open it" in other.locator("#share-qr .qr-note").inner_text()


def test_the_embed_snippet_pasted_into_another_site_shows_the_game_chosen(
    serve_dir, returning_page, tmp_path
):
    page = returning_page("?players=2")  # no computer on this page (the snippet's has one)
    pagekit.press(page, "#share-button")
    page.click("#embed-section > summary")
    page.select_option('[name="embed-game"]', "stigmergy")
    page.fill('[name="embed-size"]', "5")
    page.select_option('[name="embed-seat-2"]', "c3")
    page.fill('[name="embed-name-1"]', "Zed")
    page.select_option('[name="embed-theme"]', "dark")
    page.locator('[name="embed-click"]').uncheck()  # the game at once, no poster
    page.locator('[name="embed-name-1"]').dispatch_event("change")
    code = page.input_value("#embed-code")
    assert 'loading="lazy"' in code and "theme=dark" in code and "start=click" not in code
    preview = page.locator("#embed-preview iframe").get_attribute("src")  # the snippet, live
    assert "theme=dark" in preview and "start=click" in preview  # as a poster
    (tmp_path / "host.html").write_text(HOST_PAGE.format(snippet=code), encoding="utf-8")
    host = serve_dir(tmp_path).replace("127.0.0.1", "localhost")  # another site
    visitor = page.context.new_page()
    visitor.set_viewport_size({"width": 700, "height": 900})
    visitor.goto(host + "host.html")
    frame = visitor.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(timeout=90_000)
    assert frame.locator("svg.board").get_attribute("data-size") == "5"
    assert frame.locator("html").get_attribute("data-theme") == "dark"
    cards = " ".join(frame.locator(".cards").all_inner_texts())
    assert "Zed" in cards and "computer · level 3" in cards
    assert "Stones claim the cells they see" in frame.locator("#embed-intro").inner_text()
