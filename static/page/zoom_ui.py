"""The board's pinch-zoom, pan and wheel zoom wired to the page: its pointer events, wheel
turns, Fit board and new drawings go to archipelago.page.view.board_zoom, which decides
the view shown (under CPython tests).

Loaded beside static/page/app.py (pyscript.toml's [files]). The drawing is read and changed
through index.html's boardDrawing and showBoardView, one call each (Python may run in a
worker, where each property of the page is a message and a wait); a finger's pointer
events alone reach Python, and new drawings only while the board is zoomed
(static/start/python_events.js).
"""

from __future__ import annotations

import json
from typing import Any

from bridge import listen, on_page
from pyodide.ffi import JsDoubleProxy, create_proxy

from archipelago.page.view.board_zoom import BoardZoom


def drawing() -> dict[str, Any] | None:
    """What index.html's boardDrawing says of the board's SVG (None: no drawing)."""
    found: dict[str, Any] | None = json.loads(str(on_page.boardDrawing()))
    return found


class ZoomUI:
    """The board element of one page."""

    def __init__(self) -> None:
        self.zoom = BoardZoom(drawing, lambda text: on_page.showBoardView(text))
        self.ends_gesture = self.zoom.ends_gesture
        listen("#board", "pointerdown", self.zoom.on_down)
        listen("#board", "pointermove", self.zoom.on_move)
        listen("#board", "pointerup", self.zoom.on_up)
        listen("#board", "pointercancel", self.zoom.on_up)
        # The wheel zooms (Ctrl + wheel too: a touchpad's pinch); index.html keeps the page
        # from scrolling or zooming meanwhile.
        listen("#board", "wheel", self.zoom.on_wheel)
        listen("#zoom-reset", "click", self.zoom.reset)
        # New drawings of the board, and of its overlay (where the keyboard cursor is).
        self.proxies: list[JsDoubleProxy] = [create_proxy(self.redrawn)]
        on_page.observeBoard(self.proxies[0])

    def redrawn(self, text: str) -> None:
        self.zoom.redrawn(json.loads(str(text)))
