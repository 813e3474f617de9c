"""Saved games, share links and URL options of the page, under CPython."""

import pytest
from gamehelpers import replay

from archipelago.errors import RecordError
from archipelago.pagedata import (
    DEFAULT_SETTINGS,
    decode_link,
    encode_link,
    game_from_payload,
    parse_options,
    payload_of,
)


def test_a_game_with_names_and_seats_round_trips_through_a_link():
    state = replay(3, ["1g7", "2f6,2f7"], current="3a1")
    payload = payload_of(state, ["Ada", "Ben", "Cleo"], [0, 3, 5])
    link = encode_link(payload)
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again, names, seats = game_from_payload(decode_link(link))
    assert again == state
    assert names == ["Ada", "Ben", "Cleo"] and seats == [0, 3, 5]


def test_people_only_games_carry_no_seats():
    state = replay(2, ["1a1"])
    assert "seats" not in payload_of(state, ["A", "B"], [0, 0])
    _, names, seats = game_from_payload(payload_of(state, ["A", "B"]))
    assert seats == [0, 0]


def test_bad_names_and_seats_fall_back_to_defaults():
    payload = payload_of(replay(2, []), ["Ada", ""], [0, 9])
    _, names, seats = game_from_payload(payload)
    assert names == ["Player 1", "Player 2"] and seats == [0, 0]


@pytest.mark.parametrize(
    ("text", "message"),
    [("%%%", "the link is damaged"), (encode_link({"a": 1})[:-3] + "!!", "the link is damaged")],
)
def test_damaged_links_are_refused(text, message):
    with pytest.raises(RecordError, match=message):
        decode_link(text)


def test_a_link_with_an_illegal_move_names_it():
    payload = payload_of(replay(2, ["1a1"]), ["A", "B"])
    payload["turns"].append("2a1")
    with pytest.raises(RecordError, match=r"turn 2, stone 1 \(2a1\): cell a1 is occupied"):
        game_from_payload(decode_link(encode_link(payload)))
    with pytest.raises(RecordError, match="must be a JSON object"):
        game_from_payload([1, 2])


def test_url_options_set_up_a_game():
    settings, embed, problems = parse_options(
        "?embed=1&players=3&size=6&seats=h,c3,c5&extra=half&stones=3&scoring=alternating"
        "&wunchunk=1&frozen=0&names=Ann,Bo,Cy"
    )
    assert embed and problems == []
    assert settings == {
        "players": 3,
        "size": 6,
        "seats": [0, 3, 5, 0],
        "extra": "half",
        "stones": 3,
        "scoring": "alternating",
        "wunchunk": True,
        "frozen": False,
        "names": ["Ann", "Bo", "Cy", DEFAULT_SETTINGS["names"][3]],
    }


def test_bad_url_options_are_named_and_left_at_their_defaults():
    settings, embed, problems = parse_options("?size=13&colour=red&seats=h,c9&players=3")
    assert settings == {"players": 3}
    assert not embed
    assert problems == [
        "size=13 is not allowed (use 2 to 12)",
        "colour is not an option of this page",
        "seats=h,c9 is not a list of h (a person) and c1 to c5 (a computer of that level)",
    ]
    _, _, problems = parse_options("?players=2&seats=h,c1,c2")
    assert problems == ["seats gives 3 seats for 2 players"]
