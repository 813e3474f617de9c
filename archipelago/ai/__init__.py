"""The computer opponent: a Monte Carlo tree search with one stone per edge, its levels,
and the random and greedy baselines. Pure Python; runs under CPython and Pyodide."""

from .agents import (
    END_TURN,
    LEVELS,
    PASS_TURN,
    Agent,
    BeginnerAgent,
    Budget,
    GreedyAgent,
    Move,
    RandomAgent,
    SearchAgent,
    apply_move,
    choose_stone,
    make_agent,
    play_turn,
)
from .mcts import Search, SearchParams, SearchResult

__all__ = [
    "END_TURN",
    "LEVELS",
    "PASS_TURN",
    "Agent",
    "BeginnerAgent",
    "Budget",
    "GreedyAgent",
    "Move",
    "RandomAgent",
    "Search",
    "SearchAgent",
    "SearchParams",
    "SearchResult",
    "apply_move",
    "choose_stone",
    "make_agent",
    "play_turn",
]
