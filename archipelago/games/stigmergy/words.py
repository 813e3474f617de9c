"""Stigmergy's moves and komi in plain words, for people who do not read the notation:
a moves list entry ("flips h8" for ``h8x``, said after the mover's name) and what the
answer to a komi offer chose.

Pure functions of a move's text or of a position; the kit offers them to the page
(``StigmergyKit.turn_words``) and ``panels`` says the answer on the turn after it.
"""

from __future__ import annotations

from collections.abc import Callable

from .notation import (
    BUTTON,
    BUTTON_WORD,
    FLIP_MARK,
    PASS_WORD,
    PLAY_SECOND,
    PLAY_SECOND_WORD,
    RESIGN_WORD,
)
from .position import StigmergyPosition

KOMI_MEANS = "points for whoever places second"  # what the word komi stands for, briefly


def points_words(points: int) -> str:
    return f"{points} point{'' if abs(points) == 1 else 's'}"


def turn_words(text: str) -> str:
    """One turn of the moves list in words, after its mover's name: ``text`` is the turn
    as written in records (``20``, ``play-second``, ``take-button``, ``h8x``, ``pass``)."""
    word = text.strip().lower()
    if word.lstrip("-").isdigit():
        return f"offers a komi of {points_words(int(word))} ({KOMI_MEANS})"
    said = {
        PLAY_SECOND_WORD: "plays second",
        BUTTON_WORD: "takes the button (half a point)",
        PASS_WORD: "passes",
        RESIGN_WORD: "resigns",
    }
    if word in said:
        return said[word]
    if word.endswith(FLIP_MARK):
        return f"flips {word[: -len(FLIP_MARK)]}"
    return f"places a stone on {word}"


def receives(komi: int) -> str:
    """What the second player gets from the komi, said for any sign."""
    if komi > 0:
        return f"receives the {points_words(komi)} at the end"
    if komi < 0:
        return f"gives up {points_words(-komi)} at the end (a komi below zero)"
    return "gets no points for it (the komi is 0)"


def answer_sentence(game: StigmergyPosition, name: Callable[[int], str]) -> str:
    """What player 2 chose in answer to the komi offer, said on the turn right after it
    (empty on any other turn, and when the komi was fixed before the game)."""
    history = game.history_codes()
    if game.fixed_komi is not None or len(history) != 2 or game.over or game.komi is None:
        return ""
    answer, gets = history[1], receives(game.komi)
    if answer == PLAY_SECOND:
        return (
            f"{name(2)} chose to play second: {name(1)} places the first stone, and "
            f"{name(2)} {gets}."
        )
    if answer == BUTTON:
        how = "taking the button (half a point) as the first turn"
    else:
        how = f"with a stone on {game.code_text(answer)}"
    return f"{name(2)} chose to play first, {how}: {name(1)} plays second and {gets}."
