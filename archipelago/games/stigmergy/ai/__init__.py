"""Stigmergy's computer players: its knowledge for the generic search
(``archipelago.search``), its baselines and the komi rule. Pure Python; runs under
CPython and Pyodide.

Modules: ``effects`` (what a move does to the score, and the evaluation), ``komi`` (the
proposal and the answer by rule, and the self-play that measures the table),
``ending`` (the pass that ends a decided game), ``knowledge`` (the search's plug-in),
``baselines`` (random, greedy, beginner).
``COMPUTER_PLAYERS`` is what ``archipelago.search.players`` finds for the game
"stigmergy": ``make_agent(level, seed, game="stigmergy")``.
"""

from archipelago.search import ComputerPlayers

from .baselines import BeginnerAgent, GreedyAgent, RandomBoardAgent
from .knowledge import PlayoutParams, StigmergyKnowledge

COMPUTER_PLAYERS = ComputerPlayers(
    knowledge=StigmergyKnowledge,
    baselines={"beginner": BeginnerAgent, "greedy": GreedyAgent, "random": RandomBoardAgent},
)

__all__ = [
    "COMPUTER_PLAYERS",
    "BeginnerAgent",
    "GreedyAgent",
    "PlayoutParams",
    "RandomBoardAgent",
    "StigmergyKnowledge",
]
