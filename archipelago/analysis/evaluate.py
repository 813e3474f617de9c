"""One position of a game, valued by the computer: each player's chance and the mover's
best whole turn.

Game-independent: it uses the contract (``archipelago.game``), the registry's computer
players (``archipelago.search.players``) and the search. A position is valued by

- the game's exact solver (``Knowledge.solve``) when it proves the rest of the game
  within the budget's positions: the chances are then the true result under best play;
- else, once the game's knowledge takes the outcome as settled though the game goes on
  (``Knowledge.decided``: a position the player behind can no longer turn round), that
  outcome: a decided game's moves lose no chance, so none is a mistake;
- else the strongest level's tree search (its knowledge and knobs) for the budget's
  iterations: the chances are the mean results of the most visited first move, each
  player's expected share of the result (0 last, 1 first, ties shared).

The best turn is the mover's moves up to the end of their turn: the solver's moves, or
the most visited line of the tree, searched further where the tree thins out. A budget
counts iterations and solver positions, never seconds, so a seed and a budget give the
same answer on every machine.

The work comes in pieces (``valuing`` is a generator that pauses between them: a few
dozen iterations, or a thousand solver positions), so that the page's worker can read
its messages, a Stop among them, between two pieces. The command runs the same pieces
one after the other, so both give the same answer.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ..errors import ArchipelagoError
from ..game import Game
from ..i18n import _
from ..registry import game_class
from ..search import Knowledge, Search, Solved, computer_players
from ..search.node import Node
from .results import Budget

# A line of the tree is trusted for the best turn's next move while its node has at
# least this many visits; below, that move gets a search of its own.
TRUSTED_VISITS = 24
# That search gets this share of the position's iterations.
FOLLOW_SHARE = 0.25
# The pieces of work between two pauses: iterations of a search, positions of a solve.
ITERATION_PIECE = 32
NODE_PIECE = 1000

Work = Generator[None, None, "Valuation"]


class NoAnalysisError(ArchipelagoError):
    """A game that has no computer player to analyse with."""


@dataclass(frozen=True)
class Valuation:
    """A position as the computer sees it: each player's chance (player 1 first), the
    mover's best turn as move codes, and whether the chances are proven."""

    chances: tuple[float, ...]
    best: tuple[int, ...]
    exact: bool


def knowledge_for(game: Game) -> Knowledge:
    """A fresh plug-in of the strongest level for ``game``'s search (fresh, so that no
    table kept from another position changes an answer)."""
    players = computer_players(game.name)
    if players is None:
        title = game_class(game.name).title
        raise NoAnalysisError(
            _("{game} has no computer player to analyse with yet").format(game=title)
        )
    return players.knowledge().strongest()


def same_turn(knowledge: Knowledge, before: Game, after: Game) -> bool:
    """Whether ``after`` (``before`` with moves played) is still the same player's turn."""
    return after.to_move is not None and (
        after.to_move == before.to_move
        and knowledge.turn_number(after) == knowledge.turn_number(before)
    )


def valuing(game: Game, budget: Budget, seed: int, best: bool = True) -> Work:
    """``game`` valued for every player, with its mover's best turn (none once over, or
    without ``best``), in pieces: a generator that pauses between them and returns the
    valuation."""
    returns = game.returns()
    if returns is not None or game.to_move is None:
        return Valuation(tuple(returns or ()), (), True)
    knowledge = knowledge_for(game)
    if budget.solve_nodes:
        solved = yield from _solved(game, knowledge, budget, best)
        if solved is not None:
            return solved
    decided = knowledge.decided(game)
    if decided is not None and not best:
        return Valuation(decided, (), False)
    searched = yield from _searched(game, knowledge, budget, seed, best)
    if decided is not None:  # the search finds the best turn; the chances are known
        return Valuation(decided, searched.best, False)
    return searched


def _solving(knowledge: Knowledge, game: Game, most: int) -> Generator[None, None, Solved | None]:
    """The solver on ``game`` in pieces of positions, at most ``most`` in all: each try
    starts from what the last one left in its table."""
    spent = 0
    while spent < most:
        piece = min(NODE_PIECE, most - spent)
        solved = knowledge.solve(game, piece)
        if solved is not None:
            return solved
        spent += piece
        yield
    return None


def _solved(
    game: Game, knowledge: Knowledge, budget: Budget, best: bool
) -> Generator[None, None, Valuation | None]:
    first = yield from _solving(knowledge, game, budget.solve_nodes)
    if first is None:
        return None
    if not best:
        return Valuation(first.values, (), True)
    line = game.clone()
    codes = [first.code]
    line.push_code(first.code)
    while same_turn(knowledge, game, line):
        step = yield from _solving(knowledge, line, budget.solve_nodes)
        if step is None:  # cannot happen with a table that proved the first move
            return None
        codes.append(step.code)
        line.push_code(step.code)
    return Valuation(first.values, tuple(codes), True)


def _grow(search: Search, iterations: int) -> Generator[None, None, None]:
    """``iterations`` more iterations of ``search``, in pieces."""
    done = 0
    while done < iterations:
        done += search.run(min(ITERATION_PIECE, iterations - done)).iterations
        root_codes = search.root.codes
        if root_codes is not None and len(root_codes) == 1:
            return  # a forced move: nothing to choose
        yield


def _searched(
    game: Game, knowledge: Knowledge, budget: Budget, seed: int, best: bool
) -> Generator[None, None, Valuation]:
    search = Search(game, knowledge, knowledge.exact_params(game), seed)
    yield from _grow(search, budget.iterations)
    root = search.root
    players = game.player_count
    if root.children:
        child = root.children[root.best_index()]
        chances = _mean(child, players)
    else:  # a single legal move ends the search at once: value its outcome
        chances = _mean(root, players) if root.visits else (0.5,) * players
    line: tuple[int, ...] = ()
    if best:
        line = yield from _best_line(game, knowledge, search, budget, seed)
    return Valuation(chances, line, False)


def _mean(node: Node, players: int) -> tuple[float, ...]:
    visits = max(1, node.visits)
    return tuple(min(1.0, max(0.0, node.value[p] / visits)) for p in range(1, players + 1))


def _best_line(
    game: Game, knowledge: Knowledge, search: Search, budget: Budget, seed: int
) -> Generator[None, None, tuple[int, ...]]:
    """The mover's whole turn along the tree's most visited moves; where the tree is too
    thin to trust, a fresh search chooses the next move."""
    line = game.clone()
    node: Node | None = search.root
    best: list[int] = []
    follow = max(1, int(budget.iterations * FOLLOW_SHARE))
    while True:
        decisive = knowledge.decisive_code(line)
        if decisive is not None:
            code = decisive
            node = None
        elif node is not None and node.children and (not best or node.visits >= TRUSTED_VISITS):
            index = node.best_index()
            code = node.child_codes[index]
            node = node.children[index]
        else:
            sub = Search(line, knowledge, knowledge.exact_params(line), seed + len(best) + 1)
            yield from _grow(sub, follow)
            code = sub.best_code()
            node = sub.root.child(code)
        line.push_code(code)
        best.append(code)
        if not same_turn(knowledge, game, line):
            return tuple(best)


__all__ = [
    "Budget",
    "NoAnalysisError",
    "Valuation",
    "knowledge_for",
    "same_turn",
    "valuing",
]
