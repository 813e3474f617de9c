"""The New game dialog as a picker: what it starts from, its quick setups (presets), and
what it keeps while the player switches between games.

- It opens on the game in play (its game, players, names, who sits where, its board and
  variations), so "New game" after a side-6 game against the computer offers just that.
- A preset fills the form in one click: a quick game against the computer, the game's
  standard board, or two people at one device.
- Switching to another game and back gives back the options typed for the first one.

Pure functions of the session and the form's fields ({name: value}), tested under CPython.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from ...i18n import N_, _
from ...levels import LEVELS
from ..computers import has_computer
from ..contract import SetupKit
from ..kits import kit_for
from ..saved.storage import SEATS, clean_settings
from ..session import BY_LINK, PERSON, Session
from .clockfield import read_clock_field

QUICK_LEVEL = 2  # the computer of a quick game: plays well enough to show the game

PRESETS = {  # name -> (label, what it sets up), translated by presets_for
    "computer": (
        N_("Quick game against the computer"),
        N_("You and a level-2 computer, small board"),
    ),
    "standard": (N_("Standard board"), N_("The board side the rules suggest")),
    "people": (N_("Two people, one device"), N_("Take turns at this screen")),
}

# Who each computer level is for, one short line each under the seats (the ladder of
# docs/strength.md: each level beats the one below in most games; level 1 loses to a
# player who takes the best stone at once).
LEVEL_LINES = {  # as "Level 3: for players who know the rules", translated by level_lines
    1: N_("Level 1: for a first game: it makes a beginner's mistakes"),
    2: N_("Level 2: for players still learning the rules"),
    3: N_("Level 3: for players who know the rules"),
    4: N_("Level 4: for practised players"),
    5: N_("Level 5: the strongest, for experts: it thinks up to 3 seconds a turn"),
}

# The form's fields, by element id or field name -> {property: value}, as dialogs.py's
# form_updates gives them.
Updates = dict[str, dict[str, Any]]


def settings_in_play(session: Session, remembered: dict[str, Any]) -> dict[str, Any]:
    """The dialog's settings for a new game like the one in play: its game, player count,
    names, seats (a computer keeps its level; a player by link stays one) and its
    options (board side, variations), over the ``remembered`` settings for the rest."""
    game = session.game
    record = game.to_record()
    variant = record.get("variant")
    options: dict[str, Any] = dict(variant) if isinstance(variant, dict) else {}
    options["size"] = record.get("size")
    players = game.player_count
    names = list(remembered.get("names") or [])
    names = (session.names + names[players:])[:SEATS]
    seats = [session.seat_of(p) for p in range(1, players + 1)]
    if session.by_link is not None:
        seats = [s if p in session.by_link.mine else BY_LINK for p, s in enumerate(seats, 1)]
    kept_seats = list(remembered.get("seats") or [])
    settings = {
        **remembered,
        "game": game.name,
        "players": players,
        "names": names,
        "seats": seats + kept_seats[players:SEATS],
        **kit_for(game.name).clean_options({**options, "players": players}),
    }
    return clean_settings(settings)


def presets_for(game: str) -> dict[str, tuple[str, str]]:
    """The presets the dialog offers for ``game`` (against the computer only when a
    computer can play it; two people only when two can play it)."""
    kit: SetupKit = kit_for(game)
    offered = {key: (_(label), _(why)) for key, (label, why) in PRESETS.items()}
    if not has_computer(game) or 2 not in kit.player_counts():
        offered.pop("computer")
    if 2 not in kit.player_counts():
        offered.pop("people")
    return offered


def level_lines(game: str) -> list[str]:
    """One line per computer level for the seats of ``game`` ("Level 3: for players who
    know the rules"); none when no computer plays it."""
    if not has_computer(game):
        return []
    return [_(LEVEL_LINES[level]) for level in LEVELS]


def preset_updates(fields: dict[str, Any], preset: str) -> Updates:
    """What the preset ``preset`` changes in the form showing ``fields``; nothing for a
    preset this game does not offer."""
    game = str(fields.get("game", ""))
    try:
        kit: SetupKit = kit_for(game)
    except ValueError:
        return {}
    if preset not in presets_for(game):
        return {}
    updates: Updates = {}
    if preset == "standard":
        updates["size"] = {"value": str(kit.manifest.default_size)}
        return updates
    updates["players"] = {"value": "2"}
    for p in range(1, SEATS + 1):
        updates[f"name-row-{p}"] = {"hidden": p > 2}
    opponent = QUICK_LEVEL if preset == "computer" else PERSON
    updates["seat1"] = {"value": str(PERSON)}
    updates["seat2"] = {"value": str(opponent)}
    if preset == "computer":  # the switcher's game: its quick side and options
        updates["size"] = {"value": str(kit.quick_size())}
        updates.update(kit.quick_form_updates(kit.quick_size()))
    # The game's own fields that follow the player count (Archipelago's Frozen box).
    updates.update(kit.form_updates({**fields, "players": "2"}, "players"))
    return updates


def _typed_settings(fields: dict[str, Any]) -> dict[str, Any]:
    """The settings the form's fields stand for, as far as they can be read: a field
    that cannot (a side left blank) keeps its default."""
    game = str(fields.get("game", ""))
    kit: SetupKit = kit_for(game)
    settings: dict[str, Any] = {"game": game}
    with suppress(ValueError):
        settings["players"] = int(str(fields.get("players")))
    try:
        settings.update(kit.read_options({**fields, "players": settings.get("players", 2)}))
    except ValueError:
        try:  # a bad side: keep the rest of the options at least
            settings.update(
                kit.read_options({**fields, "size": str(kit.manifest.default_size), "players": 2})
            )
            settings.pop("size", None)
        except ValueError:
            pass
    return settings


def switch_game(
    fields: dict[str, Any], left: str, kept: dict[str, dict[str, Any]], remembered: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The settings to draw the form with after the player picked ``fields["game"]``
    while the form showed game ``left``, and the options kept per game: the options
    typed for ``left`` are kept, and the game picked gets back the ones typed for it
    earlier in this dialog, else the remembered ones when they are that game's, else its
    defaults. Names, seats and the clock chosen so far stay."""
    game = str(fields.get("game", ""))
    kept = dict(kept)
    if left and left != game:
        with suppress(ValueError):  # an unknown game: nothing to keep
            kept[left] = _typed_settings({**fields, "game": left})
    names = [str(fields.get(f"name{p}", "")) for p in range(1, SEATS + 1)]
    seats = []
    for p in range(1, SEATS + 1):
        try:
            seats.append(int(str(fields.get(f"seat{p}", "0"))))
        except ValueError:
            seats.append(PERSON)
    earlier = kept.get(game) or (remembered if remembered.get("game") == game else {})
    settings: dict[str, Any] = {**earlier, "game": game, "names": names, "seats": seats}
    with suppress(ValueError):  # the clock chosen so far stays too (any game has clocks)
        settings["clock"] = read_clock_field(fields)
    players = str(fields.get("players", ""))
    if "players" in kept.get(game, {}):
        settings["players"] = kept[game]["players"]  # as typed for this game before
    elif players.isdigit() and int(players) in kit_for(game).player_counts():
        settings["players"] = int(players)
    return settings, kept
