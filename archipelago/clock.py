"""Game clocks: Fischer (with an optional cap), simple delay and byo-yomi, for any game.

A clock is a rule (``ClockRule``: ``fischer:300+5/600``, ``delay:300/5``,
``byoyomi:600+5x30``, in seconds) and, per game, the time each player has left after
every finished turn (``GameClock``), which the game's record keeps under ``"clock"``.
Nothing here reads a clock of its own: every reading takes the time now, in
milliseconds since the epoch (the page's ``Date.now``), and the running turn is kept as
the time it started and what it had used before a pause. So a page reloaded in the
middle of a turn finds the turn's clock running from its stored start, and the tests
give whatever times they like.

- **Fischer** ``fischer:BASE+INCREMENT[/CAP]``: the mover's time runs; each finished turn
  adds the increment, up to the cap when there is one.
- **Simple delay** ``delay:BASE/DELAY``: each turn's first DELAY seconds are free; only
  what the turn takes beyond them comes off the clock.
- **Byo-yomi** ``byoyomi:BASE+PERIODSxSECONDS``: the main time runs out first; then each
  turn must end within a period of SECONDS, and every period a turn overruns is lost.

A player whose time runs out loses on time: the page plays the game's resignation for
them (RULINGS R16) and the record lists that turn under ``"lost"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .i18n import _

MAX_SECONDS = 24 * 3600  # the longest base, cap or period a clock takes: a day
MAX_PERIODS = 99
LOW_MS = 10_000  # under this a clock warns (and ticks each tenth of a second)
# The computer's share of what its clock can give a turn: a game lasts, so one turn may
# use a twentieth of the time left, with most of what the turn gives back (increment,
# delay, a period).
COMPUTER_SHARE = 20
_SPEC = {
    "fischer": re.compile(r"(\d{1,6})\+(\d{1,6})(?:/(\d{1,6}))?"),
    "delay": re.compile(r"(\d{1,6})/(\d{1,6})"),
    "byoyomi": re.compile(r"(\d{1,6})\+(\d{1,2})x(\d{1,6})"),
}
_FORMS = {
    "fischer": "fischer:BASE+INCREMENT (or fischer:BASE+INCREMENT/CAP)",
    "delay": "delay:BASE/DELAY",
    "byoyomi": "byoyomi:BASE+PERIODSxSECONDS",
}


@dataclass(frozen=True)
class Left:
    """One player's clock between turns: the time left (ms; byo-yomi's main time) and,
    in byo-yomi, the periods left."""

    ms: int
    periods: int = 0


@dataclass(frozen=True)
class Reading:
    """A clock as it reads now: the time it shows (ms: the time left; in byo-yomi's
    periods, the period's), the periods left, the time until it falls (ms) and whether
    it has fallen."""

    shown_ms: int
    periods: int
    to_flag_ms: int

    @property
    def fallen(self) -> bool:
        return self.to_flag_ms <= 0

    @property
    def low(self) -> bool:
        return self.to_flag_ms < LOW_MS


@dataclass(frozen=True)
class ClockRule:
    """How a game's clocks run, in seconds (see the module's docstring)."""

    kind: str
    base: int
    increment: int = 0  # Fischer: added after each turn
    cap: int = 0  # Fischer: the most a clock holds after its increment (0: no cap)
    delay: int = 0  # delay: each turn's free seconds
    periods: int = 0  # byo-yomi: how many periods
    period: int = 0  # byo-yomi: each period's seconds

    @classmethod
    def parse(cls, text: str) -> ClockRule:
        """``fischer:300+5/600``, ``delay:300/5`` or ``byoyomi:600+5x30`` -> the rule.
        A space stands for "+" (a URL's query turns "+" into one). ValueError says what
        is wrong, in words for a player."""
        cleaned = text.strip().lower().replace(" ", "+")
        kind, _colon, numbers = cleaned.partition(":")
        if kind not in _SPEC:
            raise ValueError(
                _("{clock} is not a clock: write {forms}").format(
                    clock=_shown(text), forms="; ".join(_FORMS.values())
                )
            )
        found = _SPEC[kind].fullmatch(numbers)
        if found is None:
            raise ValueError(
                _("{clock} is not a clock: write {form}, in seconds").format(
                    clock=_shown(text), form=_FORMS[kind]
                )
            )
        values = [int(v) if v is not None else 0 for v in found.groups()]
        if kind == "fischer":
            rule = cls(kind, values[0], increment=values[1], cap=values[2])
        elif kind == "delay":
            rule = cls(kind, values[0], delay=values[1])
        else:
            rule = cls(kind, values[0], periods=values[1], period=values[2])
        rule.check(text)
        return rule

    def check(self, text: str) -> None:
        """ValueError when the numbers make no clock a game can be played with."""
        if self.base + self.periods * self.period < 1:
            problem = _("a clock needs some time")
        elif max(self.base, self.increment, self.cap, self.delay, self.period) > MAX_SECONDS:
            problem = _("at most {most} seconds").format(most=MAX_SECONDS)
        elif self.cap and self.cap < self.base:
            problem = _("the cap must be at least the base time")
        elif self.kind == "byoyomi" and not (1 <= self.periods <= MAX_PERIODS and self.period):
            problem = _("byo-yomi needs 1 to {most} periods of at least a second").format(
                most=MAX_PERIODS
            )
        else:
            return
        raise ValueError(
            _("{clock} is not a clock: {problem}").format(clock=_shown(text), problem=problem)
        )

    def text(self) -> str:
        """The rule written as ``parse`` reads it."""
        if self.kind == "fischer":
            cap = f"/{self.cap}" if self.cap else ""
            return f"fischer:{self.base}+{self.increment}{cap}"
        if self.kind == "delay":
            return f"delay:{self.base}/{self.delay}"
        return f"byoyomi:{self.base}+{self.periods}x{self.period}"

    def start(self) -> Left:
        return Left(self.base * 1000, self.periods)

    def reading(self, left: Left, used_ms: float) -> Reading:
        """The clock of a player whose turn has used ``used_ms`` so far."""
        used = int(used_ms)
        if self.kind == "delay":
            free = self.delay * 1000
            shown = left.ms - max(0, used - free)
            return Reading(max(0, shown), 0, shown + max(0, free - used))
        if self.kind == "byoyomi" and used > left.ms:
            over, period = used - left.ms, self.period * 1000
            gone = over // period
            periods = left.periods - gone
            into = over - gone * period
            shown = period - into if periods > 0 else 0
            return Reading(shown, max(0, periods), shown + max(0, periods - 1) * period)
        shown = left.ms - used
        after = left.periods * self.period * 1000 if self.kind == "byoyomi" else 0
        return Reading(max(0, shown), left.periods, shown + after)

    def after_turn(self, left: Left, used_ms: float) -> Left:
        """The clock of a player whose turn ended after ``used_ms`` (within their time):
        the increment added (up to the cap), a byo-yomi period begun afresh."""
        now = self.reading(left, used_ms)
        if self.kind == "fischer":
            ms = now.shown_ms + self.increment * 1000
            return Left(min(ms, self.cap * 1000) if self.cap else ms)
        if self.kind == "byoyomi":
            in_main = int(used_ms) <= left.ms
            return Left(now.shown_ms if in_main else 0, now.periods)
        return Left(now.shown_ms)

    def thinking_ms(self, left: Left) -> int:
        """The longest a computer may think over a turn with ``left`` on its clock: a
        share of its time, most of what the turn gives back, never past its flag."""
        if self.kind == "byoyomi" and left.ms == 0:
            return self.period * 1000 // 2
        given = {"fischer": self.increment, "delay": self.delay}.get(self.kind, 0) * 1000
        spare = left.ms + (self.period * 1000 if self.kind == "byoyomi" else 0)
        return max(50, min(left.ms // COMPUTER_SHARE + given * 4 // 5, spare // 2))


def _shown(text: str) -> str:
    return repr(text.strip()[:40])


def parse_rule(text: str) -> ClockRule | None:
    """A clock setting's text -> its rule; "" or "none" -> None (no clock). ValueError
    for anything else that is not a clock."""
    if text.strip().lower() in ("", "none"):
        return None
    return ClockRule.parse(text)


class GameClock:
    """The clocks of one game: its rule, each player's time after every finished turn
    (``history[n]`` after n turns), the turns lost on time, and the turn under way."""

    def __init__(self, rule: ClockRule, players: int) -> None:
        self.rule = rule
        self.history: list[tuple[Left, ...]] = [tuple(rule.start() for _p in range(players))]
        self.lost: list[int] = []  # the turns (counted from 1) a player lost on time
        self.mover: int | None = None  # whose clock runs (or stands, paused)
        self.started: float | None = None  # when the running turn's clock last started
        self.spent = 0.0  # what the turn had used before ``started`` (before a pause)
        self.paused = False
        self.flagged = False  # the mover's time ran out: the turn ending now is lost on time
        self.seen = 0.0  # the latest time given: what a reading without one shows

    @property
    def turns(self) -> int:
        return len(self.history) - 1

    @property
    def running(self) -> bool:
        return self.started is not None

    def used(self, now: float) -> float:
        """What the turn under way has used by ``now`` (ms)."""
        return self.spent + (max(0.0, now - self.started) if self.started is not None else 0.0)

    def reading(self, player: int, now: float | None = None, turns: int | None = None) -> Reading:
        """``player``'s clock at ``now`` (the latest time seen when None); with ``turns``,
        as it was after that many turns (a reviewed turn)."""
        if turns is not None:
            left = self.history[max(0, min(turns, self.turns))][player - 1]
            return self.rule.reading(left, 0)
        left = self.history[-1][player - 1]
        if player != self.mover:
            return self.rule.reading(left, 0)
        return self.rule.reading(left, self.used(self.seen if now is None else now))

    def follow(self, turns: int, mover: int | None, now: float) -> None:
        """The game has ``turns`` finished turns and ``mover`` to play (None: it is over):
        a turn that ended is charged to its player, a turn taken back gives its time back,
        and the clock of the player to move runs (unless paused)."""
        self.seen = max(self.seen, now)
        ended = turns != self.turns
        if turns > self.turns:
            charged, used = self.mover, self.used(now)
            while turns > self.turns:
                after = list(self.history[-1])
                if charged is not None and 1 <= charged <= len(after):
                    if self.flagged:
                        after[charged - 1] = Left(0, 0)
                        self.lost.append(self.turns + 1)
                    else:
                        after[charged - 1] = self.rule.after_turn(after[charged - 1], used)
                self.history.append(tuple(after))
                charged, used, self.flagged = None, 0.0, False
        elif turns < self.turns:
            del self.history[max(0, turns) + 1 :]
            self.lost = [turn for turn in self.lost if turn <= turns]
        # A clock just read from a record knows no mover yet: its turn goes on as stored.
        if ended or (mover != self.mover and self.mover is not None):
            self._new_turn(now)
        self.mover = mover
        if mover is None:
            self.started, self.spent = None, 0.0
        elif self.started is None and not self.paused:
            self.started = now

    def _new_turn(self, now: float) -> None:
        self.spent, self.flagged = 0.0, False
        self.started = None if self.paused else now

    def pause(self, now: float) -> None:
        self.seen = max(self.seen, now)
        self.spent = self.used(now)
        self.started = None
        self.paused = True

    def resume(self, now: float) -> None:
        self.seen = max(self.seen, now)
        self.paused = False
        if self.mover is not None and self.started is None:
            self.started = now

    def look(self, now: float) -> None:
        """The page's time now: what a reading without a time shows."""
        self.seen = max(self.seen, now)

    def hold(self) -> None:
        """Pause the turn under way as it stood when last seen: a game opened from a
        link, a file or the games list, whose time since then is no one's."""
        if self.started is not None:
            self.pause(max(self.seen, self.started))

    def fallen(self, now: float) -> int | None:
        """The player to move when their time has run out by ``now``, else None."""
        mover = self.mover
        if mover is None or not self.running:
            return None
        return mover if self.reading(mover, now).fallen else None

    def thinking_ms(self, player: int) -> int:
        """The longest a computer playing ``player`` may think over its turn."""
        return self.rule.thinking_ms(self.history[-1][player - 1])

    def lost_on_time(self, turn: int) -> bool:
        return turn in self.lost

    # ------------------------------------------------------------------ the record
    def to_json(self) -> dict[str, Any]:
        """The record's ``"clock"``: the rule, the time left after each turn (with the
        periods left in byo-yomi), the turns lost on time, and the turn under way: when
        its clock started (ms since the epoch), or what it used before a pause."""
        value: dict[str, Any] = {
            "rule": self.rule.text(),
            "left": [[left.ms for left in turn] for turn in self.history],
        }
        if self.rule.kind == "byoyomi":
            value["periods"] = [[left.periods for left in turn] for turn in self.history]
        if self.lost:
            value["lost"] = list(self.lost)
        if self.started is not None:  # the turn's start, less what it used before a pause
            value["started"] = round(self.started - self.spent)
            value["seen"] = round(self.seen)  # when it was written: what ``hold`` keeps
        elif self.spent or self.paused:
            value["spent"] = round(self.spent)
        if self.paused:
            value["paused"] = True
        return value

    @classmethod
    def from_json(cls, value: Any, players: int) -> GameClock:
        """The record's ``"clock"`` -> the clocks; RecordError says what is wrong."""
        if not isinstance(value, dict):
            raise RecordError(_('"clock" must be an object'))
        try:
            rule = ClockRule.parse(str(value.get("rule", "")))
        except ValueError as error:
            raise RecordError(_('"clock": {error}').format(error=error)) from None
        clock = cls(rule, players)
        left: Any = value.get("left")
        periods: Any = value.get("periods") if rule.kind == "byoyomi" else None
        if not _table(left, players) or (periods is not None and not _table(periods, players)):
            raise RecordError(
                _('"clock": "left" must list, after each turn, the time of each player')
            )
        if periods is not None and len(periods) != len(left):
            raise RecordError(_('"clock": "periods" must have an entry for each turn'))
        clock.history = [
            tuple(Left(ms, periods[n][p] if periods else 0) for p, ms in enumerate(turn))
            for n, turn in enumerate(left)
        ]
        lost = value.get("lost", [])
        if not (isinstance(lost, list) and all(_whole(t) and t >= 1 for t in lost)):
            raise RecordError(_('"clock": "lost" must list turn numbers'))
        clock.lost = sorted(set(lost))
        started, spent, seen = (value.get(key, 0) for key in ("started", "spent", "seen"))
        if not all(_whole(v) and v >= 0 for v in (started, spent, seen)):
            raise RecordError(
                _('"clock": "started", "spent" and "seen" must be whole milliseconds')
            )
        clock.paused = value.get("paused") is True
        clock.started = float(started) if "started" in value and not clock.paused else None
        clock.spent = 0.0 if clock.started is not None else float(spent)
        clock.seen = float(seen)
        return clock

    def restarted(self) -> GameClock:
        """The same rule with every clock full, for a new game (a rematch)."""
        return GameClock(self.rule, len(self.history[0]))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(value: Any, players: int) -> bool:
    """Whether ``value`` is a non-empty list of rows of ``players`` whole numbers >= 0."""
    return (
        isinstance(value, list)
        and 1 <= len(value) <= 100_000
        and all(
            isinstance(row, list) and len(row) == players and all(_whole(v) and v >= 0 for v in row)
            for row in value
        )
    )


def read_clock(record: Any, players: int) -> GameClock | None:
    """The clocks of a game ``record`` (a dict), None when it has none."""
    value = record.get("clock") if isinstance(record, dict) else None
    return None if value is None else GameClock.from_json(value, players)
