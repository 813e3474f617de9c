"""Exact play of Archipelago's last stones: alpha-beta to the end of the game.

Once few cells are empty, the rest of a two-player game is small enough to search
completely: every turn of 1 to allowance stones of either colour on the empty cells, or a
pass (RULINGS R6), until the board fills (even in the middle of a turn), both players
pass in a row, or a player is frozen (R7). The leaves are scored by the real ranking
(R10, R11, R13: group count, then the scoring track's tie-breaks), so the answer is the
true result under best play of both sides: 1 a win for the mover, 0.5 a shared first
place, 0 a loss.

How it stays small:

- The search walks the engine's own moves (``place`` / ``end_turn`` / ``pass_turn`` and
  ``undo``), so the allowance, the track and the end follow the rules exactly.
- A turn's stones are placed in rising code order only: their order changes nothing
  (R3), so every set of stones is one line, not one per order.
- A transposition table keeps, for each position at the start of a turn (the board, the
  player to move, the passes in a row, the track's markers and who is frozen), bounds on
  its value and the first move of its best turn. It lives as long as the solver, so a
  later move of the same game starts from what an earlier solve proved, including one
  that ran out of time.
- Moves are tried in the order of the search's prior (``features.move_scores``), with
  ending the turn (or passing) after the harmless stones and before the harmful ones.
- Only three values exist, so a bound of 1 (or 0) ends a node's search at once.
- A position whose group counts can no longer cross or tie, by the safe bounds on every
  player's final count that Frozen Irrelevance uses (R12), is settled without search.

A solve has a deadline, or a most number of positions to visit (the analysis asks for
that: the same answer on a phone as on a desktop); past either the solver gives up
(``OutOfTime``) and its caller falls back on the tree search.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..frozen import has_open_cells, lower_bound, upper_bounds
from ..state import END, GameState
from ..variant import Variant
from .features import move_scores, weight_table

CHECK_EVERY = 128  # nodes between two looks at the clock
STOP_SCORE = -0.05  # ending the turn or passing: after neutral stones, before harmful ones
# The table is cleared beyond this many positions: about 450 bytes each under CPython
# (measured on side 5), so some 45 MB at most, also in the browser.
MAX_ENTRIES = 100_000
# A position at the start of a turn: cells, mover, passes, track markers, frozen players.
TableKey = tuple[bytes, int | None, int, tuple[int, ...], frozenset[int]]


class OutOfTime(Exception):
    """A solve passed its deadline."""


@dataclass(frozen=True)
class Solution:
    """The exact result of a position for its mover and a move that achieves it."""

    value: float  # 1 win, 0.5 shared first place, 0 loss (best play on both sides)
    code: int  # a best move: a stone, END or PASS
    nodes: int  # positions visited by this solve


def solvable(state: GameState) -> bool:
    """Whether the solver handles ``state``: a two-player game in play, nobody resigned."""
    return state.players == 2 and state.mover is not None and not state.resigned


class EndgameSolver:
    """Alpha-beta over the rest of a two-player game, with a transposition table kept
    from one solve to the next (positions of any game of the same setup)."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        # key -> (lower bound, upper bound, first move of the best turn or None)
        self.table: dict[TableKey, tuple[float, float, int | None]] = {}
        self.setup: tuple[int, Variant] | None = None  # the board side and variant it is for
        self.nodes = 0
        self._state: GameState | None = None
        self._me = 0
        self._deadline: float | None = None
        self._node_limit: int | None = None  # the value of ``nodes`` to give up at
        self._weights: list[list[float]] = []
        self._empty: list[int] = []  # the cells empty at the root

    def solve(
        self, game: GameState, deadline: float | None = None, max_nodes: int | None = None
    ) -> Solution:
        """The exact value of ``game`` for its mover and a best move; ``OutOfTime`` once
        ``time.perf_counter()`` passes ``deadline`` or the solve has visited more than
        ``max_nodes`` positions. ``game`` is left unchanged."""
        if not solvable(game):
            raise ValueError("the solver plays two-player games in play, nobody resigned")
        setup = (game.size, game.variant)
        if setup != self.setup or len(self.table) > self.max_entries:
            self.table = {}
            self.setup = setup
        state = game.clone()
        mover = state.mover
        assert mover is not None
        self._state = state
        self._me = mover
        self._deadline = deadline
        self._weights = weight_table(state)
        self._empty = [cell for cell, colour in enumerate(state.cells) if not colour]
        start_nodes = self.nodes
        self._node_limit = None if max_nodes is None else start_nodes + max_nodes
        value, code = self._root()
        return Solution(value, code, self.nodes - start_nodes)

    # ------------------------------------------------------------------ internals
    def _root(self) -> tuple[float, int]:
        """Null-window tests, cheaper than one full-window search: is there a winning
        move (a value of 1)? If not, one that shares first place (0.5)?"""
        state = self._state
        assert state is not None
        codes = self._ordered(state, -1, None)
        first = self._me == 1
        for target in (1.0, 0.5):
            # The same test in player 1's values, which the search and table keep.
            low = target - 0.5 if first else 1.0 - target
            for code in codes:
                self._play(state, code)
                value = self._value(low, low + 0.5, code)
                state.undo()
                if (value >= target) if first else (value <= low):
                    return target, code
        return 0.0, codes[0]

    def _value(self, alpha: float, beta: float, floor: int) -> float:
        """The value for player 1 of the current position (player 2's is 1 minus it),
        exact when it lies strictly between ``alpha`` and ``beta`` (else a bound on the
        side it falls): one table serves solves for either mover."""
        state = self._state
        assert state is not None
        mover = state.mover
        if mover is None:
            return self._final(state)
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self._deadline is not None and time.perf_counter() > self._deadline:
                raise OutOfTime
            if self._node_limit is not None and self.nodes > self._node_limit:
                raise OutOfTime
        key = None
        hint = None
        if not state.turn_stones:
            floor = -1  # a new turn: any stone
            key = self._key(state)
            entry = self.table.get(key)
            if entry is None:
                settled = settled_value(state)
                if settled is not None:
                    self.table[key] = (settled, settled, None)
                    return settled
            else:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
        first_alpha, first_beta = alpha, beta
        maximising = mover == 1
        best = -1.0 if maximising else 2.0
        best_code = None
        for code in self._ordered(state, floor, hint):
            self._play(state, code)
            value = self._value(alpha, beta, code)
            state.undo()
            if maximising:
                if value > best:
                    best, best_code = value, code
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_code = value, code
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if key is not None:
            low, high, _ = self.table.get(key) or (0.0, 1.0, None)
            if best <= first_alpha:
                high = min(high, best)
            elif best >= first_beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high, best_code)
        return best

    @staticmethod
    def _final(state: GameState) -> float:
        """The finished game's result for player 1 (two players: the ranking key
        decides; equal keys share first place)."""
        first, second = state.ranking_keys()
        return 1.0 if first > second else 0.0 if first < second else 0.5

    def _key(self, state: GameState) -> TableKey:
        """A position at the start of a turn. The allowance and the counts the track
        compares with follow from the board and the mover."""
        marks = tuple(markers_code(m) for m in state.markers)
        return (bytes(state.cells), state.mover, state.passes, marks, state.frozen)

    @staticmethod
    def _play(state: GameState, code: int) -> None:
        if code >= 0:
            colour, cell = divmod(code, len(state.cells))
            state.place(colour, cell)
        elif code == END:
            state.end_turn()
        else:
            state.pass_turn()

    def _ordered(self, state: GameState, floor: int, hint: int | None) -> list[int]:
        """The mover's moves above ``floor`` (END or PASS always), best first by the
        prior of ``features.py`` (what the stone does to its colour's group count, seen
        by the mover), ``hint`` (the table's best move) before all."""
        mover = state.mover
        assert mover is not None
        # Salt 0: no tie-break noise, so the order is the same for the same position.
        scores, codes = move_scores(state, 0, floor, self._empty, self._weights[mover])
        scores[-1] = STOP_SCORE  # END or PASS, always last in move_scores' lists
        scored = sorted(zip(scores, codes, strict=True), reverse=True)
        order = [code for _, code in scored]
        if hint is not None and hint in order:
            order.remove(hint)
            order.insert(0, hint)
        return order


