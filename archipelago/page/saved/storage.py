"""What the page keeps in the browser's storage, and reading it back robustly.

Kept: the settings of the New game dialog, the game in play (its record with names and
seats: the same payload as a saved file or a share link), and whether cell names show.
Any stored value may be damaged, hand-edited or written by an older page: reading never
raises, a bad setting falls back to its default, and a game that cannot be read is kept
aside under its own key instead of being overwritten, so it is never lost.

The browser's storage comes in as two callables (``get(key) -> str | None`` and
``set(key, text)``), so CPython tests run all of this with a dict.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from ...analysis.stored import rows_from_json
from ...clock import ClockRule, GameClock, parse_rule, read_clock
from ...errors import ArchipelagoError, RecordError
from ...i18n import N_, _
from ...levels import LEVELS
from ...lines import read_game_lines
from ...reading import read_json, read_json_or_none
from ...registry import DEFAULT_GAME, game_names
from ..contract import SetupKit
from ..kits import kit_for
from ..session import BY_LINK, NAME_LENGTH, PERSON, ByLink, Session, default_names

SETTINGS_KEY = "archipelago.settings"
GAME_KEY = "archipelago.game"
EMBED_GAME_KEY = "archipelago.embed.game"  # an embedded board keeps its own game
LABELS_KEY = "archipelago.labels"
SOUND_KEY = "archipelago.sound"
UNREADABLE_SUFFIX = ".unreadable"  # where a game that could not be read is kept

SEATS = 4  # the dialog's rows: the most players any registered game has
DEFAULT_NAMES = ["Ann", "Bob", "Cy", "Dee"]
# The page's own keys beside a game record (by_link: a game played by link, distance.py;
# rotation: how far the board is turned; analysis: the computer's, view/analysis.py).
PAGE_KEYS = ("names", "seats", "options", "rev", "by_link", "rotation", "analysis")


# ---------------------------------------------------------------------- game payloads
def session_from_payload(payload: Any) -> Session:
    """A saved file, a link or stored data -> a Session. Raises RecordError (or another
    ArchipelagoError) with a message for a player when the game cannot be read. Names
    or seats that do not fit the game fall back to defaults: the game is what matters."""
    if not isinstance(payload, dict):
        raise RecordError(_("a game record must be a JSON object"))
    record = {key: value for key, value in payload.items() if key not in PAGE_KEYS}
    game, tree = read_game_lines(record)
    players = game.player_count
    names = payload.get("names")
    if not (
        isinstance(names, list)
        and len(names) == players
        and all(isinstance(n, str) and n.strip() for n in names)
    ):
        names = default_names(players)
    seats = payload.get("seats")
    if not (
        isinstance(seats, list)
        and len(seats) == players
        and all(_whole(s) and s in (PERSON, *LEVELS) for s in seats)
    ):
        seats = [PERSON] * players
    by_link = ByLink.from_json(payload.get("by_link"), players)
    session = Session(game, [n.strip()[:NAME_LENGTH] for n in names], seats, by_link)
    rotation = payload.get("rotation", 0)
    session.study.tree = tree
    session.rotation = rotation if _whole(rotation) and 0 <= rotation < 6 else 0
    analysis = payload.get("analysis")
    if rows_from_json(analysis, players) is not None:  # else dropped: the game matters
        session.analysis = analysis
    session.clock = read_clock(payload, players)
    return session


def parse_json(text: Any) -> Any:
    """Stored text as JSON, or None when there is none or it cannot be read (every limit
    of ``archipelago.reading`` checked)."""
    return read_json_or_none(text)


# ---------------------------------------------------------------------- settings
def default_settings(game: str = DEFAULT_GAME) -> dict[str, Any]:
    kit: SetupKit = kit_for(game)
    players = 2 if 2 in kit.player_counts() else kit.player_counts()[0]
    return {
        "game": game,
        "players": players,
        "names": list(DEFAULT_NAMES),
        "seats": [PERSON] * SEATS,
        **kit.default_options(),
    }


def clean_settings(raw: Any) -> dict[str, Any]:
    """Settings as stored (or from the URL), each checked: bad ones take their default.
    Settings of older pages carry no ``game``: they were Archipelago's."""
    if not isinstance(raw, dict):
        raw = {}
    game = raw.get("game", DEFAULT_GAME)
    if game not in game_names():
        game = DEFAULT_GAME
    settings = default_settings(game)
    if raw.get("players") in kit_for(game).player_counts() and _whole(raw.get("players")):
        settings["players"] = raw["players"]
    names = raw.get("names")
    if isinstance(names, list):
        for i, name in enumerate(names[:SEATS]):
            if isinstance(name, str):
                settings["names"][i] = name.strip()[:NAME_LENGTH]
    seats = raw.get("seats")
    if isinstance(seats, list):
        for i, seat in enumerate(seats[:SEATS]):
            if _whole(seat) and seat in (PERSON, BY_LINK, *LEVELS):
                settings["seats"][i] = seat
    settings.update(kit_for(game).clean_options(raw))
    if clock_rule(raw.get("clock")) is not None:  # none unless New game or a link set one
        settings["clock"] = raw["clock"]
    return settings


