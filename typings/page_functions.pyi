# The functions index.html gives the page's Python (static/start/page_changes.js,
# board_view.js, python_events.js and page_storage.js, written into the page by the build:
# sitebuild/inline.py).
# static/page/bridge.py's `on_page` has this type, so that mypy checks every call. Python
# may run in a worker, where each call is one message and a wait: so each function does a
# whole job, and what has a shape travels as one JSON text.
# (pythonBusy, also defined there, and pythonCalls (python_calls.js) are for the browser
# tests: Python never calls them.)
from collections.abc import Awaitable
from typing import Protocol

from pyodide.ffi import JsDoubleProxy

class PageFunctions(Protocol):
    # ---------------------------------------------------------------- page_changes.js
    def applyPageChanges(self, batch: str, /) -> str:
        """All that one action does to the page, as JSON (archipelago.page.browser's
        Outbox): {changes: {selector: {"html" | "text" | "attrs" | a property: value}},
        scroll, marks: {turn: HTML}, ghost, dialogs: {id: open}, focus, writes: [[key,
        text or null]]}, each part optional. Returns the first storage write the browser
        refused ("QuotaExceededError: ..."), else ""."""

    # ---------------------------------------------------------------- board_view.js
    def boardDrawing(self) -> str:
        """The board's drawing as JSON (viewBox, fresh, box, cursor, labels), or "null"
        when there is none."""

    def showBoardView(self, view: str, /) -> None:
        """Show the board's view: {viewBox, zoomed, labels} as JSON."""

    def drawGhost(self, drawing: str, /) -> None:
        """Draw SVG markup faintly over the board ("" takes it away); applyPageChanges
        draws a batch's ghost with it."""

    # ---------------------------------------------------------------- python_events.js
    def earlyValues(self) -> str:
        """What the first paint left for Python, and the page's version, as JSON."""

    # ---------------------------------------------------------------- language.js
    def pageLanguage(self) -> str:
        """The page's language and its catalogue as JSON, "" while it is on its way."""

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

    def copyText(self, text: str, /) -> Awaitable[bool]:
        """Copy text to the clipboard: whether the browser let it."""

    def puzzleSet(self, path: str, /) -> Awaitable[str | None]:
        """A puzzle set's text: the copy kept for this version, else the network's (then
        kept); "" when the site has none, None when neither has it."""

    # ---------------------------------------------------------------- share_sheet.js
    def canShareLinks(self) -> bool:
        """Whether the browser has a share sheet (navigator.share)."""

    def shareLink(self, title: str, url: str, /) -> Awaitable[str]:
        """Open the share sheet for a link: "shared", "cancelled", "failed" or
        "unavailable"."""

    # ---------------------------------------------------------------- picture_files.js
    def canCopyPictures(self) -> bool:
        """Whether the browser can put an image on the clipboard (Clipboard API)."""

    def savePicture(
        self, svg: str, stem: str, width: int, height: int, pixels: int, how: str, /
    ) -> Awaitable[str]:
        """The SVG document ``svg`` (``width`` x ``height`` units) saved as ``stem``.svg
        (how "svg"), drawn ``pixels`` wide and saved as ``stem``.png ("png") or copied
        ("copy"): "saved", "copied" or "failed"."""