def settled_value(state: GameState) -> float | None:
    """Player 1's result when the group counts alone already decide it whatever is
    played: one player's least possible final count above the other's greatest (the
    safe bounds of Frozen Irrelevance, R12; fewer is better in Wunchunk, R13)."""
    counts = state.groups_count
    spread = abs(counts[1] - counts[2])
    # Every upper bound is at least the count plus half the open cells and every lower
    # bound at most the count: with counts this close nothing is decided yet.
    if spread == 0 or has_open_cells(state, 2 * spread):
        return None
    upper = upper_bounds(state)
    sizes = state.component_sizes()
    low1, low2 = lower_bound(state, 1, sizes), lower_bound(state, 2, sizes)
    first_ahead, second_ahead = low1 > upper[2], low2 > upper[1]
    if state.variant.wunchunk:
        first_ahead, second_ahead = upper[1] < low2, upper[2] < low1
    if first_ahead:
        return 1.0
    if second_ahead:
        return 0.0
    return None


def markers_code(markers: dict[int, int]) -> int:
    """One player's track markers as one number (column -> value, values 0 to 3)."""
    code = 0
    for column, value in markers.items():
        code |= (value + 1) << (3 * column)
    return code


__all__ = ["EndgameSolver", "OutOfTime", "Solution", "markers_code", "solvable"]
