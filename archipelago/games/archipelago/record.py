"""Game records in JSON.

    {"game": "archipelago", "format": 2, "size": 7, "players": 3, "variant": {...},
     "turns": ["1g7", "2f6,2f7", "pass"], "current": "1f4"}

Every turn string ends that player's turn, even with fewer stones than the allowance
(RULINGS R6), and ``resign`` is a turn of its own (R15); ``current`` holds the stones of a
turn still in progress. Reading replays and
checks every move; an error names the turn (1-based) and the stone. Writing uses the
canonical spelling of each turn (RULINGS R3).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from archipelago.errors import ArchipelagoError, IllegalMoveError, NotationError, RecordError
from archipelago.hexgrid import MAX_SIZE, MIN_SIZE
from archipelago.i18n import N_, _
from archipelago.reading import FORMAT_KEY, brief, show, upgrade

from .notation import format_turn, parse_stone, split_turn
from .position import MAX_PLAYERS, MIN_PLAYERS, Position
from .resignation import RESIGN_WORD
from .variant import Variant

GAME_NAME = "archipelago"
FORMAT = 2  # the record format this code writes (``archipelago.reading.upgrade``)
# Format 0, records written before formats were numbered, reads as format 1 does; format
# 2 added side lines and notes (``archipelago.lines``), which format 1 had none of.
MIGRATIONS = {0: dict, 1: dict}
P = TypeVar("P", bound=Position)


def to_record(state: Position) -> dict[str, Any]:
    """The record of a game as a JSON-ready dict."""
    record: dict[str, Any] = {
        "game": GAME_NAME,
        FORMAT_KEY: FORMAT,
        "size": state.size,
        "players": state.players,
        "variant": state.variant.to_dict(state.players),
        "turns": _turn_strings(state),
    }
    if state.turn_stones:
        record["current"] = format_turn(state.board, state.turn_stones)
    return record


def _turn_strings(state: Position) -> list[str]:
    """The finished turns in order, with each resignation where it was played."""
    played = [format_turn(state.board, turn) for turn in state.turns]
    return state.with_resignations(played, lambda _player: RESIGN_WORD)


def dumps(state: Position) -> str:
    return json.dumps(to_record(state))


def _whole_number(record: dict[str, Any], key: str, low: int, high: int, what: str) -> int:
    value = record.get(key)
    if value is None:
        raise RecordError(_('the record has no "{key}"').format(key=key))
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(
            _('"{key}" must be a whole number from {low} to {high} ({what}), not {given}').format(
                key=key, low=low, high=high, what=_(what), given=show(value)
            )
        )
    return value


def _play_stones(state: Position, turn: int, text: str, *, finish: bool) -> None:
    """Play one turn string; ``finish`` ends the turn if stones are left over."""
    try:
        parts = split_turn(text)
    except NotationError as error:
        raise RecordError(_("turn {turn}: {error}").format(turn=turn, error=error)) from None
    if not parts:
        if not finish:
            raise RecordError(
                _('turn {turn}: "current" holds the stones of a turn, not a pass').format(turn=turn)
            )
        try:
            state.pass_turn()
        except IllegalMoveError as error:
            raise RecordError(
                _("turn {turn} (pass): {error}").format(turn=turn, error=error)
            ) from None
        return
    played = len(state.turns)
    for number, part in enumerate(parts, start=1):
        try:
            if len(state.turns) != played and not state.is_over:
                allowance = len(state.turns[-1])  # the turn ended when its stones ran out
                raise IllegalMoveError(
                    _("more stones than the turn's allowance of {n}").format(n=allowance)
                )
            colour, cell = parse_stone(state.board, part)
            state.place(colour, cell)
        except ArchipelagoError as error:
            raise RecordError(
                _("turn {turn}, stone {number} ({stone}): {error}").format(
                    turn=turn, number=number, stone=brief(part), error=error
                )
            ) from None
    if finish and len(state.turns) == played:
        state.end_turn()


def replay(record: Any, new_game: Callable[[int, int, Variant], P]) -> P:
    """Replay a record (a dict as read from JSON) into ``new_game(size, players, variant)``,
    checking every move. ``GameState.from_record`` passes its class."""
    if not isinstance(record, dict):
        raise RecordError(_("a game record must be a JSON object"))
    if record.get("game") != GAME_NAME:
        raise RecordError(_('"game" must be "{name}"').format(name=GAME_NAME))
    record = upgrade(record, FORMAT, MIGRATIONS, "Archipelago")
    size = _whole_number(record, "size", MIN_SIZE, MAX_SIZE, N_("the board side"))
    players = _whole_number(record, "players", MIN_PLAYERS, MAX_PLAYERS, N_("the player count"))
    variant = Variant.from_dict(record.get("variant", {}))
    turns = record.get("turns", [])
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise RecordError(_('"turns" must be a list of turn strings'))
    current = record.get("current", "")
    if not isinstance(current, str):
        raise RecordError(_('"current" must be a string of stones'))
    state = new_game(size, players, variant)
    for turn, text in enumerate(turns, start=1):
        if text.strip().lower() == RESIGN_WORD:
            try:
                state.resign()
            except IllegalMoveError as error:
                raise RecordError(
                    _("turn {turn} (resign): {error}").format(turn=turn, error=error)
                ) from None
            continue
        _play_stones(state, turn, text, finish=True)
    if current.strip():
        _play_stones(state, len(turns) + 1, current, finish=False)
    return state
