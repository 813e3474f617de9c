"""The page's commands by name: what a key (``keys.key_command``) or a button
(data-command) does. The display settings, the analysis and the dialogs (static/) add
their own to ``PageController.commands``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import start as startup
from ..controller import PageController
from . import keys

TAKE_BACK = ("undo", "redo", "undo-turn", "redo-turn")
STEPS = set(keys.REVIEW_KEYS.values())  # the history's step buttons: data-command="review-back"


def page_commands(page: PageController) -> dict[str, Callable[..., Any]]:
    """The controller's own commands."""
    return {
        "play": page.play,
        "pick": page.pick,
        **{how: lambda *_, how=how: page.take_back(how) for how in TAKE_BACK},
        "hint": page.ask_hint,
        "stop": lambda *_: page.scheduler.stop(),
        "pause": page.toggle_pause,
        "step": lambda *_: page.scheduler.step(),
        "back": page.leave_history,
        "enter": page.enter,
        "escape": page.escape,
        "labels": page.toggle_labels,
        "dismiss": page.clear_message,
        "restart": page.restart,
        "confirm-yes": page.confirmed,
        "confirm-no": page.declined,
        "cancel-new-game": lambda *_: page.show_dialog("new-game", False),
        "close-share": lambda *_: page.show_dialog("share", False),
        "close-games": lambda *_: page.show_dialog("games", False),
        "review": lambda how: page.show_turn(None, how),
        **{f"review-{how}": lambda *_, how=how: page.show_turn(None, how) for how in STEPS},
        "welcome-people": lambda *_: page.start(
            startup.first_game(page.keeper.settings, True, page.session.game.name), True
        ),
        "welcome-close": lambda *_: page.greet(False),
        "rematch": lambda *_: page.start(page.session.rematch(), True),
        "review-game": page.review_game,
        "show-result": page.show_result,
        "close-result": page.close_result,
        "promote-line": lambda *_: page.change_lines(page.session.study.promote_line()),
        "delete-line": lambda *_: page.change_lines(page.session.study.delete_line()),
        "remove-note": lambda *_: page.write_note(""),
        "try-here": page.toggle_trying,
    }
