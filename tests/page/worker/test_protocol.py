"""The page-worker messages: what is built reads back, and bad messages are refused."""

import json

import pytest

from archipelago.page.worker import protocol
from archipelago.page.worker.protocol import ProtocolError


def test_every_message_round_trips():
    think = protocol.think(7, {"game": "archipelago", "turns": []}, 3, seed=11, hurry=True)
    assert protocol.read_request(think) == protocol.Think(
        7, '{"game": "archipelago", "turns": []}', 3, 11, False, True
    )
    assert protocol.read_request(protocol.stop(7)) == protocol.Control("stop", 7)
    assert protocol.read_request(protocol.cancel(8)) == protocol.Control("cancel", 8)
    assert protocol.read_reply(protocol.ready()) == protocol.Ready()
    assert protocol.read_reply(protocol.move_reply(7, "2g5", True)) == protocol.MoveReply(
        7, "2g5", True
    )
    assert protocol.read_reply(protocol.error_reply(None, "no")) == protocol.ErrorReply(None, "no")
    # Messages travel as JSON between the worker and the page: text reads the same.
    assert protocol.read_request(json.dumps(think)) == protocol.read_request(think)


@pytest.mark.parametrize(
    "message, words",
    [
        ("not json", "JSON object"),
        ([1, 2], "JSON object"),
        ({"type": "dance", "id": 1}, "unknown request type"),
        ({"type": "think", "id": 1, "record": "{}", "level": 9}, '"level"'),
        ({"type": "think", "id": 1, "record": "{}", "level": True}, '"level"'),
        ({"type": "think", "id": 1, "record": "", "level": 2}, '"record"'),
        ({"type": "think", "id": "1", "record": "{}", "level": 2}, '"id"'),
        ({"type": "think", "id": 1, "record": "{}", "level": 2, "seed": 1.5}, '"seed"'),
        ({"type": "think", "id": 1, "record": "{}", "level": 2, "fresh": "yes"}, '"fresh"'),
        ({"type": "stop"}, '"id"'),
        ({"type": "cancel", "id": -1}, '"id"'),
    ],
)
def test_bad_requests_are_named(message, words):
    with pytest.raises(ProtocolError, match=words):
        protocol.read_request(message)


@pytest.mark.parametrize(
    "message, words",
    [
        ({"type": "move", "id": 1, "move": ["1", 2]}, '"move"'),
        ({"type": "move", "id": 1, "move": " "}, '"move"'),
        ({"type": "move", "move": "end"}, '"id"'),
        ({"type": "error", "id": 1, "message": 5}, '"message"'),
        ({"type": "move", "id": 1, "move": "end", "stopped": 1}, '"stopped"'),
        ({"kind": "move"}, "unknown reply type"),
    ],
)
def test_bad_replies_are_named(message, words):
    with pytest.raises(ProtocolError, match=words):
        protocol.read_reply(message)


def test_building_a_bad_message_fails_at_once():
    with pytest.raises(ProtocolError):
        protocol.think(1, "{}", 0)
    with pytest.raises(ProtocolError):
        protocol.move_reply(1, "")


def test_the_worker_edge_completes_requests_and_answers_bad_ones():
    checked = json.loads(
        protocol.worker_request('{"type": "think", "id": 4, "record": "{}", "level": 1}')
    )
    assert checked == {
        "type": "think",
        "id": 4,
        "record": "{}",
        "level": 1,
        "seed": None,
        "fresh": False,
        "hurry": False,
    }
    bad = json.loads(protocol.worker_request('{"type": "think", "id": 4, "level": 1}'))
    assert bad["type"] == "error" and bad["id"] == 4 and '"record"' in bad["message"]
    garbled = json.loads(protocol.worker_request("{oops"))
    assert garbled["type"] == "error" and garbled["id"] is None
    assert json.loads(protocol.worker_move(4, "end", True)) == {
        "type": "move",
        "id": 4,
        "move": "end",
        "stopped": True,
    }
    assert json.loads(protocol.worker_error("x", "boom"))["id"] is None
    assert json.loads(protocol.worker_ready()) == {"type": "ready"}
