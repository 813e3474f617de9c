"""Pinch-zoom and pan of a big board on a phone, with touches sent the way a touch
screen sends them (Chrome DevTools' Input.dispatchTouchEvent)."""

from __future__ import annotations

import pagekit

VIEW_BOX = "document.querySelector('#board svg').getAttribute('viewBox')"


def touch(cdp, kind, points):
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [
                {"x": x, "y": y, "id": n, "radiusX": 2, "radiusY": 2} for n, (x, y) in points
            ],
        },
    )


def drag(page, cdp, start, end, steps=8):
    """Fingers (id, x, y) moved in a straight line from ``start`` to ``end`` at a
    finger's pace (a frame a step), held still a moment before they lift."""
    touch(cdp, "touchStart", [(n, (x, y)) for n, x, y in start])
    for step in range(1, steps + 1):
        page.wait_for_timeout(16)
        f = step / steps
        touch(
            cdp,
            "touchMove",
            [
                (n, (x + (ex - x) * f, y + (ey - y) * f))
                for (n, x, y), (_, ex, ey) in zip(start, end, strict=True)
            ],
        )
    page.wait_for_timeout(150)
    touch(cdp, "touchEnd", [])


def width(page, cell):
    return page.locator(f'#board [data-cell="{cell}"]').bounding_box()["width"]


def test_pinch_zoom_pan_and_taps_on_a_side_12_board(returning_page):
    page = returning_page(
        "?size=12&players=2", viewport={"width": 390, "height": 844}, device="phone"
    )
    cdp = page.context.new_cdp_session(page)
    whole = page.evaluate(VIEW_BOX)
    small = width(page, "l12")
    assert small < 36  # too small for a finger: the first tap previews
    box = page.locator("#board svg").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    drag(page, cdp, [(0, cx - 30, cy), (1, cx + 30, cy)], [(0, cx - 100, cy), (1, cx + 100, cy)])
    page.wait_for_function(f"{VIEW_BOX} !== {whole!r}")
    big = width(page, "l12")
    assert 2.8 < big / small < 3.6, (small, big)
    assert pagekit.stones(page) == {}  # a pinch places nothing
    assert page.locator("#zoom-reset").is_visible()
    assert "zoomed" in page.get_attribute("#board", "class")
    pagekit.shot(page, "zoom-pinched")
    # A tap on a cell now big enough places its stone at once, on that very cell.
    page.tap('#board [data-cell="l13"]')
    page.wait_for_selector('#board [data-at="l13"]')  # (a tap's click comes a moment later)
    assert pagekit.stones(page) == {"l13": 1}
    zoomed = page.evaluate(VIEW_BOX)
    assert zoomed != whole  # the zoom outlives the board's redraw
    # One finger pans the zoomed board.
    drag(page, cdp, [(0, cx, cy)], [(0, cx + 60, cy + 40)])
    panned = page.evaluate(VIEW_BOX).split()
    assert float(panned[0]) < float(zoomed.split()[0]) and panned[2] == zoomed.split()[2]
    assert pagekit.stones(page) == {"l13": 1}  # a pan places nothing
    # The keyboard cursor taken to the board's left end stays in sight: the view follows.
    page.focus("#board")
    for _ in range(12):
        page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#board", "aria-activedescendant") == "cell-l1"
    frame = page.locator("#board svg").bounding_box()
    mark = page.locator("#board .overlay .cursor").bounding_box()
    assert (
        frame["x"] - 1 <= mark["x"] and mark["x"] + mark["width"] <= frame["x"] + frame["width"] + 1
    )
    assert page.evaluate(VIEW_BOX).split()[2] == zoomed.split()[2]  # still zoomed in
    page.tap("#zoom-reset")
    page.wait_for_selector("#zoom-reset", state="hidden")
    assert page.evaluate(VIEW_BOX) == whole
    # Back on the whole board, a tap previews a small cell and a second tap places it.
    page.tap('#board [data-cell="c3"]')
    page.wait_for_selector("#board .overlay .ghost")
    assert pagekit.stones(page) == {"l13": 1}
    page.tap('#board [data-cell="c3"]')
    page.wait_for_selector('#board [data-at="c3"]')
    assert pagekit.stones(page) == {"l13": 1, "c3": 2}  # the second player's turn, colour
    pagekit.shot(page, "zoom-reset")
