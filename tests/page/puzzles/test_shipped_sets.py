"""Every shipped puzzle (archipelago/games/<game>/puzzles.jsonl) played on the page under
CPython: its link opens it, the solution's turns typed in are taken as right, the page
plays the replies between them, and the puzzle ends solved. The sets come from the
maker, so this is what catches a puzzle the page would judge otherwise than the maker
(another side, three players, a turn of several stones)."""

from __future__ import annotations

import pytest

from archipelago.commands.puzzles import shipped_set
from archipelago.puzzles.puzzle import Puzzle, read_set
from archipelago.registry import game_names
from tests.support.pagetab import Tab

SETS = {game: shipped_set(game).read_text(encoding="utf-8") for game in game_names()}
FILES = {f"puzzles/{game}.jsonl": text for game, text in SETS.items()}
PUZZLES = [puzzle for text in SETS.values() for puzzle in read_set(text)]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_the_solution_typed_in_solves_the_shipped_puzzle(puzzle: Puzzle) -> None:
    tab = Tab(f"?game={puzzle.game}&puzzle={puzzle.id}", files=dict(FILES))
    assert tab.browser.attr("body", "data-puzzle-id") == puzzle.id
    start = tab.turns()
    for index, turn in enumerate(puzzle.solution):
        assert tab.browser.attr("body", "data-puzzle-state") == "solving", (index, turn)
        if index % 2:  # the reply: the page plays it
            tab.browser.advance(1000)
        else:
            tab.command(turn)
        assert tab.turns() == [*start, *puzzle.solution[: index + 1]]
    assert tab.browser.attr("body", "data-puzzle-state") == "solved"
