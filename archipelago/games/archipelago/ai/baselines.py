"""Archipelago's baseline players: random stones, the greedy stone, and the beginner who
plays level 1. They answer at once; every move is the contract's ``Move``."""

from __future__ import annotations

import random
from typing import cast

from archipelago.game import Game, Move
from archipelago.search import Agent, StopCheck

from ..state import END, PASS, GameState
from .features import perspective

BEGINNER_BLUNDER = 0.25  # a random stone
BEGINNER_SHARP = 0.35  # the greedy stone; otherwise its own colour only


def _stone(state: GameState, colour: int, cell: int) -> Move:
    return state.move(colour * len(state.cells) + cell)


class RandomStoneAgent(Agent):
    """A uniformly random stone (cell and colour), always the whole allowance: random
    play that never stops a turn early nor passes."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        state = cast(GameState, game)
        return _stone(
            state, self.rng.randint(1, state.players), self.rng.choice(state.legal_cells())
        )


class GreedyAgent(Agent):
    """The stone with the best immediate change in group counts for the mover (own
    count up, opponents' down; reversed in Wunchunk), ties at random; ends the turn
    when every stone would lose ground."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        state = cast(GameState, game)
        return state.move(greedy_code(state, self.rng))


def greedy_code(state: GameState, rng: random.Random) -> int:
    """The greedy move's code (see ``GreedyAgent``)."""
    mover = state.mover
    assert mover is not None
    weights = perspective(state, mover)
    n_cells = len(state.cells)
    best: list[int] = []
    best_score = -1e9
    for cell in range(n_cells):
        if state.cells[cell]:
            continue
        for colour in state.colours:
            score = weights[colour] * state.stone_effect(colour, cell)
            if score > best_score + 1e-9:
                best, best_score = [colour * n_cells + cell], score
            elif score > best_score - 1e-9:
                best.append(colour * n_cells + cell)
    if best_score < 0:
        return END if state.turn_stones else PASS
    return rng.choice(best)


class BeginnerAgent(Agent):
    """Level 1, mistakes a beginner makes: it often thinks of its own colour only (makes
    its own groups, extends them, never merges an opponent's), sometimes drops a stone
    anywhere, and only some of the time spots the best immediate stone. It never stops a
    turn early."""

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

    def choose(self, game: Game, should_stop: StopCheck | None = None) -> Move:
        state = cast(GameState, game)
        rng = self.rng
        mover = state.mover
        assert mover is not None
        empty = state.legal_cells()
        roll = rng.random()
        if roll < self.blunder:
            return _stone(state, rng.randint(1, state.players), rng.choice(empty))
        if roll < self.blunder + self.sharp:
            code = greedy_code(state, rng)
            if code >= 0:
                return state.move(code)
        sign = -1 if state.variant.wunchunk else 1
        best: list[int] = []
        best_score = -9
        for cell in empty:
            score = sign * state.stone_effect(mover, cell)
            if score > best_score:
                best, best_score = [cell], score
            elif score == best_score:
                best.append(cell)
        return _stone(state, mover, rng.choice(best))


__all__ = ["BeginnerAgent", "GreedyAgent", "RandomStoneAgent", "greedy_code"]
