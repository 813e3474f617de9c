"""The one door every record comes in by: files and standard input on the command line,
share links, loaded files, stored games and the page's URL options.

Records may be built to hurt, so their limits are checked before and while they are
parsed, not left to the parser: the length of the text, how deep its JSON nests (deep
nesting would exhaust Python's stack), how many digits a number has (Python refuses to
convert more than 4,300), how long a string or a list is, and characters that would
change what an error line shows (line breaks, other control characters, lone surrogates,
byte-order marks and the marks that reorder text right to left). Every refusal is a
``RecordError`` of one line of at most ``MAX_LINE`` characters that quotes the offending
text escaped and shortened, and says where it is.

Nothing here knows a game; the one key it names is ``"turns"``, the list of moves of the
game contract, so that an error there says "turn 3" as the games' own errors do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from .errors import RecordError
from .i18n import _, ngettext, whole

MAX_TEXT = 200_000  # characters of a record's text; the longest real records are ~20,000
MAX_DEPTH = 16  # nesting of arrays and objects; records nest 3 deep
MAX_NUMBER = 20  # characters of one JSON number
MAX_STRING = 2_000  # characters of one string (a move, a name, a key)
MAX_ITEMS = 10_000  # entries of one list or object
MAX_LINE = 300  # characters of an error line
QUOTED = 40  # characters of offending text quoted in an error

FORMAT_KEY = "format"  # the record's format version (see ``upgrade``)


class NewerFormatError(RecordError):
    """A record written by a newer version of the site: not damaged, only not readable
    here, so a store keeps it where it is for the newer page."""


class NotJSONError(RecordError):
    """Text that is not JSON at all (cut short or mistyped), in whatever language the
    message is: a link says only that it is damaged."""


# Characters refused anywhere in a record: C0 and C1 controls (line breaks among them),
# the line and paragraph separators, the marks that embed, override or isolate text
# direction, byte-order marks, and surrogates (a lone one is not text).
_UNSAFE_CHARS = (
    "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff"
)
_UNSAFE = re.compile(f"[{_UNSAFE_CHARS}]")
_QUOTE_ESCAPED = re.compile(f"[{_UNSAFE_CHARS}'\\\\]")
# A string (to its closing quote, or to the end of the text when it has none: each
# character is looked at once, whatever the quotes and backslashes) or a bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "'": "\\'", "\\": "\\\\"}


# ---------------------------------------------------------------------- showing text
def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def escape(text: str) -> str:
    """``text`` as it goes between single quotes, as Python's ``repr`` writes it: every
    character that could break or reorder a line is written as an escape, and so are
    quotes and backslashes; other characters are kept."""
    return _QUOTE_ESCAPED.sub(_escaped, text)


def quote(text: str, limit: int = QUOTED) -> str:
    """``text`` in single quotes, escaped, and shortened to about ``limit`` characters
    (saying how long it was) when it is longer."""
    if len(text) <= limit:
        return f"'{escape(text)}'"
    head = limit * 2 // 3
    tail = limit - head
    return f"'{escape(text[:head])}...{escape(text[-tail:])}' ({_characters(len(text))})"


def brief(text: str, limit: int = QUOTED) -> str:
    """``text`` as it is when it is short and safe to show, else as ``quote`` gives it."""
    return text if len(text) <= limit and not _QUOTE_ESCAPED.search(text) else quote(text, limit)


def _escaped_within(text: str, budget: int) -> str:
    """The longest start of ``text`` whose JSON spelling (quotes aside) fits ``budget``."""
    used = 0
    for index, character in enumerate(text):
        used += len(json.dumps(character)) - 2
        if used > budget:
            return text[:index]
    return text


def show(value: Any, limit: int = QUOTED) -> str:
    """A value read from a record as JSON spells it (non-ASCII escaped), shortened like
    ``quote``."""
    if isinstance(value, str):
        spelled = json.dumps(value)
        if len(spelled) <= limit + 2:
            return spelled
        # The limit counts characters as shown: JSON writes a non-ASCII character as up
        # to twelve, so the cut is made on the escaped spelling, never inside an escape.
        head = _escaped_within(value, limit * 2 // 3)
        tail = _escaped_within(value[len(head) :][::-1], limit // 3)[::-1]
        cut = json.dumps(head)[:-1] + "..." + json.dumps(tail)[1:]
        return f"{cut} ({_characters(len(value))})"
    if isinstance(value, (list, dict)):
        count = len(value)
        if isinstance(value, list):
            return ngettext("a list of {n} entry", "a list of {n} entries", count).format(
                n=whole(count)
            )
        return ngettext("an object of {n} entry", "an object of {n} entries", count).format(
            n=whole(count)
        )
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({_characters(len(text))})"


def _characters(count: int) -> str:
    return ngettext("{n} character", "{n} characters", count).format(n=whole(count))


def one_line(message: str) -> str:
    """An error message as one line of at most ``MAX_LINE`` characters."""
    line = _UNSAFE.sub(_escaped, message)
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 3] + "..."


# ---------------------------------------------------------------------- reading JSON
def _refuse(message: str, error: type[RecordError] = RecordError) -> NoReturn:
    raise error(one_line(message))


def check_text(text: str, what: str | None = None) -> None:
    """Refuse ``text`` longer than ``MAX_TEXT`` or nesting deeper than ``MAX_DEPTH``,
    without parsing it. ``what`` names the text in the refusal ("the file"; by default
    "the record")."""
    what = what or _("the record")
    if len(text) > MAX_TEXT:
        _refuse(
            _(
                "{what} is too long to be a game record: {length} characters (at most {limit})"
            ).format(what=what, length=whole(len(text)), limit=whole(MAX_TEXT))
        )
    # Strings may hold brackets: step over them, and follow the brackets outside them.
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token[0] == '"':
            continue
        depth += 1 if token in "[{" else -1
        if depth > MAX_DEPTH:
            _refuse(
                _(
                    "{what} nests arrays or objects more than {limit} deep (at character "
                    "{at}): no game record does"
                ).format(what=what, limit=MAX_DEPTH, at=whole(match.start() + 1))
            )


def _number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        if len(text) > MAX_NUMBER:
            _refuse(
                _("a number in the record is {length} characters long: {number}").format(
                    length=whole(len(text)), number=quote(text)
                )
            )
        return kind(text)

    return read


def _constant(text: str) -> NoReturn:
    _refuse(
        _("the record is not valid JSON: {text} is not a JSON value").format(text=text),
        NotJSONError,
    )


def where(path: tuple[str | int, ...]) -> str:
    """Words for a place in a record: ``turn 3``, ``"names" item 2``, ``"variant"``."""
    if not path:
        return _("the record")
    if path[0] == "turns" and len(path) >= 2 and isinstance(path[1], int):
        words = _("turn {number}").format(number=path[1] + 1)
        rest = path[2:]
    else:
        words, rest = "", path
    for step in rest:
        part = _("item {number}").format(number=step + 1) if isinstance(step, int) else None
        part = part or quote(str(step), 20)
        words = f"{words} {part}" if words else part
    return words


def check_strings(value: Any, path: tuple[str | int, ...] = ()) -> None:
    """Refuse a string (a key or a value) with an unsafe character or longer than
    ``MAX_STRING``, and a list or object longer than ``MAX_ITEMS``, anywhere in
    ``value``."""
    if isinstance(value, str):
        _check_string(value, path)
    elif isinstance(value, (list, dict)):
        if len(value) > MAX_ITEMS:
            _refuse(
                _("{where} has {count} entries (at most {limit})").format(
                    where=where(path), count=whole(len(value)), limit=whole(MAX_ITEMS)
                )
            )
        if isinstance(value, dict):
            for key, item in value.items():
                _check_string(key, (*path, key))
                check_strings(item, (*path, key))
        else:
            for index, item in enumerate(value):
                check_strings(item, (*path, index))


def unsafe_character(text: str) -> bool:
    """Whether ``text`` holds a character refused in records (see ``_UNSAFE``)."""
    return _UNSAFE.search(text) is not None


def _check_string(text: str, path: tuple[str | int, ...]) -> None:
    if len(text) > MAX_STRING:
        _refuse(
            _("{where} is {length} characters long (at most {limit}): {text}").format(
                where=where(path),
                length=whole(len(text)),
                limit=whole(MAX_STRING),
                text=quote(text),
            )
        )
    bad = _UNSAFE.search(text)
    if bad is not None:
        _refuse(
            _("{where} holds the control character {code} at character {at}: {text}").format(
                where=where(path),
                code=f"U+{ord(bad.group()):04X}",
                at=bad.start() + 1,
                text=quote(text),
            )
        )


def read_json(text: Any, what: str | None = None) -> Any:
    """The JSON value of a record's text, every limit checked; RecordError if not (and
    NotJSONError if it is no JSON at all). A byte-order mark at the very start (some
    editors write one) is skipped. ``what`` names the text as ``check_text`` does."""
    what = what or _("the record")
    if not isinstance(text, str):
        _refuse(_("{what} is not text").format(what=what))
    if text.startswith("\ufeff"):
        text = text[1:]
    check_text(text, what)
    try:
        value = json.loads(
            text,
            parse_int=_number(int),
            parse_float=_number(float),
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        _refuse(
            _("{what} is not valid JSON: {error} (line {line}, column {column})").format(
                what=what, error=error.msg, line=error.lineno, column=error.colno
            ),
            NotJSONError,
        )
    except RecursionError:  # cannot happen after check_text; kept as a last guard
        _refuse(_("{what} nests too deep").format(what=what))
    check_strings(value)
    return value


def read_json_or_none(text: Any) -> Any:
    """Stored text as JSON, or None when there is none or it cannot be read."""
    try:
        return read_json(text)
    except RecordError:
        return None


# ---------------------------------------------------------------------- numbers in text
_ASCII_INT = re.compile(r"-?[0-9]{1,9}")


def ascii_int(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits with an optional minus sign (no
    plus, no other script's digits, at most 9 digits), else None."""
    return int(text) if _ASCII_INT.fullmatch(text) else None


# ---------------------------------------------------------------------- format versions
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def upgrade(
    record: Mapping[str, Any], current: int, migrations: Mapping[int, Migration], title: str
) -> dict[str, Any]:
    """``record`` brought to format ``current``: a record without ``"format"`` is format
    0 (written before records had one); ``migrations[n]`` turns format n into n + 1. A
    record of a newer format than ``current`` is refused."""
    version = record.get(FORMAT_KEY, 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        _refuse(f'"{FORMAT_KEY}" must be a whole number, not {show(version)}')
    if version > current:
        raise NewerFormatError(
            one_line(
                _(
                    "this {game} record is in format {version}, written by a newer version "
                    "of the site; this one reads formats up to {current}: reload the page "
                    "or update"
                ).format(game=title, version=version, current=current)
            )
        )
    data = dict(record)
    while version < current:
        data = migrations[version](data)
        version += 1
    data[FORMAT_KEY] = current
    return data
