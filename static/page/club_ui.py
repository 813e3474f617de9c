"""The Tournament dialog's browser side: the host's form read, the tournament saved to a
file and opened from one, its read-only link shown and copied.

Loaded beside static/page/app.py (pyscript.toml's [files]); the tournament, its pairings,
standings, form and table are decided and drawn by archipelago.page.club (desk, view),
under CPython tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bridge import listen, on_page, read_form
from games_ui import chosen_file, download_json
from pyodide.ffi import JsDoubleProxy, create_proxy
from pyscript import document, window

from archipelago.i18n import _
from archipelago.page.club.desk import Desk
from archipelago.page.input.events import PageEvent


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialog needs of the page (archipelago.page.controller.PageController)."""

    commands: dict[str, Callable[..., Any]]

    def within(self, call: Callable[[], None]) -> None: ...


class ClubUI:
    """The Tournament dialog of one page, around its ``desk``."""

    def __init__(self, page: PageView, desk: Desk) -> None:
        self.page, self.desk = page, desk
        self.proxies: list[JsDoubleProxy] = []
        page.commands.update(
            {
                "club-save": lambda *_: self.save_file(),
                "club-load": lambda *_: by_id("club-load-input").click(),
                "club-link": lambda *_: self.show_link(),
                "club-copy": self.copy_link,
            }
        )
        listen("#club-form", "submit", self.submit)
        listen("#club-form", "change", self.changed)

    def listen_for_files(self) -> None:
        self.proxies.append(create_proxy(self.load_file))
        by_id("club-load-input").addEventListener("change", self.proxies[-1])

    def submit(self, event: PageEvent) -> None:
        # (index.html keeps the browser from sending the form or closing the dialog)
        self.desk.submit(read_form("club-form"))

    def changed(self, event: PageEvent) -> None:
        self.desk.form_changed(read_form("club-form"), event.target.name)

    def save_file(self) -> None:
        name = self.desk.file_name()
        download_json(self.desk.file_text(), name)
        by_id("club-error").textContent = _("Saved the tournament as {file}.").format(file=name)

    def show_link(self) -> None:
        by_id("club-link").value = self.desk.share_link(str(window.location.href))
        by_id("club-share").hidden = False
        by_id("club-link").select()

    async def copy_link(self, *_event: Any) -> None:
        if await on_page.copyText(by_id("club-link").value):
            by_id("club-error").textContent = _("Copied.")
        else:
            by_id("club-link").select()
            by_id("club-error").textContent = _("Select the link and copy it by hand.")

    async def load_file(self, event: Any) -> None:
        chosen = await chosen_file(event)
        if chosen is None:
            return
        name, text = chosen  # an unreadable file is refused as an empty one
        self.page.within(lambda: self.desk.open_file(name, text or ""))  # one action
