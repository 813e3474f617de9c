"""Stigmergy records in Abstract Play's notation and back (issue 27).

Abstract Play's own code is not in this repository. The records below were written by
hand from the moves its Stigmergy documents and writes (a komi proposal in ASCII digits
with an optional minus, ``play-second`` or a first stone as the answer, ``e5``, ``e5x``,
``take-button``, ``pass``, ``resign``; rounds of two moves; variants ``size-7``,
``size-9``, ``size-10`` and ``nokomi``), including the leniency of its reader (case, spaces
anywhere, a flip with or without its ``x``)."""

from __future__ import annotations

import random

import pytest

from archipelago.errors import RecordError
from archipelago.games.stigmergy.abstractplay import from_abstract_play, to_abstract_play
from archipelago.games.stigmergy.record import FORMAT
from archipelago.registry import from_record, new_game

# Side 7: a proposal of 5, answered play-second; the last move flips i6.
FLIP_GAME = [
    ["5", "play-second"], ["g4", "h7"], ["h1", "c2"], ["f4", "m4"], ["i1", "g8"],
    ["i6", "h12"], ["b2", "i7"], ["a2", "m2"], ["g10", "i6x"],
]  # fmt: skip
# Side 9: a proposal of -3 answered with a first stone; player 1 takes the button.
ANSWERED_BY_A_STONE = [["-3", "d4"], ["e5", "take-button"], ["c3", "f6"]]
# Side 8 without komi (nokomi): no proposal, player 1 places first; player 2 resigns.
NO_KOMI_RESIGNED = [["e5", "f6"], ["g7", "resign"]]


def test_a_game_with_a_flip_reads_and_writes_back_the_same():
    record = from_abstract_play(FLIP_GAME, ["size-7"])
    assert record["size"] == 7 and record["variant"] == {} and record["format"] == FORMAT
    assert record["turns"] == [move for pair in FLIP_GAME for move in pair]
    game = from_record(record)
    assert game.summary()["komi"] == 5 and game.summary()["komi_to"] == 2
    assert to_abstract_play(record) == {"variants": ["size-7"], "moves": FLIP_GAME}


def test_its_reader_s_leniency_reads_the_same_game():
    """Case, spaces anywhere, and a flip written without its x (and a placement with
    one) are read as Abstract Play reads them; the record is written canonically."""
    loose = [
        [" 5", "PLAY-SECOND"], ["g 4", "H7"], ["h1", "c2"], ["f4", "m4"], ["i1x", "g8"],
        ["i6", "h12"], ["b2", "i7"], ["a2", "m2"], ["g10", "I6"],
    ]  # fmt: skip
    assert from_abstract_play(loose, ["size-7"]) == from_abstract_play(FLIP_GAME, ["size-7"])


def test_an_answer_by_a_first_stone_and_the_button():
    record = from_abstract_play(ANSWERED_BY_A_STONE, ["size-9"])
    summary = from_record(record).summary()
    assert record["turns"] == ["-3", "d4", "e5", "take-button", "c3", "f6"]
    assert summary["komi"] == -3 and summary["komi_to"] == 1 and summary["button"] == 2
    assert to_abstract_play(record)["moves"] == ANSWERED_BY_A_STONE


def test_no_komi_is_a_komi_fixed_at_zero_and_resign_is_a_move():
    record = from_abstract_play(NO_KOMI_RESIGNED, ["nokomi"])
    assert record["variant"] == {"komi": 0} and record["size"] == 8
    assert from_record(record).summary()["resigned"] == 2
    assert to_abstract_play(record) == {"variants": ["nokomi"], "moves": NO_KOMI_RESIGNED}


def test_flat_lists_and_move_objects_are_read_too():
    flat = [move for pair in ANSWERED_BY_A_STONE for move in pair]
    objects = [[{"move": m} for m in pair] for pair in ANSWERED_BY_A_STONE]
    expected = from_abstract_play(ANSWERED_BY_A_STONE, ["size-9"])
    assert from_abstract_play(flat, ["size-9"]) == expected
    assert from_abstract_play(objects, ["size-9"]) == expected


@pytest.mark.parametrize(
    ("moves", "variants", "message"),
    [
        ([["+5"]], [], "turn 1 (+5): the komi must be written with ASCII digits"),
        ([["\uff15"]], [], "turn 1"),
        ([["171"]], [], "the komi must be a whole number from -170 to 170"),
        ([["5", "pie"]], [], "turn 2 (pie)"),
        ([["5", "e5"], ["button"]], [], "turn 3 (button)"),
        ([["5", "pass"]], [], "turn 2 (pass): no passing"),
        ([["5", "take-button"]], [], "turn 2 (take-button)"),
        ([["e5"]], ["tumpletore"], 'variant "tumpletore" is not played here'),
        ([["e5"]], ["size-6"], 'variant "size-6" is not played here'),
        ([["5", 5]], [], "turn 2: a move is written as text, not 5"),
    ],
)
def test_what_abstract_play_refuses_is_refused_in_one_line(moves, variants, message):
    with pytest.raises(RecordError) as caught:
        from_abstract_play(moves, variants)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"game": "stigmergy", "size": 5, "turns": ["3"]}, "sides 7 to 10, not 5"),
        ({"game": "stigmergy", "variant": {"komi": 3}, "turns": []}, "none (its nokomi"),
        ({"game": "stigmergy", "turns": ["5", "take-button"]}, "turn 2 (take-button)"),
    ],
)
def test_what_abstract_play_cannot_hold_is_refused_in_one_line(record, message):
    with pytest.raises(RecordError) as caught:
        to_abstract_play(record)
    assert message in str(caught.value) and len(str(caught.value)) <= 300


def test_the_turn_two_button_is_ours_only():
    """After an odd komi, the player who chooses to move first may spend that turn on
    the button here (the seed's reading); Abstract Play answers with a stone or
    play-second only, so such a game stays here."""
    game = from_record({"game": "stigmergy", "turns": ["5", "take-button"]})
    assert game.summary()["button"] == 2


@pytest.mark.parametrize("seed", range(12))
def test_records_we_write_are_abstract_play_s_moves_verbatim_and_come_back(seed):
    rng = random.Random(seed)
    size = rng.choice([7, 8, 9, 10])
    game = new_game("stigmergy", size=size, **({"variant": {"komi": 0}} if seed % 4 == 0 else {}))
    while not game.is_over and len(game.history_codes()) < rng.randrange(2, 400):
        moves = [
            m
            for m in game.legal_moves()
            if len(game.history_codes()) != 1 or str(m) != "take-button"
        ]
        game.push(rng.choice(moves))
    record = game.to_record()
    carried = to_abstract_play(record)
    assert [m for pair in carried["moves"] for m in pair] == record["turns"]  # verbatim
    assert from_abstract_play(carried["moves"], carried["variants"]) == record
