"""The puzzle format: a set's text read back as written, and every malformed line refused
with a message naming its line."""

from __future__ import annotations

import json

import pytest

from archipelago.errors import RecordError
from archipelago.puzzles.puzzle import Puzzle, from_json, read_set, write_set

RECORD = {"game": "stigmergy", "size": 3, "turns": ["0", "a1"]}  # komi 0, then a1


def good(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "stigmergy-0001",
        "game": "stigmergy",
        "record": RECORD,
        "solution": ["b2", "c3", "b3"],
        "themes": ["sight"],
        "difficulty": 2,
    }
    data.update(changes)
    return data


def test_a_set_reads_back_as_written_and_the_solver_enters_every_other_turn() -> None:
    first = from_json(good())
    second = from_json(good(id="stigmergy-0002", solution=["c1"], themes=[]))
    text = write_set([first, second])
    assert text.count("\n") == 2 and json.loads(text.splitlines()[0])["record"] == RECORD
    assert read_set("\n" + text + "\n") == [first, second]
    assert first.solver_turns() == ("b2", "b3") and second.solver_turns() == ("c1",)
    assert isinstance(first, Puzzle) and first.difficulty == 2


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"id": "Has Spaces"}, "id must be lower-case"),
        ({"record": {"game": "archipelago", "turns": []}}, 'must be a game record of "stigmergy"'),
        ({"solution": ["b2", "c3"]}, "must end on the solver's turn"),
        ({"solution": "b2"}, "solution must be a list of strings"),
        ({"themes": [1]}, "themes must be a list of strings"),
        ({"difficulty": 6}, "difficulty must be 1 to 5"),
    ],
)
def test_a_malformed_puzzle_is_refused_naming_its_line(
    changes: dict[str, object], words: str
) -> None:
    text = json.dumps(good()) + "\n" + json.dumps(good(**{"id": "stigmergy-0002", **changes}))
    with pytest.raises(RecordError, match="^line 2: ") as refused:
        read_set(text)
    assert words in str(refused.value)


def test_an_id_used_twice_or_a_line_that_is_not_json_is_refused() -> None:
    with pytest.raises(RecordError, match="line 2: the id stigmergy-0001 is used twice"):
        read_set(json.dumps(good()) + "\n" + json.dumps(good()))
    with pytest.raises(RecordError, match="^line 1: "):
        read_set('{"id": ')
    with pytest.raises(RecordError, match="must be a JSON object"):
        read_set("[1]")
