"""The browser's side of the page's games: the Games dialog, games saved to and loaded
from files, and another tab's writes.

Loaded beside static/page/app.py (pyscript.toml's [files]); the decisions are made in
archipelago.page (controller, saved.library, setup.dialogs), under CPython tests.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from pyodide.ffi import JsDoubleProxy, create_once_callable, create_proxy
from pyscript import document, window

from archipelago.i18n import _
from archipelago.page.input.events import PageEvent
from archipelago.page.saved.keeper import Keeper
from archipelago.page.session import Session
from archipelago.page.setup import dialogs
from archipelago.page.view.changes import Changes
from archipelago.reading import brief


def by_id(name: str) -> Any:
    return document.getElementById(name)


def download_json(text: str, name: str) -> None:
    """Save ``text`` as the JSON file ``name`` (the browser's download)."""
    # Made on the page's thread from plain text (Python may be in a worker).
    kind = window.JSON.parse(json.dumps({"type": "application/json"}))
    blob = window.Blob.new(window.Array.of(text), kind)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


async def chosen_file(event: Any) -> tuple[str, str | None] | None:
    """The file a file input's change ``event`` chose: its name (escaped: a name may hold
    anything) and its text, None when the browser could not read it; None if none was
    chosen. The input is emptied, so choosing the same file again is a change too."""
    files = event.target.files
    if not files or files.length == 0:
        return None
    file = files.item(0)
    name = brief(str(file.name), 80)
    event.target.value = ""
    try:
        return name, str(await file.text())
    except Exception:  # the browser could not read the file at all
        return name, None


class PageView(Protocol):
    """What the games need of the page (archipelago.page.controller.PageController)."""

    session: Session
    keeper: Keeper  # its library: None on an embedded page, which keeps its one game
    commands: dict[str, Callable[..., Any]]

    def open_file(self, name: str, text: str) -> None: ...
    def within(self, call: Callable[[], None]) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def show_dialog(self, name: str, shown: bool) -> None: ...
    def heard_storage(self, key: str | None, text: str | None) -> bool: ...
    def message(self, text: str, kind: str = "error") -> None: ...


class GamesUI:
    """The Games dialog and the files of one page."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.proxies: list[JsDoubleProxy] = []
        page.commands.update(
            {
                "games": lambda *_: self.open(),
                "save": lambda *_: self.save_file(),
                "load": lambda *_: by_id("load-input").click(),  # a real button, in Tab order
            }
        )

    def listen_for_files(self) -> None:
        """A file is read through the browser's own object (a rare event: no description)."""
        self.proxies.append(create_proxy(self.load_file))
        by_id("load-input").addEventListener("change", self.proxies[-1])

    def changed_elsewhere(self, event: PageEvent) -> None:
        """Another tab wrote to the storage (the storage event fires only in the other
        tabs of this browser)."""
        listed = self.page.heard_storage(event.key or None, event.new_value or None)
        if listed and by_id("games").open:
            self.render()

    def render(self) -> None:
        library = self.page.keeper.library
        if library is None:  # an embedded page has no Games dialog
            return
        offset = -int(window.Date.new().getTimezoneOffset())
        self.page.apply({"#games-list": {"html": dialogs.games_list_html(library, offset)}})

    def open(self) -> None:
        self.render()
        self.page.show_dialog("games", True)

    def save_file(self) -> None:
        page = self.page
        name = page.session.kit.file_stem(page.session.game) + ".json"
        download_json(json.dumps(page.session.payload(), indent=1), name)
        page.message(_("Saved the game as {file}.").format(file=name), kind="info")

    async def load_file(self, event: Any) -> None:
        chosen = await chosen_file(event)
        if chosen is None:
            return
        name, text = chosen
        if text is None:
            self.page.message(
                _("Could not read {file}. The current game is unchanged.").format(file=name)
            )
            return
        self.page.within(lambda: self.page.open_file(name, text))  # one action
