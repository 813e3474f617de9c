"""The analysis on the page: the Analyse and Stop buttons, the worker's replies, and the
panel, the graph, the move list's marks and the best turn's ghost.

The analysis runs in the computer players' Web Worker (``analysis_protocol``); what is
shown is decided in ``view.analysis``; the page (controller.PageController) draws it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..i18n import _
from .scheduler import Worker
from .session import Session
from .view import analysis as analysis_view
from .view.changes import Changes
from .worker import protocol
from .worker.analysis_protocol import PAGE_BUDGET, analyse_request, is_analysis

FIRST_ID = 1_000_000_000  # far above the computer players' request ids
SEED = 1


class PageView(Protocol):
    """What the analysis needs of the page (controller.PageController)."""

    session: Session
    commands: dict[str, Callable[..., Any]]

    @property
    def worker(self) -> Worker: ...
    def save(self) -> None: ...
    def message(self, text: str, kind: str = "error") -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None: ...


class AnalysisPage:
    """The analysis of one page."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.request_id: int | None = None  # the analysis under way in the worker
        self.next_id = FIRST_ID
        self.session: Session | None = None  # the game it is for
        self.progress: analysis_view.Progress | None = None
        self.settings: dict[str, int] = {}
        self.marked = self.ghosted = False  # whether marks, a ghost, may be on the page
        page.commands.update({"analyse": self.start, "stop-analysis": self.stop})

    # ---------------------------------------------------------------- the worker
    def start(self, *_: Any) -> None:
        page = self.page
        session = page.session
        if session.help_refused:  # a puzzle being solved (a button drawn before it opened)
            page.message(session.help_refused, "info")
            return
        if not analysis_view.can_analyse(session):
            return
        self.next_id += 1
        self.request_id = self.next_id
        self.session = session
        self.settings = {
            "seed": SEED,
            "iterations": PAGE_BUDGET.iterations,
            "solve_nodes": PAGE_BUDGET.solve_nodes,
        }
        studied = session.study.studied  # the game, or the side line followed
        self.progress = analysis_view.Progress(0, session.kit.finished_turns(studied))
        page.worker.post(analyse_request(self.request_id, studied.to_record(), SEED))
        self.render()

    def stop(self, *_: Any) -> None:
        if self.request_id is not None:
            self.page.worker.post(protocol.stop(self.request_id))

    def owns(self, message: Any) -> bool:
        """Whether a message from the worker is the analysis's."""
        if not isinstance(message, dict):
            return False
        mine = self.request_id is not None and message.get("id") == self.request_id
        return is_analysis(message) or (mine and message.get("type") == "error")

    def receive(self, message: dict[str, Any]) -> None:
        if self.request_id is None or message.get("id") != self.request_id:
            return  # an analysis already stopped or replaced
        page = self.page
        if message.get("type") == "error":
            self.request_id = self.progress = None
            page.message(_("The analysis failed: {error}").format(error=message.get("message", "")))
            self.render()
            return
        if self.session is not page.session:  # another game on the board meanwhile
            self.stop()
            self.request_id = self.progress = None
            return
        kept = analysis_view.keep_reply(self.session, message, self.settings)
        if message.get("finished") or message.get("stopped") or not kept:
            self.request_id = self.progress = None
            page.save()  # once, at the end: the page stays light while the worker works
        else:
            self.progress = analysis_view.Progress(message["done"], message["total"])
        self.render()

    # ---------------------------------------------------------------- drawing
    def render(self) -> None:
        """The panel, then the marks and the ghost."""
        self.draw_panel()
        self.mark(self.page.session)

    def draw_panel(self) -> None:
        page = self.page
        session = page.session
        progress = self.progress if self.session is session else None
        shown = analysis_view.panel(session, progress)
        bar: dict[str, object] = {"hidden": progress is None}
        if progress is not None:
            bar["attrs"] = {"max": str(max(1, progress.total)), "value": str(progress.done)}
        page.apply(
            {
                "#analysis": {"hidden": shown.hidden},
                "#analyse": {"hidden": shown.button_hidden, "text": shown.button_label},
                "#analyse-stop": {"hidden": shown.stop_hidden},
                "#analysis-progress": {"text": shown.progress},
                "#analysis-bar": bar,
                "#analysis-graph": {"html": shown.graph},
                "#analysis-summary": {"html": shown.summary},
                "body": {"attrs": {"data-analysing": "1" if progress is not None else ""}},
            }
        )

    def mark(self, session: Session) -> None:
        """The judgements in the moves list and the best turn drawn faintly on the board,
        once the moves list and the board are drawn (neither when there is none to draw
        and none drawn)."""
        marks = {
            str(turn): analysis_view.mark_html(judgement)
            for turn, judgement in analysis_view.history_marks(session).items()
        }
        ghost = analysis_view.ghost_turn(session)
        drawing = (
            session.kit.ghost_svg(analysis_view.ghost_position(session, ghost), ghost.move)
            if ghost
            else ""
        )
        self.page.show_marks(
            marks if marks or self.marked else None, drawing if drawing or self.ghosted else None
        )
        self.marked, self.ghosted = bool(marks), bool(drawing)
