"""The browser layer of the page: the only Python that touches the DOM.

It wires clicks, keys and the worker's messages to archipelago.page (the session, the
computer seats' scheduler, storage, the message protocol and every panel's HTML), and
puts what those build into the page. Rules live in the engine; computer players think
in a Web Worker (static/ai_worker.js), never on the page's thread.
"""

# ruff: noqa: E402 (imports come after the pause below and after the start mark)
import asyncio

# PyScript's own setup runs in the task that runs this module: a task goes by before our
# imports, and another before the first drawing (below), so that the page's thread is
# never busy with two of them at once (a long task delays input and painting).
await asyncio.sleep(0)  # type: ignore[top-level-await]  # noqa: F704 (PyScript's await)

import json
import secrets
from collections.abc import Callable
from typing import Any

import js as this_thread  # the globals of the thread Python runs on (a worker, or the page)
from analysis_ui import AnalysisUI
from board_ui import BoardUI
from bridge import connect, listen, mirrored_storage, on_page
from dialogs_ui import DialogsUI
from display_ui import DisplayUI
from distance_ui import DistanceUI
from games_ui import GamesUI
from input_ui import InputUI
from pyodide.ffi import JsDoubleProxy, create_once_callable, create_proxy
from pyscript import document, window

# The runtime handed over: `python build.py bench` times what the page adds from here.
window.performance.mark("archipelago-python")
if hasattr(this_thread, "WorkerGlobalScope"):  # (PyScript gives a worker a `document` too)
    # In a worker, the runtime's start marked the worker's own timeline (static/
    # pyodide_start.mjs): the page's gets the same, where the bench and the tests look.
    if this_thread.performance.getEntriesByName("python-from-snapshot").length:
        window.performance.mark("python-from-snapshot")
    for runtime in this_thread.performance.getEntriesByName("python-runtime"):
        span = {"duration": float(runtime.duration), "end": float(window.performance.now())}
        window.performance.measure("python-runtime", window.JSON.parse(json.dumps(span)))

from worker_client import WorkerClient

from archipelago.page import start as startup
from archipelago.page.contract import Cursor
from archipelago.page.events import PageEvent
from archipelago.page.input import REVIEW_KEYS
from archipelago.page.saved.library import Library
from archipelago.page.saved.storage import GAME_KEY, Storage, session_from_settings
from archipelago.page.scheduler import Scheduler
from archipelago.page.session import Session
from archipelago.page.view import changes as view
from archipelago.page.view import first as firstview
from archipelago.page.view.model import Computer

TAKE_BACK = ("undo", "redo", "undo-turn", "redo-turn")
STEPS = set(REVIEW_KEYS.values())  # the history's step buttons: data-command="review-back"


def by_id(name: str) -> Any:
    return document.getElementById(name)


def early_values() -> dict[str, Any]:
    """What index.html's first paint left for Python (the view it painted, the fragments
    its cleaner changed, the clicks made meanwhile, the page's version), in one call."""
    found: dict[str, Any] = json.loads(str(window.earlyValues()))
    return found


