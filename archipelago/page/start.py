"""Which game the page opens with, and what it reads from files and links.

At start a share link wins, else the game the URL options ask for, else the stored game,
else a new one from the remembered settings. Pure functions of the address, the storage
and the settings, so CPython tests cover every path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArchipelagoError, RecordError
from ..i18n import _
from ..reading import read_json
from ..registry import DEFAULT_GAME
from .computers import has_computer
from .kits import kit_for
from .saved.library import Library
from .saved.storage import (
    EMBED_GAME_KEY,
    Storage,
    clean_settings,
    session_from_payload,
    session_from_settings,
)
from .session import PERSON, Session
from .setup.options import parse_options


@dataclass
class Start:
    """How the page starts: the session, and what it tells the player."""

    session: Session
    embed: bool = False
    url_settings: dict[str, Any] | None = None  # an embedded page's New game setup
    signature: str | None = None  # the URL options an embedded game was set up with
    drop_query: bool = False  # the options were used: a reload keeps the game instead
    beside: bool = False  # a game from the URL: it goes beside the stored games
    first_visit: bool = False  # nothing stored, no setup asked for: say hello
    problems: list[str] = field(default_factory=list)  # messages for the player


def plan_start(
    query: str, storage: Storage, settings: dict[str, Any], library: Library | None = None
) -> Start:
    """The game to show for an address's ``query``; an embedded page switches
    ``storage`` to its own key. With a ``library`` (the full page) the game comes from
    the list of games, and a game the URL asks for goes beside them."""
    options, embed, bad = parse_options(query)
    url_settings = embed_settings(options, set_up=bool(bad)) if embed else None
    if embed:
        storage.game_key = EMBED_GAME_KEY
    signature = options_signature(options)
    problems = []
    # A first visit: nothing stored, and an address that asks for no game or only names
    # one (``?game=NAME``, a link to a game's page); static/start/first_paint.js
    # decides the same before Python is up.
    first_visit = (
        library is not None and not embed and set(options) <= {"game"} and library.is_empty()
    )
    problem = library.migrate() if library is not None and not embed else ""
    stored = storage.stored_game()
    if options and not (embed and isinstance(stored, dict) and stored.get("options") == signature):
        # Options start their game (an embedded one keeps it while its URL stays the same).
        session = session_from_settings(url_settings or linked_settings(settings, options))
        if problem:
            problems.append(
                _(
                    "The game kept from your last visit could not be read ({problem}); it is "
                    "kept aside in the browser's storage."
                ).format(problem=problem)
            )
    elif library is not None and not embed:
        kept, opened = library.open_last()
        problem = problem or opened
        session = kept or (first_game(settings) if first_visit else session_from_settings(settings))
        if problem:
            problems.append(_unreadable_last(problem))
    else:
        kept, problem = storage.game()
        session = kept or session_from_settings(url_settings or settings)
        if problem:
            problems.append(_unreadable_last(problem))
    if bad:
        problems.append(bad_options_message(bad, started=bool(options) or embed))
    return Start(
        session,
        embed,
        url_settings,
        signature if embed else None,
        # Once read, the options leave the address (the full page only: an embedded board
        # keeps its URL), so a reload neither starts their game again nor repeats a message.
        bool(options or bad) and not embed,
        bool(options) and not embed and library is not None,
        first_visit,
        problems,
    )


def _unreadable_last(problem: str) -> str:
    return _(
        "The game kept from your last visit could not be read ({problem}), so a new game "
        "was started; the old one is kept aside in the browser's storage."
    ).format(problem=problem)


def bad_options_message(bad: list[str], started: bool) -> str:
    """What the page says of the address's options it could not use: with ``started``
    the others began a new game where these took their defaults; else nothing in the
    address was usable, so the game in play is shown as it was."""
    listed = "; ".join(bad)
    if started:
        return _(
            "A new game was started from the address, but some of its options were not "
            "understood and take their usual values: {options}."
        ).format(options=listed)
    return _(
        "The options in the address were not understood, so no new game was started and "
        "your game is shown as it was: {options}."
    ).format(options=listed)


def options_signature(options: dict[str, Any]) -> str | None:
    """The text an embedded game is stored with, to know its URL options again. The
    default game is left out, as it was before the ``game`` option existed, so that
    games embedded by an older build keep their signature (a new build loses no game)."""
    kept = {key: value for key, value in options.items() if (key, value) != ("game", DEFAULT_GAME)}
    return json.dumps(kept, sort_keys=True) if options else None


def linked_settings(settings: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The settings of the game a full page's URL ``options`` ask for. A link that only
    names a game (``?game=NAME``, a newcomer's way in) starts it as the header's
    switcher does, against the computer on its quick board; a link that sets the game up
    (``size``, ``seats``, ``komi``...) is its author's choice: its options go over the
    remembered settings, as ever, but for the clock: a linked game has the link's, or none."""
    clock = {"clock": options.get("clock", "")}
    if set(options) == {"game"}:
        return {**switched_game_settings(settings, options["game"]), **clock}
    return {**url_game_settings(settings, options), **clock}


