"""The page embedded in another site: dist/ unchanged, served from a sub-path, inside an
<iframe> of a host page, set up from its URL options. What the options start (a
computer's seat, bad options named) is checked under CPython in
tests/page/setup/test_url_options.py."""

from __future__ import annotations

import shutil

import pagekit
import pytest

from sitebuild import paths

pytestmark = pytest.mark.browser

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A hobby site</title>
<link rel="icon" href="data:,"></head>
<body><h1>Play Archipelago here</h1>
<iframe id="game" src="{src}" title="Archipelago" width="{width}" height="{height}"
        style="border: 0" allow="clipboard-write"></iframe>
</body></html>
"""


@pytest.fixture
def hobby_site(tmp_path, serve_dir, site_url):
    """A host page at the root of a second server, with dist/ copied, unchanged, under
    /games/archipelago/; returns a function that writes the host page for an iframe
    src and returns its URL."""
    shutil.copytree(paths.DIST, tmp_path / "games" / "archipelago")
    base = serve_dir(tmp_path)

    def host(query, width=420, height=560):
        src = "games/archipelago/index.html?" + query
        (tmp_path / "host.html").write_text(
            HOST_PAGE.format(src=src, width=width, height=height), encoding="utf-8"
        )
        return base + "host.html"

    return host


def game_frame(page):
    frame = page.frame_locator("#game")
    page.wait_for_function(
        "document.getElementById('game').contentDocument?.body?.dataset.ready === '1'",
        timeout=60_000,
    )
    return frame


def test_embedded_board_from_a_sub_path_inside_an_iframe(hobby_site, open_url):
    url = hobby_site(
        "embed=1&players=3&size=4&seats=h,c1,c2&extra=half&stones=3"
        "&scoring=alternating&frozen=0&names=Ann,Bot,Max"
    )
    page = open_url(url, wait_ready=False, viewport={"width": 900, "height": 800})
    frame = game_frame(page)
    # Only the board, the player cards and the controls to play: no menu, no side panels,
    # no message.
    assert frame.locator("header.top").is_hidden()
    assert frame.locator(".cards .card").count() == 3 and frame.locator("#history").is_hidden()
    assert frame.locator("#message").is_hidden()
    assert frame.locator("svg.board").get_attribute("data-size") == "4"
    for visible in ("#end-turn", "#undo", "#pick-3", "#restart", "#hint-button"):
        assert frame.locator(visible).is_visible(), visible
    assert frame.locator("#pick-4").is_hidden()
    # Sized to its frame: the board fits inside without scrolling.
    box = frame.locator("svg.board").bounding_box()
    frame_box = page.locator("#game").bounding_box()
    assert box["width"] <= frame_box["width"] + 1 and box["height"] > 150
    assert box["y"] + box["height"] <= frame_box["y"] + frame_box["height"] + 1
    inner = page.evaluate("""() => { const d = document.getElementById('game').contentDocument;
        return [d.scrollingElement.scrollHeight, d.defaultView.innerHeight]; }""")
    assert inner[0] <= inner[1] + 1, inner
    # The URL's variation is the game's.
    status = frame.locator("#status").inner_text()
    assert "Ann" in status
    game = page.evaluate("""() => JSON.parse(document.getElementById('game')
        .contentWindow.localStorage.getItem('archipelago.embed.game'))""")
    assert game["seats"] == [0, 1, 2] and game["names"] == ["Ann", "Bot", "Max"]
    assert game["variant"] == {
        "stones": 3,
        "extra": "half",
        "scoring": "alternating",
        "frozen": False,
    }
    # Play: a stone by the person, then the two computers answer in turn.
    frame.locator('svg.board [data-cell="d4"]').click()
    page.wait_for_function(
        """() => { const d = document.getElementById('game').contentDocument;
                   return d.body.dataset.thinking === ''
                       && d.querySelectorAll('svg.board [data-at]').length >= 3
                       && d.querySelector('.card.to-move')?.dataset.player === '1'; }""",
        timeout=60_000,
    )
    assert frame.locator("svg.board [data-at]").count() >= 3
    # New game: the same setup again, an empty board (no Pause on a person's turn).
    assert frame.locator("#pause").count() == 0
    frame.locator("#restart").click()
    # (Python may answer from a worker a moment later: the frame's own wait)
    frame.locator("svg.board:not(:has([data-at]))").wait_for()
    assert frame.locator("svg.board").get_attribute("data-size") == "4"


def test_url_options_without_embed_start_that_game_on_the_full_page(returning_page):
    page = returning_page(
        "index.html?players=3&size=5&wunchunk=1",  # no computer to start (its seat, and
        viewport={
            "width": 1280,
            "height": 900,
        },  # bad options: tests/page/setup/test_url_options.py)
    )
    assert page.locator("header.top").is_visible()
    assert page.locator("svg.board").get_attribute("data-size") == "5"
    assert "?" not in page.url  # a reload keeps the game instead of starting anew
    pagekit.click_cell(page, "e5")
    page.reload()
    page.wait_for_function(pagekit_ready())
    assert pagekit.stones(page) == {"e5": 1}


def pagekit_ready():
    return "document.body && document.body.dataset.ready === '1'"
