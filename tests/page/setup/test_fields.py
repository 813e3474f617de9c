"""The New game form's fields built from a game's manifest (archipelago/page/setup/fields.py):
the options it offers, the values it keeps, what it reads back, and a box that follows the
player count until the player touches it."""

from __future__ import annotations

import pytest

from archipelago.page.setup import fields
from archipelago.registry import manifest_of

ARCHIPELAGO = manifest_of("archipelago")
STIGMERGY = manifest_of("stigmergy")


def test_only_options_with_a_label_and_no_check_in_code_are_offered():
    assert [option.key for option in fields.offered(ARCHIPELAGO)] == [
        "stones",
        "extra",
        "scoring",
        "wunchunk",
        "frozen",
    ]
    assert fields.offered(STIGMERGY) == []  # its komi is drawn and read by its kit
    assert fields.offered_html(STIGMERGY, fields.clean_options(STIGMERGY, {}), 2) == ""


def test_clean_options_keeps_what_the_manifest_accepts_and_defaults_the_rest():
    raw = {"size": 5, "stones": 3, "extra": "bogus", "frozen": True, "komi": 3}
    assert fields.clean_options(ARCHIPELAGO, raw) == {
        "size": 5,
        "stones": 3,
        "extra": "full",
        "scoring": "standard",
        "wunchunk": False,
        "frozen": True,
    }
    assert fields.clean_options(ARCHIPELAGO, {"size": True})["size"] == 7  # not a number
    assert fields.clean_options(ARCHIPELAGO, {"size": 13})["size"] == 7  # off the board
    # An option checked in code keeps its default here: the game's kit checks it.
    assert fields.clean_options(STIGMERGY, {"size": 5, "komi": 3}) == {"size": 5, "komi": None}


@pytest.mark.parametrize("text", ["", "seven", "1", "13", "4.5"])
def test_a_board_side_off_the_manifests_sizes_is_refused_in_words(text):
    with pytest.raises(ValueError, match=r"^The board side must be a number from 2 to 12\.$"):
        fields.read_size({"size": text}, ARCHIPELAGO.sizes)


def test_a_board_side_is_read_as_typed():
    assert fields.read_size({"size": " 9 "}, ARCHIPELAGO.sizes) == 9
    html = fields.size_html(ARCHIPELAGO, 9)
    assert 'min="2" max="12" value="9"' in html and "6 to 8 recommended" in html


def test_the_form_shows_the_options_and_reads_back_what_it_shows():
    options = {**fields.clean_options(ARCHIPELAGO, {}), "extra": "half"}
    html = fields.offered_html(ARCHIPELAGO, options, 3)
    assert '<option value="half" selected>half, rounded up</option>' in html
    assert 'id="frozen-field" aria-describedby="frozen-why" checked' in html  # 3 players
    assert '<input type="hidden" name="frozen-touched" value="">' in html
    read = fields.read_offered(
        ARCHIPELAGO,
        {"stones": "3", "extra": "nonsense", "wunchunk": "", "frozen": True, "players": "3"},
    )
    # An unknown word takes the default; frozen untouched follows the rules' default.
    assert read == {"stones": 3, "extra": "full", "wunchunk": False, "frozen": None}


def test_a_touched_box_keeps_a_choice_only_where_it_differs_from_the_rules():
    form = {"frozen": True, "frozen-touched": "1"}
    assert fields.read_offered(ARCHIPELAGO, {**form, "players": "2"}) == {"frozen": True}
    assert fields.read_offered(ARCHIPELAGO, {**form, "players": "4"}) == {"frozen": None}


def test_the_box_follows_the_player_count_until_touched():
    untouched = {"players": "3", "frozen-touched": ""}
    assert fields.follow_players(ARCHIPELAGO, untouched, "players") == {"frozen": {"checked": True}}
    assert fields.follow_players(ARCHIPELAGO, {**untouched, "players": "2"}, "players") == {
        "frozen": {"checked": False}
    }
    assert fields.follow_players(ARCHIPELAGO, untouched, "frozen") == {
        "frozen-touched": {"value": "1"}
    }
    touched = {**untouched, "frozen-touched": "1"}
    assert fields.follow_players(ARCHIPELAGO, touched, "players") == {}
