"""The game clocks on the page (``archipelago.clock`` holds their rules): they follow
the game each time it is saved, tick while a clock runs (only the running clock's text
is redrawn, each second, and each tenth under ten seconds), end the turn of a player
whose time ran out as a loss on time, warn once per turn when a clock runs low (with a
sound when sounds are on), pause and go on, and cut a computer's thinking to a share of
its own clock.

Time is the page's ``Date.now`` (``Browser.date_now``), which a reload keeps: a game
reloaded in the middle of a turn finds that turn's clock running from its stored start.
A game opened from a link, a file or the games list comes with its clocks paused as they
were last seen (``hold``): the time since belongs to no one. The clocks keep running
while the page is hidden, as a clock on a table does; the Pause is the clocks' own
button (any player's clock), not the computer's Pause. A pause pressed holds the
computer's move too (it may think on, it plays once the clocks run again); clocks held
for a game opened from elsewhere, or found paused on a reload, do not (the computer
would wait there for a press nobody knows to make).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..clock import GameClock
from .browser import Browser
from .kits import RESIGN_WORD
from .scheduler import Scheduler
from .session import Session
from .view.changes import Changes
from .view.clocks import next_tick_ms, tick_changes
from .view.sounds import LOW_TIME

PAUSE_COMMAND = "clock-pause"


class Sounds(Protocol):
    sound_on: bool

    def play(self, name: str) -> None: ...


class ClockHost(Protocol):
    """What the clocks need of the page (controller.PageController)."""

    session: Session
    scheduler: Scheduler
    browser: Browser
    commands: dict[str, Callable[..., Any]]

    @property
    def display(self) -> Sounds: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def changed(self) -> None: ...
    def save(self) -> None: ...
    def render(self) -> None: ...


def hold(session: Session) -> Session:
    """``session`` with its clocks paused as last seen (a game opened from elsewhere)."""
    if session.clock is not None:
        session.clock.hold()
    return session


class ClockPage:
    """The clocks of the game on one page."""

    def __init__(self, page: ClockHost) -> None:
        self.page = page
        self.tick_due = False  # a tick's timer is set
        self.warned: tuple[int, int] | None = None  # (turn, player) warned of low time
        self.limited: tuple[int, int] | None = None  # (clock, turn) a computer's limit is set for
        self.pressed: GameClock | None = None  # the clocks paused by a press on this page
        page.commands[PAUSE_COMMAND] = self.toggle_pause
        page.scheduler.holding = self.holds_computer

    def now(self) -> float:
        return self.page.browser.date_now()

    @property
    def clock(self) -> GameClock | None:
        return self.page.session.clock

    def follow(self) -> None:
        """The game changed (or was loaded): the clocks charge a turn that ended, give
        back one taken back, and the mover's runs."""
        session, clock = self.page.session, self.clock
        if clock is None:
            return
        clock.follow(session.kit.finished_turns(session.game), session.game.to_move, self.now())
        self.keep_ticking()
        self.limit_computer(clock)

    def keep_ticking(self) -> None:
        clock = self.clock
        if clock is None or clock.mover is None or not clock.running or self.tick_due:
            return
        self.tick_due = True
        reading = clock.reading(clock.mover, self.now())
        self.page.set_timer(next_tick_ms(reading), self.tick)

    def tick(self) -> None:
        """The running clock's text redrawn; a fallen flag ends the turn."""
        self.tick_due = False
        clock = self.clock
        if clock is None or clock.mover is None or not clock.running:
            return
        now = self.now()
        clock.look(now)
        if clock.fallen(now) is not None:
            self.time_out()
            return
        self.page.apply(tick_changes(self.page.session))
        self.warn(clock, clock.mover)
        self.keep_ticking()

    def warn(self, clock: GameClock, mover: int) -> None:
        """Once a turn, the sound of a clock running low (the clock shows it as well)."""
        if clock.reading(mover).low and self.warned != (clock.turns, mover):
            self.warned = (clock.turns, mover)
            if self.page.display.sound_on:
                self.page.display.play(LOW_TIME)

    def time_out(self) -> None:
        """The mover's time ran out: they lose on time, which the game plays as their
        resignation (RULINGS R16): with two players the other wins; with three or four
        the others play on. A game without resignation only stops its clocks."""
        page, clock = self.page, self.clock
        assert clock is not None
        if page.session.game.resign_code is None:
            clock.pause(self.now())
            page.save()
            page.render()
            return
        clock.flagged = True
        page.session.push(RESIGN_WORD)
        page.scheduler.changed()  # a computer's thinking for that turn is void
        page.changed()  # saved (the turn recorded as lost on time), the end's sound, drawn
        page.scheduler.drive()  # the next player may be a computer

    def limit_computer(self, clock: GameClock) -> None:
        """A computer to move thinks at most its share of its clock (``clock.thinking_ms``):
        then it plays the best it has found, and the rest of its turn briskly."""
        session = self.page.session
        mover = session.game.to_move
        if not session.computer_to_move or mover is None or not clock.running:
            return
        turn = (id(clock), clock.turns)
        if self.limited == turn:
            return
        self.limited = turn
        self.page.set_timer(self.thinking_left(clock, mover), lambda: self.hurry(turn))

    def thinking_left(self, clock: GameClock, mover: int) -> float:
        """What is left of the computer's share, its clock's time only: while the clocks
        stand it may think on, but that time is nobody's."""
        return clock.thinking_ms(mover) - clock.used(self.now())

    def hurry(self, turn: tuple[int, int]) -> None:
        session, clock = self.page.session, self.clock
        mover = session.game.to_move
        if clock is None or (id(clock), clock.turns) != turn or not session.computer_to_move:
            return
        if mover is not None and self.thinking_left(clock, mover) > 0:  # the clocks stood
            self.limited = None  # limited again for what is left: now, or when they run
            self.limit_computer(clock)
            return
        scheduler = self.page.scheduler
        scheduler.hurry_turn = session.kit.finished_turns(session.game)
        scheduler.stop()

    def holds_computer(self) -> bool:
        """Whether the clocks of the game on the board stand because a clock was pressed
        here: a computer to move then waits for them to run again."""
        clock = self.clock
        return clock is not None and clock is self.pressed and clock.paused

    def toggle_pause(self, *_: Any) -> None:
        """A clock pressed: the clocks pause, or go on (and a computer's move waiting
        for them with them)."""
        clock = self.clock
        if clock is None or self.page.session.game.is_over:
            return
        if clock.paused:
            clock.resume(self.now())
        else:
            clock.pause(self.now())
        self.pressed = clock if clock.paused else None
        self.limit_computer(clock)
        self.page.save()
        self.page.render()
        self.page.scheduler.drive()
