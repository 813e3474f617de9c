"""Hexhex board geometry and cell names.

A board of side ``n`` has ``3n(n-1)+1`` pointy-top cells in ``2n-1`` horizontal rows
(RULINGS R1). Cells are plain ints: index 0 is the leftmost cell of the bottom row and the
indices run left to right, row by row, upwards. Cell names follow RULINGS R2: a row letter
counted from the bottom (``a``) and the 1-based position inside the row from the left.

Storage uses axial coordinates ``(q, r)`` as in Red Blob Games' guide, with ``r`` growing
downwards on screen, so the bottom row has ``r = n-1`` and the top row ``r = -(n-1)``.
Everything is computed once per side and shared by every game of that side.
"""

from __future__ import annotations

import math
from functools import cache

from archipelago.errors import NotationError, SetupError

MIN_SIZE = 2
MAX_SIZE = 12
DEFAULT_SIZE = 7  # the middle of the designers' recommended 6 to 8

Cell = int

# Axial neighbour offsets of a pointy-top hex grid.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)

ROW_LETTERS = "abcdefghijklmnopqrstuvw"  # 2*MAX_SIZE-1 rows


def is_whole_number(value: object) -> bool:
    """An int that is not a bool (``True`` is an int to Python, not a board side)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Board:
    """Immutable geometry of one hexhex board: names, coordinates and neighbours."""

    __slots__ = ("size", "cell_count", "names", "axial", "rows", "neighbours", "_index")

    def __init__(self, size: int) -> None:
        if not is_whole_number(size) or not MIN_SIZE <= size <= MAX_SIZE:
            raise SetupError(f"the board side must be from {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
        self.size = size
        last = size - 1
        names: list[str] = []
        axial: list[tuple[int, int]] = []
        rows: list[list[int]] = []
        for row in range(2 * size - 1):  # row 0 is the bottom row, letter "a"
            r = last - row
            q_min = max(-last, -last - r)
            q_max = min(last, last - r)
            row_cells = []
            for position, q in enumerate(range(q_min, q_max + 1), start=1):
                row_cells.append(len(names))
                names.append(f"{ROW_LETTERS[row]}{position}")
                axial.append((q, r))
            rows.append(row_cells)
        self.names: tuple[str, ...] = tuple(names)
        self.axial: tuple[tuple[int, int], ...] = tuple(axial)
        self.rows: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in rows)
        self.cell_count = len(names)
        self._index = {name: cell for cell, name in enumerate(names)}
        by_axial = {coordinate: cell for cell, coordinate in enumerate(axial)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                by_axial[(q + dq, r + dr)]
                for dq, dr in AXIAL_DIRECTIONS
                if (q + dq, r + dr) in by_axial
            )
            for q, r in axial
        )

    def index(self, name: str) -> Cell:
        """The cell called ``name`` (e.g. ``"g5"``); raises NotationError if there is none."""
        cell = self._index.get(name.strip().lower())
        if cell is None:
            raise NotationError(f"there is no cell {name.strip()} on a side-{self.size} board")
        return cell

    def center(self, cell: Cell) -> tuple[float, float]:
        """Pixel centre of a cell for hexes of circumradius 1, origin at the board centre,
        y growing downwards (Red Blob Games' ``hex_to_pixel`` for pointy-top hexes)."""
        q, r = self.axial[cell]
        return math.sqrt(3) * (q + r / 2), 1.5 * r

    def __repr__(self) -> str:
        return f"Board(size={self.size})"


@cache
def board_for(size: int) -> Board:
    """The shared Board of side ``size`` (built once)."""
    return Board(size)


def cell_count(size: int) -> int:
    """Number of cells of a hexhex board of side ``size`` (RULINGS R1)."""
    return 3 * size * (size - 1) + 1


def ray(board: Board, cell: Cell, direction: int) -> tuple[Cell, ...]:
    """The cells met walking from ``cell`` in ``AXIAL_DIRECTIONS[direction]``, nearest
    first, to the board's edge (``cell`` itself left out)."""
    by_axial = _by_axial(board.size)
    (q, r), (dq, dr) = board.axial[cell], AXIAL_DIRECTIONS[direction]
    cells = []
    while (q + dq, r + dr) in by_axial:
        q, r = q + dq, r + dr
        cells.append(by_axial[(q, r)])
    return tuple(cells)


def axes_through(board: Board, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
    """The board's three lines through ``cell``, each from one edge to the other: its row
    from left to right, then the diagonal rising to the right and the diagonal rising to
    the left, each from its lower end (``cell`` in its place on all three)."""
    return tuple(
        (*reversed(ray(board, cell, backwards)), cell, *ray(board, cell, forwards))
        for forwards, backwards in ((0, 3), (1, 4), (2, 5))
    )


@cache
def _by_axial(size: int) -> dict[tuple[int, int], Cell]:
    return {coordinate: cell for cell, coordinate in enumerate(board_for(size).axial)}
