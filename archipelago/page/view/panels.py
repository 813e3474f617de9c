"""The moves list every game shares: one entry per finished turn (a button that shows the
board after that turn) and the turn under way. A turn is never cut: its notation may
wrap, the game's kit puts it in words in the entry's tooltip, and the turn being viewed
shows those words in full; a turn the record writes as a word ("pass") shows in the
reader's words, its notation kept hidden beside them. Names typed by players go through
``html.escape``.

Each entry carries a ``data-key`` that stays the same from one drawing to the next
(its turn; a side line's, where it leaves and its first move): the page updates the
list in place by these keys (``changes.game_changes``), so the entry under a click
survives a redraw.
"""

from __future__ import annotations

from html import escape

from ...i18n import _
from ..session import Session
from .clocks import time_mark
from .lines import SideLines, main_entry_current, main_note, notation_html


def history_html(session: Session) -> str:
    """One entry per finished turn, and the turn under way."""
    kit, game = session.kit, session.game
    items = []
    side_lines = SideLines(session)  # each after the main line's turn it replaces
    for number, (player, text) in enumerate(kit.turns(game), start=1):
        items.append(turn_entry(session, number, player, text))
        variations = side_lines.after(0, number)
        if variations:
            items.append(f'<li class="variations" data-key="lines-{number}">{variations}</li>')
    under_way = kit.current_turn(game)
    if under_way is not None:
        player, text = under_way
        items.append(turn_entry(session, kit.finished_turns(game) + 1, player, text, True))
    empty = '<li class="empty" data-key="empty">' + escape(_("No moves yet.")) + "</li>"
    return "".join(items) or empty


def turn_entry(session: Session, number: int, player: int, text: str, going: bool = False) -> str:
    """The moves list's entry of turn ``number``, played by ``player`` as ``text`` (the
    record's notation; ``going``: the turn under way, which is no link yet). Every entry
    carries its turn in ``data-turn`` and its notation as the record writes it in
    ``data-notation`` (for tests and tools, whatever words it shows a reader)."""
    name = escape(session.name_of(player))
    words = f"{name}: {escape(session.kit.turn_words(session.game, text))}"
    notation = notation_html(session, text)
    if going:
        title = _("Turn {turn} so far, {words}").format(turn=number, words=words)
        return (
            f'<li class="in-progress" data-turn="{number}" data-key="{number}" '
            f'data-notation="{escape(text)}" title="{title}">'
            f"{number}. {name} {notation} …</li>"
        )
    shown = main_entry_current(session, number)
    current = ' aria-current="true"' if shown else ""
    marked = ' class="shown"' if shown else ""
    title = _("Turn {turn}, {words}").format(turn=number, words=words)
    return (
        f'<li{marked} data-key="{number}" data-notation="{escape(text)}">'
        + f'<button type="button" class="turn-link" data-turn="{number}"{current} '
        f'title="{title}">'
        f'<span class="num">{number}.</span> <span class="by">{name}</span> '
        f"{notation}{time_mark(session, number)}</button>"
        + (f'<p class="turn-words">{words}</p>' if shown else "")
        + main_note(session, number)
        + "</li>"
    )
