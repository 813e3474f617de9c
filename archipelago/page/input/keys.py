"""What keys and taps do on the page: a key's command, a tap that previews or places,
and the keyboard cursor on a hex board (``archipelago.hexgrid.Board``), shared by the games
drawn on one. Pure functions of the key or tap and the game, so CPython tests cover them."""

from __future__ import annotations

from typing import Any

from archipelago.hexgrid import Board
from archipelago.hexsvg import rotation_map

from ..contract import Cursor, InputKit
from ..session import Session


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


# A cell narrower than this is too small a target for a finger, and a first tap there
# only previews its stone. 24 CSS px is the smallest target WCAG 2.2 accepts (2.5.8,
# "Target Size (Minimum)"), and a phone keyboard's keys, placed with one tap, are about
# 32 px wide: a tap places at once from there on. On a phone held upright that is up to
# side 8 (side 7: 29 px, in a 390 px embed frame too; side 8: 25 px), where a stone
# placed amiss costs one Undo; side 9 and up (22 px and less) keep the second tap. At 30,
# the default side-7 board asked for two taps a stone in a 390 px frame (issue 51).
SMALL_CELL_PX = 24


def tap_preview(pointer: str, cell_px: float, previewed: str | None, cell: str) -> str | None:
    """Big boards by touch: a tap on a small cell previews its stone (returns the cell to
    preview) and a second tap on the same cell places it (None: place). A mouse, a pen or
    a big enough cell places at once."""
    if pointer != "touch" or cell_px >= SMALL_CELL_PX or previewed == cell:
        return None
    return cell


# Up and down switch between the lines through a position (side lines); where there is
# only one, they step back and forward as left and right do.
REVIEW_KEYS = {
    "ArrowLeft": "back",
    "ArrowUp": "up",
    "ArrowRight": "forward",
    "ArrowDown": "down",
    "Home": "start",
    "End": "end",
}


# Keys for reading the board without sight (``commandline.CommandLine``): the row and the
# two diagonals through the cursor's cell, the next (Shift: previous) stone of the colour
# picked, the next stone of another colour; the slash goes to the command box.
READING_KEYS: dict[str, tuple[str, Any]] = {
    "l": ("read-axis", 0),
    "k": ("read-axis", 1),
    "j": ("read-axis", 2),
    "n": ("next-stone", "next"),
    "N": ("next-stone", "previous"),
    "o": ("next-stone", "other"),
    "/": ("command-box", None),
}


def tap_returns(session: Session, pointer: str) -> bool:
    """Whether a tap on a reviewed board goes back to the game: a finger's does, unless
    Try a move here is on (a phone's taps are easily stray); a mouse's click tries the
    move in a side line instead."""
    return session.viewing is not None and pointer == "touch" and not session.study.trying


def key_command(
    key: str,
    *,
    ctrl: bool,
    alt: bool,
    on_button: bool,
    kit: InputKit,
    session: Session,
) -> tuple[str, Any] | None:
    """What a key pressed on the page (outside form fields) does: ("undo" | "redo" |
    "hint" | "stop" | "escape" | "enter" | "command-box", None), ("pick", choice),
    ("cursor", arrow key), ("review", step) while a past turn is shown, ("play", move),
    ("read-axis", axis) or ("next-stone", which); None for a key the page leaves alone."""
    lower = key.lower()
    if ctrl and lower in ("z", "y"):
        return ("undo" if lower == "z" else "redo"), None
    if ctrl or alt:
        return None
    choice = kit.choice_for_key(session.game, key)
    if choice is not None:
        return "pick", choice
    if (session.viewing is not None or session.game.is_over) and key in REVIEW_KEYS:
        # In the history, and at the end of a game, the arrows step through it.
        return "review", REVIEW_KEYS[key]
    if key.startswith("Arrow"):
        return "cursor", key
    if key in ("Enter", " "):
        return None if on_button else ("enter", None)  # a focused button does its own job
    actions = {a.key: a.move for a in kit.actions(session, True) if a.key}
    if lower in actions:
        return "play", actions[lower]
    words = {"h": "hint", "s": "stop", "u": "undo", "backspace": "undo", "r": "redo"}
    if lower in words:
        return words[lower], None
    if key in READING_KEYS:
        return READING_KEYS[key]
    if key == "Escape":
        return "escape", None
    return None
