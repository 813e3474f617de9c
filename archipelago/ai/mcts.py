"""Monte Carlo tree search for Archipelago, one stone per edge.

A turn of several stones is a chain of nodes of the same mover, so branching stays at
cells x colours per node instead of its power (never pairs of stones). Every node knows
its mover; rewards are one number per player (the share of opponents beaten, ties half,
from the final ranking, so any player count and every scoring variation work) and each
node chooses for its own mover, as in OpenSpiel's MCTS.

- Progressive widening: a node with ``N`` visits considers only its best
  ``widen_c * N ** widen_a`` actions in the order of the prior of ``features``.
- GRAVE (Cazenave 2015): all-moves-as-first statistics keyed by (mover, colour, cell),
  read from the closest ancestor with at least ``grave_ref`` visits.
- Playouts know whose turn it is: each stone is the best of a few sampled cells (plus the
  neighbours of the stone just placed) under the mover's own prior, with probability
  ``epsilon`` a random cell instead; a playout ends a turn early when nothing it found is
  harmless. Playouts stop after ``horizon`` turns and the position is scored by a soft
  ranking on group counts; a playout that reaches the end is scored by the real result.

One iteration is one selection + expansion + playout/evaluation + backup.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .features import END, PASS, SEED_WEIGHT, apply_action, scored_actions, weight_table

if TYPE_CHECKING:
    from ..state import GameState


@dataclass(frozen=True)
class SearchParams:
    """Knobs of the search. The defaults are the tuned ones used by levels 2-5."""

    widen_c: float = 2.0
    widen_a: float = 0.5
    explore: float = 0.05  # UCT constant on top of GRAVE
    grave_ref: int = 30  # a node's AMAF table is used from this many visits
    grave_record: int = 8  # ... and filled from this many
    grave_bias: float = 1e-4
    epsilon: float = 0.1  # playout: chance of a random cell
    samples: int = 3  # playout: random cells looked at per stone
    horizon: int = 4  # playout: turns before the evaluation
    temperature: float = 1.0  # evaluation: group lead worth sigma(1/T)
    potential: float = 0.3  # evaluation: a single with an empty neighbour, in groups


class Node:
    __slots__ = ("mover", "visits", "value", "actions", "child_actions", "children", "amaf")

    def __init__(self, mover: int | None, players: int) -> None:
        self.mover = mover
        self.visits = 0
        self.value = [0.0] * (players + 1)
        self.actions: list[int] | None = None  # all legal actions, best prior first
        self.child_actions: list[int] = []
        self.children: list[Node] = []
        self.amaf: dict[int, list[float]] | None = None

    def best_index(self) -> int:
        best, most = 0, -1
        for i, child in enumerate(self.children):
            if child.visits > most:
                best, most = i, child.visits
        return best


@dataclass
class SearchResult:
    action: int
    iterations: int
    seconds: float
    visits: int  # of the chosen child
    value: float  # its mean reward for the mover
    stopped: bool  # interrupted from outside


class Search:
    """A search tree over one position; ``run`` grows it, ``advance`` reuses it after
    the mover's chosen stone."""

    def __init__(
        self, state: GameState, params: SearchParams | None = None, seed: int | None = None
    ) -> None:
        self.params = params or SearchParams()
        self.rng = random.Random(seed)
        self.state = state.clone()
        self.players = state.players
        self.n_cells = len(state.cells)
        self.root = Node(state.mover, self.players)
        self.weights = weight_table(state)
        self.iterations = 0

    # ------------------------------------------------------------------ public
    def run(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """Grow the tree until ``iterations`` more iterations, ``seconds`` or
        ``should_stop()`` (checked every iteration), whichever comes first."""
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        done = 0
        stopped = False
        clock = time.perf_counter
        root_state = self.state
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and clock() >= deadline:
                break
            if should_stop is not None and should_stop():
                stopped = True
                break
            if iterations is None and deadline is None and should_stop is None:
                break
            self._iterate(root_state.clone())
            done += 1
            # A root with a single legal action needs no thought; nor one whose most
            # visited child can no longer be caught in the iterations left.
            if self.root.actions is not None and len(self.root.actions) == 1:
                break
            if iterations is not None and done % 32 == 0 and self._decided(iterations - done):
                break
        self.iterations += done
        return self._result(done, clock() - start, stopped)

    def best_action(self) -> int:
        root = self.root
        if not root.children:
            if root.actions is None:
                root.actions = [a for _, a in scored_actions(self.state, self.rng.random)]
            return root.actions[0]
        return root.child_actions[root.best_index()]

    def advance(self, action: int, state: GameState) -> bool:
        """Move the root to ``action``'s child for ``state`` (the position after it).
        Returns False (and starts a fresh tree) when the tree cannot be reused."""
        self.state = state.clone()
        self.weights = weight_table(state)
        root = self.root
        if action in root.child_actions:
            child = root.children[root.child_actions.index(action)]
            if child.mover == state.mover:
                self.root = child
                return True
        self.root = Node(state.mover, self.players)
        return False

    # ------------------------------------------------------------------ internals
    def _result(self, done: int, seconds: float, stopped: bool) -> SearchResult:
        root = self.root
        action = self.best_action()
        visits, value = 0, 0.0
        if root.children:
            child = root.children[root.best_index()]
            visits = child.visits
            if visits and root.mover is not None:
                value = child.value[root.mover] / visits
        return SearchResult(action, done, seconds, visits, value, stopped)

    def _decided(self, left: int) -> bool:
        first = second = 0
        for child in self.root.children:
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    def _widen_limit(self, visits: int) -> int:
        p = self.params
        return max(1, int(p.widen_c * (visits + 1) ** p.widen_a))

    def _iterate(self, state: GameState) -> None:
        p = self.params
        rng = self.rng
        players = self.players
        node = self.root
        path = [node]
        trail: list[tuple[int, int]] = []  # (mover, action) in play order
        ref: Node | None = None  # the closest node with a usable AMAF table
        while True:
            mover = node.mover
            if mover is None:
                break
            if node.amaf is not None and node.visits >= p.grave_ref:
                ref = node
            if node.actions is None:
                node.actions = [a for _, a in scored_actions(state, rng.random)]
            n_children = len(node.children)
            if n_children < len(node.actions) and n_children < self._widen_limit(node.visits):
                action = node.actions[n_children]
                apply_action(state, action)
                child = Node(state.mover, players)
                node.child_actions.append(action)
                node.children.append(child)
                trail.append((mover, action))
                path.append(child)
                node = child
                break
            i = self._select(node, ref)
            action = node.child_actions[i]
            apply_action(state, action)
            trail.append((mover, action))
            node = node.children[i]
            path.append(node)
            if node.visits == 0:
                break
        rewards = terminal_rewards(state) if state.mover is None else self._playout(state, trail)
        self._backup(path, trail, rewards)

    def _select(self, node: Node, ref: Node | None) -> int:
        p = self.params
        mover = node.mover
        log_n = math.log(node.visits + 1)
        explore = p.explore
        amaf = ref.amaf if ref is not None else None
        key_base = mover * (self.players + 1) * self.n_cells
        bias = p.grave_bias
        best_i, best = 0, -1e9
        for i, child in enumerate(node.children):
            n = child.visits
            if n == 0:
                return i
            q = child.value[mover] / n
            if amaf is not None:
                action = node.child_actions[i]
                if action >= 0:
                    entry = amaf.get(key_base + action)
                    if entry is not None:
                        an = entry[0]
                        beta = an / (an + n + bias * an * n)
                        q = (1.0 - beta) * q + beta * entry[1] / an
            score = q + explore * math.sqrt(log_n / n)
            if score > best:
                best_i, best = i, score
        return best_i

    def _backup(self, path: list[Node], trail: list[tuple[int, int]], rewards: list[float]) -> None:
        p = self.params
        players = self.players
        stride = self.n_cells
        keyed = [
            ((mover * (players + 1)) * stride + action, rewards[mover])
            for mover, action in trail
            if action >= 0
        ]
        # keyed[j] follows path[i] when its trail index is >= i; map trail -> keyed.
        offsets = []
        k = 0
        for mover_action in trail:
            offsets.append(k)
            if mover_action[1] >= 0:
                k += 1
        offsets.append(k)
        for depth, node in enumerate(path):
            node.visits += 1
            value = node.value
            for pl in range(1, players + 1):
                value[pl] += rewards[pl]
            if node.visits >= p.grave_record:
                table = node.amaf
                if table is None:
                    table = node.amaf = {}
                start = offsets[depth] if depth < len(offsets) else k
                for key, r in keyed[start:]:
                    entry = table.get(key)
                    if entry is None:
                        table[key] = [1, r]
                    else:
                        entry[0] += 1
                        entry[1] += r

    def _playout(self, state: GameState, trail: list[tuple[int, int]]) -> list[float]:
        """Play ``horizon`` turns with the turn-aware policy; return per-player rewards."""
        p = self.params
        rng = self.rng
        rand = rng.random
        n_cells = self.n_cells
        cells, parent, comp_size = state.cells, state.parent, state.comp_size
        neighbours = state.board.neighbours
        players = state.players
        colours = range(1, players + 1)
        weights = self.weights
        empty = [c for c in range(n_cells) if not cells[c]]
        where = {c: i for i, c in enumerate(empty)}
        turns = p.horizon
        epsilon = p.epsilon
        samples = p.samples
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
            best_score, best_action = -1e9, END
            # The same effect of a stone as features.scored_actions computes, written out
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
                        best_score, best_action = score, c * n_cells + cell
            if best_score < 0.0:
                # Nothing harmless found: stop the turn (or pass) rather than give away.
                if state.turn_stones:
                    state.end_turn()
                else:
                    state.pass_turn()
                turns -= 1
                last = -1
                continue
            colour, cell = divmod(best_action, n_cells)
            state.place(colour, cell)
            trail.append((mover, best_action))
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
        return soft_rewards(state, p.temperature, p.potential)


def terminal_rewards(state: GameState) -> list[float]:
    outcome = state.outcome()
    assert outcome is not None
    return [0.0, *outcome.rewards()]


def soft_rewards(state: GameState, temperature: float, potential: float = 0.0) -> list[float]:
    """Per player, the expected share of opponents beaten if the game ended with group
    counts this close: a lead of ``d`` groups wins with probability sigma(d/T); equal
    counts fall back to the real tie-breaks of the current standing. With
    ``potential``, each single stone that still has an empty neighbour counts as that
    fraction of a group (of a chunk in Wunchunk)."""
    keys = state.ranking_keys()  # larger is better, Wunchunk already reversed
    players = len(keys)
    if potential:
        seeds = open_singles(state)
        sign = -1 if state.variant.wunchunk else 1
        keys = [(k[0] + sign * potential * seeds[i + 1], *k[1:]) for i, k in enumerate(keys)]
    out = [0.0] * (players + 1)
    scale = 1.0 / temperature
    for i in range(players):
        ki = keys[i]
        total = 0.0
        for j in range(players):
            if i == j:
                continue
            kj = keys[j]
            d = ki[0] - kj[0]
            if d:
                total += 1.0 / (1.0 + math.exp(-d * scale))
            else:
                total += 1.0 if ki > kj else 0.0 if ki < kj else 0.5
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


def with_params(base: SearchParams, **changes: float) -> SearchParams:
    return replace(base, **changes)


__all__ = [
    "END",
    "PASS",
    "Node",
    "Search",
    "SearchParams",
    "SearchResult",
    "soft_rewards",
    "terminal_rewards",
    "with_params",
]
