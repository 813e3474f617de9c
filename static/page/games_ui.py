"""The browser's side of the page's games: the list of games (archipelago.page.library)
with the game of this tab, the Games dialog and what another tab's writes mean here,
and games saved to and loaded from files.

Loaded beside static/app.py (pyscript.toml's [files]); the decisions are made in
archipelago.page (library, dialogs), under CPython tests.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from pyodide.ffi import create_once_callable
from pyscript import document, window

from archipelago.errors import ArchipelagoError
from archipelago.page import start as startup
from archipelago.page.contract import Cursor
from archipelago.page.events import PageEvent
from archipelago.page.saved.library import FORKED, Library, hear
from archipelago.page.saved.storage import Storage
from archipelago.page.scheduler import Scheduler
from archipelago.page.session import Session
from archipelago.page.setup import dialogs
from archipelago.reading import brief


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the games need of the page (app.Page)."""

    session: Session
    library: Library | None  # None on an embedded page, which keeps its one game
    storage: Storage
    signature: str | None  # the URL options an embedded game was set up with
    scheduler: Scheduler
    cursor: Cursor
    hover: str | None

    def start(self, session: Session, beside: bool = False) -> None: ...
    def render(self) -> None: ...
    def message(self, text: str, kind: str = "error") -> None: ...
    def clear_message(self, *_: Any) -> None: ...


class GamesUI:
    """The Games dialog and the game store of one page (app.Page)."""

    def __init__(self, page: PageView) -> None:
        self.page = page

    def save(self) -> None:
        page = self.page
        if page.library is None:  # an embedded page keeps its one game under its own key
            page.storage.save_game(page.session, page.signature)
        elif page.library.save(page.session):
            page.message(FORKED, kind="info")
        if page.library is not None:
            document.body.dataset.gameId = page.library.current or ""

    def changed_elsewhere(self, event: PageEvent) -> None:
        """Another tab wrote to the storage (the storage event fires only in the other
        tabs of this browser)."""
        page = self.page
        if page.library is None:
            return
        key, text = event.key or None, event.new_value or None
        words, session = hear(page.library, key, text)
        if session is not None:
            page.session, page.cursor, page.hover = session, None, None
            page.render()
            page.scheduler.begin(session)
        if words == "list":
            if by_id("games").open:
                self.render()
        elif words:
            page.message(words, kind="info")

    def render(self) -> None:
        library = self.page.library
        if library is None:  # an embedded page has no Games dialog
            return
        offset = -int(window.Date.new().getTimezoneOffset())
        by_id("games-list").innerHTML = dialogs.games_list_html(library, offset)

    def open(self) -> None:
        self.render()
        by_id("games").showModal()

    def pick(self, command: str, game_id: str) -> None:
        """Continue or delete a game of the Games dialog."""
        library = self.page.library
        if library is None:  # an embedded page has no Games dialog
            return
        session, words = dialogs.pick_game(library, command, game_id)
        if words:
            by_id("games").close()
            self.page.message(words)
        elif session is not None:
            by_id("games").close()
            self.page.clear_message()
            self.page.start(session)
        else:
            self.render()

    def save_file(self) -> None:
        page = self.page
        text = json.dumps(page.session.payload(), indent=1)
        # Made on the page's thread from plain text (Python may be in a worker).
        kind = window.JSON.parse(json.dumps({"type": "application/json"}))
        blob = window.Blob.new(window.Array.of(text), kind)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = page.session.kit.file_stem(page.session.game) + ".json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        page.message(f"Saved the game as {link.download}.", kind="info")

    async def load_file(self, event: Any) -> None:
        page = self.page
        files = event.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        name = brief(str(file.name), 80)  # a file's name may hold anything: shown escaped
        event.target.value = ""
        try:
            session = startup.session_from_file(await file.text())
        except ArchipelagoError as error:
            page.message(f"Could not load {name}: {error}. The current game is unchanged.")
            return
        except Exception:  # the browser could not read the file at all
            page.message(f"Could not read {name}. The current game is unchanged.")
            return
        page.start(session, beside=True)
        page.message(f"Loaded {name}.", kind="info")
