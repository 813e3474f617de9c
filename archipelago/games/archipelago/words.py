"""Archipelago's short words that several of its messages share, marked for the
catalogues and translated where they are shown (the catalogue is installed after the
imports): the colours, their shapes, and what a tie-break compares."""

from __future__ import annotations

from archipelago.i18n import N_, _

# A colour as a name: the picker's buttons, "Blue (yours)", a player's seat.
COLOUR_NAMES = {
    # Translators: a player's colour as a name (a button, a seat), capitalised as one
    1: N_("Blue"),
    2: N_("Orange"),
    3: N_("Green"),
    4: N_("Pink"),
}
# A colour inside a sentence: "blue a3", "Hint: blue on f5".
COLOUR_WORDS = {
    # Translators: a stone's colour inside a sentence, as in "blue a3" or "blue on f5"
    1: N_("blue"),
    2: N_("orange"),
    3: N_("green"),
    4: N_("pink"),
}
# The mark drawn on each colour's stones, so that they read without colour vision.
SYMBOL_NAMES = {
    # Translators: the mark drawn on a colour's stones, as in "Blue dot stone"
    1: N_("dot"),
    2: N_("triangle"),
    3: N_("square"),
    4: N_("cross"),
}
# What a step of the ranking compares (scoring.py's criteria), as the page says it.
CRITERIA = {
    # Translators: what decided a place, as in "Ann is ahead of Bob on islands" (their count)
    "groups": N_("islands"),
    "bonus total": N_("bonus total"),
    "rightmost bonus marker": N_("rightmost bonus marker"),
    "value of that marker": N_("value of that marker"),
}


def colour_name(colour: int) -> str:
    return _(COLOUR_NAMES[colour])


def colour_word(colour: int) -> str:
    return _(COLOUR_WORDS[colour])


def symbol_name(colour: int) -> str:
    return _(SYMBOL_NAMES[colour])


def criterion_words(criterion: str) -> str:
    """A tie-break's criterion in the reader's words (as it is when it has none)."""
    return _(CRITERIA[criterion]) if criterion in CRITERIA else criterion
