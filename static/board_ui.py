"""The board's keyboard focus and its pinch-zoom and pan on touch screens.

The board (#board) is an ARIA grid whose focus stays on it; the keyboard cursor is its
active cell (archipelago.page.view), and a keyboard focus brings the cursor up at once.
Two fingers zoom the drawing and one finger pans it once zoomed, by changing the SVG's
viewBox (the arithmetic is archipelago.page.zoom, under CPython tests); the zoom
survives the board's redraws and the Fit board button undoes it.

Loaded beside static/app.py (pyscript.toml's [files]).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyodide.ffi import JsDoubleProxy, create_proxy, to_js
from pyscript import document, window

from archipelago.page import zoom
from archipelago.page.kits import Cursor
from archipelago.page.session import Session

SLOP_PX = 8  # a finger that moved less than this still taps
LABEL_SIZE = 5.6  # the coordinates' font size on the whole board, in SVG units (style.css)
CLICK_AFTER_GESTURE_MS = 400  # the click a browser may send after a gesture is not a tap


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the board reads of the page (app.Page)."""

    cursor: Cursor
    session: Session
    commands: dict[str, Callable[..., Any]]


class BoardUI:
    """The board element of one page (app.Page)."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.board = by_id("board")
        self.base: str | None = None  # the drawn viewBox (the whole board) as text
        self.view: zoom.View | None = None  # the zoomed view, None when the whole board shows
        self.pointers: dict[int, zoom.Point] = {}  # touch pointer id -> (x, y)
        # (view, points) where the current gesture began
        self.start: tuple[zoom.View, list[zoom.Point]] | None = None
        self.moved = False
        self.quiet_until = 0.0  # clicks before this time end a gesture: not taps
        self.proxies: list[JsDoubleProxy] = []
        for event, handler in (
            ("focus", self.on_focus),
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_up),
        ):
            self.listen(self.board, event, handler)
        self.listen(self.board, "click", self.on_click, capture=True)
        # The wheel zooms (Ctrl + wheel too: a touchpad's pinch); not passive, so that the
        # page does not scroll or zoom while the board does.
        options = to_js({"passive": False}, dict_converter=window.Object.fromEntries)
        self.board.addEventListener("wheel", self.proxy(self.on_wheel), options)
        self.listen(by_id("zoom-reset"), "click", self.reset)
        # New drawings of the board, and of its overlay (where the keyboard cursor is).
        watch = to_js(
            {"childList": True, "subtree": True}, dict_converter=window.Object.fromEntries
        )
        window.MutationObserver.new(self.proxy(self.redrawn)).observe(self.board, watch)

    def proxy(self, fn: Callable[..., Any]) -> JsDoubleProxy:
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        return proxy

    def listen(
        self, element: Any, event: str, fn: Callable[..., Any], capture: bool = False
    ) -> None:
        element.addEventListener(event, self.proxy(fn), capture)

    # ---------------------------------------------------------------- keyboard
    def on_focus(self, _event: Any) -> None:
        """A keyboard focus shows the cursor (the grid's active cell) at once."""
        page = self.page
        keyboard = self.board.matches(":focus-visible")
        if keyboard and page.cursor is None and page.session.viewing is None:
            page.commands["cursor"]()  # display_ui: the cursor as the board is seen

    # ---------------------------------------------------------------- zoom
    def svg(self) -> Any:
        return self.board.querySelector("svg") or None  # (JS null arrives as a false JsNull)

    def board_view(self) -> zoom.View | None:
        return zoom.parse_view(self.base or "")

    def box(self) -> zoom.Box:
        rect = self.svg().getBoundingClientRect()
        return zoom.Box(rect.left, rect.top, rect.width, rect.height)

    def redrawn(self, *_: Any) -> None:
        """A new drawing keeps the zoom on the same board and drops it for another one;
        a new keyboard cursor is kept in sight."""
        svg = self.svg()
        if svg is None:
            return
        if not svg.hasAttribute("data-zoom-seen"):  # a new drawing: its viewBox is its own
            svg.setAttribute("data-zoom-seen", "1")
            drawn = str(svg.getAttribute("viewBox") or "")
            if drawn != self.base:
                self.base, self.view = drawn, None
        cursor = svg.querySelector(".overlay .cursor") or None
        board = self.board_view()
        if self.view is not None and cursor is not None and board is not None:
            box = cursor.getBBox()
            x, y = float(box.x) + float(box.width) / 2, float(box.y) + float(box.height) / 2
            self.view = zoom.follow(board, self.view, x, y, float(box.width))
        self.show()

    def show(self) -> None:
        svg = self.svg()
        board = self.board_view()
        if svg is None or board is None:
            return
        view = self.view if self.view is not None and zoom.zoomed(board, self.view) else None
        self.view = view
        svg.setAttribute("viewBox", (view or board).text())
        self.board.classList.toggle("zoomed", view is not None)
        by_id("zoom-reset").hidden = view is None
        self.pin_labels(svg, board, view or board)

    def pin_labels(self, svg: Any, board: zoom.View, view: zoom.View) -> None:
        """Zoomed in, the rows' names slide into the view and keep their size on the
        screen, so the coordinates of what is shown stay readable."""
        ratio = view.width / board.width
        for text in svg.querySelectorAll(".labels text"):
            if not text.hasAttribute("data-x"):
                text.setAttribute("data-x", text.getAttribute("x"))
                text.setAttribute("data-y", text.getAttribute("y"))
            x, y = float(text.getAttribute("data-x")), float(text.getAttribute("data-y"))
            text.style.fontSize = "" if ratio >= 1 else f"{LABEL_SIZE * ratio:.2f}px"
            if not str(text.textContent).isalpha():  # a number: it stays at the edge
                continue
            place = zoom.pinned_label(view, board, x, y, LABEL_SIZE * ratio)
            text.style.display = "none" if place is None else ""
            if place is not None:
                text.setAttribute("x", f"{place[0]:.2f}")

    def on_wheel(self, event: Any) -> None:
        """The wheel zooms around the pointer; zoomed out to the whole board, a wheel
        turn outwards scrolls the page as usual."""
        svg, board = self.svg(), self.board_view()
        if svg is None:
            return
        if self.view is None:  # unzoomed, the drawing shows its own box
            self.base = str(svg.getAttribute("viewBox") or "")
            board = self.board_view()
        if board is None:
            return
        start = self.view or board
        pixels = zoom.wheel_pixels(float(event.deltaY), int(event.deltaMode))
        pinch = bool(event.ctrlKey)
        point = (float(event.clientX), float(event.clientY))
        view = zoom.wheel(board, start, self.box(), point, pixels, pinch)
        if view == start and not pinch:
            return  # nothing to zoom: the page scrolls
        event.preventDefault()
        self.view = view
        self.show()

    def reset(self, *_: Any) -> None:
        self.view = None
        self.show()

    def points(self) -> list[zoom.Point]:
        return [self.pointers[key] for key in sorted(self.pointers)][:2]

    def begin(self) -> None:
        board = self.board_view()
        if board is None or not self.pointers:
            self.start = None
            return
        pinch = len(self.pointers) >= 2
        # One finger on the whole board is the page's: a tap, or a scroll of the page.
        self.start = (self.view or board, self.points()) if pinch or self.view else None

    def on_down(self, event: Any) -> None:
        if str(event.pointerType) != "touch":
            return
        svg = self.svg()
        if self.view is None and svg is not None:  # unzoomed, the drawing shows its own box
            self.base = str(svg.getAttribute("viewBox") or "")
        self.pointers[int(event.pointerId)] = (float(event.clientX), float(event.clientY))
        if len(self.pointers) == 1:  # a new touch: its own click is a tap again
            self.moved, self.quiet_until = False, 0.0
        self.begin()

    def on_move(self, event: Any) -> None:
        key = int(event.pointerId)
        if key not in self.pointers:
            return
        x, y = float(event.clientX), float(event.clientY)
        if self.start is None:
            self.pointers[key] = (x, y)
            return
        self.pointers[key] = (x, y)
        start_view, before = self.start
        now = self.points()
        if any(
            abs(a[0] - b[0]) + abs(a[1] - b[1]) > SLOP_PX for a, b in zip(before, now, strict=False)
        ):
            self.moved = True  # past a tap's wobble: a gesture from here on
        if not self.moved:
            return
        board = self.board_view()
        if board is None:  # the drawing went away under the fingers
            return
        self.view = zoom.gesture(board, start_view, self.box(), before, now)
        self.show()
        event.preventDefault()

    def on_up(self, event: Any) -> None:
        key = int(event.pointerId)
        if key not in self.pointers:
            return
        del self.pointers[key]
        if self.moved:
            self.quiet_until = float(window.performance.now()) + CLICK_AFTER_GESTURE_MS
        self.begin()  # a pinch that leaves one finger down goes on as a pan from here

    def on_click(self, event: Any) -> None:
        """A click that ends a pinch or a pan is not a tap on a cell."""
        if float(window.performance.now()) < self.quiet_until:
            event.stopPropagation()
            event.preventDefault()
