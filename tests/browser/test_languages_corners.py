"""A phone's header in each language keeps the game's name whole in one row, and the
loading box says its every line whole (issue 37), at the first paint, before Python
runs. test_languages.py checks the words shown in each language, from the first paint
alone to every corner of a finished game, the choice of the language and the files it
downloads."""

from __future__ import annotations

import pytest
from conftest import PageProblems, SharedLog, open_context
from test_languages import RUNTIME

from sitebuild import translations

PHONE = {"viewport": {"width": 390, "height": 800}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def phone(browser):
    """One phone's browser for every language, each asked for by the address (a browser
    each cost a context's start), Python's runtime held unanswered: the header is the
    first paint's. Its page, and its problem log."""
    log = SharedLog()
    context, _ = open_context(browser, log, service_workers="block", **PHONE)
    context.route(RUNTIME, lambda route: None)  # never answered: Python never starts
    yield context.new_page(), log
    context.close()
    log.current.check()


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
def test_a_phone_s_header_keeps_the_game_s_name_whole(phone, site_url, language):
    """Beside a longer New game ("Nouvelle partie") the header read "Archipela…" at
    390 px, and at 360 px it stacked its buttons in a column three rows tall. (One
    page for every language, narrowed: a page each cost a context's start.)"""
    page, log = phone
    log.current = PageProblems()
    page.set_viewport_size(PHONE["viewport"])
    page.goto(f"{site_url}?lang={language}", wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.painted")
    assert page.evaluate("document.documentElement.lang") == language
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function(f"innerWidth === {width}")
        assert page.evaluate(NAME_CUT) < 0.5, width
        header = page.locator("header.top").bounding_box()
        assert header["height"] < 60 and header["width"] <= width, width  # one row, on screen
        # While the game starts, the loading box says each of its lines whole, over no
        # cell of the board ("Descargando el juego, 3,5 …" was cut, over the board, issue 51).
        assert page.evaluate(LOADING_LINES) == [], width
    log.current.check()


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
