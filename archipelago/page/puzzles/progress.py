"""The player's progress in puzzles, kept on the device: a rating, the streak, the
puzzles solved, the failed ones waiting to come back, and the themes chosen.

The rating is Elo's, the player against the puzzle: a puzzle of difficulty d is rated
``1100 + 200 d`` (1300 to 2100), a player starts at 1500, and each puzzle opened counts
once, on its first outcome: 1 solved, 0.5 solved after a hint, 0 a wrong turn or the
solution asked for; the player's rating moves by ``K`` times the outcome less the
expected score. A failed puzzle waits for ``REPLAY_AFTER`` other puzzles to be opened,
then comes back first; solving it without a mistake takes it off the queue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STORAGE_KEY = "archipelago.puzzles"
START_RATING = 1500.0
K = 32.0
REPLAY_AFTER = 2
KEPT_SOLVED = 2000  # ids remembered, the oldest forgotten first
KEPT_FAILED = 200

SOLVED, HINTED, FAILED = 1.0, 0.5, 0.0


def puzzle_rating(difficulty: int) -> float:
    return 1100.0 + 200.0 * difficulty


def expected(player: float, puzzle: float) -> float:
    """Elo's expected score of the player against the puzzle."""
    return 1.0 / (1.0 + float(10.0 ** ((puzzle - player) / 400.0)))


@dataclass
class Progress:
    rating: float = START_RATING
    streak: int = 0  # puzzles solved in a row without a mistake
    best: int = 0
    opened: int = 0  # puzzles opened so far: the failed queue's clock
    solved: list[str] = field(default_factory=list)
    failed: dict[str, int] = field(default_factory=dict)  # id -> ``opened`` when it failed
    themes: list[str] = field(default_factory=list)

    def open(self) -> None:
        self.opened += 1

    def due(self) -> list[str]:
        """The failed puzzles whose turn has come back, the longest waiting first."""
        waited = sorted(self.failed.items(), key=lambda item: item[1])
        return [ident for ident, at in waited if self.opened - at >= REPLAY_AFTER]

    def outcome(self, ident: str, difficulty: int, score: float) -> None:
        """The first outcome of a puzzle opened: the rating, the streak and the lists."""
        self.rating += K * (score - expected(self.rating, puzzle_rating(difficulty)))
        self.rating = round(min(3000.0, max(500.0, self.rating)), 1)
        if score > FAILED:
            self.streak += 1
            self.best = max(self.best, self.streak)
            self.failed.pop(ident, None)
            if ident not in self.solved:
                self.solved = (self.solved + [ident])[-KEPT_SOLVED:]
        else:
            self.streak = 0
            self.failed[ident] = self.opened
            while len(self.failed) > KEPT_FAILED:
                self.failed.pop(next(iter(self.failed)))

    def toggle_theme(self, theme: str) -> None:
        """A theme chosen, or no longer (none chosen: every theme)."""
        if theme in self.themes:
            self.themes = [t for t in self.themes if t != theme]
        else:
            self.themes = [*self.themes, theme]

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "streak": self.streak,
            "best": self.best,
            "opened": self.opened,
            "solved": list(self.solved),
            "failed": dict(self.failed),
            "themes": list(self.themes),
        }

    @classmethod
    def from_json(cls, value: Any) -> Progress:
        """The stored progress; anything damaged falls back to its start."""
        if not isinstance(value, dict):
            return cls()

        def number(key: str, default: float) -> float:
            found = value.get(key)
            if isinstance(found, bool) or not isinstance(found, (int, float)):
                return default
            return float(found) if 0 <= found < 1e9 else default

        def strings(key: str) -> list[str]:
            found = value.get(key)
            return [s for s in found if isinstance(s, str)] if isinstance(found, list) else []

        failed = value.get("failed")
        return cls(
            rating=number("rating", START_RATING),
            streak=int(number("streak", 0)),
            best=int(number("best", 0)),
            opened=int(number("opened", 0)),
            solved=strings("solved")[-KEPT_SOLVED:],
            failed={
                k: int(v)
                for k, v in (failed.items() if isinstance(failed, dict) else ())
                if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            },
            themes=strings("themes"),
        )
