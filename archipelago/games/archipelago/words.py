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
# What separated two neighbouring places, one whole sentence per criterion of the ranking
# (scoring.py's), so each language orders its words its own way.
AHEAD_ON = {
    "groups": N_("{ahead} is ahead of {behind} on the count of islands."),
    "bonus total": N_("{ahead} is ahead of {behind} on the bonus total."),
    "rightmost bonus marker": N_("{ahead} is ahead of {behind} on the rightmost bonus marker."),
    "value of that marker": N_("{ahead} is ahead of {behind} on the value of that marker."),
}
# Who won on a tie-break, islands being equal ("{islands}": "3 islands").
WINS_ON = {
    "bonus total": N_("{name} wins on the bonus total, {islands} each"),
    "rightmost bonus marker": N_("{name} wins on the rightmost bonus marker, {islands} each"),
    "value of that marker": N_("{name} wins on the value of that marker, {islands} each"),
}


def colour_name(colour: int) -> str:
    return _(COLOUR_NAMES[colour])


def colour_word(colour: int) -> str:
    return _(COLOUR_WORDS[colour])


def symbol_name(colour: int) -> str:
    return _(SYMBOL_NAMES[colour])


def ahead_on(criterion: str) -> str:
    """The sentence that says one place is ahead of the next on ``criterion``, its
    ``{ahead}`` and ``{behind}`` to fill."""
    return _(AHEAD_ON[criterion])


def wins_on(criterion: str) -> str:
    """The result when ``criterion`` broke a tie in islands, its ``{name}`` and
    ``{islands}`` to fill."""
    return _(WINS_ON[criterion])
