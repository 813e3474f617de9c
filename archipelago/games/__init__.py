"""The registry of games by name: the command line, the search, the page and the worker
find a game here from its name or from a record's ``"game"`` key.

Classes are imported on first use, so a page that plays one game never loads the others.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

from archipelago.errors import RecordError
from archipelago.game import Game
from archipelago.reading import read_json, show

DEFAULT_GAME = "archipelago"

# name -> "module:Class", each class implementing the contract of ``archipelago.game``.
_GAMES: dict[str, str] = {
    "archipelago": "archipelago.games.archipelago.state:GameState",
    "stigmergy": "archipelago.games.stigmergy.state:StigmergyGame",
}


class UnknownGameError(RecordError):
    """A game name that is not registered."""


def game_names() -> list[str]:
    """Every registered game, in the order they were registered."""
    return list(_GAMES)


def register(name: str, target: str) -> None:
    """Add a game (``target`` is ``"module:Class"``)."""
    _GAMES[name] = target


def game_class(name: object) -> type[Game]:
    """The class of the game called ``name`` (any value read from a record)."""
    target = _GAMES.get(name) if isinstance(name, str) else None
    if target is None:
        known = ", ".join(f'"{n}"' for n in _GAMES)
        raise UnknownGameError(f'"game" must be one of {known}, not {show(name)}')
    module_name, _, class_name = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def from_record(record: Any) -> Game:
    """Replay a record (a dict as read from JSON) of any registered game."""
    if not isinstance(record, Mapping):
        raise RecordError("a game record must be a JSON object")
    return game_class(record.get("game")).from_record(record)


def parse_record_json(text: str) -> Any:
    """JSON text of a record as Python data, every limit of ``archipelago.reading``
    checked; RecordError, saying where, if it cannot be read. Every game's ``loads``
    reads its text through here."""
    return read_json(text)


def loads(text: str) -> Game:
    """Read a record of any registered game from JSON text."""
    return from_record(parse_record_json(text))


def dumps(game: Game) -> str:
    return json.dumps(game.to_record())


def new_game(name: str = DEFAULT_GAME, **options: Any) -> Game:
    """A new game of ``name``; ``options`` are the record's setup keys (``size``,
    ``players``, ``variant``), checked as a record's are."""
    record: dict[str, Any] = {"game": name, "turns": [], **options}
    cls = game_class(name)
    return cls.from_record(record)
