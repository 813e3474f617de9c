"""No English word of the interface before Python runs (issue 37): for each language,
the first paint alone, and a phone's header and the loading box's every line whole at a
phone's width. test_languages.py checks the page once playable, in every corner of a
finished game, the choice of the language and the files it downloads; this file reuses
its check of what is shown."""

from __future__ import annotations

import re

import pagekit
import pytest
from conftest import open_context
from test_languages import AT_FIRST_PAINT, english_left, painted_language

from sitebuild import translations

# The runtime's two big files: held unanswered, the page stays at its first paint.
RUNTIME = re.compile(r"pyodide\.asm\.(wasm|mjs)")


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
