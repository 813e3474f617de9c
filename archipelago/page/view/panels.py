"""The moves list every game shares: one button per finished turn (it shows the board
after that turn) and the turn under way. Names typed by players go through
``html.escape``.
"""

from __future__ import annotations

from html import escape

from ..session import Session
from .lines import SideLines, main_entry_current, main_note


def history_html(session: Session) -> str:
    """One button per finished turn (it shows the board after that turn), and the turn
    under way."""
    kit, game = session.kit, session.game
    items = []
    side_lines = SideLines(session)  # each after the main line's turn it replaces
    for number, (player, text) in enumerate(kit.turns(game), start=1):
        current = ' aria-current="true"' if main_entry_current(session, number) else ""
        items.append(
            f'<li><button type="button" class="turn-link" data-turn="{number}"{current}>'
            f'<span class="num">{number}.</span> <span class="by">'
            f"{escape(session.name_of(player))}</span> <code>{escape(text)}</code></button>"
            f"{main_note(session, number)}</li>"
        )
        variations = side_lines.after(0, number)
        if variations:
            items.append(f'<li class="variations">{variations}</li>')
    under_way = kit.current_turn(game)
    if under_way is not None:
        player, text = under_way
        items.append(
            f'<li class="in-progress">{kit.finished_turns(game) + 1}. '
            f"{escape(session.name_of(player))} <code>{escape(text)}</code> …</li>"
        )
    return "".join(items) or '<li class="empty">No moves yet.</li>'
