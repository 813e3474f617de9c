"""Archipelago's knowledge for the generic search (``archipelago.search``).

- Move order for progressive widening: the prior of ``features.py``.
- Turn-aware playouts: each stone is the best of a few sampled empty cells (plus the
  neighbours of the stone just placed) under the prior of the player whose turn it is,
  with probability ``epsilon`` a random cell instead; a playout ends a turn early (or
  passes) when nothing it found is harmless.
- Truncated playouts: after ``horizon`` turns the position is scored by a soft ranking on
  group counts (``soft_rewards``); a playout that reaches the end is scored by the real
  result. Closing phase: with at most ``full_below`` empty cells a playout is random
  stones to the end of the game.
- Level 5 (agents made with ``exact``), standard scoring: the evaluation
  values six fitted counts of each colour and the prior three (``balance.py``), and the
  closing phase starts at 40 empty cells (30 on side 5) instead of 61. With four
  players on side 6 and smaller its playouts go to the end of the game from the first
  stone, its moves are tried in the lower levels' group-count order, and it spends less
  of its budget before the closing phase and the saving within it (``budget_weight``).
  Its random stones to the end skip the engine's bookkeeping (``fill.py``).
- A stone, end of turn or pass that wins the game outright at once is played without
  searching.
- Exact endgame (agents made with ``exact``, level 5): once few cells are empty in a
  two-player game, ``endgame.py`` solves the rest of the game within part of the move's
  time and a proven win (or shared first place) is played as solved.
- A turn is one player's stones up to the end of the turn; its budget is shared over the
  stones still to place; the order of a turn's stones does not matter (R3), so the tree
  places a turn's stones in rising code order only (one node per set of stones).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

from archipelago.game import Game
from archipelago.search import Knowledge, SearchParams, Solved, immediate_win, terminal_rewards

from ..scoring import shares_beaten
from ..state import END, PASS, GameState
from .balance import applies, balance_terms, balance_values, fills_first_phase
from .balance import closing_empty as fitted_closing_empty
from .endgame import EndgameSolver, OutOfTime, solvable
from .features import SEED_WEIGHT, Terms, best_codes, scored_codes, weight_table
from .fill import fill_playout


@dataclass(frozen=True)
class PlayoutParams:
    """Knobs of Archipelago's playouts and evaluation (the tuned defaults)."""

    epsilon: float = 0.1  # playout: chance of a random cell
    samples: int = 3  # playout: random cells looked at per stone
    horizon: int = 4  # playout: turns before the evaluation
    temperature: float = 1.0  # evaluation: group lead worth sigma(1/T)
    potential: float = 0.3  # evaluation: a single with an empty neighbour, in groups
    stop_early: bool = True  # playout: end the turn (or pass) when no stone is harmless
    # Closing phase: with at most this many empty cells a playout is random stones to
    # the end of the game, scored by the real result (no policy, no evaluation).
    full_below: int = 61  # the whole game up to side 5, the second half on side 7


# The exact solver is tried only with at most this many empty cells for the time it
# has: (seconds at least, empty cells at most). On side-5 positions of greedy games
# (docs/strength-log.md) 8 empty cells take a few hundredths of a second of CPU, 9 and 10 a
# median of 0.7-0.8 s, 11 about 1.35 s.
SOLVE_LIMITS = ((1.5, 11), (1.0, 10), (0.5, 9), (0.0, 8))
# The analysis (``Knowledge.solve``) tries the solver from this many empty cells on; its
# limit on positions visited decides, so a bigger board just costs that limit once.
ANALYSIS_SOLVE_EMPTY = 10

# The core's knobs as tuned for Archipelago (docs/strength.md says how).
ARCHIPELAGO_PARAMS = SearchParams(
    explore=0.05, widen_c=2.0, widen_a=0.5, grave_ref=30, grave_record=8, grave_bias=1e-4
)
# Level 5's budget by phase where its first phase is played to the end (four players on
# side 6 and smaller): of each turn's budget it spends this share before the closing
# phase, and in the closing phase up to this multiple, as far as the first phase saved
# (``budget_weight``). Measured against three ``uct@1000`` (docs/strength-log.md).
FIRST_PHASE_WEIGHT = 0.65
CLOSING_WEIGHT = 1.35
# Level 5's knobs in the closing phase (random playouts to the end): every move at
# once, no progressive widening. Against plain UCT on side 5 (the whole game is the
# closing phase there) this won 18 of 20 games where widening won 8 (docs/strength-log.md).
# Where it plays its first phase to the end (four players) it keeps widening: its
# 160-odd moves a node then share too few playouts (docs/strength-log.md, "Four players:
# widening in the closing phase").
CLOSING_PARAMS = replace(ARCHIPELAGO_PARAMS, widen_c=None)


