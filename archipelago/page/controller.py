"""The page's controller: its state (the game on the board, where the player aims, the
labels) and every action (a move, an undo, a step through the history, a new game, the
computer's move arriving).

What the page shows is a function of this state (``view/``, drawn by ``view.drawing``);
what the controller needs of the browser comes in as ``Browser``, as the scheduler's
clock, worker and timer do, so CPython tests drive the path from a tap to the redrawn
board with a fake browser. Its collaborators: ``saved.keeper`` (the storage, the games,
the settings, links and files), ``input.aim`` (the colour picked, the cursor, the
pointer), ``view.display`` and ``view.drawing``. static/page/app.py builds the browser's
side and wires the page's events here through ``input.handlers``; the input's decisions
(which tap plays, which key does what) are ``input.keys``, the commands by name
``input.commands``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import ArchipelagoError
from ..i18n import _
from . import start as startup
from .analysis import AnalysisPage
from .announcer import Announcer
from .browser import Browser
from .clocks import ClockPage
from .input.aim import Aim
from .puzzles.mode import PuzzleMode
from .saved.keeper import Keeper
from .saved.storage import session_from_settings
from .scheduler import Scheduler, Worker
from .session import Session
from .setup import dialogs
from .setup.options import url_theme
from .view import changes as view
from .view import embed
from .view import first as firstview
from .view.display import Display
from .view.drawing import PageDrawing
from .view.model import result_shown
from .view.welcome import welcome_changes

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
        # The storage, the games and the settings (saving, links, files, other tabs).
        self.keeper = Keeper(self, browser.storage_items, browser.date_now, browser.new_id)
        self.labels = self.keeper.storage.labels()
        self.aim = Aim(bool(early.get("touch")))  # the colour picked, cursor, pointer
        self.early = early
        self.draw = PageDrawing(self, browser, early)
        self.worker = worker_of(self.from_worker)
        self.session = session_from_settings(self.keeper.settings)
        self.scheduler = Scheduler(
            self.session, self.worker, browser.clock, self.set_timer, self.notify
        )
        # What keys and buttons (data-command) do, by name (input.commands); the display,
        # the analysis, the dialogs and the games (static/) add their own.
        self.commands: dict[str, Callable[..., Any]] = {}
        self.puzzles = PuzzleMode(self)  # a puzzle on the board, the game kept aside
        # Adds "rotate", "sound", "cursor" and "theme"; shows the settings' state.
        self.display = self.within(lambda: Display(self, self.keeper.storage, browser.play_sound))
        self.analysis = AnalysisPage(self)  # adds "analyse" and "stop-analysis"
        self.voice = Announcer(self)  # #announce: answers, and turns said as they end
        self.clocks = ClockPage(self)  # the game's clocks; adds "clock-pause"

    # ---------------------------------------------------------------- game setup
    def start(self, session: Session, beside: bool = False) -> None:
        """Show ``session``; with ``beside`` it is a new game stored beside the others
        (in place of the game on the board only when that has no move: nothing is lost)."""
        library = self.keeper.library
        if beside and library is not None:
            library.add(session, replace=not self.session.can_undo)
        if beside:
            self.greet(False)
        self.session = session
        self.display.changed()  # another game on the board: no sound, a new starting point
        self.aim.reset()  # another game: its mover's colour is picked afresh
        self.save()
        self.render()
        self.scheduler.begin(session)

    def restart(self, *_: Any) -> None:
        """New game button of an embedded page: the same setup as its URL gives."""
        self.start(self.keeper.restart())

    def restore(self, query: str, hash_text: str) -> startup.Start:
        """Open the page at the address: the game its ``query``, the stored games or the
        settings give (``Keeper.plan``, which says what the address does next); a link in
        ``hash_text`` is opened after (``open_link``)."""
        plan = self.keeper.plan(query)
        if plan.embed:  # no settings menu there: coordinates where the frame can show them
            self.labels = embed.coordinates_fit(plan.session, self.early.get("width"))
        self.display.use_theme(url_theme(query))  # the host site's choice, not stored
        self.start(plan.session, beside=plan.beside)
        # Greeted before the first send: a game from a link starts beside the others,
        # which puts the welcome away, and it must not flash off and on.
        self.greet(plan.first_visit and not hash_text)
        self.draw.send_now()  # a storage that refuses the game says so with the problems
        self.keeper.problems(plan.problems)
        self.puzzles.from_address(query)  # ?puzzle=daily or an id: once its set is here
        return plan

    def open_link(self, hash_text: str) -> None:
        self.keeper.open_link(hash_text)

    def open_file(self, name: str, text: str) -> None:
        self.keeper.open_file(name, text)

    def new_game(self, fields: dict[str, str | bool]) -> None:
        """New game's form submitted: its game beside the others, its settings kept; a
        form that makes no game says why under it and changes nothing."""
        try:
            session = self.keeper.choose(dialogs.read_new_game_form(fields))
        except (ValueError, ArchipelagoError) as error:
            self.apply({"#new-game-error": {"text": str(error)}})
            return
        self.show_dialog("new-game", False)
        self.clear_message()
        self.start(session, beside=True)

    def save(self) -> None:
        self.clocks.follow()  # a turn that ended is charged to its clock first
        self.keeper.save()

    def heard_storage(self, key: str | None, text: str | None) -> bool:
        """Another tab wrote to the storage: its game may replace this tab's (True when
        the games list changed)."""
        words, session = self.keeper.heard(key, text)
        if session is not None:
            self.session = session
            self.aim.lose()
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
        self.draw.computer()

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
        """A form among the game's own controls (a komi to propose, say) plays its move."""
        try:
            move = self.session.kit.form_move(self.session.game, fields)
        except ValueError as error:
            self.message(str(error))
            return
        self.play(move)

    def take_back(self, how: str) -> None:
        if self.session.study.take_back(how):  # a stone of a side line's turn under way
            self.scheduler.place_changed()
            self.render()
            return
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
        """The first visit's welcome, in its game's words, until a move, a choice or a new game."""
        words = welcome_changes(self.session.game.name) if shown else {}
        self.apply({**words, "#welcome": {"hidden": not shown}})

    def changed(self) -> None:
        self.display.changed()  # a sound for a stone or the end, when sounds are on
        self.greet(False)
        self.clear_message()
        self.save()
        self.render()

    def pick(self, choice: int) -> None:
        if self.aim.pick(choice, self.session.game.player_count):
            self.draw.controls()
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
        self.focus("board")

    def close_result(self, *_: Any) -> None:
        """The game-over card's ×, Esc or a tap beside it (the banner brings it back)."""
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
        if refused := self.session.help_refused:  # key H in a puzzle: say why, as a note
            return self.message(refused, "info")
        self.scheduler.ask_hint()  # for the position shown, in the game or in a side line

    def toggle_pause(self, *_: Any) -> None:
        self.scheduler.toggle_pause()
        if not self.scheduler.paused:
            self.clear_message()

    def enter(self, *_: Any) -> None:
        cursor = self.aim.cursor
        if cursor is None:
            self.display.move_cursor()
        else:
            self.play(self.session.kit.click_move(self.session.shown, cursor[0], self.aim.choice))

    def escape(self, *_: Any) -> None:
        self.clear_message()
        if self.session.viewing is not None:
            self.leave_history()
        elif result_shown(self.session):
            self.close_result()

    def toggle_labels(self, *_: Any) -> None:
        self.labels = not self.labels
        self.keeper.storage.save_labels(self.labels)
        self.render()

    def switch_game(self, name: str) -> None:
        """The header's game switcher: a new game of that game, beside the others
        (against the computer on a small board, as a first visit's)."""
        if name != self.session.game.name:
            self.start(self.keeper.switched(name), True)

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
                self.play(self.session.kit.click_move(self.session.game, value, self.aim.choice))

    # ---------------------------------------------------------------- drawing
    def within(self, call: Callable[[], Result]) -> Result:
        """``call()`` as one action: what it changes goes to the page in one call (the
        page's events, the worker's messages and the timers each run so)."""
        return self.draw.within(call)

    def apply(self, changes: view.Changes) -> None:
        self.draw.apply(changes)

    def render(self) -> None:
        self.aim.follow(self.session)  # each turn starts on its mover's colour
        self.draw.render()
        self.voice.heard()
        self.puzzles.drawn()  # a puzzle's turn judged, its bar drawn

    def render_overlay(self) -> None:
        self.draw.overlay()

    def show_dialog(self, name: str, shown: bool) -> None:
        self.draw.show_dialog(name, shown)

    def focus(self, element_id: str) -> None:
        self.draw.focus(element_id)

    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None:
        self.draw.show_marks(marks, ghost)
