"""A tournament as data (archipelago.page.club.tournament): the host's form read, its
JSON checked value by value, the settings of each pairing's game."""

from __future__ import annotations

import json

import pytest

from archipelago.page.club.desk import form_values
from archipelago.page.club.tournament import from_form, from_json


def club_form(**changes: str) -> dict[str, str | bool]:
    fields: dict[str, str | bool] = dict(form_values("stigmergy", None, {}))
    fields["club-size"] = "3"
    fields.update({key.replace("_", "-"): value for key, value in changes.items()})
    return fields


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t.update(club=2),
        lambda t: t.update(game="chess"),
        lambda t: t.update(size=1),
        lambda t: t["players"].append({"name": "Ann", "level": 0}),
        lambda t: t["players"][0].update(level=9),
        lambda t: t["players"][0].update(name="x" * 40),
        lambda t: t["rounds"][0]["games"][0].update(seats=[0, 0]),
        lambda t: t["rounds"][0]["games"][0].update(seats=[0, 17]),
        lambda t: t["rounds"][0]["games"][0].update(ranks=[2, 2]),
        lambda t: t["rounds"][0]["games"][0].update(id="../x"),
        lambda t: t.update(planned=1),
        lambda t: t["rounds"][0].update(byes=[0]),  # a bye for a player at a table
        lambda t: t["rounds"][0].update(games=[], byes=[1, 1]),
        lambda t: t.update(clock="clock=sundial"),
    ],
)
def test_damaged_tournament_json_is_refused(damage):
    made = from_form(club_form()).to_json()
    assert from_json(json.loads(json.dumps(made))).to_json() == made
    damage(made)
    with pytest.raises(ValueError):
        from_json(made)


def test_tables_for_archipelago_and_a_swiss_paired_round_by_round():
    made = from_form(
        club_form(
            club_game="archipelago",
            club_format="tables",
            club_count="5",
            club_rounds="5",
            club_name_4="Eve",
            club_level_4="0",
        )
    )
    assert len(made.rounds) == 5 and all(
        len(r.games) == 1 and len(r.byes) == 1 for r in made.rounds
    )
    settings = made.game_settings(made.rounds[0].games[0])
    assert settings["players"] == 4 and settings["game"] == "archipelago"
    swiss = from_form(
        club_form(
            club_format="swiss",
            club_count="5",
            club_rounds="3",
            club_name_4="Eve",
        )
    )
    assert len(swiss.rounds) == 1 and swiss.planned == 3 and not swiss.can_pair_next()
    for game in swiss.rounds[0].games:
        game.ranks = (1, 2)
    assert swiss.can_pair_next()
    swiss.pair_next()
    assert len(swiss.rounds) == 2
    first = {frozenset(g.seats) for g in swiss.rounds[0].games}
    assert not first & {frozenset(g.seats) for g in swiss.rounds[1].games}


def test_a_pairings_game_has_the_tournaments_clock():
    made = from_form(club_form(club_clock="fischer:15+1"))
    assert made.clock == "clock=fischer:15+1"
    assert from_json(made.to_json()).clock == "clock=fischer:15+1"
    settings = made.game_settings(made.rounds[0].games[0])
    assert settings["clock"] == "fischer:15+1"  # the game's clock, as New game sets it
    assert settings["game"] == "stigmergy" and settings["size"] == 3
    assert settings["komi"] == 2  # the quick board's fair komi: nobody is asked


def test_more_options_go_to_every_game():
    made = from_form(club_form(club_game="archipelago", club_options="stones=3"))
    assert made.options == "stones=3"
    settings = made.game_settings(made.rounds[0].games[0])
    assert settings["stones"] == 3
