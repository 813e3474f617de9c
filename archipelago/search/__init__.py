"""The game-independent computer player: a Monte Carlo tree search over the game
contract (``archipelago.game``), its agents, budgets and levels, and the matches between
agents (``match.py``, which ``python -m archipelago match`` prints; this package never prints).

A game plugs in its knowledge by subclassing ``Knowledge`` (``knowledge.py``) and naming
its ``ComputerPlayers`` (``players.py``) in its manifest; ``make_agent(level, seed,
game=...)`` then gives its computer players. Pure Python; runs under CPython and Pyodide.
"""

from .agents import Agent, Budget, RandomAgent, SearchAgent
from .knowledge import Knowledge, Slips, Solved, immediate_win
from .levels import (
    LEVEL_ITERATIONS,
    LEVEL_MAX_SECONDS,
    LEVELS,
    NoComputerPlayerError,
    choose_move,
    make_agent,
    play_turn,
)
from .mcts import Search, SearchResult, StopCheck
from .node import Node
from .params import SearchParams, terminal_rewards
from .players import ComputerPlayers, computer_players

__all__ = [
    "LEVELS",
    "LEVEL_ITERATIONS",
    "LEVEL_MAX_SECONDS",
    "Agent",
    "Budget",
    "ComputerPlayers",
    "Knowledge",
    "NoComputerPlayerError",
    "Node",
    "RandomAgent",
    "Search",
    "SearchAgent",
    "SearchParams",
    "SearchResult",
    "Slips",
    "Solved",
    "StopCheck",
    "choose_move",
    "computer_players",
    "immediate_win",
    "make_agent",
    "play_turn",
    "terminal_rewards",
]
