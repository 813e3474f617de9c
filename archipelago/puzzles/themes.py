"""The puzzle themes every game has: what the end and the length of a solution say,
whatever the game. Each game's ``puzzle_themes`` puts these after its own in ``THEMES``
and adds ``outcome_themes`` to what its ``themes`` finds."""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..i18n import N_

OUTCOME_THEMES = {
    "win": N_("Ends the game as the winner"),
    "one-turn": N_("One turn to find"),
    "long": N_("Several turns in a row"),
}


def outcome_themes(line: Sequence[Game], solution: Sequence[str], solver: int) -> set[str]:
    """The ids of OUTCOME_THEMES a solution has: ``line`` is the puzzle's position and the
    position after each turn of ``solution``, played by ``solver`` (counted from 1)."""
    found = {"long" if len(solution) > 1 else "one-turn"}
    returns = line[-1].returns()
    if returns is not None and returns[solver - 1] == max(returns) > min(returns):
        found.add("win")
    return found
