"""The catalogues: where the page's messages are found, how each language's ``.po`` file
is kept in step with the code, what is wrong with one, and the compiled files the site
serves. Babel does the reading, merging and compiling, under CPython only: the page gets
compiled ``.mo`` files and reads them with the standard library's gettext.

An *area* is a folder with a ``locale/`` folder of its own: the platform (the package
without its games, the page's own modules and index.html), and each game folder (its
Python and its rules page). Each area keeps ``locale/<language>.po`` for every language
of archipelago.i18n.LANGUAGES but English; the site gets one catalogue per language, all
areas merged (``compiled``).

    python -m sitebuild.translations update [AREA]   # add new messages, drop stale ones
    python -m sitebuild.translations check           # what a catalogue misses or keeps

HTML is read by ``extract_html``: the text of every element marked ``data-i18n`` (its
inner HTML, with runs of white space made one space) is a message, and so is each
attribute that ``data-i18n-attrs`` names.
"""

from __future__ import annotations

import datetime
import importlib
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from archipelago.i18n import ENGLISH, LANGUAGES

from . import marks
from .paths import ROOT

TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH)
COMMENT_TAGS = ("Translators:",)
# Python by Babel's own reader; HTML by ours (this module's extract_html).
METHODS = [
    ("**/locale/**", "ignore"),
    ("**.py", "python"),
    ("**.html", "sitebuild.translations:extract_html"),
]
# Fixed, so that updating a catalogue changes only its messages.
DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
HEADER = "# The page's words in {language}: see docs/translating.md.\n"
# {n}, {name}, {0:.1f}: the fields that a translation must keep as they are.
FIELD = re.compile(r"\{[^{}]*\}")


class Area:
    """A folder whose messages share one catalogue per language."""

    def __init__(self, name: str, folder: Path, sources: list[Path], skip: list[Path]):
        self.name = name
        self.folder = folder  # its catalogues are in folder / "locale"
        self.sources = sources  # the folders and files its messages are read from
        self.skip = skip  # folders under its sources that belong to other areas

    def po_path(self, language: str) -> Path:
        return self.folder / "locale" / f"{language}.po"

    def messages(self) -> Catalog:
        """Every message of the area's sources, as an empty catalogue (a template)."""
        template = new_catalogue(None)
        for source in self.sources:
            folder, only = (source, None) if source.is_dir() else (source.parent, source)
            found = extract_from_dir(
                folder,
                METHODS,
                keywords=DEFAULT_KEYWORDS,
                comment_tags=COMMENT_TAGS,
                strip_comment_tags=True,
                directory_filter=lambda path: (
                    not any(Path(path).resolve().is_relative_to(skip) for skip in self.skip)
                ),
            )
            for filename, line, message, comments, context in found:
                path = folder / filename
                if only is not None and path != only:
                    continue
                where = (shown_path(path), line)
                template.add(message, None, [where], auto_comments=comments, context=context)
        return template


def new_catalogue(language: str | None) -> Catalog:
    return Catalog(
        locale=language,
        project="Archipelago",
        version="1",
        header_comment=HEADER.format(language=language or "English"),
        creation_date=DATE,
        revision_date=DATE,
        last_translator="the Archipelago project",
        language_team=language or "",
        fuzzy=False,
    )


def game_folders() -> list[tuple[str, Path]]:
    """(name, folder) of every registered game."""
    from archipelago.registry import manifests

    return [
        (manifest.name, Path(importlib.import_module(manifest.package).__path__[0]))
        for manifest in manifests()
    ]


def areas() -> list[Area]:
    """The platform's area, then each game's."""
    games = game_folders()
    package = ROOT / "archipelago"
    platform = Area(
        "platform",
        package,
        [package, ROOT / "static" / "page", ROOT / "index.html"],
        [folder for _, folder in games],
    )
    return [platform, *(Area(name, folder, [folder], []) for name, folder in games)]


def area_named(name: str) -> Area:
    # By name first: the game "archipelago" shares its name with the package's folder,
    # which is the platform's.
    for area in sorted(areas(), key=lambda area: area.name != name):
        if name in (area.name, area.folder.relative_to(ROOT).as_posix()):
            return area
    raise SystemExit(f"no area {name!r}: the areas are {', '.join(a.name for a in areas())}")


