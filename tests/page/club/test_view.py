"""The tournament drawn (archipelago.page.club.view): results, names escaped, the
read-only table without buttons."""

from __future__ import annotations

from archipelago.page.club.tournament import Pairing, Player, Round, Tournament
from archipelago.page.club.view import form_html, result_text, table_html
from tests.support.pagetab import parse


def tournament() -> Tournament:
    players = [Player("Ann"), Player("<b>Bob</b>"), Player("Cy", 2), Player("Dee")]
    rounds = [
        Round([Pairing((0, 1), (1, 1)), Pairing((2, 3))]),
        Round([Pairing((0, 1, 2, 3), (2, 1, 4, 3), "id1")]),
    ]
    return Tournament("archipelago", 3, "tables", players, rounds, planned=2)


def test_results_in_a_clubs_words():
    made = tournament()
    assert result_text(made, made.rounds[0].games[0]) == "½–½"
    assert result_text(made, made.rounds[0].games[1]) == ""
    four = result_text(made, made.rounds[1].games[0])
    assert four == "1. <b>Bob</b> 3 · 2. Ann 2 · 3. Dee 1 · 4. Cy 0"


def test_the_table_escapes_names_and_offers_play_or_continue():
    made = tournament()
    html = table_html(made, {"id1"}, shared=False)
    assert "<b>Bob</b>" not in html and "&lt;b&gt;Bob&lt;/b&gt;" in html
    shown = parse(html)
    assert [b.text for b in shown.all("button")] == ["Play"]
    assert [row["data-player"] for row in shown.all("tbody tr")][0] == "<b>Bob</b>"
    read_only = parse(table_html(made, set(), shared=True))
    assert read_only.all("button") == [] and "Read only" in read_only.text


def test_the_form_hides_rounds_for_a_round_robin():
    values = {
        "club-game": "stigmergy",
        "club-size": "5",
        "club-format": "round-robin",
        "club-rounds": "4",
        "club-clock": "",
        "club-options": "",
        "club-count": "3",
    }
    rounds = parse(form_html(values)).find("label[hidden]")
    assert rounds is not None and rounds.find('input[name="club-rounds"]') is not None
    swiss = parse(form_html({**values, "club-format": "swiss"}))
    assert swiss.find("label[hidden]") is None
    assert len(swiss.all(".club-player")) == 3
