"""What the page saves and shares as data: a saved file or a share link holds the
engine's game record plus the page's own keys, ``names`` and ``seats`` (0 for a person,
else a computer level); the engine ignores unknown top-level keys, and these functions
check them. A share link carries that record in the address's hash: deflated, then
URL-safe base64 behind the mark ``z`` (``COMPACT``). Deflating makes a long game's link
about 40% shorter, so its QR code has fewer, bigger modules (a four-player game of 40
turns: 960 characters became about 570). Links made before carry the JSON itself in
base64, which never starts with ``z`` (a JSON object starts ``ey``): they still open.
Kept away from ``static/``, so that CPython tests cover them.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from ...errors import RecordError
from ...i18n import N_, _, whole
from ...reading import MAX_TEXT, NotJSONError, ascii_int, read_json

LINK_PARAM = "game="  # a share link is the page address + "#game=<data>"
# A link that opens at a turn of the main line ends "&turn=<number>" (base64 has no "&");
# at a turn of a side line, "&line=<number>&turn=<number>", the line numbered as the
# record's "lines" and the moves list's data-line number it (1 for the first side line).
TURN_PARAM = "&turn="
LINE_PARAM = "&line="
# Longer links are cut or refused by many apps and sites that carry them: a game whose
# link would be longer (a long one with many side lines and notes) goes as a file.
LINK_LIMIT = 8_000
DAMAGED_LINK = N_("the link is damaged: its game data cannot be read")
COMPACT = "z"  # a link's data deflated (raw deflate, no header), then in base64
RAW_DEFLATE = -15  # zlib's window bits for a raw deflate stream: no header, no checksum


def encode_link(payload: dict[str, Any]) -> str:
    """Game data for a share link: compact JSON, deflated, in URL-safe base64 without
    padding, behind ``COMPACT``."""
    raw = json.dumps(payload, separators=(",", ":")).encode()
    packed = zlib.compress(raw, 9, wbits=RAW_DEFLATE)
    return COMPACT + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def split_turn(data: str) -> tuple[str, int | None]:
    """A link's game data and the turn it opens at (None: the game as it is; a turn
    that is no number is left out)."""
    head, found, tail = data.partition(TURN_PARAM)
    turn = ascii_int(tail) if found else None
    return head, turn if turn is not None and turn >= 0 else None


def place_param(line: int, turn: int) -> str:
    """The end of a link that opens at ``turn`` of line ``line`` (0: the main line)."""
    return f"{LINE_PARAM}{line}{TURN_PARAM}{turn}" if line else f"{TURN_PARAM}{turn}"


def split_place(data: str) -> tuple[str, int, int | None]:
    """A link's game data, the line it opens (0: the main line, also for a line that is
    no number) and the turn of that line (None: the game as it is)."""
    head, turn = split_turn(data)
    head, found, tail = head.partition(LINE_PARAM)
    line = ascii_int(tail) if found else None
    return head, line if line is not None and line > 0 else 0, turn


def decode_link(text: str) -> Any:
    """The game data of a share link, every limit of ``archipelago.reading`` checked;
    raises RecordError when it cannot be read."""
    if len(text) > MAX_TEXT * 4 // 3 + 4:
        raise RecordError(
            _("the link is too long to hold a game: {length} characters").format(
                length=whole(len(text))
            )
        )
    compact = text.startswith(COMPACT)
    body = text[len(COMPACT) :] if compact else text
    try:
        padded = body + "=" * (-len(body) % 4)
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
        data = (_inflate(raw) if compact else raw).decode("utf-8")
    except (ValueError, UnicodeError, zlib.error):
        raise RecordError(_(DAMAGED_LINK)) from None
    try:
        return read_json(data, _("the link's game"))
    except NotJSONError:  # cut short or mistyped: nothing more to say
        raise RecordError(_(DAMAGED_LINK)) from None


def _inflate(packed: bytes) -> bytes:
    """A compact link's JSON; a stream cut short or inflating past ``MAX_TEXT`` is
    damaged (a few bytes must not unpack into megabytes)."""
    inflater = zlib.decompressobj(RAW_DEFLATE)
    raw = inflater.decompress(packed, MAX_TEXT + 1)
    if len(raw) > MAX_TEXT or not inflater.eof:
        raise ValueError("not a whole deflate stream within the limit")
    return raw
