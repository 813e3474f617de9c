"""Words for the pointer in hand: a touch screen is tapped, a mouse clicks.

The games' lines under the board say "click" (``kits``' cell words); on a touch screen the
page says "tap" instead. Whether the screen is touched comes from the start (a coarse
pointer, static/start/python_events.js's earlyValues) and then from the pointer of each
tap or click on the board, so a laptop with a touch screen follows what is used.
"""

from __future__ import annotations

import re

CLICK = re.compile(r"\b([Cc])lick(s|ed|ing)?\b")
TAP_FORMS = {"": "tap", "s": "taps", "ed": "tapped", "ing": "tapping"}


def is_touch(pointer_type: str, before: bool) -> bool:
    """Whether the page is used by touch after an event of ``pointer_type`` ("touch" and
    "pen" tap, "mouse" clicks; "" is no pointer, e.g. a key: as ``before``)."""
    if pointer_type in ("touch", "pen"):
        return True
    if pointer_type == "mouse":
        return False
    return before


def for_pointer(text: str, touch: bool) -> str:
    """``text`` in the words of the pointer: "click" becomes "tap" on a touch screen."""
    if not touch:
        return text

    def tap(match: re.Match[str]) -> str:
        word = TAP_FORMS[match.group(2) or ""]
        return word.capitalize() if match.group(1) == "C" else word

    return CLICK.sub(tap, text)
