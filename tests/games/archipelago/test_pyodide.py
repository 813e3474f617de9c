"""The engine under Pyodide (the browser's Python 3.14) gives the same games as CPython."""

import json
import random

import pytest

from archipelago.games.archipelago.record import dumps
from archipelago.games.archipelago.state import GameState
from tests.support.pyodide_harness import needs_pyodide, run_in_pyodide

pytestmark = [pytest.mark.pyodide, needs_pyodide()]

GAMES = [(5, 2, {}), (6, 3, {"wunchunk": True}), (4, 4, {"extra": "half", "stones": 3})]

SCRIPT = """
import json, random, sys
from archipelago.registry import loads
from archipelago.games.archipelago.record import dumps
from archipelago.games.archipelago.state import GameState
out = {"version": list(sys.version_info[:2]), "games": []}
for size, players, variant in %s:
    state = GameState.random_game(
        random.Random(size * 10 + players), size=size, players=players, variant=variant
    )
    assert loads(dumps(state)) == state
    out["games"].append(dumps(state))
print(json.dumps(out))
"""


def test_engine_runs_under_pyodide_and_matches_cpython():
    result = json.loads(run_in_pyodide(SCRIPT % repr(GAMES)).strip().splitlines()[-1])
    assert result["version"][0] == 3 and result["version"][1] >= 12
    expected = [
        dumps(
            GameState.random_game(
                random.Random(size * 10 + players), size=size, players=players, variant=variant
            )
        )
        for size, players, variant in GAMES
    ]
    assert result["games"] == expected
