"""Archipelago's perft data (tests/data/archipelago_perft.json): the engine and an
independent model (tests/support/perft_model.py) must both reproduce it, and a few counts follow
by hand from the rules. The suite recounts the fast depths; all of them take a few
minutes: python -m archipelago perft --check tests/data/archipelago_perft.json"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from archipelago.cli import main
from archipelago.perft import perft, read_data, turn_perft
from archipelago.registry import new_game
from tests.support.perft_model import model_counts

DATA = Path(__file__).parents[2] / "data" / "archipelago_perft.json"
NAME, ROWS = read_data(str(DATA))
VARIATIONS = [
    {"stones": 3},
    {"extra": "half"},
    {"extra": "none"},
    {"scoring": "alternating"},
    {"wunchunk": True},
]


def label(row: dict) -> str:
    return f"side{row['size']}-{row['players']}p-" + (
        "-".join(f"{k}={v}" for k, v in row["variant"].items()) or "default"
    )


def cells(side: int) -> int:
    return 3 * side * (side - 1) + 1


def fast_moves(row: dict) -> int:
    """Depths of single moves the suite recounts: the data goes to 4."""
    if row["size"] == 2:
        return 4 if row["players"] == 2 else 3
    return 3 if row["size"] == 3 else 2


def fast_turns(row: dict) -> int:
    """Depths of whole turns the suite recounts: those of at most 20000 sequences."""
    return sum(1 for count in row["turns"] if count <= 20000)


def test_the_data_has_every_variation_on_every_small_board() -> None:
    setups = {(row["size"], row["players"], json.dumps(row["variant"])) for row in ROWS}
    for side in (2, 3, 4):
        for players in (2, 3, 4):
            # Frozen Irrelevance is on by default from three players (R12): flip it.
            flipped = {"frozen": players < 3}
            for variant in [{}, *VARIATIONS, flipped]:
                assert (side, players, json.dumps(variant)) in setups
    assert NAME == "archipelago"
    assert all(len(row["moves"]) >= 3 and row["turns"] for row in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=label)
def test_the_engine_reproduces_the_data(row: dict) -> None:
    game = new_game(NAME, size=row["size"], players=row["players"], variant=row["variant"])
    moves = [perft(game, depth) for depth in range(1, fast_moves(row) + 1)]
    assert moves == row["moves"][: fast_moves(row)]
    turns = [turn_perft(game, depth) for depth in range(1, fast_turns(row) + 1)]
    assert turns == row["turns"][: fast_turns(row)]
    assert game == new_game(NAME, size=row["size"], players=row["players"], variant=row["variant"])


@pytest.mark.parametrize("row", [row for row in ROWS if row["size"] < 4], ids=label)
def test_an_independent_model_reproduces_the_data(row: dict) -> None:
    """The model restates the rules with its own board, flood fills and no undo."""
    depth = 3 if (row["size"], row["players"]) == (2, 2) else 2
    setup = (row["size"], row["players"], row["variant"])
    assert model_counts(*setup, depth, "moves") == row["moves"][:depth]
    turns = min(fast_turns(row), 2)
    if row["turns"][turns - 1] <= 5000:
        assert model_counts(*setup, turns, "turns") == row["turns"][:turns]


@pytest.mark.parametrize("side", [2, 3, 4])
def test_two_player_counts_follow_from_the_rules(side: int) -> None:
    """With two players and n cells: the first turn is one stone of either colour or a
    pass (R5); then two stones (no one has a group yet, so no extra stone, R4); a turn
    that has a stone can end early (R6) and two passes in a row end the game."""
    n = cells(side)
    row = next(r for r in ROWS if (r["size"], r["players"], r["variant"]) == (side, 2, {}))
    first = 2 * n + 1
    # After a stone: 2(n-1) stones or a pass; after the stone a second stone (2(n-2)) or
    # end, after the pass player 1 again (2(n-1) stones or a pass). After the opening pass:
    # 2n stones, then 2(n-1) stones or end; or a pass that ends the game.
    second = 2 * n * (2 * n - 1) + 2 * n + 1
    third = 2 * n * ((2 * n - 2) * (2 * n - 3) + 2 * n - 1) + 2 * n * (2 * n - 1)
    assert row["moves"][:3] == [first, second, third]
    for stones in (2, 3):
        data = next(
            r
            for r in ROWS
            if (r["size"], r["players"]) == (side, 2)
            and r["variant"] in ([{}] if stones == 2 else [{"stones": 3}])
        )
        # The second turn: a pass or a set of 1 to ``stones`` stones, each of 2 colours.
        after_stone = 1 + sum(comb(n - 1, k) * 2**k for k in range(1, stones + 1))
        after_pass = 1 + sum(comb(n, k) * 2**k for k in range(1, stones + 1))
        counts = [first, 2 * n * after_stone + after_pass]
        assert data["turns"][:2] == counts[: len(data["turns"])]


def test_what_the_variations_change() -> None:
    """A turn's allowance only decides whether the one move besides the stones is "end" or
    "pass", so single-move counts to depth 4 are the same under every variation; whole
    turns show them. Scoring never changes what may be played."""
    by_setup: dict[tuple[int, int], dict[str, dict]] = {}
    for row in ROWS:
        key = json.dumps(row["variant"])
        by_setup.setdefault((row["size"], row["players"]), {})[key] = row
    for rows in by_setup.values():
        default = rows["{}"]
        assert all(row["moves"] == default["moves"] for row in rows.values())
        assert rows['{"scoring": "alternating"}']["turns"] == default["turns"]
        three = rows['{"stones": 3}']["turns"]
        if len(three) > 1:  # a third stone from the second turn on
            assert three[1] > default["turns"][1]
    side2 = by_setup[(2, 2)]
    # Extra stones (R4) first appear in turn 3, once the second player has made a group.
    assert side2['{"extra": "none"}']["turns"][2] < side2["{}"]["turns"][2]


def test_the_command_counts_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["perft", "--size", "2", "--depth", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in out] == ["depth 1: 15", "depth 2: 197"]
    assert main(["perft", "--size", "2", "--depth", "2", "--turns", "--variant", "stones=3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in out] == ["depth 1: 15", "depth 2: 3641"]
    wrong = {"game": "archipelago", "rows": [{"size": 2, "players": 2, "moves": [15, 198]}]}
    path = tmp_path / "perft.json"
    path.write_text(json.dumps(wrong))
    assert main(["perft", "--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH archipelago side 2, 2 players, moves: 15 197" in out
    assert "0 of 1 counts agree" in out
    path.write_text("{")
    assert main(["perft", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not JSON" in err
    assert main(["perft", "--size", "13", "--depth", "1", "--game", "archipelago"]) == 2
    assert "board sides 2 to 12, not 13" in capsys.readouterr().err
