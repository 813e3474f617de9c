"""Words for the pointer in hand (archipelago/page/view/pointer.py): "tap" on a touch
screen, "click" with a mouse, and which one the page is used with."""

from __future__ import annotations

from archipelago.games.archipelago import panels
from archipelago.page.view.pointer import is_touch


def test_the_pointer_of_the_last_tap_or_click_decides():
    assert is_touch("touch", False) and is_touch("pen", False)
    assert not is_touch("mouse", True)
    assert is_touch("", True) and not is_touch("", False)  # a key: as before


def test_a_colour_button_is_named_by_its_colour_then_its_owner():
    label = panels.pick_label(1, "Ann <3")
    assert label == '<span class="colour">Blue</span> <span class="owner">Ann &lt;3</span>'
