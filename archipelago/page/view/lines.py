"""Side lines and notes on the page, drawn: the side lines nested in the moves list under
the turn they replace (each entry a button with ``data-turn`` and ``data-line``, each
line inside an element with ``data-variation``), the notes under their turns, the side
lines' buttons (Try a move here, Make main line, Delete line) and the Note field.

Pure functions of the session (``page.study``); notes and turns go through ``escape``.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape

from ...i18n import _
from ...lines import NOTE_LENGTH, Line
from ..session import Session
from ..study import played_along


def note_html(note: str) -> str:
    return f'<p class="turn-note-text">{escape(note)}</p>' if note else ""


class SideLines:
    """The side lines of one drawing of the moves list, by the line and turn they leave."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.lines = session.study.tree.lines()
        self.leaving: dict[tuple[int, int], list[int]] = defaultdict(list)
        for index, line in enumerate(self.lines[1:], start=1):
            self.leaving[line.parent, line.start].append(index)

    def after(self, parent: int, number: int) -> str:
        """The side lines that replace turn ``number`` of line ``parent``."""
        return "".join(self.line_html(i) for i in self.leaving.get((parent, number - 1), []))

    def line_html(self, index: int) -> str:
        line, session = self.lines[index], self.session
        movers = [player for player, _ in session.kit.turns(played_along(session.game, line.path))]
        entries = []
        for number in range(line.start + 1, len(line.path) + 1):
            entries.append(self.entry_html(index, line, number, movers[number - 1]))
            entries.append(self.after(index, number))
        label = _("Side line from turn {turn}").format(turn=line.start + 1)
        # Keyed by where it leaves and its first move, which no other line shares: its
        # index among the lines changes as lines are added before it.
        key = escape(f"{line.start}:{line.path[line.start]}")
        return (
            f'<div class="variation" data-variation="{index}" data-key="{key}" role="group" '
            f'aria-label="{escape(label)}">{"".join(entries)}</div>'
        )

    def entry_html(self, index: int, line: Line, number: int, player: int) -> str:
        session = self.session
        shown = session.study.on_side_line and session.study.followed == line.path
        current = ' aria-current="true"' if shown and session.viewing == number else ""
        notation = notation_html(session, line.path[number - 1])
        return (
            f'<button type="button" class="turn-link" data-turn="{number}" '
            f'data-line="{index}"{current} data-key="{number}"><span class="num">{number}.</span> '
            f'<span class="by">{escape(session.name_of(player))}</span> '
            f"{notation}</button>" + note_html(session.study.tree.note(line.path[:number]))
        )


def main_note(session: Session, number: int) -> str:
    """The note of the main line's turn ``number``, drawn."""
    return note_html(session.study.tree.note(session.study.tree.main_line()[:number]))


def main_entry_current(session: Session, number: int) -> bool:
    """Whether the main line's turn ``number`` is the position shown."""
    return session.viewing == number and session.study.tree.on_main_line(session.study.place())


def line_actions_html(session: Session) -> str:
    """The side lines' buttons while a past position or a side line is shown."""
    if session.viewing is None:
        return ""
    pressed = "true" if session.study.trying else "false"
    buttons = [
        _button(
            f'class="try-here" data-command="try-here" aria-pressed="{pressed}"',
            _("Taps on the board play moves in a side line"),
            _("Try a move here"),
        )
    ]
    if session.study.on_side_line:
        buttons.append(
            _button(
                'data-command="promote-line"', _("This line becomes the game"), _("Make main line")
            )
        )
        buttons.append(
            _button(
                'data-command="delete-line"',
                _("Delete this side line from where it leaves"),
                _("Delete line"),
            )
        )
    return "".join(buttons)


def trying_words(session: Session, choice: int, target: str | None, touch: bool) -> str:
    """The line under the board at a reviewed position where a move is tried in a side
    line (``study.can_try``): on a touch screen a tap there goes back to the game until
    Try a move here is on, so it says how to try; then, as during play, how to move or
    what the cell under the pointer would get, for the position's mover."""
    study = session.study
    if touch and not study.trying:
        return _(
            "A tap on the board goes back to the game. To try a move here instead, "
            "press Try a move here."
        )
    trial = study.trial
    words = session.kit.cell_words(trial, choice, target, True)
    if target is not None or trial.game.to_move is None:
        return words
    return (
        _("A side line for {name}: the game stays as it is. {how}")
        .format(name=trial.name_of(trial.game.to_move), how=words)
        .strip()
    )


def _button(attrs: str, title: str, label: str) -> str:
    return f'<button type="button" {attrs} title="{escape(title)}">{escape(label)}</button>'


def note_form_html(session: Session) -> str:
    """The Note field of the turn shown (none before the first turn)."""
    place = session.study.place()
    if not place:
        return ""
    note = session.study.tree.note(place)
    remove_label, label, save = _("Remove note"), _("Note"), _("Save note")
    remove = (
        f'<button type="button" data-command="remove-note">{escape(remove_label)}</button>'
        if note
        else ""
    )
    hint = _("A note on turn {turn}").format(turn=len(place))
    return (
        f'<label for="note">{escape(label)}</label><input id="note" name="note" '
        f'type="text" maxlength="{NOTE_LENGTH}" autocomplete="off" value="{escape(note)}" '
        f'data-turn-of-note="{len(place)}" placeholder="{escape(hint)}">'
        f'<button type="submit">{escape(save)}</button>{remove}'
    )


def notation_html(session: Session, text: str) -> str:
    """A turn of the moves list as the record writes it, as the game's kit marks it up
    (Archipelago's colour chips; commas may break a long turn over two lines instead of
    cutting it); a turn written as a word ("pass",
    "take-button") is shown in the reader's words, the notation kept hidden beside them."""
    if any(c.isdigit() for c in text):
        return f"<code>{session.kit.notation_html(session.game, text)}</code>"
    said = escape(session.kit.turn_words(session.game, text))
    return f'<code hidden>{escape(text)}</code><span class="said">{said}</span>'
