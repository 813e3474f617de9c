"""Computer players: the interface the page and the match command use.

A move is a stone ``(colour, cell)``, ``END_TURN`` or ``PASS``. ``choose_stone`` answers
for one position; an ``Agent`` plays whole turns (``play_turn``) and, for the search,
keeps its tree from one stone of a turn to the next.

Levels (iterations per turn; a turn's budget is shared out over its stones):

1. a beginner: often thinks only about its own colour (makes its own groups, never
   merges an opponent's), sometimes drops a stone anywhere, spots the best immediate
   stone only some of the time, and never stops a turn early;
2-5. the search with growing budgets; level 5 fits about 3 s per turn in the browser.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalMoveError
from .features import END, PASS, apply_action, perspective, scored_actions
from .mcts import Search, SearchParams

if TYPE_CHECKING:
    from ..state import GameState

END_TURN = "end"
PASS_TURN = "pass"
Move = tuple[int, int] | str
StopCheck = Callable[[], bool]

# Iterations per turn, and a cap in seconds per turn that binds only on a slow machine:
# level 5 takes about 1 s per turn under CPython 3.11 here and under 3 s under Pyodide.
LEVEL_ITERATIONS = {2: 50, 3: 200, 4: 800, 5: 3000}
LEVEL_MAX_SECONDS = {2: 1.0, 3: 1.5, 4: 2.5, 5: 3.0}
LEVELS = (1, 2, 3, 4, 5)
BEGINNER_BLUNDER = 0.25  # a random stone
BEGINNER_SHARP = 0.35  # the greedy stone; otherwise its own colour only


def move_of(state: GameState, action: int) -> Move:
    if action == END:
        return END_TURN
    if action == PASS:
        return PASS_TURN
    return divmod(action, len(state.cells))


def action_of(state: GameState, move: Move) -> int:
    if move == END_TURN:
        return END
    if move == PASS_TURN:
        return PASS
    colour, cell = move  # type: ignore[misc]
    return colour * len(state.cells) + cell


def apply_move(state: GameState, move: Move) -> None:
    """Play ``move`` on ``state`` (raises IllegalMoveError for an illegal one)."""
    if move == END_TURN:
        state.end_turn()
    elif move == PASS_TURN:
        state.pass_turn()
    else:
        colour, cell = move  # type: ignore[misc]
        state.place(colour, cell)


def deciding_action(state: GameState) -> int | None:
    """An action that ends the game at once with the mover alone in first place, if any.
    Only stones that fill the board, ending the turn and passing can end a game."""
    mover = state.mover
    if mover is None:
        return None
    candidates: list[int] = []
    if state.turn_stones:
        candidates.append(END)
    else:
        candidates.append(PASS)
    if state.empty_count == 1:
        cell = state.cells.index(0)
        candidates.extend(c * len(state.cells) + cell for c in state.colours)
    best, best_reward = None, -1.0
    for action in candidates:
        trial = state.clone()
        apply_action(trial, action)
        outcome = trial.outcome()
        if outcome is None:
            continue
        reward = outcome.rewards()[mover - 1]
        if reward > best_reward:
            best, best_reward = action, reward
    return best if best_reward >= 1.0 else None


# ---------------------------------------------------------------------- agents
class Agent:
    """Plays whole turns. ``name`` is how the match command prints it."""

    name = "agent"

    def choose(self, state: GameState, should_stop: StopCheck | None = None) -> Move:
        raise NotImplementedError

    def play_turn(self, state: GameState, should_stop: StopCheck | None = None) -> list[Move]:
        """Play the mover's whole turn on ``state``; return its moves."""
        mover = state.mover
        moves: list[Move] = []
        self.start_turn(state)
        while state.mover == mover and mover is not None:
            move = self.choose(state, should_stop)
            apply_move(state, move)
            moves.append(move)
            if move in (END_TURN, PASS_TURN) or not state.turn_stones:
                break
        return moves

    def start_turn(self, state: GameState) -> None:
        """Called before the first stone of each turn."""


