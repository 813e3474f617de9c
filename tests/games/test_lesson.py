"""The step machine every game's lesson is built on (archipelago/lesson.py), with a toy
lesson of three steps on a small board; each game's own lesson is played through in its
folder (tests/games/<game>/test_tutorial.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from archipelago.hexgrid import Board, board_for
from archipelago.lesson import Lesson


@dataclass
class Position:
    board: Board
    placed: list[str] = field(default_factory=list)


class Toy(Lesson[int, Position]):
    """Step ``n`` is done when ``n + 1`` stones are down; a reset counts itself."""

    def __init__(self) -> None:
        self.resets = 0
        super().__init__((2, 3, 3))

    def setup(self, step: int) -> Position:
        return Position(board_for(step))

    def reset(self) -> None:
        self.resets += 1

    def place(self, cell: str) -> None:
        self.state.placed.append(cell)
        self.done = len(self.state.placed) > self.index


def test_steps_go_on_only_once_done_and_end_finished() -> None:
    toy = Toy()
    assert (toy.index, toy.step, toy.state.board.size, toy.finished) == (0, 2, 2, False)
    toy.next()
    assert toy.index == 0  # not done yet
    toy.place("a1")
    toy.next()
    assert (toy.index, toy.step, toy.state.board.size, toy.done) == (1, 3, 3, False)
    toy.place("a1")
    toy.place("a2")
    toy.next()
    toy.place("a1")
    toy.place("a2")
    toy.place("a3")
    toy.next()
    assert toy.finished and toy.index == 3
    toy.next()
    assert toy.index == 3  # finished stays finished
    toy.restart()
    assert (toy.index, toy.finished, toy.state.placed) == (0, False, [])


def test_a_step_set_up_again_keeps_its_place_and_says_why() -> None:
    toy = Toy()
    toy.next()  # not done: nothing moves
    toy.start_step(0, "why")
    assert (toy.feedback, toy.resets) == ("why", 1)
    toy.state.placed.append("b2")
    toy.again()
    assert (toy.index, toy.feedback, toy.state.placed, toy.resets) == (0, "", [], 2)


def test_keys_move_the_cursor_and_enter_places_on_it() -> None:
    toy = Toy()
    assert toy.key("Enter") and toy.cursor is not None  # the first key shows the cursor
    centre = toy.cursor[0]
    assert toy.key(" ") and toy.state.placed == [centre]
    assert toy.key("ArrowLeft") and toy.cursor[0] != centre
    assert not toy.key("x")
