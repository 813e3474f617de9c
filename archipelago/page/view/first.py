"""What the page shows before Python is up: its first view, as data.

The build (sitebuild/index.py) writes the first view of a new game into index.html, and
the running page keeps the first view of the game in play in the browser's storage; a few
lines of JavaScript in index.html (static/start/first_paint.js) paint one of them at once,
so the board is on screen while the runtime starts. The view is the one ``changes``
builds, for the state the page starts in (the first colour picked, no pointer, the
computer not yet asked), so nothing changes on screen when Python takes over. Only the
elements in PAINTED are kept: index.html's script paints nothing else.
"""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ..scheduler import Scheduler
from ..session import Session
from .changes import Changes, control_changes, game_changes, overlay_changes
from .model import Computer
from .welcome import WELCOME_PARTS

VIEW_KEY = "archipelago.view"  # the stored first view of the game in play
# The elements the first view fills in; index.html's script refuses any other.
PAINTED = (
    "head > title",
    "#title",
    "#game-switch",
    "#board",
    "#game-panel",
    "#game-panel-title",
    "#game-panel-body",
    "#cards-top",
    "#cards-bottom",
    "#status",
    "#gameover",
    "#review-banner",
    "#history",
    "#moves-nav",
    "#picker",
    "#action-bar",
    "#labels",
    "#hint",
    "#computer-note",
    "#turn-note",
    "#embed-intro",
    *WELCOME_PARTS,  # a link to another game's welcome (sitebuild/index.py adds them)
)


class _NoWorker:
    """The worker as it is when the page starts: not started, not ready."""

    ready = False

    def start(self) -> None:
        return None

    def post(self, message: dict[str, Any]) -> None:
        return None


def first_view(session: Session, labels: bool, game: Changes | None = None) -> Changes:
    """The page as Python draws it when it starts with ``session``; ``game`` is
    ``changes.game_changes`` already built for it (the board is the costly part)."""
    scheduler = Scheduler(session, _NoWorker(), lambda: 0.0, lambda *_: None, lambda *_: None)
    changes: Changes = {}
    choice = session.turn_choice(1)  # the picker on the mover's colour, as Python starts it
    for part in (
        game if game is not None else game_changes(session, labels),
        control_changes(session, choice, labels, Computer.of(scheduler, False)),
        overlay_changes(session, choice, None, None, ""),
    ):
        for selector, props in part.items():
            if selector in PAINTED:
                changes.setdefault(selector, {}).update(props)
    return changes


def stored_view(version: str, changes: Changes) -> dict[str, Any]:
    """What the page stores under VIEW_KEY: index.html paints it only for this version."""
    return {"version": version, "changes": changes}


def painted_html(painted: Any, cleaned: Any = ()) -> dict[str, str]:
    """selector -> the HTML of a first view index.html painted: already on the page.

    ``cleaned`` names the fragments whose stored HTML index.html's cleaner changed (it
    drops forms, inputs, links and the like from stored text): what is drawn there is not
    that HTML, so they are left out and the page draws them again (a game reloaded on a
    turn that asks for a typed entry, like a komi, gets its field back)."""
    if not isinstance(painted, dict):
        return {}
    changed = (
        {str(selector) for selector in cleaned} if isinstance(cleaned, (list, tuple)) else set()
    )
    return {
        selector: props["html"]
        for selector, props in painted.items()
        if isinstance(props, dict)
        and isinstance(props.get("html"), str)
        and selector not in changed
    }


def early_clicks(
    entries: Any, painted_board: Any, board: str | None
) -> tuple[list[tuple[str, str]], str]:
    """The clicks made on the painted board before Python was ready ([kind, value] pairs,
    kind "cell" or "colour"), to play now; none, and why, when Python opened with another
    board than the one they were made on."""
    clicks = [
        (str(entry[0]), str(entry[1]))
        for entry in entries or []
        if isinstance(entry, (list, tuple)) and len(entry) == 2 and entry[0] in ("cell", "colour")
    ]
    if clicks and painted_board != board:
        return [], _(
            "The board changed when the game finished loading, so the clicks made before "
            "were not played."
        )
    return clicks, ""