def read_catalogue(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def update(area: Area) -> list[Path]:
    """Bring each language's catalogue of ``area`` in step with its sources: new messages
    added untranslated, stale ones dropped (not kept as obsolete). Returns the files."""
    template = area.messages()
    written = []
    for language in TRANSLATED:
        path = area.po_path(language)
        catalogue = read_catalogue(path, language) if path.exists() else new_catalogue(language)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.obsolete.clear()
        catalogue.revision_date = DATE
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_po(buffer, catalogue, width=100, sort_output=False, include_lineno=False)
        path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def problems(area: Area) -> list[str]:
    """What is wrong with ``area``'s catalogues, one line each: a message of the code
    that a catalogue misses or leaves untranslated, a message the code no longer has, a
    translation marked fuzzy, or one that drops or adds a {field}."""
    found = []
    wanted = {message.id for message in area.messages() if message.id}
    for language in TRANSLATED:
        path = area.po_path(language)
        where = shown_path(path)
        if not path.exists():
            found.append(f"{where}: missing (python -m sitebuild.translations update)")
            continue
        catalogue = read_catalogue(path, language)
        have = {message.id: message for message in catalogue if message.id}
        for key in wanted - set(have):
            found.append(f"{where}: not in the catalogue: {_shown(key)}")
        for key in set(have) - wanted:
            found.append(f"{where}: no longer in the code: {_shown(key)}")
        for key in wanted & set(have):
            message = have[key]
            english = str(key[-1] if isinstance(key, tuple) else key)
            given = message.string
            strings = [str(text or "") for text in (given if isinstance(given, tuple) else [given])]
            if not all(strings):
                found.append(f"{where}: untranslated: {_shown(key)}")
            elif message.fuzzy:
                found.append(f"{where}: fuzzy: {_shown(key)}")
            elif any(fields(text) != fields(english) for text in strings):
                found.append(f"{where}: its {{fields}} differ: {_shown(key)}")
    return found


def shown_path(path: Path) -> str:
    """``path`` as the repository names it (a path from its root where it is inside)."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _shown(key: Any) -> str:
    text = key[0] if isinstance(key, tuple) else key
    return repr(text if len(text) < 70 else text[:67] + "...")


def compiled(language: str, wanted: Callable[[Message], bool] = lambda message: True) -> bytes:
    """The site's catalogue of ``language``: every area's translated messages (those
    ``wanted`` says), merged, as a .mo file."""
    merged = new_catalogue(language)
    for area in areas():
        path = area.po_path(language)
        if path.exists():
            for message in read_catalogue(path, language):
                if message.id and message.string and not message.fuzzy and wanted(message):
                    merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    return buffer.getvalue()


def marked_messages(source: str) -> list[tuple[int, str]]:
    """(line, message) of every marked element and attribute of ``source``, in the order
    they are read: the attributes at their start tag, an inner HTML at its end tag."""
    text = marks.closed_voids(source)
    found: list[tuple[int, int, str]] = []  # (where it is read, line, message)
    for mark in marks.marks(text):
        tag = text[mark.start_tag[0] : mark.start_tag[1]]
        for name in mark.attributes:
            if said := marks.attribute_message(tag, name):
                found.append((mark.start_tag[0], mark.line, said))
        if mark.inner and (inner := marks.message(text[mark.inner[0] : mark.inner[1]])):
            found.append((mark.inner[1], mark.end_line, inner))
    # (a stable sort: a tag's attributes stay in the order data-i18n-attrs names them)
    return [(line, said) for _, line, said in sorted(found, key=lambda entry: entry[0])]


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for HTML (METHODS)."""
    for line, message in marked_messages(fileobj.read().decode("utf-8")):
        yield line, "", message, []


def main(arguments: list[str]) -> int:
    if not arguments or arguments[0] not in ("update", "check"):
        print("usage: python -m sitebuild.translations update [AREA] | check", file=sys.stderr)
        return 2
    chosen = [area_named(name) for name in arguments[1:]] or areas()
    if arguments[0] == "update":
        for area in chosen:
            for path in update(area):
                print(shown_path(path))
        return 0
    found = [line for area in chosen for line in problems(area)]
    print("\n".join(found) if found else "every catalogue is complete and current")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
