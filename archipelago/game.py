"""The game contract: what every game on the platform implements.

In the spirit of OpenSpiel's state and python-chess's push/pop. A game is a mutable
position with its history:

- ``Move`` is the one public encoding of a move: an int ``code`` (what search trees and
  playouts handle) with its canonical ``text``, the record notation. Two moves of one game
  are equal when their codes are; ``str(move)`` is the notation.
- ``legal_moves()``, ``push(move)``, ``pop() -> Move``, ``clone()``, ``to_move``,
  ``is_over`` and ``returns()`` (one reward per player, from 0 for last to 1 for first).
- ``to_record()`` / ``from_record()`` write and read the JSON record.
- ``summary()`` is the position as facts (what ``replay`` prints), ``explain_move()`` puts
  a move in words, ``board_svg()`` draws the position: what a page needs.

A game implements the int layer (``legal_codes``, ``push_code``, ``pop_code``,
``code_text``, ``parse_code``); this class builds the public ``Move`` API on it, so the
two can never disagree. Hot loops may use the codes; nothing else should.

Players are numbered from 1 in every public API; ``returns()[p - 1]`` is player p's.

Resigning is a move of the site, not of a game's rules: a game that offers it names its
code in ``resign_code``. The player to move may always play it while the game is in play,
``is_legal`` says so, but ``legal_codes()`` leaves it out, so that a search, a playout or
a random game never chooses it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from .errors import IllegalMoveError, NotationError
from .manifest import Manifest


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One move of a game. ``code`` identifies it within its game and board; ``text`` is
    its canonical spelling in records."""

    code: int
    text: str = field(compare=False)

    def __str__(self) -> str:
        return self.text


class Game(ABC):
    """A position of one game, with the moves that led to it."""

    __slots__ = ()  # games may keep their state in slots

    #: The registry key and the record's ``"game"`` value.
    name: ClassVar[str]
    #: The game's name for people.
    title: ClassVar[str]
    #: Board sides the game supports, and the one a new game gets by default.
    sizes: ClassVar[range]
    default_size: ClassVar[int]
    #: Player counts the game supports (a record names ``players`` when there are several).
    player_counts: ClassVar[range]
    #: The code of resigning (written ``resign``), or None for a game without it.
    resign_code: ClassVar[int | None] = None

    def __init_subclass__(cls, manifest: Manifest | None = None, **kwargs: Any) -> None:
        """``class G(Game, manifest=MANIFEST)`` takes the class facts (name, title, sizes,
        default side, player counts) from the game's manifest: written once, there."""
        super().__init_subclass__(**kwargs)
        if manifest is not None:
            cls.name, cls.title = manifest.name, manifest.title
            cls.sizes, cls.default_size = manifest.sizes, manifest.default_size
            cls.player_counts = manifest.players

    # ------------------------------------------------------------------ the int layer
    @property
    @abstractmethod
    def player_count(self) -> int:
        """How many players the game has."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The player to move (from 1), or None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_codes(self) -> list[int]:
        """The codes of every legal move, empty once the game is over."""

    @abstractmethod
    def push_code(self, code: int) -> None:
        """Play a move; raise IllegalMoveError (and change nothing) if it is not legal."""

    @abstractmethod
    def pop_code(self) -> int:
        """Take back the last move, restoring the exact position; return its code.
        Raise IllegalMoveError when there is nothing to take back."""

    @abstractmethod
    def code_text(self, code: int) -> str:
        """The canonical notation of a move code."""

    @abstractmethod
    def parse_code(self, text: str) -> int:
        """The code of a move written in notation; NotationError if it spells none.
        Legality is not checked here."""

    @abstractmethod
    def history_codes(self) -> list[int]:
        """Every move played so far, in order."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, history included."""

    @abstractmethod
    def returns(self) -> tuple[float, ...] | None:
        """Per player, the reward of the final result from 0 (last) to 1 (first), ties
        shared; None while the game goes on."""

    # ------------------------------------------------------------------ records
    @abstractmethod
    def to_record(self) -> dict[str, Any]:
        """The game's JSON record as a dict."""

    @classmethod
    @abstractmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """Replay a record, checking every move; RecordError names the turn and move."""

    # ------------------------------------------------------------------ for a page
    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The position as JSON-ready facts (what ``replay`` prints)."""

    @abstractmethod
    def explain_move(self, move: Move) -> str:
        """What ``move`` would do in this position, in a sentence for a player."""

    @abstractmethod
    def board_svg(self, **options: Any) -> str:
        """The position drawn as an SVG document (a pure function of the state)."""

    @classmethod
    def random_game(cls, rng: random.Random, **options: Any) -> Self:
        """One complete game of uniformly random legal moves, for benchmarks and tests;
        ``options`` are a record's setup keys. Games may override it with a faster one."""
        game = cls.from_record({"game": cls.name, "turns": [], **options})
        while not game.is_over:
            codes = game.legal_codes()
            game.push_code(codes[int(rng.random() * len(codes))])
        return game

    # ------------------------------------------------------------------ the Move API
    def move(self, code: int) -> Move:
        """The Move of a code."""
        return Move(code, self.code_text(code))

    def parse_move(self, text: str) -> Move:
        """A Move from its notation (any accepted spelling); NotationError otherwise."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written as text, not {text!r}")
        return self.move(self.parse_code(text))

    def legal_moves(self) -> list[Move]:
        return [self.move(code) for code in self.legal_codes()]

    def is_legal(self, move: Move | str) -> bool:
        try:
            code = self._code_of(move)
        except NotationError:
            return False
        if code == self.resign_code:
            return not self.is_over
        return code in self.legal_codes()

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a Move or its notation); return it as a Move. A refused move
        raises NotationError or IllegalMoveError and changes nothing."""
        code = self._code_of(move)
        self.push_code(code)
        return self.move(code)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        return self.move(self.pop_code())

    @property
    def history(self) -> list[Move]:
        return [self.move(code) for code in self.history_codes()]

    def _code_of(self, move: Move | str) -> int:
        if isinstance(move, Move):
            return move.code
        return self.parse_code(move)


__all__ = ["Game", "IllegalMoveError", "Move", "NotationError"]
