"""Pinch-zoom and pan of the board on a touch screen, as arithmetic on the SVG viewBox.

A gesture starts from a view (the part of the drawing shown, in SVG units) and one or
two points on the screen; as the fingers move, the drawing's point that was under them
stays under them: two fingers zoom by the change of their distance, one finger (or the
two together) pans. The view never grows past the whole board nor shrinks past
MAX_SCALE, and never leaves the board. ``static/page/zoom_ui.py`` feeds it pointer events.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

MAX_SCALE = 4.0  # at most four times the board's fitted size
WHEEL_RATE = 0.0015  # a mouse wheel's notch (100 px) zooms by about 16%
PINCH_RATE = 0.01  # a touchpad's pinch arrives as Ctrl + small wheel steps
LINE_PX, PAGE_PX = 16.0, 400.0  # wheel steps given in lines or pages, as pixels
ZOOMED = 1.02  # a view this much smaller than the board counts as zoomed in

Point = tuple[float, float]


@dataclass(frozen=True)
class View:
    """A viewBox: the drawing's rectangle shown in the element, in SVG units."""

    x: float
    y: float
    width: float
    height: float

    def text(self) -> str:
        return " ".join(f"{value:.3f}".rstrip("0").rstrip(".") for value in self.astuple())

    def astuple(self) -> tuple[float, float, float, float]:
        return self.x, self.y, self.width, self.height


@dataclass(frozen=True)
class Box:
    """Where the SVG element is on the screen, in CSS pixels."""

    left: float
    top: float
    width: float
    height: float


def parse_view(text: str) -> View | None:
    """A viewBox attribute's four numbers, or None when it does not hold them."""
    try:
        x, y, width, height = (float(part) for part in text.replace(",", " ").split())
    except ValueError:
        return None
    if width <= 0 or height <= 0 or not all(map(math.isfinite, (x, y, width, height))):
        return None
    return View(x, y, width, height)


def zoomed(board: View, view: View) -> bool:
    return view.width * ZOOMED < board.width


def _centre(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _spread(points: list[Point]) -> float:
    if len(points) < 2:
        return 0.0
    (ax, ay), (bx, by) = points[:2]
    return math.hypot(ax - bx, ay - by)


def gesture(board: View, start: View, box: Box, before: list[Point], now: list[Point]) -> View:
    """The view after fingers moved from ``before`` to ``now`` (screen points, the same
    fingers in the same order) on an element at ``box`` that showed ``start``."""
    if not before or len(before) != len(now) or box.width <= 0:
        return start
    scale = 1.0
    if len(before) >= 2 and _spread(before) > 0:
        scale = _spread(now) / _spread(before)
    smallest = board.width / MAX_SCALE
    width = min(board.width, max(smallest, start.width / max(scale, 1e-6)))
    height = width * board.height / board.width
    # The drawing's point under the fingers' centre at the start stays under their centre.
    (bx, by), (nx, ny) = _centre(before), _centre(now)
    anchor_x = start.x + (bx - box.left) * start.width / box.width
    anchor_y = start.y + (by - box.top) * start.height / box.height
    x = anchor_x - (nx - box.left) * width / box.width
    y = anchor_y - (ny - box.top) * height / box.height
    x = min(max(x, board.x), board.x + board.width - width)
    y = min(max(y, board.y), board.y + board.height - height)
    return View(x, y, width, height)


def follow(board: View, view: View, x: float, y: float, margin: float) -> View:
    """The view moved the least that shows the drawing's point (x, y) at least ``margin``
    inside its edges (the keyboard cursor stays in sight on a zoomed board)."""
    margin = min(margin, view.width / 2, view.height / 2)
    left = min(max(view.x, x + margin - view.width), x - margin)
    top = min(max(view.y, y + margin - view.height), y - margin)
    left = min(max(left, board.x), board.x + board.width - view.width)
    top = min(max(top, board.y), board.y + board.height - view.height)
    return View(left, top, view.width, view.height)


def wheel_pixels(delta: float, mode: int) -> float:
    """A wheel event's deltaY in pixels (``mode``: 0 pixels, 1 lines, 2 pages)."""
    return delta * (LINE_PX if mode == 1 else PAGE_PX if mode == 2 else 1.0)


def wheel(board: View, start: View, box: Box, point: Point, pixels: float, pinch: bool) -> View:
    """The view after a wheel turn of ``pixels`` (down is positive: zoom out) with the
    pointer at ``point``: the drawing's point under the pointer stays under it. A
    touchpad's pinch (``pinch``: Ctrl held) comes in small steps, so it counts more."""
    if box.width <= 0 or box.height <= 0:
        return start
    scale = math.exp(-pixels * (PINCH_RATE if pinch else WHEEL_RATE))
    smallest = board.width / MAX_SCALE
    width = min(board.width, max(smallest, start.width / scale))
    height = width * board.height / board.width
    anchor_x = start.x + (point[0] - box.left) * start.width / box.width
    anchor_y = start.y + (point[1] - box.top) * start.height / box.height
    x = anchor_x - (point[0] - box.left) * width / box.width
    y = anchor_y - (point[1] - box.top) * height / box.height
    x = min(max(x, board.x), board.x + board.width - width)
    y = min(max(y, board.y), board.y + board.height - height)
    return View(x, y, width, height)


def pinned_label(view: View, board: View, x: float, y: float, inset: float) -> Point | None:
    """Where a row's name drawn at (x, y) goes on a zoomed board: slid sideways into the
    view (``inset`` from its edge) so the rows shown keep their names; None when its row
    is out of the view. On the whole board, labels stay where they are drawn."""
    if not zoomed(board, view):
        return x, y
    if not view.y <= y <= view.y + view.height:
        return None
    return min(max(x, view.x + inset), view.x + view.width - inset), y


LABEL_SIZE = 5.6  # the coordinates' font size on the whole board, in SVG units (style.css)


def label_places(shown: View, board: View, labels: list[tuple[float, float, bool]]) -> list[Any]:
    """How each coordinate drawn at (x, y) shows in the view ``shown`` of ``board``, as
    index.html's showBoardView takes it: [x or None where it stays, font size or "" as
    drawn, shown]. A row's name (``is_row``) slides into the view; a column's number stays
    at the edge; the font shrinks with the zoom, so the names keep their size on screen."""
    ratio = shown.width / board.width
    size = "" if ratio >= 1 else f"{LABEL_SIZE * ratio:.2f}px"
    places: list[Any] = []
    for x, y, is_row in labels:
        if not is_row:
            places.append([None, size, True])
            continue
        place = pinned_label(shown, board, x, y, LABEL_SIZE * ratio)
        places.append([None if place is None else f"{place[0]:.2f}", size, place is not None])
    return places
