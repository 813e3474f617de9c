"""Monte Carlo tree search over any game of the contract (``archipelago.game``).

Edges are single move codes, so a turn of several moves is a chain of nodes of the same
mover and branching stays at one move's choices. Rewards are one number per player
(``Game.returns()``: 0 for last, 1 for first), backed up into every node for every player,
and each node picks for its own mover: any number of players, any turn structure.

What is particular to a game comes from its ``Knowledge`` (``knowledge.py``): the order in
which moves are tried, the playouts and their evaluation. The core adds

- UCT selection with exploration constant ``explore``;
- optional progressive widening: a node with ``N`` visits considers only its first
  ``widen_c * (N + 1) ** widen_a`` moves in the knowledge's order;
- optional GRAVE (Cazenave, IJCAI 2015): all-moves-as-first statistics keyed by (player,
  move), read from the closest ancestor with at least ``grave_ref`` visits and blended
  into the selection value;
- budgets: ``run`` grows the tree for a number of iterations, seconds, or until a stop
  check says so, and ends early once the most visited move can no longer be caught.

One iteration is one selection + expansion + playout (or evaluation) + backup.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..game import Game
from .knowledge import Knowledge
from .node import Node, new_amaf, tally
from .params import SearchParams, terminal_rewards

StopCheck = Callable[[], bool]
DECIDED_EVERY = 32  # iterations between two checks of whether the choice is settled
FIRST_CODES = 8  # with widening, a new node asks its knowledge for this many moves first


@dataclass
class SearchResult:
    code: int  # the chosen move
    iterations: int
    seconds: float
    visits: int  # of the chosen child
    value: float  # its mean reward for the mover
    stopped: bool  # interrupted by the stop check


class Search:
    """A search tree over one position; ``run`` grows it, ``advance`` reuses it after a
    move of the root's mover."""

    def __init__(
        self,
        game: Game,
        knowledge: Knowledge,
        params: SearchParams | None = None,
        seed: int | None = None,
    ) -> None:
        self.knowledge = knowledge
        self.params = params or knowledge.params
        self.rng = random.Random(seed)
        self.players = game.player_count
        self.iterations = 0
        self.game: Game
        self.root: Node
        self.amaf_excluded: frozenset[int]
        self._set_root(game)

    # ------------------------------------------------------------------ public
    def run(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        should_stop: StopCheck | None = None,
    ) -> SearchResult:
        """Grow the tree until ``iterations`` more iterations, ``seconds`` or
        ``should_stop()`` (checked every iteration), whichever comes first. With none of
        the three it does nothing."""
        clock = time.perf_counter
        start = clock()
        deadline = None if seconds is None else start + seconds
        done = 0
        stopped = False
        root_game = self.game
        while iterations is not None or deadline is not None or should_stop is not None:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and clock() >= deadline:
                break
            if should_stop is not None and should_stop():
                stopped = True
                break
            self._iterate(root_game.clone())
            done += 1
            # A root with a single legal move needs no thought; nor one whose most
            # visited child can no longer be caught in the iterations left.
            if self.root.codes is not None and len(self.root.codes) == 1:
                break
            if (
                iterations is not None
                and done % DECIDED_EVERY == 0
                and self._decided(iterations - done)
            ):
                break
        self.iterations += done
        return self._result(done, clock() - start, stopped)

    def best_code(self) -> int:
        """The most visited move at the root (the knowledge's first choice before any)."""
        root = self.root
        if not root.children:
            if root.codes is None:
                self._first_codes(root, self.game)
            assert root.codes is not None
            return root.codes[0]
        return root.child_codes[root.best_index()]

    def advance(self, code: int, game: Game) -> bool:
        """Move the root to ``code``'s child, ``game`` being the position after it.
        Returns False (and starts a fresh tree) when the tree cannot be reused."""
        child = self.root.child(code)
        self._set_root(game)
        if child is not None and child.mover == game.to_move:
            self.root = child
            return True
        return False

    # ------------------------------------------------------------------ internals
    def _set_root(self, game: Game) -> None:
        self.game = game.clone()
        self.root = Node(game.to_move, self.players)
        self.knowledge.set_root(self.game)
        self.amaf_excluded = self.knowledge.amaf_excluded

    def _first_codes(self, node: Node, game: Game) -> None:
        """The moves a new node considers first: all of them without widening, else the
        best few (``_more_codes`` adds to them)."""
        if self.params.widen_c is None:
            node.codes = self.knowledge.ordered_codes(game, self.rng)
            return
        node.codes = self.knowledge.best_codes(game, self.rng, FIRST_CODES)
        node.more = len(node.codes) >= FIRST_CODES

    def _more_codes(self, node: Node, game: Game) -> list[int]:
        """Twice as many of the knowledge's best moves for ``node`` (whose position is
        ``game``), keeping the order of those already listed."""
        codes = node.codes
        assert codes is not None
        wanted = 2 * len(codes)
        fresh = self.knowledge.best_codes(game, self.rng, wanted)
        known = set(codes)
        codes.extend(code for code in fresh if code not in known)
        node.more = len(fresh) >= wanted and len(codes) > len(known)
        return codes

    def _result(self, done: int, seconds: float, stopped: bool) -> SearchResult:
        root = self.root
        code = self.best_code()
        visits, value = 0, 0.0
        if root.children:
            child = root.children[root.best_index()]
            visits = child.visits
            if visits and root.mover is not None:
                value = child.value[root.mover] / visits
        return SearchResult(code, done, seconds, visits, value, stopped)

    def _decided(self, left: int) -> bool:
        first = second = 0
        for child in self.root.children:
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    def _iterate(self, game: Game) -> None:
        p = self.params
        widen_c, widen_a = p.widen_c, p.widen_a
        grave_ref = math.inf if p.grave_ref is None else p.grave_ref
        knowledge = self.knowledge
        rng = self.rng
        players = self.players
        stride = players + 1
        excluded = self.amaf_excluded
        node = self.root
        path = [node]
        trail: list[tuple[int, int]] = []  # (mover, code) in play order
        ref: Node | None = None  # the closest node with a usable AMAF table
        while True:
            mover = node.mover
            if mover is None:
                break
            if node.amaf is not None and node.visits >= grave_ref:
                ref = node
            if node.codes is None:
                self._first_codes(node, game)
            codes = node.codes
            assert codes is not None
            n_children = len(node.children)
            if widen_c is None:
                grow = n_children < len(codes)
            else:
                grow = n_children < max(1, int(widen_c * (node.visits + 1) ** widen_a))
                if grow and n_children >= len(codes):
                    grow = node.more and n_children < len(self._more_codes(node, game))
            if grow:
                code = codes[n_children]
                game.push_code(code)
                child = Node(game.to_move, players)
                node.child_codes.append(code)
                node.child_keys.append(None if code in excluded else code * stride + mover)
                node.children.append(child)
                trail.append((mover, code))
                path.append(child)
                break
            i = self._select(node, ref)
            code = node.child_codes[i]
            game.push_code(code)
            trail.append((mover, code))
            node = node.children[i]
            path.append(node)
            if node.visits == 0:
                break
        rewards = terminal_rewards(game) if game.is_over else knowledge.playout(game, trail, rng)
        self._backup(path, trail, rewards)

    def _select(self, node: Node, ref: Node | None) -> int:
        p = self.params
        mover = node.mover
        assert mover is not None
        log_n = math.log(node.visits + 1)
        explore = p.explore
        sqrt = math.sqrt
        best_i, best = 0, -1e9
        # Two loops, not one with a test per child: without statistics to blend (plain
        # UCT, or no ancestor with enough visits yet) the loop is the hottest of the search.
        if ref is None or ref.amaf is None:
            for i, child in enumerate(node.children):
                n = child.visits
                if n == 0:
                    return i
                score = child.value[mover] / n + explore * sqrt(log_n / n)
                if score > best:
                    best_i, best = i, score
            return best_i
        amaf_n, amaf_r = ref.amaf
        get_n, get_r = amaf_n.get, amaf_r.get
        bias = p.grave_bias
        for i, (child, key) in enumerate(zip(node.children, node.child_keys, strict=True)):
            n = child.visits
            if n == 0:
                return i
            q = child.value[mover] / n
            if key is not None:
                an = get_n(key)
                if an is not None:
                    beta = an / (an + n + bias * an * n)
                    q = (1.0 - beta) * q + beta * get_r(key, 0.0) / an
            score = q + explore * sqrt(log_n / n)
            if score > best:
                best_i, best = i, score
        return best_i

    def _backup(self, path: list[Node], trail: list[tuple[int, int]], rewards: list[float]) -> None:
        players = self.players
        if self.params.grave_ref is None:
            for node in path:
                node.visits += 1
                value = node.value
                for pl in range(1, players + 1):
                    value[pl] += rewards[pl]
            return
        record_from = self.params.grave_record
        stride = players + 1
        excluded = self.amaf_excluded
        # The moves that feed AMAF, and for each trail position the first of them played
        # at or after it: path[i] is credited with the moves from trail[i] on. Counts and
        # rewards are tallied in C (``tally``): the keys whose mover got 1 form one list,
        # other non-zero rewards are added one by one.
        keyed: list[int] = []
        won: list[int] = []
        partial: list[tuple[int, float]] = []
        offsets: list[tuple[int, int, int]] = []
        for mover, code in trail:
            offsets.append((len(keyed), len(won), len(partial)))
            if code not in excluded:
                key = code * stride + mover
                keyed.append(key)
                r = rewards[mover]
                if r == 1.0:
                    won.append(key)
                elif r:
                    partial.append((key, r))
        offsets.append((len(keyed), len(won), len(partial)))
        for depth, node in enumerate(path):
            node.visits += 1
            value = node.value
            for pl in range(1, players + 1):
                value[pl] += rewards[pl]
            if node.visits >= record_from:
                table = node.amaf
                if table is None:
                    table = node.amaf = new_amaf()
                counts, sums = table
                k, w, f = offsets[depth]
                tally(counts, keyed[k:])
                tally(sums, won[w:])
                for key, r in partial[f:]:
                    sums[key] = sums.get(key, 0.0) + r


__all__ = ["Search", "SearchParams", "SearchResult", "StopCheck", "terminal_rewards"]
