"""Words for the pointer in hand: a touch screen is tapped, a mouse clicks.

A line that says how to play a cell ("Click an empty cell") is written twice, once per
pointer, and chosen where it is made: ``click_or_tap(_("Click ..."), _("Tap ..."))``.
A single message cannot be rewritten afterwards, as it once was in English by a regular
expression: other languages conjugate, and have no one word for "click" to look for.
Whether the screen is touched comes from the start (a coarse pointer,
static/start/python_events.js's earlyValues) and then from the pointer of each tap or
click on the board, so a laptop with a touch screen follows what is used; the page says
which while a game's kit makes its line under the board (``pointer_in_hand``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_touch = False  # the pointer in hand while the page makes a line (``pointer_in_hand``)


def is_touch(pointer_type: str, before: bool) -> bool:
    """Whether the page is used by touch after an event of ``pointer_type`` ("touch" and
    "pen" tap, "mouse" clicks; "" is no pointer, e.g. a key: as ``before``)."""
    if pointer_type in ("touch", "pen"):
        return True
    if pointer_type == "mouse":
        return False
    return before


@contextmanager
def pointer_in_hand(touch: bool) -> Iterator[None]:
    """While this holds, ``click_or_tap`` gives the words for a touch screen when
    ``touch``; after it, the mouse's again."""
    global _touch
    before, _touch = _touch, touch
    try:
        yield
    finally:
        _touch = before


def touch_in_hand() -> bool:
    """Whether the line being made is for a touch screen (``pointer_in_hand``): for a kit
    whose words are made by a function that takes the pointer."""
    return _touch


def click_or_tap(click: str, tap: str) -> str:
    """The line for the pointer in hand: ``click`` (a mouse's words) or ``tap`` (a touch
    screen's), both already translated."""
    return tap if _touch else click
