"""No English word of the interface in any corner of the page (issue 37): for each
language, before Python runs (the first paint alone), at a finished game's end card, in
review, after the analysis, in every dialog and menu, in the lesson, and on the rules
page; both games (each language with one of them). test_languages.py checks the page once
playable, the choice of the language and the files it downloads; this file reuses its
check of what is shown."""

from __future__ import annotations

import random
import re

import pagekit
import pytest
from conftest import READY, open_context
from test_languages import AT_FIRST_PAINT, english_left, painted_language

from archipelago.games.archipelago.state import GameState
from archipelago.page.saved.links import encode_link
from archipelago.registry import game_class
from sitebuild import translations

# The runtime's two big files: held unanswered, the page stays at its first paint.
RUNTIME = re.compile(r"pyodide\.asm\.(wasm|mjs)")
# The dialogs and menus, each (the control that opens it, the part folded inside it that
# is opened too, the control that closes it).
OPENED = [
    ("#new-game-button", "#more-options > summary", "Escape"),
    ("#share-button", "#embed-section > summary", "#close-share"),
    ("#games-button", None, "Escape"),
    ("#tutorial-button", None, "Escape"),
    ("#settings-menu > summary", None, "#settings-menu > summary"),
    ("#main-menu > summary", None, "#main-menu > summary"),
]


def finished(game: str) -> dict:
    """A short game of ``game`` played to its end by random moves."""
    rng = random.Random(4)
    if game == "archipelago":
        return {
            **GameState.random_game(rng, size=3, players=2).to_record(),
            "names": ["Ann", "Bob"],
        }
    # (Side 3: 17 turns to analyse where side 5 took 77, the file's slowest minute.)
    played = game_class(game).random_game(rng, size=3, variant={"komi": 2})
    return {**played.to_record(), "names": ["Ann", "Bob"]}


def shown_english(page, language: str, where: str, found: dict[str, list[str]]) -> None:
    left = english_left(page, language)
    if left:
        found[where] = left


@pytest.fixture
def visit(browser):
    opened = []

    def open_one(language: str, **options):
        context, problems = open_context(
            browser, locale=language, service_workers="block", **options
        )
        opened.append((context, problems))
        return context

    yield open_one
    for context, problems in opened:
        context.close()
        problems.check()


@pytest.mark.parametrize("language", translations.TRANSLATED)
def test_the_first_paint_alone_is_in_the_language(visit, site_url, language):
    context = visit(language)
    context.add_init_script(AT_FIRST_PAINT)
    context.route(RUNTIME, lambda route: None)  # never answered: Python never starts
    page = context.new_page()
    page.goto(site_url, wait_until="commit")
    assert painted_language(page) == language
    page.wait_for_function("document.documentElement.dataset.painted")
    assert page.evaluate("document.body.dataset.ready") != "1"
    assert english_left(page, language) == []
    # The lesson's first step, offered to read while the game starts (issue 36).
    pagekit.press(page, "#tutorial-button")
    page.wait_for_selector("#tutorial[open]")
    assert page.locator("#tutorial-task").inner_text().strip()
    assert english_left(page, language) == []


# How much of the game switcher's name is cut, in px: its width with room to spare, less
# its width in the header (a <select> cuts its text without saying so).
NAME_CUT = """() => {
  const select = document.getElementById('game-switch');
  const shown = select.getBoundingClientRect().width;
  select.style.flex = 'none';
  const whole = select.getBoundingClientRect().width;
  select.style.flex = '';
  return whole - shown;
}"""


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("language", translations.TRANSLATED)
def test_a_phone_s_header_keeps_the_game_s_name_whole(visit, site_url, language, width):
    """Beside a longer New game ("Nouvelle partie") the header read "Archipela…" at
    390 px, and at 360 px it stacked its buttons in a column three rows tall."""
    phone = {"viewport": {"width": width, "height": 800}, "has_touch": True, "is_mobile": True}
    context = visit(language, **phone)
    context.route(RUNTIME, lambda route: None)  # the header is the first paint's
    page = context.new_page()
    page.goto(site_url, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.painted")
    assert page.evaluate(NAME_CUT) < 0.5
    header = page.locator("header.top").bounding_box()
    assert header["height"] < 60 and header["width"] <= width  # one row, on screen


# Each language with one of the games, the games taking turns (a page start and an
# analysis each: ten would double the file's time for little more to find).
CORNERS = [
    (language, ("archipelago", "stigmergy")[number % 2])
    for number, language in enumerate(translations.TRANSLATED)
]


@pytest.mark.parametrize(("language", "game"), CORNERS)
def test_every_corner_of_a_finished_game_is_in_the_language(visit, site_url, language, game):
    page = visit(language).new_page()
    page.goto(f"{site_url}?lang={language}#game={encode_link(finished(game))}")
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function("location.hash === ''")
    found: dict[str, list[str]] = {}
    shown_english(page, language, "the end card", found)
    page.click("#moves-title")
    page.keyboard.press("ArrowLeft")
    shown_english(page, language, "review", found)
    if page.locator("#analyse").is_visible():
        page.wait_for_selector('body[data-computer="ready"]', timeout=120_000)
        page.click("#analyse")
        page.wait_for_selector('body:not([data-analysing="1"])', timeout=120_000)
        page.keyboard.press("ArrowLeft")
        shown_english(page, language, "the analysis", found)
    for opener, inside, closer in OPENED:
        pagekit.press(page, opener)
        page.wait_for_timeout(200)  # a dialog's opening transition
        if inside and page.locator(inside).count():  # (Stigmergy has no More options)
            page.click(inside)
        shown_english(page, language, opener, found)
        if closer.startswith("#"):
            page.click(closer)
        else:
            page.keyboard.press(closer)
    rules = page.get_attribute("#rules-link", "href")
    page.goto(site_url + rules.removeprefix("./"))
    shown_english(page, language, "the rules page", found)
    assert found == {}
