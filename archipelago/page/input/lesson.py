"""The How to play dialog's input: its buttons and the clicks, keys and focus on its
practice board, turned into what the lesson of the game in play does (``lessons``), and
what the dialog shows then. static/page/tutorial_ui.py only wires its events here.
"""

from __future__ import annotations

from typing import Protocol

from ..lessons import Lessons
from ..session import Session
from ..view.changes import Changes
from .events import PageEvent


class LessonPage(Protocol):
    """What the dialog needs of the page (controller.PageController)."""

    session: Session

    def apply(self, changes: Changes) -> None: ...
    def show_dialog(self, name: str, shown: bool) -> None: ...
    def focus(self, element_id: str) -> None: ...


class LessonDialog:
    """The How to play dialog of one page, opened from the header and from the first
    visit's welcome."""

    def __init__(self, page: LessonPage) -> None:
        self.page = page
        self.lessons = Lessons()

    def open(self) -> None:
        """The lesson of the game in play, where the learner left it."""
        self.lessons.open(self.page.session.game.name)
        self.show()
        self.page.show_dialog("tutorial", True)

    def show(self) -> None:
        self.page.apply(self.lessons.changes())

    def on_click(self, event: PageEvent) -> None:
        """A click anywhere: the dialog's buttons (data-tutorial, data-tutorial-colour)
        and the cells of its board are the lesson's; any other click is not."""
        button, cell = event.lesson, event.cell
        action = button.get("tutorial", "") if button is not None else ""
        if action == "open":
            self.open()
            return
        if action == "close":
            self.page.show_dialog("tutorial", False)
            return
        lesson = self.lessons.lesson
        if lesson is None:
            return
        if button is not None:
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
                    self.page.focus("tutorial-close")
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
