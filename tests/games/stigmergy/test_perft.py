"""Stigmergy's perft data (tests/data/stigmergy_perft.json), the counterpart of
Archipelago's: the engine and the from-scratch model of tests/support/stighelpers.py must both
reproduce it. The suite recounts the fast depths; all of them:
python -m archipelago perft --check tests/data/stigmergy_perft.json"""

from __future__ import annotations

from pathlib import Path

import pytest

from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.perft import perft, read_data
from archipelago.registry import new_game
from tests.support.stighelpers import legal_from_scratch

DATA = Path(__file__).parents[2] / "data" / "stigmergy_perft.json"
NAME, ROWS = read_data(str(DATA))


def label(row: dict) -> str:
    komi = row["variant"].get("komi")
    return f"side{row['size']}-" + ("proposal" if komi is None else f"komi{komi}")


def from_scratch(game: StigmergyGame, depth: int) -> int:
    """The count with the legal moves of the from-scratch model, on clones."""
    if depth == 0:
        return 1
    texts = legal_from_scratch(game)
    if depth == 1:
        return len(texts)
    total = 0
    for text in texts:
        child = game.clone()
        child.push(text)
        total += from_scratch(child, depth - 1)
    return total


def test_the_data_covers_fixed_and_proposed_komi() -> None:
    assert NAME == "stigmergy"
    setups = {(row["size"], row["variant"].get("komi", "proposal")) for row in ROWS}
    assert {(3, 0), (3, 1), (3, "proposal"), (4, 0), (4, "proposal"), (5, 0)} <= setups
    # Nobody controls a cell with one stone (a corner needs two sightings): the first three
    # moves of a fixed even komi are any empty cell; an odd one adds the button.
    side3 = {row["variant"].get("komi"): row["moves"] for row in ROWS if row["size"] == 3}
    assert side3[0][:3] == [19, 19 * 18, 19 * 18 * 17]
    assert side3[1][:3] == [20, 20 * 19, 20 * 19 * 18]
    # 41 proposals from -20 to 20, each answered by 19 stones or play-second, plus the
    # button for the 20 odd ones.
    assert side3[None][:2] == [41, 41 * 20 + 20]


@pytest.mark.parametrize("row", ROWS, ids=label)
def test_the_engine_reproduces_the_data(row: dict) -> None:
    game = new_game(NAME, size=row["size"], variant=row["variant"])
    depth = 4 if row["size"] == 3 and "komi" in row["variant"] else 3
    assert [perft(game, d) for d in range(1, depth + 1)] == row["moves"][:depth]


@pytest.mark.parametrize("row", ROWS, ids=label)
def test_the_from_scratch_model_reproduces_the_data(row: dict) -> None:
    game = new_game(NAME, size=row["size"], variant=row["variant"])
    assert isinstance(game, StigmergyGame)
    depth = 3 if row["size"] == 3 else 2
    assert [from_scratch(game, d) for d in range(1, depth + 1)] == row["moves"][:depth]
