"""Studying the game on the page: side lines ("what if I had played there?") and notes.

From a reviewed position (in review, at the end of a finished game, or while a game
against the computer waits) a turn other than the game's starts a side line instead of
changing the game (``try_move``); the arrows step along the line followed, up and down
switch between the lines through a position, a line can become the main line (the game
itself) or be deleted, and any turn of any line can carry a note. The lines and notes
are ``archipelago.lines``' tree, kept with the game (``Session.payload``). The position
reviewed is shown to the game's kit as a game in play (``Trial``), so that its move
buttons and colours are that turn's, and a stone of a turn under way there can be taken
back (``take_back``).

``Study`` is held by ``session.Session`` (``session.study``): it reads and sets the
session's game and its history view (``viewing``, ``past``).
"""

from __future__ import annotations

from typing import Any, Protocol

from ..errors import ArchipelagoError
from ..game import Game
from ..i18n import N_, _
from ..lines import LineTree, Path
from .contract import Kit

NOT_THE_GAME = N_("This is the game's own position: go back to the game to play on.")
BY_LINK = N_("A game played by link keeps its own moves: a side line cannot become the game here.")


def turns_of(game: Game) -> Path:
    """The game's finished turns as its record writes them (the tree's turn texts)."""
    turns = game.to_record().get("turns", [])
    return tuple(str(turn) for turn in turns) if isinstance(turns, list) else ()


def setup_record(game: Game) -> dict[str, Any]:
    """The game's record without its turns: its rules, board and players."""
    record = game.to_record()
    record.pop("turns", None)
    record.pop("current", None)
    return record


def played_along(game: Game, path: Path) -> Game:
    """A game set up as ``game`` is, with the turns of ``path`` played."""
    return type(game).from_record({**setup_record(game), "turns": list(path)})


class Studied(Protocol):
    """What the study reads and sets of its session (``session.Session``)."""

    game: Game
    past: Game | None  # the position reviewed, None when the game itself is shown
    viewing: int | None
    by_link: Any
    analysis: dict[str, Any] | None
    kit: Kit
    names: list[str]
    rotation: int

    def show_turn(self, count: int) -> None: ...


class Trial:
    """The position reviewed as the game's kit sees a game in play (``SessionView``): a
    move there is tried for its mover, by whoever sits at this screen, so that End turn,
    Pass and the colours speak of that turn (its mover, its stones left) and ask what they
    ask in the game, not of the game's own turn."""

    viewing: int | None = None
    computer_to_move = 0
    person_here_to_move = True

    def __init__(self, session: Studied) -> None:
        self.game = session.past if session.past is not None else session.game
        self.names, self.rotation = session.names, session.rotation

    @property
    def shown(self) -> Game:
        return self.game

    def seat_of(self, player: int | None) -> int:
        return 0  # a person tries every seat's moves

    def name_of(self, player: int) -> str:
        return self.names[player - 1]


