"""The tournament on the page: the Tournament dialog (the host's form, then the table),
games started from the table with the right seats, their results entered as they end,
the tournament kept in the device's storage, saved to a file and opened from one, and
shared read-only by link (``#club=`` and the JSON deflated, as share links are).

A game knows its pairing through its id among the device's games (``Pairing.game_id``):
each time the page saves a game (``Keeper.saved_hooks``), a game of the table that has
ended gives its pairing its places, and one taken back past its end takes them back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from ...errors import RecordError
from ...i18n import _
from ...reading import MAX_TEXT, NotJSONError, ascii_int, read_json
from ..kits import kit_for
from ..saved.keeper import Keeper
from ..saved.links import decode_link, encode_link
from ..saved.storage import session_from_settings
from ..session import Session
from ..view.changes import Changes
from . import view
from .pairing import NoPairing, default_table_rounds
from .standings import ranks_of
from .tournament import ROUND_ROBIN, TABLES, Tournament, from_form, from_json

CLUB_KEY = "archipelago.club"  # the device's tournament, in the browser's storage
LINK_MARK = "club="  # a read-only link: the page's address + "#club=<data>"
DEFAULT_PLAYERS = [("Ann", 0), ("Bob", 0), ("", 1), ("", 2)]  # "": a computer's name


class ClubPage(Protocol):
    """What the tournament needs of the page (controller.PageController)."""

    session: Session
    keeper: Keeper
    commands: dict[str, Callable[..., Any]]

    def start(self, session: Session, beside: bool = False) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def show_dialog(self, name: str, shown: bool) -> None: ...
    def message(self, text: str, kind: str = "error") -> None: ...
    def focus(self, element_id: str) -> None: ...


def form_values(
    game: str, tournament: Tournament | None, fields: dict[str, str | bool]
) -> dict[str, Any]:
    """What the host's form shows: the fields as typed, else the last tournament's
    setup, else a round robin of ``game`` (the game in play) on its quick board for two
    people and two computer levels."""
    values: dict[str, Any] = {
        "club-game": game,
        "club-size": str(kit_for(game).quick_size()),
        "club-format": ROUND_ROBIN,
        "club-rounds": "4",
        "club-clock": "",
        "club-options": "",
        "club-count": str(len(DEFAULT_PLAYERS)),
    }
    for i, (name, level) in enumerate(DEFAULT_PLAYERS):
        # Translators: a computer player's name in a tournament ("Computer 2": level 2)
        name = name or _("Computer {level}").format(level=level)
        values[f"club-name-{i}"], values[f"club-level-{i}"] = name, str(level)
    if tournament is not None:
        values.update(
            {
                "club-game": tournament.game,
                "club-size": str(tournament.size),
                "club-format": tournament.format,
                "club-rounds": str(tournament.planned),
                "club-clock": tournament.clock.removeprefix("clock="),
                "club-options": tournament.options,
                "club-count": str(len(tournament.players)),
            }
        )
        for i, player in enumerate(tournament.players):
            values[f"club-name-{i}"], values[f"club-level-{i}"] = player.name, str(player.level)
    values.update({key: value for key, value in fields.items() if isinstance(value, str)})
    return values


class Desk:
    """The tournament of one page."""

    def __init__(self, page: ClubPage) -> None:
        self.page = page
        self.tournament = self.stored()
        self.shared: Tournament | None = None  # a read-only tournament from a link, shown
        self.setting_up = False  # the host's form shown rather than the table
        self.typed: dict[str, str | bool] = {}  # the form as last typed
        page.commands.update(
            {
                "club": self.open,
                "close-club": lambda *_: page.show_dialog("club", False),
                "club-play": self.play,
                "club-new": lambda *_: self.set_up(True),
                "club-back": lambda *_: self.set_up(False),
                "club-pair": self.pair_next,
            }
        )
        page.keeper.saved_hooks.append(self.game_saved)
        page.keeper.link_openers[LINK_MARK] = self.open_link

    # ------------------------------------------------------------ kept on the device
    def stored(self) -> Tournament | None:
        """The device's tournament; a damaged one is dropped (it cannot be played)."""
        value = self.page.keeper.storage.read(CLUB_KEY)
        if value is None:
            return None
        try:
            return from_json(value)
        except ValueError:
            return None

    def keep(self) -> None:
        if self.tournament is not None:
            self.page.keeper.storage.write(CLUB_KEY, self.tournament.to_json())

    # ------------------------------------------------------------ the dialog
    def open(self, *_event: Any) -> None:
        """The Tournament dialog: the device's table, or the form when there is none."""
        self.shared = None
        self.setting_up = self.tournament is None
        self.typed = {}
        self.draw(top=True)
        self.page.show_dialog("club", True)

    def set_up(self, shown: bool) -> None:
        """New tournament (the form, filled as the last one was) or Back to the table."""
        self.setting_up = shown and self.shared is None
        self.typed = {}
        self.draw(top=True)

    def draw(self, error: str = "", top: bool = False) -> None:
        """The dialog as it is now; with ``top`` a new view, shown from its top."""
        tournament = self.shared or self.tournament
        form = self.setting_up or tournament is None
        changes: Changes = {
            "#club-form": {"hidden": not form},
            "#club-table": {"hidden": form},
            "#club-error": {"text": error},
            "#club-back": {"hidden": self.tournament is None},
            "#club-tools": {"hidden": form or self.shared is not None},
            "#club-share": {"hidden": True},
        }
        if form:
            changes["#club-setup"] = {
                "html": view.form_html(
                    form_values(self.page.session.game.name, self.tournament, self.typed)
                )
            }
        elif tournament is not None:
            playing = self.kept_games()
            shown = view.table_html(tournament, playing, self.shared is not None)
            changes["#club-table"] = {"hidden": False, "html": shown}
            changes["#club-pair"] = {
                "hidden": self.shared is not None or not tournament.can_pair_next(),
                "text": _("Pair round {number}").format(number=len(tournament.rounds) + 1),
            }
        self.page.apply(changes)
        if top:
            self.page.focus("club-title")

    def kept_games(self) -> set[str]:
        library = self.page.keeper.library
        if library is None:
            return set()
        return {str(entry.get("id")) for entry in library.entries()}

    def form_changed(self, fields: dict[str, str | bool], name: str) -> None:
        """A field of the form changed: a new game, format or count of players redraws it
        (the board sides of that game, the rounds field, the players' rows)."""
        self.typed = dict(fields)
        if name == "club-game":
            game = str(fields.get("club-game"))
            self.typed["club-size"] = str(kit_for(game).quick_size())
        if name == "club-format" and fields.get("club-format") == TABLES:
            count = int(str(fields.get("club-count", "4")) or 4)
            self.typed["club-rounds"] = str(default_table_rounds(count))
        if name in ("club-game", "club-format", "club-count"):
            self.draw()

    def submit(self, fields: dict[str, str | bool]) -> None:
        """Start the tournament the form sets up (in place of the device's last one); a
        form that makes none says why under it and changes nothing."""
        self.typed = dict(fields)
        try:
            made = from_form(fields)
        except (ValueError, NoPairing) as error:
            self.draw(str(error))
            return
        self.tournament, self.setting_up = made, False
        self.keep()
        self.draw(top=True)

    # ------------------------------------------------------------ games
    def play(self, where: str = "") -> None:
        """A pairing's Play (``where``: "round.table", counted from 0): its game on the
        board with the right seats (a game already started on this device continues)."""
        tournament = self.tournament
        round_text, _dot, table_text = where.partition(".")
        number, table = ascii_int(round_text), ascii_int(table_text)
        game = None
        if tournament is not None and number is not None and table is not None:
            game = tournament.pairing(number, table)
        if tournament is None or number is None or game is None or game.ranks is not None:
            return
        page, library = self.page, self.page.keeper.library
        if library is None:
            return
        self.page.show_dialog("club", False)
        if game.game_id is not None and game.game_id in self.kept_games():
            session, problem = library.open(game.game_id)
            if session is not None:
                page.start(session)
                return
            page.message(problem)
        page.start(session_from_settings(tournament.game_settings(game)), beside=True)
        game.game_id = library.current
        self.keep()
        names = " – ".join(tournament.players[p].name for p in game.seats)
        page.message(
            _("Tournament, round {number}: {names}.").format(number=number + 1, names=names),
            kind="info",
        )

    def game_saved(self, session: Session, game_id: str | None) -> None:
        """A game was saved: when it is a pairing's, its places follow the game (entered
        when it ends, taken back with its last move)."""
        tournament = self.tournament
        found = tournament.find(game_id) if tournament and game_id else None
        if tournament is None or found is None:
            return
        game = tournament.rounds[found[0]].games[found[1]]
        returns = session.game.returns() if session.game.is_over else None
        ranks = None if returns is None else ranks_of(returns)
        if ranks == game.ranks:
            return
        game.ranks = ranks
        self.keep()
        if ranks is not None:
            self.page.message(
                _("The result is entered in the tournament's table (round {number}).").format(
                    number=found[0] + 1
                ),
                kind="info",
            )

    def pair_next(self, *_event: Any) -> None:
        """A Swiss tournament's next round, paired on the standings."""
        if self.tournament is None or not self.tournament.can_pair_next():
            return
        try:
            self.tournament.pair_next()
        except NoPairing:  # the tournament ends with the rounds played
            self.tournament.planned = len(self.tournament.rounds)
            self.keep()
            self.draw(
                _("Every pairing of the next round would repeat a game: the tournament ends here.")
            )
            return
        self.keep()
        self.draw()

    # ------------------------------------------------------------ files and links
    def file_text(self) -> str:
        return json.dumps(self.tournament.to_json() if self.tournament else {}, indent=1)

    def file_name(self) -> str:
        game = self.tournament.game if self.tournament else "club"
        return f"{game}-tournament.json"

    def open_file(self, name: str, text: str) -> None:
        """A tournament's file: it becomes the device's tournament; a file that is none
        says so and changes nothing."""
        try:
            made = from_json(read_json(text, _("the file")))
        except (ValueError, RecordError, NotJSONError) as error:
            self.draw(
                _("Could not open {name}: {error}. The tournament is unchanged.").format(
                    name=name, error=error
                )
            )
            return
        self.tournament, self.shared, self.setting_up = made, None, False
        self.keep()
        self.draw(top=True)

    def share_link(self, address: str) -> str:
        """The read-only link of the device's tournament (no game ids: they are this
        device's)."""
        if self.tournament is None:
            return ""
        data = encode_link(self.tournament.to_json(with_ids=False))
        return address.split("#")[0] + "#" + LINK_MARK + data

    def open_link(self, data: str) -> None:
        """A read-only link: its table shown (not kept, no Play); a damaged one says so."""
        try:
            if len(data) > MAX_TEXT:
                raise ValueError(_("the link is too long"))
            shared = from_json(decode_link(data))
        except (ValueError, RecordError) as error:
            self.page.message(
                _("This tournament's link cannot be opened: {error}.").format(error=error)
            )
            return
        self.shared, self.setting_up = shared, False
        self.draw(top=True)
        self.page.show_dialog("club", True)
