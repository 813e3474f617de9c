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

from archipelago.page.contract import Cursor
from archipelago.page.events import PageEvent
from archipelago.page.input import key_command, tap_preview
from archipelago.page.session import Session


class GamesView(Protocol):
    def pick(self, command: str, game_id: str) -> None: ...


class BoardView(Protocol):
    def ends_gesture(self, event: PageEvent) -> bool: ...


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
    @property
    def board_ui(self) -> BoardView: ...

    def play(self, move: str, confirmed: bool = False) -> None: ...
    def pick(self, choice: int) -> None: ...
    def show_turn(self, count: int | None, how: str | None = None) -> None: ...
    def leave_history(self, *_: Any) -> None: ...
    def render_overlay(self) -> None: ...


class InputUI:
    """Where the page's clicks, taps and keys go (one per app.Page). Each handler reads
    the event's description (archipelago.page.events), not the browser's event."""

    def __init__(self, page: PageView) -> None:
        self.page = page

    def on_board_click(self, event: PageEvent) -> None:
        cell = event.cell
        if cell is None or cell.board != "board" or self.page.board_ui.ends_gesture(event):
            return
        if self.page.session.viewing is not None:
            self.page.leave_history()
            return
        self.page.cursor, name = None, cell.name
        self.page.hover, self.page.previewed = (
            name,
            tap_preview(event.pointer_type, cell.width, self.page.previewed, name),
        )
        if self.page.previewed:  # a small cell under a finger: the first tap only previews
            return self.page.render_overlay()
        self.page.play(
            self.page.session.kit.click_move(self.page.session.game, name, self.page.choice)
        )

    def on_board_hover(self, event: PageEvent) -> None:
        name = event.cell.name if event.cell is not None else None
        if name != self.page.hover:
            self.page.hover = name
            self.page.render_overlay()

    def on_board_leave(self, _event: PageEvent) -> None:
        self.page.hover = None
        self.page.render_overlay()

    def on_key(self, event: PageEvent) -> None:
        # (index.html cancels the browser's own action for the keys taken here)
        if event.dialog_open or event.key is None:
            return
        tag = event.target.tag
        if tag in ("input", "select", "textarea"):
            return
        session = self.page.session
        command = key_command(
            event.key,
            ctrl=event.ctrl,
            alt=event.alt,
            on_button=tag in ("button", "summary", "a") and event.target.id != "board",
            kit=session.kit,
            session=session,
        )
        if command is not None:
            name, value = command
            self.page.commands[name](value)

    def on_command(self, event: PageEvent) -> None:
        """Buttons carry data-command (index.html) or, drawn from Python, data-turn,
        data-colour or data-move. (index.html closes the menus a click leaves.)"""
        button = event.button
        if button is None:
            return
        command, turn, colour, move = (
            button.get(name) for name in ("command", "turn", "colour", "move")
        )
        if command in ("continue-game", "delete-game"):
            self.page.games.pick(str(command), str(button.get("game", "")))
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