class Study:
    """The side lines and notes of the session's game, and the line being followed."""

    def __init__(self, session: Studied) -> None:
        self.session = session
        self.tree = LineTree(turns_of(session.game))
        # The side line followed while reviewing, as the path to its last turn (None:
        # the main line); the arrows step along it.
        self.line: Path | None = None
        self.trying = False  # a phone's "Try a move here": taps in review play
        # The analysis of side lines, by line: kept while the page is open, never stored.
        self.line_analysis: dict[Path, dict[str, Any]] = {}
        self._studied: tuple[Path, Game] | None = None

    # ------------------------------------------------------------------ where we are
    def game_moved(self) -> None:
        """The game itself changed: its turns are the main line."""
        self.tree.set_main(turns_of(self.session.game))

    @property
    def followed(self) -> Path:
        """The line followed: the side line being reviewed, else the main line."""
        return self.line if self.line is not None else self.tree.main_line()

    def place(self) -> Path:
        """The turns that lead to the position shown."""
        if self.session.viewing is None:
            return turns_of(self.session.game)
        return self.followed[: self.session.viewing]

    @property
    def on_side_line(self) -> bool:
        return self.line is not None and self.session.viewing is not None

    @property
    def studied(self) -> Game:
        """The game along the line followed: the game itself on the main line."""
        if not self.on_side_line:
            return self.session.game
        line = self.followed
        if self._studied is None or self._studied[0] != line:  # one replay per line shown
            self._studied = (line, played_along(self.session.game, line))
        return self._studied[1]

    @property
    def study_analysis(self) -> dict[str, Any] | None:
        """The analysis of the line followed (the game's own is ``analysis``)."""
        return self.line_analysis.get(self.followed) if self.on_side_line else self.session.analysis

    def keep_study_analysis(self, data: dict[str, Any]) -> None:
        if self.on_side_line:
            self.line_analysis[self.followed] = data
        else:
            self.session.analysis = data

    def note_here(self) -> str:
        return self.tree.note(self.place())

    # ------------------------------------------------------------------ trying moves
    @property
    def can_try(self) -> bool:
        """Whether a move at the position reviewed would be tried in a side line (not at
        the game's own last position, which is the game's to play, nor after an end)."""
        session = self.session
        shown = session.past if session.past is not None else session.game
        if session.viewing is None or shown.is_over:
            return False
        return self.place() != self.tree.main_line()

    @property
    def trial(self) -> Trial:
        return Trial(self.session)

    @property
    def turn_under_way(self) -> bool:
        """Whether a turn of several moves is under way at the position reviewed (its
        stones shown pending until the turn ends)."""
        past = self.session.past
        return (
            self.session.viewing is not None
            and past is not None
            and self.session.kit.turn_started(past)
        )

    def take_back(self, how: str) -> bool:
        """Undo (one stone) or Undo turn (all) of a turn under way in review; False when
        there is none, or for Redo (the game's own Undo and Redo are the session's)."""
        past = self.session.past
        if how not in ("undo", "undo-turn") or not self.turn_under_way or past is None:
            return False
        past.pop()
        while how == "undo-turn" and self.session.kit.turn_started(past):
            past.pop()
        return True

    # ------------------------------------------------------------------ moving about
    def show_line(self, path: Path, count: int) -> None:
        """Show the position after ``count`` turns of the line through ``path``."""
        line = self.tree.continuation(path)
        if self.tree.on_main_line(line):
            self.session.show_turn(count)
            self.line = None
            return
        count = max(0, min(count, len(line)))
        self.session.past = played_along(self.session.game, line[:count])
        self.session.viewing = count
        self.line = line

    def show_line_number(self, number: int, count: int) -> None:
        """The moves list's entry ``count`` of line ``number`` (``LineTree.lines``)."""
        lines = self.tree.lines()
        if 0 <= number < len(lines):
            self.show_line(lines[number].path, count)

    def step_line(self, how: str) -> bool:
        """A step along a side line, or up and down between lines; False when the step
        is the main line's own (``Session.review``)."""
        if how in ("up", "down") and self.switch_line(-1 if how == "up" else 1):
            return True
        how = {"up": "back", "down": "forward"}.get(how, how)
        if self.line is None or self.session.viewing is None:
            return False
        at, line = self.session.viewing, self.line
        target = {"back": at - 1, "forward": at + 1, "start": 0}.get(how, len(line))
        self.show_line(line, target)
        return True

    def switch_line(self, step: int) -> bool:
        """Up (-1) or down (1) among the lines through the position before the turn
        shown, at the same turn; False when there is no other line there."""
        count = self.session.viewing
        if not count:
            return False
        line = self.followed
        siblings = self.tree.siblings(line, count)
        index = next((i for i, s in enumerate(siblings) if s[count - 1] == line[count - 1]), 0)
        if not 0 <= index + step < len(siblings):
            return False
        self.show_line(siblings[index + step], count)
        return True

    # ------------------------------------------------------------------ changing the lines
    def try_move(self, move: str) -> str:
        """A move at a reviewed position: it follows the line that has its turn, or
        starts a side line; the game is left as it is. "" once played, else why not."""
        shown = self.session.past if self.session.past is not None else self.session.game
        before = self.place()
        trial = shown.clone()
        try:
            trial.push(move)
        except ArchipelagoError as error:
            return str(error)[:1].upper() + str(error)[1:] + "."
        turns = turns_of(trial)
        if len(turns) == len(before):  # a turn of several moves, under way
            self.session.past = trial
            return ""
        if before == self.tree.main_line():  # past the game's end: that is the game's to play
            return _(NOT_THE_GAME)
        path = self.tree.add(before, turns[-1])
        line = self.followed
        self.show_line(line if line[: len(path)] == path else path, len(path))
        return ""

    def promote_line(self) -> str:
        """The side line followed becomes the main line: the game is played along it."""
        if not self.on_side_line or self.line is None:
            return _("This is the main line: it is the game.")
        if self.session.by_link is not None:
            return _(BY_LINK)
        count = self.session.viewing or 0
        self.tree.promote(self.line)
        self.session.game = played_along(self.session.game, self.tree.main_line())
        self.game_moved()
        self.show_line(self.tree.main_line(), count)
        return ""

    def delete_line(self) -> str:
        """Delete the side line followed (from where it leaves its line); the board then
        shows the position it left from."""
        line = self.line
        start = self.tree.line_start(line) if line is not None else None
        if line is None or start is None or self.session.viewing is None:
            return _("The main line is the game: Undo takes back its moves.")
        self.tree.delete(line)
        gone = line[: start + 1]
        self.line_analysis = {k: v for k, v in self.line_analysis.items() if k[: start + 1] != gone}
        self.show_line(line[:start], start)
        return ""

    def set_note(self, text: str) -> str:
        """The note of the turn shown ("" removes it): "" once written, else why not."""
        return self.tree.set_note(self.place(), text)
