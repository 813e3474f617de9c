"""The panels every game shares, as pure functions of the session and the scheduler: the
status line (or the past position being viewed), the move buttons, the history, the
undo/redo buttons and what the computers are doing. A game's own panels come from its
kit. Names typed by players go through ``html.escape``.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from . import distance
from .computers import has_computer
from .kits import Action
from .scheduler import Scheduler
from .session import Session


def status_html(session: Session) -> str:
    """The line above the board."""
    if session.viewing is not None:
        total = session.kit.finished_turns(session.game)
        steps = "".join(
            f'<button type="button" data-command="review-{how}" aria-label="{label}" '
            f'title="{label}">'
            f"{sign}</button>"
            for how, sign, label in REVIEW_BUTTONS
        )
        return (
            f'<p class="viewing">Showing the board after turn {session.viewing} of {total}. '
            f'<span class="review" role="group" aria-label="Step through the turns">{steps}'
            "</span> "
            '<button type="button" id="back-to-game" data-command="back">'
            "Back to the game</button></p>"
        )
    return session.kit.status_html(session) + distance.status_html(session)


REVIEW_BUTTONS = (
    ("start", "|◀", "The empty board (Home)"),
    ("back", "◀", "The turn before (left arrow)"),
    ("forward", "▶", "The turn after (right arrow)"),
    ("end", "▶|", "The game as it is (End)"),
)


def actions_html(actions: list[Action]) -> str:
    """The buttons of moves made without the board."""
    return "".join(
        f'<button type="button" id="{escape(a.id)}" data-move="{escape(a.move)}"'
        f'{"" if a.enabled else " disabled"} title="{escape(a.title)}">{escape(a.label)}</button>'
        for a in actions
    )


def history_html(session: Session) -> str:
    """One button per finished turn (it shows the board after that turn), and the turn
    under way."""
    kit, game = session.kit, session.game
    items = []
    for number, (player, text) in enumerate(kit.turns(game), start=1):
        current = ' aria-current="true"' if session.viewing == number else ""
        items.append(
            f'<li><button type="button" class="turn-link" data-turn="{number}"{current}>'
            f'<span class="num">{number}.</span> {escape(session.name_of(player))}: '
            f"<code>{escape(text)}</code></button></li>"
        )
    under_way = kit.current_turn(game)
    if under_way is not None:
        player, text = under_way
        items.append(
            f'<li class="in-progress">{kit.finished_turns(game) + 1}. '
            f"{escape(session.name_of(player))}: <code>{escape(text)}</code> …</li>"
        )
    return "".join(items) or '<li class="empty">No turns yet.</li>'


@dataclass(frozen=True)
class UndoButtons:
    undo: bool
    redo: bool


def undo_buttons(session: Session) -> UndoButtons:
    return UndoButtons(undo=session.can_take_back, redo=session.can_redo)


@dataclass(frozen=True)
class ComputerPanel:
    """The computer controls (hidden or disabled) and the line saying what goes on."""

    hint_hidden: bool
    hint_disabled: bool
    stop_hidden: bool
    stop_disabled: bool
    pause_hidden: bool
    pause_label: str
    paused: bool
    step_hidden: bool
    step_disabled: bool
    note: str


def computer_panel(session: Session, scheduler: Scheduler, ready: bool) -> ComputerPanel:
    game = session.game
    thinking = bool(scheduler.thinking)
    level = session.computer_to_move
    mover = game.to_move
    person_to_move = mover is not None and session.person_here_to_move
    computers = session.has_computers
    note = ""
    if level and mover is not None:
        who = f"{session.name_of(mover)} (computer, level {level})"
        if scheduler.paused and not scheduler.steps:
            note = f"Paused: {who} is to move. Press Continue, or Step for one move."
        elif thinking and not ready:
            note = f"{who} is getting ready…"
        elif thinking:
            note = f"{who} is thinking…"
        else:
            note = f"{who} is playing."
    elif thinking:
        note = "Looking for a hint…" if ready else "Getting the computer ready for a hint…"
    elif scheduler.hint_move:
        note = session.kit.hint_words(game, scheduler.hint_move)
    return ComputerPanel(
        hint_hidden=0 not in session.seats or not has_computer(game.name),
        hint_disabled=not (person_to_move and session.viewing is None and not thinking),
        stop_hidden=not computers and not thinking,
        stop_disabled=not thinking,
        pause_hidden=not computers,
        pause_label="Continue" if scheduler.paused else "Pause",
        paused=scheduler.paused,
        step_hidden=not computers,
        step_disabled=not level,
        note=note,
    )
