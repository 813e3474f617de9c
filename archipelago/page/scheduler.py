"""When a computer seat thinks and plays: requests to the worker, answers played at a
pace people can follow, Stop, Hint, Pause and Step, and answers that went stale.

Everything outside comes in as plain objects, so CPython tests drive it with a fake
worker and a fake clock:

- ``worker``: ``start()`` (load it early), ``post(message)`` (a ``protocol`` dict) and
  ``ready`` (whether it has said so);
- ``clock()``: the page's time in milliseconds; ``set_timer(delay_ms, callback)``;
- ``holding()``: whether the game's clocks hold the computer's moves (paused by a press);
- ``notify(event, text)``: ``"played"`` (a computer moved: save and redraw),
  ``"computer"`` (redraw the computer controls), ``"hint"`` (a hint arrived) and
  ``"problem"`` (``text`` says what went wrong).

Every change of the game bumps ``epoch``; an answer thought for an older epoch is dropped
(an undo, a new game or a load while a computer thinks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import ArchipelagoError
from ..i18n import _
from .computers import has_computer
from .session import Session
from .worker import protocol

PACE_MS = 400  # the least time between two computer moves of a level without its own pace
# The least time from the move before to a computer's move, by level: (the first move of
# its turn, each further move of the turn). A weaker level answers briskly, a stronger
# one takes visibly longer over its turn (the ladder a player can tell apart); the rest of
# a turn follows at a pace people can follow. The pace runs while the computer thinks, so
# it adds nothing to a search that takes longer (level 5 usually does): a level-5 turn
# takes at most its search's time plus its first move's pace.
LEVEL_PACE_MS = {1: (250, 250), 2: (400, 300), 3: (700, 300), 4: (1000, 350), 5: (1200, 350)}
HINT_LEVEL = 3


class Worker(Protocol):
    ready: bool

    def start(self) -> None: ...
    def post(self, message: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class Request:
    id: int
    kind: str  # "move" or "hint"
    epoch: int


class Scheduler:
    def __init__(
        self,
        session: Session,
        worker: Worker,
        clock: Callable[[], float],
        set_timer: Callable[[float, Callable[[], None]], Any],
        notify: Callable[[str, str], None],
        pace_ms: float | None = None,
    ) -> None:
        self.session = session
        self.worker = worker
        self.clock = clock
        self.set_timer = set_timer
        self.notify = notify
        self.pace_ms = pace_ms  # one pace for every move and level instead of the levels'
        self.epoch = 0
        self.last_id = 0
        self.request: Request | None = None
        self.answer: tuple[int, str] | None = None  # (epoch, move) waiting for its pace
        self.hint: tuple[int, str] | None = None  # (epoch, move) shown as a hint
        self.paused = False
        self.steps = 0  # moves a paused computer may still play (Step)
        # Whether something else holds the computer's moves for now: the clocks paused by
        # a press (clocks.ClockPage sets it). The computer thinks on; its answer waits.
        self.holding: Callable[[], bool] = lambda: False
        self.hurry_turn: int | None = None  # the turn in which Stop was pressed
        self.last_move_at = -1e12
        self.timer_set = False
        self.last_answer = ""  # "stopped" or "chosen": whether Stop cut the last search

    # ------------------------------------------------------------------ what the page shows
    @property
    def thinking(self) -> str:
        """ "move" or "hint" while the worker thinks, else ""."""
        return self.request.kind if self.request else ""

    @property
    def hint_move(self) -> str:
        """The hint for the position on the board, or ""."""
        if self.hint is not None and self.hint[0] == self.epoch:
            return self.hint[1]
        return ""

    def may_play(self) -> bool:
        """Whether a computer's answer may be played now: not while it is paused (unless
        Step let it play one move) nor while the clocks are paused."""
        return (not self.paused and not self.holding()) or self.steps > 0

    # ------------------------------------------------------------------ the game changed
    def begin(self, session: Session) -> None:
        """A new game, a loaded one or one from a link."""
        self.session = session
        self.paused = False
        self.steps = 0
        self.hurry_turn = None
        if session.has_computers:
            self.worker.start()  # it loads while people look at the board
        self.changed()
        self.drive()

    def changed(self) -> None:
        """Answers and hints thought for the old position are void."""
        self.epoch += 1
        if self.request is not None:
            self.worker.post(protocol.cancel(self.request.id))
            self.request = None
        self.answer = None
        self.hint = None

    def moved(self) -> None:
        """A person played (or redid) a move."""
        self.changed()
        self.last_move_at = self.clock()
        self.drive()

    def taken_back(self) -> None:
        """After an undo or a redo a computer to move waits for Continue or Step (else it
        would play again at once what was just taken back); with a person to move, the
        computers go on by themselves once that person has played."""
        self.paused = bool(self.session.computer_to_move)
        self.steps = 0
        self.hurry_turn = None
        self.moved()

    # ------------------------------------------------------------------ thinking and playing
    def _ask(self, kind: str, level: int, *, fresh: bool = False, hurry: bool = False) -> None:
        self.last_id += 1
        # A hint is for the position shown, which may be a past one or a side line's.
        record = (self.session.shown if kind == "hint" else self.session.game).to_record()
        self.worker.post(protocol.think(self.last_id, record, level, fresh=fresh, hurry=hurry))
        self.request = Request(self.last_id, kind, self.epoch)

    def _turn(self) -> int:
        return self.session.kit.finished_turns(self.session.game)

    def pace(self, level: int) -> float:
        """The least time from the move before to the computer's answer at ``level``: its
        level's pace for the first move of its turn or a further one; after Stop, the
        rest of the turn at the brisk pace."""
        if self.pace_ms is not None:
            return self.pace_ms
        first, further = LEVEL_PACE_MS.get(level, (PACE_MS, PACE_MS))
        if self.hurry_turn == self._turn():
            return min(first, further)
        return further if self.session.kit.turn_started(self.session.game) else first

    def drive(self) -> None:
        """Let the computer to move think, and play its answer once the pace allows."""
        level = self.session.computer_to_move
        if level and self.may_play():
            if self.request is None and self.answer is None:
                self._ask("move", level, hurry=self.hurry_turn == self._turn())
            if self.answer is not None and self.session.viewing is None and not self.timer_set:
                wait = max(0.0, self.last_move_at + self.pace(level) - self.clock())
                self.timer_set = True
                self.set_timer(wait, self.play_answer)
        self.notify("computer", "")

    def play_answer(self) -> None:
        """The timer's callback: play the answer if it still fits the game."""
        self.timer_set = False
        answer = self.answer
        if (
            answer is None
            or answer[0] != self.epoch
            or self.session.viewing is not None
            or not self.may_play()
        ):
            self.drive()
            return
        self.answer = None
        if self.paused:
            self.steps = max(0, self.steps - 1)
        try:
            self.session.push(answer[1])
        except ArchipelagoError as error:
            self.paused = True  # a refused move: stop rather than ask again and again
            self.notify(
                "problem",
                _("The computer's move {move} was refused: {error}.").format(
                    move=answer[1], error=error
                ),
            )
            self.notify("computer", "")
            return
        self.changed()
        self.last_move_at = self.clock()
        self.notify("played", "")
        self.drive()

    def receive(self, message: Any) -> None:
        """A message from the worker."""
        try:
            reply = protocol.read_reply(message)
        except protocol.ProtocolError as error:
            self.notify(
                "problem",
                _("The computer player sent a message out of place: {error}").format(error=error),
            )
            return
        if isinstance(reply, protocol.Ready):
            self.notify("computer", "")
            return
        request = self.request
        if request is None or reply.id != request.id:
            if isinstance(reply, protocol.ErrorReply) and reply.id is None:
                self.request = None
                self.paused = True
                self.notify(
                    "problem",
                    _("The computer player could not start: {error}").format(error=reply.message),
                )
                self.notify("computer", "")
            return  # an answer to a request already cancelled
        self.request = None
        if isinstance(reply, protocol.ErrorReply):
            self.paused = True
            self.notify(
                "problem", _("The computer player failed: {error}").format(error=reply.message)
            )
        elif request.epoch == self.epoch:
            self.last_answer = "stopped" if reply.stopped else "chosen"
            if request.kind == "hint":
                self.hint = (self.epoch, reply.move)
                self.notify("hint", "")
            else:
                self.answer = (self.epoch, reply.move)
        self.drive()

    # ------------------------------------------------------------------ the buttons
    def ask_hint(self) -> bool:
        """Ask the computer which move it would make for the person to move, or at a
        reviewed position (of the game or of a side line) for the player to move there."""
        game, live = self.session.shown, self.session.viewing is None
        if self.session.help_refused:  # inside a puzzle (the page says why)
            return False
        if game.is_over or (live and self.session.computer_to_move) or self.request is not None:
            return False
        if not has_computer(game.name):
            return False
        self.hint = None
        self._ask("hint", HINT_LEVEL, fresh=True)
        self.notify("computer", "")
        return True

    def place_changed(self) -> None:
        """Another position is shown: a hint for the one before is void (the computer's
        own thinking for the game goes on)."""
        self.hint = None
        if self.request is not None and self.request.kind == "hint":
            self.worker.post(protocol.cancel(self.request.id))
            self.request = None

    def stop(self) -> None:
        """Play the best move found so far now; the rest of that turn comes fast too."""
        request = self.request
        if request is None:
            return
        self.worker.post(protocol.stop(request.id))
        if request.kind == "move":
            self.hurry_turn = self._turn()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.steps = 0
        self.drive()

    def step(self) -> None:
        """Let a paused computer play one move (pausing first if it was running)."""
        self.paused = True
        self.steps = 1
        self.drive()
