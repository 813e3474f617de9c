"""Each language's files of the site: what a visitor who reads that language downloads,
and nobody else.

For every language but English (the words the code and index.html are written in):

- ``locale/<language>.mo``: the page's catalogue, every area's merged
  (sitebuild.translations.compiled) but for the messages of HTML alone (the rules pages'
  blocks, index.html's text), which Python never shows; Python installs it before it
  draws anything.
- ``locale/<language>.json``: the first paint in that language, for index.html's own
  script (static/start/first_paint.js) to paint before Python is up: ``text``, the
  translations of index.html's marked elements in the order they stand in the page, and
  ``views``, what the pre-rendered first views (sitebuild/index.py) draw differently in
  that language.
- each game's rules page in that language (``rules.fr.html`` beside ``rules.html``): the
  blocks marked ``data-i18n`` translated from the game's catalogue, and ``<html lang>``.
"""

from __future__ import annotations

import functools
import gettext
import io
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo

from archipelago import i18n

from .translations import SPACES, TRANSLATED, VOID, areas, compiled, new_catalogue, read_catalogue

LOCALE = "locale"  # the site's folder of language files
HTML_LANG = re.compile(r'<html lang="[a-z-]+"')


def language_files(language: str, rules: list[str]) -> list[str]:
    """The site's files of ``language`` (paths in the site), given the rules pages."""
    if language == i18n.ENGLISH:
        return []
    return [
        f"{LOCALE}/{language}.mo",
        f"{LOCALE}/{language}.json",
        *(i18n.in_language(name, language) for name in rules),
    ]


@contextmanager
def speaking(language: str) -> Iterator[gettext.NullTranslations]:
    """Python speaks ``language`` within (its catalogue installed), English after."""
    catalogue = compiled(language)
    # (the whole catalogue: the first views' Python and the rules pages' HTML alike)
    i18n.use_catalogue(language, catalogue)
    try:
        yield gettext.GNUTranslations(io.BytesIO(catalogue))
    finally:
        i18n.use_catalogue(i18n.ENGLISH, None)


def page_catalogue(language: str) -> bytes:
    """The .mo file the page's Python reads: every area's messages that some Python or
    other non-HTML source shows (the rules pages' text stays in their own pages)."""
    merged = new_catalogue(language)
    for area in areas():
        path = area.po_path(language)
        if not path.exists():
            continue
        for message in read_catalogue(path, language):
            shown = any(not where.endswith(".html") for where, _ in message.locations)
            if message.id and message.string and not message.fuzzy and shown:
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    return buffer.getvalue()


class _Marked(HTMLParser):
    """Where the elements marked ``data-i18n`` or ``data-i18n-attrs`` stand in a page:
    for each, in the order of their start tags, the span of its start tag, the span of
    its inner HTML (for ``data-i18n``) and the attributes to translate."""

    def __init__(self, source: str):
        super().__init__(convert_charrefs=False)
        self.starts = [0]
        for line in source.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.depth = 0
        self.open: list[tuple[int, int]] = []  # (depth, index in found)
        # [start tag (start, end), inner (start, end) or None, attributes]
        self.found: list[list[Any]] = []

    def here(self) -> int:
        line, column = self.getpos()
        return self.starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.depth += 1
        if "data-i18n" not in named and "data-i18n-attrs" not in named:
            return
        start = self.here()
        end = start + len(self.get_starttag_text() or "")
        wanted = [name for name in (named.get("data-i18n-attrs") or "").split() if named.get(name)]
        self.found.append([(start, end), None, wanted])
        if "data-i18n" in named:
            self.open.append((self.depth, len(self.found) - 1))

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == self.depth:
            _, index = self.open.pop()
            self.found[index][1] = (self.found[index][0][1], self.here())
        self.depth -= 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self.open and self.open[-1][0] == self.depth:
            self.open.pop()
        self.depth -= 1


