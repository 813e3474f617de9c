"""The view model: everything the game page shows, decided in one place.

``screen(session, computer)`` turns the session (and what the computer players are
doing) into plain data: the player cards, the buttons of the action bar with whether each
applies, the moves' navigation, the review banner, the game-over card and the lines of
words. Small renderers (``html``) draw it; nothing else decides what is shown.
Game specifics come from the game's kit (``kits.GameKit``: its card facts, turn pips,
ranking and result), so every game gets the same page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...i18n import N_, _, ngettext
from ..computers import has_computer
from ..contract import CardFacts, Pips, Placing, SessionView
from .clocks import Face, ending_words, face_of

if TYPE_CHECKING:
    from ..scheduler import Scheduler
    from ..session import Session


@dataclass(frozen=True)
class Computer:
    """What the computer players are doing, as the scheduler says."""

    thinking: str = ""  # "move" or "hint" while the worker thinks
    paused: bool = False
    steps: int = 0  # moves a paused computer may still play
    hint_move: str = ""
    ready: bool = False  # the worker has started
    held: bool = False  # the clocks are paused: the computer's move waits for them

    @classmethod
    def of(cls, scheduler: Scheduler, ready: bool) -> Computer:
        return cls(
            scheduler.thinking,
            scheduler.paused,
            scheduler.steps,
            scheduler.hint_move,
            ready,
            scheduler.holding(),
        )


@dataclass(frozen=True)
class Card:
    """One player's card at the board."""

    player: int
    name: str
    chip: str  # the player's stone as SVG (from the kit)
    level: int  # the computer's level, 0 for a person
    facts: CardFacts
    to_move: bool
    pips: Pips | None  # the stones of the turn under way, on the mover's card only
    side: str  # "top" or "bottom": where a phone shows it, above or below the board
    clock: Face | None = None  # the player's clock, in a game with clocks


@dataclass(frozen=True)
class Control:
    """A button: what it does (a ``command`` or a ``move``), whether it applies now, and
    its weight: "primary" (filled), "secondary", "icon" or "more" (in the overflow)."""

    id: str
    label: str
    enabled: bool
    kind: str
    title: str = ""
    command: str = ""
    move: str = ""
    icon: str = ""  # the name of the icon drawn; the label is then its accessible name
    pressed: bool | None = None


@dataclass(frozen=True)
class Banner:
    """Over the board while a past position is shown ("Turn 12 of 26 · Back to the
    game"), or at the end once the result card was put away ("Game over · Show the
    result")."""

    words: str
    button: str  # the button's words (none while the result card is open)
    command: str  # what it does


@dataclass(frozen=True)
class Result:
    """The game-over card: the result in words, the ranking and how the game went."""

    headline: str
    ranking: tuple[tuple[Placing, str, str], ...]  # (line, name, chip)
    details: str  # HTML from the kit


@dataclass(frozen=True)
class Screen:
    cards: tuple[Card, ...]
    moves: tuple[Control, ...]  # the game's move buttons (End turn, Pass, ...)
    tools: tuple[Control, ...]  # Undo, Redo, Hint, Stop: icon buttons
    more: tuple[Control, ...]  # in the overflow menu, each only when it applies
    nav: tuple[Control, ...]  # |< < > >| under the moves
    banner: Banner | None
    result: Result | None
    picker: bool  # whether the game's own controls (the colours) are offered
    status: str  # the position in one sentence, for screen readers
    computer_note: str  # what the computers do ("Bob is thinking…")
    turn_note: str  # what the mover may do, when the board does not say it


def screen(session: Session, computer: Computer | None = None) -> Screen:
    """What the page shows for ``session`` while the computers do ``computer``."""
    computer = computer or Computer()
    game = session.game
    over = game.is_over
    live = session.viewing is None
    return Screen(
        cards=cards(session),
        moves=move_controls(session),
        tools=tool_controls(session, computer),
        more=more_controls(session, computer),
        nav=nav_controls(session),
        banner=banner(session),
        result=result(session) if result_shown(session) else None,
        picker=not over if live else session.study.can_try,
        status=status(session),
        computer_note=computer_note(session, computer),
        turn_note=session.kit.turn_note(session) if live else "",
    )


