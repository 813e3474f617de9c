"""Level 5's random playout: random stones to the end of the game, without the engine's
bookkeeping.

It plays what ``ArchipelagoKnowledge.random_playout`` plays (a random colour on a random
empty cell, each turn its whole allowance, the same draws from the same generator), on
the position's own arrays: no undo log, no record of the turns, and no search for frozen
players after every turn (R12), which was four tenths of a random playout's time with
three or four players. The position is left with only its board, groups, markers and
turn brought up to date: it must be a copy the search throws away.

Players frozen before the playout stay out of turn; nobody is frozen during it. That
changes no frozen player's place (R12 freezes a player only when no continuation can
change it), only which players place the later stones and so when the others claim
their markers: as if Frozen Irrelevance were off from there on. With it off (two players
by default) the result is the engine's, draw for draw.

On side 6 with four players a playout from 76 empty cells takes a third of the engine's
time (0.23 ms against 0.69, CPython 3.11); docs/strength-log.md, "Four players: playouts to
the end", has what it changed.
"""

from __future__ import annotations

import random

from ..scoring import shares_beaten
from ..state import GameState


def fill_playout(state: GameState, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
    """Random stones on ``state`` (a copy the search throws away) until the board is
    full; the final rewards per player (index 0 unused). Each stone is appended to
    ``trail`` as (mover, code). Not for a game with a resignation (R15): resigned
    players rank apart, and the engine's playout knows how."""
    assert not state.resigned, "a resignation takes the engine's playout"
    cells, parent, size = state.cells, state.parent, state.comp_size
    groups = state.groups_count
    neighbours = state.board.neighbours
    n_cells = len(cells)
    players = state.players
    empty = [c for c in range(n_cells) if not cells[c]]
    mover = state.mover
    assert mover is not None, "the game is over"
    left = state.allowance - len(state.turn_stones)
    rand = rng.random
    append = trail.append
    while empty:
        i = int(rand() * len(empty))
        cell = empty[i]
        empty[i] = empty[-1]
        empty.pop()
        colour = int(rand() * players) + 1
        cells[cell] = colour
        # The union-find step of ``Position.place`` and ``StoneGroups._merge``, written out
        # without their undo record: calling ``_merge`` here made a playout half as slow
        # again (0.23 ms against 0.16 from 76 empty cells of side 6, four players).
        roots: list[int] = []
        for n in neighbours[cell]:
            if cells[n] == colour:
                while parent[n] != n:
                    n = parent[n]
                if n not in roots:
                    roots.append(n)
        if roots:
            big = roots[0]
            total = 1
            joined_groups = 0
            for r in roots:
                s = size[r]
                total += s
                if s >= 2:
                    joined_groups += 1
                if s > size[big]:
                    big = r
            for r in roots:
                parent[r] = big
            parent[cell] = big
            size[big] = total
            groups[colour] += 1 - joined_groups
        append((mover, colour * n_cells + cell))
        left -= 1
        if left and empty:
            continue
        # The turn is over: the engine's own steps settle the track (R9) and give the next
        # player in turn their allowance (R4); its record of the turn and its search for
        # frozen players (``Position._finish_turn``) are what this playout leaves out.
        state._settle_track(mover)
        if not empty:
            break
        state._start_turn(mover)
        assert state.mover is not None  # a turn was started
        mover = state.mover
        left = state.allowance
    return [0.0, *shares_beaten(state.ranking_keys())]


__all__ = ["fill_playout"]
