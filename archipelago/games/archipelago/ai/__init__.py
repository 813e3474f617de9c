"""Archipelago's computer players: its knowledge for the generic search
(``archipelago.search``) and its baselines. Pure Python; runs under CPython and Pyodide.

``COMPUTER_PLAYERS`` is what ``archipelago.search.players`` finds for the game
"archipelago": make agents with ``archipelago.search.make_agent(level, seed)``.
"""

from archipelago.search import ComputerPlayers

from .baselines import BeginnerAgent, GreedyAgent, RandomStoneAgent, greedy_code
from .knowledge import ArchipelagoKnowledge, PlayoutParams, soft_rewards

COMPUTER_PLAYERS = ComputerPlayers(
    knowledge=ArchipelagoKnowledge,
    baselines={"beginner": BeginnerAgent, "greedy": GreedyAgent, "random": RandomStoneAgent},
)

__all__ = [
    "COMPUTER_PLAYERS",
    "ArchipelagoKnowledge",
    "BeginnerAgent",
    "GreedyAgent",
    "PlayoutParams",
    "RandomStoneAgent",
    "greedy_code",
    "soft_rewards",
]