def clock_rule(value: Any) -> ClockRule | None:
    """A setting's clock (``archipelago.clock``'s text), None for none or a bad one."""
    try:
        return parse_rule(value) if isinstance(value, str) else None
    except ValueError:
        return None


def session_from_settings(settings: dict[str, Any]) -> Session:
    """A new game as the settings describe it. Seats "by link" make a game played by
    link (with a new id) when the others are people here; among computers, or with no
    one here, such seats are played here instead."""
    settings = clean_settings(settings)
    players = settings["players"]
    names = [n or f"Player {i + 1}" for i, n in enumerate(settings["names"][:players])]
    seats = settings["seats"][:players]
    by_link = None
    here = tuple(p for p, seat in enumerate(seats, start=1) if seat == PERSON)
    if BY_LINK in seats and here and all(s in (PERSON, BY_LINK) for s in seats):
        by_link = ByLink(secrets.token_hex(8), here)
    seats = [PERSON if s == BY_LINK else s for s in seats]
    session = Session.new(settings["game"], settings, names, seats, by_link)
    rule = clock_rule(settings.get("clock"))
    # By link, each device would time the other's turns: no clocks there.
    session.clock = GameClock(rule, players) if rule is not None and by_link is None else None
    return session


# ---------------------------------------------------------------------- the store
CANNOT_SAVE = N_(
    "This page cannot save here (the browser refuses it storage: {why}): you can play, "
    "but the game is forgotten when the page closes."
)


def refusal_name(error: BaseException) -> str:
    """A short name for why the browser refused its storage: the JavaScript error's name
    (SecurityError, QuotaExceededError) when there is one (Pyodide keeps the error itself
    as ``js_error``), else the Python exception's."""
    for source in (getattr(error, "js_error", None), error):
        name = getattr(source, "name", None)
        if isinstance(name, str) and name.endswith("Error") and name != "Error":
            return name
    named = re.match(r"\s*(?:\w+: )?([A-Z]\w*Error)\b", str(error))  # "SecurityError: ..."
    return named.group(1) if named else type(error).__name__


