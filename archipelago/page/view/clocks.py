"""The game clocks as the page shows them: each player's clock on their card, what a
tick of the running clock redraws (its text and attributes only), when the next tick is
due, and how a finished game ended (``body[data-result]``, the words of a loss on time).

A clock is a button: pressing any of them pauses the clocks, and again goes on
(``page.clocks.ClockPage``). ``data-clock-ms`` holds the time the clock shows, in ms (in
byo-yomi's periods, the period's), ``data-periods`` byo-yomi's periods left.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ...clock import LOW_MS, GameClock, Reading
from ...i18n import _
from ..kits import RESIGN_WORD

if TYPE_CHECKING:
    from ..session import Session

LOW_TICK_MS = 100  # how often a clock under ten seconds is redrawn (it shows tenths)


@dataclass(frozen=True)
class Face:
    """One player's clock as drawn: its reading, whether it runs now, whether the clocks
    are paused, and whether it counts byo-yomi periods."""

    player: int
    reading: Reading
    running: bool
    paused: bool
    periods: bool


def shown_clock(session: Session) -> tuple[GameClock, int | None] | None:
    """The clock to draw and the turns it is read after (None: as it runs now); None
    when the game has no clock or a side line is shown (its turns were never timed)."""
    clock = session.clock
    if clock is None or session.study.line is not None:
        return None
    return clock, session.viewing


def face_of(session: Session, player: int) -> Face | None:
    shown = shown_clock(session)
    if shown is None:
        return None
    clock, turns = shown
    running = turns is None and clock.running and clock.mover == player
    return Face(
        player,
        clock.reading(player, turns=turns),
        running,
        clock.paused and turns is None,
        clock.rule.kind == "byoyomi",
    )


def clock_text(ms: int, tenths: bool = False) -> str:
    """The time as a clock shows it: h:mm:ss or m:ss, and with ``tenths`` (a clock
    running low) 0:09.3 under ten seconds; whole seconds round up, so a clock reads 0:00
    only once it has run out."""
    if tenths and ms < 10_000:
        return f"0:{ms // 1000:02d}.{ms % 1000 // 100}"
    seconds = -(-ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def face_words(face: Face) -> str:
    text = clock_text(face.reading.shown_ms, face.reading.low)
    if face.periods:
        # Translators: a byo-yomi clock: the time shown, and the periods left ("0:27 ×3")
        return _("{time} ×{periods}").format(time=text, periods=face.reading.periods)
    return text


def face_attrs(face: Face) -> dict[str, str]:
    classes = ["clock"]
    for name, on in (("running", face.running), ("low", face.reading.low), ("paused", face.paused)):
        if on:
            classes.append(name)
    attrs = {"class": " ".join(classes), "data-clock-ms": str(face.reading.shown_ms)}
    if face.periods:
        attrs["data-periods"] = str(face.reading.periods)
    return attrs


def clock_html(face: Face | None) -> str:
    """The clock on a player's card: a button that pauses the clocks or goes on."""
    if face is None:
        return ""
    attrs = "".join(f' {key}="{escape(value)}"' for key, value in face_attrs(face).items())
    title = _("Start the clocks again") if face.paused else _("Pause the clocks")
    return (
        f'<button type="button" id="clock-{face.player}" data-command="clock-pause"{attrs}'
        f' title="{escape(title)}" aria-pressed="{"true" if face.paused else "false"}">'
        f"{escape(face_words(face))}</button>"
    )


def tick_changes(session: Session) -> dict[str, dict[str, Any]]:
    """What a tick redraws: the running clock's text and attributes, nothing else."""
    clock = session.clock
    mover = clock.mover if clock is not None else None
    face = face_of(session, mover) if mover is not None else None
    if face is None:
        return {}
    return {f"#clock-{face.player}": {"text": face_words(face), "attrs": face_attrs(face)}}


def next_tick_ms(reading: Reading) -> float:
    """When the running clock's text next changes (a tenth when it runs low, else the
    next whole second), and never later than its fall."""
    left = reading.to_flag_ms
    if reading.low:
        step = LOW_TICK_MS - reading.shown_ms % LOW_TICK_MS
    else:  # whole seconds, and the moment it runs low (it shows tenths from then on)
        step = min(reading.shown_ms % 1000 or 1000, left - LOW_MS + 1)
    return float(max(1, min(step, left)))


# ---------------------------------------------------------------------- how a game ended
def result_code(session: Session) -> str:
    """``body[data-result]``: "" in play, "time" when the last turn was lost on time,
    "resigned" after a resignation, else "over" (the rules ended the game)."""
    game = session.game
    if not game.is_over:
        return ""
    clock = session.clock
    if clock is not None and clock.lost_on_time(session.kit.finished_turns(game)):
        return "time"
    history = game.history
    return "resigned" if history and history[-1].text == RESIGN_WORD else "over"


def time_mark(session: Session, turn: int) -> str:
    """The moves list's mark on a turn lost on time (written as a resignation)."""
    clock = session.clock
    if clock is None or not clock.lost_on_time(turn):
        return ""
    # Translators: after a turn in the moves list that a player lost on time
    words = _("out of time")
    return f' <span class="out-of-time">{escape(words)}</span>'


def ending_words(session: Session) -> str:
    """How the game ended, in words: the loss on time, else the game's own words."""
    return time_words(session) or session.kit.result_words(session)


def time_words(session: Session) -> str:
    """The end card's headline of a game lost on time, "" for any other end."""
    if result_code(session) != "time":
        return ""
    kit = session.kit
    loser = kit.turns(session.game)[-1][0]
    winner = next((line.player for line in kit.ranking(session) if line.player != loser), 0)
    if not winner:
        return _("{loser} ran out of time.").format(loser=session.name_of(loser))
    return _("{loser} ran out of time: {winner} wins.").format(
        loser=session.name_of(loser), winner=session.name_of(winner)
    )
