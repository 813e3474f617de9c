"""A node of the search tree.

Every node knows the player to move there (its ``mover``) and keeps one summed reward per
player, so a node chooses for its own mover whatever the number of players and however
many moves in a row that player makes (as in OpenSpiel's MCTS).
"""

from __future__ import annotations

from collections import Counter
from typing import cast

# All-moves-as-first statistics of a node: key -> visits, and key -> summed reward.
Amaf = tuple[dict[int, int], dict[int, float]]


def new_amaf() -> Amaf:
    """Empty statistics; both tables are ``Counter``s so that ``tally`` runs in C."""
    return Counter(), cast("dict[int, float]", Counter())


def tally(table: dict[int, int] | dict[int, float], keys: list[int]) -> None:
    """Add 1 to ``table[key]`` for each of ``keys`` (``table`` made by ``new_amaf``).
    ``Counter.update`` loops in C: this is most of a GRAVE backup."""
    Counter.update(cast("Counter[int]", table), keys)


class Node:
    """Statistics of one position of the tree. Edges are move codes of the game."""

    __slots__ = (
        "mover",
        "visits",
        "value",
        "codes",
        "more",
        "child_codes",
        "child_keys",
        "children",
        "amaf",
    )

    def __init__(self, mover: int | None, players: int) -> None:
        self.mover = mover  # None once the game is over
        self.visits = 0
        self.value = [0.0] * (players + 1)  # summed rewards by player (index 0 unused)
        # The legal moves in the knowledge's order, best first: all of them, or (with
        # progressive widening) the best few so far when ``more`` says others follow.
        self.codes: list[int] | None = None
        self.more = False
        self.child_codes: list[int] = []  # the moves expanded so far, in widening order
        # Their keys in all-moves-as-first tables (None: a move left out of them).
        self.child_keys: list[int | None] = []
        self.children: list[Node] = []
        # All-moves-as-first statistics (GRAVE): visits and summed reward by key.
        self.amaf: Amaf | None = None

    def best_index(self) -> int:
        """The most visited child (the first of equals)."""
        best, most = 0, -1
        for i, child in enumerate(self.children):
            if child.visits > most:
                best, most = i, child.visits
        return best

    def child(self, code: int) -> Node | None:
        """The child reached by ``code``, if it was expanded."""
        try:
            return self.children[self.child_codes.index(code)]
        except ValueError:
            return None
