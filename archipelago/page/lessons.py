"""The How to play dialog's lessons: the game in play's own, found through its manifest.

A game that has a lesson names its module in its manifest (``lesson``): a ``Tutorial``
class (the learner's progress) and ``changes(tutorial)`` (what the dialog shows). The
platform names no game: "How to play" opens the lesson of whatever game is in play, each
game's progress kept while the page is open, and a game without a lesson says so in the
dialog instead of showing another game's. Pure Python, tested under CPython;
``static/page/tutorial_ui.py`` wires it to the dialog.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..i18n import _
from ..registry import game_names, manifest_of
from .view.changes import Changes


def _common() -> Changes:
    """What every lesson's dialog starts from, so that no game's buttons, track or title
    are left over from the lesson shown before it (each lesson's changes then say their
    own); made when shown, in the reader's language."""
    picker = _("Colour of the next stone")
    board = _(
        "Practice board: arrow keys move the cursor, Enter or Space places a stone, "
        "1 or 2 picks the colour"
    )
    return {
        "#tutorial-picker": {"html": "", "attrs": {"aria-label": picker}},
        "#tutorial-track": {"hidden": True, "html": ""},
        "#tutorial-end-turn": {"hidden": False},
        "#tutorial-board": {"attrs": {"aria-label": board}},
    }


# A finished lesson shows its last words and Close only: no board, and none of a step's
# buttons (End turn would have no turn to end), whatever the game's changes say.
_FINISHED: Changes = {
    "#tutorial-play": {"hidden": True},
    "#tutorial-feedback": {"text": ""},
    "#tutorial-end-turn": {"hidden": True},
    "#tutorial-next": {"hidden": True},
    "#tutorial-again": {"hidden": True},
}


def lesson_module(game: str) -> ModuleType | None:
    """The module of ``game``'s lesson, None when it has none."""
    manifest = manifest_of(game)
    return manifest.module(manifest.lesson) if manifest.lesson else None


class Lessons:
    """The lessons opened on one page, one per game, made when first opened."""

    def __init__(self) -> None:
        self.game = ""  # the game whose lesson the dialog shows
        self._lessons: dict[str, Any] = {}

    @property
    def lesson(self) -> Any:
        """The lesson the dialog shows (a ``Tutorial``), None for a game without one."""
        return self._lessons.get(self.game)

    def open(self, game: str) -> None:
        """Show ``game``'s lesson: where the learner left it, or from its start again
        once it was finished."""
        self.game = game
        module = lesson_module(game)
        if module is None:
            return
        lesson = self._lessons.get(game)
        if lesson is None:
            self._lessons[game] = module.Tutorial()
        elif lesson.finished:
            lesson.restart()

    def changes(self) -> Changes:
        """What the dialog shows for the lesson open now."""
        title = manifest_of(self.game).title
        shown: Changes = {"#tutorial-title": {"text": _("How to play {game}").format(game=title)}}
        module, lesson = lesson_module(self.game), self.lesson
        if module is None or lesson is None:
            return {
                **shown,
                "#tutorial-step": {"text": _("{game} has no lesson yet").format(game=title)},
                "#tutorial-task": {
                    "text": _(
                        "There is no practice lesson for {game} yet. Its rules are under "
                        "Rules in the menu, with pictures."
                    ).format(game=title)
                },
                "#tutorial-play": {"hidden": True},
                "#tutorial-feedback": {"text": ""},
                "#tutorial-next": {"hidden": True},
                "#tutorial-again": {"hidden": True},
                "#tutorial-end-turn": {"hidden": True},
            }
        base = _common()
        own = module.changes(lesson)
        if lesson.finished:
            own = {**own, **_FINISHED}
        for selector, properties in {**base, **own}.items():
            common = base.get(selector, {})
            shown[selector] = {**common, **properties}
            if "attrs" in common and "attrs" in properties:
                shown[selector]["attrs"] = {**common["attrs"], **properties["attrs"]}
        return shown


def waiting_first_steps() -> dict[str, Changes]:
    """{game: its lesson's first step} as the How to play dialog shows it while the page
    is still starting: the build writes these into index.html, so that a visitor can read
    the first step during the download (static/start/lesson_while_loading.js shows it),
    and Python opens the same step live once it is up (static/page/tutorial_ui.py). Until
    then nothing on the practice board answers: the line under the task says so, and
    "Start the step again" waits with the rest."""
    waiting = _("The practice board answers as soon as the game has started.")
    steps = {}
    for game in game_names():
        lessons = Lessons()
        lessons.open(game)
        shown = lessons.changes()
        shown["#tutorial-feedback"] = {"text": waiting}
        shown["#tutorial-again"] = {"hidden": True}
        steps[game] = shown
    return steps
