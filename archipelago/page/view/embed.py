"""What an embedded page (``?embed=1``, a frame in another site's page) shows of its own:
one line that welcomes a visitor with the game's rules a click away, and, where the
browser refuses the frame its storage, a short note in plain words of what that means;
and whether its board shows coordinates, which a narrow frame draws too small to read.

The note sits in the page's flow under the controls, never over them, and says what a
reload does; the browser's own name for the refusal is kept for its tooltip.
"""

from __future__ import annotations

from html import escape
from typing import Any

from archipelago.hexgrid import board_for
from archipelago.hexsvg import view_box

from ...i18n import _
from ..contract import Kit
from ..session import Session

QUOTA = "QuotaExceededError"
LABEL_UNITS = 4.2  # the coordinates' font size in the board's SVG units (style.css)
READABLE_PX = 9  # smaller coordinates are noise: a 390 px frame drew them at about 6 px


def intro_html(kit: Kit) -> str:
    """The welcome line: a link to the game's rules page (opened beside the host page
    rather than in the small frame), then the game's one-line summary."""
    return (
        f'<a href="{escape(kit.rules_page)}" target="_blank" rel="noopener">'
        + escape(_("Rules"))
        + "</a> · "
        + escape(_(kit.tagline()))
    )


def coordinates_fit(session: Session, frame_px: object) -> bool:
    """Whether an embedded board shows its coordinates: only where the frame, ``frame_px``
    wide (the page's width at the start; not a number: unknown), draws them at
    READABLE_PX or more with the whole board across it. Hidden, they also leave their
    margin to the cells (an embed has no moves list naming cells, nor a settings menu)."""
    size = session.game.to_record().get("size")
    if not isinstance(frame_px, int | float) or not isinstance(size, int) or size < 1:
        return False
    units_wide = view_box(board_for(size), labels=True)[2]
    return LABEL_UNITS * frame_px / units_wide >= READABLE_PX


def storage_note(problem: str) -> str:
    """What a visitor should know when the browser refuses to keep the game (``problem``:
    the refusal's name, "" when storage works)."""
    if not problem:
        return ""
    if problem == QUOTA:
        return _(
            "This game is not saved (the browser's storage is full): reloading the page "
            "starts a new one."
        )
    # (short: in a frame on a phone every line under the board is taken from the board)
    return _(
        "Not saved here: this browser keeps nothing inside another site's page, so a "
        "reload starts a new game."
    )


def embed_storage_note(problem: str) -> dict[str, dict[str, Any]]:
    """The page changes that show the storage note (``storage_note``)."""
    return {
        "#embed-note": {
            "text": storage_note(problem),
            "hidden": not problem,
            "attrs": {
                "title": _("The browser's answer: {problem}").format(problem=problem)
                if problem
                else None
            },
        }
    }
