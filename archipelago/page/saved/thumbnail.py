"""A game's board as a small picture for the Games list: the board's outline and a dot
of its player's colour for each stone.

The list's index keeps the board as a side and a digit per cell (the owner, 0 for an
empty cell, in ``hexgrid`` order), never markup: the picture is drawn from those digits
when the list is shown, so a damaged or hand-edited index can only give a wrong picture
or none. Games on a hexhex board give their owners through their kit
(``GameKit.board_owners``); others get no picture.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

from ...hexgrid import MAX_SIZE, MIN_SIZE, board_for, cell_count

ROOT3 = math.sqrt(3.0)
PLAYERS = "01234"  # the digits a cell may hold


def board_text(owners: list[int]) -> str:
    """The owners of the cells as the index keeps them (one digit each)."""
    return "".join(str(o) if 0 <= o <= 4 else "0" for o in owners)


def _place(q: int, r: int) -> tuple[float, float]:
    return ROOT3 * (q + r / 2), 1.5 * r


def thumbnail_svg(side: Any, cells: Any, label: str) -> str:
    """The picture of a board of ``side`` whose cells hold the ``cells`` digits, named by
    ``label`` for screen readers; "" when the two do not describe a board."""
    if not (isinstance(side, int) and not isinstance(side, bool) and MIN_SIZE <= side <= MAX_SIZE):
        return ""
    if not (isinstance(cells, str) and len(cells) == cell_count(side)):
        return ""
    if not re.fullmatch(f"[{PLAYERS}]*", cells):
        return ""
    board = board_for(side)
    last = side - 1
    reach = ROOT3 * (last + 0.6)  # the corners' distance, past the outer cells' centres
    corners = " ".join(
        f"{reach * math.cos(math.radians(60 * k)):.1f},{reach * math.sin(math.radians(60 * k)):.1f}"
        for k in range(6)
    )
    dots = "".join(
        f'<circle class="t{owner}" cx="{x:.1f}" cy="{y:.1f}" r="1"/>'
        for (q, r), owner in zip(board.axial, cells, strict=True)
        if owner != "0"
        for x, y in (_place(q, r),)
    )
    edge = reach + 0.5
    return (
        f'<svg class="thumb" viewBox="{-edge:.1f} {-edge:.1f} {2 * edge:.1f} {2 * edge:.1f}" '
        f'role="img" aria-label="{escape(label)}"><polygon class="thumb-board" '
        f'points="{corners}"/>{dots}</svg>'
    )