class Storage:
    """The page's keys in a key-value store that may fail (private mode, a full quota, a
    frame of another site): reading gives defaults, writing is skipped, the page goes on,
    and ``problem`` keeps the first refusal so that the page can say so once."""

    def __init__(
        self,
        get: Callable[[str], Any],
        set: Callable[[str, str], Any],
        game_key: str = GAME_KEY,
        remove: Callable[[str], Any] | None = None,
    ) -> None:
        self._get = get
        self._set = set
        self._remove = remove
        self.game_key = game_key
        self.problem = ""  # the first refusal of the store, e.g. "QuotaExceededError"

    @classmethod
    def in_memory(cls, problem: str = "") -> Storage:
        """A store that lives as long as the page: where the browser gives none."""
        kept: dict[str, str] = {}
        storage = cls(kept.get, kept.__setitem__, remove=lambda key: kept.pop(key, None))
        storage.problem = problem
        return storage

    @classmethod
    def of_browser(cls, open_store: Callable[[], Any]) -> Storage:
        """The page's store over ``open_store()`` (the browser's localStorage), or one in
        memory, with its ``problem``, when the browser refuses it (a frame of another
        site with third-party storage blocked, some private windows)."""
        try:
            store = open_store()
            store.getItem(GAME_KEY)
        except Exception as error:  # a SecurityError from the browser, whatever its type
            return cls.in_memory(refusal_name(error))
        return cls(
            lambda key: store.getItem(key),
            lambda key, text: store.setItem(key, text),
            remove=lambda key: store.removeItem(key),
        )

    def cannot_save(self) -> str:
        """The line that tells the player this page cannot save, or "" when it can."""
        return _(CANNOT_SAVE).format(why=self.problem) if self.problem else ""

    def _refused(self, error: BaseException) -> None:
        if not self.problem:
            self.problem = refusal_name(error)

    def refused(self, why: str) -> None:
        """The browser refused a write it was sent after Python went on (``why``: its
        "Name: message", as index.html reports it): the store's problem, as a write
        refused at once makes it."""
        self._refused(RuntimeError(why))

    def read(self, key: str) -> Any:
        """The JSON value stored under ``key``, or None."""
        return parse_json(self.text(key))

    def text(self, key: str) -> str | None:
        try:
            text = self._get(key)
        except Exception:  # storage switched off: start afresh
            return None
        return text if isinstance(text, str) else None

    def write(self, key: str, value: Any) -> bool:
        try:
            self._set(key, json.dumps(value))
        except Exception as error:  # a full or disabled storage: the page works, it forgets
            self._refused(error)
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            if self._remove is not None:
                self._remove(key)
        except Exception:  # a disabled storage: nothing was there to remove
            return

    def keep_aside_as(self, key: str, text: str) -> None:
        try:
            self._set(key, text)
        except Exception as error:
            self._refused(error)

    # ------------------------------------------------------------------ the page's values
    def settings(self) -> dict[str, Any]:
        return clean_settings(self.read(SETTINGS_KEY))

    def save_settings(self, settings: dict[str, Any]) -> None:
        self.write(SETTINGS_KEY, clean_settings(settings))

    def labels(self) -> bool:
        value = self.read(LABELS_KEY)
        return value if isinstance(value, bool) else True

    def save_labels(self, shown: bool) -> None:
        self.write(LABELS_KEY, bool(shown))

    def sound(self) -> bool:
        """Whether the page plays its sounds: off unless the player switched them on."""
        return self.read(SOUND_KEY) is True

    def save_sound(self, on: bool) -> None:
        self.write(SOUND_KEY, bool(on))

    def stored_game(self) -> Any:
        return self.read(self.game_key)

    def game(self) -> tuple[Session | None, str]:
        """(the stored game, "") or, when there is one that cannot be read, (None, why)
        after keeping its text aside; (None, "") when nothing is stored."""
        text = self.text(self.game_key)
        if text is None:
            return None, ""
        try:
            return session_from_payload(read_json(text, _("the stored game"))), ""
        except (ArchipelagoError, ValueError, TypeError, RecursionError) as error:
            self.keep_aside(text)
            return None, str(error) or _("it is damaged")

    def keep_aside(self, text: str) -> None:
        """Keep an unreadable game under its own key, so that the new game started in its
        place does not destroy it (someone may still mend it by hand)."""
        self.keep_aside_as(self.game_key + UNREADABLE_SUFFIX, text)

    def save_game(self, session: Session, signature: str | None = None) -> None:
        payload = session.payload()
        if signature:
            payload["options"] = signature  # which URL options set up an embedded game
        self.write(self.game_key, payload)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
