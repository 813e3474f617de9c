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
import html
import io
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from babel.messages.catalog import Message

from archipelago import i18n

from . import marks
from .translations import TRANSLATED, compiled

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
    return compiled(language, wanted=shown_outside_html)


def shown_outside_html(message: Message) -> bool:
    return any(not where.endswith(".html") for where, _ in message.locations)


def translated_page(source: str, translate: Callable[[str], str], language: str) -> str:
    """An HTML page with its marked blocks and attributes in ``language``."""
    text = marks.closed_voids(source)
    pieces, at = [], 0
    for mark in marks.marks(text):
        tag_start, tag_end = mark.start_tag
        if tag_start < at:  # inside a block translated whole already
            continue
        tag = text[tag_start:tag_end]
        for name in mark.attributes:
            found = marks.attribute(tag, name)
            if found:
                value = html.escape(translate(marks.value_message(found)))
                tag = tag[: found.start(1)] + value + tag[found.end(1) :]
        pieces += [text[at:tag_start], tag]
        at = tag_end
        if mark.inner:
            pieces.append(translate(marks.message(text[mark.inner[0] : mark.inner[1]])))
            at = mark.inner[1]
    pieces.append(text[at:])
    return HTML_LANG.sub(f'<html lang="{language}"', "".join(pieces), count=1)


def page_text(source: str, translate: Callable[[str], str]) -> list[list[Any]]:
    """index.html's marked elements in ``translate``'s language, in the order the browser
    finds them (document.querySelectorAll): [inner HTML or null, {attribute: text}]."""
    text = marks.closed_voids(source)
    entries = []
    for mark in marks.marks(text):
        tag = text[mark.start_tag[0] : mark.start_tag[1]]
        attributes = {
            name: translate(marks.attribute_message(tag, name)) for name in mark.attributes
        }
        inner = mark.inner
        said = translate(marks.message(text[inner[0] : inner[1]])) if inner else None
        entries.append([said, attributes])
    return entries


def view_differences(english: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """What ``other`` (first views, or lessons' first steps, in a language) draws
    differently from ``english``: {key: {selector: {property: value}}}, where the key is
    a view's address query or a lesson's game; the page paints English's where none."""
    found: dict[str, Any] = {}
    for key, view in other.items():
        for selector, props in view.items():
            base = english.get(key, {}).get(selector, {})
            changed = {name: value for name, value in props.items() if base.get(name) != value}
            if changed:
                found.setdefault(key, {})[selector] = changed
    return found


def write_language_files(
    dist: Path,
    index: Path,
    first: dict[str, Callable[[], str]],
    rules: Callable[[str, Callable[[str], str]], str],
    pages: list[str],
) -> dict[str, list[str]]:
    """Write every language's files into ``dist``: ``index`` is the source of index.html,
    ``first`` makes the JSON of what the page paints before Python (``"views"``: the first
    views; ``"lessons"``: the lessons' first steps), each written as its differences from
    English, ``rules(name, translated)`` the rules page at ``name`` (of ``pages``, paths
    in the site) from its source as ``translated`` makes it. Returns {language: its
    files}."""
    english = {key: json.loads(made()) for key, made in first.items()}
    source = index.read_text(encoding="utf-8")
    written = {}
    for language in TRANSLATED:
        folder = dist / LOCALE
        folder.mkdir(parents=True, exist_ok=True)
        with speaking(language) as catalogue:
            (folder / f"{language}.mo").write_bytes(page_catalogue(language))
            painted: dict[str, Any] = {"text": page_text(source, catalogue.gettext)}
            for key, made in first.items():
                painted[key] = view_differences(english[key], json.loads(made()))
            text = json.dumps(painted, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            (folder / f"{language}.json").write_text(text, encoding="utf-8")
            translated = functools.partial(
                translated_page, translate=catalogue.gettext, language=language
            )
            for name in pages:
                page = rules(name, translated)
                (dist / i18n.in_language(name, language)).write_text(page, encoding="utf-8")
        written[language] = language_files(language, pages)
    return written
