# The functions index.html gives the page's Python (static/start/page_changes.js,
# board_view.js, python_events.js and page_storage.js, written into the page by build.py).
# static/page/bridge.py's `on_page` has this type, so that mypy checks every call. Python
# may run in a worker, where each call is one message and a wait: so each function does a
# whole job, and what has a shape travels as one JSON text.
# (pythonBusy, also defined there, is for the browser tests: Python never calls it.)
from collections.abc import Awaitable
from typing import Protocol

from pyodide.ffi import JsDoubleProxy

class PageFunctions(Protocol):
    # ---------------------------------------------------------------- page_changes.js
    def applyPageChanges(self, changes: str, /) -> None:
        """Put a batch of changes into the page: archipelago.page.view's Changes as JSON,
        {selector: {"html" | "text" | "attrs" | a property: value}}."""

    def scrollHistory(self) -> None:
        """Scroll the moves list to the turn shown, else to the latest."""

    def markHistory(self, marks: str, /) -> None:
        """The analysis's marks in the moves list: {turn: HTML} as JSON."""

    # ---------------------------------------------------------------- board_view.js
    def boardDrawing(self) -> str:
        """The board's drawing as JSON (viewBox, fresh, box, cursor, labels), or "null"
        when there is none."""

    def showBoardView(self, view: str, /) -> None:
        """Show the board's view: {viewBox, zoomed, labels} as JSON."""

    def drawGhost(self, drawing: str, /) -> None:
        """Draw SVG markup faintly over the board ("" takes it away)."""

    # ---------------------------------------------------------------- python_events.js
    def earlyValues(self) -> str:
        """What the first paint left for Python, and the page's version, as JSON."""

    def readPageForm(self, element_id: str, /) -> str:
        """The named fields of a form as JSON: text, or true/false for a checkbox."""

    def listenForPython(self, listeners: str, dispatch: JsDoubleProxy, /) -> None:
        """Listen for events: [[where, type, capture, number]] as JSON; each event calls
        ``dispatch(number, its description as JSON)``."""

    def observeBoard(self, handler: JsDoubleProxy, /) -> None:
        """Call ``handler(boardDrawing())`` whenever the board is drawn anew."""

    # ---------------------------------------------------------------- page_storage.js
    def storageItems(self) -> str:
        """Every item of localStorage as JSON {key: text}; raises when it is refused."""

    def storageWrite(self, key: str, text: str, /) -> None:
        """Store an item; raises (its message starting with the error's name) when the
        browser refuses it."""

    def storageRemove(self, key: str, /) -> None:
        """Remove an item; raises as storageWrite does."""

    def copyText(self, text: str, /) -> Awaitable[bool]:
        """Copy text to the clipboard: whether the browser let it."""
