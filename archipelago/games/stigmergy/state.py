"""The game contract of Stigmergy: ``StigmergyGame``.

``StigmergyGame`` is the contract of ``archipelago.game`` built on
``position.StigmergyPosition``, which holds the rules, the move codes and their undo; this
class adds records, the views a page shows and drawing. Imports run one way: those modules
read a position, and only this module and the ones above it know ``StigmergyGame``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from archipelago.game import Game, Move

from . import views
from .manifest import MANIFEST
from .notation import RESIGN
from .position import BUTTON_VALUE, StigmergyPosition
from .record import replay, to_record

__all__ = ["BUTTON_VALUE", "StigmergyGame"]


class StigmergyGame(StigmergyPosition, Game, manifest=MANIFEST):
    """A game of Stigmergy in progress: stones, sight counts, komi, button, history."""

    __slots__ = ()

    resign_code = RESIGN

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_position(other)
        return other

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        return to_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        return replay(record, cls)

    # ------------------------------------------------------------------ for a page
    def summary(self) -> dict[str, Any]:
        return views.summary(self)

    def explain_move(self, move: Move) -> str:
        return views.explain_move(self, move)

    def board_svg(self, **options: Any) -> str:
        from .render import board_svg  # drawing is loaded only where something is drawn

        return board_svg(self, **options)

    # ------------------------------------------------------------------ equality
    def __eq__(self, other: object) -> bool:
        return isinstance(other, StigmergyGame) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<StigmergyGame side {self.size}, turn {len(self._history) + 1}, "
            f"to move {self.to_move}, komi {self.komi} to {self.komi_to}>"
        )
