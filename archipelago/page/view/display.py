"""The display settings of the page: the theme, turning the board, the keyboard cursor on
a turned board, and the sounds (off until switched on).

What is drawn for a turned board, where the arrow keys go on it and which sound a change
calls for are decided in ``session``, the kits and ``sounds``; this module keeps the
settings and asks the browser to play a sound (static/page/display_ui.py's WebAudio).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...i18n import N_, _
from ..input.aim import Aim
from ..saved.storage import Storage
from ..session import Session
from . import sounds
from .changes import Changes

THEME_KEY = "archipelago.theme"  # index.html reads it too, to paint the first frame in it
THEMES = ("auto", "light", "dark")  # auto: as the system says
# Each theme's name on the Theme button (translated where shown).
THEME_NAMES = {"auto": N_("auto"), "light": N_("light"), "dark": N_("dark")}


class PageView(Protocol):
    """What the display settings need of the page (controller.PageController)."""

    session: Session
    commands: dict[str, Callable[..., Any]]
    aim: Aim

    def save(self) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def render(self) -> None: ...
    def render_overlay(self) -> None: ...
    def leave_history(self, *_: Any) -> None: ...


class Display:
    """The Theme, Turn and Sound buttons of one page, and its sounds."""

    def __init__(self, page: PageView, storage: Storage, play_sound: Callable[[str], bool]) -> None:
        self.page = page
        self.storage = storage
        self.play_sound = play_sound  # False when the browser has no audio
        self.sound_on = storage.sound()
        self.played = 0  # sounds played so far (a hook for tests: body's data-sounds)
        self.mark = sounds.game_mark(page.session.game)
        page.commands.update(
            {
                "rotate": self.rotate,
                "sound": self.toggle_sound,
                "cursor": self.move_cursor,
                "theme": self.next_theme,
            }
        )
        self.show_sound()
        stored = storage.read(THEME_KEY)
        self.theme: str = stored if stored in THEMES else "auto"
        self.show_theme()

    # ---------------------------------------------------------------- the theme
    def next_theme(self, *_: Any) -> None:
        """Auto, light, dark, and round again; kept for the next visit."""
        self.theme = THEMES[(THEMES.index(self.theme) + 1) % len(THEMES)]
        self.storage.write(THEME_KEY, self.theme)
        self.show_theme()

    def use_theme(self, theme: str | None) -> None:
        """The host site's theme (an embedded page's URL), not stored; None: as it is."""
        if theme is not None:
            self.theme = theme
            self.show_theme()

    def show_theme(self) -> None:
        theme = None if self.theme == "auto" else self.theme  # (None: the attribute goes)
        self.page.apply(
            {
                "html": {"attrs": {"data-theme": theme}},
                "#theme-state": {"text": _(THEME_NAMES[self.theme])},
            }
        )

    # ---------------------------------------------------------------- the board
    def rotate(self, *_: Any) -> None:
        """Turn the board 60 degrees clockwise; the game keeps it (saved with its moves)."""
        page = self.page
        page.session.turn_board()
        page.save()
        page.render()

    def move_cursor(self, key: str = "ArrowUp") -> None:
        """An arrow key moves the keyboard cursor as the board is seen, turned or not."""
        page = self.page
        session = page.session
        if session.viewing is not None:
            page.leave_history()
        page.aim.to_cursor(
            session.kit.move_cursor(session.game, page.aim.cursor, key, session.rotation)
        )
        page.render_overlay()

    # ---------------------------------------------------------------- sounds
    def toggle_sound(self, *_: Any) -> None:
        self.sound_on = not self.sound_on
        self.storage.save_sound(self.sound_on)
        self.show_sound()
        if self.sound_on:
            self.play(sounds.STONE)  # a sample, and browsers start audio on a click

    def show_sound(self) -> None:
        self.page.apply(
            {"#sound": {"attrs": {"aria-pressed": "true" if self.sound_on else "false"}}}
        )

    def changed(self) -> None:
        """After the game changed on the board: play what it calls for, if sounds are on."""
        game = self.page.session.game
        sound = sounds.sound_after(self.mark, game)
        self.mark = sounds.game_mark(game)
        if sound and self.sound_on:
            self.play(sound)

    def play(self, name: str) -> None:
        if not self.play_sound(name):
            return  # a browser without WebAudio stays silent
        self.played += 1
        self.page.apply(
            {"body": {"attrs": {"data-sounds": str(self.played), "data-last-sound": name}}}
        )
