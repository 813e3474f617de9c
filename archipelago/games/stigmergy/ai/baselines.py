"""Stigmergy's baseline players: random moves, the greedy move, and the beginner who
plays level 1. They answer at once. All of them propose and answer the komi by the
rule of ``komi.py``, so that a match measures how they play the board."""

from __future__ import annotations

import random
from typing import cast

from archipelago.game import Game, Move
from archipelago.search import Agent, StopCheck

from ..notation import PASS, PLAY_SECOND
from ..state import StigmergyGame
from .effects import gain, scored_codes
from .ending import settled_pass
from .komi import rule_code

BEGINNER_BLUNDER = 0.3  # a random board move
BEGINNER_SHARP = 0.3  # the greedy move; otherwise the move best for its own score only


def board_codes(game: StigmergyGame) -> list[int]:
    """The mover's legal board moves (``play-second`` left out: that is the rule's)."""
    return [code for code in game.legal_codes() if code != PLAY_SECOND]


class RuledAgent(Agent):
    """An agent that settles the komi by rule and leaves board moves to ``board_code``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        state = cast(StigmergyGame, game)
        ruled = rule_code(state)
        return state.move(ruled if ruled is not None else self.board_code(state))

    def board_code(self, game: StigmergyGame) -> int:
        raise NotImplementedError


class RandomBoardAgent(RuledAgent):
    """A uniformly random legal board move (the komi by rule)."""

    name = "random"

    def board_code(self, game: StigmergyGame) -> int:
        return self.rng.choice(board_codes(game))


class GreedyAgent(RuledAgent):
    """The board move with the best immediate change of the score margin, ties at
    random."""

    name = "greedy"

    def board_code(self, game: StigmergyGame) -> int:
        return scored_codes(game, self.rng)[0][1]


class BeginnerAgent(RuledAgent):
    """Level 1, a beginner's mistakes: now and then any move at all, only some of the
    time the move that gains most; otherwise the move that adds most to its own score,
    blind to what it takes from the opponent (it never blocks on purpose). After the
    opponent's pass it passes when the game is settled (``ending.py``), and otherwise
    takes the move that gains most: a beginner too sees the points left on the board
    once the opponent stops."""

    name = "beginner"

    def __init__(
        self,
        seed: int | None = None,
        blunder: float = BEGINNER_BLUNDER,
        sharp: float = BEGINNER_SHARP,
    ) -> None:
        super().__init__(seed)
        self.blunder = blunder
        self.sharp = sharp

    def board_code(self, game: StigmergyGame) -> int:
        rng = self.rng
        if game.passes == 1 and PASS in game.legal_codes():
            settled = settled_pass(game)
            return settled if settled is not None else scored_codes(game, rng)[0][1]
        roll = rng.random()
        codes = board_codes(game)
        if roll < self.blunder:
            return rng.choice(codes)
        if roll < self.blunder + self.sharp:
            return scored_codes(game, rng)[0][1]
        mover = game.to_move
        assert mover is not None
        best: list[int] = []
        best_score = -1e9
        for code in codes:
            score = own_gain(game, code, mover)
            if score > best_score:
                best, best_score = [code], score
            elif score == best_score:
                best.append(code)
        return rng.choice(best)


def own_gain(game: StigmergyGame, code: int, player: int) -> float:
    """What the move adds to ``player``'s own score, ignoring the opponent's: the
    margin's change less what the opponent loses."""
    other = 3 - player
    before = game.scores()[other - 1]
    total = gain(game, code, player)
    game.push_code(code)
    after = game.scores()[other - 1]
    game.pop_code()
    return total + (after - before)


__all__ = ["BeginnerAgent", "GreedyAgent", "RandomBoardAgent", "board_codes", "own_gain"]