def cards(session: Session) -> tuple[Card, ...]:
    """A card per player; the first half of the players sit below the board on a phone
    (player 1, who is usually the one holding it), the others above."""
    kit, shown = session.kit, session.shown
    count = shown.player_count
    live = session.viewing is None
    pips = kit.turn_pips(session) if live else None
    below = (count + 1) // 2
    return tuple(
        Card(
            player=p,
            name=session.name_of(p),
            chip=kit.chip(p),
            level=session.seat_of(p),
            facts=kit.card_facts(session, p),
            to_move=shown.to_move == p,
            pips=pips if shown.to_move == p else None,
            side="bottom" if p <= below else "top",
            clock=face_of(session, p),
        )
        for p in range(1, count + 1)
    )


def moving(session: Session) -> SessionView:
    """The session as the kit's move buttons and colours see it: in review, the position
    shown (``study.Trial``), whose moves are tried in a side line."""
    return session if session.viewing is None else session.study.trial


def move_controls(session: Session) -> tuple[Control, ...]:
    """The game's own move buttons; after the end they stay, disabled. In review they
    are the position's: a move there is tried in a side line (End turn ends that turn)."""
    live = not session.game.is_over if session.viewing is None else session.study.can_try
    return tuple(
        Control(
            a.id,
            a.label,
            a.enabled and live,
            "primary" if a.primary else "secondary",
            title=a.title,
            move=a.move,
        )
        for a in session.kit.actions(moving(session), live)
    )


def hint_offered(session: Session) -> bool:
    """A person sits at the table and a computer can suggest moves in this game (not
    inside a puzzle being solved)."""
    return 0 in session.seats and has_computer(session.game.name) and not session.help_refused


def tool_controls(session: Session, computer: Computer) -> tuple[Control, ...]:
    """Undo and Redo (not while a past position is shown: they would change the game
    out of sight, but Undo takes back a stone of a side line's turn under way), Hint,
    and Stop while a computer thinks."""
    live = session.viewing is None
    game = session.game
    person_to_move = not game.is_over and session.person_here_to_move
    tools = [
        Control(
            "undo",
            _("Undo"),
            session.can_take_back if live else session.study.turn_under_way,
            "icon",
            _("Undo the last stone (U or Ctrl+Z)"),
            command="undo",
            icon="undo",
        ),
        Control(
            "redo",
            _("Redo"),
            live and session.can_redo,
            "icon",
            _("Redo a stone (R or Ctrl+Y)"),
            command="redo",
            icon="redo",
        ),
    ]
    if hint_offered(session):
        tools.append(
            Control(
                "hint-button",
                _("Hint"),
                # at a reviewed position (of the game or a side line) for its mover too
                (person_to_move if live else not session.shown.is_over) and not computer.thinking,
                "icon",
                _("Show the stone the computer would play (key H)"),
                command="hint",
                icon="hint",
            )
        )
    if computer.thinking:
        tools.append(
            Control(
                "stop",
                _("Stop"),
                True,
                "icon",
                _("Make the computer play its best move so far (key S)"),
                command="stop",
                icon="stop",
            )
        )
    return tuple(tools)


def more_controls(session: Session, computer: Computer) -> tuple[Control, ...]:
    """The overflow: whole turns back and forth, Resign, Pause and Step, each only when
    it applies (no Pause on a person's turn nor after the end)."""
    live = session.viewing is None
    more = [
        Control(
            "undo-turn",
            _("Undo turn"),
            session.can_take_back if live else session.study.turn_under_way,
            "more",
            _("Undo a whole turn"),
            command="undo-turn",
        ),
        Control(
            "redo-turn",
            _("Redo turn"),
            live and session.can_redo,
            "more",
            _("Redo a whole turn"),
            command="redo-turn",
        ),
    ]
    resign = session.kit.resign_action(session, live)
    if resign is not None:
        more.append(
            Control(resign.id, resign.label, resign.enabled, "more", resign.title, move=resign.move)
        )
    computer_turn = bool(session.computer_to_move)
    if computer_turn or (computer.paused and not session.game.is_over and session.has_computers):
        more.append(
            Control(
                "pause",
                _("Continue") if computer.paused else _("Pause"),
                True,
                "more",
                _("Pause or continue the computer players"),
                command="pause",
                pressed=computer.paused,
            )
        )
    if computer.paused and computer_turn:
        more.append(
            Control(
                "step",
                _("Step"),
                True,
                "more",
                _("Let a paused computer play one move"),
                command="step",
            )
        )
    return tuple(more)


NAV = (
    ("start", N_("First position"), "|◀", N_("The empty board (Home)")),
    ("back", N_("Back"), "◀", N_("The turn before (left arrow)")),
    ("forward", N_("Forward"), "▶", N_("The turn after (right arrow)")),
    ("end", N_("Last position"), "▶|", N_("The game as it is (End)")),
)


