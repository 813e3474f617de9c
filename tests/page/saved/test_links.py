"""Saved games, share links and URL options of the page, under CPython."""

import re
from pathlib import Path

import pytest

from archipelago.errors import RecordError
from archipelago.page.saved.links import decode_link, encode_link
from archipelago.page.saved.storage import session_from_payload, session_from_settings
from archipelago.page.session import Session
from archipelago.page.setup.options import (
    COMMON_OPTIONS,
    DEFAULT_SETTINGS,
    game_options,
    parse_options,
)
from tests.support.gamehelpers import replay


def test_a_game_with_names_and_seats_round_trips_through_a_link():
    state = replay(3, ["1g7", "2f6,2f7"], current="3a1")
    payload = Session(state, ["Ada", "Ben", "Cleo"], [0, 3, 5]).payload()
    link = encode_link(payload)
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = session_from_payload(decode_link(link))
    assert again.game == state
    assert again.names == ["Ada", "Ben", "Cleo"] and again.seats == [0, 3, 5]


def test_people_only_games_carry_no_seats():
    state = replay(2, ["1a1"])
    payload = Session(state, ["A", "B"], [0, 0]).payload()
    assert "seats" not in payload
    assert session_from_payload(payload).seats == [0, 0]


def test_bad_names_and_seats_fall_back_to_defaults():
    payload = {**replay(2, []).to_record(), "names": ["Ada", ""], "seats": [0, 9]}
    again = session_from_payload(payload)
    assert again.names == ["Player 1", "Player 2"] and again.seats == [0, 0]


@pytest.mark.parametrize(
    ("text", "message"),
    [("%%%", "the link is damaged"), (encode_link({"a": 1})[:-3] + "!!", "the link is damaged")],
)
def test_damaged_links_are_refused(text, message):
    with pytest.raises(RecordError, match=message):
        decode_link(text)


def test_a_link_with_an_illegal_move_names_it():
    payload = Session(replay(2, ["1a1"]), ["A", "B"]).payload()
    payload["turns"].append("2a1")
    with pytest.raises(RecordError, match=r"turn 2, stone 1 \(2a1\): cell a1 is occupied"):
        session_from_payload(decode_link(encode_link(payload)))
    with pytest.raises(RecordError, match="must be a JSON object"):
        session_from_payload([1, 2])


def test_url_options_set_up_a_game():
    settings, embed, problems = parse_options(
        "?embed=1&players=3&size=6&seats=h,c3,c5&extra=half&stones=3&scoring=alternating"
        "&wunchunk=1&frozen=0&names=Ann,Bo,Cy"
    )
    assert embed and problems == []
    assert settings == {
        "game": "archipelago",
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
    assert settings == {"game": "archipelago", "players": 3}
    assert not embed
    assert problems == [
        "size=13 is not allowed for Archipelago (use 2 to 12)",
        "colour is not an option of this page",
        "seats=h,c9 is not a list of h (a person) and c1 to c5 (a computer of that level)",
    ]
    _, _, problems = parse_options("?players=2&seats=h,c1,c2")
    assert problems == ["seats gives 3 seats for 2 players"]


def test_url_options_of_a_stigmergy_game():
    settings, embed, problems = parse_options(
        "?embed=1&game=Stigmergy&size=5&komi=-7&seats=h,c2&names=Ada,Ben"
    )
    assert embed and problems == []
    assert settings == {
        "game": "stigmergy",
        "size": 5,
        "komi": -7,
        "seats": [0, 2, 0, 0],
        "names": ["Ada", "Ben", "Cy", "Dee"],
    }
    game = session_from_settings(settings).game
    assert game.name == "stigmergy" and game.size == 5 and game.komi == -7
    # The game alone starts its default game; no komi means a komi proposed in the game.
    settings, _, problems = parse_options("?game=stigmergy")
    assert settings == {"game": "stigmergy"} and problems == []
    game = session_from_settings(settings).game
    assert game.size == 8 and game.proposing


def test_bad_url_options_of_a_stigmergy_game_follow_its_rules():
    settings, _, problems = parse_options(
        "?game=stigmergy&size=11&players=3&stones=3&komi=2.5&frozen=1"
    )
    assert settings == {"game": "stigmergy"}  # each bad option left at its default
    assert problems == [
        "size=11 is not allowed for Stigmergy (use 3 to 10)",
        "players=3 is not allowed for Stigmergy (use 2)",
        "stones is not an option of Stigmergy (it is an option of Archipelago)",
        "frozen is not an option of Stigmergy (it is an option of Archipelago)",
        "komi=2.5 is not allowed on a side-8 board (use a whole number from -170 to 170, "
        "or leave it out for a komi proposed in the game)",
    ]
    # The komi's range is the board side's: 62 fits side 5 (61 cells), 63 does not.
    assert parse_options("?game=stigmergy&size=5&komi=62")[0]["komi"] == 62
    _, _, problems = parse_options("?game=stigmergy&komi=63&size=5")
    assert problems and "from -62 to 62" in problems[0]
    # Archipelago's options name the komi as another game's; an unknown game is named.
    settings, _, problems = parse_options("?game=chess&komi=3&size=5")
    assert settings == {"game": "archipelago", "size": 5}
    assert problems == [
        "game=chess is not allowed (use archipelago or stigmergy)",
        "komi is not an option of Archipelago (it is an option of Stigmergy)",
    ]


def test_the_hosting_page_documents_every_url_option():
    page = Path(__file__).resolve().parents[3] / "docs" / "hosting.md"
    readme = page.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)` \|", readme, re.MULTILINE))
    options = set(COMMON_OPTIONS) | {key for keys in game_options().values() for key in keys}
    assert options <= documented
    assert "game=stigmergy" in readme
