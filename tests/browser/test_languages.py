"""The page in the visitor's language (issue 37): the browser's language chooses it,
``<html lang>`` says it from the first paint, no English word of the interface is left
showing, in any corner of the page (a finished game's end card, the moves list's words,
review, the analysis, every dialog and menu, the games list's result and date, the lesson,
the rules page; both games, each language with one of them), ``?lang=`` and the settings'
choice win over the browser (the choice surviving a reload), and only the chosen
language's files are downloaded; the first paint alone, before Python runs, says it too.
(test_languages_corners.py: a phone's header.)

One context per browser language, each with one page that every test of its language
goes on with, in the file's order (a page start, and the computer's worker that it
starts, each cost several CPU-seconds): playable, then a finished game's every corner,
then the first paint alone (Python's runtime held from then on); German's browser then
serves the address's test, its storage wiped. The service worker is kept out (its
precaching of the whole site is test_offline's), so every request seen is the page's
own. Each context is given the interpreter snapshot first, as that worker gives it after
a first visit: the pages start from it, as a returning player's do (the engine imported
before the page's language is known, the stricter case for words fixed at an import),
not the plain way, which costs several such starts; a first visit's plain start is
test_snapshot's.
"""

from __future__ import annotations

import functools
import gettext
import io
import random
import re
from pathlib import Path

import pagekit
import pytest
from conftest import READY, PageProblems, SharedLog, open_context, wipe_stored

from archipelago import i18n
from archipelago.games.archipelago.state import GameState
from archipelago.page.saved.links import encode_link
from archipelago.registry import game_class
from sitebuild import translations

LANGUAGES = translations.TRANSLATED
# Every text node, every attribute and every word shown by CSS (::before, ::after) that a
# reader sees or hears, of the visible elements.
SHOWN = """() => {
  const found = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let element = walker.currentNode; element; element = walker.nextNode()) {
    if (!element.checkVisibility || !element.checkVisibility()) continue;
    if (element.closest("svg, script, style, code")) continue;  // (code: notation)
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      if (element.getAttribute(name)) found.push(element.getAttribute(name));
    }
    for (const pseudo of ["::before", "::after"]) {  // words that CSS shows
      const content = getComputedStyle(element, pseudo).content;
      const attribute = /^attr\\(([\\w-]+)\\)$/.exec(content);
      if (attribute) found.push(element.getAttribute(attribute[1]) || "");
      else if (/^".*"$/.test(content)) found.push(content.slice(1, -1));
    }
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent).join(" ");
    found.push(own, element.innerText || "");
  }
  return found.map((text) => text.replace(/\\s+/g, " ").trim()).filter(Boolean);
}"""
TAG = re.compile(r"<[^>]+>")
FIELD = re.compile(r"\\\{[^{}]*\\\}")  # a {field}, as re.escape writes it
FILLED = re.compile(r"\{[^{}]*\}")  # a {field}


