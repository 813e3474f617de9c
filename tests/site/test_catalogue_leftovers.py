"""The catalogues walked for what a reader would catch at once (issue 51): a sentence
left in English, a count whose noun does not follow it, two words for one thing.

`test_translations.py` checks that every message is translated and keeps its fields;
this file checks what a translation or a message says:

- no sentence of three words or more is "translated" as its English;
- a message with a count (ngettext) has every plural form of its language, and its forms
  differ where the English ones do, unless the language's noun is the same in both
  (listed below, each with its reason);
- a number written right before a noun in a message that is not ngettext is listed below
  with why it can never be one (else "1 points" comes back, or "recibe los 1 punto");
- a field holding a counted phrase ("{points}": "3 points") never follows an article,
  which would not agree with the count in other languages;
- mistake and blunder are two words, the one not inside the other, in every language.
"""

from __future__ import annotations

import functools
import re

import pytest
from babel.messages.catalog import Catalog

from sitebuild import translations

LANGUAGES = ("de", "fr", "es", "it", "pt")
# Nouns that take a plural: a field right before one of them is a count.
NOUNS = (
    "point|points|turn|turns|stone|stones|island|islands|move|moves|player|players|cell|"
    "cells|game|games|character|characters|line|lines|seat|seats|name|names|step|steps|"
    "mistakes|blunders|entries|chunks"
)
COUNT_BEFORE_NOUN = re.compile(r"\{(\w+)\} (?:" + NOUNS + r")\b")
WORD_FIELDS = {"colour", "symbol", "side"}  # fields that hold a word, not a number
COUNTED_AFTER_ARTICLE = re.compile(
    r"\b(?:the|a|an|about) \{(?:points|islands|turns|slips|stones)\}", re.I
)

# Messages with a number before a noun and no ngettext: why the number is never one.
NEVER_ONE = {
    "A note holds at most {limit} characters (this one has {length}).": "above the limit",
    "the side lines hold more than {limit} turns together: too many": "a limit in the hundreds",
    "{what} is too long to be a game record: {length} characters (at most {limit})": "long",
    "a number in the record is {length} characters long: {number}": "said of long numbers",
    "{where} has {count} entries (at most {limit})": "above the limit",
    "{where} is {length} characters long (at most {limit}): {text}": "above the limit",
    "This game's link would be {length} characters long, more than most apps carry: save the "
    "game as a file (Save as a file) and send the file instead.": "thousands",
    "the link is too long to hold a game: {length} characters": "thousands",
    "{game} is played by {fewest} to {most} players.": "games have two players or more",
    "the address's options are {n} characters long, too long": "thousands",
    "This game's link ({n} characters) is too long for a QR code: copy or send the link "
    "instead.": "thousands",
    "Starting the game… {count} stones are played as soon as it is ready.": (
        "two or more: data-stone says one (static/start/first_paint.js)"
    ),
    "a game has {low} to {high} players, not {given}": "two to four",
    "would join {n} islands into one ({change})": "joining takes two islands or more",
    "in an island of {n} stones: {cells}": "an island has two stones or more (one is said apart)",
    "A komi of {komi} is out of range: on a side-{side} board ({cells} cells) it is from "
    "{low} to {high}.": "a board has many cells",
    # Stigmergy's lesson: its board is set up, its numbers fixed and above one.
    "A fair offer: {fair} points are about what placing first is worth here, so neither "
    "choice gives Bob an edge. He chose to place the first stone (d4), so you play second "
    "and receive the {fair} points at the end.": "the lesson's fair komi",
    "With a komi of {komi}, Bob chose to place the first stone himself: it is worth about "
    "{fair} points here, and you get less for moving second. Offer what the first stone is "
    "worth.": "the lesson's fair komi",
    "With a komi of {komi}, Bob chose to place the first stone himself: it is worth about "
    "{fair} points here, and you get nothing for moving second. Offer what the first stone "
    "is worth.": "the lesson's fair komi",
    "{komi} points are worth more than placing first (about {fair} here), so Bob chose to "
    "play second and take them. Offer what the first stone is worth.": "above the fair komi",
    "Bob passed too, so the game is over. Every cell counts for someone: you have "
    "{your_stones} stones and control {your_cells} empty cells, {you} points; Bob has "
    "{bob_stones} stones and {bob_cells} cells, {bob}. You win.": "the lesson's last board",
}
# Counted messages whose forms are one word in a language: the noun does not change.
SAME_FORMS = {
    ("de", "{n} character"): "Zeichen",
    ("de", "chunk"): "Brocken",
    ("de", "{n} chunk"): "Brocken",
    ("de", "{extra} extra for {n} opponent with fewer chunks"): "Gegner",
    ("de", "{extra} extra for {n} opponent with more islands"): "Gegner",
    ("de", "names gives {names} name for {players} players"): "Namen (accusative)",
    ("de", "{n} mistake or blunder"): "Fehler, Patzer",
    # Stigmergy's sight line: each language words it so that no noun follows the counts.
    **{
        (
            code,
            "{cell} sees {blue} blue and {orange} orange stone; {need} of one colour control it",
        ): "no noun after the count"
        for code in LANGUAGES
    },
}


