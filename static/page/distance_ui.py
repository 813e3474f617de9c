"""The browser's side of games played by link: opening a link (at start and when the
address's hash changes) and "Send your turn", which shows the game's link in the Share
dialog and copies it to the clipboard.

Loaded beside static/page/app.py (pyscript.toml's [files]); what a link does to the games
of this browser is decided in archipelago.page (saved.distance, controller), under CPython
tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bridge import on_page
from pyscript import document, window

from archipelago.i18n import _
from archipelago.page.saved import distance
from archipelago.page.saved.links import LINK_PARAM
from archipelago.page.session import Session


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What links need of the page (archipelago.page.controller.PageController)."""

    session: Session
    commands: dict[str, Callable[..., Any]]

    def open_link(self, hash_text: str) -> None: ...


class DistanceUI:
    """Links in and out of one page."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        page.commands["send-turn"] = self.send_turn

    def open_link(self, *_: Any) -> None:
        """A link in the address: the controller opens its game; the address loses the
        link, so a reload does not open it again."""
        hash_text = str(window.location.hash or "")
        try:
            self.page.open_link(hash_text)
        finally:  # last: a test (or a script) may take the bare address as "opened"
            if hash_text.startswith("#" + LINK_PARAM):
                window.history.replaceState(None, "", str(window.location.href).split("#")[0])

    async def send_turn(self, *_event: Any) -> None:
        """The game's link in the Share dialog, copied at once when the browser lets the
        page write to the clipboard; else the note says to copy it from the field."""
        session = self.page.session
        field, note = by_id("share-url"), by_id("share-note")
        field.value = distance.turn_link(str(window.location.href), session)
        by_id("share-title").textContent = distance.send_label(session)
        by_id("share-text").textContent = distance.send_note(session)
        note.textContent = ""
        by_id("share-turn").hidden = by_id("share-save").hidden = True  # Share's own
        by_id("share").showModal()
        field.select()
        if await on_page.copyText(field.value):
            note.textContent = _("Copied to the clipboard: paste it into your message.")
        else:  # the browser refused the clipboard (no permission, no focus)
            field.select()
            note.textContent = _(
                "The browser did not let the page copy it: select the link above and copy it."
            )
