"""The browser's side of the How to play dialog: it opens the lesson, passes on the
clicks on its small board and buttons, and shows what the lesson says.

Loaded beside static/app.py (pyscript.toml's [files]); the lesson itself (positions,
checks, words) is the module the default game's manifest names (``lesson``), under
CPython tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyodide.ffi import JsDoubleProxy, create_proxy
from pyscript import document

from archipelago.games import DEFAULT_GAME, manifest_of
from archipelago.page.view import Changes

_GAME = manifest_of(DEFAULT_GAME)
tutorial = _GAME.module(_GAME.lesson)


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialog needs of the page (app.Page)."""

    def apply(self, changes: Changes) -> None: ...


class TutorialUI:
    """The How to play dialog of one page (app.Page), opened from the header and from
    the first visit's welcome."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.lesson = tutorial.Tutorial()
        self.proxies: list[JsDoubleProxy] = []
        self.listen(document, "click", self.on_click)
        self.listen(by_id("tutorial-board"), "keydown", self.on_key)
        self.listen(by_id("tutorial-board"), "focus", self.on_focus)

    def listen(self, element: Any, event: str, fn: Callable[..., Any]) -> None:
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        element.addEventListener(event, proxy)

    def open(self) -> None:
        if self.lesson.finished:
            self.lesson.restart()
        self.show()
        by_id("tutorial").showModal()

    def show(self) -> None:
        self.page.apply(tutorial.changes(self.lesson))

    def on_click(self, event: Any) -> None:
        closest = event.target.closest if event.target.closest else None
        if closest is None:
            return
        button = closest("[data-tutorial],[data-tutorial-colour]") or None
        cell = closest("#tutorial-board [data-cell]") or None
        if button is not None:
            action = str(button.getAttribute("data-tutorial") or "")
            colour = button.getAttribute("data-tutorial-colour")
            if action == "open":
                self.open()
                return
            if action == "close":
                by_id("tutorial").close()
                return
            if colour:
                self.lesson.pick(int(colour))
            elif action == "end-turn":
                self.lesson.end_turn()
            elif action == "again":
                self.lesson.again()
            elif action == "next":
                self.lesson.next()
                if self.lesson.finished:
                    by_id("tutorial-close").focus()
        elif cell is not None:
            self.lesson.place(str(cell.getAttribute("data-cell")))
        else:
            return
        self.show()

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.lesson.key(str(event.key)):
            event.preventDefault()
            self.show()

    def on_focus(self, _event: Any) -> None:
        """A keyboard focus on the practice board shows its cursor at once."""
        if self.lesson.cursor is None and by_id("tutorial-board").matches(":focus-visible"):
            self.lesson.move_cursor()
            self.show()
