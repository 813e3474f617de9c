"""Games played at a distance without a server: the game goes back and forth in links.

A game played by link has an id (``session.ByLink``), the same on every device. After a
turn, "Send your turn" gives a link holding the whole game and that id; the other
player opens it, plays, and sends theirs back. Opening such a link looks for the games
of this browser with the same id:

- none: the game goes beside the others, and this device plays the seat whose turn it is;
- one the link extends (same setup, its moves a prefix of the link's): that game is
  brought up to date, keeping which seats are played here;
- the same game: nothing to do; a newer one (the link's moves a prefix of it): the link
  is older, the stored game is kept as it is;
- otherwise (the moves part ways, or the setup differs): both are kept, the link's game
  beside the stored one, and the player is told.

A link is read like a saved file: the engine replays every move of it, and a link that
cannot be read changes nothing. Pure Python over a ``library.Library``; the browser side
is ``static/page/distance_ui.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ...errors import RecordError
from ...game import Game
from ...i18n import N_, _, joined, ngettext, whole, without_language
from ...lines import LINES_KEY, NOTES_KEY
from ..session import ByLink, Session
from .library import Library, link_state
from .links import LINK_LIMIT, LINK_PARAM, decode_link, encode_link, place_param
from .storage import session_from_payload

BAD_LINK = N_("This link does not hold a game that can be opened: {error}. Nothing was changed.")


def link_payload(session: Session) -> dict[str, Any]:
    """What a link of a game played by link holds: the record, the names and the game's
    id (which seats are played where stays on each device)."""
    payload = session.payload()
    payload.pop("seats", None)
    payload.pop("analysis", None)  # the analysis stays on this device
    for key in (LINES_KEY, NOTES_KEY):  # and so do side lines and notes: one player's thoughts
        payload.pop(key, None)
    if session.by_link is not None:
        payload["by_link"] = {"id": session.by_link.game_id}
    return payload


def share_payload(session: Session) -> dict[str, Any]:
    """What the Share dialog's link holds: the game without its id of a game played by
    link, so that whoever opens it gets a game of their own."""
    payload = session.payload()
    payload.pop("by_link", None)
    payload.pop("analysis", None)  # a link carries the game, not the computer's analysis
    return payload


def share_place(session: Session) -> tuple[int, int] | None:
    """Where Share may open the link: (the line, as ``LineTree.lines`` numbers it, 0
    for the main line; its turn) of the position reviewed, None at the game itself."""
    study, turn = session.study, session.viewing
    if turn is None:
        return None
    if not study.on_side_line:
        return 0, turn
    paths = [line.path for line in study.tree.lines()]
    return (paths.index(study.followed), turn) if study.followed in paths else None


def share_place_words(session: Session) -> str:
    """The Share dialog's words for that place ("turn 12", "turn 5 of a side line"),
    "" when there is none."""
    place = share_place(session)
    if place is None:
        return ""
    line, turn = place
    if line:
        return _("turn {turn} of a side line").format(turn=turn)
    return _("turn {turn}").format(turn=turn)


def share_link(page_address: str, session: Session, at_turn: bool) -> tuple[str, str]:
    """The Share dialog's link (at the position reviewed with ``at_turn``, on any line)
    and "", or no link and why: a link too long to be carried, with what to do instead."""
    base = without_language(page_address.split("#")[0])
    link = f"{base}#{LINK_PARAM}{encode_link(share_payload(session))}"
    place = share_place(session)
    if at_turn and place is not None:
        link += place_param(*place)
    if len(link) > LINK_LIMIT:
        return "", _(
            "This game's link would be {length} characters long, more than most apps "
            "carry: save the game as a file (Save as a file) and send the file instead."
        ).format(length=whole(len(link)))
    return link, ""


def turn_link(page_address: str, session: Session) -> str:
    """The link "Send your turn" gives: the page's address with the game in its hash."""
    base = without_language(page_address.split("#")[0])
    return f"{base}#{LINK_PARAM}{encode_link(link_payload(session))}"


