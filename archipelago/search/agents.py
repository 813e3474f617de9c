"""Computer players of any game: the interface the page's worker and the match command
use, the uniformly random baseline, and the tree search with its budgets.

Every move an agent returns is the contract's ``Move`` (``archipelago.game``). An agent
answers one position at a time:

- ``choose(game, should_stop)`` answers at once, or within its budget;
- ``begin(game)``, then ``think(seconds)`` until it answers (or ``finish()`` for the best
  move so far, ``hurry(seconds)`` to cut the budget) choose the same move in slices, for
  a caller that must do other work between them (the page's worker reads its messages);
- ``play_turn(game)`` plays the mover's moves until another player is to move.

A turn's budget is shared over the moves of the turn. The agent itself tells whether a
position continues the turn it was playing (the position its last move led to, with the
same player to move in the same turn); any other position starts a fresh turn budget, so
a caller never settles moves itself. A game's knowledge may weight the budget by position
(``Knowledge.budget_weight``): a turn (or, with a per-move budget, a move) below weight 1
saves the rest of its budget and one above spends what earlier ones saved, never more, so
an agent never spends more than its budget times the turns (or moves) it played.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..errors import IllegalMoveError
from ..game import Game, Move
from .knowledge import Knowledge, Slips
from .mcts import Search, StopCheck
from .params import SearchParams

LEAST_SECONDS = 0.001  # the least time a move of a timed budget gets
# An exact agent lets its knowledge's solver (``Knowledge.exact_code``) try first, with
# this share of the move's time, or EXACT_SECONDS when the budget is iterations only;
# the tree search gets what the solver leaves.
EXACT_SHARE = 0.75
EXACT_SECONDS = 1.0
# A budget with ``extend`` searches on past a move's iterations while its two most
# visited moves are close (the second has at least EXTEND_CLOSE of the first's visits):
# up to EXTEND_ROUNDS more rounds of half the move's iterations, within its time.
EXTEND_CLOSE = 0.5
EXTEND_ROUNDS = 4


class Agent:
    """A computer player that answers at once. ``name`` is how the match command prints
    it; subclasses override ``choose``."""

    name = "agent"
    _answer: Move | None = None

    def start_turn(self, game: Game) -> None:
        """Forget any turn in progress (agents with a budget start a fresh one)."""

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        raise NotImplementedError

    # An agent that answers at once has nothing to slice: begin() gives its answer.
    def begin(self, game: Game) -> Move | None:
        """Start choosing the mover's move; the move itself if it is known at once."""
        self._answer = self.choose(game)
        return self._answer

    def think(
        self, seconds: float | None = None, should_stop: StopCheck | None = None
    ) -> Move | None:
        """Think on for at most ``seconds``; the move once chosen, else None."""
        return self._answer

    def finish(self) -> Move:
        """Stop thinking: the best move found so far."""
        assert self._answer is not None, "begin() first"
        return self._answer

    def hurry(self, seconds: float) -> None:
        """Spend at most ``seconds`` more on the move being chosen."""

    def play_turn(self, game: Game, should_stop: StopCheck | None = None) -> list[Move]:
        """Play the mover's moves on ``game`` until another player is to move (or the game
        ends); return them."""
        mover = game.to_move
        if mover is None:
            raise IllegalMoveError("the game is over")
        self.start_turn(game)
        moves: list[Move] = []
        while game.to_move == mover:
            move = self.choose(game, should_stop)
            game.push_code(move.code)
            moves.append(move)
        return moves


