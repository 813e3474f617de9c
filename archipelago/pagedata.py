"""What the page saves, shares and reads from its address, without any browser code.

A saved file or a share link holds the engine's game record plus the page's own keys,
``names`` and ``seats`` (0 for a person, else a computer level); the engine ignores
unknown top-level keys, and these functions check them. URL options
(``?embed=1&players=3&seats=h,c3,c5``) become new-game settings, each bad option named in
words and left at its default. Kept here, away from ``static/app.py``, so that CPython
tests cover them.
"""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import parse_qsl

from .errors import RecordError
from .record import from_record, to_record
from .search.levels import LEVELS  # a seat is 0 for a person, else the computer's level
from .state import GameState

DEFAULT_SETTINGS = {
    "players": 2,
    "names": ["Ann", "Bob", "Cy", "Dee"],
    "size": 7,
    "stones": 2,
    "extra": "full",
    "scoring": "standard",
    "wunchunk": False,
    "frozen": None,
    "seats": [0, 0, 0, 0],
}
LINK_PARAM = "game="  # a share link is the page address + "#game=<data>"

# URL options (?embed=1&players=3&seats=h,c3,c5 ...): name -> (allowed values, meaning).
OPTION_VALUES = {
    "embed": ("0", "1"),
    "players": ("2", "3", "4"),
    "size": tuple(str(n) for n in range(2, 13)),
    "stones": ("2", "3"),
    "extra": ("full", "half", "none"),
    "scoring": ("standard", "alternating"),
    "wunchunk": ("0", "1"),
    "frozen": ("0", "1"),
}
SEAT_WORDS = {"h": 0, **{f"c{level}": level for level in LEVELS}}


def game_from_payload(payload: Any) -> tuple[GameState, list[str], list[int]]:
    """A saved file, a link or stored data -> (GameState, names, seats). Raises RecordError."""
    if not isinstance(payload, dict):
        raise RecordError("a game record must be a JSON object")
    record = dict(payload)
    names = record.pop("names", None)
    seats = record.pop("seats", None)
    record.pop("options", None)
    state = from_record(record)
    if not (
        isinstance(names, list)
        and len(names) == state.players
        and all(isinstance(n, str) and n.strip() for n in names)
    ):
        names = [f"Player {p}" for p in state.colours]
    if not (
        isinstance(seats, list)
        and len(seats) == state.players
        and all(s in (0, *LEVELS) for s in seats)
    ):
        seats = [0] * state.players
    return state, [n.strip()[:24] for n in names], seats


def payload_of(state: GameState, names: list[str], seats: list[int] | None = None) -> dict:
    """The record of a game with the page's names and, when any, computer seats."""
    payload = to_record(state)
    payload["names"] = list(names)
    if seats and any(seats):
        payload["seats"] = list(seats)
    return payload


def parse_options(query: str) -> tuple[dict[str, Any], bool, list[str]]:
    """URL options -> (settings they set, embed?, problems in words). A bad option is
    reported and left at its default; the others still apply."""
    settings, problems, embed = {}, [], False
    seats = names = None
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        value = value.strip().lower() if key != "names" else value
        if key == "seats":
            words = [w.strip() for w in value.split(",")]
            if all(w in SEAT_WORDS for w in words):
                seats = [SEAT_WORDS[w] for w in words]
            else:
                problems.append(
                    f"seats={value} is not a list of h (a person) and c1 to c5 "
                    "(a computer of that level)"
                )
        elif key == "names":
            names = [n.strip()[:24] for n in value.split(",")]
        elif key not in OPTION_VALUES:
            problems.append(f"{key} is not an option of this page")
        elif value not in OPTION_VALUES[key]:
            allowed = OPTION_VALUES[key]
            allowed = (
                f"{allowed[0]} to {allowed[-1]}"
                if key == "size"
                else ", ".join(allowed[:-1]) + " or " + allowed[-1]
            )
            problems.append(f"{key}={value} is not allowed (use {allowed})")
        elif key == "embed":
            embed = value == "1"
        elif key in ("wunchunk", "frozen"):
            settings[key] = value == "1"
        elif key in ("players", "size", "stones"):
            settings[key] = int(value)
        else:
            settings[key] = value
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
    return settings, embed, problems


def encode_link(payload: dict) -> str:
    """Game data for a share link: compact JSON in URL-safe base64 without padding."""
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_link(text: str) -> Any:
    """The game data of a share link; raises RecordError when it cannot be read."""
    try:
        padded = text + "=" * (-len(text) % 4)
        return json.loads(base64.urlsafe_b64decode(padded.encode()).decode())
    except Exception:
        raise RecordError("the link is damaged: its game data cannot be read") from None
