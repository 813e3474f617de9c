"""The list of games the browser keeps, so that no game is ever lost.

Each game is stored under its own key (``archipelago.games.<id>``) with a revision
number; an index (``archipelago.games``) lists them with what the Games dialog shows:
the game, the players, the date and whose turn it is. A tab holds one game (its id and
the revision it last read or wrote):

- a share link, URL options or a loaded file open a new game beside the others; only a
  game without any move is replaced, as nothing is lost with it;
- saving never overwrites a newer revision written by another tab: the game is kept
  under a new id instead (a fork), and the tab says so;
- another tab's change to this tab's game (the browser's ``storage`` event) reloads it;
- the single game older pages kept (``archipelago.game``) joins the list once.

The store comes in as a ``Storage`` (see storage.py), the clock and the new ids as
callables, so CPython tests run two "tabs" on one dict.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from ...errors import ArchipelagoError
from ...i18n import N_, _, joined
from ...reading import NewerFormatError, read_json, read_json_or_none
from ..session import Session
from .storage import GAME_KEY, UNREADABLE_SUFFIX, Storage, session_from_payload
from .thumbnail import board_text

INDEX_KEY = "archipelago.games"
GAME_PREFIX = "archipelago.games."
LAST_KEY = "archipelago.games.last"  # the game a new tab opens: the last one played
REVISION = "rev"  # the payload's key for its revision number


def game_key(game_id: str) -> str:
    return GAME_PREFIX + game_id


def describe(session: Session) -> dict[str, Any]:
    """What the games list shows of a game, besides its id and date. Its state is kept
    as facts (``status``), put into words when the list is shown (``state_words``), so
    that the list speaks the page's language whatever language saved the game."""
    game, kit = session.game, session.kit
    entry = {
        "title": kit.title,
        "names": list(session.names),
        "turns": kit.finished_turns(game),
        "status": status(session),
    }
    if session.by_link is not None:  # a link of this game finds it by this id
        entry["link"] = session.by_link.game_id
    else:  # a share link of this very game finds it by this
        entry["same"] = fingerprint(session)
    owners = kit.board_owners(game)
    if owners is not None:  # the list's picture of the board (thumbnail.py draws it)
        entry["side"], entry["cells"] = owners[0], board_text(owners[1])
    return entry


def status(session: Session) -> list[Any]:
    """A game's state as the games list keeps it, in no language: ["won", [names]] (two
    or more names: a tie), ["to-play", name], ["link-finished"], ["link-waiting", name],
    ["link-turn"], or [] (nothing to say)."""
    game = session.game
    if session.by_link is not None:
        if game.is_over:
            return ["link-finished"]
        if session.waiting_for_link:
            return ["link-waiting", session.name_of(game.to_move or 0)]
        return ["link-turn"]
    if game.is_over:
        returns = game.returns() or ()
        best = max(returns, default=0)
        return ["won", [session.name_of(p) for p, v in enumerate(returns, start=1) if v == best]]
    if game.to_move is not None:
        return ["to-play", session.name_of(game.to_move)]
    return []


def state_words(kept: Any) -> str:
    """A ``status`` in the page's language ("Finished: Ann won", "Kim to play"); "" for
    anything else (an entry written before states were kept as facts, until
    ``Library.restate`` rewrites it)."""
    if not isinstance(kept, list) or not kept or not isinstance(kept[0], str):
        return ""
    kind, facts = kept[0], kept[1:]
    name = facts[0] if facts and isinstance(facts[0], str) else ""
    if kind == "won" and facts and isinstance(facts[0], list):
        first = [str(n) for n in facts[0]]
        if not first:
            return _("Finished")
        return _("Finished: {result}").format(result=result_words(first))
    if kind == "to-play" and name:
        return _("{name} to play").format(name=name)
    if kind == "link-finished":
        return _("By link, finished")
    if kind == "link-waiting" and name:
        return _("By link, waiting for {name}'s turn").format(name=name)
    if kind == "link-turn":
        return _("By link, your turn")
    return ""


def result_words(first: list[str]) -> str:
    """Who won a finished game, in words ("Ann won", "Ann and Bob tied"), from the names
    of those who came first."""
    if len(first) == 1:
        # Translators: a finished game in the games list, after "Finished:"
        return _("{name} won").format(name=first[0])
    # Translators: a finished game in the games list, after "Finished:" ("Ann and Bob tied")
    return _("{names} tied").format(names=joined(first))


