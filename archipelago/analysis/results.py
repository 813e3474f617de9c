"""What an analysis gives and what it spends: a turn's row (chances, best turn,
judgement), the judgements' thresholds, and the budget per position. No search here:
the page reads stored analyses with this alone, without loading the search on its
thread.

Judgements, from the drop in the mover's chance (before minus after, in [0, 1]):

- ``best``: the turn played is the computer's best turn, or loses nothing of a proven
  value (two winning turns are both best);
- ``good``: a drop under ``INACCURACY`` (0.05);
- ``inaccuracy``: from 0.05, ``mistake`` from ``MISTAKE`` (0.10), ``blunder`` from
  ``BLUNDER`` (0.20).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
JUDGEMENTS = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Budget:
    """The work spent on each position: tree-search iterations, and positions the
    exact solver may visit (0: never solve)."""

    iterations: int = 400
    solve_nodes: int = 20_000

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"a position needs at least 1 iteration, not {self.iterations}")
        if self.solve_nodes < 0:
            raise ValueError(f"solver positions cannot be negative, not {self.solve_nodes}")


@dataclass(frozen=True)
class TurnAnalysis:
    """One row of an analysis (``as_json`` gives exactly the keys the command prints)."""

    turn: int
    mover: int
    move: str
    chance_before: float
    chance_after: float
    best: str
    judgement: str
    chances_after: tuple[float, ...]  # every player's, for a graph of 3-4 players
    exact: bool  # chance_before proven by the solver

    def as_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "mover": self.mover,
            "move": self.move,
            "chance_before": round(self.chance_before, 4),
            "chance_after": round(self.chance_after, 4),
            "best": self.best,
            "judgement": self.judgement,
        }


def judge(drop: float, played_best: bool) -> str:
    """The judgement of a turn that lost ``drop`` of the mover's chance."""
    if played_best:
        return "best"
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "good"


__all__ = ["BLUNDER", "INACCURACY", "JUDGEMENTS", "MISTAKE", "Budget", "TurnAnalysis", "judge"]
