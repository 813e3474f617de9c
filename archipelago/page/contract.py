"""What the page asks of a game beyond the game contract (``archipelago.game``), split by
purpose into small protocols, and the data a game hands over.

- ``TurnKit``: what a turn is (several moves make one in Archipelago) and how the turns
  are told.
- ``InputKit``: the move a click, a key, the game's own form or a button makes, and what
  asks the player first.
- ``DrawingKit``: the board, what is drawn over it, the words under it, the game's panel
  and the Games list's picture.
- ``CardsKit``: the players' cards, the turn's pips and notes.
- ``ResultsKit``: the final ranking and the result in words.
- ``SetupKit``: the New game dialog: the seats' labels, the options and the new game.
- ``Spoken``: the board and the game in sentences, for the command box and the
  announcements (a game's ``spoken.py``, which its kit names as ``spoken``).

``kits.GameKit`` implements every one for any game, through the contract and its
manifest (a game's New game options are data there); a game's own kit (its ``kit.py``)
subclasses it and overrides what it shows differently. A session holds a ``Kit`` (all of
them); a module that needs one purpose asks for that one (the keys for ``InputKit``, the
New game dialog and the stored settings for ``SetupKit``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..game import Game
from ..hexgrid import Board
from ..manifest import Manifest


class SessionView(Protocol):
    """What a kit reads of the page's game (``session.Session``, which builds on the
    kits, so they see it through this and do not import it back)."""

    game: Game
    names: list[str]
    viewing: int | None  # the finished turn shown from history, or None
    rotation: int  # how far the board is turned, in steps of 60 degrees clockwise

    @property
    def shown(self) -> Game: ...
    @property
    def computer_to_move(self) -> int: ...
    @property
    def person_here_to_move(self) -> bool: ...
    def seat_of(self, player: int | None) -> int: ...
    def name_of(self, player: int) -> str: ...


# The keyboard cursor: a cell's name and the column it keeps to on up and down keys.
Cursor = tuple[str, float] | None


@dataclass(frozen=True)
class Action:
    """A button that plays a move without the board (End turn, Pass)."""

    id: str
    label: str
    move: str
    enabled: bool
    title: str = ""
    key: str = ""  # the keyboard key that presses it, lower case
    primary: bool = False  # the turn's main button (End turn): drawn filled


@dataclass(frozen=True)
class CardFacts:
    """What a game puts on a player's card: the number that decides the game (``number``
    ``unit``, e.g. "4" "islands"), a smaller ``detail`` ("12 bonus"), the whole story in a
    tooltip, a mark ("frozen", "resigned" or "": a class of the card, so never translated)
    shown as ``mark_label`` in the reader's language, and values kept as data for tests."""

    number: str = ""
    unit: str = ""
    detail: str = ""
    title: str = ""
    mark: str = ""
    mark_label: str = ""
    mark_title: str = ""
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Pips:
    """The stones of the turn under way: how many are placed of how many, and why."""

    placed: int
    allowance: int
    why: str = ""


@dataclass(frozen=True)
class Placing:
    """One line of the final ranking: the place, the player and the result in words."""

    place: int
    player: int
    words: str


class TurnKit(Protocol):
    """What a turn is, and the turns told as (player, text)."""

    def finished_turns(self, game: Game) -> int: ...

    def turn_started(self, game: Game) -> bool:
        """Whether the player to move has made part of a turn."""
        ...

    def turns(self, game: Game) -> list[tuple[int, str]]:
        """(player, text) of every finished turn."""
        ...

    def current_turn(self, game: Game) -> tuple[int, str] | None:
        """(player, text) of the turn under way, if it has moves."""
        ...

    def turn_words(self, game: Game, text: str) -> str:
        """A turn's ``text`` (as ``turns`` tells it) in words, for the moves list."""
        ...

    def notation_html(self, game: Game, text: str) -> str:
        """A turn's ``text`` as the moves list's entry shows it: HTML, escaped, that may
        break after a comma (and may mark what the notation's signs stand for)."""
        ...

    def file_stem(self, game: Game) -> str:
        """The name a saved file of ``game`` gets, before its ending."""
        ...


class InputKit(Protocol):
    """The moves the page makes from clicks, keys, the game's form and its buttons."""

    def click_move(self, game: Game, cell: str, choice: int) -> str:
        """The move a click on ``cell`` makes, with ``choice`` picked (a colour)."""
        ...

    def form_move(self, game: Game, fields: dict[str, str]) -> str:
        """The move the game's own form asks for; ValueError with a message."""
        ...

    def choice_for_key(self, game: Game, key: str) -> int | None:
        """A key that picks what a click plays, or None."""
        ...

    def move_cursor(self, game: Game, cursor: Cursor, key: str, rotation: int = 0) -> Cursor:
        """Where an arrow key takes the keyboard cursor on the board turned by
        ``rotation`` steps of 60 degrees."""
        ...

    def actions(self, session: SessionView, live: bool) -> list[Action]:
        """The buttons that play a move without the board."""
        ...

    def resign_action(self, session: SessionView, live: bool) -> Action | None:
        """The Resign button, when the player to move may resign."""
        ...

    def confirm_question(self, session: SessionView, move: str) -> tuple[str, str] | None:
        """(question, label of the button that goes ahead) when ``move`` needs the
        player's confirmation first, else None."""
        ...


