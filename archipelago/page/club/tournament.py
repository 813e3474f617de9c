"""A tournament as data: its players (people and computer levels), the game with its
options and clock, its format, and its rounds with each game's result; read from the
host's form, kept as JSON (the device's storage, a file, a read-only link), each value
checked when read back, and the settings of the game each pairing starts.

The clock is kept as a link's text (``clock=fischer:15+1``, checked by
``archipelago.clock``) and handed to each game the way a link's options are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...clock import parse_rule
from ...i18n import N_, _
from ...levels import LEVELS
from ...reading import ascii_int, unsafe_character
from ...registry import game_names
from ..computers import has_computer
from ..kits import kit_for
from ..session import NAME_LENGTH, PERSON
from ..setup.options import parse_options
from . import pairing
from .standings import Finished, Row, standings

VERSION = 1  # the "club" key of a tournament's JSON
ROUND_ROBIN, TABLES, SWISS = "round-robin", "tables", "swiss"
FORMATS = {
    ROUND_ROBIN: N_("Round robin"),
    TABLES: N_("Tables of 3 or 4"),
    SWISS: N_("Swiss"),
}
PLAYERS = {ROUND_ROBIN: range(3, 13), TABLES: range(4, 13), SWISS: range(4, 17)}
MOST_PLAYERS = 16
MOST_ROUNDS = 15
OPTIONS_LENGTH = 200
GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,40}")


@dataclass
class Player:
    name: str
    level: int = PERSON  # a computer level, or PERSON


@dataclass
class Pairing:
    """A game of a round: its players in seat order, their places once it ends, and the
    id of the game it started among this device's games."""

    seats: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    game_id: str | None = None


@dataclass
class Round:
    games: list[Pairing]
    byes: tuple[int, ...] = ()

    @property
    def done(self) -> bool:
        return all(game.ranks is not None for game in self.games)


@dataclass
class Tournament:
    game: str
    size: int
    format: str
    players: list[Player]
    rounds: list[Round] = field(default_factory=list)
    options: str = ""  # more of the game's options, as a link writes them
    clock: str = ""  # "" or a link's clock=...
    planned: int = 0  # the rounds to play (a Swiss tournament pairs one at a time)

    # ------------------------------------------------------------ results
    def pairing(self, round_number: int, table: int) -> Pairing | None:
        if 0 <= round_number < len(self.rounds) and 0 <= table < len(
            self.rounds[round_number].games
        ):
            return self.rounds[round_number].games[table]
        return None

    def find(self, game_id: str) -> tuple[int, int] | None:
        """The round and table of the game ``game_id`` of this device."""
        for r, made in enumerate(self.rounds):
            for t, game in enumerate(made.games):
                if game.game_id == game_id:
                    return r, t
        return None

    def standings(self) -> list[Row]:
        games = [
            Finished(game.seats, game.ranks)
            for made in self.rounds
            for game in made.games
            if game.ranks is not None
        ]
        byes = [p for made in self.rounds for p in made.byes]
        top = 3.0 if self.format == TABLES else 1.0
        bye_points = {ROUND_ROBIN: 0.0, TABLES: 1.5, SWISS: 1.0}[self.format]
        return standings(len(self.players), games, byes, top, bye_points)

    def can_pair_next(self) -> bool:
        """A Swiss round to pair: the rounds so far done, and more planned."""
        return (
            self.format == SWISS
            and len(self.rounds) < self.planned
            and all(made.done for made in self.rounds)
        )

    def pair_next(self) -> None:
        """The next Swiss round, paired on the standings (NoPairing when every pairing
        would repeat a game)."""
        points = [0.0] * len(self.players)
        for row in self.standings():
            points[row.player] = row.points
        played = [
            pairing.Round(tuple(g.seats for g in made.games), made.byes) for made in self.rounds
        ]
        self.rounds.append(_round(pairing.swiss_round(points, played)))

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.planned and all(made.done for made in self.rounds)

    # ------------------------------------------------------------ the game of a pairing
    def game_settings(self, game: Pairing) -> dict[str, Any]:
        """The New game settings of a pairing's game: the tournament's game, size and
        options (over the game's quick options, so that nobody is asked for a komi), the
        clock, the players' names and levels in seat order."""
        base = f"game={self.game}&players={len(game.seats)}&size={self.size}"
        extra = "&".join(part for part in (self.options, self.clock) if part)
        settings, _embed, _problems = parse_options(f"{base}&{extra}" if extra else base)
        names = [self.players[p].name for p in game.seats]
        seats = [self.players[p].level for p in game.seats]
        return {
            **kit_for(self.game).quick_options(self.size),
            **settings,
            "names": names + [""] * (4 - len(names)),
            "seats": seats + [PERSON] * (4 - len(seats)),
        }

    # ------------------------------------------------------------ as JSON
    def to_json(self, with_ids: bool = True) -> dict[str, Any]:
        """The tournament as JSON; without ``with_ids`` (a link) no game of this device."""
        return {
            "club": VERSION,
            "game": self.game,
            "size": self.size,
            "options": self.options,
            "clock": self.clock,
            "format": self.format,
            "planned": self.planned,
            "players": [{"name": p.name, "level": p.level} for p in self.players],
            "rounds": [
                {
                    "games": [
                        {
                            "seats": list(g.seats),
                            "ranks": None if g.ranks is None else list(g.ranks),
                            **({"id": g.game_id} if with_ids and g.game_id else {}),
                        }
                        for g in made.games
                    ],
                    "byes": list(made.byes),
                }
                for made in self.rounds
            ],
        }


