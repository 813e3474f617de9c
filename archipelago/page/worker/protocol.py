"""The messages between the page and the computer players' Web Worker.

Both ends build and read messages here, so they cannot drift apart: the page's Python
(``static/page/app.py``) and the worker (``static/computer/worker.js`` hands each raw message, as
JSON text, to ``worker_request`` and posts what ``worker_move`` / ``worker_error`` give).

Page to worker:
    {"type": "think", "id", "record", "level", "seed", "fresh", "hurry"}  choose a move
    {"type": "stop", "id"}    answer now with the best move found so far
    {"type": "cancel", "id"}  drop the request
Worker to page:
    {"type": "ready"}                                the worker has loaded
    {"type": "move", "id", "move", "stopped"}        the move's canonical text ("2g5")
    {"type": "error", "id", "message"}               id is None when the worker broke

``record`` is the game's JSON record as text; ``seed`` is an int or None; ``fresh`` asks
for a new search tree, ``hurry`` for a short budget (Stop was pressed in this turn).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, TypeGuard

from ...levels import LEVELS


class ProtocolError(ValueError):
    """A message that does not follow the protocol."""


@dataclass(frozen=True)
class Think:
    id: int
    record: str
    level: int
    seed: int | None = None
    fresh: bool = False
    hurry: bool = False
    type: str = "think"


@dataclass(frozen=True)
class Control:
    """A stop or a cancel of request ``id``."""

    type: str
    id: int


@dataclass(frozen=True)
class Ready:
    type: str = "ready"


@dataclass(frozen=True)
class MoveReply:
    id: int
    move: str
    stopped: bool = False
    type: str = "move"


@dataclass(frozen=True)
class ErrorReply:
    id: int | None
    message: str
    type: str = "error"


Request = Think | Control
Reply = Ready | MoveReply | ErrorReply


# ---------------------------------------------------------------------- building
def think(
    request_id: int,
    record: str | dict[str, Any],
    level: int,
    *,
    seed: int | None = None,
    fresh: bool = False,
    hurry: bool = False,
) -> dict[str, Any]:
    """A request to choose the move of the record's player to move."""
    text = record if isinstance(record, str) else json.dumps(record)
    return _message(Think(request_id, text, level, seed, fresh, hurry), read_request)


def stop(request_id: int) -> dict[str, Any]:
    return _message(Control("stop", request_id), read_request)


def cancel(request_id: int) -> dict[str, Any]:
    return _message(Control("cancel", request_id), read_request)


def ready() -> dict[str, Any]:
    return asdict(Ready())


def move_reply(request_id: int, move: str, stopped: bool = False) -> dict[str, Any]:
    return _message(MoveReply(request_id, move, stopped), read_reply)


def error_reply(request_id: int | None, message: str) -> dict[str, Any]:
    return _message(ErrorReply(request_id, str(message) or "unknown error"), read_reply)


def _message(value: Request | Reply, check: Any) -> dict[str, Any]:
    message = asdict(value)
    check(message)  # what is built must also read back
    return message


# ---------------------------------------------------------------------- reading
def read_request(message: Any) -> Request:
    """A message for the worker, checked; ProtocolError says what is wrong."""
    fields = _fields(message)
    kind = fields.get("type")
    if kind in ("stop", "cancel"):
        return Control(kind, _id(fields))
    if kind != "think":
        raise ProtocolError(f"unknown request type {kind!r}")
    record = fields.get("record")
    if not isinstance(record, str) or not record:
        raise ProtocolError('"record" must be the game record as JSON text')
    level = fields.get("level")
    if not _is_int(level) or level not in LEVELS:
        raise ProtocolError(f'"level" must be from {LEVELS[0]} to {LEVELS[-1]}, not {level!r}')
    seed = fields.get("seed")
    if seed is not None and not _is_int(seed):
        raise ProtocolError(f'"seed" must be a whole number or null, not {seed!r}')
    return Think(
        _id(fields),
        record,
        level,
        seed,
        _flag(fields, "fresh"),
        _flag(fields, "hurry"),
    )


def read_reply(message: Any) -> Reply:
    """A message for the page, checked; ProtocolError says what is wrong."""
    fields = _fields(message)
    kind = fields.get("type")
    if kind == "ready":
        return Ready()
    if kind == "move":
        move = fields.get("move")
        if not isinstance(move, str) or not move.strip():
            raise ProtocolError(f'"move" must be a move\'s text, not {move!r}')
        return MoveReply(_id(fields), move, _flag(fields, "stopped"))
    if kind == "error":
        text = fields.get("message")
        if not isinstance(text, str):
            raise ProtocolError('"message" must be text')
        request_id = fields.get("id")
        return ErrorReply(None if request_id is None else _id(fields), text)
    raise ProtocolError(f"unknown reply type {kind!r}")


def _fields(message: Any) -> dict[str, Any]:
    if isinstance(message, str):
        try:
            message = json.loads(message)
        except ValueError:
            raise ProtocolError("a message must be a JSON object") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message must be a JSON object")
    return message


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _id(fields: dict[str, Any]) -> int:
    value = fields.get("id")
    if not _is_int(value) or value < 0:
        raise ProtocolError(f'"id" must be a whole number, not {value!r}')
    return int(value)


def _flag(fields: dict[str, Any], key: str) -> bool:
    value = fields.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ProtocolError(f'"{key}" must be true or false, not {value!r}')
    return value


# ---------------------------------------------------------------------- the worker's edge
def worker_request(text: str) -> str:
    """The worker's JavaScript hands each message here as JSON text and gets it back
    checked and complete (defaults filled in), or else an error reply to post back."""
    try:
        return json.dumps(asdict(read_request(text)))
    except ProtocolError as error:
        fields = parse_or_none(text)
        request_id = fields.get("id") if isinstance(fields, dict) else None
        return worker_error(request_id if _is_int(request_id) else None, f"bad request: {error}")


def parse_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def worker_ready() -> str:
    return json.dumps(ready())


def worker_move(request_id: int, move: str, stopped: bool) -> str:
    """The worker's move reply as JSON text."""
    return json.dumps(move_reply(int(request_id), str(move), bool(stopped)))


def worker_error(request_id: Any, message: str) -> str:
    """The worker's error reply as JSON text (``request_id`` None: the worker broke)."""
    return json.dumps(error_reply(request_id if _is_int(request_id) else None, message))