class DrawingKit(Protocol):
    """The board and what the page draws around it."""

    def board_svg(self, session: SessionView, labels: bool) -> str: ...

    def overlay_svg(
        self, session: SessionView, choice: int, target: str | None, cursor: str | None, hint: str
    ) -> str:
        """What is drawn over the board: the cell pointed at, the cursor, a hint."""
        ...

    def ghost_svg(self, session: SessionView, turn: str) -> str:
        """The turn ``turn`` (record notation) drawn faintly on the board shown."""
        ...

    def cell_words(self, session: SessionView, choice: int, target: str | None, live: bool) -> str:
        """The line under the board on the cell pointed at."""
        ...

    def side_panel(self, session: SessionView) -> tuple[str, str] | None:
        """(title, HTML) of the game's own side panel, if it has one."""
        ...

    def picker_html(self, session: SessionView, choice: int) -> str:
        """The game's own controls beside the board (a colour picker, a komi form)."""
        ...

    def board_owners(self, game: Game) -> tuple[int, list[int]] | None:
        """(side, the owner of each cell) for the Games list's picture, or None."""
        ...


class CardsKit(Protocol):
    """What the players' cards and the lines about the turn say."""

    def chip(self, player: int) -> str:
        """The player's stone as a small SVG (colour and symbol), or ""."""
        ...

    def card_facts(self, session: SessionView, player: int) -> CardFacts: ...

    def turn_pips(self, session: SessionView) -> Pips | None:
        """The stones of the turn under way, for a game whose turns have several."""
        ...

    def turn_note(self, session: SessionView) -> str:
        """What the player to move may do, in words, when the board does not say it."""
        ...

    def hint_words(self, game: Game, move: str) -> str:
        """The hint ``move`` in words."""
        ...


class ResultsKit(Protocol):
    """How a finished game is told."""

    def ranking(self, session: SessionView) -> list[Placing]:
        """The final places, best first."""
        ...

    def result_words(self, session: SessionView) -> str:
        """The result in one sentence: who won, and by what."""
        ...

    def result_details(self, session: SessionView) -> str:
        """HTML under the final ranking: what separated the places, a chart."""
        ...


class SetupKit(Protocol):
    """The New game dialog: the game's tile, its seats, its options and the new game."""

    name: str
    title: str
    manifest: Manifest

    def tagline(self) -> str: ...

    def seat_label(self, player: int) -> str:
        """The player's label in the New game dialog."""
        ...

    def player_counts(self) -> range: ...

    def quick_size(self) -> int:
        """The board side of a quick game (the New game dialog's first preset)."""
        ...

    def quick_options(self, size: int) -> dict[str, Any]:
        """The options a quick game on a board of ``size`` takes over the defaults."""
        ...

    def quick_form_updates(self, size: int) -> dict[str, dict[str, Any]]:
        """The quick-game preset's changes to the game's own New game fields."""
        ...

    def default_options(self) -> dict[str, Any]: ...

    def clean_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The options of ``raw`` this game understands, each checked; the rest default."""
        ...

    def options_html(self, settings: dict[str, Any]) -> str:
        """The form's fields for the board and the options every game shows."""
        ...

    def more_options_html(self, settings: dict[str, Any]) -> str:
        """The options folded under More options, "" for none."""
        ...

    def read_options(self, fields: dict[str, Any]) -> dict[str, Any]:
        """The options the form's fields give; ValueError with a message for a bad one."""
        ...

    def form_updates(self, fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
        """Changes to other fields of the form after ``changed`` changed."""
        ...

    def new_game(self, settings: dict[str, Any]) -> Game: ...


class Spoken(Protocol):
    """The game read aloud: what the command box answers and the page announces, in
    sentences (a game's ``spoken`` module; ``names[p - 1]`` is player p's name). Each is
    a pure function of the position, tested under CPython."""

    def board_of(self, game: Game) -> Board:
        """The hex board whose cells the commands name."""
        ...

    def cell_words(self, game: Game, names: list[str], cell: int) -> str:
        """What stands on ``cell`` and what it belongs to (an island, a player's control)."""
        ...

    def cell_brief(self, game: Game, names: list[str], cell: int) -> str:
        """``cell`` in a few words, as a line of the board lists it ("e5 blue")."""
        ...

    def rays_words(self, game: Game, names: list[str], cell: int) -> str:
        """The first stone along each of the six directions from ``cell``."""
        ...

    def stones_words(self, game: Game, names: list[str], player: int) -> str: ...

    def islands_words(self, game: Game, names: list[str], player: int) -> str: ...

    def score_words(self, game: Game, names: list[str]) -> str:
        """Each player's score in full, whose turn it is and what is left of it."""
        ...

    def score_brief(self, game: Game, names: list[str]) -> str:
        """The numbers that decide, one per player ("Ann 3 islands, Bob 4")."""
        ...

    def turn_said(self, game: Game, names: list[str], player: int, text: str) -> str:
        """A finished turn (as ``TurnKit.turns`` tells it) as a sentence: "Ann played e5"."""
        ...


class Kit(TurnKit, InputKit, DrawingKit, CardsKit, ResultsKit, SetupKit, Protocol):
    """Everything the page asks of a game: what ``kits.kit_for`` gives."""

    cls: type[Game]
    spoken: Spoken | None  # the game read aloud, if it can be

    @property
    def rules_page(self) -> str:
        """The game's rules page in the page's language, relative to index.html."""
        ...
