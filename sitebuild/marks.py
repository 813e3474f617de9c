"""The parts of an HTML page marked for translation: an element marked ``data-i18n`` has
its inner HTML as one message, and ``data-i18n-attrs="title aria-label"`` names the
attributes whose values are messages.

One reading of the marks serves both their users: the extraction of the messages into
the catalogues (sitebuild.translations) and the build's writing of a page in another
language (sitebuild.locales), so that the two can never read a page differently.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser

SPACES = re.compile(r"\s+")
# Elements with no end tag: written as <br/> they keep the parser's depth right.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})


@dataclass(frozen=True)
class Mark:
    """One marked element, as offsets into the text it was found in (closed_voids's)."""

    start_tag: tuple[int, int]
    inner: tuple[int, int] | None  # its inner HTML, where marked data-i18n
    attributes: tuple[str, ...]  # the attributes to translate that have a value
    line: int  # of its start tag
    end_line: int  # of its end tag


def closed_voids(source: str) -> str:
    """``source`` with its void elements written <br/>: the text the marks point into."""
    return re.sub(rf"<({'|'.join(VOID)})\b([^>]*?)/?>", lambda m: f"<{m[1]}{m[2]}/>", source)


def message(fragment: str) -> str:
    """A marked piece of HTML as the catalogues hold it: its runs of spaces as one."""
    return SPACES.sub(" ", fragment).strip()


def attribute(start_tag: str, name: str) -> re.Match[str] | None:
    """The value of attribute ``name`` in ``start_tag``, as written (group 1)."""
    return re.search(rf'\s{re.escape(name)}="([^"]*)"', start_tag)


def value_message(found: re.Match[str]) -> str:
    """The message of an attribute ``attribute`` found: its value as the browser reads it."""
    return message(html.unescape(found[1]))


def attribute_message(start_tag: str, name: str) -> str:
    """The message of attribute ``name`` (empty where the tag has none)."""
    found = attribute(start_tag, name)
    return value_message(found) if found else ""


class _Marks(HTMLParser):
    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.line_starts = [0]
        for line in text.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        self.depth = 0
        self.open: list[tuple[str, int, int]] = []  # (tag, depth, index in found)
        self.found: list[Mark] = []

    def here(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.depth += 1
        if "data-i18n" not in named and "data-i18n-attrs" not in named:
            return
        start = self.here()
        end = start + len(self.get_starttag_text() or "")
        wanted = tuple(n for n in (named.get("data-i18n-attrs") or "").split() if named.get(n))
        line = self.getpos()[0]
        self.found.append(Mark((start, end), None, wanted, line, line))
        if "data-i18n" in named:
            self.open.append((tag, self.depth, len(self.found) - 1))

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][:2] == (tag, self.depth):
            _, _, index = self.open.pop()
            mark = self.found[index]
            inner = (mark.start_tag[1], self.here())
            self.found[index] = Mark(
                mark.start_tag, inner, mark.attributes, mark.line, self.getpos()[0]
            )
        self.depth -= 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self.open and self.open[-1][:2] == (tag, self.depth):
            self.open.pop()  # written <tag/>: no inner HTML
        self.depth -= 1


def marks(text: str) -> list[Mark]:
    """The marked elements of ``text`` (closed_voids's), in the order of their start tags:
    the order in which the browser's document.querySelectorAll finds them."""
    parser = _Marks(text)
    parser.feed(text)
    parser.close()
    return parser.found
