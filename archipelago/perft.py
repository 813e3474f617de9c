"""Perft: how many move sequences of a given length a game allows from its start.

The name and the idea come from chess engines: counting the leaves of the move tree to a
fixed depth exercises move generation, push and pop together, and a count that differs
from a known one points at a rule implemented wrongly. Any game of the contract works:
one move is one code of ``legal_codes()`` (for Archipelago a stone, an end of turn or a
pass; resigning is never among them). Known counts live in data files checked by the test
suite (``tests/data/*_perft.json``) and by ``python -m archipelago perft --check FILE``
(``archipelago/commands/perft.py``, which prints what this library counts).

A data file is one JSON object: ``{"game": name, "rows": [{"size": .., "players": ..,
"variant": {..}, "moves": [depth 1, depth 2, ...], "turns": [...]}, ...]}``: ``moves``
counts single moves, ``turns`` whole turns (``turn_perft``); ``players`` and ``variant``
are left out for a game without them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .game import Game
from .registry import game_names, new_game


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` moves from ``game`` (a game that
    ends earlier contributes nothing). ``game`` is left as it was."""
    if depth <= 0:
        return 1
    codes = game.legal_codes()
    if depth == 1:
        return len(codes)  # every legal move is one leaf: no need to play it
    total = 0
    for code in codes:
        game.push_code(code)
        total += perft(game, depth - 1)
        game.pop_code()
    return total


def turn_perft(game: Game, depth: int) -> int:
    """Like ``perft``, with whole turns for moves: the number of sequences of ``depth``
    distinct turns from ``game`` (left as it was).

    A turn is the moves one player makes until the move passes on or the game ends. Two
    turns are the same when they reach the same position: compared by their records, or,
    for a game whose class sets ``order_free_turns`` (in Archipelago the order of a turn's
    stones changes nothing, R3), by the set of their moves, enumerated in increasing code
    order so that each set comes once."""
    if depth <= 0:
        return 1
    mover = game.to_move
    if mover is None:
        return 0
    ordered = bool(getattr(type(game), "order_free_turns", False))
    seen: set[str] = set()
    total = 0

    def extend(last: int) -> None:
        nonlocal total
        for code in game.legal_codes():
            if ordered and 0 <= code <= last:
                continue  # the same set in another order
            game.push_code(code)
            if not game.is_over and game.to_move == mover:
                extend(max(last, code))
            elif ordered or _first_time(game, seen):
                total += 1 if depth == 1 else turn_perft(game, depth - 1)
            game.pop_code()

    extend(-1)
    return total


def _first_time(game: Game, seen: set[str]) -> bool:
    key = json.dumps(game.to_record(), sort_keys=True)
    if key in seen:
        return False
    seen.add(key)
    return True


def row_game(name: str, row: Mapping[str, Any]) -> Game:
    """A new game with the setup of one data row (``size``, ``players``, ``variant``)."""
    options = {key: row[key] for key in ("size", "players", "variant") if key in row}
    return new_game(name, **options)


def describe(name: str, row: Mapping[str, Any]) -> str:
    """``archipelago side 2, 3 players, stones=3``: a row in words."""
    words = f"{name} side {row['size']}"
    if "players" in row:
        words += f", {row['players']} players"
    variant = row.get("variant") or {}
    for key, value in variant.items():
        words += f", {key}={json.dumps(value)}"
    return words


COUNTERS = {"moves": perft, "turns": turn_perft}


def read_data(path: str) -> tuple[str, list[dict[str, Any]]]:
    """The game name and rows of a perft data file; a malformed file is a RecordError."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except ValueError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("game") not in game_names():
        raise RecordError(f'{path}: expected an object with a known "game"')
    rows = data.get("rows")
    if not isinstance(rows, list) or not all(
        isinstance(row, dict)
        and all(
            isinstance(row.get(kind, []), list)
            and all(type(count) is int for count in row.get(kind, []))
            for kind in COUNTERS
        )
        for row in rows
    ):
        raise RecordError(f'{path}: "rows" must be objects whose "moves" and "turns" are counts')
    return data["game"], rows


@dataclass(frozen=True)
class Recount:
    """One list of a data file's row counted again."""

    row: str  # the row in words (``describe``)
    kind: str  # "moves" or "turns"
    counts: list[int]
    expected: list[int]
    seconds: float

    @property
    def agrees(self) -> bool:
        return self.counts == self.expected


def check_data(path: str, max_depth: int | None) -> Iterator[Recount]:
    """Recount every row of a data file (its ``moves`` and ``turns`` lists) up to
    ``max_depth``, one list at a time."""
    name, rows = read_data(path)
    for row in rows:
        for kind, counter in COUNTERS.items():
            expected = row.get(kind, [])[:max_depth]
            if not expected:
                continue
            game = row_game(name, row)
            start = time.perf_counter()
            counts = [counter(game, depth) for depth in range(1, len(expected) + 1)]
            yield Recount(describe(name, row), kind, counts, expected, time.perf_counter() - start)


def timed_counts(game: Game, depth: int, turns: bool = False) -> Iterator[tuple[int, int, float]]:
    """(depth, count, seconds) for depths 1 to ``depth`` from ``game``, one at a time:
    single moves, or whole turns with ``turns``."""
    counter = turn_perft if turns else perft
    for at in range(1, depth + 1):
        start = time.perf_counter()
        count = counter(game, at)
        yield at, count, time.perf_counter() - start
