"""What the page's controller asks of the browser: the ``Browser`` protocol.

static/app.py gives the browser's own (index.html's functions, the page's clock and
timers, WebAudio); CPython tests give a fake that keeps the page as data. As with the
scheduler's clock, worker and timer, nothing here imports the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .view import Changes


class Browser(Protocol):
    """What the controller asks of the page and the browser (static/app.py's)."""

    def apply(self, changes: Changes) -> None:
        """Put the changes into the page (index.html's applyPageChanges)."""

    def show_dialog(self, name: str, shown: bool) -> None:
        """Open the dialog ``name`` as a modal one, or close it."""

    def focus(self, element_id: str) -> None: ...

    def scroll_history(self) -> None:
        """Keep the turn shown in the moves list in view, else the latest one."""

    def mark_history(self, marks: dict[str, str]) -> None:
        """The analysis's marks in the moves list ({turn: HTML}; the others lose theirs)."""

    def draw_ghost(self, drawing: str) -> None:
        """The analysis's best turn drawn faintly over the board ("": none)."""

    def clock(self) -> float:
        """The page's time in milliseconds (performance.now)."""

    def date_now(self) -> float:
        """Milliseconds since the epoch (Date.now): when a game was stored."""

    def new_id(self) -> str:
        """A new random id for a stored game."""

    def set_timer(self, delay_ms: float, callback: Callable[[], None]) -> None: ...

    def play_sound(self, name: str) -> bool:
        """Play one of ``sounds.SOUNDS``; False when the browser has no audio."""
