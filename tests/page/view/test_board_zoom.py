"""The board's zoom under CPython (archipelago.page.view.board_zoom): pointer events, wheel
turns and new drawings as static/page/zoom_ui.py hands them over, against a drawing of a
100 x 100 board shown in a 400 px box."""

from __future__ import annotations

import json
from typing import Any

from archipelago.page.input.events import PageEvent
from archipelago.page.view import zoom
from archipelago.page.view.board_zoom import CLICK_AFTER_GESTURE_MS, BoardZoom


class Board:
    """The board's drawing as boardDrawing describes it, and the views shown."""

    def __init__(self) -> None:
        self.drawn: dict[str, Any] = {
            "viewBox": "0 0 100 100",
            "fresh": True,
            "box": [0, 0, 400, 400],
            "cursor": None,
            "labels": [[10, 2, False]],
        }
        self.shown: list[dict[str, Any]] = []
        self.zoom = BoardZoom(self.drawing, lambda text: self.shown.append(json.loads(text)))

    def drawing(self) -> dict[str, Any]:
        return dict(self.drawn)

    def view(self) -> zoom.View | None:
        return zoom.parse_view(self.shown[-1]["viewBox"]) if self.shown else None


def finger(kind: str, pointer: int, x: float, y: float, time: float = 0.0) -> PageEvent:
    return PageEvent(kind, pointer_type="touch", pointer_id=pointer, x=x, y=y, time=time)


def pinch(board: Board, time: float = 1000.0) -> None:
    """Two fingers from 100 px apart to 300 px apart, around the box's centre."""
    board.zoom.on_down(finger("pointerdown", 1, 150, 200))
    board.zoom.on_down(finger("pointerdown", 2, 250, 200))
    board.zoom.on_move(finger("pointermove", 1, 50, 200))
    board.zoom.on_move(finger("pointermove", 2, 350, 200))
    board.zoom.on_up(finger("pointerup", 1, 50, 200, time))
    board.zoom.on_up(finger("pointerup", 2, 350, 200, time))


def test_two_fingers_zoom_and_the_click_that_ends_them_is_no_tap():
    board = Board()
    pinch(board)
    view = board.view()
    assert view is not None and view.width < 100 and board.shown[-1]["zoomed"] is True
    assert board.zoom.ends_gesture(PageEvent("click", time=1000 + CLICK_AFTER_GESTURE_MS / 2))
    assert not board.zoom.ends_gesture(PageEvent("click", time=1000 + CLICK_AFTER_GESTURE_MS))


def test_one_finger_taps_the_whole_board_and_pans_a_zoomed_one():
    board = Board()
    board.zoom.on_down(finger("pointerdown", 1, 200, 200))
    board.zoom.on_move(finger("pointermove", 1, 260, 200))
    board.zoom.on_up(finger("pointerup", 1, 260, 200, 50))
    assert board.shown == [] and board.zoom.start is None  # the page's: a tap or a scroll
    pinch(board)
    before = board.view()
    board.zoom.on_down(finger("pointerdown", 3, 200, 200))
    board.zoom.on_move(finger("pointermove", 3, 240, 200))
    after = board.view()
    assert before is not None and after is not None
    assert after.x < before.x and after.width == before.width  # dragged right: it pans
    mouse = PageEvent("pointerdown", pointer_type="mouse", pointer_id=9, x=1, y=1)
    board.zoom.on_down(mouse)
    assert 9 not in board.zoom.pointers  # a mouse's button is a click, never a gesture


def test_the_zoom_lives_through_redrawing_the_same_board_and_goes_for_another():
    board = Board()
    pinch(board)
    zoomed = board.view()
    board.zoom.redrawn({**board.drawn, "fresh": True})  # the same board, drawn again
    assert board.view() == zoomed and board.shown[-1]["zoomed"] is True
    board.drawn["viewBox"] = "0 0 200 200"  # another board
    board.zoom.redrawn(board.drawing())
    assert board.shown[-1]["zoomed"] is False and board.zoom.view is None
    board.zoom.redrawn(None)  # no drawing: nothing to do
    assert board.shown[-1]["zoomed"] is False


def test_the_wheel_zooms_and_fit_board_shows_it_whole():
    board = Board()
    turn = PageEvent("wheel", x=200, y=200, delta_y=-300, delta_mode=0)
    board.zoom.on_wheel(turn)
    view = board.view()
    assert view is not None and view.width < 100
    board.zoom.on_wheel(PageEvent("wheel", x=200, y=200))  # no turn: nothing
    assert board.view() == view
    board.zoom.reset()
    assert board.shown[-1] == {**board.shown[-1], "viewBox": "0 0 100 100", "zoomed": False}
