"""Issue 33's turn flow in the browser, on a touch phone held upright and on a desktop
(one page per device): in a hot-seat game the first tap of each player's turn places that
player's own colour, after a reload and in a share link opened in a fresh browser too;
the picker says whose colour each is; E with stones unplaced asks; the moves list never
cuts a turn; Rematch swaps who starts. The decisions are tested under CPython
(tests/page/test_turn_flow.py); this checks the page as players meet it."""

from __future__ import annotations

import pagekit
import pytest
from conftest import READY

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1366, "height": 768}},
}


def place(page, cell, device):
    """A player's first touch of a cell: a tap on a phone, a click on a desktop."""
    selector = f'svg.board [data-cell="{cell}"]'
    if device == "phone":
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


@pytest.mark.parametrize("device", list(DEVICES))
def test_every_turn_starts_on_the_mover_s_colour_and_early_ends_ask(make_page, open_url, device):
    options = DEVICES[device]
    page = make_page(**options)
    pagekit.new_game(page, size=5, players=3, names=["Ann", "Bob", "Cy"])
    first_tap_is_own(page, device, "e5", 1)  # Ann's one stone
    assert pick_label(page, 1) == "Blue (Ann's)"
    first_tap_is_own(page, device, "d4", 2)
    # E with a stone of Bob's two still to place asks first; No changes nothing.
    page.keyboard.press("e")
    assert page.locator("#confirm").is_visible()
    assert "with 1 of 2 stones unplaced" in page.inner_text("#confirm-text")
    page.click("#confirm-no")
    assert pagekit.card_to_move(page) == 2 and pagekit.stones(page) == {"e5": 1, "d4": 2}
    pagekit.pick(page, 1)  # Bob places Ann's colour: Cy's turn still starts on green
    place(page, "d5", device)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    first_tap_is_own(page, device, "c3", 3)  # after a reload
    place(page, "c4", device)
    place(page, "b3", device)  # Cy trails Ann's island: a third stone
    # A share link of Ann's turn, opened in a fresh browser: Ann's colour first.
    pagekit.press(page, "#share-button")
    link = page.input_value("#share-url")
    page.click("#close-share")
    fresh = open_url(link, **options)
    first_tap_is_own(fresh, device, "b2", 1)
    # The moves list: no turn cut, each in words in its title.
    page.wait_for_function(
        "document.querySelectorAll('#history .turn-link').length === 3", timeout=60_000
    )
    entries = page.eval_on_selector_all(
        "#history .turn-link",
        "els => els.map(e => [e.dataset.turn, e.querySelector('code').textContent, e.title,"
        " e.scrollWidth <= e.clientWidth + 1])",
    )
    assert [e[:2] for e in entries] == [["1", "1e5"], ["2", "1d5,2d4"], ["3", "3b3,3c3,3c4"]]
    assert entries[1][2] == "Turn 2, Bob: blue d5, orange d4"
    assert all(e[3] for e in entries), entries
    # To the end by passes (the first asks), then Rematch: Bob opens with blue.
    pagekit.pass_turn(page)  # Ann's opens a round of passes: asked in the dialog
    page.click("#pass")  # Bob's answers it: played at once
    page.click("#pass")  # Cy's would end the game: asked on the message line...
    assert "ends the game" in page.inner_text("#message")
    page.click("#pass")  # ...and played
    page.locator("#rematch").click()
    assert page.locator(".card.to-move .name").inner_text() == "Bob"
    first_tap_is_own(page, device, "e5", 1, name="Bob")
    first_tap_is_own(page, device, "d4", 2, name="Cy")