@functools.cache  # (read for each look at a page: a tenth of a CPU-second each time)
def english_patterns(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(message, pattern) of every English message the language's catalogue translates
    to something else: found whole on the page, the message was left in English."""
    catalogue = gettext.GNUTranslations(io.BytesIO(translations.compiled(language)))
    patterns = []
    entries = catalogue._catalog.items()  # type: ignore[attr-defined]
    # The language's own words: an English message that is one of them ("Analyse", a
    # French noun) is no sign of English.
    own = {plain(translated) for _, translated in entries}
    for message, translated in entries:
        if not isinstance(message, str) or not message or message == translated:
            continue
        text = plain(message)
        if text in own or english_pattern(text).fullmatch(FILLED.sub("x", plain(translated))):
            continue  # (nor is one whose translation reads the same, "place {rank}")
        # A message of fields and signs alone ("{cell}: {held}; {sight}.") has no English
        # word to find, and its pattern matches any language's text.
        if re.search(r"[A-Za-z]{3}", FILLED.sub("", text)):
            patterns.append((message, english_pattern(text)))
    return tuple(patterns)


def plain(text: str) -> str:
    """``text`` without its tags and with its runs of white space made one space."""
    return re.sub(r"\s+", " ", TAG.sub("", text)).strip()


def english_pattern(text: str) -> re.Pattern[str]:
    """What ``text`` looks like on the page, its {fields} filled in with anything."""
    return re.compile(FIELD.sub(".+", re.escape(text)))


def english_left(page, language: str) -> list[str]:
    shown = set(page.evaluate(SHOWN))
    return sorted(
        message
        for message, pattern in english_patterns(language)
        if any(pattern.fullmatch(text) for text in shown)
    )


# <html lang> when the browser reports the first contentful paint.
AT_FIRST_PAINT = """new PerformanceObserver((list) => {
  if (list.getEntriesByName("first-contentful-paint").length) {
    window.__paintedLang = document.documentElement.lang;
  }
}).observe({type: "paint", buffered: true});"""
# Whether the stored first view was drawn in a language (its version's ending).
STORED_IN = """((ending) => (
  (JSON.parse(localStorage.getItem("archipelago.view")) || {}).version || "").endsWith(ending))"""
FROM_SNAPSHOT = "performance.getEntriesByName('python-from-snapshot').length > 0"
# The browsers' languages, one page each, all started at once (the starts overlap).
BROWSERS = {language: "pt-BR" if language == "pt" else f"{language}-XX" for language in LANGUAGES}


def painted_language(page) -> str:
    """<html lang> at the first paint."""
    page.wait_for_function("window.__paintedLang", timeout=90_000)
    return str(page.evaluate("window.__paintedLang"))


def choose(page, code: str) -> str:
    """Choose ``code`` in the settings' language menu; the page's language at the first
    paint of the page it reloads."""
    if not page.is_visible("#language"):
        page.click("#settings-menu summary")
    with page.expect_navigation():
        page.select_option("#language", code)
    return painted_language(page)


class Visit:
    """A browser that prefers ``language``, its page, and every URL it requested."""

    def __init__(self, browser, site_url, language):
        self.site_url = site_url
        self.log = SharedLog()
        self.context, _ = open_context(browser, self.log, locale=language, service_workers="block")
        self.context.add_init_script(AT_FIRST_PAINT)
        self.requested: list[str] = []
        self.context.on("request", lambda request: self.requested.append(request.url))
        self.page = self.context.new_page()
        pagekit.cache_snapshot(self.page, site_url)

    def start(self, query: str = "") -> Visit:
        self.requested.clear()
        self.page.goto(self.site_url + query, wait_until="commit")
        return self

    def finish(self, ready: bool = True) -> Visit:
        """Wait for the first paint; ``ready``: for Python to be done drawing, too."""
        self.painted_lang = painted_language(self.page)
        if ready:
            self.page.wait_for_function(READY, timeout=120_000)
        return self

    def check(self) -> None:
        """Fail on what went wrong on the page since the last check (the test that
        looked at it then is done with it)."""
        problems, self.log.current = self.log.current, PageProblems()
        problems.check()

    def files(self) -> set[str]:
        """The language files (locale/, rules pages in a language) requested."""
        return {
            re.sub(r"\?.*", "", url.removeprefix(self.site_url))
            for url in self.requested
            if "/locale/" in url or re.search(r"rules\.\w\w\.html", url)
        }


@pytest.fixture(scope="module")
def visits(browser, site_url):
    """{browser language: its visit, started}: the pages of BROWSERS and English's."""
    opened = {
        locale: Visit(browser, site_url, locale).start() for locale in [*BROWSERS.values(), "en-GB"]
    }
    yield opened
    for each in opened.values():
        each.context.close()
        each.check()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browsers_language_is_the_pages_from_the_first_paint(visits, language):
    visit = visits[BROWSERS[language]].finish()
    assert visit.page.evaluate(FROM_SNAPSHOT)  # (the engine imported before the language)
    assert visit.painted_lang == language
    assert visit.files() == {f"locale/{language}.mo", f"locale/{language}.json"}
    assert visit.page.evaluate("document.documentElement.lang") == language
    rules = visit.page.get_attribute("#rules-link", "href")
    assert rules == f"./static/rules.{language}.html"
    left = english_left(visit.page, language)
    print(f"{language}: English left on the page: {left}")
    assert left == []
    # A game in play: the action bar's More menu, then the question before resigning.
    page = visit.page
    page.click("#more-menu > summary")
    page.wait_for_selector("#resign", state="visible")
    assert english_left(page, language) == []
    page.click("#resign")
    page.wait_for_selector("#confirm[open]")
    assert english_left(page, language) == []
    page.click("#confirm-no")
    page.wait_for_selector("#confirm:not([open])", state="attached")
    visit.check()


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


@pytest.fixture(scope="module")
def saved():
    """{game: the file "Save to a file" gave of it once the page had analysed it}."""
    return {}


def analysed(page, game: str, saved: dict[str, bytes]) -> None:
    """The game in review on ``page`` with the computer's analysis, one turn back: the
    first page of ``game`` analyses it, and saves it to a file; the next ones load that
    file, as a player opens a game analysed on another device (the stored analysis holds
    no words, only moves and numbers: each page says it in its own language, as it says
    its own analysis). An analysis costs more than a page start; a file, nothing."""
    if game in saved:
        page.set_input_files(
            "#load-input",
            files=[{"name": f"{game}.json", "mimeType": "application/json", "buffer": saved[game]}],
        )
        page.wait_for_selector("#analysis-graph svg")
        # Loaded, the game shows its end: one turn back, where the analysing page was.
        page.click("#moves-title")
        page.keyboard.press("ArrowLeft")
        return
    page.wait_for_selector('body[data-computer="ready"]', timeout=120_000)
    page.click("#analyse")
    page.wait_for_selector('body:not([data-analysing="1"])', timeout=120_000)
    with page.expect_download() as saving:
        pagekit.press(page, "#save-button")
    saved[game] = Path(saving.value.path()).read_bytes()


# Each language with one of the games, the games taking turns (each pair costs its
# dialogs, the Share dialog's QR code among them: ten would cost twice that for little
# more to find).
CORNERS = [
    (language, ("archipelago", "stigmergy")[number % 2])
    for number, language in enumerate(LANGUAGES)
]


@pytest.mark.parametrize(("language", "game"), CORNERS)
def test_every_corner_of_a_finished_game_is_in_the_language(
    visits, saved, site_url, language, game
):
    # The language's page goes on: the link is read on the hashchange, no page start.
    visit = visits[BROWSERS[language]].finish()
    page = visit.page
    page.goto(f"{site_url}#game={encode_link(finished(game))}")
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
    assert page.locator("#analyse").is_visible()
    analysed(page, game, saved)
    page.keyboard.press("ArrowLeft")
    assert page.locator("#analysis-summary").inner_text().strip()
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
    visit.check()


# The runtime's two big files: held unanswered, the page stays at its first paint.
RUNTIME = re.compile(r"pyodide\.asm\.(wasm|mjs)")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_paint_alone_is_in_the_language(visits, site_url, language):
    """A first visit's page (nothing stored) before Python runs, in the language's
    browser once its tests above are done with it (a browser of its own cost a context's
    start): Python's runtime is held unanswered from now on."""
    visit = visits[BROWSERS[language]]
    page = visit.page
    page.goto("about:blank")  # (the page stores nothing more)
    wipe_stored(visit.context, site_url)
    visit.context.route(RUNTIME, lambda route: None)  # never answered: Python never starts
    page.goto(site_url, wait_until="commit")
    assert painted_language(page) == language
    page.wait_for_function("document.documentElement.dataset.painted")
    assert page.evaluate("document.documentElement.dataset.painted") == "build"
    assert page.evaluate("document.body.dataset.ready") != "1"
    assert english_left(page, language) == []
    # The lesson's first step, offered to read while the game starts (issue 36).
    pagekit.press(page, "#tutorial-button")
    page.wait_for_selector("#tutorial[open]")
    assert page.locator("#tutorial-task").inner_text().strip()
    assert english_left(page, language) == []
    visit.check()


def test_english_downloads_nothing_more(visits):
    visit = visits["en-GB"].finish()
    assert visit.painted_lang == "en" and visit.files() == set()
    visit.check()


def test_the_address_and_then_the_settings_choice_win_over_the_browser(visits, site_url):
    # German's browser, done with by the tests above (a browser of its own cost a
    # context's start and its snapshot), as on a first visit: nothing stored.
    visit = visits[BROWSERS["de"]]
    visit.page.goto("about:blank")  # (the page stores nothing more)
    wipe_stored(visit.context, site_url)
    visit.context.unroute(RUNTIME)  # (the first paint alone's test held it)
    visit.start("?lang=fr").finish(ready=False)
    assert visit.painted_lang == "fr"
    assert visit.files() == {"locale/fr.mo", "locale/fr.json"}  # not German's
    page = visit.page
    assert page.text_content("label.language-choice span") == "Langue"
    assert choose(page, "it") == "it"
    assert "lang=" not in page.url
    # The game in play's first view is stored in Italian, and painted in Italian only.
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function(STORED_IN + "('/it')")
    page.reload()
    assert painted_language(page) == "it"
    assert page.evaluate("document.documentElement.dataset.painted") == "storage"
    assert page.input_value("#language") == "it"
    assert choose(page, "") == "de"  # the browser's again
    assert page.evaluate("document.documentElement.dataset.painted") == "build"
    assert i18n.NATIVE_NAMES["de"] in page.text_content("#language")
    visit.check()
