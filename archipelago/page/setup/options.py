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

from ...clock import parse_rule
from ...i18n import LANGUAGES, _, ngettext
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
    "clock": None,  # archipelago.clock's text: clock=fischer:15+1
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
        count = f"{len(query):,}"
        return (
            {},
            False,
            [_("the address's options are {n} characters long, too long").format(n=count)],
        )
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
                problems.append(
                    _("{option}={value} is not allowed (use {allowed})").format(
                        option=key, value=value, allowed=_choices(game_names())
                    )
                )
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
        if key in ("game", "puzzle"):  # puzzle: read by archipelago.page.puzzles.mode
            continue
        if key not in COMMON_OPTIONS and key not in own:
            others = [_(kit_for(g).title) for g, keys in everyone.items() if key in keys]
            problems.append(
                _("{option} is not an option of {game} (it is an option of {others})").format(
                    option=key, game=_(kit.title), others=_choices(others)
                )
                if others
                else _("{option} is not an option of this page").format(option=key)
            )
        elif key == "seats":
            words = [w.strip() for w in value.split(",")]
            if all(w in SEAT_WORDS for w in words):
                seats = [SEAT_WORDS[w] for w in words]
            else:
                problems.append(
                    _(
                        "seats={value} is not a list of h (a person) and c1 to c5 "
                        "(a computer of that level)"
                    ).format(value=value)
                )
        elif key == "names":
            if unsafe_character(value):
                problems.append(
                    _("names={value} holds a control character").format(value=quote(value))
                )
            else:
                names = [n.strip()[:NAME_LENGTH] for n in value.split(",")]
        elif key == "clock":
            try:
                rule = parse_rule(value)
            except ValueError as error:  # a game timed otherwise than asked is no game
                return {}, embed, [*problems, str(error)]
            settings["clock"] = rule.text() if rule is not None else ""
        elif key in ("players", "size"):
            allowed = kit.player_counts() if key == "players" else kit.manifest.sizes
            number = ascii_int(value)
            if number is not None and number in allowed:
                settings[key] = number
            else:
                problems.append(
                    _("{option}={value} is not allowed for {game} (use {allowed})").format(
                        option=key, value=value, game=_(kit.title), allowed=_span(allowed)
                    )
                )
        elif own.get(key, ()) is None:
            checked.append((key, value))
        else:
            values = {**COMMON_OPTIONS, **own}[key] or ()
            option = manifest.option(key)
            if value not in values:
                problems.append(
                    _("{option}={value} is not allowed (use {allowed})").format(
                        option=key, value=value, allowed=_choices(values)
                    )
                )
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
            problems.append(
                ngettext(
                    "seats gives {seats} seat for {players} players",
                    "seats gives {seats} seats for {players} players",
                    len(seats),
                ).format(seats=len(seats), players=players)
            )
    if names is not None:
        if len(names) == players and all(names):
            settings["names"] = names + DEFAULT_SETTINGS["names"][players:]
        else:
            problems.append(
                ngettext(
                    "names gives {names} name for {players} players",
                    "names gives {names} names for {players} players",
                    len(names),
                ).format(names=len(names), players=players)
            )
    if settings or chosen:
        settings["game"] = game
    return settings, embed, problems


def _choices(values: Iterable[str]) -> str:
    words = list(values)
    if len(words) == 1:
        return words[0]
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _span(values: range) -> str:
    if len(values) == 1:
        return str(values[0])
    return _("{low} to {high}").format(low=values[0], high=values[-1])


def url_theme(query: str) -> str | None:
    """The theme the address asks for (``theme=light`` or ``dark``; ``auto`` follows the
    system), None when it names none or a bad one (parse_options names that)."""
    chosen = dict(parse_qsl(query.lstrip("?"))).get("theme", "").strip().lower()
    allowed = COMMON_OPTIONS["theme"] or ()
    return chosen if chosen in allowed else None
