"""The shipped puzzle sets (archipelago/games/<game>/puzzles.jsonl), made by
``python -m archipelago puzzles make``: a sample replays, its solutions are legal turns
with the solver on every other one, its themes are the game's, and one puzzle of each
set is proven again with another seed than the maker's."""

from __future__ import annotations

import importlib
import random

import pytest

from archipelago.commands.puzzles import shipped_set
from archipelago.puzzles.proof import position_of, proof_budget, prove
from archipelago.puzzles.puzzle import DIFFICULTIES, Puzzle, read_set
from archipelago.registry import from_record, game_names, manifest_of

SAMPLE = 30


def shipped(game: str) -> list[Puzzle]:
    return read_set(shipped_set(game).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", game_names())
def test_a_sample_of_the_set_replays_with_legal_solutions_and_named_themes(game: str) -> None:
    puzzles = shipped(game)
    assert puzzles, f"{game} ships no puzzle"
    themes = importlib.import_module(f"{manifest_of(game).package}.puzzle_themes").THEMES
    sample = random.Random(0).sample(puzzles, min(SAMPLE, len(puzzles)))
    for puzzle in sample:
        assert puzzle.id.startswith(f"{game}-") and puzzle.game == game
        position = from_record(puzzle.record)
        solver = position.to_move
        assert solver is not None, puzzle.id
        for index in range(len(puzzle.solution) + 1):
            line = position_of(puzzle.record, puzzle.solution[:index])
            if index % 2 == 0 and index < len(puzzle.solution):
                assert line.to_move == solver, puzzle.id
        assert set(puzzle.themes) <= set(themes), puzzle.id
        assert puzzle.difficulty in DIFFICULTIES


@pytest.mark.parametrize("game", game_names())
def test_the_last_position_of_the_set_is_proven_again(game: str) -> None:
    """The puzzle nearest its game's end (the cheapest to search) holds with seed 2."""
    puzzle = max(shipped(game), key=lambda p: len(p.record.get("turns", [])))
    prove(puzzle, proof_budget(game), seed=2)