def clock_link(text: str) -> str:
    """A clock as the host or a file writes it (fischer:15+1, with or without clock=) ->
    its link's text, "" for none; ValueError, saying how to write one, otherwise."""
    rule = parse_rule(text.removeprefix("clock="))
    return "" if rule is None else f"clock={rule.text()}"


def _round(made: pairing.Round) -> Round:
    return Round([Pairing(tuple(table)) for table in made.tables], tuple(made.byes))


def players_per_game(format_name: str) -> tuple[int, ...]:
    return (3, 4) if format_name == TABLES else (2,)


# ---------------------------------------------------------------- reading it back
def _bad(words: str) -> ValueError:
    return ValueError(words)


def from_json(value: Any) -> Tournament:
    """A tournament from its JSON, every value checked: ValueError says what is wrong."""
    if not isinstance(value, dict) or value.get("club") != VERSION:
        raise _bad(_("it is not a tournament of this page"))
    game, size, form = value.get("game"), value.get("size", 0), value.get("format")
    if game not in game_names():
        raise _bad(_("its game is not one of this page"))
    if not (_whole(size) and size in kit_for(game).manifest.sizes):
        raise _bad(_("its board side is not one of the game's"))
    if form not in FORMATS:
        raise _bad(_("its format is not one of this page"))
    options, clock = value.get("options", ""), value.get("clock", "")
    if not (isinstance(options, str) and len(options) <= OPTIONS_LENGTH):
        raise _bad(_("its game options cannot be read"))
    try:
        clock = clock_link(clock) if isinstance(clock, str) else clock_link("?")
    except ValueError:
        raise _bad(_("its clock cannot be read")) from None
    raw_players = value.get("players")
    if not (isinstance(raw_players, list) and 2 <= len(raw_players) <= MOST_PLAYERS):
        raise _bad(_("its players cannot be read"))
    players = []
    for raw in raw_players:
        name, level = (raw.get("name"), raw.get("level")) if isinstance(raw, dict) else (None, None)
        if not (isinstance(name, str) and name.strip() and len(name) <= NAME_LENGTH):
            raise _bad(_("its players cannot be read"))
        if unsafe_character(name) or not (_whole(level) and level in (PERSON, *LEVELS)):
            raise _bad(_("its players cannot be read"))
        players.append(Player(name.strip(), level))
    if len({p.name.casefold() for p in players}) < len(players):
        raise _bad(_("two of its players have the same name"))
    planned = value.get("planned", -1)
    raw_rounds = value.get("rounds")
    if not (_whole(planned) and 0 <= planned <= MOST_ROUNDS * 2):
        raise _bad(_("its rounds cannot be read"))
    if not (isinstance(raw_rounds, list) and len(raw_rounds) <= planned):
        raise _bad(_("its rounds cannot be read"))
    rounds = [_read_round(raw, len(players)) for raw in raw_rounds]
    return Tournament(game, size, form, players, rounds, options, clock, planned)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_round(raw: Any, count: int) -> Round:
    problem = _bad(_("its rounds cannot be read"))
    if not isinstance(raw, dict) or not isinstance(raw.get("games"), list):
        raise problem
    byes = raw.get("byes", [])
    if not (isinstance(byes, list) and all(_whole(p) and 0 <= p < count for p in byes)):
        raise problem
    if len(set(byes)) < len(byes):
        raise problem
    games, seen = [], set(byes)
    for game in raw["games"]:
        if not isinstance(game, dict):
            raise problem
        seats, ranks, game_id = game.get("seats"), game.get("ranks"), game.get("id")
        if not (isinstance(seats, list) and 2 <= len(seats) <= 4):
            raise problem
        if not all(_whole(p) and 0 <= p < count and p not in seen for p in seats):
            raise problem
        if len(set(seats)) < len(seats):
            raise problem
        seen.update(seats)
        if ranks is not None and not (
            isinstance(ranks, list)
            and len(ranks) == len(seats)
            and all(_whole(r) and 1 <= r <= len(seats) for r in ranks)
            and 1 in ranks
        ):
            raise problem
        if game_id is not None and not (isinstance(game_id, str) and GAME_ID.fullmatch(game_id)):
            raise problem
        games.append(Pairing(tuple(seats), None if ranks is None else tuple(ranks), game_id))
    return Round(games, tuple(byes))


