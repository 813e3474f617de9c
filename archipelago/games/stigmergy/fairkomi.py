"""The fair komi: how much placing the first stone is worth, by board side.

``FIRST_MOVE_ADVANTAGE[side]`` is the mean score margin (points) by which the player
who places the first stone won with no komi, in greedy self-play measured by
``python -m archipelago.games.stigmergy.ai.komi`` (docs/stigmergy.md has the table and
the command). The computer proposes and answers komis from it (``ai/komi.py``), and the
page suggests it to a person proposing one. Kept apart from ``ai/`` so that the page can
read it without loading the search.
"""

from __future__ import annotations

# Side -> the first placer's mean margin at komi 0 in greedy self-play, 200 games a side
# (docs/stigmergy.md). Sides 5 to 10 measured 1.6, 0.8, 1.1, 1.4, 3.3 and -0.7 points
# with standard errors of 0.8 to 2.6; none differs from their pooled mean (weighted by
# precision) by more than 1.5 errors, so they all get that mean.
POOLED_5_TO_10 = 1.3
FIRST_MOVE_ADVANTAGE: dict[int, float] = {
    3: 1.8,
    4: 1.7,
    **dict.fromkeys(range(5, 11), POOLED_5_TO_10),
}


def fair_komi(side: int) -> float:
    """The first-move advantage on a board of ``side`` (from the table)."""
    return FIRST_MOVE_ADVANTAGE[side]


def suggested_komi(side: int) -> int:
    """The whole-number komi that comes nearest to making both seats worth the same."""
    return int(fair_komi(side) + 0.5)
