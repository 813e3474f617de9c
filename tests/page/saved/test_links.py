"""Saved games and share links of the page, under CPython: a game with its names and
seats goes through a link and back; damaged or illegal links are refused."""

import base64
import json
import zlib

import pytest

from archipelago.errors import RecordError
from archipelago.page.saved.links import decode_link, encode_link
from archipelago.page.saved.storage import session_from_payload
from archipelago.page.session import Session
from archipelago.reading import MAX_TEXT
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


def test_a_link_made_before_links_were_deflated_still_opens_its_game():
    state = replay(2, ["1a1", "2b2,1c3"])
    payload = Session(state, ["Ada", "Ben"], [0, 2]).payload()
    old = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    assert old.startswith("ey") and not encode_link(payload).startswith("ey")
    again = session_from_payload(decode_link(old))
    assert again.game == state and again.names == ["Ada", "Ben"] and again.seats == [0, 2]


def test_a_compact_link_that_unpacks_past_the_limit_or_is_cut_is_damaged():
    bomb = zlib.compress(b" " * (MAX_TEXT + 10), 9, wbits=-15)  # a few hundred bytes
    with pytest.raises(RecordError, match="the link is damaged"):
        decode_link("z" + base64.urlsafe_b64encode(bomb).decode())
    whole = encode_link({"game": "archipelago", "turns": ["1a1"] * 50})
    with pytest.raises(RecordError, match="the link is damaged"):
        decode_link(whole[: len(whole) // 2])
