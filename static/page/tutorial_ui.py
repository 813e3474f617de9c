"""The browser's side of the How to play dialog: its practice board's keys and focus
wired to the lesson's input, and the lesson opened live when the page starts with the
dialog open.

Loaded beside static/page/app.py (pyscript.toml's [files]); what a click, a key or the
focus does is decided by archipelago.page.input.lesson (its clicks come with the page's
one click listener, archipelago.page.input.handlers), which lesson by
archipelago.page.lessons, all under CPython tests.
"""

from __future__ import annotations

from bridge import listen
from pyscript import document

from archipelago.page.input.lesson import LessonDialog


class TutorialUI:
    """The How to play dialog of one page."""

    def __init__(self, lesson: LessonDialog) -> None:
        self.lesson = lesson
        listen("#tutorial-board", "keydown", lesson.on_key)
        listen("#tutorial-board", "focus", lesson.on_focus)

    def go_live(self) -> None:
        """The lesson's first step opened while the page was starting
        (static/start/lesson_while_loading.js) now answers: the same step, live."""
        if document.getElementById("tutorial").open:
            self.lesson.open()
