"""The command box (``input#command``): a line of text read as a command and run the way
the page's own clicks and keys run it, its answer said in the page's announcement
(``announcer``).

A move is typed as the moves list writes it (``1e5``, ``e5x``, ``play-second``, a number;
several moves of one turn in one line, ``2c3,1d4``) and is played exactly as a click
plays it: the same checks, the same questions, the same messages. The other commands
(``COMMANDS``) are words in the page's language, the English ones understood in every
language; ``help`` lists them. The board keys that read a line or jump to a stone
(``input.keys``) answer here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import NotationError
from ..hexsvg import rotation_map
from ..i18n import N_, _
from . import speech
from .announcer import Announcer
from .contract import Spoken
from .input.aim import Aim
from .session import Session

# The command words, by what they do: the English word is understood in every language.
COMMANDS = {
    # Translators: a command typed in the command box (lower case, as typed); the English
    # word works too
    "help": N_("help"),
    "end turn": N_("end turn"),
    "pass": N_("pass"),
    "undo": N_("undo"),
    "redo": N_("redo"),
    "resign": N_("resign"),
    "last": N_("last"),
    "score": N_("score"),
    "cell": N_("cell"),
    "line": N_("line"),
    "rays": N_("rays"),
    "stones": N_("stones"),
    "islands": N_("islands"),
}
# What ``help`` says of each (the command words filled in, in the page's language).
HELP = N_(
    "Type a move as the moves list writes it, or: {end_turn}, {pass_}, {undo}, {redo}, "
    "{resign}; {last} (the last turn); {score}; {cell} e5 (what is there, and the board's "
    "cursor goes there); {line} e5 (the three lines through it); {rays} e5 (the first stone "
    "in each direction); {stones} and a name; {islands} and a name. On the board: L, K "
    "and J read the row and the two diagonals of the cursor's cell, N and Shift+N go to the "
    "next and the previous stone of the colour picked, O to the next stone of another; "
    "the slash key comes back here."
)
WITH_CELL = ("cell", "line", "rays")
WITH_PLAYER = ("stones", "islands")
WORDS_PLAYED = {"end turn": "end-turn", "pass": "pass"}  # the action bar's buttons by id


class Page(Protocol):
    """What the command box uses of the page (controller.PageController)."""

    session: Session
    aim: Aim
    voice: Announcer

    def after_move(self, problem: str) -> None: ...
    def focus(self, element_id: str) -> None: ...
    def take_back(self, how: str) -> None: ...
    def render_overlay(self) -> None: ...


def command_words() -> dict[str, str]:
    """Every word a command may start with (English and the page's language) -> its
    command."""
    words = {english: english for english in COMMANDS}
    words.update({_(word).casefold(): english for english, word in COMMANDS.items()})
    return words


def parse(text: str) -> tuple[str, str]:
    """(command, what follows it), or ("move", the text) for anything else."""
    line = " ".join(text.split())
    folded = line.casefold()
    for word, command in sorted(command_words().items(), key=lambda item: -len(item[0])):
        if folded == word or folded.startswith(word + " "):
            return command, line[len(word) :].strip()
    return "move", line


def help_words() -> str:
    fields = {key.replace(" ", "_"): _(word) for key, word in COMMANDS.items()}
    fields["pass_"] = fields.pop("pass")
    return _(HELP).format(**fields)


class CommandLine:
    """The command box of one page."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def commands(self) -> dict[str, Callable[..., Any]]:
        """The board keys' commands (``input.keys.READING_KEYS``), by name."""
        return {
            "command-box": lambda *_: self.page.focus("command"),
            "read-axis": self.read_axis,
            "next-stone": self.next_stone,
        }

    def say(self, text: str) -> None:
        self.page.voice.say(text)

    @property
    def spoken(self) -> Spoken | None:
        return self.page.session.kit.spoken

    def names(self) -> list[str]:
        return list(self.page.session.names)

    def run(self, text: str) -> None:
        """Run one line typed in the command box, and say its answer."""
        command, rest = parse(text)
        if command == "move" and not rest:
            self.say(_("Type a command, or help."))
            return
        spoken = self.spoken
        if command in WITH_CELL + WITH_PLAYER + ("last", "score") and spoken is None:
            title = _(self.page.session.kit.title)
            self.say(_("{game} cannot be read aloud yet.").format(game=title))
            return
        if command in WITH_CELL:
            self.about_cell(command, rest)
        elif command in WITH_PLAYER:
            self.about_player(command, rest)
        elif command in ("undo", "redo"):
            self.take_back(command)
        elif command in WORDS_PLAYED:
            self.button(command)
        elif command == "resign":
            self.play("resign")
        elif command == "move":
            self.moves(rest)
        else:
            {"help": self.help, "last": self.last, "score": self.score}[command]()

    def help(self) -> None:
        self.say(help_words())

    # ------------------------------------------------------------ moves
    def play(self, move: str, last: bool = True) -> str:
        """Play ``move`` as a click plays it; what the player is told ("" once played).
        A stone of a turn under way is said only when it is the ``last`` of the line."""
        page = self.page
        problem = page.session.person_move(move)
        asked = page.session.asking
        page.after_move(problem)  # the same path as a click: messages, dialogs, redraw
        if problem:
            self.say(problem)
        elif asked is None and last:
            self.placed(move)
        return problem

    def placed(self, move: str) -> None:
        """A stone of a turn still under way: said with what is left of the turn (a
        finished turn is said by the announcer, with the score)."""
        session = self.page.session
        pips = session.kit.turn_pips(session)
        if session.viewing is not None:
            self.say(_("Tried {move} in a side line.").format(move=move))
        elif pips is not None and pips.placed:
            self.say(
                _("{move} placed: {left} of {n} left this turn.").format(
                    move=move, left=pips.allowance - pips.placed, n=pips.allowance
                )
            )

    def moves(self, text: str) -> None:
        """One move, or a whole turn of them (commas or spaces between), played one by
        one until one is refused."""
        moves = [part for part in re.split(r"[,\s]+", text) if part]
        for number, move in enumerate(moves, start=1):
            if self.play(move, number == len(moves)) or self.page.session.asking is not None:
                return

    def button(self, word: str) -> None:
        """End turn or Pass: the action bar's button of that id, as pressing it."""
        session = self.page.session
        wanted = WORDS_PLAYED[word]
        action = next((a for a in session.kit.actions(session, True) if a.id == wanted), None)
        if action is None:
            self.say(_("{game} has no {word}.").format(game=_(session.kit.title), word=_(word)))
            return
        self.play(action.move)

    def take_back(self, how: str) -> None:
        session = self.page.session
        before = len(session.game.history_codes())
        self.page.take_back(how)
        if len(session.game.history_codes()) == before:
            return  # the page said why (nothing to take back, or back from the history)
        spoken = session.kit.spoken
        done = _("Taken back.") if how == "undo" else _("Played again.")
        if spoken is not None:
            done = f"{done} {spoken.score_words(session.game, self.names())}"
        self.say(done)

    # ------------------------------------------------------------ reading
    def last(self) -> None:
        session, spoken = self.page.session, self.spoken
        assert spoken is not None
        turns = session.kit.turns(session.game)
        if not turns:
            self.say(_("No turn has been played yet."))
            return
        player, text = turns[-1]
        before = session.game.clone()
        while session.kit.finished_turns(before) >= len(turns):
            before.pop()
        names = self.names()
        self.say(
            _("{turn}. The score was {before}; it is {after}.").format(
                turn=spoken.turn_said(session.game, names, player, text),
                before=spoken.score_brief(before, names),
                after=spoken.score_brief(session.game, names),
            )
        )

    def score(self) -> None:
        session, spoken = self.page.session, self.spoken
        assert spoken is not None
        text = spoken.score_words(session.shown, self.names())
        if session.viewing is not None:
            text = _("At turn {turn}: {text}").format(turn=session.viewing, text=text)
        self.say(text)

    def cell_of(self, word: str) -> int | None:
        spoken = self.spoken
        assert spoken is not None
        board = spoken.board_of(self.page.session.shown)
        try:
            return board.index(word) if word else None
        except NotationError:
            return None

    def about_cell(self, command: str, word: str) -> None:
        session, spoken = self.page.session, self.spoken
        assert spoken is not None
        cell = self.cell_of(word)
        if cell is None:
            board = spoken.board_of(session.shown)
            self.say(
                _("Name a cell of the board after {command}, as in {command} {example}.").format(
                    command=_(COMMANDS[command]), example=board.names[len(board.names) // 2]
                )
            )
            return
        game, names = session.shown, self.names()
        if command == "cell":
            self.cursor_to(cell)
            self.say(spoken.cell_words(game, names, cell))
        elif command == "line":
            self.say(speech.lines_words(spoken, game, names, cell))
        else:
            self.say(spoken.rays_words(game, names, cell))

    def about_player(self, command: str, word: str) -> None:
        session, spoken = self.page.session, self.spoken
        assert spoken is not None
        player = speech.player_named(word, session.names)
        if player is None:
            self.say(
                _("Name a player after {command}: {names}.").format(
                    command=_(COMMANDS[command]), names=", ".join(session.names)
                )
            )
            return
        said = spoken.stones_words if command == "stones" else spoken.islands_words
        self.say(said(session.shown, self.names(), player))

    # ------------------------------------------------------------ the board's keys
    def cursor_to(self, cell: int) -> None:
        """The board's keyboard cursor (its active cell) onto ``cell``."""
        session, page = self.page.session, self.page
        spoken = self.spoken
        assert spoken is not None
        board = spoken.board_of(session.shown)
        place = rotation_map(board, session.rotation % 6)[cell] if session.rotation % 6 else cell
        page.aim.to_cursor((board.names[cell], board.center(place)[0]))
        page.render_overlay()

    def cursor_cell(self) -> int | None:
        cursor, spoken = self.page.aim.cursor, self.spoken
        if cursor is None or spoken is None:
            return None
        return spoken.board_of(self.page.session.shown).index(cursor[0])

    def read_axis(self, axis: Any) -> None:
        """Keys L, K, J: the row, or a diagonal, through the cursor's cell."""
        cell, spoken = self.cursor_cell(), self.spoken
        if spoken is None:
            return
        if cell is None:
            self.say(_("Move the board's cursor to a cell first (the arrow keys)."))
            return
        session = self.page.session
        self.say(speech.axis_words(spoken, session.shown, self.names(), cell, int(axis)))

    def next_stone(self, how: Any) -> None:
        """Keys N, Shift+N, O: the cursor to the next stone (in the board's reading
        order, from the cursor) of the colour picked, the previous one, or the next stone
        of another colour."""
        session, spoken = self.page.session, self.spoken
        if spoken is None:
            return
        game = session.shown
        board = spoken.board_of(game)
        owners = session.kit.board_owners(game)
        if owners is None:
            return
        colour, stones = self.page.aim.choice, owners[1]
        other = how == "other"
        cells = [c for c in reading_order(board) if stones[c] and (stones[c] == colour) != other]
        if not cells:
            self.say(_("No such stone on the board."))
            return
        here = self.cursor_cell()
        order = reading_order(board)
        at = -1 if here is None else order.index(here)
        if how == "previous":
            earlier = [c for c in cells if order.index(c) < at]
            target = earlier[-1] if earlier else cells[-1]
        else:
            later = [c for c in cells if order.index(c) > at]
            target = later[0] if later else cells[0]
        self.cursor_to(target)
        self.say(spoken.cell_words(game, self.names(), target))


def reading_order(board: Any) -> list[int]:
    """The cells as the board's grid lists them: the top row first, left to right."""
    return [cell for row in reversed(board.rows) for cell in row]
