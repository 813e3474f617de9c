"""Which puzzle to show: the daily one (the same for everyone on a UTC date) and the next
one for a player (a failed one whose turn has come back, else one near the player's
rating, in the themes chosen).

The daily puzzle's game turns with the days over the games that have a set, and its
puzzle is drawn from the day's number by a fixed integer mix, so every browser that has
the same sets picks the same one without asking a server.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...puzzles.puzzle import Puzzle
from .progress import Progress, puzzle_rating

DAY_MS = 86_400_000


def utc_day(date_ms: float) -> int:
    """The number of the UTC day of ``date_ms`` (milliseconds since the epoch)."""
    return int(date_ms // DAY_MS)


def _mix(value: int) -> int:
    """A fixed scramble of a whole number (the same on every machine and Python)."""
    value = (value * 0x9E3779B1 + 0x7F4A7C15) & 0xFFFFFFFF
    value ^= value >> 15
    value = (value * 0x2C1B3C6D) & 0xFFFFFFFF
    return value ^ (value >> 12)


def daily_games(day: int, games: Sequence[str]) -> list[str]:
    """The games in the order the daily puzzle of ``day`` is looked for: the day's game
    first, then the others (a game without a set is passed over)."""
    ordered = sorted(games)
    if not ordered:
        return []
    first = day % len(ordered)
    return ordered[first:] + ordered[:first]


def daily_puzzle(puzzles: Sequence[Puzzle], day: int) -> Puzzle | None:
    """The puzzle of ``day`` in one game's set (None for an empty set)."""
    if not puzzles:
        return None
    return puzzles[_mix(day) % len(puzzles)]


def next_puzzle(
    puzzles: Sequence[Puzzle], progress: Progress, current: str | None, themes: Collection[str]
) -> Puzzle | None:
    """The puzzle to open after ``current``: a failed one whose turn has come back, else
    an unsolved one of the themes chosen (any theme when none is) whose rating is nearest
    the player's; when all are solved, any of them again. Ties go by a mix of the count
    of puzzles opened, so two equal puzzles take turns."""
    known = {p.id: p for p in puzzles}
    for ident in progress.due():
        if ident in known and ident != current:
            return known[ident]
    others = [p for p in puzzles if p.id != current]
    themed = [p for p in others if not themes or set(p.themes) & set(themes)] or others
    fresh = [p for p in themed if p.id not in progress.solved and p.id not in progress.failed]
    pool = fresh or themed
    if not pool:
        return None
    turn = progress.opened
    return min(
        pool,
        key=lambda p: (
            abs(puzzle_rating(p.difficulty) - progress.rating) // 50,
            _mix(turn * 7919 + puzzles.index(p)),
        ),
    )
