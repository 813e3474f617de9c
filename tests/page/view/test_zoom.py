"""Pinch-zoom and pan of the board (archipelago/page/view/zoom.py): viewBox arithmetic."""

from __future__ import annotations

import pytest

from archipelago.page.view.zoom import MAX_SCALE, Box, View, follow, gesture, parse_view, zoomed

BOARD = View(-100.0, -50.0, 200.0, 100.0)
BOX = Box(10.0, 20.0, 400.0, 200.0)  # two pixels per SVG unit


def svg_point(view: View, box: Box, x: float, y: float) -> tuple[float, float]:
    return (
        view.x + (x - box.left) * view.width / box.width,
        view.y + (y - box.top) * view.height / box.height,
    )


def test_spreading_two_fingers_zooms_in_around_them():
    before, now = [(150.0, 100.0), (250.0, 100.0)], [(100.0, 100.0), (300.0, 100.0)]
    view = gesture(BOARD, BOARD, BOX, before, now)
    assert view.width == pytest.approx(100.0) and view.height == pytest.approx(50.0)
    # The point between the fingers is the same drawing point before and after.
    assert svg_point(view, BOX, 200, 100) == pytest.approx(svg_point(BOARD, BOX, 200, 100))
    assert zoomed(BOARD, view) and not zoomed(BOARD, BOARD)


def test_zoom_is_bounded_and_pinching_out_returns_to_the_whole_board():
    far = gesture(BOARD, BOARD, BOX, [(200, 100), (210, 100)], [(0, 100), (400, 100)])
    assert far.width == pytest.approx(BOARD.width / MAX_SCALE)
    back = gesture(BOARD, far, BOX, [(100, 100), (300, 100)], [(199, 100), (201, 100)])
    assert back == BOARD


def test_one_finger_pans_a_zoomed_view_and_stops_at_the_board_edge():
    half = View(-50.0, -25.0, 100.0, 50.0)
    moved = gesture(BOARD, half, BOX, [(200, 100)], [(180, 90)])  # 20 px = 5 units at 4 px/u
    assert (moved.x, moved.y) == pytest.approx((-45.0, -22.5))
    assert (moved.width, moved.height) == (100.0, 50.0)
    edge = gesture(BOARD, half, BOX, [(200, 100)], [(2000, 1000)])
    assert (edge.x, edge.y) == (BOARD.x, BOARD.y)
    assert gesture(BOARD, BOARD, BOX, [(200, 100)], [(100, 50)]) == BOARD  # nothing to pan


def test_mismatched_or_empty_gestures_change_nothing():
    half = View(-50.0, -25.0, 100.0, 50.0)
    assert gesture(BOARD, half, BOX, [], []) == half
    assert gesture(BOARD, half, BOX, [(1, 1)], [(1, 1), (2, 2)]) == half
    assert gesture(BOARD, half, Box(0, 0, 0, 0), [(1, 1)], [(5, 5)]) == half


def test_view_boxes_are_read_and_written():
    assert parse_view("-89.5 -77.25 171.65 154.5") == View(-89.5, -77.25, 171.65, 154.5)
    assert parse_view("1,2,3,4") == View(1, 2, 3, 4)
    for bad in ("", "1 2 3", "a b c d", "0 0 -1 5", "0 0 nan 1"):
        assert parse_view(bad) is None
    assert View(-89.5, -77.25, 171.65, 154.5).text() == "-89.5 -77.25 171.65 154.5"


def test_the_view_follows_the_keyboard_cursor_with_the_least_move():
    half = View(-50.0, -25.0, 100.0, 50.0)
    assert follow(BOARD, half, 0.0, 0.0, 10.0) == half  # in sight: unchanged
    right = follow(BOARD, half, 70.0, 0.0, 10.0)
    assert (right.x, right.y) == (-20.0, -25.0)  # 70 + 10 - 100
    up = follow(BOARD, half, 0.0, -40.0, 10.0)
    assert (up.x, up.y) == (-50.0, -50.0)  # clamped: the board's top edge
    corner = follow(BOARD, half, -99.0, 49.0, 10.0)
    assert (corner.x, corner.y) == (-100.0, 0.0)
    assert (corner.width, corner.height) == (half.width, half.height)


def test_the_wheel_zooms_around_the_pointer_and_out_back_to_the_whole_board():
    from archipelago.page.view.zoom import pinned_label, wheel, wheel_pixels

    point = (300.0, 60.0)
    view = wheel(BOARD, BOARD, BOX, point, -100.0, pinch=False)
    assert view.width < BOARD.width and zoomed(BOARD, view)
    assert svg_point(view, BOX, *point) == pytest.approx(svg_point(BOARD, BOX, *point))
    # A touchpad pinch (Ctrl) counts more per pixel than a mouse wheel.
    assert (
        wheel(BOARD, BOARD, BOX, point, -10.0, pinch=True).width
        < wheel(BOARD, BOARD, BOX, point, -10.0, pinch=False).width
    )
    deep = wheel(BOARD, BOARD, BOX, point, -1e5, pinch=False)
    assert deep.width == pytest.approx(BOARD.width / MAX_SCALE)
    assert wheel(BOARD, deep, BOX, point, 1e5, pinch=False) == BOARD
    assert wheel_pixels(3, 1) == 48 and wheel_pixels(1, 2) == 400 and wheel_pixels(7, 0) == 7
    # A row's name slides into the zoomed view; out of its rows, it is not shown.
    assert pinned_label(BOARD, BOARD, -95.0, 0.0, 4.0) == (-95.0, 0.0)
    small = View(0.0, -10.0, 50.0, 25.0)
    assert pinned_label(small, BOARD, -95.0, 0.0, 4.0) == (4.0, 0.0)
    assert pinned_label(small, BOARD, -95.0, 40.0, 4.0) is None


def test_the_coordinates_keep_their_size_on_screen_and_the_row_names_slide_into_view():
    from archipelago.page.view.zoom import LABEL_SIZE, View, label_places

    labels = [(-95.0, 0.0, True), (-95.0, 40.0, True), (0.0, 70.0, False)]
    assert label_places(BOARD, BOARD, labels) == [
        [f"{-95.0:.2f}", "", True],
        [f"{-95.0:.2f}", "", True],
        [None, "", True],
    ]
    small = View(0.0, -10.0, BOARD.width / 2, 20.0)
    size = f"{LABEL_SIZE / 2:.2f}px"
    row, hidden_row, column = label_places(small, BOARD, labels)
    assert row == [f"{LABEL_SIZE / 2:.2f}", size, True]  # slid to the view's left edge
    assert hidden_row == [None, size, False]  # its row is out of the view
    assert column == [None, size, True]
