"""The tree of lines (archipelago/lines.py): a game's main line, its side lines and notes;
adding, promoting, deleting, walking, switching between lines; and their record, both
ways, with random trees drawn by hypothesis through save and load."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from archipelago.errors import RecordError
from archipelago.lines import (
    MAX_LINE_TURNS,
    MAX_LINES,
    MAX_NESTING,
    NOTE_LENGTH,
    LineTree,
    read_lines,
    record_lines,
)
from archipelago.reading import read_json
from archipelago.registry import from_record, game_class, new_game

MAIN = ("a", "b", "c", "d", "e")


def _tree() -> LineTree:
    """The main line a..e; after a, the side line x y; after a x, the side line z."""
    tree = LineTree(MAIN)
    tree.add(tree.add(("a",), "x"), "y")
    tree.add(("a",), "x")  # already there: nothing new
    tree.add(("a",), "z")
    tree.add(("a", "x"), "w")
    return tree


def test_the_main_line_follows_the_first_turns_and_side_lines_come_after_it():
    tree = _tree()
    assert tree.main_line() == MAIN
    lines = tree.lines()
    assert [(line.start, line.path, line.depth, line.parent) for line in lines] == [
        (0, MAIN, 0, -1),
        (1, ("a", "x", "y"), 1, 0),
        (2, ("a", "x", "w"), 2, 1),
        (1, ("a", "z"), 1, 0),
    ]
    assert lines[1].turns == ("x", "y")
    assert tree.size() == 5 + 3 + 1
    assert [path for path, _ in tree.walk()][:3] == [("a",), ("a", "b"), ("a", "b", "c")]


def test_adding_an_existing_turn_follows_its_line_and_a_new_one_at_a_line_end_extends_it():
    tree = _tree()
    assert tree.add(("a",), "b") == ("a", "b")
    assert len(tree.lines()) == 4
    tree.add(("a", "x", "y"), "q")
    assert tree.continuation(("a", "x")) == ("a", "x", "y", "q")
    with pytest.raises(KeyError):
        tree.add(("nowhere",), "q")


def test_up_and_down_switch_among_the_lines_through_a_position():
    tree = _tree()
    assert tree.siblings(MAIN, 2) == [MAIN, ("a", "x", "y"), ("a", "z")]
    assert tree.siblings(("a", "x", "y"), 3) == [("a", "x", "y"), ("a", "x", "w")]
    assert tree.siblings(MAIN, 1) == [MAIN]
    assert tree.siblings(MAIN, 0) == [MAIN]


def test_promoting_makes_a_line_the_main_line_and_keeps_the_old_one_as_a_side_line():
    tree = _tree()
    assert tree.promote(("a", "x", "w"))
    assert tree.main_line() == ("a", "x", "w")
    assert tree.line_start(MAIN) == 1
    assert tree.line_start(("a", "x", "w")) is None
    assert not tree.promote(("a", "x"))  # already on the main line
    assert not tree.promote(("q",))  # on no line
    assert tree.size() == 9


def test_deleting_removes_a_side_line_from_where_it_leaves_and_never_the_main_line():
    tree = _tree()
    assert tree.delete(("a", "x", "y"))  # the line x y, with the line w that leaves it
    assert [line.path for line in tree.lines()] == [MAIN, ("a", "z")]
    assert not tree.delete(MAIN[:3])
    assert not tree.delete(("q",))
    assert tree.main_line() == MAIN


def test_notes_are_written_squeezed_removed_and_refused_when_too_long():
    tree = _tree()
    assert tree.set_note(("a", "x"), "  a better\tidea  ") == ""
    assert tree.note(("a", "x")) == "a better idea"
    assert tree.set_note(("a", "x"), "") == "" and tree.note(("a", "x")) == ""
    assert "at most" in tree.set_note(("a",), "n" * (NOTE_LENGTH + 1))
    assert "control" in tree.set_note(("a",), "bad\u202etext")
    assert tree.set_note((), "on the start") != ""
    assert tree.set_note(("q",), "nowhere") != ""


def test_the_game_s_turns_become_the_main_line_and_undone_turns_leave_no_side_line():
    tree = _tree()
    tree.set_main(MAIN[:3])  # Undo twice: d e go, they carried nothing
    assert tree.main_line() == MAIN[:3]
    tree.set_main(("a", "z", "k"))  # the game went the way of a side line
    assert tree.main_line() == ("a", "z", "k")
    assert ("a", "b", "c") in [line.path for line in tree.lines()]
    tree.set_note(("a", "z", "k"), "kept")
    tree.set_main(("a", "z"))  # a note keeps the turn taken back, as a side line
    assert tree.main_line() == ("a", "z", "k")


# ---------------------------------------------------------------------- records
def _played(record: dict, rng: random.Random, turns: int) -> list[str]:
    """The record's turns followed by up to ``turns`` random turns."""
    game = from_record(record)
    start = len(game.to_record()["turns"])
    while not game.is_over and len(game.to_record()["turns"]) < start + turns:
        codes = game.legal_codes()
        game.push_code(codes[rng.randrange(len(codes))])
    return list(game.to_record()["turns"])


