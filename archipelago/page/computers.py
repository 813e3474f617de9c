"""Which games the page can seat a computer for.

A game has computer players when its manifest names them
(``archipelago.search.players.computer_players``). Archipelago has had its computer
player from the start, so its page never loads the search on the page's thread just to
ask; any other game asks the search package once, and without that package it has none.
"""

from __future__ import annotations

import importlib

from ..registry import DEFAULT_GAME

_known: dict[str, bool] = {DEFAULT_GAME: True}


def has_computer(game: str) -> bool:
    """Whether a computer can play ``game`` on the page (seats and hints)."""
    if game not in _known:
        _known[game] = _search_knows(game)
    return _known[game]


def _search_knows(game: str) -> bool:
    try:
        players = importlib.import_module("archipelago.search.players")
    except ImportError:  # no search package yet: only Archipelago's own computer player
        return False
    try:
        return players.computer_players(game) is not None
    except (ImportError, AttributeError, ValueError):  # a half-registered plug-in
        return False
