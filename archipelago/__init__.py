"""Archipelago, the abstract hex game by Craig Duncan, Bill Taylor and João Neto.

The engine is pure Python with no dependencies: it runs under CPython and, in the
browser, under Pyodide. It never imports browser modules.
"""

from .board import Board, board_for
from .errors import ArchipelagoError, IllegalMoveError, NotationError, RecordError
from .scoring import Outcome
from .state import GameState
from .variant import Variant

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
