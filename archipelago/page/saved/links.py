"""What the page saves and shares as data: a saved file or a share link holds the
engine's game record plus the page's own keys, ``names`` and ``seats`` (0 for a person,
else a computer level); the engine ignores unknown top-level keys, and these functions
check them. A share link carries that record as URL-safe base64 in the address's hash.
Kept away from ``static/``, so that CPython tests cover them.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from ...errors import RecordError
from ...reading import MAX_TEXT, read_json

LINK_PARAM = "game="  # a share link is the page address + "#game=<data>"
DAMAGED_LINK = "the link is damaged: its game data cannot be read"


def encode_link(payload: dict[str, Any]) -> str:
    """Game data for a share link: compact JSON in URL-safe base64 without padding."""
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_link(text: str) -> Any:
    """The game data of a share link, every limit of ``archipelago.reading`` checked;
    raises RecordError when it cannot be read."""
    if len(text) > MAX_TEXT * 4 // 3 + 4:
        raise RecordError(f"the link is too long to hold a game: {len(text):,} characters")
    try:
        padded = text + "=" * (-len(text) % 4)
        data = base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8")
    except (ValueError, UnicodeError):
        raise RecordError(DAMAGED_LINK) from None
    try:
        return read_json(data, "the link's game")
    except RecordError as error:
        if "not valid JSON" in str(error):  # cut short or mistyped: nothing more to say
            raise RecordError(DAMAGED_LINK) from None
        raise
