"""The page's commands by name (archipelago.page.input.commands): every button of
index.html with a data-command finds its action, here or in static/page/ (which adds the
dialogs' and the games' own), and the table's actions run on the page under CPython."""

from __future__ import annotations

import re
from pathlib import Path

from archipelago.page.input.commands import STEPS, TAKE_BACK, page_commands
from tests.page.test_controller import Tab

ROOT = Path(__file__).resolve().parents[3]
# Added by static/page/ (dialogs_ui.py, games_ui.py, distance_ui.py, share_ui.py,
# picture_ui.py, club_ui.py).
STATIC = {"new-game", "share", "embed", "copy-share", "share-at-turn", "games", "save", "load"}
STATIC |= {"native-share", "copy-embed", "send-turn"}
STATIC |= {"picture", "close-picture", "picture-svg", "picture-png", "picture-copy"}
STATIC |= {"moves-svg", "moves-png"}
STATIC |= {"club-save", "club-load", "club-link", "club-copy"}


def test_every_button_of_the_page_finds_its_command():
    tab = Tab()
    named = set(re.findall(r'data-command="([^"]+)"', (ROOT / "index.html").read_text()))
    assert named and named - STATIC <= set(tab.page.commands)
    assert set(page_commands(tab.page)) <= set(tab.page.commands)
    assert {"rotate", "sound", "cursor", "theme", "analyse", "stop-analysis"} <= set(
        tab.page.commands
    )  # the display's and the analysis's own


def test_the_take_back_and_step_commands_act_on_the_game():
    tab = Tab()
    assert set(TAKE_BACK) | {f"review-{how}" for how in STEPS} <= set(tab.page.commands)
    tab.click("c3")
    tab.press(command="undo")
    assert tab.session.game.history_codes() == []
    tab.press(command="redo")
    assert len(tab.session.game.history_codes()) == 1
    tab.press(command="review-start")
    assert tab.session.viewing == 0
    tab.press(command="back")
    assert tab.session.viewing is None