@functools.cache
def catalogue(area: translations.Area, code: str) -> Catalog:
    return translations.read_catalogue(area.po_path(code), code)


def messages() -> list[tuple[str, str | tuple[str, str]]]:
    return [
        (area.name, message.id)
        for area in translations.areas()
        for message in catalogue(area, "de")
        if message.id
    ]


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}|<[^>]+>", " ", text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_sentence_is_left_in_english(code):
    left = []
    for area in translations.areas():
        for message in catalogue(area, code):
            english = message.id if isinstance(message.id, tuple) else (message.id,)
            shown = message.string if isinstance(message.string, tuple) else (message.string,)
            left += [text for text in shown if text in english and len(words(text)) >= 3]
    assert left == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_count_has_its_language_s_plural_forms(code):
    wrong = []
    for area in translations.areas():
        found = catalogue(area, code)
        for message in found:
            if not isinstance(message.id, tuple):
                continue
            forms = message.string
            if len(forms) != found.num_plurals or not all(forms):
                wrong.append(("missing a form", message.id[0]))
            elif (
                len(set(forms)) == 1
                and len(set(message.id)) == 2  # the English forms differ
                and (code, message.id[0]) not in SAME_FORMS
            ):
                wrong.append(("one form for every count", message.id[0], forms[0]))
    assert wrong == []


def test_a_number_before_a_noun_is_counted_with_ngettext():
    uncounted = [
        message
        for _area, message in messages()
        if isinstance(message, str)
        and any(field not in WORD_FIELDS for field in COUNT_BEFORE_NOUN.findall(message))
        and message not in NEVER_ONE
    ]
    assert uncounted == []


def test_a_counted_phrase_never_follows_an_article():
    found = [message for _area, message in messages() if COUNTED_AFTER_ARTICLE.search(str(message))]
    assert found == []


def test_the_lists_of_exceptions_name_only_messages_of_the_code():
    every = {message if isinstance(message, str) else message[0] for _area, message in messages()}
    assert set(NEVER_ONE) - every == set()
    assert {message for _code, message in SAME_FORMS} - every == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_mistake_and_blunder_are_two_words(code):
    platform = next(area for area in translations.areas() if area.name == "platform")
    said = {message.id: message.string for message in catalogue(platform, code)}
    mistake, blunder = said["a mistake"].split()[-1], said["a blunder"].split()[-1]
    assert mistake.lower() not in said["a blunder"].lower(), (mistake, said["a blunder"])
    assert blunder.lower() not in said["a mistake"].lower(), (blunder, said["a mistake"])


def test_the_checks_catch_what_issue_51_found():
    """Each check fails on the leftovers the players met."""
    assert COUNT_BEFORE_NOUN.findall("Bob wins, {high} points to {low}") == ["high"]
    assert COUNTED_AFTER_ARTICLE.search("receives the {points} at the end")
    assert COUNTED_AFTER_ARTICLE.search("About {points} is fair here")
    assert len(words("{name} won")) < 3 and len(words("Finished: {name} won the game")) >= 3
