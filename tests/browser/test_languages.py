"""The page in the visitor's language (issue 37): the browser's language chooses it,
``<html lang>`` says it from the first paint, no English word of the interface is left
showing, ``?lang=`` and the settings' choice win over the browser (the choice surviving a
reload), and only the chosen language's files are downloaded.

One context per browser language, each with one page; the service worker is kept out
(its precaching of the whole site is test_offline's), so every request seen is the
page's own. Each context is given the interpreter snapshot first, as that worker gives
it after a first visit: the pages start from it, as a returning player's do (the engine
imported before the page's language is known, the stricter case for words fixed at an
import), not the plain way, which costs several such starts; a first visit's plain start
is test_snapshot's.
"""

from __future__ import annotations

import gettext
import io
import re

import pagekit
import pytest
from conftest import READY, open_context

from archipelago import i18n
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


def english_patterns(language: str) -> list[tuple[str, re.Pattern[str]]]:
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
    return patterns


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
        self.context, self.problems = open_context(
            browser, locale=language, service_workers="block"
        )
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
        each.problems.check()


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


def test_english_downloads_nothing_more(visits):
    visit = visits["en-GB"].finish()
    assert visit.painted_lang == "en" and visit.files() == set()


def test_the_address_and_then_the_settings_choice_win_over_the_browser(browser, site_url):
    visit = Visit(browser, site_url, "de-DE").start("?lang=fr").finish(ready=False)
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
    visit.context.close()
    visit.problems.check()