def fingerprint(session: Session) -> str:
    """The same text for the same game with the same names (its setup and every move):
    a share link opened twice finds the game it opened the first time."""
    record = session.game.to_record()
    text = json.dumps({"record": record, "names": session.names}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def link_state(session: Session) -> str:
    """Whose turn it is in a game played by link, as this device sees it."""
    game = session.game
    if game.is_over:
        return _("Finished")
    if session.waiting_for_link:
        return _("Waiting for {name}'s turn").format(name=session.name_of(game.to_move or 0))
    return _("Your turn")


class Library:
    """The games of this browser, and the one this tab shows."""

    def __init__(
        self, storage: Storage, now: Callable[[], float], new_id: Callable[[], str]
    ) -> None:
        self.storage = storage
        self.now = now
        self.new_id = new_id
        self.current: str | None = None  # this tab's game
        self.revision = 0  # the revision of it this tab last read or wrote

    # ------------------------------------------------------------------ the index
    def entries(self) -> list[dict[str, Any]]:
        """The listed games, the latest first; damaged entries are left out."""
        raw = self.storage.read(INDEX_KEY)
        if not isinstance(raw, list):
            return []
        good = [
            e
            for e in raw
            if isinstance(e, dict)
            and isinstance(e.get("id"), str)
            and isinstance(e.get("date"), (int, float))
        ]
        return sorted(good, key=lambda e: -e["date"])

    def _put_entry(self, game_id: str, session: Session) -> None:
        kept = [e for e in self.entries() if e["id"] != game_id]
        entry = {"id": game_id, "date": self.now(), **describe(session)}
        self.storage.write(INDEX_KEY, [entry, *kept])

    def _drop_entry(self, game_id: str) -> None:
        self.storage.write(INDEX_KEY, [e for e in self.entries() if e["id"] != game_id])

    def find_same(self, session: Session) -> str | None:
        """The id of a stored game that is ``session`` itself (the same setup, moves and
        names; not one played by link), if there is one."""
        mark = fingerprint(session)
        return next((e["id"] for e in self.entries() if e.get("same") == mark), None)

    # ------------------------------------------------------------------ reading
    def is_empty(self) -> bool:
        """Nothing kept yet: neither a list of games nor an older page's game."""
        return self.storage.text(INDEX_KEY) is None and self.storage.text(GAME_KEY) is None

    def migrate(self) -> str:
        """Bring the single game of older pages into the list (once: the old key is left
        as it was, and a list that exists is never rebuilt). Returns a problem to tell the
        player when that game could not be read (it is then kept aside). A list that
        exists gets its older entries' states from their games (``restate``)."""
        if self.storage.text(INDEX_KEY) is not None:
            self.restate()
            return ""
        text = self.storage.text(GAME_KEY)
        self.storage.write(INDEX_KEY, [])
        if text is None:
            return ""
        try:
            session = session_from_payload(read_json(text, _("the stored game")))
        except (ArchipelagoError, ValueError, TypeError, RecursionError) as error:
            self.storage.keep_aside_as(GAME_KEY + UNREADABLE_SUFFIX, text)
            return str(error) or _("it is damaged")
        game_id = self.new_id()
        self._write(game_id, session, 1)
        self.storage.write(LAST_KEY, game_id)
        return ""

    def restate(self) -> None:
        """Entries written before states were kept as facts hold their state in the
        words of the page that saved them ("Finished: Bob won" in a German list): each
        gets its ``status`` from its game, read again, and loses those words; a game
        that cannot be read keeps its entry without them (opening it says why). The
        list is written only when an entry changed."""
        entries = self.entries()
        if all("status" in entry for entry in entries):
            return
        restated = []
        for entry in entries:
            if "status" not in entry:
                entry = {key: value for key, value in entry.items() if key != "state"}
                payload = read_json_or_none(self.storage.text(game_key(entry["id"])) or "")
                # (a game that cannot be read is left for Continue to say what is wrong)
                with suppress(ArchipelagoError, ValueError, TypeError, RecursionError):
                    entry.update(describe(session_from_payload(payload)))
            restated.append(entry)
        self.storage.write(INDEX_KEY, restated)

    def read(self, game_id: str) -> tuple[Session | None, int, str]:
        """(session, revision, "") for a stored game; (None, 0, why) when it cannot be
        read (its text is then kept aside and it leaves the list, unless a newer page
        wrote it: then it stays as it is, for that page), (None, 0, "") when there is
        none."""
        text = self.storage.text(game_key(game_id))
        if text is None:
            return None, 0, ""
        try:
            payload = read_json(text, _("the stored game"))
            session = session_from_payload(payload)
        except NewerFormatError as error:
            return None, 0, str(error)
        except (ArchipelagoError, ValueError, TypeError, RecursionError) as error:
            self.storage.keep_aside_as(game_key(game_id) + UNREADABLE_SUFFIX, text)
            self._drop_entry(game_id)
            return None, 0, str(error) or "it is damaged"
        return session, _revision(payload), ""

    def open(self, game_id: str) -> tuple[Session | None, str]:
        """Make a stored game this tab's game; (None, why) when it cannot be read."""
        session, revision, problem = self.read(game_id)
        if session is not None:
            self.current, self.revision = game_id, revision
            self.storage.write(LAST_KEY, game_id)
        return session, problem

    def open_last(self) -> tuple[Session | None, str]:
        """The game played last in any tab, else the latest listed one."""
        last = self.storage.read(LAST_KEY)
        ids = [last] if isinstance(last, str) else []
        ids += [e["id"] for e in self.entries() if e["id"] != last]
        for game_id in ids:
            session, problem = self.open(game_id)
            if session is not None or problem:
                return session, problem
        return None, ""

    # ------------------------------------------------------------------ writing
    def add(self, session: Session, replace: bool = False) -> None:
        """``session`` becomes this tab's game under a new id, beside the others; with
        ``replace`` (this tab's game has no move: nothing is lost) it takes its place."""
        if replace and self.current is not None:
            self.delete(self.current)
        self.current, self.revision = self.new_id(), 0
        self.save(session)

    def save(self, session: Session) -> bool:
        """Store this tab's game. When another tab wrote a newer revision meanwhile, the
        game goes under a new id instead, and True says so."""
        if self.current is None:
            self.current, self.revision = self.new_id(), 0
        stored = self.storage.read(game_key(self.current))
        same = isinstance(stored, dict) and _revision(stored) == self.revision
        if same and {k: v for k, v in stored.items() if k != REVISION} == session.payload():
            return False  # unchanged: other tabs are not told of a write
        forked = isinstance(stored, dict) and _revision(stored) > self.revision
        if forked:
            self.current, self.revision = self.new_id(), 0
        self.revision += 1
        self._write(self.current, session, self.revision)
        self.storage.write(LAST_KEY, self.current)
        return forked

    def _write(self, game_id: str, session: Session, revision: int) -> None:
        payload = session.payload()
        payload[REVISION] = revision
        self.storage.write(game_key(game_id), payload)
        self._put_entry(game_id, session)

    def delete(self, game_id: str) -> None:
        self.storage.remove(game_key(game_id))
        self._drop_entry(game_id)
        if self.storage.read(LAST_KEY) == game_id:
            self.storage.remove(LAST_KEY)

    # ------------------------------------------------------------------ other tabs
    def changed_elsewhere(self, key: str | None, text: str | None) -> str:
        """What another tab's change to ``key`` means for this tab: "reload" (its game
        has a newer revision), "deleted" (its game was deleted), "list" (the games list
        changed) or "" (nothing)."""
        if key is None:  # the whole storage was cleared
            return "deleted" if self.current is not None else ""
        if key == INDEX_KEY:
            return "list"
        if self.current is None or key != game_key(self.current):
            return ""
        if text is None:
            return "deleted"
        payload = read_json_or_none(text)
        return "reload" if isinstance(payload, dict) and _revision(payload) > self.revision else ""


FORKED = N_(
    "This game was changed in another tab meanwhile, so this tab's game is kept as a new "
    "game beside it (see Games)."
)
RELOADED = N_("This game was played on in another tab: here it is now.")
DELETED = N_(
    "This game was deleted in another tab; it stays here and is stored again when you play on."
)


def hear(library: Library, key: str | None, text: str | None) -> tuple[str, Session | None]:
    """The storage event of another tab's write: (what to tell the player, the game to
    show instead of this tab's, if any). ("list", None) when only the games list changed."""
    what = library.changed_elsewhere(key, text)
    if what == "reload" and library.current is not None:
        session, revision, _problem = library.read(library.current)
        if session is not None:
            library.revision = revision
            return _(RELOADED), session
        return "", None
    if what == "deleted":
        return _(DELETED), None
    return ("list" if what == "list" else ""), None


def _revision(payload: Any) -> int:
    value = payload.get(REVISION) if isinstance(payload, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
