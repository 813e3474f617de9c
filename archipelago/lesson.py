"""The step machine of a game's How to play lesson, the same for every game.

A lesson is a row of steps; each sets a position up, the learner acts on it, and the game
judges whether the step is done. What a step holds, how its position is made and how an
act is judged are the game's (its ``tutorial.py``, named by its manifest's ``lesson``);
where the learner is, going on, starting a step again and the keyboard cursor on the
practice board are this class's, written once for every game. ``page/lessons.py`` opens
the lesson of the game in play and shows it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from archipelago.hexgrid import Board
from archipelago.page.contract import Cursor
from archipelago.page.input.keys import board_cursor


class OnABoard(Protocol):
    """A step's position: a game on a hex board."""

    @property
    def board(self) -> Board: ...


StepT = TypeVar("StepT")
StateT = TypeVar("StateT", bound=OnABoard)


class Lesson(ABC, Generic[StepT, StateT]):
    """Where the learner is in the lesson, the position of the step and what was said."""

    def __init__(self, steps: Sequence[StepT]) -> None:
        self.steps = tuple(steps)
        self.index = 0
        self.feedback = ""
        self.done = False
        self.cursor: Cursor = None  # the keyboard cursor on the practice board
        self.state = self.setup(self.steps[0])

    @abstractmethod
    def setup(self, step: StepT) -> StateT:
        """The position ``step`` starts from, the learner to move."""

    @abstractmethod
    def place(self, cell: str) -> None:
        """A tap on ``cell`` of the practice board (or Enter on the cursor's cell)."""

    def reset(self) -> None:
        """What else a game sets back when a step starts (a picked colour, the cursor on a
        board of another size); nothing here."""

    @property
    def step(self) -> StepT:
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    def start_step(self, index: int, feedback: str = "") -> None:
        self.index, self.done, self.feedback = index, False, feedback
        self.reset()
        if not self.finished:
            self.state = self.setup(self.step)

    def restart(self) -> None:
        self.start_step(0)

    def again(self) -> None:
        """Set the current step up again."""
        self.start_step(self.index)

    def next(self) -> None:
        if self.done or self.finished:
            self.start_step(min(self.index + 1, len(self.steps)))

    def move_cursor(self, key: str = "ArrowUp") -> None:
        """An arrow key on the practice board (the first one shows the cursor)."""
        self.cursor = board_cursor(self.state.board, self.cursor, key)

    def enter(self) -> None:
        """Enter or Space: act on the cursor's cell (or show the cursor)."""
        if self.cursor is None:
            self.move_cursor()
        else:
            self.place(self.cursor[0])

    def key(self, key: str) -> bool:
        """A key pressed on the practice board; False for a key it leaves alone."""
        if key.startswith("Arrow"):
            self.move_cursor(key)
        elif key in ("Enter", " "):
            self.enter()
        else:
            return False
        return True
