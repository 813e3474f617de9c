"""The browser's side of the display settings: turning the board, the keyboard cursor on
a turned board, and the sounds (off until switched on).

Loaded beside static/app.py (pyscript.toml's [files]). What is drawn for a turned board,
where the arrow keys go on it and which sound a change calls for are decided in
archipelago.page (session, cursor, sounds), under CPython tests; this module adds the
buttons and WebAudio.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyscript import window

from archipelago.page.contract import Cursor
from archipelago.page.saved.storage import Storage
from archipelago.page.session import Session
from archipelago.page.view import sounds
from archipelago.page.view.changes import Changes


class PageView(Protocol):
    """What the display settings need of the page (app.Page)."""

    session: Session
    storage: Storage
    commands: dict[str, Callable[..., Any]]
    cursor: Cursor
    hover: str | None

    def save(self) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def render(self) -> None: ...
    def render_overlay(self) -> None: ...
    def leave_history(self, *_: Any) -> None: ...


THEME_KEY = "archipelago.theme"  # index.html reads it too, to paint the first frame in it
THEMES = ("auto", "light", "dark")  # auto: as the system says


class DisplayUI:
    """The Turn and Sound buttons of one page (app.Page), and its sounds."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        self.sound_on = page.storage.sound()
        self.audio: Any = None  # the WebAudio context, made on the first sound
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
        stored = page.storage.read(THEME_KEY)
        self.theme: str = stored if stored in THEMES else "auto"
        self.show_theme()

    # ---------------------------------------------------------------- the theme
    def next_theme(self, *_: Any) -> None:
        """Auto, light, dark, and round again; kept for the next visit."""
        self.theme = THEMES[(THEMES.index(self.theme) + 1) % len(THEMES)]
        self.page.storage.write(THEME_KEY, self.theme)
        self.show_theme()

    def show_theme(self) -> None:
        theme = None if self.theme == "auto" else self.theme  # (None: the attribute goes)
        self.page.apply(
            {"html": {"attrs": {"data-theme": theme}}, "#theme-state": {"text": self.theme}}
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
        page.cursor = session.kit.move_cursor(session.game, page.cursor, key, session.rotation)
        page.hover = None
        page.render_overlay()

    # ---------------------------------------------------------------- sounds
    def toggle_sound(self, *_: Any) -> None:
        self.sound_on = not self.sound_on
        self.page.storage.save_sound(self.sound_on)
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
        context = self.context()
        if context is None:
            return
        now = context.currentTime
        for note in sounds.SOUNDS[name]:
            oscillator, gain = context.createOscillator(), context.createGain()
            oscillator.type = note.wave
            oscillator.frequency.value = note.frequency
            start, end = now + note.start, now + note.start + note.length
            # A quick rise and an exponential fall: no click at either end.
            gain.gain.setValueAtTime(0.0001, start)
            gain.gain.exponentialRampToValueAtTime(note.volume, start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, end)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(start)
            oscillator.stop(end + 0.02)
        self.played += 1
        self.page.apply(
            {"body": {"attrs": {"data-sounds": str(self.played), "data-last-sound": name}}}
        )

    def context(self) -> Any:
        if self.audio is None:
            maker = getattr(window, "AudioContext", None) or getattr(
                window, "webkitAudioContext", None
            )
            if not maker:
                return None  # a browser without WebAudio stays silent
            self.audio = maker.new()
        if str(self.audio.state) == "suspended":
            self.audio.resume()
        return self.audio