def embed_settings(options: dict[str, Any], set_up: bool = False) -> dict[str, Any]:
    """The setup of the game an embedded page's URL ``options`` ask for, which its New
    game repeats. A link that names at most the game (``?embed=1&game=NAME``, the
    theme, the language or a poster aside) starts it as the full page's bare link does:
    the visitor against the computer on the game's quick board with its quick options
    (nothing asked first). A link that sets the game up (``size``, ``seats``, a game's
    own options...) gets that, over the game's defaults; so does one that tried
    to (``set_up``: options it could not use, which take their usual values). A frame in
    another site's page takes nothing from this browser's remembered settings: its author
    chose."""
    if set(options) <= {"game"} and not set_up:
        return clean_settings(switched_game_settings({}, options.get("game", DEFAULT_GAME)))
    return clean_settings(options)


def url_game_settings(settings: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The settings of a game the full page's URL options ask for: the remembered
    settings with the options over them, or, for another game than the remembered one,
    only the remembered names and seats (that game's options start at its defaults)."""
    if options.get("game", settings.get("game")) == settings.get("game"):
        return {**settings, **options}
    kept: dict[str, Any] = {key: settings[key] for key in ("names", "seats") if key in settings}
    return {**kept, **options}


FIRST_LEVEL = 2  # a first game's computer: plays well enough to show the game, not to crush


def first_game(settings: dict[str, Any], people: bool = False, game: str = DEFAULT_GAME) -> Session:
    """A first visit's game of ``game`` (Archipelago unless a link names another): you
    against a level-2 computer on the game's quick board, you opening, with the game's
    quick options (a question a newcomer is not asked first, settled); with ``people``, two people
    at this screen instead."""
    seats = [PERSON, PERSON if people else FIRST_LEVEL, PERSON, PERSON]
    kit = kit_for(game)
    size = kit.quick_size()
    first = {"game": game, "size": size, "players": 2, "seats": seats, **kit.quick_options(size)}
    return session_from_settings({**settings, **first})


def switched_game_settings(settings: dict[str, Any], game: str) -> dict[str, Any]:
    """The settings of the game the header's switcher starts for ``game`` (and a link
    that only names it): as a first visit's, you against the computer on the game's
    quick (phone-sized) board with its quick options, you opening, with the remembered
    names and the remembered computer's level when seat 2 was one; a game no computer
    plays two-handed gets its defaults instead."""
    switched = url_game_settings(settings, {"game": game})
    kit = kit_for(game)
    if not has_computer(game) or 2 not in kit.player_counts():
        return switched
    remembered = list(settings.get("seats") or [])
    level = remembered[1] if len(remembered) > 1 and remembered[1] > PERSON else FIRST_LEVEL
    size = kit.quick_size()
    return {
        **{key: settings[key] for key in ("names",) if key in settings},
        "game": game,
        "size": size,
        "players": 2,
        "seats": [PERSON, level, PERSON, PERSON],
        **kit.quick_options(size),
    }


def session_from_file(text: str) -> Session:
    """A saved file's game; RecordError (or another ArchipelagoError) says what is wrong."""
    payload = read_json(text, _("the file"))
    try:
        return session_from_payload(payload)
    except ArchipelagoError:
        raise
    except (TypeError, ValueError, RecursionError) as error:
        raise RecordError(_("it cannot be read ({error})").format(error=error)) from None


def file_refusal(name: str, error: Exception) -> str:
    """What the page says of a file ``name`` that ``session_from_file`` refused with
    ``error``: what is wrong with a game's file, or that it is none."""
    if isinstance(error, ArchipelagoError):
        return _("Could not load {name}: {error}. The current game is unchanged.").format(
            name=name, error=error
        )
    return _("Could not read {name}. The current game is unchanged.").format(name=name)
