"""The Share dialog's QR code of the link and the phone's own share sheet (Web Share),
beside the link and Copy (dialogs_ui.py), and its embed snippet for a site owner.

The QR code is drawn by segno (archipelago.page.sharing.qr), which the page fetches from
the site the first time Share needs it, never at start: a visitor who never shares does
not download it.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

from bridge import listen, on_page, read_form
from pyscript import document, fetch

from archipelago.i18n import _
from archipelago.page.input.events import PageEvent
from archipelago.page.session import Session
from archipelago.page.sharing import qr
from archipelago.page.sharing.embed_form import choice_for_game, choice_in_play, embed_form_html
from archipelago.page.sharing.snippet import EmbedChoice, read_embed_form, snippet

LIBRARY_COPY = "/tmp/segno.zip"  # in the interpreter's own files; zipimport reads it


def by_id(name: str) -> Any:
    return document.getElementById(name)


class ShareExtras:
    """The QR code and the share sheet of one page's Share dialog."""

    def __init__(self, commands: dict[str, Callable[..., Any]]) -> None:
        self.library_ready = False
        commands["native-share"] = self.native_share

    def opened(self, link: str) -> None:
        """The dialog shows ``link``: offer the share sheet where there is one, and draw
        the code (once the library is here)."""
        by_id("native-share").hidden = not on_page.canShareLinks()
        by_id("share-qr").innerHTML = ""
        asyncio.ensure_future(self.draw_code(link))

    async def draw_code(self, link: str) -> None:
        box = by_id("share-qr")
        box.textContent = _("Drawing the QR code…")
        try:
            await self.load_library()
        except OSError:
            box.textContent = _("The QR code could not be loaded: copy the link instead.")
            return
        svg, problem = qr.qr_svg(link)
        if svg:
            note = qr.reach_note(link)  # a private address: which phones can open it
            box.innerHTML = svg + (f'<p class="note qr-note">{escape(note)}</p>' if note else "")
        else:
            box.textContent = problem

    async def load_library(self) -> None:
        if self.library_ready:
            return
        url = str(document.baseURI).split("#")[0].split("?")[0].rsplit("/", 1)[0]
        # PyScript's fetch, not pyodide.http's: that one would ship http.client and email.
        response = await fetch(f"{url}/{qr.LIBRARY}")
        if not response.ok:
            raise OSError(f"{qr.LIBRARY}: HTTP {response.status}")
        with open(LIBRARY_COPY, "wb") as copy:
            copy.write(await response.bytearray())
        sys.path.insert(0, LIBRARY_COPY)
        self.library_ready = True

    async def native_share(self, *_event: Any) -> None:
        outcome = await on_page.shareLink(str(document.title), str(by_id("share-url").value))
        if outcome == "failed":
            by_id("share-note").textContent = _("The share sheet did not open: copy the link.")


class EmbedSnippet:
    """The Share dialog's embed form: the snippet for the choices made, its live preview
    (the snippet itself, shown in the dialog) and Copy."""

    def __init__(self, commands: dict[str, Callable[..., Any]]) -> None:
        commands["copy-embed"] = self.copy
        listen("#embed-form", "change", self.on_change)
        self.choice: EmbedChoice | None = None

    def opened(self, session: Session) -> None:
        self.show_form(choice_in_play(session))

    def show_form(self, choice: EmbedChoice) -> None:
        self.choice = choice
        by_id("embed-fields").innerHTML = embed_form_html(choice)
        self.update()

    def on_change(self, event: PageEvent) -> None:
        if event.target.name == "embed-game" and self.choice is not None:
            self.show_form(choice_for_game(self.choice, str(read_form("embed-form")["embed-game"])))
        else:
            self.update()

    def update(self) -> None:
        try:
            self.choice = read_embed_form(read_form("embed-form"))
        except ValueError as error:
            by_id("embed-error").textContent = str(error)
            return
        by_id("embed-error").textContent = ""
        code = snippet(str(document.baseURI), self.choice)
        by_id("embed-code").value = code
        # The preview is the snippet itself, as a poster always: a second game running
        # inside this page would download and start the runtime again.
        poster = replace(self.choice, click_to_play=True)
        by_id("embed-preview").innerHTML = snippet(str(document.baseURI), poster)

    async def copy(self, *_event: Any) -> None:
        copied = await on_page.copyText(str(by_id("embed-code").value))
        said = _("Copied.") if copied else _("Select the code and copy it.")
        by_id("embed-copy-note").textContent = said
