"""The engine under Pyodide (the browser's Python 3.14) gives the same games as CPython."""

import json
import random

import pytest
from pyodide_harness import needs_pyodide, run_in_pyodide

from archipelago.games.archipelago.randomplay import random_game
from archipelago.games.archipelago.record import dumps
from archipelago.games.archipelago.variant import Variant

pytestmark = [pytest.mark.pyodide, needs_pyodide()]

GAMES = [(5, 2, {}), (6, 3, {"wunchunk": True}), (4, 4, {"extra": "half", "stones": 3})]

SCRIPT = """
import json, random, sys
from archipelago.games.archipelago.randomplay import random_game
from archipelago.games.archipelago.record import dumps, loads
from archipelago.games.archipelago.variant import Variant
out = {"version": list(sys.version_info[:2]), "games": []}
for size, players, variant in %s:
    state = random_game(size, players, Variant(**variant), random.Random(size * 10 + players))
    assert loads(dumps(state)) == state
    out["games"].append(dumps(state))
print(json.dumps(out))
"""


def test_engine_runs_under_pyodide_and_matches_cpython():
    result = json.loads(run_in_pyodide(SCRIPT % repr(GAMES)).strip().splitlines()[-1])
    assert result["version"][0] == 3 and result["version"][1] >= 12
    expected = [
        dumps(random_game(size, players, Variant(**variant), random.Random(size * 10 + players)))
        for size, players, variant in GAMES
    ]
    assert result["games"] == expected