class RandomAgent(Agent):
    """A uniformly random legal move, for any game."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        return game.move(self.rng.choice(game.legal_codes()))


@dataclass
class Budget:
    """A turn's budget: iterations, seconds, or both (whichever runs out first), shared
    over the turn's moves; ``move_seconds`` and ``move_iterations`` cap each move on its
    own (``move_iterations`` is a load-independent budget for measuring). With
    ``extend``, a move whose choice is still close when its iterations are spent
    searches on within its share of the seconds (those iterations are not charged to
    the turn's other moves)."""

    iterations: int | None = None
    seconds: float | None = None
    move_seconds: float | None = None
    extend: bool = False
    move_iterations: int | None = None


class SearchAgent(Agent):
    """The tree search with a game's ``Knowledge``. A turn's budget is shared out evenly
    over the moves the mover still makes; the tree is kept from one move of a turn to
    the next. With ``slips``, a share of the searched moves are one of the knowledge's
    first few at random instead (a weaker level's mistakes). An ``exact`` agent first
    asks the knowledge for a move proven by solving the rest of the game
    (``Knowledge.exact_code``) within part of the move's time, and searches with the
    knowledge and knobs of its strongest level (``Knowledge.strongest``,
    ``Knowledge.exact_params``)."""

    def __init__(
        self,
        knowledge: Knowledge,
        budget: Budget,
        seed: int | None = None,
        params: SearchParams | None = None,
        name: str = "mcts",
        slips: Slips | None = None,
        exact: bool = False,
    ) -> None:
        self.knowledge = knowledge.strongest() if exact else knowledge
        self.exact = exact
        self.budget = budget
        self.slips = slips
        self.rng = random.Random(seed)
        self.params = params
        self.name = name
        self.search: Search | None = None
        self.left_iterations = budget.iterations
        self.left_seconds = budget.seconds
        self.iterations_done = 0  # over the agent's life, for budgets' checks
        self._next: Game | None = None  # the position that continues the turn
        # The move being chosen (see begin / think / finish).
        self._game: Game | None = None
        self._goal_iterations: int | None = None
        self._base_iterations: int | None = None  # the goal before any extension
        self._extended = 0
        self._goal_seconds: float | None = None
        self._done = 0
        self._elapsed = 0.0
        self._exact_left = 0.0  # seconds the solver may still spend on this move
        # What weighted budgets saved so far, in whole budgets (of a turn, or of a move
        # when the budget is per move): ``_weighted`` draws on it.
        self.saved = 0.0

    def start_turn(self, game: Game) -> None:
        self.search = None
        self.left_iterations = self.budget.iterations
        self.left_seconds = self.budget.seconds
        self._next = None

    def continues_turn(self, game: Game) -> bool:
        """Whether ``game`` is the position this agent's last move led to, with the same
        player still to move in the same turn."""
        return self._next is not None and self.knowledge.same_position(self._next, game)

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        move = self.begin(game)
        if move is None:
            move = self.think(None, should_stop)
        assert move is not None  # without a slice limit, think() always decides
        return move

    def begin(self, game: Game) -> Move | None:
        """Prepare the search for the mover's move and its share of the turn's budget
        (a fresh turn unless ``game`` continues the last one); the move at once when one
        wins outright."""
        if game.is_over:
            raise IllegalMoveError("the game is over")
        fresh_turn = not self.continues_turn(game)
        if fresh_turn:
            self.start_turn(game)
        self._game = game.clone()
        self._done = 0
        self._elapsed = 0.0
        self._exact_left = 0.0
        decisive = self.knowledge.decisive_code(game)
        if decisive is not None:
            return self._settle(decisive)
        if self.search is None:
            params = self.params
            if params is None and self.exact:
                params = self.knowledge.exact_params(game)
            self.search = Search(game, self.knowledge, params, self.rng.randrange(2**32))
        budget = self.budget
        per_move = budget.move_iterations is not None or budget.move_seconds is not None
        scale = self._weighted(game) if per_move or fresh_turn else 1.0
        if fresh_turn and not per_move:  # the turn's budget: its iterations, else its time
            if self.left_iterations is not None:
                self.left_iterations = max(1, round(self.left_iterations * scale))
            elif self.left_seconds is not None:
                self.left_seconds *= scale
        share = max(1, self.knowledge.moves_left_in_turn(game))
        left_iterations, left_seconds = self.left_iterations, self.left_seconds
        self._goal_iterations = (
            None if left_iterations is None else max(1, left_iterations // share)
        )
        per_move_iterations = budget.move_iterations
        if per_move_iterations is not None:
            per_move_iterations = max(1, round(per_move_iterations * scale))
            goal_iterations = self._goal_iterations
            self._goal_iterations = (
                per_move_iterations
                if goal_iterations is None
                else min(goal_iterations, per_move_iterations)
            )
        self._base_iterations = self._goal_iterations
        self._extended = 0
        goal = None if left_seconds is None else max(LEAST_SECONDS, left_seconds / share)
        move_seconds = budget.move_seconds
        if move_seconds is not None:
            if per_move_iterations is None:  # a per-move budget in time: weight the time
                move_seconds *= scale
            goal = move_seconds if goal is None else min(goal, move_seconds)
        self._goal_seconds = goal
        if self.exact:
            self._exact_left = EXACT_SECONDS if goal is None else EXACT_SHARE * goal
        return None

    def hurry(self, seconds: float) -> None:
        self._goal_seconds = min(self._goal_seconds or seconds, self._elapsed + seconds)
        self._exact_left = min(self._exact_left, seconds)

    def think(
        self, seconds: float | None = None, should_stop: StopCheck | None = None
    ) -> Move | None:
        """Search on for at most ``seconds`` (None: the rest of the move's budget); the
        move once the budget is spent, the search has decided or ``should_stop()`` said
        so, else None."""
        search = self._searching()
        if self._exact_left > 0.0:
            code = self._solve(seconds)
            if code is not None:
                return self._settle(code)
            if self._exact_left > 0.0:  # out of this slice's time: try again next slice
                return None
        limit = None
        if self._goal_seconds is not None:
            limit = max(0.0, self._goal_seconds - self._elapsed)
        if seconds is not None:
            limit = seconds if limit is None else min(limit, seconds)
        iterations = None
        if self._goal_iterations is not None:
            iterations = max(0, self._goal_iterations - self._done)
        result = search.run(iterations, limit, should_stop)
        self._done += result.iterations
        self._elapsed += result.seconds
        finished = (
            seconds is None
            or (iterations is not None and result.iterations >= iterations)
            or (self._goal_seconds is not None and self._elapsed >= self._goal_seconds)
            or (limit is not None and result.seconds < limit)  # decided or stopped early
        )
        spent = iterations is not None and result.iterations >= iterations
        if finished and spent and not result.stopped and self._extend():
            return self.think(None, should_stop) if seconds is None else None
        return self._settle(self._slipped(result.code)) if finished else None

    def finish(self) -> Move:
        search = self._searching()
        if self._done == 0:
            self._done = search.run(1).iterations
        return self._settle(self._slipped(search.best_code()))

    # ------------------------------------------------------------------ internals
    def _weighted(self, game: Game) -> float:
        """The share of a whole budget the turn (or move) starting at ``game`` gets: its
        knowledge's weight, above 1 only as far as what was saved allows."""
        weight = self.knowledge.budget_weight(game)
        if weight <= 1.0:
            self.saved += 1.0 - weight
            return weight
        extra = min(self.saved, weight - 1.0)
        self.saved -= extra
        return 1.0 + extra

    def _extend(self) -> bool:
        """Grant the move another round of iterations if its budget allows extending,
        time is left and the two most visited moves are close (see ``Budget``)."""
        base, goal_seconds = self._base_iterations, self._goal_seconds
        if not self.budget.extend or base is None or self._goal_iterations is None:
            return False
        if self._extended >= EXTEND_ROUNDS or goal_seconds is None:
            return False
        if self._elapsed >= goal_seconds or self.search is None:
            return False
        visits = sorted((child.visits for child in self.search.root.children), reverse=True)
        if len(visits) < 2 or visits[1] < EXTEND_CLOSE * visits[0]:
            return False
        self._extended += 1
        self._goal_iterations += max(1, base // 2)
        return True

    def _solve(self, seconds: float | None) -> int | None:
        """Let the knowledge's solver try for the rest of its share or the slice
        ``seconds``; its time counts against the move's. A solver that gives up before
        its time is up (nothing to prove) is not asked again for this move."""
        game = self._game
        assert game is not None
        attempt = self._exact_left if seconds is None else min(self._exact_left, seconds)
        start = time.perf_counter()
        code = self.knowledge.exact_code(game, attempt)
        spent = time.perf_counter() - start
        self._elapsed += spent
        self._exact_left = 0.0 if spent < attempt else max(0.0, self._exact_left - spent)
        return code

    def _searching(self) -> Search:
        if self.search is None or self._game is None:
            raise RuntimeError("begin() the move first")
        return self.search

    def _slipped(self, code: int) -> int:
        """The searched move ``code``, or on a share of the moves (``slips``) one of the
        knowledge's first few for the position being chosen, at random."""
        slips = self.slips
        if slips is None or self.rng.random() >= slips.share:
            return code
        game = self._game
        assert game is not None
        choices = self.knowledge.best_codes(game, self.rng, slips.among)[: slips.among]
        return self.rng.choice(choices) if choices else code

    def _settle(self, code: int) -> Move:
        """Charge the move's thinking to the turn's budget; keep the tree (and the turn)
        when the mover goes on with the same turn."""
        self.iterations_done += self._done
        if self.left_iterations is not None:
            charged = self._done
            if self._base_iterations is not None:  # an extension is not charged
                charged = min(charged, self._base_iterations)
            self.left_iterations = max(0, self.left_iterations - charged)
        if self.left_seconds is not None:
            self.left_seconds = max(0.0, self.left_seconds - self._elapsed)
        game = self._game
        assert game is not None
        self._game = None
        after = game.clone()
        after.push_code(code)
        knowledge = self.knowledge
        if after.to_move == game.to_move and knowledge.turn_number(after) == knowledge.turn_number(
            game
        ):
            if self.search is not None:
                self.search.advance(code, after)
            self._next = after
        else:
            self.search = None
            self._next = None
        return game.move(code)


__all__ = ["Agent", "Budget", "RandomAgent", "SearchAgent"]
