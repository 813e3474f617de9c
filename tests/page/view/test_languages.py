"""The page's views in French and German (the platform's catalogues, compiled as the site
serves them): whole sentences, plural forms chosen by count, percentages and counts
written as each language writes them, and pointer words that need no English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from archipelago import i18n
from archipelago.analysis import TurnAnalysis
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.page.session import Session
from archipelago.page.setup import fields, options, picker
from archipelago.page.sharing import qr, snippet
from archipelago.page.view import analysis, changes, embed, html, lines, model
from archipelago.page.view.pointer import click_or_tap, pointer_in_hand
from sitebuild.translations import compiled
from tests.support.gamehelpers import replay


@pytest.fixture
def speak() -> Iterator[object]:
    """Install a language's catalogue for the test; English again afterwards."""

    def install(language: str) -> None:
        i18n.use_catalogue(language, compiled(language))

    yield install
    i18n.use_catalogue(i18n.ENGLISH, None)


def row(turn: int, judgement: str, before: float, after: float) -> TurnAnalysis:
    return TurnAnalysis(turn, 1, "1a1", before, after, "1b2", judgement, (after, 1 - after), False)


def test_the_status_line_and_the_navigation_read_in_german(speak):
    speak("de")
    session = Session(replay(2, [], size=4), ["Ann", "Bob"], [0, 3])
    assert model.status(session).startswith("Zug 1: Ann ist am Zug")
    assert [control.label for control in model.nav_controls(session)] == [
        "Anfangsstellung",
        "Zurück",
        "Vor",
        "Aktuelle Stellung",
    ]
    assert [control.label for control in model.tool_controls(session, model.Computer())][:2] == [
        "Rückgängig",
        "Wiederholen",
    ]
    bob = model.who(session, 2, 3)
    assert bob == "Bob (Computer, Stufe 3)"


def test_plural_forms_follow_the_count_in_each_language(speak):
    speak("fr")
    one = i18n.ngettext("{left} of {n} stone left", "{left} of {n} stones left", 1)
    assert one.format(left=1, n=1) == "encore 1 pierre sur 1"
    many = i18n.ngettext("{left} of {n} stone left", "{left} of {n} stones left", 3)
    assert many.format(left=2, n=3) == "encore 2 pierres sur 3"
    # French counts 0 as singular; German does not.
    choice = snippet.EmbedChoice("archipelago", 5, ("Ann",), ("h",))
    assert snippet.frame_title(choice).endswith("un jeu pour 1 joueur")
    speak("de")
    assert i18n.ngettext("{n} turn", "{n} turns", 0).format(n=0) == "0 Züge"
    assert i18n.ngettext("{n} turn", "{n} turns", 1).format(n=1) == "1 Zug"


def test_the_analysis_writes_percentages_the_french_way(speak):
    speak("fr")
    session = Session(replay(2, ["1a1", "2b2"], size=4), ["Ann", "Bob"])
    session.show_turn(1)
    rows = [row(1, "mistake", 0.65, 0.4), row(2, "good", 0.6, 0.55)]
    text = analysis.summary_html(session, rows)
    assert "Tour 1 : Ann a joué <code>1a1</code>, une erreur (65\u202f% → 40\u202f%)." in text
    assert "Meilleur : <code>1b2</code> (65\u202f%)." in text
    graph = analysis.graph_svg(rows, 2, 1)
    assert ">100\u202f%</text>" in graph and ">tour</text>" in graph
    session.show_turn(0)
    # One slip is counted in the singular, each count with its own noun.
    assert "1 erreur ou gaffe en 2 tours." in analysis.summary_html(session, rows)
    speak("es")
    blunder = [row(1, "blunder", 0.65, 0.2), row(2, "mistake", 0.6, 0.45)]
    assert "2 errores o pifias en 2 turnos." in analysis.summary_html(session, blunder)
    assert 'title="una pifia">??' in analysis.mark_html("blunder")
    assert 'title="un error">?' in analysis.mark_html("mistake")


def test_buttons_forms_and_notes_in_french(speak):
    speak("fr")
    session = Session(replay(2, ["1a1", "2b2"], size=4), ["Ann", "Bob"])
    session.show_turn(1)
    assert ">Essayer un coup ici</button>" in lines.line_actions_html(session)
    assert 'placeholder="Une note sur le tour 1"' in lines.note_form_html(session)
    over = model.banner(session)
    assert over is not None and over.button == "Retour à la partie"
    assert over.words == "Tour 1 sur 2"
    assert 'aria-label="Plus d&#x27;actions"' in html.bar_html(model.screen(session))
    with pytest.raises(ValueError, match="Le côté du plateau doit être un nombre de 3 à 5."):
        fields.read_size({"size": "9"}, range(3, 6))
    assert picker.level_lines("archipelago")[2] == "Niveau 3 : pour qui connaît les règles"
    assert embed.storage_note("QuotaExceededError").startswith("Cette partie n'est pas")


def test_a_long_link_counts_its_characters_with_a_space_in_french(speak):
    speak("fr")
    svg, problem = qr.qr_svg("http://x/#game=" + "A" * 5000)
    assert svg == "" and "(5\u202f015 caractères)" in problem


def test_the_pointer_words_are_two_messages_chosen_by_the_pointer(speak):
    speak("fr")
    with pointer_in_hand(True):
        assert click_or_tap("Cliquez.", "Touchez.") == "Touchez."
    assert click_or_tap("Cliquez.", "Touchez.") == "Cliquez."  # the mouse again after


def test_the_address_s_bad_options_are_named_in_german(speak):
    speak("de")
    _, _, problems = options.parse_options("?game=chess&size=99&colour=red")
    assert problems == [
        "game=chess ist nicht erlaubt (erlaubt: archipelago oder stigmergy)",
        "size=99 ist für Archipelago nicht erlaubt (erlaubt: 2 bis 12)",
        "colour ist keine Option dieser Seite",
    ]


def test_a_resigned_card_s_mark_reads_in_french_and_keeps_its_class(speak):
    """The mark's class stays "resigned" (its style: faded, the name struck through)
    while its words follow the reader: Stigmergy's class was the translated word."""
    speak("fr")
    game = StigmergyGame(4, komi=0)
    game.push("a1")
    game.push("resign")
    shown = changes.control_changes(Session(game, ["Ann", "Bob"]), 1, True)
    cards = shown["#cards-top"]["html"] + shown["#cards-bottom"]["html"]
    assert re.search(r'<div class="card [^"]*\bresigned\b[^"]*"[^>]*data-player="2"', cards)
    assert '<span class="mark resigned" title="' in cards and ">abandon</span>" in cards
