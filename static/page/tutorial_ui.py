"""The browser's side of the How to play dialog: it opens the lesson of the game in
play, passes on the clicks on its small board and buttons, and shows what the lesson says.

Loaded beside static/page/app.py (pyscript.toml's [files]); which lesson (the game's own,
or a word that it has none) is decided by archipelago.page.lessons, and each lesson
(positions, checks, words) is the module its game's manifest names (``lesson``), all
under CPython tests.
"""

from __future__ import annotations

from typing import Any, Protocol

from bridge import listen
from pyscript import document

from archipelago.page.input.events import PageEvent
from archipelago.page.lessons import Lessons
from archipelago.page.session import Session
from archipelago.page.view.changes import Changes


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialog needs of the page (archipelago.page.controller.PageController)."""

    session: Session

    def apply(self, changes: Changes) -> None: ...


class TutorialUI:
    """The How to play dialog of one page, opened from the header and from
    the first visit's welcome."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.lessons = Lessons()
        listen("document", "click", self.on_click)
        listen("#tutorial-board", "keydown", self.on_key)
        listen("#tutorial-board", "focus", self.on_focus)

    def open(self) -> None:
        self.lessons.open(self.page.session.game.name)
        self.show()
        if not by_id("tutorial").open:
            by_id("tutorial").showModal()

    def go_live(self) -> None:
        """The lesson's first step opened while the page was starting
        (static/start/lesson_while_loading.js) now answers: the same step, live."""
        if by_id("tutorial").open:
            self.open()

    def show(self) -> None:
        self.page.apply(self.lessons.changes())

    def on_click(self, event: PageEvent) -> None:
        button, cell = event.lesson, event.cell
        if button is not None and button.get("tutorial") == "open":
            self.open()
            return
        if button is not None and button.get("tutorial") == "close":
            by_id("tutorial").close()
            return
        lesson = self.lessons.lesson
        if lesson is None:
            return
        if button is not None:
            action = button.get("tutorial", "")
            colour = button.get("tutorialColour")
            if colour:
                lesson.pick(int(colour))
            elif action == "move":  # a move that is not on the board (a komi, Pass)
                lesson.press(button.get("tutorialMove", ""))
            elif action == "end-turn":
                lesson.end_turn()
            elif action == "again":
                lesson.again()
            elif action == "next":
                lesson.next()
                if lesson.finished:
                    by_id("tutorial-close").focus()
        elif cell is not None and cell.board == "tutorial":
            lesson.place(cell.name)
        else:
            return
        self.show()

    def on_key(self, event: PageEvent) -> None:
        # (index.html cancels the browser's own action for the keys taken here)
        lesson = self.lessons.lesson
        if lesson is None or event.ctrl or event.alt or event.key is None:
            return
        if lesson.key(event.key):
            self.show()

    def on_focus(self, event: PageEvent) -> None:
        """A keyboard focus on the practice board shows its cursor at once."""
        lesson = self.lessons.lesson
        if lesson is not None and lesson.cursor is None and event.target.focus_visible:
            lesson.move_cursor()
            self.show()
