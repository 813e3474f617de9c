"""Archipelago's panels: the colour picker says whose each colour is, and a rule's name is
never left unexplained (the track's and the result's variations, the frozen badge)."""

import random
import re
from html import unescape

import pytest

from archipelago import i18n
from archipelago.games.archipelago import panels, views
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.page.session import Session
from sitebuild.translations import compiled
from tests.support.gamehelpers import replay

# A side-3 game of three in which player 1 is frozen (Frozen Irrelevance, R12), not over.
FROZEN = [
    *("3e1", "2b4,3d4", "1a3,2c5", "2b1,3c3,3d1", "3b3,3e3", "2a2,3d3", "2c1,2e2,3a1,3b2"),
    "1d2,2c2",
]


def words(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_the_picker_says_yours_for_the_mover_and_names_the_other_colours():
    session = Session(replay(3, ["1d4"], size=4), ["Ann", "Bob", "Cy"])
    html = panels.picker_html(session, 2)
    buttons = re.findall(r'id="pick-(\d)".*?</button>', html)
    assert buttons == ["1", "2", "3"]
    assert words(html) == "Blue (Ann's)1Orange (yours)2Green (Cy's)3"
    assert 'id="pick-2" data-colour="2" aria-pressed="true"' in html
    against = Session(replay(2, ["1d4"], size=4), ["Ann", "Cpu"], [0, 2])
    assert "Orange (Cpu's)" in words(panels.picker_html(against, 1))  # not the person's


def test_frozen_irrelevance_is_explained_where_its_name_appears():
    game = replay(3, FROZEN, size=3)
    assert game.frozen == {1} and not game.is_over
    session = Session(game, ["Ann", "Bob", "Cy"])
    track = words(panels.track_html(session))
    assert "Playing with:Frozen Irrelevance: once nothing anyone can still play" in track
    facts = panels.card_facts(session, 1)
    assert facts.mark == "frozen" and "their turns are skipped" in facts.mark_title
    assert "Frozen Irrelevance" in facts.mark_title
    plain = Session(replay(2, ["1d4"], size=4))
    assert "Playing with" not in panels.track_html(plain)  # the standard rules: no line


def test_the_frozen_mark_reads_in_french_and_keeps_its_class():
    """The card's mark said "frozen" on a French page: its words are the reader's, its
    class (the card's style) the code."""
    i18n.use_catalogue("fr", compiled("fr"))
    try:
        session = Session(replay(3, FROZEN, size=3), ["Ann", "Bob", "Cy"])
        facts = panels.card_facts(session, 1)
        assert (facts.mark, facts.mark_label) == ("frozen", "gelé")
        assert facts.mark_title.startswith("Gelé (règle du gel des joueurs)")
    finally:
        i18n.use_catalogue(i18n.ENGLISH, None)


def test_every_named_variation_says_what_it_means():
    game = replay(2, ["1d4"], size=4, variant={"wunchunk": True, "scoring": "alternating"})
    told = words(panels.variations_html(game, "Played with:"))
    assert told.startswith("Played with:") and "Wunchunk: the goal reversed" in told
    assert "alternating scoring: a tie in islands is broken by the rightmost" in told


def test_the_variations_line_puts_french_spaces_before_its_colons():
    """A French colon has a space before it: the colons are the messages' own."""
    game = replay(3, FROZEN, size=3)
    i18n.use_catalogue("fr", compiled("fr"))
    try:
        told = words(panels.track_html(Session(game, ["Ann", "Bob", "Cy"])))
        assert "En jeu :" in told and "Gel des joueurs :" in told
        assert not re.search(r"\w:", told)
    finally:
        i18n.use_catalogue(i18n.ENGLISH, None)


@pytest.mark.parametrize("seed", range(12))
def test_the_turns_reason_is_the_command_lines_in_the_pages_words(seed):
    """panels.allowance_words says what views.allowance_reason says, islands for groups."""
    rng = random.Random(seed)
    variant = Variant(
        stones=rng.choice((2, 3)),
        extra=rng.choice(("full", "half", "none")),
        wunchunk=rng.random() < 0.3,
    )
    state = GameState(4, rng.choice((2, 3, 4)), variant)
    while state.mover is not None:
        if not state.turn_stones:
            expected = views.allowance_reason(state).replace("groups", "islands")
            assert panels.allowance_words(state, state.mover) == expected
        empty = [cell for cell, colour in enumerate(state.cells) if not colour]
        state.place(rng.randint(1, state.players), rng.choice(empty))
