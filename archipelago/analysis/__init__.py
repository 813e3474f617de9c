"""The analysis of a game record: for every turn the mover's chance before and after
it, the computer's best turn and a judgement of the turn played. Game-independent (the
contract, the registry's computer players and the search); ``turns.py`` says how the
chances and judgements are made, ``evaluate.py`` how a position is valued.
"""

from .evaluate import Budget, NoAnalysisError, Valuation, value_position
from .turns import (
    BLUNDER,
    INACCURACY,
    JUDGEMENTS,
    MISTAKE,
    Analyser,
    Turn,
    TurnAnalysis,
    TurnSplitError,
    analyse,
    judge,
    split_turns,
)

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "JUDGEMENTS",
    "MISTAKE",
    "Analyser",
    "Budget",
    "NoAnalysisError",
    "Turn",
    "TurnAnalysis",
    "TurnSplitError",
    "Valuation",
    "analyse",
    "judge",
    "split_turns",
    "value_position",
]
