"""Stigmergy's moves and komi in plain words, for people who do not read the notation:
a moves list entry ("flips h8" for ``h8x``, said after the mover's name) and what the
answer to a komi offer chose.

Pure functions of a move's text or of a position; the kit offers them to the page
(``StigmergyKit.turn_words``) and ``panels`` says the answer on the turn after it.
"""

from __future__ import annotations

from collections.abc import Callable

from archipelago.i18n import N_, _, ngettext

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

# What the word komi stands for, briefly: translated with ``komi_means()`` where shown.
KOMI_MEANS = N_("points for whoever places second")


def komi_means() -> str:
    return _(KOMI_MEANS)


def points_words(points: int) -> str:
    return ngettext("{n} point", "{n} points", abs(points)).format(n=points)


def turn_words(text: str) -> str:
    """One turn of the moves list in words, after its mover's name: ``text`` is the turn
    as written in records (``20``, ``play-second``, ``take-button``, ``h8x``, ``pass``)."""
    word = text.strip().lower()
    if word.lstrip("-").isdigit():
        return _("offers a komi of {points} ({means})").format(
            points=points_words(int(word)), means=komi_means()
        )
    said = {
        PLAY_SECOND_WORD: _("plays second"),
        BUTTON_WORD: _("takes the button (half a point)"),
        PASS_WORD: _("passes"),
        RESIGN_WORD: _("resigns"),
    }
    if word in said:
        return said[word]
    if word.endswith(FLIP_MARK):
        return _("flips {cell}").format(cell=word[: -len(FLIP_MARK)])
    return _("places a stone on {cell}").format(cell=word)


def receives(komi: int) -> str:
    """What the second player gets from the komi, said for any sign: a predicate that
    follows the player's name (so each language words it in the third person)."""
    if komi > 0:
        return ngettext(
            # Translators: follows a player's name ("Ann receives 1 point at the end")
            "receives {n} point at the end",
            "receives the {n} points at the end",
            komi,
        ).format(n=komi)
    if komi < 0:
        return ngettext(
            # Translators: follows a player's name
            "gives up {n} point at the end (a komi below zero)",
            "gives up {n} points at the end (a komi below zero)",
            -komi,
        ).format(n=-komi)
    # Translators: follows a player's name
    return _("gets no points for it (the komi is 0)")


def answer_sentence(game: StigmergyPosition, name: Callable[[int], str]) -> str:
    """What player 2 chose in answer to the komi offer, said on the turn right after it
    (empty on any other turn, and when the komi was fixed before the game)."""
    history = game.history_codes()
    if game.fixed_komi is not None or len(history) != 2 or game.over or game.komi is None:
        return ""
    answer = history[1]
    if answer == PLAY_SECOND:
        return _(
            "{second} chose to play second: {first} places the first stone, and {second} "
            "{receives}."
        ).format(second=name(2), first=name(1), receives=receives(game.komi))
    gets = receives(game.komi)
    if answer == BUTTON:
        return _(
            "{second} chose to play first, taking the button (half a point) as the first "
            "turn: {first} plays second and {receives}."
        ).format(second=name(2), first=name(1), receives=gets)
    return _(
        "{second} chose to play first, with a stone on {cell}: {first} plays second and {receives}."
    ).format(second=name(2), first=name(1), cell=game.code_text(answer), receives=gets)
