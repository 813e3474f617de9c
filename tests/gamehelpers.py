"""Small helpers shared by the engine tests: building positions from turn strings and an
independent from-scratch group count to check the incremental one against."""

from __future__ import annotations

from hypothesis import strategies as st

from archipelago.games import from_record
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.hexgrid import Board


def variant_strategy(frozen: st.SearchStrategy) -> st.SearchStrategy:
    """Hypothesis strategy over every combination of the variations."""
    return st.builds(
        Variant,
        stones=st.sampled_from([2, 3]),
        extra=st.sampled_from(["full", "half", "none"]),
        scoring=st.sampled_from(["standard", "alternating"]),
        wunchunk=st.booleans(),
        frozen=frozen,
    )


def replay(
    players: int,
    turns: list[str],
    *,
    size: int = 7,
    variant: dict | None = None,
    current: str | None = None,
) -> GameState:
    """The position after ``turns`` (each string one whole turn), through the record reader."""
    record: dict = {"game": "archipelago", "size": size, "players": players, "turns": turns}
    if variant is not None:
        record["variant"] = variant
    if current is not None:
        record["current"] = current
    return from_record(record)


def recount(board: Board, cells: list[int], players: int) -> list[int]:
    """Group counts per colour (index 0 unused) by flood fill, ignoring any cached state."""
    counts = [0] * (players + 1)
    seen = [False] * len(cells)
    for start, colour in enumerate(cells):
        if colour == 0 or seen[start]:
            continue
        seen[start] = True
        stack, size = [start], 0
        while stack:
            cell = stack.pop()
            size += 1
            for n in board.neighbours[cell]:
                if not seen[n] and cells[n] == colour:
                    seen[n] = True
                    stack.append(n)
        if size >= 2:
            counts[colour] += 1
    return counts


def cell(state: GameState, name: str) -> int:
    return state.board.index(name)
