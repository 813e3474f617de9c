"""The page's URL options, without any browser code.

URL options (``?embed=1&players=3&seats=h,c3,c5``, ``?game=NAME&size=6`` and a game's own
options) become new-game settings, each checked against the chosen game's rules and
manifest, each bad one named in words and left at its default. Kept here, away from
``static/``, so that CPython tests cover them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl

from ...i18n import LANGUAGES
from ...levels import LEVELS
from ...reading import ascii_int, brief, quote, unsafe_character
from ...registry import DEFAULT_GAME, game_names, manifest_of, manifests
from ..contract import SetupKit
from ..kits import kit_for
from ..saved.storage import SEATS
from ..session import NAME_LENGTH

_DEFAULT = manifest_of(DEFAULT_GAME)
DEFAULT_SETTINGS: dict[str, Any] = {
    "players": _DEFAULT.players[0],
    "names": ["Ann", "Bob", "Cy", "Dee"],
    "size": _DEFAULT.default_size,
    **_DEFAULT.option_defaults(),
    "seats": [0] * SEATS,
}
MAX_QUERY = 2_000  # characters of the URL options; real ones are under 200

# URL options (?embed=1&players=3&seats=h,c3,c5 ...). ``game`` picks the game (the
# default game when absent); ``players`` and ``size`` follow that game's rules; the others
# are options of every game, or of one game only, from its manifest (name -> allowed
# words; None: checked in code).
COMMON_OPTIONS: dict[str, tuple[str, ...] | None] = {
    "embed": ("0", "1"),
    "start": ("click", "now"),  # click: a poster until Play (static/start/poster.js)
    "theme": ("auto", "light", "dark"),  # an embedded page's, over the stored one
    "lang": LANGUAGES,  # the page's language, over the settings' and the browser's
    "game": tuple(game_names()),
    "players": None,
    "size": None,
    "seats": None,
    "names": None,
}


def game_options() -> dict[str, dict[str, tuple[str, ...] | None]]:
    """Each game's own URL options: {game: {option: allowed words, or None}}."""
    return {m.name: {o.key: (None if o.check else o.words) for o in m.options} for m in manifests()}


SEAT_WORDS = {"h": 0, **{f"c{level}": level for level in LEVELS}}


def parse_options(query: str) -> tuple[dict[str, Any], bool, list[str]]:
    """URL options -> (settings they set, embed?, problems in words). A bad option is
    reported and left at its default; the others still apply. Settings name their game
    (Archipelago unless ``game`` says otherwise), and each option is checked against it."""
    if len(query) > MAX_QUERY:
        return {}, False, [f"the address's options are {len(query):,} characters long, too long"]
    pairs = [
        (brief(key), value if key == "names" else brief(value.strip().lower()))
        for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True)
    ]
    problems: list[str] = []
    game, chosen = DEFAULT_GAME, False
    for key, value in pairs:
        if key == "game":
            if value in game_names():
                game, chosen = value, True
            else:
                problems.append(f"game={value} is not allowed (use {_choices(game_names())})")
    kit: SetupKit = kit_for(game)
    manifest = manifest_of(game)
    everyone = game_options()
    own = everyone.get(game, {})
    settings: dict[str, Any] = {}
    embed = False
    seats: list[int] | None = None
    names: list[str] | None = None
    checked: list[tuple[str, str]] = []  # options checked in code, once the size is known
    for key, value in pairs:
        if key == "game":
            continue
        if key not in COMMON_OPTIONS and key not in own:
            others = [kit_for(g).title for g, keys in everyone.items() if key in keys]
            problems.append(
                f"{key} is not an option of {kit.title} (it is an option of {_choices(others)})"
                if others
                else f"{key} is not an option of this page"
            )
        elif key == "seats":
            words = [w.strip() for w in value.split(",")]
            if all(w in SEAT_WORDS for w in words):
                seats = [SEAT_WORDS[w] for w in words]
            else:
                problems.append(
                    f"seats={value} is not a list of h (a person) and c1 to c5 "
                    "(a computer of that level)"
                )
        elif key == "names":
            if unsafe_character(value):
                problems.append(f"names={quote(value)} holds a control character")
            else:
                names = [n.strip()[:NAME_LENGTH] for n in value.split(",")]
        elif key in ("players", "size"):
            allowed = kit.player_counts() if key == "players" else kit.manifest.sizes
            number = ascii_int(value)
            if number is not None and number in allowed:
                settings[key] = number
            else:
                problems.append(
                    f"{key}={value} is not allowed for {kit.title} (use {_span(allowed)})"
                )
        elif own.get(key, ()) is None:
            checked.append((key, value))
        else:
            values = {**COMMON_OPTIONS, **own}[key] or ()
            option = manifest.option(key)
            if value not in values:
                problems.append(f"{key}={value} is not allowed (use {_choices(values)})")
            elif key == "embed":
                embed = value == "1"
            elif option is not None:
                settings[key] = option.setting(value)
    for key, value in checked:
        option = manifest.option(key)
        assert option is not None and option.check
        try:
            read = manifest.load(option.check)
            settings[key] = read(value, {"size": kit.manifest.default_size, **settings})
        except ValueError as error:
            problems.append(str(error))
    players = settings.get("players", DEFAULT_SETTINGS["players"])
    if seats is not None:
        if len(seats) == players:
            settings["seats"] = seats + [0] * (4 - players)
        else:
            problems.append(f"seats gives {len(seats)} seats for {players} players")
    if names is not None:
        if len(names) == players and all(names):
            settings["names"] = names + DEFAULT_SETTINGS["names"][players:]
        else:
            problems.append(f"names gives {len(names)} names for {players} players")
    if settings or chosen:
        settings["game"] = game
    return settings, embed, problems


def _choices(values: Iterable[str]) -> str:
    words = list(values)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _span(values: range) -> str:
    return str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"


def url_theme(query: str) -> str | None:
    """The theme the address asks for (``theme=light`` or ``dark``; ``auto`` follows the
    system), None when it names none or a bad one (parse_options names that)."""
    chosen = dict(parse_qsl(query.lstrip("?"))).get("theme", "").strip().lower()
    allowed = COMMON_OPTIONS["theme"] or ()
    return chosen if chosen in allowed else None
