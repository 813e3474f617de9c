"""Whether a position's best whole turn is its only good one: the test every turn of a
puzzle's solution passes when it is made and again when it is checked.

A turn is valued as the analysis values it (``archipelago.analysis.evaluate``): the
mover's chance in the position the turn leads to, the exact solver's where it proves
the rest of the game. The best turn is the analysis's best turn; the second best is the
best turn that differs from it, found by searching again with each of its moves barred
in turn (a search that may not play the best turn's first stone, then one that must
play it but not the second, ...). The best turn is an only move when its chance beats
the second best's by ``MARGIN``.

Nothing here is timed: a budget counts iterations and solver positions, so a seed and a
budget give the same verdict on every machine. A library: it never prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.evaluate import Valuation, knowledge_for, same_turn, valuing
from ..analysis.results import Budget
from ..analysis.turns import turn_text
from ..errors import ArchipelagoError
from ..game import Game
from ..registry import from_record
from ..search import Knowledge, Search
from ..search.levels import LEVEL_ITERATIONS
from ..search.node import Node
from ..search.players import computer_players
from .puzzle import Puzzle

# The best turn's chance must beat the second best's by this much (chances from 0 to 1):
# lichess's puzzler asks 0.7 on its scale of -1 to 1, the same gap.
MARGIN = 0.35
# A proof searches each position with this many times level 5's iterations per turn.
PROOF_FACTOR = 4
PROOF_SOLVE_NODES = 100_000
# A line of the second search is trusted while its node has this many visits (as the
# analysis trusts its best line); below, a fresh search chooses the next move.
TRUSTED_VISITS = 24


def proof_budget(game: str, factor: int = PROOF_FACTOR) -> Budget:
    """``factor`` times level 5's iterations per turn of ``game``, per position."""
    players = computer_players(game)
    fifth = LEVEL_ITERATIONS[5]
    if players is not None:
        fifth = players.knowledge().level_iterations.get(5, fifth)
    return Budget(factor * fifth, PROOF_SOLVE_NODES)


@dataclass(frozen=True)
class Verdict:
    """A position's best turn against its second best, for the player to move."""

    best: tuple[int, ...]  # the best turn's move codes
    text: str  # ... in the record's spelling
    chance: float  # the mover's chance after it
    second: str  # the second best turn's spelling ("" when there is no other turn)
    second_chance: float
    reply: tuple[int, ...]  # the next player's best turn after the best turn

    @property
    def margin(self) -> float:
        return self.chance - self.second_chance

    @property
    def only(self) -> bool:
        return self.margin >= MARGIN


