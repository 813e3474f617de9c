"""The keyboard cursor on a hex board (``archipelago.hexgrid.Board``), shared by the games
drawn on one."""

from __future__ import annotations

from archipelago.hexgrid import Board
from archipelago.hexsvg import rotation_map

from .kits import Cursor


def board_cursor(board: Board, cursor: Cursor, key: str, rotation: int = 0) -> Cursor:
    """Where an arrow key takes the keyboard cursor on a hex board (it starts on the
    centre): left and right keep to the row; up and down go to the nearest cell of the
    next row, keeping to the column the cursor came from. On a board turned by
    ``rotation`` steps of 60 degrees the keys go by the screen: the move is made among
    the places cells are drawn at, then named by the cell drawn there."""
    if rotation % 6:
        places = rotation_map(board, rotation % 6)  # cell -> the place it is drawn at
        cell_at = {place: cell for cell, place in enumerate(places)}
        on_screen = (
            None if cursor is None else (board.names[places[board.index(cursor[0])]], cursor[1])
        )
        moved = board_cursor(board, on_screen, key)
        if moved is None:
            return None
        return board.names[cell_at[board.index(moved[0])]], moved[1]
    if cursor is None:
        start = board.rows[board.size - 1][board.size - 1]  # the centre
        return board.names[start], board.center(start)[0]
    name, column = cursor
    cell = board.index(name)
    if key in ("ArrowLeft", "ArrowRight"):
        q, r = board.axial[cell]
        step = -1 if key == "ArrowLeft" else 1
        by_axial = {coordinate: c for c, coordinate in enumerate(board.axial)}
        target = by_axial.get((q + step, r), cell)
        return board.names[target], board.center(target)[0]
    if key not in ("ArrowUp", "ArrowDown"):
        return cursor
    row = next(i for i, cells in enumerate(board.rows) if cell in cells)
    row += 1 if key == "ArrowUp" else -1  # rows are listed bottom first
    if not 0 <= row < len(board.rows):
        return cursor
    target = min(board.rows[row], key=lambda c: abs(board.center(c)[0] - column))
    return board.names[target], column
