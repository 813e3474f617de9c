"""What the page shows of its controller's state, put into the page in one call per action.

The controller (controller.PageController) changes its state; this draws it (``changes``
decides each element) into the action's ``browser.Outbox``, which goes to the page in one
call at the action's end (from a worker each call is a message and a wait), with HTML
only where it changed. It also keeps the first view of the game in play for the next
visit (``first``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..browser import Browser, Outbox, Write
from ..input.aim import Aim
from ..saved.storage import GAME_KEY, Storage
from ..scheduler import Scheduler, Worker
from ..session import Session
from . import changes as view
from . import first as firstview
from .model import Computer

Result = TypeVar("Result")


class Analysis(Protocol):
    def draw_panel(self) -> None: ...
    def mark(self, session: Session) -> None: ...


class Kept(Protocol):
    """What the drawing needs of the storage (saved.keeper.Keeper)."""

    @property
    def storage(self) -> Storage: ...
    def writes(self) -> list[Write]: ...
    def refused(self, why: str) -> None: ...


class PageState(Protocol):
    """What the drawing reads of the page (controller.PageController)."""

    session: Session
    labels: bool
    aim: Aim  # the colour picked, the cursor, the pointer, a tap's preview

    @property
    def keeper(self) -> Kept: ...

    scheduler: Scheduler
    worker: Worker
    analysis: Analysis


class PageDrawing:
    """The drawing of one page."""

    def __init__(self, page: PageState, browser: Browser, early: dict[str, Any]) -> None:
        """``early``: what index.html's first paint left (its view, its version)."""
        self.page = page
        self.browser = browser
        self.outbox: Outbox | None = None  # what the action under way sends at its end
        # selector -> the HTML last put there; index.html already painted the first view
        self.drawn = firstview.painted_html(early.get("firstView"), early.get("cleaned"))
        self.version = str(early.get("version") or "")
        self.kept_view: view.Changes | None = None  # the first view stored for the next visit
        self.controls_due = False  # the controls are drawn once, as the action ends
        self.hover_shown: str | None = None  # the cell pointed at, as #board's data-hover

    # ---------------------------------------------------------------- to the browser
    @contextmanager
    def action(self) -> Iterator[Outbox]:
        """The outbox of the action under way, or of a new one, sent when it ends."""
        if self.outbox is not None:
            yield self.outbox
            return
        self.outbox = Outbox()
        try:
            yield self.outbox
        finally:
            self.draw_due()
            outbox, self.outbox = self.outbox, None
            self.send(outbox)

    def within(self, call: Callable[[], Result]) -> Result:
        """``call()`` as one action: all it changes goes to the page in one call."""
        with self.action():
            return call()

    def send(self, outbox: Outbox) -> None:
        batch = outbox.to_json(self.drawn, self.page.keeper.writes())
        refused = self.browser.send(batch) if batch is not None else ""
        if refused:
            self.page.keeper.refused(refused)

    def send_now(self) -> None:
        """Send what the action under way has collected so far (the storage's answer is
        needed before it goes on)."""
        if self.outbox is not None:
            self.draw_due()
            outbox, self.outbox = self.outbox, Outbox()
            self.send(outbox)

    def apply(self, changes: view.Changes) -> None:
        """Put what ``view`` decided into the page, with the rest of the action."""
        with self.action() as outbox:
            outbox.add(changes)

    def show_dialog(self, name: str, shown: bool) -> None:
        with self.action() as outbox:
            outbox.dialogs[name] = shown

    def focus(self, element_id: str) -> None:
        with self.action() as outbox:
            outbox.focus = element_id

    def reveal(self, element_id: str) -> None:
        """The element brought into view if it is out of it."""
        with self.action() as outbox:
            outbox.reveal = element_id

    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None:
        """The analysis's marks in the moves list and its ghost on the board (None: as
        they are)."""
        with self.action() as outbox:
            outbox.marks = marks if marks is not None else outbox.marks
            outbox.ghost = ghost if ghost is not None else outbox.ghost

    # ---------------------------------------------------------------- the page
    def render(self) -> None:
        """The whole page."""
        with self.action() as outbox:
            self.draw_all()
            outbox.scroll = True  # the turn shown stays in view; else the latest one
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
        page, storage = self.page, self.page.keeper.storage
        if storage.game_key != GAME_KEY or not self.version:
            return
        kept = firstview.first_view(page.session, page.labels, game_changes)
        if kept != self.kept_view:
            self.kept_view = kept
            storage.write(firstview.VIEW_KEY, firstview.stored_view(self.version, kept))

    def controls(self) -> None:
        """The cards, the action bar, the moves' navigation, the banners, the notes: drawn
        once, at the end of the action (which may ask several times)."""
        with self.action():
            self.controls_due = True

    def draw_due(self) -> None:
        """The controls, when the action asked for them; the cell pointed at, when it
        changed (the page's thread sends Python no mouseover of that cell again)."""
        if self.outbox is None:
            return
        hover = self.page.aim.hover
        if hover != self.hover_shown:
            self.hover_shown = hover
            self.outbox.add({"#board": {"attrs": {"data-hover": hover}}})
        if not self.controls_due:
            return
        self.controls_due = False
        page = self.page
        computer = Computer.of(page.scheduler, page.worker.ready)
        self.outbox.add(view.control_changes(page.session, page.aim.choice, page.labels, computer))

    def overlay(self) -> None:
        """The preview under the pointer or the cursor, the hint, the cell in words."""
        page, aim = self.page, self.page.aim
        # A tap's preview stays under the finger whatever the emulated mouse events say.
        hint, target = page.scheduler.hint_move, aim.previewed or aim.hover
        changes = view.overlay_changes(
            page.session, aim.choice, target, aim.cursor, hint, aim.touch
        )
        self.apply({**changes, "#tap-again": {"hidden": aim.previewed is None}})

    def computer(self) -> None:
        """What the computers do: the controls, and body's test hooks."""
        page = self.page
        self.controls()  # the buttons that apply and the note follow the computers
        self.apply(view.computer_changes(page.session, page.scheduler, page.worker.ready))