# ---------------------------------------------------------------- the host's form
def from_form(fields: dict[str, str | bool]) -> Tournament:
    """The tournament the host's form sets up, paired (every round, or a Swiss
    tournament's first); ValueError says what is wrong with the form."""

    def text(name: str) -> str:
        return str(fields.get(name, "")).strip()

    game = text("club-game")
    if game not in game_names():
        raise _bad(_("Choose a game."))
    kit = kit_for(game)
    size = ascii_int(text("club-size"))
    if size is None or size not in kit.manifest.sizes:
        raise _bad(_("Choose a board side."))
    form = text("club-format")
    if form not in FORMATS:
        raise _bad(_("Choose a format."))
    if not set(players_per_game(form)) <= set(kit.player_counts()):
        raise _bad(_("{game} is not played at tables of three or four.").format(game=_(kit.title)))
    count = ascii_int(text("club-count")) or 0
    players = []
    for i in range(count):
        name = text(f"club-name-{i}")[:NAME_LENGTH]
        level = ascii_int(text(f"club-level-{i}")) or PERSON
        if not name:
            raise _bad(_("Player {number} has no name.").format(number=i + 1))
        if unsafe_character(name):
            raise _bad(_("Player {number}'s name holds a control character.").format(number=i + 1))
        players.append(Player(name, level if level in LEVELS else PERSON))
    allowed = PLAYERS[form]
    if count not in allowed:
        raise _bad(
            _("Players for {format}: {low} to {high}.").format(
                format=_(FORMATS[form]), low=allowed[0], high=allowed[-1]
            )
        )
    if len({p.name.casefold() for p in players}) < count:
        raise _bad(_("Two players have the same name: give each their own."))
    if any(p.level for p in players) and not has_computer(game):
        raise _bad(_("No computer plays {game} yet.").format(game=_(kit.title)))
    options = text("club-options").lstrip("?&")
    if len(options) > OPTIONS_LENGTH or options.startswith(("game=", "players=")):
        raise _bad(_("The game options are not a link's options."))
    _settings, _embed, problems = parse_options(f"game={game}&size={size}&{options}")
    if problems and options:
        raise _bad(_("The game options: {problems}.").format(problems="; ".join(problems)))
    try:
        clock = clock_link(text("club-clock"))
    except ValueError as error:
        raise _bad(_("The clock: {problems}.").format(problems=error)) from None
    rounds = ascii_int(text("club-rounds")) or 0
    made = Tournament(game, size, form, players, [], options, clock)
    if form == ROUND_ROBIN:
        made.rounds = [_round(r) for r in pairing.round_robin(count)]
        made.planned = len(made.rounds)
        return made
    if not 1 <= rounds <= min(MOST_ROUNDS, count - 1 if form == SWISS else MOST_ROUNDS):
        raise _bad(
            _("Choose between 1 and {most} rounds.").format(
                most=min(MOST_ROUNDS, count - 1 if form == SWISS else MOST_ROUNDS)
            )
        )
    made.planned = rounds
    if form == TABLES:
        made.rounds = [_round(r) for r in pairing.table_rounds(count, rounds)]
    else:
        made.pair_next()
    return made