class ArchipelagoKnowledge(Knowledge):
    """The search's knowledge of Archipelago (every player count and variation)."""

    params = ARCHIPELAGO_PARAMS
    amaf_excluded = frozenset((END, PASS))  # ending a turn "as first" means nothing

    def __init__(self, playout_params: PlayoutParams | None = None, balance: bool = False) -> None:
        self.playout_params = playout_params or PlayoutParams()
        # Level 5 values the first phase by the fitted counts of ``balance.py`` (its
        # prior and its evaluation); the lower levels by group counts (the ladder).
        self.balance = balance
        self.balancing = False  # for the search under way (``set_root``)
        self.filling = False  # its first phase's playouts go to the end (``set_root``)
        self.full_below = self.playout_params.full_below  # its closing phase
        self.weights: list[list[float]] = []
        # The root's turn and how many of its stones were down before the search began:
        # only stones placed in the tree fix the order of the rest (``turn_floor``).
        self.root_turn = 0
        self.root_stones = 0
        self.solver = EndgameSolver()  # its table lasts from one move to the next

    def strongest(self) -> ArchipelagoKnowledge:
        return ArchipelagoKnowledge(self.playout_params, balance=True)

    def set_root(self, game: Game) -> None:
        state = cast(GameState, game)
        self.full_below = self.closing_empty(state)
        self.balancing = self.balance and applies(state) and state.empty_count > self.full_below
        self.filling = self.balancing and self.plays_to_the_end(state)
        self.weights = weight_table(state)
        self.root_turn = len(state.turns)
        self.root_stones = len(state.turn_stones)

    def closing_empty(self, state: GameState) -> int:
        """How many empty cells this game's closing phase starts from: level 5 values
        positions by its fitted counts (``balance.py``) later into the game than the
        group count serves (40 empty cells rather than 61; 30 on side 5)."""
        if self.balance and applies(state):
            return fitted_closing_empty(state)
        return self.playout_params.full_below

    def floor(self, state: GameState) -> int:
        """``turn_floor`` of the stones the tree placed this turn."""
        skip = self.root_stones if len(state.turns) == self.root_turn else 0
        return turn_floor(state, skip)

    def terms(self, state: GameState) -> Terms | None:
        """The fitted counts' weights when this search orders its moves by them, else
        None (the group-count prior). A first phase played to the end (``filling``, four
        players) orders by group counts: the counts' order kept level 5 behind in groups,
        so it claimed the scoring track's cells late and lost the games that a shared
        group count left to the bonus (R10; docs/strength-log.md, "Four players: the scoring
        track")."""
        return balance_terms(state) if self.balancing and not self.filling else None

    def ordered_codes(self, game: Game, rng: random.Random) -> list[int]:
        state = cast(GameState, game)
        scored = scored_codes(state, rng.random, self.floor(state), self.terms(state))
        return [code for _, code in scored]

    def best_codes(self, game: Game, rng: random.Random, count: int) -> list[int]:
        state = cast(GameState, game)
        return best_codes(state, count, rng.random, self.floor(state), self.terms(state))

    def decisive_code(self, game: Game) -> int | None:
        # Only stones that fill the board, ending the turn and passing can end a game.
        state = cast(GameState, game)
        candidates = [END if state.turn_stones else PASS]
        if state.empty_count == 1:
            cell = state.cells.index(0)
            candidates.extend(c * len(state.cells) + cell for c in state.colours)
        return immediate_win(state, candidates)

    def exact_code(self, game: Game, seconds: float) -> int | None:
        state = cast(GameState, game)
        most = next((cells for least, cells in SOLVE_LIMITS if seconds >= least), 0)
        if state.empty_count > most or not solvable(state):
            return None
        try:
            solution = self.solver.solve(state, time.perf_counter() + seconds)
        except OutOfTime:
            return None
        # A proven loss is left to the tree search: against a fallible opponent its
        # choice among lost moves is the better swindle.
        return solution.code if solution.value > 0.0 else None

    def solve(self, game: Game, max_nodes: int) -> Solved | None:
        state = cast(GameState, game)
        if state.empty_count > ANALYSIS_SOLVE_EMPTY or not solvable(state):
            return None
        try:
            solution = self.solver.solve(state, max_nodes=max_nodes)
        except OutOfTime:
            return None
        value = solution.value
        values = (value, 1.0 - value) if state.mover == 1 else (1.0 - value, value)
        return Solved(values, solution.code)

    def exact_params(self, game: Game) -> SearchParams | None:
        state = cast(GameState, game)
        closing = state.empty_count <= self.closing_empty(state)
        return CLOSING_PARAMS if closing and not self.plays_to_the_end(state) else None

    def plays_to_the_end(self, state: GameState) -> bool:
        """Whether this is level 5 in a game whose first phase it plays to the end
        (``filling`` before the closing phase: four players on side 6 and smaller)."""
        return self.balance and applies(state) and fills_first_phase(state)

    def budget_weight(self, game: Game) -> float:
        """Level 5 where it plays its first phase to the end (``filling``): 0.65 of its
        budget before the closing phase, the saving spent within it. The standing
        turns in the last forty empty cells, when three opponents with extra stones (R4)
        can merge the leader's groups (docs/strength-log.md, "Four players: time for the
        closing phase")."""
        state = cast(GameState, game)
        if not self.plays_to_the_end(state):
            return 1.0
        if state.empty_count > self.closing_empty(state):
            return FIRST_PHASE_WEIGHT
        return CLOSING_WEIGHT

    def turn_number(self, game: Game) -> int:
        return len(cast(GameState, game).turns)

    def moves_left_in_turn(self, game: Game) -> int:
        return cast(GameState, game).stones_left

    def same_position(self, a: Game, b: Game) -> bool:
        # GameState equality leaves out the order of the turn's stones (R3): a position
        # read back from a record lists them sorted.
        return a == b

    def evaluate(self, game: Game) -> list[float]:
        state = cast(GameState, game)
        if self.balancing:
            return balance_rewards(state)
        p = self.playout_params
        return soft_rewards(state, p.temperature, p.potential)

    def random_playout(
        self, game: Game, trail: list[tuple[int, int]], rng: random.Random
    ) -> list[float]:
        """Random stones to the end of the game: a random colour on a random empty cell,
        each turn its whole allowance (never an early end nor a pass)."""
        state = cast(GameState, game)
        cells = state.cells
        n_cells = len(cells)
        players = state.players
        empty = [c for c in range(n_cells) if not cells[c]]
        rand = rng.random
        place = state.place
        append = trail.append
        while (mover := state.mover) is not None:
            i = int(rand() * len(empty))
            cell = empty[i]
            empty[i] = empty[-1]
            empty.pop()
            colour = int(rand() * players) + 1
            place(colour, cell)
            append((mover, colour * n_cells + cell))
        return final_rewards(state)

    def closing_playout(
        self, state: GameState, trail: list[tuple[int, int]], rng: random.Random
    ) -> list[float]:
        """Random stones to the end of the game. Level 5 plays them without the engine's
        bookkeeping (``fill.py``: the same draws, no search for frozen players after each
        turn), in a third of the time; the lower levels and the yardstick agents keep the
        engine's playout (``random_playout``), as measured."""
        if self.balance and not state.resigned:
            return fill_playout(state, trail, rng)
        return self.random_playout(state, trail, rng)

    def playout(self, game: Game, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
        """Play ``horizon`` turns with the turn-aware policy; return per-player rewards."""
        state = cast(GameState, game)
        p = self.playout_params
        if state.empty_count <= self.full_below or self.filling:
            return self.closing_playout(state, trail, rng)
        rand = rng.random
        cells, parent, comp_size = state.cells, state.parent, state.comp_size
        n_cells = len(cells)
        neighbours = state.board.neighbours
        colours = range(1, state.players + 1)
        weights = self.weights
        empty = [c for c in range(n_cells) if not cells[c]]
        where = {c: i for i, c in enumerate(empty)}
        turns = p.horizon
        epsilon = p.epsilon
        samples = p.samples
        stop_early = p.stop_early
        last = trail[-1][1] % n_cells if trail and trail[-1][1] >= 0 else -1
        while turns > 0 and state.mover is not None:
            mover = state.mover
            w = weights[mover]
            n_empty = len(empty)
            if rand() < epsilon:
                candidates = [empty[int(rand() * n_empty)]]
            else:
                candidates = [empty[int(rand() * n_empty)] for _ in range(samples)]
                if last >= 0:
                    candidates.extend(x for x in neighbours[last] if not cells[x])
            best_score, best_code = -1e9, END
            # The same effect of a stone as features.scored_codes computes, written out
            # here because this is the innermost loop of every playout.
            for cell in candidates:
                room = False
                roots: list[int] = []
                for n in neighbours[cell]:
                    c = cells[n]
                    if not c:
                        room = True
                        continue
                    while parent[n] != n:
                        n = parent[n]
                    if n not in roots:
                        roots.append(n)
                for c in colours:
                    touched = False
                    groups = 0
                    for r in roots:
                        if cells[r] == c:
                            touched = True
                            if comp_size[r] >= 2:
                                groups += 1
                    if touched:
                        score = w[c] * (1 - groups)
                    elif room:
                        score = w[c] * SEED_WEIGHT
                    else:
                        score = 0.0
                    score += 0.01 * rand()
                    if score > best_score:
                        best_score, best_code = score, c * n_cells + cell
            if best_score < 0.0 and stop_early:
                # Nothing harmless found: stop the turn (or pass) rather than give away.
                if state.turn_stones:
                    state.end_turn()
                else:
                    state.pass_turn()
                turns -= 1
                last = -1
                continue
            colour, cell = divmod(best_code, n_cells)
            state.place(colour, cell)
            trail.append((mover, best_code))
            i = where.pop(cell)
            moved = empty.pop()
            if moved != cell:
                empty[i] = moved
                where[moved] = i
            last = cell
            if not state.turn_stones:
                turns -= 1
        if state.mover is None:
            return terminal_rewards(state)
        return self.evaluate(state)


def final_rewards(state: GameState) -> list[float]:
    """``terminal_rewards`` of a finished game, straight from the ranking keys (R10):
    the share of opponents beaten, ties half, without building the ``Outcome`` (the end
    of every random playout). Resignations (R15) take the general way."""
    if state.resigned:
        return terminal_rewards(state)
    return [0.0, *shares_beaten(state.ranking_keys())]


def turn_floor(state: GameState, skip: int = 0) -> int:
    """The highest code among the turn's stones after the first ``skip`` (-1 without
    any). One node per turn-set: the order of a turn's stones changes nothing (R3), so
    the tree places them in rising code order only and two orders of the same stones
    never grow two subtrees. Stones already down when the search began are not the
    tree's to order (any stone may still complete them)."""
    stones = state.turn_stones[skip:]
    if not stones:
        return -1
    n_cells = len(state.cells)
    return max(colour * n_cells + cell for colour, cell in stones)


def soft_rewards(state: GameState, temperature: float, potential: float = 0.0) -> list[float]:
    """Per player (index 0 unused), the expected share of opponents beaten if the game
    ended with group counts this close: a lead of ``d`` groups wins with probability
    sigma(d/T); equal counts fall back to the real tie-breaks of the current standing.
    With ``potential``, each single stone that still has an empty neighbour counts as
    that fraction of a group (of a chunk in Wunchunk)."""
    keys: list[tuple[float, ...]] = list(state.ranking_keys())  # larger is better
    if potential:
        seeds = open_singles(state)
        sign = -1 if state.variant.wunchunk else 1
        keys = [(k[0] + sign * potential * seeds[i + 1], *k[1:]) for i, k in enumerate(keys)]
    return soft_shares([k[0] for k in keys], keys, 1.0 / temperature)


def balance_rewards(state: GameState) -> list[float]:
    """Per player (index 0 unused), the share of opponents beaten as level 5's fitted
    counts see the position (``balance.py``); equal values fall back to the real
    tie-breaks of the current standing."""
    return soft_shares(balance_values(state), state.ranking_keys())


def soft_shares(
    values: Sequence[float], standings: Sequence[tuple[float, ...]], scale: float = 1.0
) -> list[float]:
    """Per player (index 0 unused), the expected share of opponents beaten when a lead
    ``d`` in ``values`` wins with probability sigma(d * scale), and equal values are
    settled by ``standings`` (higher is better, a tie counts half)."""
    players = len(values)
    out = [0.0] * (players + 1)
    for i in range(players):
        vi, si = values[i], standings[i]
        total = 0.0
        for j in range(players):
            if i == j:
                continue
            d = vi - values[j]
            if d:
                total += 1.0 / (1.0 + math.exp(-d * scale))
            else:
                sj = standings[j]
                total += 1.0 if si > sj else 0.0 if si < sj else 0.5
        out[i + 1] = total / (players - 1)
    return out


def open_singles(state: GameState) -> list[int]:
    """Per colour (index 0 unused), single stones with at least one empty neighbour."""
    cells, parent, comp_size = state.cells, state.parent, state.comp_size
    neighbours = state.board.neighbours
    out = [0] * (state.players + 1)
    for cell, colour in enumerate(cells):
        if colour and parent[cell] == cell and comp_size[cell] == 1:
            for n in neighbours[cell]:
                if not cells[n]:
                    out[colour] += 1
                    break
    return out


__all__ = [
    "ARCHIPELAGO_PARAMS",
    "CLOSING_PARAMS",
    "ArchipelagoKnowledge",
    "PlayoutParams",
    "balance_rewards",
    "final_rewards",
    "open_singles",
    "soft_rewards",
    "soft_shares",
    "turn_floor",
]