def _random_tree(name: str, seed: int, lines: int) -> tuple[dict, LineTree]:
    rng = random.Random(seed)
    options = {"players": 2} if name == "archipelago" else {}
    setup = new_game(name, size=5, **options).to_record()
    main = _played(setup, rng, rng.randrange(1, 12))
    tree = LineTree(main)
    for _ in range(lines):
        path = rng.choice(tree.lines()).path
        # A turn after the main line's last would be the game's own, not a side line.
        at = rng.randrange(len(path) + (path != tree.main_line()))
        line = _played({**setup, "turns": list(path[:at])}, rng, rng.randrange(1, 5))
        for number in range(at, len(line)):
            if tuple(line[:number]) == tree.main_line():
                break  # a random line that went the game's way to its end: not a side line
            tree.add(line[:number], line[number])
    for path, _node in tree.walk():
        if rng.random() < 0.3:
            tree.set_note(path, f"note {rng.randrange(1000)} ü")
    return {**setup, "turns": main}, tree


def _shape(tree: LineTree) -> list[tuple]:
    return sorted((path, node.note) for path, node in tree.walk())


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["archipelago", "stigmergy"]),
    seed=st.integers(0, 2**32),
    lines=st.integers(0, 6),
)
def test_every_line_and_note_survives_a_save_and_a_load(name, seed, lines):
    record, tree = _random_tree(name, seed, lines)
    written = {**from_record(record).to_record(), **record_lines(tree)}
    text = json.dumps(written)
    game, read = read_lines(read_json(text), game_class(name).from_record)
    assert _shape(read) == _shape(tree)
    assert read.main_line() == tuple(game.to_record()["turns"]) == tree.main_line()
    assert record_lines(read) == record_lines(tree)


def test_a_record_without_lines_reads_as_its_main_line_alone():
    record = new_game("stigmergy", size=5).to_record()
    game, tree = read_lines(record, game_class("stigmergy").from_record)
    assert tree.lines()[0].path == () and record_lines(tree) == {}
    assert game.to_record() == record


def _stigmergy() -> dict:
    return {"game": "stigmergy", "size": 5, "variant": {"komi": 2}, "turns": ["c3", "b2", "d4"]}


def _refused(record: dict) -> str:
    with pytest.raises(RecordError) as caught:
        read_lines(record, game_class(record["game"]).from_record)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= 300
    return message


def test_a_bad_move_inside_a_side_line_is_refused_naming_the_line_and_turn():
    lines = [{"at": 1, "turns": ["a1"]}, {"parent": 1, "at": 2, "turns": ["e5", "zz9"]}]
    message = _refused({**_stigmergy(), "lines": lines})
    assert message.startswith("side line 2: turn 4")


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        ("x", '"lines" must be a list'),
        (["x"], "side line 1 must be an object"),
        ([{"at": 9, "turns": ["a1"]}], 'side line 1: "at" must be a number of turns'),
        ([{"parent": 1, "at": 0, "turns": ["a1"]}], '"parent" must be the number of an earlier'),
        ([{"at": 0, "turns": []}], '"turns" must be a list of turns'),
        ([{"at": 0, "turns": ["a1"], "notes": {"1": 5}}], "the note of turn 1 must be text"),
        ([{"at": 1, "turns": ["a1"], "notes": {"1": "x"}}], "not a turn of the line (2 to 2)"),
        ([{"at": 0, "turns": ["a1"], "notes": {"1": "n" * 400}}], "at most 300 characters"),
    ],
)
def test_a_damaged_side_line_is_refused_in_one_line(lines, words):
    assert words in _refused({**_stigmergy(), "lines": lines})


def test_huge_and_deep_trees_are_refused_before_they_are_replayed():
    many = [{"at": 0, "turns": ["a1"]}] * (MAX_LINES + 1)
    assert f"at most {MAX_LINES}" in _refused({**_stigmergy(), "lines": many})
    long = [{"at": 0, "turns": ["a1"] * (MAX_LINE_TURNS // 2 + 1)}] * 2
    assert "more than 2,000 turns" in _refused({**_stigmergy(), "lines": long})
    chain = [{"parent": n, "at": 0, "turns": ["a1"]} for n in range(MAX_NESTING + 1)]
    assert f"nests more than {MAX_NESTING}" in _refused({**_stigmergy(), "lines": chain})
    notes = {**_stigmergy(), "notes": {"7": "past the end"}}
    assert "the main line: a note is on turn" in _refused(notes)


def test_deep_json_nesting_in_the_lines_is_refused_by_the_reading_layer():
    text = '{"game": "stigmergy", "lines": ' + "[" * 40 + "]" * 40 + "}"
    with pytest.raises(RecordError, match="nests arrays or objects more than 16 deep"):
        read_json(text)
