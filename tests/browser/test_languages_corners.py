"""No English word of the interface in any corner of the page (issue 37): for each
language, before Python runs (the first paint alone, and the loading box's every line
whole at a phone's width), at a finished game's end card, in the moves list's words, in
review, after the analysis, in every dialog and menu (the games list's result and date),
in the lesson, and on the rules page; both games (each language with one of them).
test_languages.py checks the page once playable, the choice of the language and the files
it downloads; this file reuses its check of what is shown."""

from __future__ import annotations

import random
import re

import pagekit
import pytest
from conftest import open_context
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


# Every transition or animation of the page that ends has ended (a dialog opens by one).
TRANSITIONS_DONE = """document.getAnimations().every((animation) =>
  animation.playState !== "running"
  || animation.effect.getComputedTiming().iterations === Infinity)"""


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


@pytest.mark.parametrize("language", translations.TRANSLATED)
def test_a_phone_s_header_keeps_the_game_s_name_whole(visit, site_url, language):
    """Beside a longer New game ("Nouvelle partie") the header read "Archipela…" at
    390 px, and at 360 px it stacked its buttons in a column three rows tall. (One
    page, narrowed: a page each cost a context's start.)"""
    phone = {"viewport": {"width": 390, "height": 800}, "has_touch": True, "is_mobile": True}
    context = visit(language, **phone)
    context.route(RUNTIME, lambda route: None)  # the header is the first paint's
    page = context.new_page()
    page.goto(site_url, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.painted")
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function(f"innerWidth === {width}")
        assert page.evaluate(NAME_CUT) < 0.5, width
        header = page.locator("header.top").bounding_box()
        assert header["height"] < 60 and header["width"] <= width, width  # one row, on screen
        # While the game starts, the loading box says each of its lines whole, over no
        # cell of the board ("Descargando el juego, 3,5 …" was cut, over the board, issue 51).
        assert page.evaluate(LOADING_LINES) == [], width


# Each line the loading box may say, in the page's language and with numbers as long as
# they come: those cut by the box, or the box over a cell of the board or off screen.
LOADING_LINES = r"""() => {
  const box = document.querySelector('.loading-box');
  const note = document.getElementById('loading-note');
  const line = document.getElementById('loading-bytes');
  const fill = (text) => text.replace(/\{\w+\}/g, '88,8');
  const lines = [[note, note.dataset], [line, line.dataset]].flatMap(([element, data]) =>
    Object.keys(data).map((key) => [element, fill(data[key])]));
  const kept = [note.textContent, line.textContent];
  const wrong = [];
  for (const [element, text] of lines) {
    element.textContent = text;
    const over = box.getBoundingClientRect();
    const cut = element.scrollWidth > element.clientWidth + 1
      || element.scrollHeight > element.clientHeight + 1 || over.right > innerWidth
      || over.bottom > innerHeight;
    const cells = [...document.querySelectorAll('svg.board [data-cell]')].filter((cell) => {
      const b = cell.getBoundingClientRect();
      return b.left < over.right && b.right > over.left
        && b.top < over.bottom && b.bottom > over.top;
    });
    if (cut || cells.length) wrong.push(text);
  }
  [note.textContent, line.textContent] = kept;
  return wrong;
}"""


# Each language with one of the games, the games taking turns (a page start and an
# analysis each: ten would double the file's time for little more to find).
CORNERS = [
    (language, ("archipelago", "stigmergy")[number % 2])
    for number, language in enumerate(translations.TRANSLATED)
]


@pytest.mark.parametrize(("language", "game"), CORNERS)
def test_every_corner_of_a_finished_game_is_in_the_language(
    returning_page, site_url, language, game
):
    # The address names the language, so a returning browser's warm start serves (the
    # browser's own language is test_languages.py's): a cold one cost a plain start each.
    page = returning_page(f"?lang={language}#game={encode_link(finished(game))}")
    page.wait_for_function("location.hash === ''")
    found: dict[str, list[str]] = {}
    shown_english(page, language, "the end card", found)
    # The moves list says a turn written as a word (the passes that ended the game) in
    # the language, its notation hidden ("105. pass", issue 51).
    said = page.eval_on_selector_all("#history .said", "els => els.map(e => e.innerText)")
    assert said or game == "archipelago", said  # (a Stigmergy game ends by two passes)
    assert not set(said) & {"pass", "passes", "take-button", "resign"}, said
    assert page.locator("#history code[hidden]").count() == len(said)
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
        page.wait_for_function(TRANSITIONS_DONE)  # a dialog's opening transition
        if inside and page.locator(inside).count():  # (Stigmergy has no More options)
            page.click(inside)
        shown_english(page, language, opener, found)
        if closer.startswith("#"):
            page.click(closer)
        else:
            page.keyboard.press(closer)
    # The games list: the result through the catalogue, the date as the language writes
    # it ("Beendet: Bob won", "2026-11-29 03:43", issue 51).
    pagekit.press(page, "#games-button")
    facts = page.locator("#games-list .facts").first.inner_text()
    when = page.locator("#games-list time").first.inner_text()
    assert " won" not in facts and " tied" not in facts, facts
    assert not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when), when
    page.keyboard.press("Escape")
    rules = page.get_attribute("#rules-link", "href")
    page.goto(site_url + rules.removeprefix("./"))
    shown_english(page, language, "the rules page", found)
    assert found == {}
