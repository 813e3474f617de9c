"""Complete random games under the full rules, for benchmarks and tests."""

from __future__ import annotations

import random

from archipelago.hexgrid import DEFAULT_SIZE

from .state import MIN_PLAYERS, GameState
from .variant import Variant


def random_game(
    size: int = DEFAULT_SIZE,
    players: int = MIN_PLAYERS,
    variant: Variant | None = None,
    rng: random.Random | None = None,
) -> GameState:
    """Play one game to the end: each turn puts down its whole allowance, every stone a
    random colour on a random empty cell."""
    rng = rng or random.Random()
    state = GameState(size, players, variant)
    empty = list(range(state.board.cell_count))
    rand = rng.random
    place = state.place
    while state.mover is not None:
        i = int(rand() * len(empty))
        cell = empty[i]
        empty[i] = empty[-1]
        empty.pop()
        place(int(rand() * players) + 1, cell)
    return state
