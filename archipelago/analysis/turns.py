"""A game record's turns, the positions the analysis values, and the judgement of each
turn played.

The record is cut into whole turns with the game's own idea of a turn (the search's
``Knowledge.turn_number`` and the player to move): the turn strings of the record, one
per turn. Position ``i`` is the start of turn ``i + 1``; the last one is the position
the record reaches. The mover's chance before a turn is their chance after the
computer's best turn; after it, their chance in the position the turn played leads to
(``Analyser`` says why both are measured after a turn). The last position of a finished
game is valued by its result, so the last turn's chance after is the result itself.

The judgements and their thresholds are in ``results.py``.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ..errors import ArchipelagoError
from ..game import Game
from ..i18n import _
from ..registry import from_record
from .evaluate import Valuation, Work, knowledge_for, same_turn, valuing
from .results import Budget, TurnAnalysis, judge

# Each position's seed: the analysis seed spread out so that neighbours differ.
SEED_STRIDE = 1_000_003


class TurnSplitError(ArchipelagoError):
    """A record whose moves do not fall into its turn strings (should never happen)."""


@dataclass(frozen=True)
class Turn:
    """One turn of a record: its number (from 1), its player, its record notation and
    its move codes."""

    number: int
    mover: int
    text: str
    codes: tuple[int, ...]


def start_of(game: Game) -> Game:
    """The game's first position (its setup, no moves)."""
    record = game.to_record()
    record["turns"] = []
    record.pop("current", None)
    return from_record(record)


def split_turns(game: Game) -> list[Turn]:
    """The whole turns of ``game`` (a turn in progress is left out), in order."""
    texts = game.to_record().get("turns", [])
    knowledge = knowledge_for(game)
    line = start_of(game)
    turns: list[Turn] = []
    codes: list[int] = []
    start = line.clone()
    for code in game.history_codes():
        line.push_code(code)
        codes.append(code)
        if not same_turn(knowledge, start, line):
            if len(turns) >= len(texts) or start.to_move is None:
                raise TurnSplitError(_("the record's moves do not match its turns"))
            turns.append(Turn(len(turns) + 1, start.to_move, texts[len(turns)], tuple(codes)))
            codes = []
            start = line.clone()
    if len(turns) != len(texts):
        raise TurnSplitError(_("the record's moves do not match its turns"))
    return turns


def turn_text(game: Game, codes: tuple[int, ...]) -> str:
    """The record notation of the turn ``codes`` played from ``game``."""
    line = game.clone()
    for code in codes:
        line.push_code(code)
    turns = line.to_record().get("turns", [])
    return str(turns[-1]) if turns else ""


class Analyser:
    """The analysis of one record, one valuation at a time (``step``), so that a caller
    can show progress and stop between them.

    Every position a turn starts from is searched for its best turn. The mover's chance
    before a turn is the value of the position its best turn leads to, and after it the
    value of the position the turn played leads to: both are positions with the next
    player to move, so the search's leaning towards the player to move falls alike on
    both and the drop between them is fair. When the best turn is the turn played the
    two are one position, searched once."""

    def __init__(self, game: Game, budget: Budget | None = None, seed: int = 1) -> None:
        self.game = game.clone()
        self.budget = budget or Budget()
        self.seed = seed
        self.turns = split_turns(self.game)
        self.positions: list[Game] = [start_of(self.game)]
        for turn in self.turns:
            after = self.positions[-1].clone()
            for code in turn.codes:
                after.push_code(code)
            self.positions.append(after)
        self.values: list[Valuation] = []  # of positions[i], with its best turn
        self.best_texts: list[str] = []
        self.best_values: list[Valuation] = []  # of the position after best turn i
        self.rows: list[TurnAnalysis] = []
        self._work = self._all_work()

    @property
    def total(self) -> int:
        """How many turns the analysis judges."""
        return len(self.turns)

    @property
    def done(self) -> bool:
        return len(self.rows) == len(self.turns)

    def step(self) -> int:
        """One piece of work more (a few dozen search iterations at most); return how
        many turns are analysed so far."""
        if not self.done:
            next(self._work, None)
        return len(self.rows)

    def run(self) -> list[TurnAnalysis]:
        while not self.done:
            self.step()
        return self.rows

    def _valuing(self, position: Game, index: int, best: bool) -> Work:
        seed = self.seed * SEED_STRIDE + index
        return valuing(position, self.budget, seed, best)

    def _all_work(self) -> Generator[None, None, None]:
        last = len(self.turns)
        self.values.append((yield from self._valuing(self.positions[0], 0, True)))
        for i, turn in enumerate(self.turns):
            start, codes = self.positions[i], self.values[i].best
            best_text = turn_text(start, codes) if codes else ""
            self.best_texts.append(best_text)
            after = self.positions[i + 1]
            self.values.append((yield from self._valuing(after, 2 * (i + 1), i + 1 < last)))
            if best_text == turn.text:
                self.best_values.append(self.values[i + 1])
            else:
                after_best = start.clone()
                for code in codes:
                    after_best.push_code(code)
                valued = yield from self._valuing(after_best, 2 * i + 1, False)
                self.best_values.append(valued)
            self.rows.append(self._row(i))
            yield

    def _row(self, i: int) -> TurnAnalysis:
        turn = self.turns[i]
        mover = turn.mover
        after_best, after = self.best_values[i], self.values[i + 1]
        chance_after = after.chances[mover - 1]
        # The best turn's value bounds the turn played's, unless the search missed a
        # better turn: then the turn played is the better measure of the position.
        chance_before = max(after_best.chances[mover - 1], chance_after)
        best = self.best_texts[i]
        proven_equal = after_best.exact and after.exact and chance_after >= chance_before
        played_best = best == turn.text or proven_equal
        return TurnAnalysis(
            turn.number,
            mover,
            turn.text,
            chance_before,
            chance_after,
            best,
            judge(chance_before - chance_after, played_best),
            after.chances,
            after_best.exact,
        )


def analyse(game: Game, budget: Budget | None = None, seed: int = 1) -> list[TurnAnalysis]:
    """Every whole turn of ``game`` analysed (see the module's text)."""
    return Analyser(game, budget, seed).run()


__all__ = ["Analyser", "Turn", "TurnSplitError", "analyse", "split_turns", "start_of", "turn_text"]