def finished(work: Generator[None, None, Valuation]) -> Valuation:
    """A valuation's pieces run one after the other."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            value: Valuation = stop.value
            return value


def played(game: Game, codes: Sequence[int]) -> Game:
    line = game.clone()
    for code in codes:
        line.push_code(code)
    return line


class BarredSearch(Search):
    """The tree search with some of its root's moves barred: a second opinion that may
    not play the first choice."""

    def __init__(self, game: Game, knowledge: Knowledge, barred: frozenset[int], seed: int) -> None:
        self.barred = barred
        super().__init__(game, knowledge, knowledge.exact_params(game), seed)

    def _first_codes(self, node: Node, game: Game) -> None:
        super()._first_codes(node, game)
        if node is self.root and node.codes is not None:
            node.codes = [code for code in node.codes if code not in self.barred]

    def _more_codes(self, node: Node, game: Game) -> list[int]:
        codes = super()._more_codes(node, game)
        if node is self.root:
            codes[:] = [code for code in codes if code not in self.barred]
        return codes


def verdict(position: Game, budget: Budget, seed: int) -> Verdict | None:
    """The best turn of ``position``'s mover against the second best; None when the
    game is over. Stops looking for the second best once one is close enough to spoil
    the best turn."""
    mover = position.to_move
    if mover is None:
        return None
    first = finished(valuing(position, budget, seed, best=True))
    best = first.best
    text = turn_text(position, best)
    after = finished(valuing(played(position, best), budget, seed + 1, best=True))
    chance = after.chances[mover - 1]
    second, second_chance = "", 0.0
    for depth in range(len(best)):
        if chance - second_chance < MARGIN:
            break
        other = _second_turn(position, best, text, depth, budget, seed + 2 + depth)
        if other is None:
            continue
        value = finished(valuing(played(position, other), budget, seed + 10 + depth, best=False))
        if value.chances[mover - 1] >= second_chance or not second:
            second, second_chance = turn_text(position, other), value.chances[mover - 1]
    return Verdict(best, text, chance, second, second_chance, after.best)


def _second_turn(
    start: Game, best: tuple[int, ...], text: str, depth: int, budget: Budget, seed: int
) -> tuple[int, ...] | None:
    """The best turn that plays ``best``'s first ``depth`` moves and not its next one;
    None when there is none (that move is forced)."""
    knowledge = knowledge_for(start)
    line = played(start, best[:depth])
    codes = list(best[:depth])
    barred = {best[depth]}
    node: Node | None = None
    while True:
        barred |= _completing(start, line, codes, best, text, knowledge)
        if not set(line.legal_codes()) - barred:
            return None
        if node is None or node.visits < TRUSTED_VISITS or set(node.child_codes) <= barred:
            search = BarredSearch(line, knowledge_for(line), frozenset(barred), seed + len(codes))
            search.run(budget.iterations if len(codes) == depth else budget.iterations // 4)
            node = search.root
            code = _most_visited(node, barred) if node.children else search.best_code()
        else:
            code = _most_visited(node, barred)
        line.push_code(code)
        codes.append(code)
        if not same_turn(knowledge, start, line):
            return tuple(codes)
        node = node.child(code)
        barred = set()


def _most_visited(node: Node, barred: set[int]) -> int:
    choices = [
        (child.visits, -index, code)
        for index, (code, child) in enumerate(zip(node.child_codes, node.children, strict=True))
        if code not in barred
    ]
    return max(choices)[2]


def _completing(
    start: Game,
    line: Game,
    codes: list[int],
    best: tuple[int, ...],
    text: str,
    knowledge: Knowledge,
) -> set[int]:
    """The moves that would end the turn under way as the best turn (its stones in
    another order): a second opinion must not play them."""
    left = Counter(best) - Counter(codes)
    if sum(left.values()) != 1 or Counter(codes) - Counter(best):
        return set()
    (code,) = left
    if code not in line.legal_codes():
        return set()
    after = line.clone()
    after.push_code(code)
    if same_turn(knowledge, start, after) or turn_text(start, (*codes, code)) != text:
        return set()
    return {code}


# ---------------------------------------------------------------------- a whole puzzle
def position_of(record: Mapping[str, Any], turns: Sequence[str]) -> Game:
    """The position after ``record`` and ``turns`` more (RecordError if one is illegal)."""
    return from_record({**record, "turns": [*record.get("turns", []), *turns]})


class PuzzleFailure(ArchipelagoError):
    """A puzzle whose solution is not (or no longer) proven."""


def prove(puzzle: Puzzle, budget: Budget, seed: int) -> None:
    """Prove each of the solver's turns an only move again with ``seed``; PuzzleFailure
    saying where and why when one is not."""
    for index in range(0, len(puzzle.solution), 2):
        position = position_of(puzzle.record, puzzle.solution[:index])
        wanted = puzzle.solution[index]
        found = verdict(position, budget, seed + index)
        number = index // 2 + 1
        if found is None:
            raise PuzzleFailure(f"turn {number}: the game is over")
        if found.text != wanted:
            raise PuzzleFailure(f"turn {number}: the search prefers {found.text} to {wanted}")
        if not found.only:
            raise PuzzleFailure(
                f"turn {number}: {wanted} ({found.chance:.2f}) is not clearly better than "
                f"{found.second} ({found.second_chance:.2f})"
            )
    position_of(puzzle.record, puzzle.solution)  # the replies are legal too


__all__ = [
    "MARGIN",
    "PROOF_FACTOR",
    "PuzzleFailure",
    "Verdict",
    "position_of",
    "proof_budget",
    "prove",
    "verdict",
]
