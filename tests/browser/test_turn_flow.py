"""Issue 33's turn flow in the browser, on a touch phone and a desktop (one page each, in
the session's shared phone or desktop browser; the moves list also at the sizes of the
phone held sideways and of a tablet): in a hot-seat game the first tap of each player's
turn places that player's own colour, after a reload too; the picker says whose colour
each is; E with stones unplaced asks; the moves list never cuts a turn; Rematch swaps who
starts; the line under the board forgets a tapped cell once the turn is over, the
computer's or at the game's end. The decisions are tested under CPython
(tests/page/test_turn_flow.py: a share link opened in a fresh browser starting on the
mover's colour, among others); this checks the page as players meet it."""

from __future__ import annotations

import pagekit
import pytest
from conftest import READY

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1366, "height": 768}},
}


def opened(returning_page, device, path=""):
    """The page in the session's shared browser of that kind (a touch phone's, held at
    the device's size, or the desktop's): a returning player's, with nothing stored."""
    shared = "phone" if touch(device) else "desktop"
    return returning_page(path, viewport=DEVICES[device]["viewport"], device=shared)


def place(page, cell, device):
    """A player's first touch of a cell: a tap on a touch screen, a click on a desktop."""
    selector = f'svg.board [data-cell="{cell}"]'
    if touch(device):
        page.tap(selector)
    else:
        page.click(selector)


def touch(device) -> bool:
    return "has_touch" in DEVICES[device]


def press(page, selector, device):
    """A button pressed as the device's players press it: tapped on a touch screen."""
    if touch(device):
        page.tap(selector)
    else:
        page.click(selector)


def pick_label(page, colour) -> str:
    return " ".join(page.locator(f"#pick-{colour} .pick-words").inner_text().split())


def first_tap_is_own(page, device, cell, player, name=None):
    """The turn of ``player`` starts on their colour, said as theirs; the first touch
    places it."""
    assert pagekit.card_to_move(page) == player
    assert pagekit.picked(page) == player
    assert pick_label(page, player).endswith("(yours)")
    if name is not None:
        assert page.locator(".card.to-move .name").inner_text() == name
    place(page, cell, device)
    assert pagekit.stones(page)[cell] == player


# The flow is the same on every touch screen, so it runs on a phone and a desktop (a
# finger and a mouse); the sizes of the other devices are checked on the phone's page,
# where the moves list must fit each of them (one page start each cost ~17 CPU-s).
FLOW_DEVICES = ["phone", "desktop"]
OTHER_SIZES = ["landscape", "tablet"]


@pytest.mark.parametrize("device", FLOW_DEVICES)
def test_every_turn_starts_on_the_mover_s_colour_and_early_ends_ask(returning_page, device):
    page = opened(returning_page, device, "?players=2")  # no computer to start
    pagekit.new_game(page, size=5, players=3, names=["Ann", "Bob", "Cy"])
    first_tap_is_own(page, device, "e5", 1)  # Ann's one stone
    assert pick_label(page, 1) == "Blue (Ann's)"
    first_tap_is_own(page, device, "d4", 2)
    # E with a stone of Bob's two still to place asks first; No changes nothing.
    page.keyboard.press("e")
    assert page.locator("#confirm").is_visible()
    assert "with 1 of 2 stones unplaced" in page.inner_text("#confirm-text")
    press(page, "#confirm-no", device)
    assert pagekit.card_to_move(page) == 2 and pagekit.stones(page) == {"e5": 1, "d4": 2}
    press(page, "#pick-1", device)  # Bob places Ann's colour: Cy's still starts on green
    place(page, "d5", device)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    first_tap_is_own(page, device, "c3", 3)  # after a reload
    place(page, "c4", device)
    place(page, "b3", device)  # Cy trails Ann's island: a third stone
    if touch(device):  # the finger left with Cy's turn: Ann's line names no cell of his
        page.wait_for_selector('svg.board [data-at="b3"]')
        assert "b3" not in page.inner_text("#hint")
    # (A share link of Ann's turn opened in a fresh browser starts on Ann's colour:
    # tests/page/test_turn_flow.py.)
    # The moves list: no turn cut, each in words in its title.
    page.wait_for_function(
        "document.querySelectorAll('#history .turn-link').length === 3", timeout=60_000
    )
    entries = moves_list(page)
    assert [e[:2] for e in entries] == [["1", "1e5"], ["2", "1d5,2d4"], ["3", "3b3,3c3,3c4"]]
    assert entries[1][2] == "Turn 2, Bob: blue d5, orange d4"
    assert all(e[3] for e in entries), entries
    if device == "phone":  # the other touch screens' sizes: no turn cut there either
        for other in OTHER_SIZES:
            page.set_viewport_size(DEVICES[other]["viewport"])
            assert moves_list(page) == entries, other
        page.set_viewport_size(DEVICES[device]["viewport"])
    # To the end by passes (the first asks), then Rematch: Bob opens with blue.
    press(page, "#pass", device)  # Ann's opens a round of passes: asked in the dialog
    press(page, "#confirm-yes", device)
    press(page, "#pass", device)  # Bob's answers it: played at once
    press(page, "#pass", device)  # Cy's would end the game: asked on the message line...
    assert "ends the game" in page.inner_text("#message")
    press(page, "#pass", device)  # ...and played
    if touch(device):  # a game over by touch: no cell's line left standing
        assert page.inner_text("#hint") == ""
    press(page, "#rematch", device)
    assert page.locator(".card.to-move .name").inner_text() == "Bob"
    first_tap_is_own(page, device, "e5", 1, name="Bob")
    first_tap_is_own(page, device, "d4", 2, name="Cy")


def moves_list(page):
    """Each entry of the moves list: its turn, its notation, its title, and whether it
    shows whole."""
    return page.eval_on_selector_all(
        "#history .turn-link",
        "els => els.map(e => [e.dataset.turn, e.querySelector('code').textContent, e.title,"
        " e.scrollWidth <= e.clientWidth + 1])",
    )


@pytest.mark.parametrize("device", FLOW_DEVICES)
def test_a_tapped_cell_s_line_goes_with_the_turn_the_computer_answers(returning_page, device):
    """The line under the board said "c3: blue stone." after the computer had moved: a
    finger's cell is forgotten at the end of its turn (a mouse still over it keeps it)."""
    page = opened(returning_page, device, "?players=2&size=5&seats=h,c1&names=Ann,Cpu")
    first_tap_is_own(page, device, "c3", 1)  # Ann's one stone; the computer answers
    page.wait_for_function(
        "document.querySelectorAll('svg.board [data-at]').length === 3"
        " && document.querySelector('.card.to-move')?.dataset.player === '1'",
        timeout=60_000,
    )
    assert pagekit.picked(page) == 1  # back to Ann's own colour after Cpu's turn
    hint = page.inner_text("#hint")
    if touch(device):
        assert hint == "Pick a colour, then tap an empty cell.", hint
    else:
        assert hint == "c3: blue stone.", hint  # the mouse is still over c3
