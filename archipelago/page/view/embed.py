"""What an embedded page (``?embed=1``, a frame in another site's page) shows of its own:
one line that welcomes a visitor with the game's rules a click away, and, where the
browser refuses the frame its storage, a short note in plain words of what that means.

The note sits in the page's flow under the controls, never over them, and says what a
reload does; the browser's own name for the refusal is kept for its tooltip.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...i18n import _
from ..contract import Kit

QUOTA = "QuotaExceededError"


def intro_html(kit: Kit) -> str:
    """The welcome line: a link to the game's rules page (opened beside the host page
    rather than in the small frame), then the game's one-line summary."""
    return (
        f'<a href="{escape(kit.rules_page)}" target="_blank" rel="noopener">'
        + escape(_("Rules"))
        + "</a> · "
        + escape(_(kit.tagline()))
    )


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
    return _(
        "This game is not saved (this browser keeps nothing for games inside another "
        "site's page): reloading the page starts a new one."
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
