"""Stigmergy under Pyodide (the browser's Python) plays the same games as under CPython."""

import json
import random

import pytest

from archipelago.games.stigmergy.state import StigmergyGame
from tests.support.pyodide_harness import needs_pyodide, run_in_pyodide

pytestmark = [pytest.mark.pyodide, needs_pyodide()]

SEEDS = [(4, 1), (5, 2)]

SCRIPT = """
import json, random, sys
from archipelago.registry import loads
from archipelago.games.stigmergy.state import StigmergyGame
out = {"version": list(sys.version_info[:2]), "games": []}
for size, seed in %s:
    game = StigmergyGame.random_game(random.Random(seed), size=size)
    assert loads(json.dumps(game.to_record())) == game
    out["games"].append([game.to_record(), game.summary()])
print(json.dumps(out))
"""


def test_stigmergy_runs_under_pyodide_and_matches_cpython():
    result = json.loads(run_in_pyodide(SCRIPT % repr(SEEDS)).strip().splitlines()[-1])
    assert result["version"][0] == 3 and result["version"][1] >= 12
    expected = []
    for size, seed in SEEDS:
        game = StigmergyGame.random_game(random.Random(seed), size=size)
        expected.append([game.to_record(), json.loads(json.dumps(game.summary()))])
    assert result["games"] == expected
