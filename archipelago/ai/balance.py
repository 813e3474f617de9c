"""Level 5's view of the first phase: what a position is worth by three counts of each
colour (groups, single stones, stones), with weights fitted to the results of random
play from real positions (``fit_balance.py`` makes them again).

Why: the group count alone misleads early in the game. The board ends full, so the
colour with more stones on it ends as a few large groups and the sparser colour as many
small ones; a group lead also hands the trailer an extra stone a turn (R4). On sides 6
and 7, 2 players, a player's random-play value fell as its group lead rose (correlation
-0.48), and fell most with its lead in stones (-0.80). Our search that built groups of
its own colour first lost about 4 games in 5 to plain UCT on side 6; valued by these
counts it won 88 of 100 there and 100 of 100 on side 7, and still beat level 4
(docs/strength.md, "The first phase: balance").

Each weight is ``base + per_empty * e`` for the share ``e`` of the board still empty: a
stone of one's colour costs most while the board is empty. Only two-player games of
standard scoring are fitted; they serve 3 players too (measured); 4 players and
Wunchunk keep the group-count view.
"""

from __future__ import annotations

from ..state import GameState
from .features import Terms

# (base, per empty share) for one more group, single stone and stone of a colour, on the
# logit scale of a win against one opponent. Fitted by ``python -m
# archipelago.ai.fit_balance`` (its defaults: 56 games on each of sides 6 and 7, seed 1;
# correlation 0.87 with the random-play values).
BALANCE_FIT = ((0.3093, -0.0756), (0.1871, -0.0495), (-0.0126, -0.2370))


# Fitted on two-player games; with 3 players they won 85 of 100 against two ``uct``
# where group counts won 46 of 100; with 4 players a first sample was no better than
# group counts (4 of 10 against three ``uct``; group counts: 51 of 100), so 4 keep them.
MOST_PLAYERS = 3


def applies(state: GameState) -> bool:
    """Whether the fitted weights serve this game: standard scoring (Wunchunk reverses
    what a group is worth, R13) and at most ``MOST_PLAYERS`` players."""
    return state.players <= MOST_PLAYERS and not state.variant.wunchunk


def balance_terms(state: GameState) -> Terms:
    """What one more group, single stone and stone of a colour is worth at ``state``."""
    e = state.empty_count / len(state.cells)
    group, single, stone = ((base + per_empty * e) for base, per_empty in BALANCE_FIT)
    return group, single, stone


def balance_values(state: GameState) -> list[float]:
    """Per player in seat order, their colour's fitted counts valued at ``state`` (on the
    logit scale: a difference ``d`` wins with probability sigma(d); ``balance_rewards``
    in ``knowledge.py`` turns them into rewards)."""
    per_group, per_single, per_stone = balance_terms(state)
    cells = state.cells
    groups, singles = state.groups_count, state.singles_count
    return [
        per_group * groups[p] + per_single * singles[p] + per_stone * cells.count(p)
        for p in range(1, state.players + 1)
    ]


__all__ = ["BALANCE_FIT", "MOST_PLAYERS", "applies", "balance_terms", "balance_values"]
