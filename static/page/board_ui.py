"""The board's keyboard focus, and its zoom (static/page/zoom_ui.py).

The board (#board) is an ARIA grid whose focus stays on it; the keyboard cursor is its
active cell (archipelago.page.view), and a keyboard focus brings the cursor up at once.

Loaded beside static/page/app.py (pyscript.toml's [files]).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bridge import listen
from zoom_ui import ZoomUI

from archipelago.page.contract import Cursor
from archipelago.page.events import PageEvent
from archipelago.page.session import Session


class PageView(Protocol):
    """What the board reads of the page (app.Page)."""

    cursor: Cursor
    session: Session
    commands: dict[str, Callable[..., Any]]


class BoardUI:
    """The board element of one page (app.Page)."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        listen("#board", "focus", self.on_focus)
        self.zoom = ZoomUI()  # pinch-zoom and pan, the wheel, the Fit board button

    # ---------------------------------------------------------------- keyboard
    def on_focus(self, event: PageEvent) -> None:
        """A keyboard focus shows the cursor (the grid's active cell) at once."""
        page = self.page
        if event.target.focus_visible and page.cursor is None and page.session.viewing is None:
            page.commands["cursor"]()  # display_ui: the cursor as the board is seen

    def ends_gesture(self, event: PageEvent) -> bool:
        """Whether a click on the board ends a pinch or a pan: not a tap on a cell."""
        return self.zoom.ends_gesture(event)
