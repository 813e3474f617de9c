"""The page's controller: its state (the game on the board, the colour a click plays, the
keyboard cursor, the pointer, a tap's preview, the labels, the settings) and every action
(a move, an undo, a step through the history, a new game, the computer's move arriving).

What the page shows is a function of this state (``view/``, drawn by ``view.drawing``);
what the controller needs of the browser comes in as ``Browser``, as the scheduler's
clock, worker and timer do, so CPython tests drive the path from a tap to the redrawn
board with a fake browser. static/page/app.py builds the browser's side and wires the
page's events here through ``input.handlers``; the input's decisions (which tap plays,
which key does what) are ``input.keys``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..i18n import _
from . import start as startup
from .analysis import AnalysisPage
from .browser import Browser, StorageMirror, Write
from .contract import Cursor
from .input import keys
from .saved import distance
from .saved.library import FORKED, Library, hear
from .saved.links import LINK_PARAM, split_turn
from .saved.storage import Storage, session_from_settings
from .scheduler import Scheduler, Worker
from .session import Session
from .setup.options import url_theme
from .view import changes as view
from .view import first as firstview
from .view.display import Display
from .view.drawing import PageDrawing
from .view.embed import embed_storage_note
from .view.model import result_shown

TAKE_BACK = ("undo", "redo", "undo-turn", "redo-turn")
STEPS = set(keys.REVIEW_KEYS.values())  # the history's step buttons: data-command="review-back"
Result = TypeVar("Result")


class PageController:
    """One page's state and actions."""

    def __init__(
        self,
        browser: Browser,
        worker_of: Callable[[Callable[[Any], None]], Worker],
        early: dict[str, Any],
    ) -> None:
        """``worker_of(on_message)``: the computer's worker; ``early``: what index.html's
        first paint left (earlyValues)."""
        self.browser = browser
        # The browser may refuse its storage (a frame of another site, a private window):
        # the page then plays without saving, and says so once (tell_cannot_save).
        self.mirror: StorageMirror | None = None
        self.storage = Storage.of_browser(self.open_mirror)
        self.said_cannot_save = False
        # The games of this browser; None on an embedded page, which keeps one game.
        self.library: Library | None = Library(self.storage, browser.date_now, browser.new_id)
        self.settings = self.storage.settings()
        self.labels = self.storage.labels()
        self.choice = 1  # what a click plays (Archipelago: the colour)
        self.choice_turn: tuple[int, int | None] | None = None  # the turn it was picked for
        self.cursor: Cursor = None  # the keyboard cursor: (cell name, column)
        self.hover: str | None = None
        self.previewed: str | None = None  # the small cell a first tap previewed
        self.touching = False  # the last click on the board was a finger's
        self.early = early
        self.touch = bool(early.get("touch"))  # a coarse pointer at the start: "tap"
        self.draw = PageDrawing(self, browser, early, self.storage_writes)
        self.url_settings: dict[str, Any] | None = None  # an embedded page's, from its URL
        self.signature: str | None = None  # the URL options an embedded game was set up with
        self.worker = worker_of(self.from_worker)
        self.session = session_from_settings(self.settings)
        self.scheduler = Scheduler(
            self.session, self.worker, browser.clock, self.set_timer, self.notify
        )
        # What keys and buttons (data-command) do, by name; the dialogs and the games
        # (static/) add their own.
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
            "labels": self.toggle_labels,
            "dismiss": self.clear_message,
            "restart": self.restart,
            "confirm-yes": self.confirmed,
            "confirm-no": self.declined,
            "cancel-new-game": lambda *_: self.show_dialog("new-game", False),
            "close-share": lambda *_: self.show_dialog("share", False),
            "close-games": lambda *_: self.show_dialog("games", False),
            "review": lambda how: self.show_turn(None, how),
            **{f"review-{how}": lambda *_, how=how: self.show_turn(None, how) for how in STEPS},
            "welcome-people": lambda *_: self.start(startup.first_game(self.settings, True), True),
            "welcome-close": lambda *_: self.greet(False),
            "rematch": lambda *_: self.start(self.session.rematch(), True),
            "review-game": self.review_game,
            "show-result": self.show_result,
            "close-result": self.close_result,
            "promote-line": lambda *_: self.change_lines(self.session.study.promote_line()),
            "delete-line": lambda *_: self.change_lines(self.session.study.delete_line()),
            "remove-note": lambda *_: self.write_note(""),
            "try-here": self.toggle_trying,
        }
        # Adds "rotate", "sound", "cursor" and "theme"; shows the settings' state.
        self.display = self.within(lambda: Display(self, browser.play_sound))
        self.analysis = AnalysisPage(self)  # adds "analyse" and "stop-analysis"

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
        self.choice_turn = None  # another game: its mover's colour is picked afresh
        self.cursor = self.hover = None
        self.save()
        self.render()
        self.scheduler.begin(session)

    def restart(self, *_: Any) -> None:
        """New game button of an embedded page: the same setup as its URL gives."""
        self.start(session_from_settings(self.url_settings or self.settings))

    def restore(self, query: str, hash_text: str) -> startup.Start:
        """Open the page at the address with ``query`` and ``hash_text``: the game the
        address, the stored games or the settings give (``start.plan_start``). The plan
        says what the address does next (embed, drop_query); a link in the address is
        opened after (``open_link``)."""
        plan = startup.plan_start(query, self.storage, self.settings, self.library)
        self.url_settings, self.signature = plan.url_settings, plan.signature
        if plan.embed:
            self.library = None
        theme = url_theme(query)
        if theme is not None:  # the host site's choice (the embed snippet's), not stored
            self.display.theme = theme
            self.display.show_theme()
        self.start(plan.session, beside=plan.beside)
        self.draw.send_now()  # a storage that refuses the game says so with the problems
        self.greet(plan.first_visit and not hash_text)
        if plan.problems:
            self.said_cannot_save = False  # the problems' message would hide it: both
            self.tell_cannot_save(*plan.problems)
        return plan

    def open_link(self, hash_text: str) -> None:
        """A link in the address (``#game=...``): its game is read, checked and put among
        the games (``distance.open_link``)."""
        if not hash_text.startswith("#" + LINK_PARAM):
            return
        data, turn = split_turn(hash_text[1 + len(LINK_PARAM) :])
        opened = distance.open_link(data, self.library)
        if opened.session is not None:
            if turn is not None:  # a link to a turn opens it in review
                opened.session.show_turn(turn)
            self.start(opened.session, beside=opened.beside)
        self.message(opened.message, kind=opened.kind)

    def open_file(self, name: str, text: str) -> None:
        """A saved game's file, ``name`` shown as it may be (escaped, shortened)."""
        try:
            session = startup.session_from_file(text)
        except Exception as error:  # a refusal, or not a game's file at all
            self.message(startup.file_refusal(name, error))
            return
        self.start(session, beside=True)
        self.message(_("Loaded {name}.").format(name=name), kind="info")

    def save(self) -> None:
        library = self.library
        if library is None:  # an embedded page keeps its one game under its own key
            self.storage.save_game(self.session, self.signature)
        elif library.save(self.session):
            self.message(_(FORKED), kind="info")
        if library is not None:  # a hook for tests: the stored game of this tab
            self.apply({"body": {"attrs": {"data-game-id": library.current or ""}}})
        self.tell_cannot_save()

    def tell_cannot_save(self, *more: str) -> None:
        """Say once, in one line, that the browser keeps this page from saving."""
        line = self.storage.cannot_save()
        if line and self.library is None:  # embedded: a small note, never over the controls
            if not self.said_cannot_save:
                self.said_cannot_save = True
                self.apply(embed_storage_note(self.storage.problem))
            if more:
                self.message(" ".join(more))
        elif line and not self.said_cannot_save:
            self.said_cannot_save = True
            self.message(" ".join([*more, line]), "error" if more else "info")
        elif more:
            self.message(" ".join(more))

    def open_mirror(self) -> StorageMirror:
        self.mirror = StorageMirror(self.browser.storage_items)
        return self.mirror

    def storage_writes(self) -> list[Write]:
        return self.mirror.take() if self.mirror is not None else []

    def storage_refused(self, why: str) -> None:
        """The browser refused a storage write of the last action."""
        self.storage.refused(why)
        self.tell_cannot_save()

    def heard_storage(self, key: str | None, text: str | None) -> bool:
        """Another tab wrote to the storage (``key`` None: cleared it): its game may
        replace this tab's, or the player hears of it. True when the games list changed."""
        if self.mirror is not None:
            self.mirror.heard(key, text)
        if self.library is None:
            return False
        words, session = hear(self.library, key or None, text or None)
        if session is not None:
            self.session, self.cursor, self.hover = session, None, None
            self.render()
            self.scheduler.begin(session)
        if words and words != "list":
            self.message(words, kind="info")
        return words == "list"

    def from_worker(self, message: Any) -> None:
        """The worker's messages: the analysis's, or the computer players'."""
        with self.draw.action():
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
        self.browser.set_timer(delay, lambda: self.within(callback))

    # ---------------------------------------------------------------- moves
    def play(self, move: str) -> None:
        """A person's move; a refusal shows its message and changes nothing. A move the
        session asks about first (a pass that ends the game, resigning) waits for the
        answer: in the confirm dialog, or on the message line (Pass again)."""
        self.after_move(self.session.person_move(move))

    def confirmed(self, *_: Any) -> None:
        """The confirm dialog's go-ahead."""
        self.show_dialog("confirm", False)
        problem = self.session.confirm()
        if problem is not None:
            self.after_move(problem)

    def declined(self, *_: Any) -> None:
        """The confirm dialog's No: nothing is played."""
        self.show_dialog("confirm", False)
        self.session.decline()

    def after_move(self, problem: str) -> None:
        """Show what became of a person's move: played, refused, or asked about."""
        asked = self.session.asking
        if asked is not None and asked.go_ahead:
            self.apply(
                {"#confirm-text": {"text": asked.text}, "#confirm-yes": {"text": asked.go_ahead}}
            )
            self.show_dialog("confirm", True)
            return
        if problem:
            self.message(problem, kind="info" if asked else "error")
            self.render()  # a refused move still leaves the history view
            return
        if self.session.viewing is not None:  # a side line's move: the game is as it was
            self.scheduler.place_changed()
        else:
            self.scheduler.moved()  # first: a hint for the position before is void
        self.changed()

    def play_form(self, fields: dict[str, str]) -> None:
        """A form among the game's own controls (a komi to propose, say) plays what it
        holds."""
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
            self.message(_("Back at the game as it is: press again to take back a move."), "info")
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
        self.scheduler.place_changed()
        self.render()
        self.scheduler.drive()

    def show_line_turn(self, line: int, count: int) -> None:
        """The moves list's entry of a side line: the board after its turn ``count``."""
        self.session.study.show_line_number(line, count)
        self.scheduler.place_changed()
        self.render()

    def change_lines(self, problem: str) -> None:
        """After Promote or Delete: the game (promoted) or its lines changed."""
        if problem:
            self.message(problem, "info")
            return
        self.scheduler.begin(self.session)  # a promoted line may leave a computer to move
        self.save()
        self.render()

    def write_note(self, text: str) -> None:
        """The Note field's text (cut to one line) on the turn shown; "" removes it."""
        problem = self.session.study.set_note(text)
        if problem:
            self.message(problem)
            return
        self.save()
        self.render()

    def toggle_trying(self, *_: Any) -> None:
        """A phone's Try a move here: taps on a reviewed board play (else they return)."""
        self.session.study.trying = not self.session.study.trying
        self.render()

    def review_game(self, *_: Any) -> None:
        """The game-over card's Review: put the card away and step through the game."""
        self.session.result_closed = True
        self.render()
        self.draw.focus("board")

    def close_result(self, *_: Any) -> None:
        """The game-over card's ×, Esc or a tap beside it: the card goes, the banner over
        the board (Show the result) brings it back."""
        self.session.result_closed = True
        self.render()

    def show_result(self, *_: Any) -> None:
        """The banner's Show the result: the game-over card again."""
        self.session.result_closed = False
        self.render()

    def leave_history(self, *_: Any) -> None:
        self.session.leave_history()
        self.render()
        self.scheduler.drive()

    def ask_hint(self, *_: Any) -> None:
        self.scheduler.ask_hint()  # for the position shown, in the game or in a side line

    def toggle_pause(self, *_: Any) -> None:
        self.scheduler.toggle_pause()
        if not self.scheduler.paused:
            self.clear_message()

    def enter(self, *_: Any) -> None:
        if self.cursor is None:
            self.commands["cursor"]()
        else:
            self.play(self.session.kit.click_move(self.session.shown, self.cursor[0], self.choice))

    def escape(self, *_: Any) -> None:
        self.clear_message()
        if self.session.viewing is not None:
            self.leave_history()
        elif result_shown(self.session):
            self.close_result()

    def toggle_labels(self, *_: Any) -> None:
        self.labels = not self.labels
        self.storage.save_labels(self.labels)
        self.render()

    def switch_game(self, name: str) -> None:
        """The header's game switcher: a new game of that game, beside the others
        (against the computer on a small board, as a first visit's)."""
        if name != self.session.game.name:
            settings = startup.switched_game_settings(self.settings, name)
            self.start(session_from_settings(settings), True)

    def play_early_input(self) -> None:
        """Play the clicks made on the painted board before Python was ready."""
        board = self.draw.drawn.get("#board")
        clicks, problem = firstview.early_clicks(
            self.early.get("earlyInput"), self.early.get("earlyBoard"), board
        )
        if problem:
            self.message(problem)
        for kind, value in clicks:
            if kind == "colour":
                self.pick(int(value))
            elif self.session.viewing is None:
                self.play(self.session.kit.click_move(self.session.game, value, self.choice))

    # ---------------------------------------------------------------- drawing
    def within(self, call: Callable[[], Result]) -> Result:
        """``call()`` as one action: what it changes goes to the page in one call (the
        page's events, the worker's messages and the timers each run so)."""
        return self.draw.within(call)

    def apply(self, changes: view.Changes) -> None:
        self.draw.apply(changes)

    def render(self) -> None:
        self.follow_turn()
        self.draw.render()

    def follow_turn(self) -> None:
        """Every turn starts with the mover's own colour picked: a stone may be of any
        colour, and a picker left on the last player's colour made the next player's
        first tap place someone else's stone (a hover warns, a touch screen does not).
        A pick made during a turn holds until the turn ends. A cell last touched by a
        finger is forgotten then too: the finger has left the screen, and the line under
        the board ("f6: blue stone.") spoke of the turn before (a mouse still points)."""
        turn = self.session.turn_key
        if turn != self.choice_turn:
            self.choice_turn = turn
            self.choice = self.session.turn_choice(self.choice)
            self.previewed = None
            if self.touching:
                self.hover = None

    def render_controls(self) -> None:
        self.draw.controls()

    def render_overlay(self) -> None:
        self.draw.overlay()

    def render_computer(self) -> None:
        self.draw.computer()

    def show_dialog(self, name: str, shown: bool) -> None:
        self.draw.show_dialog(name, shown)

    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None:
        self.draw.show_marks(marks, ghost)
