"""The whole page as data: for each element (a CSS selector), what to put in it.

``static/app.py`` applies these changes to the DOM and nothing more, so what the page
shows in any state is decided here, under CPython tests. Properties: ``html`` (inner
HTML), ``text``, ``hidden``, ``disabled`` and ``attrs`` (attributes to set).
"""

from __future__ import annotations

from typing import Any

from archipelago.hexsvg import CELL_ID

from . import panels
from .kits import Cursor
from .scheduler import Scheduler
from .session import Session

Changes = dict[str, dict[str, Any]]
DOCUMENT_TITLE = "head > title"  # the tab's title (not a <title> inside an SVG)


def game_changes(session: Session, labels: bool) -> Changes:
    """The board, the status, the players, the game's own panel, the game-over box and
    the history."""
    kit = session.kit
    side = kit.side_panel(session)
    over = session.viewing is None and session.game.is_over
    changes: Changes = {
        "#title": {"text": kit.title},
        DOCUMENT_TITLE: {"text": kit.title},  # the tab's title follows the game too
        "#rules-link": {"attrs": {"href": kit.rules_page, "title": f"How to play {kit.title}"}},
        "#board": {"html": kit.board_svg(session, labels)},
        "#game-panel": {"hidden": side is None},
        "#status": {"html": panels.status_html(session)},
        "#gameover": {"hidden": not over},
        "#players": {"html": kit.players_html(session)},
        "#history": {"html": panels.history_html(session)},
    }
    if side is not None:
        changes["#game-panel-title"] = {"text": side[0]}
        changes["#game-panel-body"] = {"html": side[1]}
    if over:
        changes["#gameover"]["html"] = kit.gameover_html(session)
    return changes


def control_changes(session: Session, choice: int, labels: bool) -> Changes:
    """The game's buttons (colours, End turn, Pass), undo/redo and the names switch."""
    live = session.viewing is None
    actions = session.kit.actions(session, live)
    resign = session.kit.resign_action(session, live)
    if resign is not None:
        actions.append(resign)
    undo = panels.undo_buttons(session)
    return {
        "#picker": {"html": session.kit.picker_html(session, choice)},
        "#move-actions": {"html": panels.actions_html(actions)},
        "#undo": {"disabled": not undo.undo},
        "#undo-turn": {"disabled": not undo.undo},
        "#redo": {"disabled": not undo.redo},
        "#redo-turn": {"disabled": not undo.redo},
        "#labels": {"attrs": {"aria-pressed": "true" if labels else "false"}},
    }


def overlay_changes(
    session: Session, choice: int, hover: str | None, cursor: Cursor, hint: str
) -> Changes:
    """The preview under the pointer or the keyboard cursor, the hint's stone, and the
    line that puts the cell under the pointer in words."""
    at = cursor[0] if cursor else None
    target = hover if hover is not None else at
    kit = session.kit
    live = session.viewing is None and not session.shown.is_over
    return {
        # The board is an ARIA grid whose focus stays on #board: the cursor's cell is its
        # active cell, so a screen reader reads that cell as the arrows move.
        "#board": {"attrs": {"aria-activedescendant": f"{CELL_ID}{at}" if at else ""}},
        "#board .overlay": {"html": kit.overlay_svg(session, choice, target, at, hint)},
        "#hint": {"text": kit.cell_words(session, choice, target, live)},
    }


def computer_changes(session: Session, scheduler: Scheduler, ready: bool) -> Changes:
    """The computer buttons, the note on what the computers do, and test hooks on body."""
    panel = panels.computer_panel(session, scheduler, ready)
    return {
        "#hint-button": {"hidden": panel.hint_hidden, "disabled": panel.hint_disabled},
        "#stop": {"hidden": panel.stop_hidden, "disabled": panel.stop_disabled},
        "#pause": {
            "hidden": panel.pause_hidden,
            "text": panel.pause_label,
            "attrs": {"aria-pressed": "true" if panel.paused else "false"},
        },
        "#step": {"hidden": panel.step_hidden, "disabled": panel.step_disabled},
        "#computer-note": {"text": panel.note},
        "body": {
            "attrs": {
                "data-thinking": scheduler.thinking,
                "data-paused": "1" if panel.paused else "0",
                "data-computer": "ready" if ready else "",  # its worker has started
                "data-last-answer": scheduler.last_answer,  # did Stop cut the search
            }
        },
    }
