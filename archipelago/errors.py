"""Exceptions whose messages are meant for players.

Following python-chess, a move that cannot be read (``NotationError``) is told apart from a
move that is well formed but not allowed now (``IllegalMoveError``). Reading a game record
wraps either into a ``RecordError`` that names the turn and the stone.
"""

from __future__ import annotations


class ArchipelagoError(Exception):
    """Base of every error the engine reports to a player."""


class NotationError(ArchipelagoError, ValueError):
    """Text that does not spell a cell, a stone or a turn."""


class IllegalMoveError(ArchipelagoError, ValueError):
    """A well-formed move that the rules refuse in the current position."""


class RecordError(ArchipelagoError, ValueError):
    """A game record that cannot be read, or whose moves break the rules."""


class SetupError(ArchipelagoError, ValueError):
    """Game settings out of range: a board side, a player count, a variant."""
