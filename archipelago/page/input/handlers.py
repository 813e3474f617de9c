"""The page's input: clicks and taps on the board, the pointer over it, keys, the buttons
that carry a command (data-command, or data-turn, data-colour, data-move when Python
drew them) and the game's own forms, turned into what the controller does.

Each handler reads index.html's description of its event (``events.PageEvent``), never
the browser's event; what a key or a tap means is decided in ``keys``.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable

from ..club.desk import Desk
from ..commandline import CommandLine
from ..controller import PageController
from ..view.model import result_shown
from . import keys
from .commands import page_commands
from .events import PageEvent
from .lesson import LessonDialog


class PageInput:
    """Where the page's clicks, taps and keys go (one per controller). ``ends_gesture``
    says whether a click on the board ends a pinch or a pan (view.board_zoom): that click
    is no tap. ``games_changed`` draws the Games dialog's list again (static/page/
    games_ui.py) after its Continue or Delete (decided by ``saved.keeper``)."""

    def __init__(
        self,
        page: PageController,
        ends_gesture: Callable[[PageEvent], bool],
        games_changed: Callable[[], None],
    ) -> None:
        self.page = page
        self.ends_gesture = ends_gesture
        self.games_changed = games_changed
        self.lesson = LessonDialog(page)  # How to play
        self.club = Desk(page)  # the tournament table
        page.commands.update(page_commands(page))
        self.command_line = CommandLine(page)  # the command box, and the reading keys
        page.commands.update(self.command_line.commands())

    def on_board_click(self, event: PageEvent) -> None:
        page, cell = self.page, event.cell
        page.aim.felt(event.pointer_type)
        if result_shown(page.session) and not self.ends_gesture(event):
            page.close_result()  # a tap beside the game-over card puts it away
            return
        if cell is None or cell.board != "board" or self.ends_gesture(event):
            return
        if keys.tap_returns(page.session, event.pointer_type):  # else it tries a move
            page.leave_history()
            return
        if page.aim.tap(cell.name, event.pointer_type, cell.width):
            page.render_overlay()  # a small cell under a finger: the first tap previews
            return
        page.play(page.session.kit.click_move(page.session.shown, cell.name, page.aim.choice))

    def on_board_focus(self, event: PageEvent) -> None:
        """The board (an ARIA grid whose focus stays on it) shows its keyboard cursor, its
        active cell, as soon as it has the keyboard focus."""
        page = self.page
        if event.target.focus_visible and page.aim.cursor is None and page.session.viewing is None:
            page.display.move_cursor()  # the cursor as the board is seen

    def on_board_hover(self, event: PageEvent) -> None:
        if self.page.aim.point(event.cell.name if event.cell is not None else None):
            self.page.render_overlay()

    def on_board_leave(self, _event: PageEvent) -> None:
        self.page.aim.point(None)
        self.page.render_overlay()

    def on_key(self, event: PageEvent) -> None:
        # (index.html cancels the browser's own action for the keys taken here)
        if event.dialog_open or event.key is None:
            return
        tag = event.target.tag
        if tag in ("input", "select", "textarea"):
            return
        session = self.page.session
        command = keys.key_command(
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

    def on_click(self, event: PageEvent) -> None:
        """Every click of the page (one listener: one message into Python): How to play's,
        then the buttons'."""
        self.lesson.on_click(event)
        self.on_command(event)

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
            if self.page.keeper.pick(str(command), str(button.get("game", ""))):
                self.games_changed()
        elif command == "puzzle-theme":
            self.page.puzzles.choose_theme(str(button.get("theme", "")))
        elif command:  # a button's data-value, if any, says which (the tournament's Play)
            value = button.get("value")
            done = self.page.commands[str(command)](*([value] if value is not None else []))
            if inspect.iscoroutine(done):  # copying to the clipboard waits for the browser
                asyncio.ensure_future(done)
        elif turn and button.get("line"):
            self.page.show_line_turn(int(button["line"]), int(turn))
        elif turn:
            self.page.show_turn(int(turn))
        elif colour:
            self.page.pick(int(colour))
        elif move:
            self.page.play(str(move))

    def on_move_form(self, event: PageEvent) -> None:
        """A form among the game's own controls (a komi to propose, say) plays what it
        holds (index.html keeps the browser from sending it)."""
        if event.move_form:
            self.page.play_form({name: str(value) for name, value in event.fields.items()})

    def on_note_form(self, event: PageEvent) -> None:
        """The Note field's Save (index.html keeps the browser from sending the form)."""
        self.page.write_note(str(event.fields.get("note", "")))

    def on_command_line(self, event: PageEvent) -> None:
        """The command box's Enter: its line is run, and the box emptied for the next."""
        self.page.apply({"#command": {"value": ""}})
        self.command_line.run(str(event.fields.get("command", "")))

    def on_game_switch(self, event: PageEvent) -> None:
        """The header's game switcher."""
        self.page.switch_game(event.target.value)
