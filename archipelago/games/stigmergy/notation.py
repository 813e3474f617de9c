"""Stigmergy's moves as int codes and as record text.

With ``N`` cells on the board, a move code is:

- ``cell`` (0 .. N-1): place a stone on that empty cell, written ``e5``;
- ``N + cell``: flip the enemy stone on that cell, written ``e5x``;
- ``PASS`` / ``BUTTON`` / ``PLAY_SECOND`` / ``RESIGN``: written ``pass``, ``take-button``,
  ``play-second``, ``resign`` (the site's move, as on Abstract Play);
- ``2N + limit + K`` for the komi proposal K (``-limit <= K <= limit``, limit = N + 1),
  written as the number, e.g. ``5`` or ``-3``.

Cells are named as on Archipelago's board (``archipelago.hexgrid``): row letter from the
bottom, then the position in the row from the left.
"""

from __future__ import annotations

import re

from archipelago.errors import NotationError
from archipelago.i18n import _
from archipelago.reading import quote, show

from .geometry import Geometry

PASS = -1
BUTTON = -2
PLAY_SECOND = -3
RESIGN = -4

PASS_WORD = "pass"
BUTTON_WORD = "take-button"
PLAY_SECOND_WORD = "play-second"
RESIGN_WORD = "resign"
FLIP_MARK = "x"

WORDS = {PASS_WORD: PASS, BUTTON_WORD: BUTTON, PLAY_SECOND_WORD: PLAY_SECOND, RESIGN_WORD: RESIGN}
WORD_OF = {code: word for word, code in WORDS.items()}

# ASCII only, as Abstract Play writes a komi: an optional minus, no plus, at most 4 digits
# (the largest limit is 4 digits long; a longer number is refused before it is converted).
_KOMI = re.compile(r"-?[0-9]{1,4}")
_NUMBER = re.compile(r"[+-]?\d+")  # any script's digits: a komi, but not written as one
_CELL = re.compile(r"([a-z][0-9]{1,2})(x?)")


def komi_base(geo: Geometry) -> int:
    """The code of the smallest komi proposal, ``-limit``."""
    return 2 * geo.cell_count


def komi_code(geo: Geometry, komi: int) -> int:
    return komi_base(geo) + geo.komi_limit + komi


def is_komi_code(geo: Geometry, code: int) -> bool:
    return komi_base(geo) <= code <= komi_base(geo) + 2 * geo.komi_limit


def komi_of(geo: Geometry, code: int) -> int:
    return code - komi_base(geo) - geo.komi_limit


def check_komi(geo: Geometry, komi: object) -> int:
    """``komi`` if it is a whole number within the board's limit; NotationError if not."""
    limit = geo.komi_limit
    if isinstance(komi, bool) or not isinstance(komi, int) or not -limit <= komi <= limit:
        raise NotationError(
            _(
                "the komi must be a whole number from {low} to {high} on a side-{side} board, "
                "not {value}"
            ).format(low=-limit, high=limit, side=geo.size, value=show(komi))
        )
    return komi


def code_text(geo: Geometry, code: int) -> str:
    """The canonical spelling of a move code."""
    n = geo.cell_count
    if code in WORD_OF:
        return WORD_OF[code]
    if 0 <= code < n:
        return geo.board.names[code]
    if n <= code < 2 * n:
        return geo.board.names[code - n] + FLIP_MARK
    if is_komi_code(geo, code):
        return str(komi_of(geo, code))
    raise NotationError(
        _("{code} is not a move code of Stigmergy on a side-{side} board").format(
            code=repr(code), side=geo.size
        )
    )


def parse_code(geo: Geometry, text: str) -> int:
    """The code of a move in notation (case and surrounding spaces ignored)."""
    if not isinstance(text, str):
        raise NotationError(_("a move is written as text, not {value}").format(value=show(text)))
    word = text.strip().lower() if text.isascii() else text.strip()
    if word in WORDS:
        return WORDS[word]
    if _KOMI.fullmatch(word):
        return komi_code(geo, check_komi(geo, int(word)))
    if _NUMBER.fullmatch(word):
        limit = geo.komi_limit
        raise NotationError(
            _(
                "the komi must be written with ASCII digits and an optional minus, from {low} "
                "to {high} on a side-{side} board, not {value}"
            ).format(low=-limit, high=limit, side=geo.size, value=quote(word))
        )
    match = _CELL.fullmatch(word)
    if match is None:
        raise NotationError(
            _(
                "{text} is not a move: write a cell (e5), a flip (e5x), a komi (a whole "
                "number), {play_second}, {button}, {pass_word} or {resign}"
            ).format(
                text=quote(text.strip()),
                play_second=PLAY_SECOND_WORD,
                button=BUTTON_WORD,
                pass_word=PASS_WORD,
                resign=RESIGN_WORD,
            )
        )
    cell = geo.board.index(match.group(1))
    return cell + geo.cell_count if match.group(2) else cell
