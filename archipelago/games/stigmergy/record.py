"""Stigmergy game records in JSON.

    {"game": "stigmergy", "format": 2, "size": 8, "variant": {},
     "turns": ["5", "play-second", "e5", "f6", "e5x", "take-button", "pass", "pass"]}

``size`` is the board side (3 to 10; 8 when left out). ``variant`` may hold ``komi``, a komi
agreed in advance: then there is no proposal, player 1 places first and player 2 receives
it. Without it, turn 1 is player 1's komi proposal and turn 2 player 2's answer. Reading
replays and checks every move; an error names the turn (from 1), the move and why.
Writing uses the canonical spelling of every move. Other top-level keys (a page's player
names, say) are left alone. ``format`` is the record's format version: a record without
one was written before formats were numbered and is read as format 0 (``MIGRATIONS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from archipelago.errors import ArchipelagoError, RecordError
from archipelago.i18n import _
from archipelago.reading import FORMAT_KEY, brief, show, upgrade

from .geometry import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, geometry_for
from .notation import check_komi
from .position import StigmergyPosition

GAME_NAME = "stigmergy"
VARIANT_KEYS = ("komi",)
FORMAT = 2  # the record format this code writes (``archipelago.reading.upgrade``)
P = TypeVar("P", bound=StigmergyPosition)


def _from_format_0(record: dict[str, Any]) -> dict[str, Any]:
    """Records written before formats were numbered: they were read the same way, except
    that a komi proposal could carry a plus sign (``+5``), which Abstract Play refuses."""
    turns = record.get("turns")
    if isinstance(turns, list) and turns and isinstance(turns[0], str):
        first = turns[0].strip()
        if re.fullmatch(r"\+[0-9]{1,4}", first):
            record = {**record, "turns": [first[1:], *turns[1:]]}
    return record


# Format 2 added side lines and notes (``archipelago.lines``), which format 1 had none of.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_format_0, 1: dict}


def to_record(game: StigmergyPosition) -> dict[str, Any]:
    """The record of a game as a JSON-ready dict."""
    variant: dict[str, Any] = {}
    if game.fixed_komi is not None:
        variant["komi"] = game.fixed_komi
    return {
        "game": GAME_NAME,
        FORMAT_KEY: FORMAT,
        "size": game.size,
        "variant": variant,
        "turns": [game.code_text(code) for code in game.history_codes()],
    }


def _size(record: Mapping[str, Any]) -> int:
    size = record.get("size", DEFAULT_SIZE)
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise RecordError(
            _(
                '"size" must be a whole number from {low} to {high} (the board side), not {value}'
            ).format(low=MIN_SIZE, high=MAX_SIZE, value=show(size))
        )
    return size


def _fixed_komi(record: Mapping[str, Any], size: int) -> int | None:
    variant = record.get("variant", {})
    if not isinstance(variant, dict):
        raise RecordError(_('"variant" must be an object'))
    unknown = sorted(set(variant) - set(VARIANT_KEYS))
    if unknown:
        known = ", ".join(f'"{key}"' for key in VARIANT_KEYS)
        raise RecordError(
            _("unknown variant key {key} (Stigmergy knows {known})").format(
                key=show(unknown[0]), known=known
            )
        )
    if "komi" not in variant:
        return None
    try:
        return check_komi(geometry_for(size), variant["komi"])
    except ArchipelagoError as error:
        raise RecordError(_('variant "komi": {error}').format(error=error)) from None


def replay(record: Any, new_game: Callable[[int, int | None], P]) -> P:
    """Replay a record (a dict as read from JSON) into ``new_game(size, fixed_komi)``,
    checking every move. ``StigmergyGame.from_record`` passes its class."""
    if not isinstance(record, Mapping):
        raise RecordError(_("a game record must be a JSON object"))
    if record.get("game") != GAME_NAME:
        raise RecordError(_('"game" must be "{name}"').format(name=GAME_NAME))
    record = upgrade(record, FORMAT, MIGRATIONS, "Stigmergy")
    players = record.get("players", 2)
    if players != 2 or isinstance(players, bool):
        raise RecordError(
            _('Stigmergy has 2 players, not "players": {value}').format(value=show(players))
        )
    size = _size(record)
    game = new_game(size, _fixed_komi(record, size))
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        raise RecordError(_('"turns" must be a list of moves'))
    for turn, text in enumerate(turns, start=1):
        if not isinstance(text, str):
            raise RecordError(
                _("turn {turn}: a move is written as text, not {value}").format(
                    turn=turn, value=show(text)
                )
            )
        try:
            game.push_code(game.parse_code(text))
        except ArchipelagoError as error:
            raise RecordError(
                _("turn {turn} ({move}): {error}").format(
                    turn=turn, move=brief(text.strip()), error=error
                )
            ) from None
    return game


def dumps(game: StigmergyPosition) -> str:
    return json.dumps(to_record(game))
