"""What the page shows of its controller's state, put into the page.

The controller (controller.PageController) changes its state; this draws it (``view``
decides each element) and sends it through the ``Browser``: HTML only where it changed,
and all that one drawing applies in one call (from a worker each call is a message and
a wait). It also keeps the first view of the game in play for the next visit
(``firstview``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from . import firstview, view
from .browser import Browser
from .kits import Cursor
from .scheduler import Scheduler, Worker
from .screen import Computer
from .session import Session
from .storage import GAME_KEY, Storage


class Analysis(Protocol):
    def draw_panel(self) -> None: ...
    def mark(self, session: Session) -> None: ...


class PageState(Protocol):
    """What the drawing reads of the page (controller.PageController)."""

    session: Session
    labels: bool
    choice: int
    cursor: Cursor
    hover: str | None
    previewed: str | None
    storage: Storage
    scheduler: Scheduler
    worker: Worker
    analysis: Analysis


class PageDrawing:
    """The drawing of one page."""

    def __init__(self, page: PageState, browser: Browser, early: dict[str, Any]) -> None:
        """``early``: what index.html's first paint left (its view, its version)."""
        self.page = page
        self.browser = browser
        self.batch: view.Changes | None = None  # what a drawing under way has applied
        # selector -> the HTML last put there; index.html already painted the first view
        self.drawn = firstview.painted_html(early.get("firstView"), early.get("cleaned"))
        self.version = str(early.get("version") or "")
        self.kept_view: view.Changes | None = None  # the first view stored for the next visit

    # ---------------------------------------------------------------- to the browser
    def apply(self, changes: view.Changes) -> None:
        """Put what ``view`` decided into the page, in one call, or with the rest of a
        drawing (``drawing``). HTML is sent only when it changed."""
        if self.batch is not None:
            for selector, props in changes.items():
                kept = self.batch.setdefault(selector, {})
                for prop, value in props.items():  # attributes add up; the rest replaces
                    kept[prop] = (
                        {**kept[prop], **value} if prop == "attrs" and prop in kept else value
                    )
            return
        batch = view.unchanged_html_dropped(changes, self.drawn)
        if batch:
            self.browser.apply(batch)

    def drawing(self, draw: Callable[[], None]) -> None:
        """Run ``draw``, putting all it applies into the page in one call at the end (a
        call from a worker is a message and a wait)."""
        if self.batch is not None:  # within a drawing already
            draw()
            return
        self.batch = {}
        try:
            draw()
        finally:
            batch, self.batch = self.batch, None
            self.apply(batch)

    def show_dialog(self, name: str, shown: bool) -> None:
        self.browser.show_dialog(name, shown)

    def focus(self, element_id: str) -> None:
        self.browser.focus(element_id)

    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None:
        """The analysis's marks in the moves list and its ghost on the board (None: as
        they are)."""
        if marks is not None:
            self.browser.mark_history(marks)
        if ghost is not None:
            self.browser.draw_ghost(ghost)

    # ---------------------------------------------------------------- the page
    def render(self) -> None:
        """The whole page."""
        self.drawing(self.draw_all)
        self.browser.scroll_history()  # the turn shown stays in view; else the latest one
        self.page.analysis.mark(self.page.session)

    def draw_all(self) -> None:
        session = self.page.session
        changes = view.game_changes(session, self.page.labels)
        # index.html's key guard lets Home and End scroll the page unless they step
        # through the game (a past turn shown, or the game over).
        stepping = session.viewing is not None or session.game.is_over
        self.apply({**changes, "body": {"attrs": {"data-stepping": "1" if stepping else "0"}}})
        self.overlay()
        self.computer()  # and the controls
        self.page.analysis.draw_panel()
        self.keep_view(changes)

    def keep_view(self, game_changes: view.Changes) -> None:
        """Store the first view of the game in play: the next visit paints it at once
        (index.html). An embedded board opens from its URL, so it keeps none."""
        page = self.page
        if page.storage.game_key != GAME_KEY or not self.version:
            return
        kept = firstview.first_view(page.session, page.labels, game_changes)
        if kept != self.kept_view:
            self.kept_view = kept
            page.storage.write(firstview.VIEW_KEY, firstview.stored_view(self.version, kept))

    def controls(self) -> None:
        """The cards, the action bar, the moves' navigation, the banners, the notes."""
        page = self.page
        computer = Computer.of(page.scheduler, page.worker.ready)
        self.apply(view.control_changes(page.session, page.choice, page.labels, computer))

    def overlay(self) -> None:
        """The preview under the pointer or the cursor, the hint, the cell in words."""
        page = self.page
        # A tap's preview stays under the finger whatever the emulated mouse events say.
        hint, target = page.scheduler.hint_move, page.previewed or page.hover
        changes = view.overlay_changes(page.session, page.choice, target, page.cursor, hint)
        self.apply({**changes, "#tap-again": {"hidden": page.previewed is None}})

    def computer(self) -> None:
        """What the computers do: the controls, and body's test hooks."""
        self.drawing(self.draw_computer)

    def draw_computer(self) -> None:
        page = self.page
        self.controls()  # the buttons that apply and the note follow the computers
        self.apply(view.computer_changes(page.session, page.scheduler, page.worker.ready))
