"""The words every game's ``spoken`` module shares (``contract.Spoken``): the six
directions from a cell, the board's three lines through it, lists of cells, and a player
named in a command.

Directions are said as the board is drawn unturned (cells keep their names when the
board is turned, and so do these words); pure functions, tested under CPython.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..hexgrid import Board, axes_through
from ..hexsvg import COLOUR_NAMES
from ..i18n import N_, _
from .contract import Spoken

# The six directions of ``hexgrid.AXIAL_DIRECTIONS``, as a cell's neighbours lie on screen.
DIRECTIONS = (
    # Translators: a direction from a cell on the board, as in "right: f6, Ann's stone"
    N_("right"),
    N_("upper right"),
    N_("upper left"),
    N_("left"),
    N_("lower left"),
    N_("lower right"),
)


def direction_word(direction: int) -> str:
    return _(DIRECTIONS[direction])


def cells_list(board: Board, cells: Sequence[int]) -> str:
    """ "a1, b2, c3", or "none"."""
    # Translators: an empty list of cells, as in "Ann's stones: none"
    return ", ".join(board.names[cell] for cell in cells) or _("none")


def axis_title(board: Board, axis: int, cells: Sequence[int]) -> str:
    """The name of one of the three lines through a cell (``hexgrid.axes_through``'s
    order): its row, or a diagonal from its lower end to its upper end."""
    first, last = board.names[cells[0]], board.names[cells[-1]]
    if axis == 0:
        # Translators: a row of the board, named by its letter ("Row e")
        return _("Row {letter}").format(letter=first[0])
    if axis == 1:
        return _("Diagonal rising to the right, {first} to {last}").format(first=first, last=last)
    return _("Diagonal rising to the left, {first} to {last}").format(first=first, last=last)


def axis_words(spoken: Spoken, game: Game, names: list[str], cell: int, axis: int) -> str:
    """One of the board's three lines through ``cell``, every cell in order: "Row e:
    e1 empty, e2 blue, ..."."""
    board = spoken.board_of(game)
    cells = axes_through(board, cell)[axis]
    said = "; ".join(spoken.cell_brief(game, names, c) for c in cells)
    return _("{line}: {cells}.").format(line=axis_title(board, axis, cells), cells=said)


def lines_words(spoken: Spoken, game: Game, names: list[str], cell: int) -> str:
    """The three lines through ``cell``, one after the other."""
    return " ".join(axis_words(spoken, game, names, cell, axis) for axis in range(3))


def player_named(word: str, names: Sequence[str]) -> int | None:
    """The player a command names: by name (any case, or the start of a name no other
    name starts with), by number, or by colour ("blue"), in the page's language or in
    English; None when it names no one."""
    wanted = " ".join(word.split()).casefold()
    if not wanted:
        return None
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted)
    for player, name in enumerate(names, start=1):
        if name.casefold() == wanted:
            return player
    for player in range(1, len(names) + 1):
        colour = COLOUR_NAMES[player]
        if wanted in (colour.casefold(), _(colour).casefold()):
            return player
    starting = [p for p, name in enumerate(names, start=1) if name.casefold().startswith(wanted)]
    return starting[0] if len(starting) == 1 else None
