"""A game's contract put together from its own modules, the way every game here is built.

A game keeps its rules in a position class (the moves, the undo, ``snapshot()`` and
``_copy_position()``) and its record, views and drawing in modules of their own, which
read a position. ``AssembledGame`` is the rest of ``archipelago.game.Game``, written once:
copies, equality, and the record, views and drawing handed to the game's modules named in
its ``Parts``::

    class MyGame(MyPosition, AssembledGame, manifest=MANIFEST, parts=Parts(...)):
        ...
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, Self, cast

from .game import Game, Move


@dataclass(frozen=True)
class Parts:
    """A game's modules that make its contract, each taking the position first."""

    to_record: Callable[[Any], dict[str, Any]]  # the position's record
    replay: Callable[[Any, Any], Any]  # (record, the class) -> the game, every move checked
    summary: Callable[[Any], dict[str, Any]]
    explain_move: Callable[[Any, Move], str]
    # The module with ``board_svg(position, **options)``, by its full name: imported only
    # where something is drawn, so that a search or the computer's worker never loads it.
    drawing: str


class AssembledGame(Game):
    """``Game`` for a class that also inherits its position (which comes first, so its
    ``snapshot`` and ``_copy_position`` are the ones used)."""

    __slots__ = ()

    parts: ClassVar[Parts]

    def __init_subclass__(cls, parts: Parts | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if parts is not None:
            cls.parts = parts

    @abstractmethod
    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the game, for equality."""

    @abstractmethod
    def _copy_position(self, other: Any) -> None:
        """Make ``other`` (a bare instance) an independent copy, history included."""

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_position(other)
        return other

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        return self.parts.to_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        return cast(Self, cls.parts.replay(record, cls))

    # ------------------------------------------------------------------ for a page
    def summary(self) -> dict[str, Any]:
        return self.parts.summary(self)

    def explain_move(self, move: Move) -> str:
        return self.parts.explain_move(self, move)

    def board_svg(self, **options: Any) -> str:
        drawn: str = import_module(self.parts.drawing).board_svg(self, **options)
        return drawn

    # ------------------------------------------------------------------ equality
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, AssembledGame)
            and other.name == self.name
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable
