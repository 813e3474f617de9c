"""The analysis's messages between the page and the computer players' Web Worker, and
the worker's job that answers them (beside ``protocol.py``, which carries the moves).

Page to worker:
    {"type": "analyse", "id", "record", "seed", "iterations", "solve_nodes"}
    {"type": "stop", "id"}     (protocol.py's stop: answer with the turns done so far)
Worker to page:
    {"type": "analysis", "id", "done", "total", "rows", "finished", "stopped"}

The worker answers while it works: a reply each time a turn is analysed (``rows`` holds
every turn analysed so far, as ``archipelago.analysis.stored`` writes them), and a last
one with ``finished`` (all turns) or ``stopped`` (Stop, or a newer request). Errors come
back as protocol.py's error replies with the request's id.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from ...analysis.results import Budget
from ...analysis.stored import row_json
from ...registry import loads

if TYPE_CHECKING:
    from ...analysis.turns import Analyser

ANALYSE = "analyse"
ANALYSIS = "analysis"
# Per position: the command's default budget, so that the page's analysis (seed 1) is the
# command's ``analyse --seed 1``; a side-7 game takes a few minutes on a phone
# (docs/analysis.md has the measured times).
PAGE_BUDGET = Budget()
MOST_ITERATIONS = 100_000
MOST_SOLVE_NODES = 10_000_000


class AnalysisProtocolError(ValueError):
    """A message of the analysis that does not follow its protocol."""


def analyse_request(
    request_id: int, record: str | dict[str, Any], seed: int, budget: Budget = PAGE_BUDGET
) -> dict[str, Any]:
    """The page's request to analyse the record's whole turns."""
    text = record if isinstance(record, str) else json.dumps(record)
    message = {
        "type": ANALYSE,
        "id": request_id,
        "record": text,
        "seed": seed,
        "iterations": budget.iterations,
        "solve_nodes": budget.solve_nodes,
    }
    read_analyse(message)
    return message


def is_analyse(message: Any) -> bool:
    return isinstance(message, dict) and message.get("type") == ANALYSE


def is_analysis(message: Any) -> bool:
    return isinstance(message, dict) and message.get("type") == ANALYSIS


def read_analyse(message: Any) -> tuple[int, str, int, Budget]:
    """(id, record text, seed, budget) of an analyse request; AnalysisProtocolError says
    what is wrong."""
    if isinstance(message, str):
        try:
            message = json.loads(message)
        except ValueError:
            raise AnalysisProtocolError("a message must be a JSON object") from None
    if not is_analyse(message):
        raise AnalysisProtocolError("not an analyse request")
    request_id = message.get("id")
    record = message.get("record")
    seed = message.get("seed")
    iterations = message.get("iterations")
    nodes = message.get("solve_nodes")
    if not (_whole(request_id) and request_id >= 0):
        raise AnalysisProtocolError(f'"id" must be a whole number, not {request_id!r}')
    if not isinstance(record, str) or not record:
        raise AnalysisProtocolError('"record" must be the game record as JSON text')
    if not _whole(seed):
        raise AnalysisProtocolError(f'"seed" must be a whole number, not {seed!r}')
    if not (_whole(iterations) and 1 <= iterations <= MOST_ITERATIONS):
        raise AnalysisProtocolError(f'"iterations" must be from 1 to {MOST_ITERATIONS}')
    if not (_whole(nodes) and 0 <= nodes <= MOST_SOLVE_NODES):
        raise AnalysisProtocolError(f'"solve_nodes" must be from 0 to {MOST_SOLVE_NODES}')
    return request_id, record, seed, Budget(iterations, nodes)


def analysis_reply(
    request_id: int, analyser: Analyser, finished: bool = False, stopped: bool = False
) -> dict[str, Any]:
    return {
        "type": ANALYSIS,
        "id": request_id,
        "done": len(analyser.rows),
        "total": analyser.total,
        "rows": [row_json(row) for row in analyser.rows],
        "finished": finished,
        "stopped": stopped,
    }


class AnalysisJob:
    """The worker's side of one analyse request: ``step(seconds)`` works for about that
    long and gives a reply (as JSON text) when a turn more is done or all are, else
    None; ``stop()`` gives the last reply at once."""

    def __init__(self, message_text: str) -> None:
        # The search is imported here, in the worker: the page's thread never loads it.
        from ...analysis.turns import Analyser

        self.id, record, seed, budget = read_analyse(message_text)
        self.analyser = Analyser(loads(record), budget, seed)
        self.reported = -1

    def step(self, seconds: float) -> str | None:
        analyser = self.analyser
        end = time.perf_counter() + seconds
        while not analyser.done:
            analyser.step()
            if len(analyser.rows) != self.reported or time.perf_counter() >= end:
                break
        if analyser.done:
            return json.dumps(analysis_reply(self.id, analyser, finished=True))
        if len(analyser.rows) != self.reported:
            self.reported = len(analyser.rows)
            return json.dumps(analysis_reply(self.id, analyser))
        return None

    @property
    def finished(self) -> bool:
        return self.analyser.done

    def stop(self) -> str:
        return json.dumps(analysis_reply(self.id, self.analyser, stopped=True))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "PAGE_BUDGET",
    "AnalysisJob",
    "AnalysisProtocolError",
    "analyse_request",
    "analysis_reply",
    "is_analyse",
    "is_analysis",
    "read_analyse",
]
