"""Which games have computer players, and what each game provides for them.

A game names a ``ComputerPlayers`` in its manifest (``computer_players``): a factory of
its ``Knowledge`` for the search, and its baseline agents by name. The
search levels (``levels.py``) and the match command find them here. Like the games'
registry, the modules are imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..registry import manifest_of
from .agents import Agent, RandomAgent
from .knowledge import Knowledge

AgentMaker = Callable[[int | None], Agent]  # seed -> agent

BEGINNER = "beginner"  # the baseline that plays level 1, when a game has one


@dataclass(frozen=True)
class ComputerPlayers:
    """A game's computer players: ``knowledge()`` makes the plug-in for one search agent;
    ``baselines`` make the other agents by name (``"beginner"`` plays level 1; the match
    command offers every name). ``"random"`` defaults to uniformly random legal moves."""

    knowledge: Callable[[], Knowledge]
    baselines: Mapping[str, AgentMaker] = field(default_factory=dict)

    def baseline(self, name: str) -> AgentMaker | None:
        return self.baselines.get(name) or (RandomAgent if name == "random" else None)


def computer_players(game: str) -> ComputerPlayers | None:
    """The computer players of ``game``, None when it has none yet. An unknown game
    name raises the registry's UnknownGameError."""
    manifest = manifest_of(game)
    target = manifest.absolute(manifest.computer_players)
    if not target:
        return None
    module_name, _, attribute = target.partition(":")
    players: ComputerPlayers = getattr(importlib.import_module(module_name), attribute)
    return players


def baseline_names(game: str) -> list[str]:
    """The baseline agents ``game`` offers by name (always at least ``random``)."""
    players = computer_players(game)
    names = list(players.baselines) if players is not None else []
    return names if "random" in names else [*names, "random"]


__all__ = [
    "BEGINNER",
    "ComputerPlayers",
    "baseline_names",
    "computer_players",
]
