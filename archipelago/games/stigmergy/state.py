"""The game contract of Stigmergy: ``StigmergyGame``.

``StigmergyGame`` is the contract of ``archipelago.game`` built on
``position.StigmergyPosition``, which holds the rules, the move codes and their undo; its
records, the views a page shows and its drawing are its modules', put together by
``archipelago.assembly``. Imports run one way: those modules
read a position, and only this module and the ones above it know ``StigmergyGame``.
"""

from __future__ import annotations

from archipelago.assembly import AssembledGame, Parts

from . import views
from .manifest import MANIFEST
from .notation import RESIGN
from .position import BUTTON_VALUE, StigmergyPosition
from .record import replay, to_record

__all__ = ["BUTTON_VALUE", "StigmergyGame"]


PARTS = Parts(
    to_record=to_record,
    replay=replay,
    summary=views.summary,
    explain_move=views.explain_move,
    drawing=f"{__package__}.render",
)


class StigmergyGame(StigmergyPosition, AssembledGame, manifest=MANIFEST, parts=PARTS):
    """A game of Stigmergy in progress: stones, sight counts, komi, button, history."""

    __slots__ = ()

    resign_code = RESIGN

    def __repr__(self) -> str:
        return (
            f"<StigmergyGame side {self.size}, turn {len(self._history) + 1}, "
            f"to move {self.to_move}, komi {self.komi} to {self.komi_to}>"
        )
