"""What a game tells the search: the plug-in interface of ``archipelago.search``.

A game plugs its knowledge into the search by subclassing ``Knowledge`` and overriding
what it knows better than the defaults. The defaults know nothing about any game, which
is enough for the search to play every game of the contract (the tests solve a small Nim
with them):

- ``params``: the core's knobs (exploration, progressive widening, GRAVE);
- ``level_iterations``: the game's own iterations per turn for some levels (default:
  the levels' common budgets, ``levels.LEVEL_ITERATIONS``);
- ``level_slips``: for some levels, how often the player makes a slip, a move other
  than the search's choice (``Slips``; default: none, every level plays its search's
  choice);
- ``set_root(game)``: the search's root changed; recompute per-position tables;
- ``ordered_codes(game, rng)``: every legal move, most promising first; progressive
  widening tries them in this order (default: shuffled);
- ``best_codes(game, rng, count)``: the first ``count`` of them, or more (default: all
  of ``ordered_codes``); the search asks for more as widening needs them, so a game can
  skip sorting moves that are never looked at;
- ``playout(game, trail, rng)``: play on from a leaf and return rewards per player
  (default: uniformly random moves to the end, or ``horizon`` moves then ``evaluate``);
- ``evaluate(game)``: rewards per player for a position that is not over;
- ``random_playout(game, trail, rng)``: uniformly random play to the end of the game,
  the yardstick agents' playouts (``plain.py``; default: uniformly random legal moves; a
  game may give a faster one or its own notion of a random turn);
- ``decisive_code(game)``: a move to play at once without searching (default: none;
  ``immediate_win`` helps);
- ``exact_code(game, seconds)``: a move proven best by solving the rest of the game
  within ``seconds`` (default: none; only agents made with ``exact=True`` ask);
- ``solve(game, max_nodes)``: the exact result of ``game`` under best play and a move
  that reaches it, when the game's solver proves it within ``max_nodes`` positions
  (default: none; the analysis of a game record asks, ``archipelago.analysis``);
- ``decided(game)``: each player's result of a position whose outcome the game takes
  as settled before its end (default: none); the analysis values such a position by it,
  so no move of a game already decided is judged a mistake;
- ``exact_params(game)``: the core's knobs for such an agent's search of a turn from
  ``game`` (default: ``params``);
- ``amaf_excluded``: move codes that never feed the all-moves-as-first statistics;
- ``turn_number(game)``, ``moves_left_in_turn(game)``: what a turn is, for sharing a
  turn's budget over its moves (default: every move is a turn);
- ``budget_weight(game)``: how much of an agent's budget the turn from ``game`` deserves
  against its other turns, where some phases of the game repay thought more than others
  (default: 1, every turn alike; ``SearchAgent`` keeps the total within the budget);
- ``same_position(a, b)``: whether two positions are the same for the search (default:
  the same moves played), to tell whether a position continues an agent's turn.

Rewards are lists indexed by player with index 0 unused: ``[0.0, r1, ..., rP]``, each
from 0 (last) to 1 (first), like ``Game.returns()``. ``trail`` is the list of
``(player, code)`` moves of the iteration so far; a playout appends the moves it plays
that should count for all-moves-as-first statistics.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..game import Game
from .params import SearchParams, terminal_rewards


@dataclass(frozen=True)
class Slips:
    """A weaker level's slips: on a share ``share`` of its searched moves the player
    plays one of the knowledge's first ``among`` moves at random (the search's choice may
    be among them) instead of the search's choice. Moves played without searching
    (``decisive_code``) are never slips."""

    share: float
    among: int

    def __post_init__(self) -> None:
        if not 0.0 <= self.share <= 1.0:
            raise ValueError(f"a share of slips is from 0 to 1, not {self.share}")
        if self.among < 1:
            raise ValueError(f"slips choose among at least 1 move, not {self.among}")


@dataclass(frozen=True)
class Solved:
    """A position solved exactly: each player's result under best play (player 1 first,
    like ``Game.returns()``) and a move of the mover that keeps it."""

    values: tuple[float, ...]
    code: int


class Knowledge:
    """A game's knowledge for the search. This base class is the game-independent
    default; one instance serves one agent (``set_root`` may keep per-position tables)."""

    params: ClassVar[SearchParams] = SearchParams()
    amaf_excluded: ClassVar[frozenset[int]] = frozenset()
    #: Level -> iterations per turn, for a game whose iterations cost more than most.
    level_iterations: ClassVar[Mapping[int, int]] = {}
    #: Level -> its slips, for a level whose search alone plays too well for its place.
    level_slips: ClassVar[Mapping[int, Slips]] = {}
    #: Default playouts stop after this many moves and ``evaluate``; None: at the end.
    horizon: int | None = None

    def set_root(self, game: Game) -> None:
        """The search's root is now ``game``."""

    def ordered_codes(self, game: Game, rng: random.Random) -> list[int]:
        """Every legal move of ``game``, most promising first."""
        codes = game.legal_codes()
        rng.shuffle(codes)
        return codes

    def best_codes(self, game: Game, rng: random.Random, count: int) -> list[int]:
        """At least the first ``count`` moves of ``ordered_codes`` (all when there are
        fewer), best first."""
        return self.ordered_codes(game, rng)

    def playout(self, game: Game, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
        """Play on from ``game`` (a copy the search throws away afterwards); return the
        rewards per player."""
        horizon = self.horizon
        if horizon is None:
            return self.random_playout(game, trail, rng)
        if random_moves(game, trail, rng, horizon):
            return terminal_rewards(game)
        return self.evaluate(game)

    def random_playout(
        self, game: Game, trail: list[tuple[int, int]], rng: random.Random
    ) -> list[float]:
        """Uniformly random moves from ``game`` to the end; the real result."""
        random_moves(game, trail, rng)
        return terminal_rewards(game)

    def evaluate(self, game: Game) -> list[float]:
        """Rewards per player for a position that is not over (default: all equal)."""
        return [0.0] + [0.5] * game.player_count

    def decisive_code(self, game: Game) -> int | None:
        """A move the mover should play without searching (a win at once), if any."""
        return None

    def exact_code(self, game: Game, seconds: float) -> int | None:
        """A move proven best by an exact solve of the rest of the game that finished
        within ``seconds``; None when there is none to play (no solver, too early in the
        game, out of time, or every move loses against best play and the tree search
        should look for the opponent's mistakes instead)."""
        return None

    def solve(self, game: Game, max_nodes: int) -> Solved | None:
        """``game`` solved exactly by visiting at most ``max_nodes`` positions; None when
        the game has no solver, the position is too big for it or the limit ran out.
        Deterministic: the same position and limit give the same answer anywhere."""
        return None

    def decided(self, game: Game) -> tuple[float, ...] | None:
        """Each player's result (player 1 first, 1 won, 0 lost) of ``game`` when its
        outcome is settled though the game goes on, None while it is open (default: a
        game is open until it is over)."""
        return None

    def strongest(self) -> Knowledge:
        """The knowledge an exact agent (the strongest level) searches with: a game may
        value positions differently there than at the levels below (default: this
        one)."""
        return self

    def exact_params(self, game: Game) -> SearchParams | None:
        """The knobs of an exact agent's (the strongest level's) search for the turn
        starting at ``game``; None: ``params``."""
        return None

    def turn_number(self, game: Game) -> int:
        """Which turn ``game`` is in: two positions with the same mover and turn number
        belong to one turn, whose budget their moves share."""
        return len(game.history_codes())

    def budget_weight(self, game: Game) -> float:
        """The budget of the turn starting at ``game`` (of the move, with a per-move
        budget) as a multiple of the agent's: below 1 saves the rest for later turns,
        above 1 asks for that much of what was saved (``SearchAgent``)."""
        return 1.0

    def moves_left_in_turn(self, game: Game) -> int:
        """Moves the mover still makes this turn, at most (the turn's budget is shared
        over them)."""
        return 1

    def same_position(self, a: Game, b: Game) -> bool:
        """Whether ``a`` and ``b`` are the same position (the same moves played)."""
        return type(a) is type(b) and a.history_codes() == b.history_codes()


def immediate_win(game: Game, codes: Iterable[int]) -> int | None:
    """The first of ``codes`` that ends the game at once with the mover alone in first
    place (reward 1), if any; a helper for ``Knowledge.decisive_code``."""
    mover = game.to_move
    if mover is None:
        return None
    for code in codes:
        trial = game.clone()
        trial.push_code(code)
        returns = trial.returns()
        if returns is not None and returns[mover - 1] >= 1.0:
            return code
    return None


def random_moves(
    game: Game, trail: list[tuple[int, int]], rng: random.Random, most: int | None = None
) -> bool:
    """Play uniformly random legal moves on ``game``, at most ``most`` of them (None: no
    limit), each recorded in ``trail`` as (mover, code); True once the game is over."""
    played = 0
    while not game.is_over:
        if most is not None and played >= most:
            return False
        mover = game.to_move
        assert mover is not None
        codes = game.legal_codes()
        code = codes[int(rng.random() * len(codes))]
        game.push_code(code)
        trail.append((mover, code))
        played += 1
    return True


__all__ = ["Knowledge", "Slips", "Solved", "immediate_win"]
