"""The board's pinch-zoom and pan on touch screens, and its zoom by the wheel: what each
pointer event, wheel turn and new drawing does to the view shown (the arithmetic is
``zoom``).

Two fingers zoom the drawing and one finger pans it once zoomed, by changing the SVG's
viewBox; the zoom survives the board's redraws and the Fit board button undoes it. A
click that ends a gesture is no tap (``ends_gesture``). static/page/zoom_ui.py wires the
board's events here and gives the two calls on the page: ``drawing()`` reads the
board's drawing (static/start/board_view.js's boardDrawing: its viewBox, whether it is
new, its box on the screen, the keyboard cursor's box, its coordinates) and
``show_view(text)`` shows a view (showBoardView).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..input.events import PageEvent
from . import zoom

SLOP_PX = 8  # a finger that moved less than this still taps
CLICK_AFTER_GESTURE_MS = 400  # the click a browser may send after a gesture is not a tap

Drawing = dict[str, Any]


def box_of(drawing: Drawing) -> zoom.Box:
    left, top, width, height = drawing["box"]
    return zoom.Box(float(left), float(top), float(width), float(height))


class BoardZoom:
    """The zoom of one page's board."""

    def __init__(
        self, drawing: Callable[[], Drawing | None], show_view: Callable[[str], None]
    ) -> None:
        self.drawing = drawing
        self.show_view = show_view
        self.base: str | None = None  # the drawn viewBox (the whole board) as text
        self.view: zoom.View | None = None  # the zoomed view, None when the whole board shows
        self.shown_zoomed = False  # whether the page shows a zoomed view (or pinned labels)
        self.pointers: dict[int, zoom.Point] = {}  # touch pointer id -> (x, y)
        # (view, points, box) where the current gesture began
        self.start: tuple[zoom.View, list[zoom.Point], zoom.Box] | None = None
        self.moved = False
        self.quiet_until = 0.0  # clicks before this time (the page's clock) end a gesture

    def board_view(self) -> zoom.View | None:
        return zoom.parse_view(self.base or "")

    def redrawn(self, drawing: Drawing | None) -> None:
        """A new drawing keeps the zoom on the same board and drops it for another one;
        a new keyboard cursor is kept in sight."""
        if drawing is None:
            return
        if drawing["fresh"]:  # a new drawing: its viewBox is its own
            drawn = str(drawing["viewBox"] or "")
            if drawn != self.base:
                self.base, self.view = drawn, None
        cursor, board = drawing["cursor"], self.board_view()
        if self.view is not None and cursor is not None and board is not None:
            x, y, width, height = (float(n) for n in cursor)
            self.view = zoom.follow(board, self.view, x + width / 2, y + height / 2, width)
        if self.view is not None or self.shown_zoomed:  # else the drawing shows as drawn
            self.show(drawing)

    def show(self, drawing: Drawing | None = None) -> None:
        drawing = drawing if drawing is not None else self.drawing()
        board = self.board_view()
        if drawing is None or board is None:
            return
        view = self.view if self.view is not None and zoom.zoomed(board, self.view) else None
        self.view = view
        shown = view or board
        labels = [(float(x), float(y), bool(is_row)) for x, y, is_row in drawing["labels"]]
        places = zoom.label_places(shown, board, labels)
        self.show_view(
            json.dumps({"viewBox": shown.text(), "zoomed": view is not None, "labels": places})
        )
        self.shown_zoomed = view is not None

    def on_wheel(self, event: PageEvent) -> None:
        """The wheel zooms around the pointer; zoomed out to the whole board, a wheel
        turn outwards scrolls the page as usual (index.html lets it)."""
        drawing = self.drawing()
        if drawing is None or event.delta_y is None or event.x is None or event.y is None:
            return
        if self.view is None:  # unzoomed, the drawing shows its own box
            self.base = str(drawing["viewBox"] or "")
        board = self.board_view()
        if board is None:
            return
        start = self.view or board
        pixels = zoom.wheel_pixels(event.delta_y, int(event.delta_mode or 0))
        point = (event.x, event.y)
        view = zoom.wheel(board, start, box_of(drawing), point, pixels, event.ctrl_key)
        if view == start:
            return  # nothing to zoom
        self.view = view
        self.show(drawing)

    def reset(self, *_: Any) -> None:
        """Fit board: the whole board again."""
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
        if not (pinch or self.view):
            self.start = None
            return
        drawing = self.drawing()  # the box stays put while the view inside it changes
        self.start = (self.view or board, self.points(), box_of(drawing)) if drawing else None

    def on_down(self, event: PageEvent) -> None:
        if event.pointer_type != "touch" or event.pointer_id is None:
            return
        if self.view is None:  # unzoomed, the drawing shows its own box
            drawing = self.drawing()
            if drawing is not None:
                self.base = str(drawing["viewBox"] or "")
        self.pointers[event.pointer_id] = (float(event.x or 0), float(event.y or 0))
        if len(self.pointers) == 1:  # a new touch: its own click is a tap again
            self.moved, self.quiet_until = False, 0.0
        self.begin()

    def on_move(self, event: PageEvent) -> None:
        key = event.pointer_id
        if key is None or key not in self.pointers:
            return
        self.pointers[key] = (float(event.x or 0), float(event.y or 0))
        if self.start is None:
            return
        start_view, before, box = self.start
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
        self.view = zoom.gesture(board, start_view, box, before, now)
        self.show()

    def on_up(self, event: PageEvent) -> None:
        key = event.pointer_id
        if key is None or key not in self.pointers:
            return
        del self.pointers[key]
        if self.moved:
            self.quiet_until = event.time + CLICK_AFTER_GESTURE_MS
        self.begin()  # a pinch that leaves one finger down goes on as a pan from here

    def ends_gesture(self, event: PageEvent) -> bool:
        """Whether a click on the board ends a pinch or a pan: not a tap on a cell."""
        return event.time < self.quiet_until
