"""The page's input: clicks and taps on the board, the pointer over it, keys, and the
buttons that carry a command (data-command, or data-turn, data-colour, data-move when
Python drew them), turned into what app.Page does.

Loaded beside static/app.py (pyscript.toml's [files]); what a key or a tap means is
decided in archipelago.page.startup, under CPython tests.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document

from archipelago.page import startup
from archipelago.page.kits import Cursor
from archipelago.page.session import Session


def by_id(name: str) -> Any:
    return document.getElementById(name)


class GamesView(Protocol):
    def pick(self, command: str, game_id: str) -> None: ...


class PageView(Protocol):
    """What the input needs of the page (app.Page)."""

    session: Session
    choice: int
    cursor: Cursor
    hover: str | None
    previewed: str | None
    commands: dict[str, Callable[..., Any]]

    @property
    def games(self) -> GamesView: ...

    def play(self, move: str, confirmed: bool = False) -> None: ...
    def pick(self, choice: int) -> None: ...
    def show_turn(self, count: int | None, how: str | None = None) -> None: ...
    def leave_history(self, *_: Any) -> None: ...
    def render_overlay(self) -> None: ...


class InputUI:
    """Where the page's clicks, taps and keys go (one per app.Page)."""

    def __init__(self, page: PageView) -> None:
        self.page = page

    @staticmethod
    def closest(event: Any, selector: str) -> Any:
        # JS null arrives as a false JsNull, not None.
        target = event.target.closest(selector) if event.target.closest else None
        return target or None

    def on_board_click(self, event: Any) -> None:
        cell = self.closest(event, "[data-cell]")
        if cell is None:
            return
        if self.page.session.viewing is not None:
            self.page.leave_history()
            return
        self.page.cursor, name = None, str(cell.getAttribute("data-cell"))
        touch, width = str(event.pointerType or ""), cell.getBoundingClientRect().width
        self.page.hover, self.page.previewed = (
            name,
            startup.tap_preview(touch, width, self.page.previewed, name),
        )
        if self.page.previewed:  # a small cell under a finger: the first tap only previews
            return self.page.render_overlay()
        self.page.play(
            self.page.session.kit.click_move(self.page.session.game, name, self.page.choice)
        )

    def on_board_hover(self, event: Any) -> None:
        cell = self.closest(event, "[data-cell]")
        name = cell.getAttribute("data-cell") if cell else None
        if name != self.page.hover:
            self.page.hover = name
            self.page.render_overlay()

    def on_board_leave(self, _event: Any) -> None:
        self.page.hover = None
        self.page.render_overlay()

    def on_key(self, event: Any) -> None:
        if any(by_id(name).open for name in ("new-game", "share", "confirm", "games", "tutorial")):
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        session = self.page.session
        command = startup.key_command(
            event.key,
            ctrl=bool(event.ctrlKey or event.metaKey),
            alt=bool(event.altKey),
            on_button=tag in ("button", "summary", "a") and event.target.id != "board",
            kit=session.kit,
            session=session,
        )
        if command is not None:
            name, value = command
            self.page.commands[name](value)
            if name != "escape":  # Escape also closes what the browser closes
                event.preventDefault()

    def close_menus(self, event: Any) -> None:
        """A click outside an open menu closes it, and so does a choice in the menu or
        the overflow (the settings stay open: their switches show what they did)."""
        for menu in document.querySelectorAll("details.pop[open]"):
            inside = bool(menu.contains(event.target))
            chosen = inside and self.closest(event, ".pop-body button, .pop-body a") is not None
            if not inside or (chosen and menu.id != "settings-menu"):
                menu.open = False

    def on_command(self, event: Any) -> None:
        """Buttons carry data-command (index.html) or, drawn from Python, data-turn,
        data-colour or data-move."""
        self.close_menus(event)
        button = self.closest(event, "[data-command],[data-turn],[data-colour],[data-move]")
        if button is None:
            return
        command, turn, colour, move = (
            button.getAttribute(f"data-{name}") for name in ("command", "turn", "colour", "move")
        )
        if command in ("continue-game", "delete-game"):
            self.page.games.pick(str(command), str(button.getAttribute("data-game")))
        elif command:
            done = self.page.commands[str(command)]()
            if inspect.iscoroutine(done):  # copying to the clipboard waits for the browser
                asyncio.ensure_future(done)
        elif turn:
            self.page.show_turn(int(turn))
        elif colour:
            self.page.pick(int(colour))
        elif move:
            self.page.play(str(move))