def turns_of(game: Game) -> list[Any]:
    """The game's finished turns as its record writes them: the same on every device
    whatever order a turn's moves were made in (a turn under way is not sent)."""
    turns = game.to_record().get("turns")
    return list(turns) if isinstance(turns, list) else []


def _setup(game: Game) -> dict[str, Any]:
    record = game.to_record()
    record.pop("turns", None)
    return record


def compare(stored: Game, incoming: Game) -> str:
    """How a link's game stands to the stored one: "same", "newer" (the link extends
    it), "older" (the stored game extends the link) or "conflict"."""
    if _setup(stored) != _setup(incoming):
        return "conflict"
    mine, theirs = turns_of(stored), turns_of(incoming)
    if mine == theirs:
        return "same"
    if theirs[: len(mine)] == mine:
        return "newer"
    if mine[: len(theirs)] == theirs:
        return "older"
    return "conflict"


@dataclass
class Opened:
    """What opening a link does: the game to show (None: the page stays as it is), what
    to tell the player (``kind`` "info" or "error"), and whether the game goes beside
    the others as a new one (else it is the library's current game, already chosen)."""

    session: Session | None
    message: str
    kind: str = "info"
    beside: bool = False


def read_link(data: str) -> Session:
    """The game of a link's data (after ``#game=``), every move checked by the engine.
    RecordError (or another ArchipelagoError) says what is wrong."""
    payload = decode_link(data)
    session = session_from_payload(payload)
    if isinstance(payload, dict) and "by_link" in payload and session.by_link is None:
        raise RecordError(_("the id of its game played by link is damaged"))
    return session


def open_link(data: str, library: Library | None) -> Opened:
    """Open a link's game (``data`` is what follows ``#game=``) among the games of this
    browser, as the module's docstring says. Nothing is changed when it cannot be read."""
    try:
        incoming = read_link(data)
    except (RecordError, ValueError, TypeError, RecursionError) as error:
        return Opened(None, _(BAD_LINK).format(error=error), "error")
    linked = incoming.by_link
    if linked is None:  # an ordinary share link: a new game beside the others ...
        same = library.find_same(incoming) if library is not None else None
        if same is not None:  # ... unless it is one of them already (opened before)
            stored, _problem = library.open(same) if library is not None else (None, "")
            if stored is not None:
                return Opened(
                    stored, _("This link holds a game you already have: here it is, as kept.")
                )
        return Opened(
            incoming,
            _(
                "Opened the game from the share link as a new game; your other games are "
                "under Games."
            ),
            beside=True,
        )
    received = len(incoming.game.history_codes())
    mover = incoming.game.to_move
    found: dict[str, tuple[str, Session]] = {}  # how it compares -> (slot, stored game)
    for slot, stored in _slots(library, linked.game_id):
        found.setdefault(compare(stored.game, incoming.game), (slot, stored))
    if "newer" in found or "same" in found:
        how = "newer" if "newer" in found else "same"
        slot, stored = found[how]
        assert library is not None and stored.by_link is not None
        library.open(slot)
        if how == "same":
            return Opened(stored, _("This link holds the game as you already have it."))
        mine = stored.by_link.mine
        updated = Session(incoming.game, stored.names, None, ByLink(linked.game_id, mine, received))
        return Opened(updated, arrived_words(updated))
    if "older" in found:
        slot, stored = found["older"]
        assert library is not None
        library.open(slot)
        return Opened(
            stored,
            _(
                "This link holds an older state of this game ({turns}; you have {yours}), so "
                "your game is kept as it is."
            ).format(turns=_turns(incoming), yours=_turns(stored)),
        )
    if found:  # the stored game and the link's part ways: keep both
        _slot, stored = next(iter(found.values()))
        mine = stored.by_link.mine if stored.by_link is not None else ()
        both = Session(incoming.game, incoming.names, None, ByLink(linked.game_id, mine, received))
        return Opened(
            both,
            _(
                "This link's game differs from the one you have (its moves part ways with "
                "yours), so both are kept: the link's game is here, yours is under Games."
            ),
            beside=True,
        )
    mine = (mover,) if mover is not None else ()
    fresh = Session(incoming.game, incoming.names, None, ByLink(linked.game_id, mine, received))
    return Opened(
        fresh,
        _("Opened a game of {game} played by link with {names}.").format(
            game=fresh.kit.title, names=_names(_others(fresh))
        )
        + " "
        + arrived_words(fresh, first=True),
        beside=True,
    )


