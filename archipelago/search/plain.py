"""The yardstick agents ``uct`` and ``grave``: a search that knows nothing of the game.

They are what a general game-playing program brings to any game: one move per edge of
the tree (the same tree shape as the game's own search), every legal move tried in
random order with no prior and no widening, and playouts of uniformly random play to the
end of the game scored by the real final ranking (``Knowledge.random_playout``: for
Archipelago a random colour on a random empty cell, each turn its whole allowance).
``grave`` adds GRAVE statistics (Cazenave, IJCAI 2015) to the same search. They measure
the game's own search: honest and, with enough time, strong.

Only what a turn is (for budgets shared over a turn) and the fast random playout come
from the game's ``Knowledge``; its priors, evaluation and playout policy are not used.
"""

from __future__ import annotations

import random

from ..game import Game
from .agents import Budget, SearchAgent
from .knowledge import Knowledge
from .params import SearchParams
from .players import computer_players

PLAIN_KINDS = ("uct", "grave")
UCT_PARAMS = SearchParams(explore=0.7)
GRAVE_PARAMS = SearchParams(explore=0.2, grave_ref=50, grave_record=1, grave_bias=1e-6)


class PlainKnowledge(Knowledge):
    """Default knowledge (shuffled moves, no evaluation) with the game's random playout
    and turn structure."""

    def __init__(self, game_knowledge: Knowledge) -> None:
        self.game_knowledge = game_knowledge

    def playout(self, game: Game, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
        return self.game_knowledge.random_playout(game, trail, rng)

    def turn_number(self, game: Game) -> int:
        return self.game_knowledge.turn_number(game)

    def moves_left_in_turn(self, game: Game) -> int:
        return self.game_knowledge.moves_left_in_turn(game)

    def same_position(self, a: Game, b: Game) -> bool:
        return self.game_knowledge.same_position(a, b)


def plain_agent(game: str, kind: str, budget: Budget, seed: int | None = None) -> SearchAgent:
    """The ``uct`` or ``grave`` agent for ``game`` (any game of the registry)."""
    if kind not in PLAIN_KINDS:
        raise ValueError(f"kind must be one of {', '.join(PLAIN_KINDS)}, not {kind!r}")
    players = computer_players(game)
    inner = players.knowledge() if players is not None else Knowledge()
    params = UCT_PARAMS if kind == "uct" else GRAVE_PARAMS
    return SearchAgent(PlainKnowledge(inner), budget, seed, params, name=kind)


__all__ = ["GRAVE_PARAMS", "PLAIN_KINDS", "UCT_PARAMS", "PlainKnowledge", "plain_agent"]
