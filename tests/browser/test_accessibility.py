"""axe-core (pinned in package.json, injected from node_modules/ as an inline script, so
no request leaves the page's origin) finds no violation on the page of each game: at the
start, mid-game, and with the menu, the settings and the New game dialog open, in light
and dark."""

from __future__ import annotations

from pathlib import Path

import pagekit
import pytest
from conftest import READY, blank_page, kept_across_tests
from pagekit import click_cell, press

from archipelago.registry import DEFAULT_GAME, game_names
from sitebuild import paths

AXE = Path(paths.ROOT) / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.1 A and AA plus axe's best practices, as Lighthouse's accessibility audits are.
RUN = """async () => {
    const result = await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
    return result.violations.map(v => v.id + ': ' + v.help + ' ['
        + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ') + ']');
}"""


def violations(page) -> list[str]:
    if not page.evaluate("typeof axe === 'object'"):  # injected once per page (550 kB)
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)


@pytest.fixture(autouse=True)
def _axe_is_installed():
    if not AXE.exists():
        pytest.fail("axe-core is missing from node_modules/: run npm ci")


# What a screen reader (and Lighthouse) may read while Python starts, the page's thread
# being free then: the painted first view, still marked as loading however fast Python
# was. Marked by the test when Python was done already; then unmarked again (Python
# unmarks the page itself when it is done).
MARK_LOADING = """() => {
    const marked = document.body.classList.contains('loading');
    document.body.classList.add('loading');
    return marked;
}"""
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# The games, the default first (the mid-game test's, which names the first parameter).
GAMES = sorted(game_names(), key=lambda game: game != DEFAULT_GAME)


@pytest.fixture(scope="module", params=GAMES)
def game(request) -> str:
    """The game of a test. A parameter of a module's fixture, so pytest runs a game's
    tests one after the other, in file order, on that game's page (a page start each cost
    more than all its checks)."""
    return request.param


@pytest.fixture
def game_page(game, _kept_pages, returning_browsers, site_url, request):
    """Factory: open(first_view=False) -> the page of the test's ``game`` kept for this
    module's tests of it. The first test of the game opens it, as a returning player with
    nothing stored does, on a phone's screen in light, not waiting for Python (the first
    view is read then); later tests find it where the last one left it. ``first_view``:
    the page as it opens, so opened again if an earlier test used it (in file order, the
    first test of a game is the one asking). One game's page is open at a time; its
    problems fail the test they happen in, and a failed test's end closes it."""

    def open_page(first_view: bool = False):
        kept = _kept_pages.get(game)
        if kept is not None and not kept.is_closed() and not first_view:
            return kept
        for other in _kept_pages.values():  # the game before is done
            if not other.is_closed():
                other.close()
        kept = _kept_pages[game] = blank_page(returning_browsers, site_url)
        kept.set_viewport_size(PHONE)
        kept.emulate_media(color_scheme="light")
        kept.goto(site_url + ("" if game == DEFAULT_GAME else f"?game={game}"))
        return kept

    with kept_across_tests(returning_browsers, request, _kept_pages.values):
        yield open_page


def ready(page, viewport: dict, scheme: str):
    page.wait_for_function(READY, timeout=60_000)
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme)
    return page


def test_no_violation_while_the_game_starts(game_page):
    """The painted first view on a phone's screen, while Python starts."""
    page = game_page(first_view=True)
    page.wait_for_function("document.documentElement.dataset.painted")
    marked = page.evaluate(MARK_LOADING)
    assert violations(page) == []
    if not marked:  # Python was done before the mark: the page as it is, again
        page.evaluate("document.body.classList.remove('loading')")
    page.wait_for_function(READY, timeout=60_000)  # (the start's errors are this test's)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_violation_at_the_start_and_with_menus_open(game_page, scheme):
    """Python ready, the game at its start on a desktop's screen, and each menu open."""
    page = ready(game_page(), DESKTOP, scheme)
    assert violations(page) == []
    opened = 0
    for opener in page.locator("header summary, header [aria-haspopup]").all():
        if opener.is_visible():
            opener.click()
            opened += 1
            assert violations(page) == [], opener.inner_text()
            page.keyboard.press("Escape")
    assert opened >= 2  # the menu and the settings, at least


@pytest.mark.parametrize("game", GAMES[:1], indirect=True)
def test_no_violation_mid_game(game_page, game):
    """A game of three on side 5 mid-game, on a phone's screen: light, and a player out
    of the game keeps readable words on its card (not faded), light and dark."""
    assert game == DEFAULT_GAME
    page = ready(game_page(), PHONE, "light")
    pagekit.new_game(page, size=5, players=3)
    click_cell(page, "c3")
    assert violations(page) == []
    press(page, "#resign")
    page.click("#confirm-yes")
    page.wait_for_selector(".card.resigned")
    assert violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert violations(page) == []
