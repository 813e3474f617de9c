"""axe-core (pinned in package.json, injected from node_modules/ as an inline script, so
no request leaves the page's origin) finds no violation on the page of each game: at the
start, mid-game, and with the menu, the settings and the New game dialog open, in light
and dark."""

from __future__ import annotations

from pathlib import Path

import pytest
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", game_names())
def test_no_violation_at_the_start_and_with_menus_open(returning_page, game, scheme):
    query = "" if game == DEFAULT_GAME else f"?game={game}"
    page = returning_page(query, color_scheme=scheme, viewport={"width": 1366, "height": 768})
    assert violations(page) == []
    opened = 0
    for opener in page.locator("header summary, header [aria-haspopup]").all():
        if opener.is_visible():
            opener.click()
            opened += 1
            assert violations(page) == [], opener.inner_text()
            page.keyboard.press("Escape")
    assert opened >= 2  # the menu and the settings, at least


def test_no_violation_mid_game(returning_page):
    page = returning_page("?players=3&size=5", viewport={"width": 390, "height": 844})
    click_cell(page, "c3")
    assert violations(page) == []
    # A player out of the game keeps readable words on its card (not faded), light and dark.
    press(page, "#resign")
    page.click("#confirm-yes")
    page.wait_for_selector(".card.resigned")
    assert violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert violations(page) == []


@pytest.mark.parametrize("game", game_names())
def test_no_violation_while_the_game_starts(returning_page, game):
    # The painted first view, before Python is ready: a screen reader (and Lighthouse)
    # may read the page then, since the page's thread is free while Python starts.
    query = "" if game == DEFAULT_GAME else f"?game={game}"
    page = returning_page(query, wait_ready=False, viewport={"width": 390, "height": 844})
    page.wait_for_function("document.documentElement.dataset.painted")
    page.evaluate("document.body.classList.add('loading')")  # (however fast Python was)
    assert violations(page) == []