def closed_voids(source: str) -> str:
    """``source`` with its void elements written <br/>, as the extractor reads them."""
    return re.sub(rf"<({'|'.join(VOID)})\b([^>]*?)/?>", lambda m: f"<{m[1]}{m[2]}/>", source)


def marked(source: str) -> list[list[Any]]:
    parser = _Marked(source)
    parser.feed(source)
    parser.close()
    return parser.found


def _attribute(tag: str, name: str) -> re.Match[str] | None:
    return re.search(rf'\s{re.escape(name)}="([^"]*)"', tag)


def translated_page(source: str, translate: Callable[[str], str], language: str) -> str:
    """An HTML page with its marked blocks and attributes in ``language``."""
    text = closed_voids(source)
    pieces, at = [], 0
    for (tag_start, tag_end), inner, names in marked(text):
        if tag_start < at:  # inside a block translated whole already
            continue
        tag = text[tag_start:tag_end]
        for name in names:
            found = _attribute(tag, name)
            if found:
                value = translate(SPACES.sub(" ", found[1]).strip())
                tag = tag[: found.start(1)] + value.replace('"', "&quot;") + tag[found.end(1) :]
        pieces += [text[at:tag_start], tag]
        at = tag_end
        if inner:
            pieces.append(translate(SPACES.sub(" ", text[inner[0] : inner[1]]).strip()))
            at = inner[1]
    pieces.append(text[at:])
    return HTML_LANG.sub(f'<html lang="{language}"', "".join(pieces), count=1)


def page_text(source: str, translate: Callable[[str], str]) -> list[list[Any]]:
    """index.html's marked elements in ``translate``'s language, in the order the browser
    finds them (document.querySelectorAll): [inner HTML or null, {attribute: text}]."""
    text = closed_voids(source)
    entries = []
    for (tag_start, tag_end), inner, names in marked(text):
        tag = text[tag_start:tag_end]
        attributes = {}
        for name in names:
            found = _attribute(tag, name)
            if found:
                attributes[name] = translate(SPACES.sub(" ", found[1]).strip())
        html = translate(SPACES.sub(" ", text[inner[0] : inner[1]]).strip()) if inner else None
        entries.append([html, attributes])
    return entries


def view_differences(english: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """What ``other`` (the first views in a language) draws differently from ``english``:
    {query: {selector: {property: value}}}, the page painting English's where none."""
    found: dict[str, Any] = {}
    for query, view in other.items():
        for selector, props in view.items():
            base = english.get(query, {}).get(selector, {})
            changed = {name: value for name, value in props.items() if base.get(name) != value}
            if changed:
                found.setdefault(query, {})[selector] = changed
    return found


def write_language_files(
    dist: Path,
    index: Path,
    views: Callable[[], str],
    rules: Callable[[str, Callable[[str], str]], str],
    pages: list[str],
) -> dict[str, list[str]]:
    """Write every language's files into ``dist``: ``index`` is the source of index.html,
    ``views`` makes the first views' JSON, ``rules(name, translated)`` the rules page at
    ``name`` (of ``pages``, paths in the site) from its source as ``translated`` makes it.
    Returns {language: its files}."""
    english = json.loads(views())
    source = index.read_text(encoding="utf-8")
    written = {}
    for language in TRANSLATED:
        folder = dist / LOCALE
        folder.mkdir(parents=True, exist_ok=True)
        with speaking(language) as catalogue:
            (folder / f"{language}.mo").write_bytes(page_catalogue(language))
            first = {
                "text": page_text(source, catalogue.gettext),
                "views": view_differences(english, json.loads(views())),
            }
            text = json.dumps(first, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            (folder / f"{language}.json").write_text(text, encoding="utf-8")
            translated = functools.partial(
                translated_page, translate=catalogue.gettext, language=language
            )
            for name in pages:
                page = rules(name, translated)
                (dist / i18n.in_language(name, language)).write_text(page, encoding="utf-8")
        written[language] = language_files(language, pages)
    return written
