"""Where the player aims on the board: the colour a click plays, the keyboard cursor, the
cell under the pointer, a tap's preview, and whether the page is used by touch.

The controller (controller.PageController) holds one; the input changes it through its
methods (a click, the pointer, the cursor, a pick), and the drawing reads it.
"""

from __future__ import annotations

from ..contract import Cursor
from ..session import Session
from ..view import pointer
from . import keys


class Aim:
    """The aim of one page."""

    def __init__(self, touch: bool) -> None:
        """``touch``: a coarse pointer at the start ("tap" rather than "click")."""
        self.choice = 1  # what a click plays (Archipelago: the colour)
        self.choice_turn: tuple[int, int | None] | None = None  # the turn it was picked for
        self.cursor: Cursor = None  # the keyboard cursor: (cell name, column)
        self.hover: str | None = None
        self.previewed: str | None = None  # the small cell a first tap previewed
        self.touching = False  # the last click on the board was a finger's
        self.touch = touch  # the page is used by touch: "tap", not "click"

    def reset(self) -> None:
        """Another game on the board: no cursor, no pointer, its mover's colour afresh."""
        self.choice_turn = None
        self.lose()

    def lose(self) -> None:
        """The board changed under the cursor and the pointer (another tab's game)."""
        self.cursor = self.hover = None

    def follow(self, session: Session) -> None:
        """Every turn starts with the mover's own colour picked: a stone may be of any
        colour, and a picker left on the last player's colour made the next player's
        first tap place someone else's stone (a hover warns, a touch screen does not).
        A pick made during a turn holds until the turn ends. A cell last touched by a
        finger is forgotten then too: the finger has left the screen, and the line under
        the board ("f6: blue stone.") spoke of the turn before (a mouse still points)."""
        turn = session.turn_key
        if turn != self.choice_turn:
            self.choice_turn = turn
            self.choice = session.turn_choice(self.choice)
            self.previewed = None
            if self.touching:
                self.hover = None

    def pick(self, choice: int, players: int) -> bool:
        """Pick the colour a click plays; False when there is no such colour."""
        if not 1 <= choice <= players:
            return False
        self.choice = choice
        return True

    def felt(self, pointer_type: str) -> None:
        """A click on the board tells the pointer in hand (``pointer.is_touch``)."""
        self.touch = pointer.is_touch(pointer_type, self.touch)

    def tap(self, name: str, pointer_type: str, width: float) -> bool:
        """A click or a tap on the cell ``name`` (``width`` px wide): True when it only
        previews (a small cell under a finger, ``keys.tap_preview``), else it places."""
        self.cursor, self.hover, self.touching = None, name, pointer_type == "touch"
        self.previewed = keys.tap_preview(pointer_type, width, self.previewed, name)
        return self.previewed is not None

    def point(self, name: str | None) -> bool:
        """The pointer over the cell ``name`` (None: off the board); whether it moved."""
        moved, self.hover = name != self.hover, name
        return moved

    def to_cursor(self, cursor: Cursor) -> None:
        """The keyboard cursor moved: the pointer's preview gives way to it."""
        self.cursor, self.hover = cursor, None
