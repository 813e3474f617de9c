"""One puzzle being solved: where in its solution the player is, the position there,
and the judgement of each turn the player finishes.

A turn is judged by its spelling in the record (what the record's ``turns`` list gets),
against the solution's entry; the stones of one turn (comma-separated, as Archipelago
writes them) may come in any order, since the player places them one by one. A turn
still under way is judged stone by stone: a stone the solution's turn does not have
fails the attempt at once (lichess says so per move), one it has waits for the rest.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...game import Game
from ...puzzles.puzzle import Puzzle
from ...registry import from_record

SOLVING, SOLVED, FAILED = "solving", "solved", "failed"
RIGHT, WRONG = "right", "wrong"


def same_turn(played: str, wanted: str) -> bool:
    """Whether a turn as recorded is the solution's entry: the same spelling, or the same
    stones in another order."""
    if played == wanted:
        return True
    return "," in wanted and sorted(played.split(",")) == sorted(wanted.split(","))


def stray_stones(under_way: str, wanted: str) -> list[str]:
    """The stones of a turn under way (spelt as the record's turns are) that the wanted
    turn does not have, in any order; [] while every one may still be part of it."""
    left = Counter(wanted.split(","))
    stray = []
    for stone in under_way.split(","):
        if left[stone] > 0:
            left[stone] -= 1
        else:
            stray.append(stone)
    return stray


@dataclass
class Attempt:
    """A puzzle on the board: ``step`` entries of its solution are played (even: the
    solver is to move), its state, and what counts for the progress (a hint taken, the
    outcome already counted: only the first counts)."""

    puzzle: Puzzle
    step: int = 0
    state: str = SOLVING
    hinted: bool = False
    counted: bool = False
    wrong_turn: str = ""  # the player's wrong turn, shown with its refutation

    @property
    def start_turns(self) -> int:
        """The finished turns of the puzzle's position."""
        return len(self.puzzle.record.get("turns") or [])

    def record(self, step: int | None = None) -> dict[str, Any]:
        """The puzzle's record with the solution's first ``step`` entries played."""
        record = dict(self.puzzle.record)
        done = self.puzzle.solution[: self.step if step is None else step]
        record["turns"] = [*list(record.get("turns") or []), *done]
        record.pop("current", None)
        return record

    def position(self, step: int | None = None) -> Game:
        return from_record(self.record(step))

    def solver(self) -> int | None:
        """The player who solves it (the one to move in the puzzle's position)."""
        return self.position(0).to_move

    def wanted(self) -> str:
        """The solver's turn wanted now."""
        return self.puzzle.solution[self.step]

    def judge(self, turn: str) -> str:
        """The solver's finished ``turn``: RIGHT (the step moves past it and the reply
        after it; SOLVED when it was the last), or WRONG (the attempt fails)."""
        if self.state != SOLVING:
            return self.state
        if same_turn(turn, self.wanted()):
            self.step = min(self.step + 2, len(self.puzzle.solution))
            if self.step >= len(self.puzzle.solution):
                self.state = SOLVED
                return SOLVED
            return RIGHT
        self.state, self.wrong_turn = FAILED, turn
        return WRONG

    def judge_part(self, under_way: str) -> str:
        """The solver's turn still under way: WRONG (the attempt fails, ``wrong_turn``
        names the stones the solution's turn does not have) as soon as one of its stones
        cannot be part of it; else the state, SOLVING, as it was."""
        if self.state != SOLVING:
            return self.state
        stray = stray_stones(under_way, self.wanted())
        if not stray:
            return SOLVING
        self.state, self.wrong_turn = FAILED, ",".join(stray)
        return WRONG

    def give_up(self) -> None:
        """The solution asked for: the whole of it shown, the attempt failed."""
        self.state = FAILED
        self.step = len(self.puzzle.solution)

    def retry(self) -> None:
        """Back to the puzzle's position, to solve it again (its first outcome counted)."""
        self.step, self.state, self.wrong_turn = 0, SOLVING, ""

    def reply(self) -> str | None:
        """The opponent's reply the page plays after the solver's turn just judged right
        (the entry before ``step``), None at the start."""
        return self.puzzle.solution[self.step - 1] if self.step else None
