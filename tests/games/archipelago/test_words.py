"""Archipelago's shared short words (words.py): one name, one in-sentence word and one
mark per colour, the tie-break criteria in the reader's language, English without a
catalogue."""

from __future__ import annotations

import pytest

from archipelago import i18n
from archipelago.games.archipelago import words
from archipelago.games.archipelago.scoring import ALTERNATING_CRITERIA, STANDARD_CRITERIA
from archipelago.hexsvg import COLOUR_NAMES, SYMBOL_NAMES
from sitebuild import translations


@pytest.fixture
def french():
    i18n.use_catalogue("fr", translations.compiled("fr"))
    yield
    i18n.use_catalogue(i18n.ENGLISH, None)


def test_in_english_the_words_are_the_boards_own():
    for colour in (1, 2, 3, 4):
        assert words.colour_name(colour) == COLOUR_NAMES[colour]
        assert words.colour_word(colour) == COLOUR_NAMES[colour].lower()
        assert words.symbol_name(colour) == SYMBOL_NAMES[colour]
    # Each criterion of the ranking has its whole sentences, the rules' names in them.
    for criterion in {*STANDARD_CRITERIA, *ALTERNATING_CRITERIA}:
        assert words.ahead_on(criterion).startswith("{ahead} is ahead of {behind} on the ")
        if criterion != "groups":  # islands equal: never what decides a win on a tie
            assert f"wins on the {criterion}," in words.wins_on(criterion)


def test_in_french_every_colour_and_criterion_is_translated(french):
    assert [words.colour_name(c) for c in (1, 2, 3, 4)] == ["Bleu", "Orange", "Vert", "Rose"]
    assert [words.symbol_name(c) for c in (1, 2, 3, 4)] == ["point", "triangle", "carré", "croix"]
    assert words.colour_word(3) == "vert"
    assert "{ahead}" in words.ahead_on("bonus total") and "total des bonus" in words.ahead_on(
        "bonus total"
    )