def _slots(library: Library | None, game_id: str) -> list[tuple[str, Session]]:
    """The stored games (slot, session) played by link with id ``game_id``."""
    if library is None:
        return []
    slots = []
    for entry in library.entries():
        if entry.get("link") != game_id:
            continue
        stored, _revision, _problem = library.read(entry["id"])
        if stored is not None and stored.by_link is not None:
            slots.append((entry["id"], stored))
    return slots


def _turns(session: Session) -> str:
    count = session.kit.finished_turns(session.game)
    return ngettext("{n} turn", "{n} turns", count).format(n=count)


def _names(names: list[str]) -> str:
    return joined(names) or _("no one")


def arrived_words(session: Session, first: bool = False) -> str:
    """What the player is told when a link brings the game."""
    game = session.game
    turns = session.kit.turns(game)
    sender = session.name_of(turns[-1][0]) if turns and not first else ""
    if game.is_over:
        if sender:
            return _("{name} has played the last turn: the game is over.").format(name=sender)
        return _("The game is over.")
    if session.waiting_for_link:
        return _("It is {name}'s turn, on their own device.").format(
            name=session.name_of(game.to_move or 0)
        )
    if sender:
        return _("{name} has played: it is your turn.").format(name=sender)
    return _("It is your turn.")


def can_send(session: Session) -> bool:
    """Whether "Send your turn" is offered: the turn has gone to a player on another
    device, or this device played the game's last turn (so that they see its end)."""
    if session.by_link is None:
        return False
    played_here = len(session.game.history_codes()) > session.by_link.received
    return session.waiting_for_link or (session.game.is_over and played_here)


def status_html(session: Session) -> str:
    """The line under the status in a game played by link: whose turn it is and, once
    the turn has passed to another device, the button that sends it."""
    if session.by_link is None:
        return ""
    game = session.game
    if game.is_over:
        words = _("Played by link with {names}").format(names=_names(_others(session)))
        mark = "over"
    elif session.waiting_for_link:
        words = _("Waiting for {name}'s turn (send them the link)").format(
            name=session.name_of(game.to_move or 0)
        )
        mark = "waiting"
    else:
        words, mark = link_state(session), "yours"
    button = (
        '<button type="button" id="send-turn" data-command="send-turn">'
        f"{escape(send_label(session))}</button>"
        if can_send(session)
        else ""
    )
    return f'<p class="by-link" data-link-turn="{mark}">{escape(words)}. {button}</p>'


def send_label(session: Session) -> str:
    if not session.game.history_codes():
        return _("Send the invitation")
    return _("Send the last turn") if session.game.is_over else _("Send your turn")


def _others(session: Session) -> list[str]:
    """The names of the players on other devices."""
    mine = session.by_link.mine if session.by_link else ()
    return [n for p, n in enumerate(session.names, start=1) if p not in mine]


def send_note(session: Session) -> str:
    """The Send dialog's words: to whom (the player to move; everyone else once the game
    is over), and what happens next."""
    game = session.game
    if game.is_over:
        return _("Send this link to {names} so that they see how the game ended.").format(
            names=_names(_others(session))
        )
    return _(
        "Send this link to {name} (by mail or a message). It holds the whole game, and the "
        "page that opens it checks every move; when {name} has played, their link brings "
        "the game back here."
    ).format(name=session.name_of(game.to_move or 0))
