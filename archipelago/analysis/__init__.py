"""The analysis of a game record: for every turn the mover's chance before and after
it, the computer's best turn and a judgement of the turn played. Game-independent (the
contract, the registry's computer players and the search).

- ``results.py``: a turn's row, the judgements' thresholds, the budget (no search: the
  page imports only this and ``stored.py`` on its thread);
- ``evaluate.py``: one position valued by the solver or the tree search;
- ``turns.py``: the record cut into turns, the ``Analyser`` and ``analyse``;
- ``stored.py``: an analysis as JSON, kept with a game.

A library: ``python -m archipelago analyse`` (``archipelago/commands/analyse.py``) prints it.
"""

from .results import BLUNDER, INACCURACY, JUDGEMENTS, MISTAKE, Budget, TurnAnalysis, judge

__all__ = ["BLUNDER", "INACCURACY", "JUDGEMENTS", "MISTAKE", "Budget", "TurnAnalysis", "judge"]
