"""The browser's side of the How to play dialog: it opens the lesson, passes on the
clicks on its small board and buttons, and shows what the lesson says.

Loaded beside static/app.py (pyscript.toml's [files]); the lesson itself (positions,
checks, words) is the module the default game's manifest names (``lesson``), under
CPython tests.
"""

from pyodide.ffi import create_proxy
from pyscript import document

from archipelago.games import DEFAULT_GAME, manifest_of

_GAME = manifest_of(DEFAULT_GAME)
tutorial = _GAME.module(_GAME.lesson)


def by_id(name):
    return document.getElementById(name)


class TutorialUI:
    """The How to play dialog of one page (app.Page), opened from the header and from
    the first visit's welcome."""

    def __init__(self, page):
        self.page = page
        self.lesson = tutorial.Tutorial()
        self.proxies = []
        self.listen(document, "click", self.on_click)
        self.listen(by_id("tutorial-board"), "keydown", self.on_key)
        self.listen(by_id("tutorial-board"), "focus", self.on_focus)

    def listen(self, element, event, fn):
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        element.addEventListener(event, proxy)

    def open(self):
        if self.lesson.finished:
            self.lesson.restart()
        self.show()
        by_id("tutorial").showModal()

    def show(self):
        self.page.apply(tutorial.changes(self.lesson))

    def on_click(self, event):
        closest = event.target.closest if event.target.closest else None
        if closest is None:
            return
        button = closest("[data-tutorial],[data-tutorial-colour]") or None
        cell = closest("#tutorial-board [data-cell]") or None
        if button is not None:
            action = str(button.getAttribute("data-tutorial") or "")
            colour = button.getAttribute("data-tutorial-colour")
            if action == "open":
                return self.open()
            if action == "close":
                return by_id("tutorial").close()
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

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.lesson.key(str(event.key)):
            event.preventDefault()
            self.show()

    def on_focus(self, _event):
        """A keyboard focus on the practice board shows its cursor at once."""
        if self.lesson.cursor is None and by_id("tutorial-board").matches(":focus-visible"):
            self.lesson.move_cursor()
            self.show()
