"""The page's sounds: which one a change of the game calls for, and what each sounds like.

Sounds are off until a player switches them on (the setting is kept in the browser).
They are synthesized in the page with WebAudio from the notes below, so no sound file
is fetched from anywhere. ``static/page/display_ui.py`` plays them; what to play and when is
decided here, under CPython tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...game import Game

STONE = "stone"
END = "end"
LOW_TIME = "low-time"  # a clock running low (page.clocks)

# A move that names a cell ("2g5", "e5", "e5x") puts a stone down or turns one over; the
# other moves are words (pass, end, resign, ...) or a komi number.
_CELL_MOVE = re.compile(r"[1-9]?[a-z]\d{1,2}x?")


@dataclass(frozen=True)
class Note:
    """One tone: its pitch, when it starts and how long it lasts (seconds), its loudness
    (0 to 1) and the oscillator's wave ("sine", "triangle", ...)."""

    frequency: float
    start: float
    length: float
    volume: float
    wave: str = "triangle"


# Short and soft: a tap for a stone, a rising three-note figure for the end of the game.
SOUNDS: dict[str, tuple[Note, ...]] = {
    STONE: (Note(880.0, 0.0, 0.07, 0.18, "triangle"), Note(440.0, 0.0, 0.05, 0.08, "sine")),
    END: (
        Note(523.25, 0.0, 0.16, 0.2),
        Note(659.25, 0.14, 0.16, 0.2),
        Note(783.99, 0.28, 0.32, 0.22),
    ),
    LOW_TIME: (Note(1318.5, 0.0, 0.06, 0.16, "square"), Note(1318.5, 0.12, 0.06, 0.16, "square")),
}

Mark = tuple[int, int, bool]  # (which game, moves played, over)


def game_mark(game: Game) -> Mark:
    """What ``sound_after`` compares: the game object, its moves so far and its end."""
    return id(game), len(game.history_codes()), game.is_over


def sound_after(before: Mark, game: Game) -> str | None:
    """The sound for what happened since ``before``: the end of the game when it has just
    ended, a stone when the last move placed or flipped one; None after an undo, a word
    such as pass, or another game taking the board."""
    same, moves, over = before
    if same != id(game):
        return None
    if game.is_over and not over:
        return END  # (a resignation may have taken stones back: fewer moves, still an end)
    if len(game.history_codes()) <= moves:
        return None
    history = game.history
    if history and _CELL_MOVE.fullmatch(history[-1].text):
        return STONE
    return None