def nav_controls(session: Session) -> tuple[Control, ...]:
    """|< < > >| under the moves: back while there is a turn before the one shown,
    forward while a past position is shown."""
    finished = session.kit.finished_turns(session.game)
    started = session.kit.turn_started(session.game)
    viewing = session.viewing
    back = (viewing is None and (finished > 0 or started)) or bool(viewing)
    forward = viewing is not None
    return tuple(
        Control(
            f"review-{how}",
            _(label),
            back if how in ("start", "back") else forward,
            "icon",
            _(title),
            command=f"review-{how}",
            icon=sign,
        )
        for how, label, sign, title in NAV
    )


BANNER_NOTE = 60  # characters of a note shown in the review banner


def banner(session: Session) -> Banner | None:
    """ "Turn 12 of 26" over the board while a past position is shown; the result from
    the game's end on (its strip is there while the card is open, so putting the card
    away moves nothing), with the way back to the card once the card was put away."""
    if session.viewing is None:
        if session.game.is_over:
            words = _("Game over: {result}").format(result=ending_words(session).rstrip("."))
            if not session.result_closed:  # the card is over the board: nothing to press
                return Banner(words, "", "")
            return Banner(words, _("Show the result"), "show-result")
        return None
    total = session.kit.finished_turns(session.game)
    turn = session.viewing
    if session.study.on_side_line:
        total = len(session.study.followed)
    if turn == 0:
        words = _("The empty board")
    elif session.study.on_side_line:
        words = _("Turn {turn} of {total} of a side line").format(turn=turn, total=total)
    else:
        words = _("Turn {turn} of {total}").format(turn=turn, total=total)
    note = session.study.note_here()
    if note:  # the whole note is under its turn in the moves list
        short = note if len(note) <= BANNER_NOTE else note[: BANNER_NOTE - 1] + "…"
        words = _("{position}. Note: {note}").format(position=words, note=short)
    return Banner(words, _("Back to the game"), "back")


def result_shown(session: Session) -> bool:
    """Whether the game-over card is over the board: at the end of the game, until it is
    closed or put away for a review."""
    return session.game.is_over and session.viewing is None and not session.result_closed


def result(session: Session) -> Result:
    kit = session.kit
    return Result(
        ending_words(session),
        tuple(
            (line, session.name_of(line.player), kit.chip(line.player))
            for line in kit.ranking(session)
        ),
        kit.result_details(session),
    )


def status(session: Session) -> str:
    """The position in one sentence (read by screen readers as it changes)."""
    kit, game = session.kit, session.game
    shown = banner(session)
    if session.viewing is not None and shown is not None:
        return _("Reviewing: {position}.").format(position=shown.words)
    if game.is_over:
        return _("Game over: {result}.").format(result=ending_words(session).rstrip("."))
    mover = game.to_move or 0
    level = session.seat_of(mover)
    player = who(session, mover, level)
    turn = kit.finished_turns(game) + 1
    pips = kit.turn_pips(session)
    if pips is None:
        return _("Turn {turn}: {player} to play.").format(turn=turn, player=player)
    left = pips.allowance - pips.placed
    return ngettext(
        "Turn {turn}: {player} to play, {left} of {n} stone left.",
        "Turn {turn}: {player} to play, {left} of {n} stones left.",
        pips.allowance,
    ).format(turn=turn, player=player, left=left, n=pips.allowance)


def who(session: Session, player: int, level: int) -> str:
    """A player's name, and the computer's level when a computer plays that seat."""
    name = session.name_of(player)
    if not level:
        return name
    return _("{name} (computer, level {level})").format(name=name, level=level)


def computer_note(session: Session, computer: Computer) -> str:
    """What the computer players are doing, or the hint in words."""
    game = session.game
    level = session.computer_to_move
    mover = game.to_move
    if level and mover is not None:
        player = who(session, mover, level)
        if computer.paused and not computer.steps:
            return _("Paused: {player} is to move. Continue or Step are in the ⋯ menu.").format(
                player=player
            )
        if computer.held and not computer.steps:
            return _("The clocks are paused: {player} plays once they run again.").format(
                player=player
            )
        if computer.thinking and not computer.ready:
            return _("{player} is getting ready…").format(player=player)
        if computer.thinking:
            return _("{player} is thinking…").format(player=player)
        return _("{player} is playing.").format(player=player)
    if computer.thinking:
        return (
            _("Looking for a hint…")
            if computer.ready
            else _("Getting the computer ready for a hint…")
        )
    if computer.hint_move:
        return session.kit.hint_words(game, computer.hint_move)
    return ""
