"""The search under the browser's Python: the pinned npm ``pyodide`` package in Node."""

from __future__ import annotations

import json

import pytest

from tests.support.pyodide_harness import needs_pyodide, run_in_pyodide

pytestmark = [pytest.mark.pyodide, needs_pyodide()]

CODE = """
import json, sys, time
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.search import Search, play_turn

state = GameState(7, 2)
state.place(1, 60)
start = time.perf_counter()
result = Search(state, ArchipelagoKnowledge(), seed=7).run(iterations=200)
took = time.perf_counter() - start
again = Search(state, ArchipelagoKnowledge(), seed=7).run(iterations=200)
move = state.move(result.code)
turn = play_turn(state, 2, iterations=40, seed=3)
print(json.dumps({
    "python": sys.version.split()[0],
    "iterations": result.iterations,
    "same": result.code == again.code,
    "legal": move.code >= 0 and move.code % len(state.cells) != 60,
    "turn": [m.text for m in turn],
    "rate": result.iterations / took,
}))
"""


def test_a_short_search_runs_under_pyodide():
    out = run_in_pyodide(CODE)
    data = json.loads(out.strip().splitlines()[-1])
    assert data["python"].startswith("3.")
    # 200 iterations, or fewer once the most visited stone can no longer be caught.
    assert 100 <= data["iterations"] <= 200
    assert data["same"] and data["legal"]
    assert 1 <= len(data["turn"]) <= 3
    print(f"Pyodide {data['python']}: {data['rate']:.0f} iterations/s")
