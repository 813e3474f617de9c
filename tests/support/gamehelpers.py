"""Small helpers shared by the engine tests: building positions from turn strings and an
independent from-scratch group count to check the incremental one against."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.hexgrid import Board
from archipelago.registry import from_record, new_game


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


# One action of a game that hypothesis plays: (roll, colour pick, cell pick). A game is a
# list of them; past its end every action is (0, 0, 0). Lists shrink to fewer actions and
# each number towards 0, so a failing game shrinks to a short game of plain stones.
Action = tuple[int, int, int]
actions = st.lists(
    st.tuples(st.integers(0, 99), st.integers(0, 3), st.integers(0, 127)), max_size=90
)


def play_action(state: GameState, action: Action, own_colour: int = 0) -> None:
    """Play ``action`` for the mover: a stone most of the time (colour and cell picked by
    index), an early end of turn when ``roll`` is 88 to 95, a pass when 96 to 99.
    ``own_colour`` (0 to 100) is how often, in percent, the stone takes the mover's own
    colour instead, which grows and merges groups."""
    roll, colour_pick, cell_pick = action
    if state.can_pass and roll >= 96:
        state.pass_turn()
    elif state.can_end_turn and roll >= 88:
        state.end_turn()
    else:
        mover = state.to_move
        assert mover is not None
        colour = mover if roll < own_colour else colour_pick % state.players + 1
        cells = state.legal_cells()
        state.place(colour, cells[cell_pick % len(cells)])


def actions_of(drawn: list[Action]) -> Iterator[Action]:
    """The drawn actions, then (0, 0, 0) for ever."""
    yield from drawn
    while True:
        yield (0, 0, 0)


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


def random_turns(players: int, turns: int, seed: int, size: int = 7) -> GameState:
    """A game of ``turns`` whole turns whose stones are drawn at random (seeded): a long
    game's record at its least compressible (a real one repeats itself more)."""
    game = new_game("archipelago", size=size, players=players)
    draw = random.Random(seed)
    for _turn in range(turns):
        mover = game.to_move
        while game.to_move == mover:
            game.push(draw.choice([m for m in game.legal_moves() if m.text[0].isdigit()]))
    assert isinstance(game, GameState)
    return game


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
