"""The game on the page: the position, who sits in each seat, undo/redo and the history
view. Any registered game: moves go through the game contract (``push`` / ``pop``), and
what a turn is comes from the game's kit (a turn of Archipelago has several moves).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass
from typing import Any

from ..clock import GameClock
from ..errors import ArchipelagoError
from ..game import Game, Move
from ..i18n import _
from ..levels import LEVELS
from ..lines import record_lines
from ..registry import game_class
from .computers import has_computer
from .contract import Kit
from .kits import kit_for
from .study import Study

NAME_LENGTH = 24
PERSON = 0  # a seat is PERSON or a computer level
# A New game setting only: a person on another device (archipelago.page.saved.distance).
BY_LINK = -1
LINK_ID = re.compile(r"[0-9a-z]{8,32}")  # a game played by link is known by such an id
PLAYER_NUMBER = re.compile(r"\b[Pp]layer ([1-9])\b")  # how the engines name a player


@dataclass(frozen=True)
class Question:
    """A question asked before a move: the move, the moves played when it was asked,
    the question, and the label of the confirm dialog's button that goes ahead ("": asked
    on the message line instead)."""

    move: str
    at: int
    text: str
    go_ahead: str


def default_names(players: int) -> list[str]:
    return [f"Player {p}" for p in range(1, players + 1)]


@dataclass(frozen=True)
class ByLink:
    """A game played at a distance, each player on their own device, the game going back
    and forth in links: its id (the same on every device), the seats played on this
    device, and how many moves came in the last link (they cannot be taken back here)."""

    game_id: str
    mine: tuple[int, ...] = ()
    received: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.game_id, "mine": list(self.mine), "received": self.received}

    @classmethod
    def from_json(cls, value: Any, players: int) -> ByLink | None:
        """The stored or linked value, None when it is missing or not of that shape.
        A link carries the id only: its seats on this device are chosen on opening."""
        if not isinstance(value, dict):
            return None
        game_id, mine, received = value.get("id"), value.get("mine", []), value.get("received", 0)
        if not (isinstance(game_id, str) and LINK_ID.fullmatch(game_id)):
            return None
        if not (isinstance(mine, list) and all(_seat(s, players) for s in mine)):
            return None
        if not (_whole(received) and received >= 0):
            return None
        return cls(game_id, tuple(sorted(set(mine))), received)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, players: int) -> bool:
    return _whole(value) and 1 <= value <= players


class Session:
    """One game with its names and seats, what can be redone, the turn being viewed, and
    its side lines and notes (``study.Study``)."""

    def __init__(
        self,
        game: Game,
        names: Sequence[str] | None = None,
        seats: Sequence[int] | None = None,
        by_link: ByLink | None = None,
    ) -> None:
        self.game = game
        self.kit: Kit = kit_for(game.name)
        players = game.player_count
        chosen = [str(n).strip()[:NAME_LENGTH] for n in (names or [])][:players]
        self.names = chosen + default_names(players)[len(chosen) :]
        self.names = [n or f"Player {i + 1}" for i, n in enumerate(self.names)]
        # A seat is PERSON or a computer level; anything else is taken for a person.
        self.seats = [s if s in LEVELS else PERSON for s in (seats or [])][:players]
        self.seats += [PERSON] * (players - len(self.seats))
        if any(self.seats) and not has_computer(game.name):
            self.seats = [PERSON] * players  # no computer plays this game (yet)
        self.redo_moves: list[Move] = []  # the last one taken back is at the end
        self.viewing: int | None = None  # the finished turn shown from history, or None
        self.past: Game | None = None
        # The question asked before a move (a pass that ends the game, resigning), until
        # it is answered or another move is made.
        self.asking: Question | None = None
        self.by_link = by_link  # a game played by link: its id, and the seats played here
        if by_link is not None:
            self.seats = [PERSON] * players  # people only, each on their own device
        # How far the board is turned, in steps of 60 degrees clockwise (kept per game).
        self.rotation = 0
        # The computer's analysis of the turns (archipelago.analysis.stored's data), kept
        # with the stored game and in saved files, never in links.
        self.analysis: dict[str, Any] | None = None
        # The game-over card was put away (Review): it comes back when the game changes.
        self.result_closed = False
        self.study = Study(self)  # its side lines and notes
        self.clock: GameClock | None = None  # its clocks (archipelago.clock), if any
        self.help_refused = ""  # why Hint and Analyse are refused (puzzles.mode), or ""

    # ------------------------------------------------------------------ questions
    @property
    def shown(self) -> Game:
        """The position on the board: the game, or a past one from the history."""
        return self.past if self.past is not None else self.game

    def seat_of(self, player: int | None) -> int:
        """The computer level of ``player``'s seat, PERSON for a person (or no player)."""
        if player is None or not 1 <= player <= len(self.seats):
            return PERSON
        return self.seats[player - 1]

    @property
    def computer_to_move(self) -> int:
        """The level of the computer to move, or PERSON."""
        return PERSON if self.game.is_over else self.seat_of(self.game.to_move)

    @property
    def has_computers(self) -> bool:
        return any(self.seats)

    @property
    def can_undo(self) -> bool:
        return bool(self.game.history_codes())

    @property
    def can_take_back(self) -> bool:
        """Whether Undo has a move: by link, only those made here since the last link."""
        floor = self.by_link.received if self.by_link is not None else 0
        return len(self.game.history_codes()) > floor

    @property
    def waiting_for_link(self) -> bool:
        """A game played by link whose player to move plays on another device."""
        mover = self.game.to_move
        return self.by_link is not None and mover is not None and mover not in self.by_link.mine

    @property
    def person_here_to_move(self) -> bool:
        """Whether a person at this device is to move: the page's move buttons are live."""
        return not (self.computer_to_move or self.waiting_for_link)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_moves)

    def name_of(self, player: int) -> str:
        return self.names[player - 1]

    @property
    def turn_key(self) -> tuple[int, int | None]:
        """Which turn is under way on the board (the game's, or a reviewed position's or a
        side line's), as (finished turns, the player to move): a new value means a new
        turn has begun (or one was taken back, or another position is shown)."""
        return self.kit.finished_turns(self.shown), self.shown.to_move

    def turn_choice(self, current: int) -> int:
        """What a click plays as a turn begins: the mover's own on the board shown
        (Archipelago's colour n is player n's); after the end, ``current`` as far as it
        is still in play."""
        mover = self.shown.to_move
        return mover if mover else min(current, self.shown.player_count)

    # ------------------------------------------------------------------ moves
    def push(self, move: Move | str) -> Move:
        """Play a move; anything that can be redone is dropped. A refused move raises the
        engine's error and changes nothing."""
        self.leave_history()
        played = self.game.push(move)
        self.redo_moves.clear()
        self.study.game_moved()
        self.result_closed = False
        return played

    def undo(self) -> Move:
        """Take back the last move and return it (it can be redone)."""
        self.leave_history()
        if not self.can_take_back:
            raise IndexError("nothing to undo")
        move = self.game.pop()
        self.redo_moves.append(move)
        self.study.game_moved()
        self.result_closed = False
        return move

    def redo(self) -> Move:
        """Play again the last move taken back; IndexError when there is none."""
        self.leave_history()
        if not self.redo_moves:
            raise IndexError("nothing to redo")
        move = self.game.push(self.redo_moves[-1])
        self.redo_moves.pop()
        self.study.game_moved()
        return move

    def undo_turn(self) -> list[Move]:
        """Take back the moves of the turn in progress, or else the whole previous turn.
        With people and computers at the table, the computers' turns go too, back to the
        last turn a person played. Returns the moves taken back, the last first."""
        kit, game, taken = self.kit, self.game, []
        while self.can_take_back:
            if not kit.turn_started(game):
                taken.append(self.undo())  # the move that finished the previous turn
            while kit.turn_started(game) and self.can_take_back:
                taken.append(self.undo())
            people_and_computers = PERSON in self.seats and self.has_computers
            if not (people_and_computers and self.computer_to_move):
                break
        return taken

    def redo_turn(self) -> list[Move]:
        """Play again the moves up to the end of the next turn."""
        turns = self.kit.finished_turns(self.game)
        done = []
        while self.redo_moves and self.kit.finished_turns(self.game) == turns:
            done.append(self.redo())
        return done

    # ------------------------------------------------------------------ for the page's buttons
    def person_move(self, move: str) -> str:
        """A move made on the page: "" once played, else what to tell the player, and
        nothing changed: why the move is refused, or the question asked before it
        (``asking``, see ``question``)."""
        return self._move(move, confirmed=False)

    def confirm(self) -> str | None:
        """The confirm dialog's go-ahead: the move asked about is played (what
        ``person_move`` says of it); None when nothing is asked."""
        asked = self.asking
        return None if asked is None else self._move(asked.move, confirmed=True)

    def decline(self) -> None:
        """The confirm dialog's No: the move asked about is not played."""
        self.asking = None

    def _move(self, move: str, confirmed: bool) -> str:
        trying = self.viewing is not None  # a move at a reviewed position tries a side line
        if self.waiting_for_link and not trying:
            name = self.name_of(self.game.to_move or 0)
            return _(
                "It is {name}'s turn, played on their own device: send them the link "
                "(Send your turn) and wait for theirs to come back."
            ).format(name=name)
        if self.computer_to_move and not trying:
            name = self.name_of(self.game.to_move or 0)
            return _(
                "It is {name}'s turn, and a computer plays that seat. Wait for it, "
                "press Stop to make it play at once, or Undo."
            ).format(name=name)
        moves = len(self.shown.history_codes())
        asked = self.asking
        again = asked is not None and not asked.go_ahead and (asked.move, asked.at) == (move, moves)
        if not (confirmed or again):
            question = self.question(move)
            if question is not None:
                self.asking = Question(move, moves, *question)
                return question[0]
        self.asking = None
        if trying:
            return self.study.try_move(move)
        try:
            self.push(move)
        except ArchipelagoError as error:
            words = self.named(str(error))
            first = words.split(" ", 1)[0]
            if any(c.isdigit() for c in first):  # a cell or a move ("a2 holds ...") keeps its case
                return words + "."
            return words[:1].upper() + words[1:] + "."
        return ""

    def named(self, words: str) -> str:
        """The engine's words with each "player N" given its name (the page knows them)."""

        def name(found: re.Match[str]) -> str:
            number = int(found.group(1))
            return self.name_of(number) if 1 <= number <= len(self.names) else found.group(0)

        return PLAYER_NUMBER.sub(name, words)

    def question(self, move: str) -> tuple[str, str] | None:
        """What the page asks before ``move``, as (question, label of the button that
        goes ahead), else None. The kit's question (resigning; a game's own ending pass,
        where a game has one) is answered in the confirm dialog; the page's own, before any pass
        that would end the game, on the message line (no label): the same move again in
        the same position goes ahead."""
        if self.viewing is not None:  # a side line's turn asks what the game's would
            return self.kit.confirm_question(self.study.trial, move)
        kit_question = self.kit.confirm_question(self, move)
        if kit_question is not None:
            return kit_question
        if self.ends_by_passing(move):
            return _("Passing now ends the game. Press Pass again to end it, or play on."), ""
        return None

    def ends_by_passing(self, move: str) -> bool:
        """Whether ``move`` is a pass that would end the game."""
        passes = {a.move for a in self.kit.actions(self, True) if a.id == "pass"}
        if move not in passes or self.game.is_over:
            return False
        trial = self.game.clone()
        try:
            trial.push(move)
        except ArchipelagoError:
            return False
        return trial.is_over

    def take_back(self, how: str) -> str:
        """ "undo", "redo", "undo-turn" or "redo-turn": "" once done, else why not."""
        action = {
            "undo": self.undo,
            "redo": self.redo,
            "undo-turn": self.undo_turn,
            "redo-turn": self.redo_turn,
        }[how]
        try:
            done = action()
        except (ArchipelagoError, IndexError):
            done = None
        if done:
            return ""
        if how.startswith("redo"):
            return _("Nothing to redo.")
        if self.can_undo and self.by_link is not None:
            return _(
                "The moves before yours came by link from the other player: they cannot be "
                "taken back here."
            )
        return _("Nothing to undo.")

    # ------------------------------------------------------------------ history view
    def show_turn(self, count: int) -> None:
        """Show the position after ``count`` finished turns (the game itself once that is
        the last one and no turn is under way)."""
        game, kit = self.game, self.kit
        self.study.line = None
        finished = kit.finished_turns(game)
        if not 0 <= count < finished and not (count == finished and kit.turn_started(game)):
            self.leave_history()
            return
        view = game.clone()
        while kit.finished_turns(view) > count or kit.turn_started(view):
            view.pop()
        self.past = view
        self.viewing = count

    def review(self, how: str) -> None:
        """Step through the history like a game site: "back", "forward", "start" (the
        empty board) or "end" (the game itself). Stepping forward past the latest past
        position returns to the game."""
        if self.study.step_line(how):
            return
        how = {"up": "back", "down": "forward"}.get(how, how)
        kit, game = self.kit, self.game
        latest = kit.finished_turns(game) - (0 if kit.turn_started(game) else 1)
        at = latest + 1 if self.viewing is None else self.viewing
        target = {"back": max(at - 1, 0), "forward": at + 1, "start": 0}.get(how, latest + 1)
        if target > latest:
            self.leave_history()
        else:
            self.show_turn(target)

    def leave_history(self) -> None:
        self.viewing = None
        self.past = None
        self.study.line = None
        self.study.trying = False

    # ------------------------------------------------------------------ saving
    def payload(self) -> dict[str, Any]:
        """The game's record with the page's names and, when any, computer seats."""
        payload = self.game.to_record()
        payload["names"] = list(self.names)
        if self.has_computers:
            payload["seats"] = list(self.seats)
        if self.by_link is not None:
            payload["by_link"] = self.by_link.to_json()
        if self.rotation:
            payload["rotation"] = self.rotation
        if self.analysis is not None:
            payload["analysis"] = self.analysis
        payload.update(record_lines(self.study.tree))
        payload.update({"clock": self.clock.to_json()} if self.clock else {})
        return payload

    def rematch(self) -> Session:
        """A new game with the same rules, board and players, each one seat on (the board
        turned as this one is): as a game site swaps colours, whoever played second now
        opens, and a computer keeps its level with its player. A game played by link
        starts again as a game at this screen."""
        record = self.game.to_record()
        record["turns"] = []
        record.pop("current", None)
        names, seats = self.names[1:] + self.names[:1], self.seats[1:] + self.seats[:1]
        again = Session(type(self.game).from_record(record), names, seats)
        again.rotation, again.clock = self.rotation, self.clock and self.clock.restarted()
        return again

    def __copy__(self) -> Session:
        """A copy of the view (the game and its lines shared), with a study of its own."""
        twin = object.__new__(Session)
        twin.__dict__.update(self.__dict__)
        twin.study = copy(self.study)
        twin.study.session = twin
        return twin

    def turn_board(self, steps: int = 1) -> None:
        """Turn the board by ``steps`` of 60 degrees clockwise (the display only)."""
        self.rotation = (self.rotation + steps) % 6

    @classmethod
    def new(
        cls,
        name: str,
        options: dict[str, Any],
        names: Sequence[str],
        seats: Sequence[int],
        by_link: ByLink | None = None,
    ) -> Session:
        """A new game of ``name`` set up by the kit from the page's options."""
        game_class(name)  # an unknown name fails here, with the registry's message
        return cls(kit_for(name).new_game(options), names, seats, by_link)
