"""The computer player's levels, for every game that has computer players.

1. the game's beginner (for Archipelago: often thinks only about its own colour, drops a
   stone anywhere now and then, spots the best immediate stone only some of the time);
   a game without one gets the search with the smallest budget;
2-5. the search with growing budgets; level 5 fits about 3 s per turn in the browser,
   searches on while its choice is close (``Budget.extend``) and is ``exact``: the
   game's knowledge may solve its last moves and give it its own knobs.

Budgets are per turn (shared over the turn's moves): iterations, with a cap in seconds
that binds only on a slow machine (level 5 takes about 1 s per Archipelago turn under
CPython 3.11 here and under 3 s under Pyodide). A game whose iterations cost more sets
its own iterations per level in its ``Knowledge.level_iterations``; the
caps in seconds are the same for every game. A level whose search alone plays too close
to the level above can be given slips, a share of moves picked at random among the
knowledge's first few (``Knowledge.level_slips``).
"""

from __future__ import annotations

from ..errors import ArchipelagoError, IllegalMoveError
from ..game import Game, Move
from ..levels import LEVELS
from ..registry import DEFAULT_GAME, game_class
from .agents import Agent, Budget, SearchAgent
from .mcts import StopCheck
from .params import SearchParams
from .players import BEGINNER, computer_players

LEVEL_ITERATIONS = {1: 10, 2: 50, 3: 200, 4: 800, 5: 3000}
LEVEL_MAX_SECONDS = {1: 0.5, 2: 1.0, 3: 1.5, 4: 2.5, 5: 3.0}
EXACT_LEVEL = 5  # from this level on, a game's exact solver plays the last stones
# From this level on, a close choice searches on past the level's iterations, within its
# cap in seconds (``Budget.extend``): level 5 used to stop far below its cap.
EXTEND_LEVEL = 5


class NoComputerPlayerError(ArchipelagoError):
    """A game that has no computer player of the level asked for (yet)."""


def make_agent(
    level: int,
    seed: int | None = None,
    *,
    game: str = DEFAULT_GAME,
    iterations: int | None = None,
    seconds: float | None = None,
    params: SearchParams | None = None,
    move_seconds: float | None = None,
    move_iterations: int | None = None,
    cap_scale: float = 1.0,
) -> Agent:
    """The computer player of ``game`` at ``level`` (1-5). ``iterations`` / ``seconds``
    (per turn) or ``move_seconds`` / ``move_iterations`` (per move) replace a search
    level's budget (its slips, if the game gives it any, stay); ``params`` its tuned
    knobs. ``cap_scale`` multiplies the level's cap in seconds (for matches on a loaded
    machine, where the cap would cut searches a player's machine completes)."""
    if level not in LEVELS:
        raise ValueError(f"level must be from {LEVELS[0]} to {LEVELS[-1]}, not {level}")
    players = computer_players(game)
    if players is None:
        raise NoComputerPlayerError(
            f"{game_class(game).title} has no computer player of level {level} yet "
            "(only random moves)"
        )
    if level == 1:
        beginner = players.baseline(BEGINNER)
        if beginner is not None:
            return beginner(seed)
    knowledge = players.knowledge()
    replaced = (iterations, seconds, move_seconds, move_iterations)
    if all(budget is None for budget in replaced):
        level_iterations = knowledge.level_iterations.get(level, LEVEL_ITERATIONS[level])
        extend = level >= EXTEND_LEVEL
        cap = LEVEL_MAX_SECONDS[level] * cap_scale
        budget = Budget(level_iterations, cap, extend=extend)
    else:
        budget = Budget(iterations, seconds, move_seconds, move_iterations=move_iterations)
    slips = knowledge.level_slips.get(level)
    exact = level >= EXACT_LEVEL
    return SearchAgent(
        knowledge, budget, seed, params, name=f"mcts:{level}", slips=slips, exact=exact
    )


def choose_move(
    game: Game,
    level: int = 5,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    should_stop: StopCheck | None = None,
) -> Move:
    """One move for the mover of ``game`` at ``level``, with a fresh turn's share of the
    budget unless ``iterations`` or ``seconds`` say otherwise; ``should_stop()`` is
    checked every iteration and, once true, the best move found so far is returned."""
    if game.is_over:
        raise IllegalMoveError("the game is over")
    agent = make_agent(level, seed, game=game.name, iterations=iterations, seconds=seconds)
    agent.start_turn(game)
    return agent.choose(game, should_stop)


def play_turn(
    game: Game,
    level: int = 5,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    should_stop: StopCheck | None = None,
) -> list[Move]:
    """Play the mover's whole turn on ``game`` at ``level``; return the moves."""
    agent = make_agent(level, seed, game=game.name, iterations=iterations, seconds=seconds)
    return agent.play_turn(game, should_stop)


__all__ = [
    "LEVELS",
    "LEVEL_ITERATIONS",
    "LEVEL_MAX_SECONDS",
    "NoComputerPlayerError",
    "choose_move",
    "make_agent",
    "play_turn",
]
