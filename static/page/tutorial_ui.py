"""The browser's side of the How to play dialog: it opens the lesson, passes on the
clicks on its small board and buttons, and shows what the lesson says.

Loaded beside static/page/app.py (pyscript.toml's [files]); the lesson itself (positions,
checks, words) is the module the default game's manifest names (``lesson``), under
CPython tests.
"""

from __future__ import annotations

from typing import Any, Protocol

from bridge import listen
from pyscript import document

from archipelago.page.input.events import PageEvent
from archipelago.page.view.changes import Changes
from archipelago.registry import DEFAULT_GAME, manifest_of

_GAME = manifest_of(DEFAULT_GAME)
tutorial = _GAME.module(_GAME.lesson)


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialog needs of the page (archipelago.page.controller.PageController)."""

    def apply(self, changes: Changes) -> None: ...


class TutorialUI:
    """The How to play dialog of one page, opened from the header and from
    the first visit's welcome."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.lesson = tutorial.Tutorial()
        listen("document", "click", self.on_click)
        listen("#tutorial-board", "keydown", self.on_key)
        listen("#tutorial-board", "focus", self.on_focus)

    def open(self) -> None:
        if self.lesson.finished:
            self.lesson.restart()
        self.show()
        by_id("tutorial").showModal()

    def show(self) -> None:
        self.page.apply(tutorial.changes(self.lesson))

    def on_click(self, event: PageEvent) -> None:
        button, cell = event.lesson, event.cell
        if button is not None:
            action = button.get("tutorial", "")
            colour = button.get("tutorialColour")
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
        elif cell is not None and cell.board == "tutorial":
            self.lesson.place(cell.name)
        else:
            return
        self.show()

    def on_key(self, event: PageEvent) -> None:
        # (index.html cancels the browser's own action for the keys taken here)
        if event.ctrl or event.alt or event.key is None:
            return
        if self.lesson.key(event.key):
            self.show()

    def on_focus(self, event: PageEvent) -> None:
        """A keyboard focus on the practice board shows its cursor at once."""
        if self.lesson.cursor is None and event.target.focus_visible:
            self.lesson.move_cursor()
            self.show()
