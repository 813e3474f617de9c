"""The whole page as data: for each element (a CSS selector), what to put in it.

index.html's applyPageChanges (static/start/page_changes.js) applies these changes to
the DOM and nothing more, so what the page shows in any state is decided here and in
``model`` (the view model), under CPython tests. Properties: ``html`` (inner HTML; an
element index.html marks ``data-redraw="in-place"`` gets it patched in, its children
kept by ``data-key``, id or place), ``text``, ``hidden``, ``disabled`` and ``attrs``
(attributes to set).
"""

from __future__ import annotations

from html import escape
from typing import Any

from archipelago.hexsvg import CELL_ID
from archipelago.i18n import _
from archipelago.registry import manifests

from ..contract import Cursor
from ..saved import distance
from ..scheduler import Scheduler
from ..session import Session
from .clocks import result_code
from .embed import intro_html
from .html import banner_html, bar_html, cards_html, nav_html, result_html
from .lines import line_actions_html, note_form_html, trying_words
from .model import Computer, Screen, moving, screen
from .panels import history_html
from .pointer import pointer_in_hand

Changes = dict[str, dict[str, Any]]
DOCUMENT_TITLE = "head > title"  # the tab's title (not a <title> inside an SVG)


def unchanged_html_dropped(changes: Changes, drawn: dict[str, str]) -> Changes:
    """``changes`` less the HTML that ``drawn`` (selector -> the HTML last put there) says
    is already in the page, and less what is then left empty; ``drawn`` is brought up to
    date. Only top-level selectors are remembered: a nested element is redrawn with its
    parent, so its HTML is always sent. Redrawing the same board would throw away the
    browser's work (hover, focus, the zoom's label positions) for nothing."""
    batch: Changes = {}
    for selector, props in changes.items():
        kept = dict(props)
        html = kept.get("html")
        if html is not None and " " not in selector:
            if drawn.get(selector) == html:
                del kept["html"]
            else:
                drawn[selector] = html
        if kept:
            batch[selector] = kept
    return batch


def game_switch_html(current: str) -> str:
    """The header's game switcher: every registered game, the one in play selected."""
    return "".join(
        f'<option value="{escape(m.name)}"{" selected" if m.name == current else ""}>'
        + escape(_(m.title))
        + "</option>"
        for m in manifests()
    )


def game_changes(session: Session, labels: bool) -> Changes:
    """The board, the title, the game's own panel and the moves."""
    kit = session.kit
    side = kit.side_panel(session)
    title = _(kit.title)
    changes: Changes = {
        "#title": {"text": title},
        DOCUMENT_TITLE: {"text": title},  # the tab's title follows the game too
        "#game-switch": {"html": game_switch_html(kit.name)},
        "#rules-link": {
            "attrs": {"href": kit.rules_page, "title": _("How to play {game}").format(game=title)}
        },
        "#embed-intro": {"html": intro_html(kit)},  # shown on an embedded page only
        "#board": {"html": kit.board_svg(session, labels)},
        "#game-panel": {"hidden": side is None},
        # In place: a redraw between the press and the release of a click on an entry
        # (a computer's turn, a note saved) would otherwise take the entry from under it.
        "#history": {"html": history_html(session)},
        **lines_changes(session),
    }
    if side is not None:
        changes["#game-panel-title"] = {"text": side[0]}
        changes["#game-panel-body"] = {"html": side[1]}
    return changes


def lines_changes(session: Session) -> Changes:
    """The side lines' buttons and the Note field under the moves list. The field shows
    while a turn is reviewed (notes are written in review, as on lichess's analysis board):
    shown during play, it appeared under the moves after the first view was painted and
    pushed the panels below it down, a layout shift at every returning visit."""
    actions, note = line_actions_html(session), note_form_html(session)
    return {
        "#line-actions": {"html": actions, "hidden": not actions},
        "#note-form": {"html": note, "hidden": not note or session.viewing is None},
    }


def status_html(session: Session, shown: Screen) -> str:
    """The position in a sentence for screen readers, and the line of a game played by
    link (with its Send your turn button)."""
    mover = session.game.to_move if session.viewing is None else None
    return (
        f'<p class="turn visually-hidden" data-player="{mover or ""}">{escape(shown.status)}</p>'
        + distance.status_html(session)
    )


def control_changes(
    session: Session, choice: int, labels: bool, computer: Computer | None = None
) -> Changes:
    """The cards, the action bar, the moves' navigation, the review banner, the
    game-over card and the lines of words: the view model, drawn."""
    shown = screen(session, computer)
    over = shown.result is not None
    return {
        "#cards-top": {"html": cards_html(shown, "top")},
        "#cards-bottom": {"html": cards_html(shown, "bottom")},
        "#picker": {  # in review, the colours of the position's mover, whose move is tried
            "html": session.kit.picker_html(moving(session), choice) if shown.picker else "",
            "hidden": not shown.picker,
        },
        "#action-bar": {"html": bar_html(shown)},
        "#moves-nav": {"html": nav_html(shown)},
        "#review-banner": {
            "html": banner_html(shown.banner),
            "hidden": shown.banner is None,
        },
        "#gameover": {"html": result_html(shown.result), "hidden": not over},
        "#status": {"html": status_html(session, shown)},
        "#computer-note": {"text": shown.computer_note},
        "#turn-note": {"text": shown.turn_note},
        "#labels": {"attrs": {"aria-pressed": "true" if labels else "false"}},
        "body": {
            "attrs": {
                "data-reviewing": "1" if session.viewing is not None else "0",
                "data-result": result_code(session),  # "time": lost on time (view.clocks)
            }
        },
    }


def overlay_changes(
    session: Session,
    choice: int,
    hover: str | None,
    cursor: Cursor,
    hint: str,
    touch: bool = False,
) -> Changes:
    """The preview under the pointer or the keyboard cursor, the hint's stone, and the
    line that puts the cell under the pointer in words (a touch screen is "tapped")."""
    at = cursor[0] if cursor else None
    target = hover if hover is not None else at
    kit = session.kit
    live = session.viewing is None and not session.shown.is_over
    with pointer_in_hand(touch):  # a kit's line says "click" or "tap" (pointer.click_or_tap)
        if session.viewing is not None and session.study.can_try:
            words = trying_words(session, choice, target, touch)
        else:
            words = kit.cell_words(session, choice, target, live)
    return {
        # The board is an ARIA grid whose focus stays on #board: the cursor's cell is its
        # active cell, so a screen reader reads that cell as the arrows move.
        "#board": {"attrs": {"aria-activedescendant": f"{CELL_ID}{at}" if at else ""}},
        "#board .overlay": {"html": kit.overlay_svg(session, choice, target, at, hint)},
        "#hint": {"text": words},
    }


def computer_changes(session: Session, scheduler: Scheduler, ready: bool) -> Changes:
    """Test hooks on body saying what the computers do (the buttons and the note are
    part of ``control_changes``)."""
    return {
        "body": {
            "attrs": {
                "data-thinking": scheduler.thinking,
                "data-paused": "1" if scheduler.paused else "0",
                "data-computer": "ready" if ready else "",  # its worker has started
                "data-last-answer": scheduler.last_answer,  # did Stop cut the search
            }
        },
    }
