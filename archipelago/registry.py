"""The registry of games by name: the command line, the search, the page and the worker
find a game here from its name or from a record's ``"game"`` key.

A game is a folder of ``archipelago/games/`` (a subpackage of ``archipelago.games``) holding
a ``manifest.py`` (``archipelago.manifest``); the registry finds every such folder when it
is imported, under CPython from the source
tree or an installed wheel and under Pyodide from the page's zipped package alike
(``pkgutil`` lists both). Folders elsewhere join with ``add_games_path`` or, for a
command, the ``ARCHIPELAGO_GAMES_PATH`` environment variable (directories holding game
folders, separated like ``PATH``). Only the manifests are read at first; a game's classes
are imported on first use, so a page that plays one game never loads the others.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import pkgutil
from collections.abc import Mapping
from typing import Any

from archipelago import games
from archipelago.errors import RecordError
from archipelago.game import Game
from archipelago.i18n import _
from archipelago.manifest import Manifest
from archipelago.reading import read_json, show

DEFAULT_GAME = "archipelago"  # the game a new visitor and a command get unless they choose
MANIFEST_MODULE = "manifest"  # the module that makes a folder here a game
PATH_VARIABLE = "ARCHIPELAGO_GAMES_PATH"

# name -> its manifest, and name -> "module:Class" implementing ``archipelago.game``
# (filled from the manifests).
_MANIFESTS: dict[str, Manifest] = {}
_GAMES: dict[str, str] = {}
_PROBLEMS: dict[str, str] = {}  # folder -> why its manifest could not be read


def discover() -> list[str]:
    """Read the manifest of every game folder on this package's path (again), and return
    every game's name. A first discovery puts the default game first, then the others by
    name; games found later come after those known already. A folder whose manifest
    cannot be read is left out, and ``folder_problems`` says why."""
    found: dict[str, Manifest] = {}
    _PROBLEMS.clear()
    for folder in pkgutil.iter_modules(games.__path__):
        if not folder.ispkg:
            continue
        try:
            manifest = _read_manifest(folder.name)
        except Exception as error:  # a folder someone added: report it, keep the others
            _PROBLEMS[folder.name] = f"{folder.name}: {error}"
            continue
        if manifest is not None:
            found[manifest.name] = manifest
    for name in sorted(found, key=lambda name: (name != DEFAULT_GAME, name)):
        _MANIFESTS[name] = found[name]
        _GAMES[name] = found[name].absolute(found[name].engine)
    return game_names()


def _read_manifest(folder: str) -> Manifest | None:
    """The manifest of the folder ``folder``, None when it holds none (not a game)."""
    package = f"{games.__name__}.{folder}"
    try:
        module = importlib.import_module(f"{package}.{MANIFEST_MODULE}")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.{MANIFEST_MODULE}":
            return None
        raise
    manifest = getattr(module, "MANIFEST", None)
    if not isinstance(manifest, Manifest):
        raise TypeError("its manifest.py must set MANIFEST = Manifest(...)")
    if manifest.name != folder:
        raise ValueError(f"its manifest names the game {manifest.name!r}: name it as its folder")
    return dataclasses.replace(manifest, package=package)


def folder_problems() -> list[str]:
    """Why each game folder left out by the last discovery was left out, one line each."""
    return [" ".join(problem.split()) for problem in _PROBLEMS.values()]


def add_games_path(directory: str) -> list[str]:
    """Look for game folders in ``directory`` too (a folder ``x`` there becomes the
    package ``archipelago.games.x``); returns the names of every game found."""
    if directory not in games.__path__:
        games.__path__.append(directory)
    return discover()


def manifests() -> list[Manifest]:
    """Every game's manifest, in the order of ``game_names``."""
    return [_MANIFESTS[name] for name in _GAMES if name in _MANIFESTS]


def manifest_of(name: str) -> Manifest:
    """The manifest of the registered game ``name`` (UnknownGameError if there is none)."""
    game_class(name)
    return _MANIFESTS[name]


class UnknownGameError(RecordError):
    """A game name that is not registered."""


def game_names() -> list[str]:
    """Every registered game, in the order they were registered."""
    return list(_GAMES)


def game_class(name: object) -> type[Game]:
    """The class of the game called ``name`` (any value read from a record)."""
    target = _GAMES.get(name) if isinstance(name, str) else None
    if target is None:
        known = ", ".join(f'"{n}"' for n in _GAMES)
        raise UnknownGameError(
            _('"game" must be one of {known}, not {value}').format(known=known, value=show(name))
        )
    module_name, _colon, class_name = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def from_record(record: Any) -> Game:
    """Replay a record (a dict as read from JSON) of any registered game."""
    if not isinstance(record, Mapping):
        raise RecordError(_("a game record must be a JSON object"))
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
    ``players``, ``variant``), checked as a record's are. A side or player count left out
    is the game's default from its manifest (its default side, its fewest players)."""
    manifest = manifest_of(name)
    defaults = {"size": manifest.default_size, "players": manifest.players.start}
    record: dict[str, Any] = {"game": name, "turns": [], **defaults, **options}
    cls = game_class(name)
    return cls.from_record(record)


for _directory in filter(None, os.environ.get(PATH_VARIABLE, "").split(os.pathsep)):
    if _directory not in games.__path__:
        games.__path__.append(_directory)
discover()