class Page:
    def __init__(self) -> None:
        # The browser may refuse its storage (a frame of another site, a private window):
        # the page then plays without saving, and says so once (tell_cannot_save).
        self.storage = Storage.of_browser(mirrored_storage)
        self.said_cannot_save = False
        # The games of this browser; None on an embedded page, which keeps one game.
        self.library: Library | None = Library(
            self.storage, this_thread.Date.now, lambda: secrets.token_hex(8)
        )
        self.games = GamesUI(self)
        self.dialogs = DialogsUI(self)
        self.distance = DistanceUI(self)  # games played by link, and links opened
        self.board_ui = BoardUI(self)  # the grid's focus, pinch-zoom and pan
        self.settings = self.storage.settings()
        self.labels = self.storage.labels()
        self.choice = 1  # what a click plays (Archipelago: the colour)
        self.cursor: Cursor = None  # the keyboard cursor: (cell name, column)
        self.hover: str | None = None
        self.previewed: str | None = None  # the small cell a first tap previewed
        self.proxies: list[JsDoubleProxy] = []
        self.batch: view.Changes | None = None  # what a drawing under way has applied
        # selector -> the HTML last put there; index.html already painted the first view
        self.early = early_values()
        self.drawn = firstview.painted_html(self.early["firstView"], self.early["cleaned"])
        self.version = str(self.early["version"] or "")
        self.kept_view: view.Changes | None = None  # the first view stored for the next visit
        self.pending: str | None = None  # a move waiting for the player's confirmation
        self.url_settings: dict[str, Any] | None = None  # an embedded page's, from its URL
        self.signature: str | None = None  # the URL options an embedded game was set up with
        self.worker = WorkerClient(self.from_worker)
        self.session = session_from_settings(self.settings)
        clock = this_thread.performance.now
        self.scheduler = Scheduler(self.session, self.worker, clock, self.set_timer, self.notify)
        # What keys and buttons (data-command) do, by name.
        self.commands: dict[str, Callable[..., Any]] = {
            "play": self.play,
            "pick": self.pick,
            **{how: lambda *_, how=how: self.take_back(how) for how in TAKE_BACK},
            "hint": self.ask_hint,
            "stop": lambda *_: self.scheduler.stop(),
            "pause": self.toggle_pause,
            "step": lambda *_: self.scheduler.step(),
            "back": self.leave_history,
            "enter": self.enter,
            "escape": self.escape,
            "new-game": self.dialogs.open_new_game,
            "cancel-new-game": lambda *_: by_id("new-game").close(),
            "save": lambda *_: self.games.save_file(),
            "share": self.dialogs.open_share,
            "copy-share": self.dialogs.copy_share,
            "send-turn": self.distance.send_turn,
            "close-share": lambda *_: by_id("share").close(),
            "labels": self.toggle_labels,
            "dismiss": self.clear_message,
            "restart": self.restart,
            "confirm-yes": self.confirmed,
            "confirm-no": lambda *_: by_id("confirm").close(),
            "review": lambda how: self.show_turn(None, how),
            **{f"review-{how}": lambda *_, how=how: self.show_turn(None, how) for how in STEPS},
            "games": lambda *_: self.games.open(),
            "load": lambda *_: by_id("load-input").click(),  # a real button, in Tab order
            "close-games": lambda *_: by_id("games").close(),
            "welcome-people": lambda *_: self.start(startup.first_game(self.settings, True), True),
            "welcome-close": lambda *_: self.greet(False),
            "rematch": lambda *_: self.start(self.session.rematch(), True),
            "review-game": self.review_game,
            "show-result": self.show_result,
        }  # display_ui adds "rotate", "sound" and "cursor" (arrow keys on a turned board)
        self.display = DisplayUI(self)
        self.analysis = AnalysisUI(self)  # adds "analyse" and "stop-analysis"
        self.input = InputUI(self)  # clicks, taps, hovering and keys

    # ---------------------------------------------------------------- game setup
    def start(self, session: Session, beside: bool = False) -> None:
        """Show ``session``; with ``beside`` it is a new game stored beside the others
        (in place of the game on the board only when that has no move: nothing is lost)."""
        if beside and self.library is not None:
            self.library.add(session, replace=not self.session.can_undo)
        if beside:
            self.greet(False)
        self.session = session
        self.display.changed()  # another game on the board: no sound, a new starting point
        self.choice = min(self.choice, session.game.player_count)
        self.cursor = self.hover = None
        self.save()
        self.render()
        self.scheduler.begin(session)

    def restart(self, *_: Any) -> None:
        """New game button of an embedded page: the same setup as its URL gives."""
        self.start(session_from_settings(self.url_settings or self.settings))

    def restore(self) -> None:
        query = str(window.location.search or "")
        plan = startup.plan_start(query, self.storage, self.settings, self.library)
        self.url_settings, self.signature = plan.url_settings, plan.signature
        if plan.embed:
            document.body.classList.add("embed")
            self.library = None
        self.start(plan.session, beside=plan.beside)
        self.greet(plan.first_visit and not str(window.location.hash or ""))
        if plan.drop_query:
            window.history.replaceState(None, "", str(window.location.href).split("?")[0])
        if plan.problems:
            self.said_cannot_save = False  # the problems' message would hide it: both
            self.tell_cannot_save(*plan.problems)
        self.distance.open_link()

    def save(self) -> None:
        self.games.save()
        self.tell_cannot_save()

    def tell_cannot_save(self, *more: str) -> None:
        """Say once, in one line, that the browser keeps this page from saving."""
        line = self.storage.cannot_save()
        if line and not self.said_cannot_save:
            self.said_cannot_save = True
            self.message(" ".join([*more, line]), "error" if more else "info")
        elif more:
            self.message(" ".join(more))

    def from_worker(self, message: Any) -> None:
        """The worker's messages: the analysis's, or the computer players'."""
        if self.analysis.owns(message):
            self.analysis.receive(message)
        else:
            self.scheduler.receive(message)

    # ---------------------------------------------------------------- messages
    def message(self, text: str, kind: str = "error") -> None:
        self.apply(
            {
                "#message": {"className": f"message {kind}", "hidden": False},
                "#message .text": {"text": text},
            }
        )

    def clear_message(self, *_: Any) -> None:
        self.apply({"#message": {"hidden": True}})

    def notify(self, event: str, text: str) -> None:
        """What the scheduler reports."""
        if event == "played":
            self.changed()
        elif event == "problem":
            self.message(text)
        elif event == "hint":
            self.render_overlay()
        self.render_computer()

    def set_timer(self, delay: float, callback: Callable[[], None]) -> None:
        this_thread.setTimeout(create_once_callable(callback), delay)

    # ---------------------------------------------------------------- moves
    def play(self, move: str, confirmed: bool = False) -> None:
        """A person's move; a refusal shows its message and changes nothing. A move the
        kit asks about (a pass that ends the game) waits for the confirm dialog."""
        question = None if confirmed else self.session.kit.confirm_question(self.session, move)
        if question:
            self.pending = move
            by_id("confirm-text").textContent = question[0]
            by_id("confirm-yes").textContent = question[1]
            by_id("confirm").showModal()
            return
        problem = self.session.person_move(move)
        if problem:
            self.message(problem, kind="info" if self.session.confirming else "error")
            self.render()  # a refused move still leaves the history view
            return
        self.scheduler.moved()  # first: a hint for the position before is void in the drawing
        self.changed()

    def confirmed(self, *_: Any) -> None:
        by_id("confirm").close()
        move, self.pending = self.pending, None
        if move is not None:
            self.play(move, confirmed=True)

    def on_move_form(self, event: PageEvent) -> None:
        """A form among the game's own controls (a komi to propose, say) plays what it
        holds (index.html keeps the browser from sending it)."""
        if not event.move_form:
            return
        fields = {name: str(value) for name, value in event.fields.items()}
        try:
            move = self.session.kit.form_move(self.session.game, fields)
        except ValueError as error:
            self.message(str(error))
            return
        self.play(move)

    def take_back(self, how: str) -> None:
        if self.session.viewing is not None:
            # Undo under a past position would change the game out of sight: back first.
            self.leave_history()
            self.message("Back at the game as it is: press again to take back a move.", "info")
            return
        problem = self.session.take_back(how)
        if problem:
            self.message(problem)
            return
        self.changed()
        self.scheduler.taken_back()

    def greet(self, shown: bool) -> None:
        """The first visit's welcome, until a first move, a choice in it or a new game."""
        self.apply({"#welcome": {"hidden": not shown}})

    def changed(self) -> None:
        self.display.changed()  # a sound for a stone or the end, when sounds are on
        self.greet(False)
        self.clear_message()
        self.save()
        self.render()

    def pick(self, choice: int) -> None:
        if 1 <= choice <= self.session.game.player_count:
            self.choice = choice
            self.render_controls()
            self.render_overlay()

    def show_turn(self, count: int | None, how: str | None = None) -> None:
        """Show the board after ``count`` turns, or a step ``how`` ("back", ...) away."""
        if how:
            self.session.review(how)
        elif count is not None:
            self.session.show_turn(count)
        self.render()
        self.scheduler.drive()

    def review_game(self, *_: Any) -> None:
        """The game-over card's Review: put the card away and step through the game."""
        self.session.result_closed = True
        self.render()
        by_id("board").focus()

    def show_result(self, *_: Any) -> None:
        """The banner's Show the result: the game-over card again."""
        self.session.result_closed = False
        self.render()

    def leave_history(self, *_: Any) -> None:
        self.session.leave_history()
        self.render()
        self.scheduler.drive()

    def ask_hint(self, *_: Any) -> None:
        if self.session.viewing is not None:
            self.leave_history()
        self.scheduler.ask_hint()

    def toggle_pause(self, *_: Any) -> None:
        self.scheduler.toggle_pause()
        if not self.scheduler.paused:
            self.clear_message()

    # ---------------------------------------------------------------- rendering
    def apply(self, changes: view.Changes) -> None:
        """Put what archipelago.page.view decided into the page, in one call of
        index.html's applyPageChanges (which gives a button redrawn under the keyboard focus
        the focus back), or with the rest of a drawing (``drawing``). HTML is sent only
        when it changed."""
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
            on_page.applyPageChanges(json.dumps(batch))

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

    def render(self) -> None:
        self.drawing(self.draw_all)
        on_page.scrollHistory()  # the turn shown stays in view; else the latest one
        self.analysis.mark(self.session)

    def draw_all(self) -> None:
        changes = view.game_changes(self.session, self.labels)
        # index.html's key guard lets Home and End scroll the page unless they step
        # through the game (a past turn shown, or the game over).
        stepping = self.session.viewing is not None or self.session.game.is_over
        self.apply({**changes, "body": {"attrs": {"data-stepping": "1" if stepping else "0"}}})
        self.render_overlay()
        self.render_computer()  # and the controls
        self.analysis.draw_panel()
        self.keep_view(changes)

    def keep_view(self, game_changes: view.Changes) -> None:
        """Store the first view of the game in play: the next visit paints it at once
        (index.html). An embedded board opens from its URL, so it keeps none."""
        if self.storage.game_key != GAME_KEY or not self.version:
            return
        kept = firstview.first_view(self.session, self.labels, game_changes)
        if kept != self.kept_view:
            self.kept_view = kept
            self.storage.write(firstview.VIEW_KEY, firstview.stored_view(self.version, kept))

    def play_early_input(self) -> None:
        """Play the clicks made on the painted board before Python was ready."""
        board = self.drawn.get("#board")
        clicks, problem = firstview.early_clicks(
            self.early["earlyInput"], self.early["earlyBoard"], board
        )
        if problem:
            self.message(problem)
        for kind, value in clicks:
            if kind == "colour":
                self.pick(int(value))
            elif self.session.viewing is None:
                self.play(self.session.kit.click_move(self.session.game, value, self.choice))

    def render_controls(self) -> None:
        computer = Computer.of(self.scheduler, self.worker.ready)
        self.apply(view.control_changes(self.session, self.choice, self.labels, computer))

    def render_overlay(self) -> None:
        # A tap's preview stays under the finger whatever the emulated mouse events say.
        hint, target = self.scheduler.hint_move, self.previewed or self.hover
        changes = view.overlay_changes(self.session, self.choice, target, self.cursor, hint)
        self.apply({**changes, "#tap-again": {"hidden": self.previewed is None}})

    def render_computer(self) -> None:
        self.drawing(self.draw_computer)

    def draw_computer(self) -> None:
        self.render_controls()  # the buttons that apply and the note follow the computers
        self.apply(view.computer_changes(self.session, self.scheduler, self.worker.ready))

    # ---------------------------------------------------------------- events
    def listen(self, element: Any, event: str, fn: Callable[..., Any]) -> None:
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        element.addEventListener(event, proxy)

    def enter(self, *_: Any) -> None:
        if self.cursor is None:
            self.commands["cursor"]()
        else:
            self.play(self.session.kit.click_move(self.session.game, self.cursor[0], self.choice))

    def escape(self, *_: Any) -> None:
        self.clear_message()
        if self.session.viewing is not None:
            self.leave_history()

    def toggle_labels(self, *_: Any) -> None:
        self.labels = not self.labels
        self.storage.save_labels(self.labels)
        self.render()

    def switch_game(self, event: PageEvent) -> None:
        """The header's game switcher: a new game of that game, beside the others."""
        name = event.target.value
        if name != self.session.game.name:
            settings = startup.url_game_settings(self.settings, {"game": name})
            self.start(session_from_settings(settings), True)

    def wire(self) -> None:
        listen("#board", "click", self.input.on_board_click)
        listen("#board", "mouseover", self.input.on_board_hover)
        listen("#board", "mouseleave", self.input.on_board_leave)
        listen("document", "keydown", self.input.on_key)
        listen("document", "click", self.input.on_command)
        # A file is read through the browser's own object (a rare event: no description).
        self.listen(by_id("load-input"), "change", self.games.load_file)
        listen("#new-game-form", "submit", self.dialogs.submit_new_game)
        listen("#new-game-form", "change", self.dialogs.on_form_change)
        listen("#picker", "submit", self.on_move_form)
        listen("#game-switch", "change", self.switch_game)
        listen("window", "hashchange", self.distance.open_link)
        listen("window", "storage", self.games.changed_elsewhere)
        connect()  # every listener asked for so far, the other modules' too, in one call


def main() -> None:
    page = Page()
    page.wire()
    page.restore()
    page.play_early_input()
    document.body.classList.remove("loading")
    document.body.dataset.ready = "1"
    # The worker (its own Pyodide) starts once the page is idle: the first hint need not wait.
    idle = getattr(this_thread, "requestIdleCallback", None) or this_thread.setTimeout
    idle(create_once_callable(lambda *_: page.worker.start()))


# The second pause: between the imports above and the first drawing.
await asyncio.sleep(0)  # type: ignore[top-level-await]  # noqa: F704 (PyScript's await)
main()
