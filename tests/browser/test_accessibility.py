"""axe-core (pinned in package.json, injected from node_modules/ as an inline script, so
no request leaves the page's origin) finds no violation on the page of each game: at the
start, mid-game, and with the menu, the settings and the New game dialog open, in light
and dark."""

from __future__ import annotations

from pathlib import Path

import pagekit
import pytest
from conftest import READY
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


def no_violation_with_each_menu_open(page) -> None:
    assert violations(page) == []
    opened = 0
    for opener in page.locator("header summary, header [aria-haspopup]").all():
        if opener.is_visible():
            opener.click()
            opened += 1
            assert violations(page) == [], opener.inner_text()
            page.keyboard.press("Escape")
    assert opened >= 2  # the menu and the settings, at least


def no_violation_mid_game(page) -> None:
    """A game of three on side 5 mid-game, on a phone's screen: light, and a player out
    of the game keeps readable words on its card (not faded), light and dark."""
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)
    pagekit.new_game(page, size=5, players=3)
    click_cell(page, "c3")
    assert violations(page) == []
    press(page, "#resign")
    page.click("#confirm-yes")
    page.wait_for_selector(".card.resigned")
    assert violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert violations(page) == []


@pytest.mark.parametrize("game", game_names())
def test_no_violation_from_the_first_paint_on(returning_page, game):
    """One page per game (a page start each cost more than all its checks): the painted
    first view on a phone's screen while Python starts; then, Python ready, the game at
    its start on a desktop's screen with each menu open in light and dark; and, in the
    first game, mid-game."""
    query = "" if game == DEFAULT_GAME else f"?game={game}"
    page = returning_page(query, wait_ready=False, viewport=PHONE, color_scheme="light")
    page.wait_for_function("document.documentElement.dataset.painted")
    marked = page.evaluate(MARK_LOADING)
    assert violations(page) == []
    if not marked:  # Python was done before the mark: the page as it is, again
        page.evaluate("document.body.classList.remove('loading')")
    page.wait_for_function(READY, timeout=60_000)
    page.set_viewport_size(DESKTOP)
    no_violation_with_each_menu_open(page)
    page.emulate_media(color_scheme="dark")
    no_violation_with_each_menu_open(page)
    if game == DEFAULT_GAME:
        no_violation_mid_game(page)