class RandomAgent(Agent):
    """A uniformly random stone (cell and colour), always the whole allowance."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, should_stop: StopCheck | None = None) -> Move:
        empty = state.legal_cells()
        return (self.rng.randint(1, state.players), self.rng.choice(empty))


class GreedyAgent(Agent):
    """The stone with the best immediate change in group counts for the mover (own
    count up, opponents' down; reversed in Wunchunk), ties at random; ends the turn
    when every stone would lose ground."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, should_stop: StopCheck | None = None) -> Move:
        return greedy_move(state, self.rng)


def greedy_move(state: GameState, rng: random.Random) -> Move:
    weights = perspective(state, state.mover)  # type: ignore[arg-type]
    best: list[Move] = []
    best_score = -1e9
    n_cells = len(state.cells)
    for cell in range(n_cells):
        if state.cells[cell]:
            continue
        for colour in state.colours:
            score = weights[colour] * state.stone_effect(colour, cell)
            if score > best_score + 1e-9:
                best, best_score = [(colour, cell)], score
            elif score > best_score - 1e-9:
                best.append((colour, cell))
    if best_score < 0:
        return END_TURN if state.turn_stones else PASS_TURN
    return rng.choice(best)


class BeginnerAgent(Agent):
    """Level 1, mistakes a beginner makes: it often thinks of its own colour only (makes
    its own groups, extends them, never merges an opponent's), sometimes drops a stone
    anywhere, and only some of the time spots the best immediate stone."""

    name = "beginner"

    def __init__(
        self,
        seed: int | None = None,
        blunder: float = BEGINNER_BLUNDER,
        sharp: float = BEGINNER_SHARP,
    ) -> None:
        self.rng = random.Random(seed)
        self.blunder = blunder
        self.sharp = sharp

    def choose(self, state: GameState, should_stop: StopCheck | None = None) -> Move:
        rng = self.rng
        mover = state.mover
        assert mover is not None
        empty = state.legal_cells()
        roll = rng.random()
        if roll < self.blunder:
            return (rng.randint(1, state.players), rng.choice(empty))
        if roll < self.blunder + self.sharp:
            move = greedy_move(state, rng)
            if isinstance(move, tuple):
                return move
        sign = -1 if state.variant.wunchunk else 1
        best: list[Move] = []
        best_score = -9
        for cell in empty:
            score = sign * state.stone_effect(mover, cell)
            if score > best_score:
                best, best_score = [(mover, cell)], score
            elif score == best_score:
                best.append((mover, cell))
        return rng.choice(best)


@dataclass
class Budget:
    """A turn's budget: iterations, seconds, or both (whichever runs out first)."""

    iterations: int | None = None
    seconds: float | None = None


class SearchAgent(Agent):
    """The tree search. The turn's budget is shared out evenly over the stones still to
    place; the tree is kept from one stone of the turn to the next."""

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        params: SearchParams | None = None,
        name: str = "mcts",
    ) -> None:
        self.budget = budget
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params or SearchParams()
        self.name = name
        self.search: Search | None = None
        self.left_iterations: int | None = None
        self.left_seconds: float | None = None
        self.iterations_done = 0
        # The stone being chosen (see begin / think / finish).
        self._state: GameState | None = None
        self._goal_iterations: int | None = None
        self._goal_seconds: float | None = None
        self._done = 0
        self._elapsed = 0.0

    def start_turn(self, state: GameState) -> None:
        self.search = None
        self.left_iterations = self.budget.iterations
        self.left_seconds = self.budget.seconds

    def choose(self, state: GameState, should_stop: StopCheck | None = None) -> Move:
        move = self.begin(state)
        if move is None:
            move = self.think(None, should_stop)
        assert move is not None  # without a slice limit, think() always decides
        return move

    # A stone can also be chosen in slices (begin, think ... think, or finish early), for
    # a caller that must do other work between them: the page's worker reads its
    # messages there. The budget and the kept tree are the same as for choose().
    def begin(self, state: GameState) -> Move | None:
        """Prepare the search for the mover's next stone and its share of the turn's
        budget; returns the move at once when one move wins outright."""
        decisive = deciding_action(state)
        if decisive is not None:
            return move_of(state, decisive)
        if self.search is None or not _same_position(self.search, state):
            self.search = Search(state, self.params, seed=self.rng.randrange(2**32))
        share = max(1, state.stones_left)
        self._state = state
        self._goal_iterations = (
            None if self.left_iterations is None else max(1, self.left_iterations // share)
        )
        self._goal_seconds = (
            None if self.left_seconds is None else max(0.001, self.left_seconds / share)
        )
        self._done = 0
        self._elapsed = 0.0
        return None

    def hurry(self, seconds: float) -> None:
        """Spend at most ``seconds`` more on the stone being chosen."""
        self._goal_seconds = min(self._goal_seconds or seconds, self._elapsed + seconds)

    def think(
        self, seconds: float | None = None, should_stop: StopCheck | None = None
    ) -> Move | None:
        """Search on for at most ``seconds`` (None: the rest of the stone's budget); the
        move once the budget is spent, the search has decided or ``should_stop()`` said
        so, else None."""
        limit = None
        if self._goal_seconds is not None:
            limit = max(0.0, self._goal_seconds - self._elapsed)
        if seconds is not None:
            limit = seconds if limit is None else min(limit, seconds)
        iterations = None
        if self._goal_iterations is not None:
            iterations = max(0, self._goal_iterations - self._done)
        result = self.search.run(iterations, limit, should_stop)
        self._done += result.iterations
        self._elapsed += result.seconds
        finished = (
            seconds is None
            or (iterations is not None and result.iterations >= iterations)
            or (self._goal_seconds is not None and self._elapsed >= self._goal_seconds)
            or (limit is not None and result.seconds < limit)  # decided or stopped early
        )
        return self._settle(result.action) if finished else None

    def finish(self) -> Move:
        """Stop thinking about this stone: the best move found so far."""
        if self._done == 0:
            self._done = self.search.run(1).iterations
        return self._settle(self.search.best_action())

    def _settle(self, action: int) -> Move:
        """Charge the stone's time to the turn's budget and keep the tree for the next
        stone of the same turn."""
        self.iterations_done += self._done
        if self.left_iterations is not None:
            self.left_iterations = max(0, self.left_iterations - self._done)
        if self.left_seconds is not None:
            self.left_seconds = max(0.0, self.left_seconds - self._elapsed)
        state = self._state
        move = move_of(state, action)
        after = state.clone()
        apply_action(after, action)
        if after.mover == state.mover and after.turn_stones:
            self.search.advance(action, after)
        else:
            self.search = None
        return move


def _same_position(search: Search, state: GameState) -> bool:
    # The order of a turn's stones does not matter (R3): a position read back from a
    # record lists them sorted.
    return (
        search.state.cells == state.cells
        and search.state.mover == state.mover
        and (sorted(search.state.turn_stones) == sorted(state.turn_stones))
    )


def make_agent(
    level: int,
    seed: int | None = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    params: SearchParams | None = None,
) -> Agent:
    """The computer player of ``level`` (1-5). ``iterations`` / ``seconds`` replace the
    level's budget per turn."""
    if level not in LEVELS:
        raise ValueError(f"level must be from 1 to 5, not {level}")
    if level == 1:
        return BeginnerAgent(seed)
    if iterations is None and seconds is None:
        budget = Budget(LEVEL_ITERATIONS[level], LEVEL_MAX_SECONDS[level])
    else:
        budget = Budget(iterations, seconds)
    return SearchAgent(budget, seed, params, name=f"mcts:{level}")


def choose_stone(
    state: GameState,
    level: int = 5,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    should_stop: StopCheck | None = None,
) -> Move:
    """One move for the mover of ``state``: a stone ``(colour, cell)``, ``END_TURN`` or
    ``PASS``. The budget is the level's share for one stone unless ``iterations`` or
    ``seconds`` say otherwise; ``should_stop()`` is checked every iteration and, once
    true, the best move found so far is returned."""
    if state.mover is None:
        raise IllegalMoveError("the game is over")
    agent = make_agent(level, seed, iterations=iterations, seconds=seconds)
    agent.start_turn(state)
    return agent.choose(state, should_stop)


def play_turn(
    state: GameState,
    level: int = 5,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    should_stop: StopCheck | None = None,
) -> list[Move]:
    """Play the mover's whole turn on ``state`` at ``level``; return the moves."""
    if state.mover is None:
        raise IllegalMoveError("the game is over")
    return make_agent(level, seed, iterations=iterations, seconds=seconds).play_turn(
        state, should_stop
    )


__all__ = [
    "END_TURN",
    "LEVELS",
    "PASS_TURN",
    "Agent",
    "BeginnerAgent",
    "Budget",
    "GreedyAgent",
    "Move",
    "RandomAgent",
    "SearchAgent",
    "apply_move",
    "choose_stone",
    "make_agent",
    "play_turn",
    "scored_actions",
]
