"""The drawing of the page's state (archipelago.page.view.drawing) under CPython: each
action's changes go in one call, and the controls (cards, action bar, moves'
navigation, banners) are drawn once per action, however many parts of it ask."""

from __future__ import annotations

import pytest

from archipelago.page.view import drawing
from archipelago.page.worker import protocol
from tests.page.test_controller import Tab


@pytest.fixture
def control_draws(monkeypatch) -> list[int]:
    """How many times the controls were drawn (view.control_changes made), one entry per
    drawing."""
    drawn: list[int] = []
    made = drawing.view.control_changes

    def counted(*args, **kwargs):
        drawn.append(1)
        return made(*args, **kwargs)

    monkeypatch.setattr(drawing.view, "control_changes", counted)
    return drawn


@pytest.mark.parametrize("query", ["?players=2&size=5", "?players=2&size=5&seats=h,c2"])
def test_a_tap_draws_the_controls_once_and_sends_one_call(control_draws, query):
    tab = Tab(query)
    sent, before = len(tab.browser.sent), len(control_draws)
    tab.click("c3")  # a move: the stone, the cards, the moves, a computer asked
    assert len(control_draws) - before == 1 and len(tab.browser.sent) - sent == 1
    before = len(control_draws)
    tab.press(colour="2")  # a pick: the colour buttons
    assert len(control_draws) - before == 1


def test_a_computer_s_move_and_an_undo_draw_the_controls_once(control_draws):
    tab = Tab("?players=2&size=5&seats=h,c2")
    tab.click("c3")
    think = tab.worker.last_think()
    before = len(control_draws)
    tab.worker.on_message(protocol.move_reply(think["id"], "2c4"))
    assert len(control_draws) - before == 1
    before = len(control_draws)
    tab.press(command="undo")
    assert len(control_draws) - before == 1
