"""A platform for abstract hex games that run as pure Python, and the home of Archipelago,
the game by Craig Duncan, Bill Taylor and João Neto.

The engines are pure Python with no dependencies: they run under CPython and, in the
browser, under Pyodide. They never import browser modules. Each game lives in its own
folder under ``archipelago/games/`` and is imported on first use, so importing this package
loads no game; the Archipelago names below are looked up when first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import ArchipelagoError, IllegalMoveError, NotationError, RecordError
from .hexgrid import Board, board_for

# Archipelago's public names, kept here for ``from archipelago import GameState``.
_LAZY = {
    "GameState": "archipelago.games.archipelago.state",
    "Outcome": "archipelago.games.archipelago.scoring",
    "Variant": "archipelago.games.archipelago.variant",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'archipelago' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "ArchipelagoError",
    "Board",
    "GameState",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "RecordError",
    "Variant",
    "board_for",
]
