"""What a game tells the platform about itself, without loading its engine.

Each game folder under ``archipelago/games/`` holds a ``manifest.py`` with one
``MANIFEST``; the registry (``archipelago.registry``) finds the folders by that file. The
command line, the search, the page, the New game dialog and the build read the manifest
instead of naming games. A manifest names the game's modules relative to its folder
(``".state:GameState"``), so a folder can move without edits: the registry records the
package it was found in (``package``) and ``load`` resolves names against it.

A manifest imports nothing of its game but small constant modules, so that listing the
games (every page start, every command) loads no engine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .levels import LEVELS


@dataclass(frozen=True)
class Option:
    """A New game option of one game that a page address can set (``?key=word``).

    ``default`` is the setting when the option is absent; its type says how a word
    becomes a setting (``bool``: "1" or "0"; ``int``: a whole number; else the word).
    ``words`` are the words allowed; an option checked in code instead names a function
    in ``check`` (``"module:function"``, relative to the game's folder) that takes the
    word and the settings read so far (``size`` among them) and returns the setting, or
    raises ValueError with the words for the player.

    An option with a ``label`` is offered by the New game dialog, folded under More
    options: a checkbox for a yes or no (``"0"``, ``"1"``), else a list of its ``words``
    (shown as ``texts`` when given, one each), with ``note`` under it saying what it
    does. A yes or no whose default is None follows the player count: on from
    ``on_from_players`` players until the player changes it. An option checked in code
    has no label: its game's kit draws and reads it."""

    key: str
    default: Any
    words: tuple[str, ...] = ()
    check: str = ""
    label: str = ""
    note: str = ""
    texts: tuple[str, ...] = ()
    on_from_players: int = 0

    @property
    def yes_no(self) -> bool:
        """Whether the setting is a yes or no (a checkbox), not one of several words."""
        return isinstance(self.default, bool) or (self.default is None and self.words == ("0", "1"))

    def setting(self, word: str) -> Any:
        """The setting an allowed word stands for."""
        if self.yes_no:
            return word == "1"
        if isinstance(self.default, int):
            return int(word)
        return word

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` (as kept in stored settings) is a setting of this option; an
        option checked in code is checked by its game's kit instead."""
        if self.yes_no:
            return isinstance(value, bool) or (value is None and self.default is None)
        if isinstance(self.default, int):
            whole = isinstance(value, int) and not isinstance(value, bool)
            return whole and str(value) in self.words
        return isinstance(value, str) and value in self.words


@dataclass(frozen=True)
class Shot:
    """A screenshot of the game for the README (``python build.py shots``): a game of
    ``moves`` random moves after the ``opening`` moves, shown at ``width`` x ``height``."""

    file: str
    width: int
    height: int
    touch: bool = False
    size: int = 6
    players: int = 2
    moves: int = 20
    seed: int = 1
    opening: tuple[str, ...] = ()
    hover: str = ""  # a cell the pointer rests on (to show what hovering draws)


@dataclass(frozen=True)
class Manifest:
    """One game, as the platform sees it before loading it."""

    name: str  # the registry name, the "game" key of its records
    title: str
    engine: str  # "module:Class" implementing archipelago.game.Game
    players: range
    sizes: range
    default_size: int
    version: int = 1  # raised whenever its rules or its record format change
    credits: str = ""
    options: tuple[Option, ...] = ()  # New game options beyond players and size
    kit: str = ""  # "module:Class" of its page kit; the plain GameKit without one
    computer_players: str = ""  # "module:attribute" of its ComputerPlayers, if any
    levels: tuple[int, ...] = LEVELS  # the computer levels offered (with computer players)
    rules: str = ""  # its rules page, a file in its folder
    rules_page: str = ""  # where the site serves the rules page, e.g. "static/rules.html"
    rules_pictures: str = ""  # "module:function" -> {picture name: SVG} for the rules page
    replay_words: str = ""  # what ``python -m archipelago replay`` prints for it, in words
    random_words: str = ""  # what a random game of ``bench`` plays, in words
    screenshots: tuple[Shot, ...] = ()
    lesson: str = ""  # the module of its How to play lesson (``Tutorial``, ``changes``)
    tagline: str = ""  # one line on the game for its tile in the New game dialog
    size_advice: str = ""  # the sides to play, beside the New game dialog's board side
    quick_size: int = 0  # the side of a quick game against the computer (0: default_size)
    # The welcome line (HTML) of a first visit that a link to this game opens: what the
    # game is about and what the visitor plays first (empty: the tagline). The default
    # game's is index.html's own (archipelago/page/view/welcome.py).
    welcome: str = ""
    # Its developers' programs (".ai.selfplay"), run with ``python -m`` and imported by
    # nothing the page runs: the page's zip leaves them out (sitebuild/archive.py).
    tools: tuple[str, ...] = ()
    package: str = field(default="", compare=False)  # set by the registry

    def load(self, target: str) -> Any:
        """The object a ``"module:name"`` target names; a module starting with a dot is
        one of the game's own."""
        module_name, _, attribute = target.partition(":")
        return getattr(importlib.import_module(module_name, self.package or None), attribute)

    def module(self, name: str) -> ModuleType:
        """The module ``name``; one starting with a dot is one of the game's own."""
        return importlib.import_module(name, self.package or None)

    def absolute(self, target: str) -> str:
        """``target`` with a module relative to the game's folder made absolute."""
        if target.startswith("."):
            return f"{self.package}{target}"
        return target

    def option(self, key: str) -> Option | None:
        return next((option for option in self.options if option.key == key), None)

    def option_defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}
