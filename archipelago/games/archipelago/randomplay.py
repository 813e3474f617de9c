"""Complete random games under the full rules, for benchmarks and tests."""

from __future__ import annotations

import random
from typing import TypeVar

from .position import Position

P = TypeVar("P", bound=Position)


def play_out(state: P, rng: random.Random) -> P:
    """Play ``state`` to the end and return it: each turn puts down its whole allowance,
    every stone a random colour on a random empty cell (faster than drawing from the
    legal moves; ``GameState.random_game`` is this from a new game)."""
    empty = [cell for cell, colour in enumerate(state.cells) if colour == 0]
    rand = rng.random
    place = state.place
    players = state.players
    while state.mover is not None:
        i = int(rand() * len(empty))
        cell = empty[i]
        empty[i] = empty[-1]
        empty.pop()
        place(int(rand() * players) + 1, cell)
    return state
