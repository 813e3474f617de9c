"""Level 5's view of a position before its closing phase: what each colour is worth by
six counts (groups, single stones, stones, open singles, merge cells, lone cells), with
weights fitted to the results of random play from real positions (``fit_balance.py``
makes them again).

Why: the group count alone misleads. The board ends full, so the colour with more stones
on it ends as a few large groups and the sparser colour as many small ones; a group lead
also hands the trailer an extra stone a turn (R4). On sides 6 and 7, 2 players, a
player's random-play value fell as its group lead rose (correlation -0.48), and fell
most with its lead in stones (-0.80). The three counts of groups, singles and stones
valued positions with at least 40 empty cells at correlation 0.85 with random play, and
later ones at 0.73; adding a colour's open singles (single stones with an empty
neighbour: groups in the making), merge cells (empty cells touching two or more of its
stones' components: one stone there merges them) and lone cells (empty cells touching
none of its stones: room for new islands) raised that to 0.93 and 0.97
(docs/strength-log.md, "The first phase: balance").

Each weight is ``base + per_empty * e`` for the share ``e`` of the board still empty.
Only two-player games of standard scoring are fitted; they serve 3 and 4 players too;
Wunchunk keeps the group-count view.
"""

from __future__ import annotations

from ..state import GameState
from .features import Terms

# (base, per empty share) for one more group, single stone, stone, open single, merge
# cell and lone cell of a colour, on the logit scale of a win against one opponent.
# Fitted by ``python -m archipelago.games.archipelago.ai.fit_balance`` (its defaults:
# 21 games on each of sides 5, 6 and 7, seed 7; correlation 0.95 with the random-play values).
BALANCE_FIT = (
    (0.9900, -0.7130),
    (0.0365, 0.4542),
    (0.0674, -0.1700),
    (0.4299, -0.6081),
    (-0.2405, 0.1935),
    (0.1262, -0.0808),
)
# The widening order (the prior, ``features.move_scores``) values a stone by what it
# changes in the first three counts only (the others are not local to the stone), with
# the weights of the first fit on those three (sides 6 and 7, at least 40 empty cells).
PRIOR_FIT = ((0.3093, -0.0756), (0.1871, -0.0495), (-0.0126, -0.2370))

# Level 5's closing phase (random playouts to the end, every move at once) starts at
# this many empty cells in the games these counts serve, instead of 61.
CLOSING_EMPTY = 40
# Except on boards of at most SMALL_BOARD cells (side 5): there 40 empty cells would
# leave a first phase of only 21 stones, and against a search with five times its time
# level 5 gained its lead there and lost it in the closing phase (docs/strength-log.md,
# "Side 5"). Side 4 (37 cells) is all closing phase either way.
SMALL_BOARD = 61
SMALL_CLOSING_EMPTY = 30

# Fitted on two-player games; with 3 players the three-count fit won 85 of 100 against
# two ``uct`` where group counts won 46 of 100. With 4 players the group-count view led
# in groups from the first stones to the last twenty empty cells and then finished third
# or fourth: each of three trailing opponents places an extra stone a turn (R4), and the
# six counts, which value trailing early, won where it lost (docs/strength-log.md, "Four
# players").
MOST_PLAYERS = 4
# With this many players, on boards of at most FILL_MOST_CELLS cells, level 5's first
# phase scores its playouts by random stones to the end of the game (``fill.py``) rather
# than by the counts after four turns, and orders its moves by group counts, the lower
# levels' prior (``ArchipelagoKnowledge.terms``): ordered by the counts it trailed in
# groups, claimed the scoring track late and lost the games a shared group count left
# to the bonus.
# With four players the counts of one position foresee little of three opponents' turns
# between two of one's own, each trailer with extra stones (R4): at the equal
# time on side 6 (200 ms a stone against three ``uct`` at 1000 ms, 24 games) level 5 was
# first in 7 games where the counts gave 3. On bigger boards a playout to the end costs
# more than the counts (side 7: 1236 against 1511 iterations a second, side 12: 504
# against 969), and on side 7 it was first in 3 of 12 games where the counts were first
# in 7 (docs/strength-log.md, "Four players: playouts to the end").
FILL_PLAYERS = 4
FILL_MOST_CELLS = 91  # side 6


def applies(state: GameState) -> bool:
    """Whether the fitted weights serve this game: standard scoring (Wunchunk reverses
    what a group is worth, R13) and at most ``MOST_PLAYERS`` players."""
    return state.players <= MOST_PLAYERS and not state.variant.wunchunk


def fills_first_phase(state: GameState) -> bool:
    """Whether level 5's first phase plays its playouts to the end in this game."""
    return state.players >= FILL_PLAYERS and len(state.cells) <= FILL_MOST_CELLS


def closing_empty(state: GameState) -> int:
    """How many empty cells level 5's closing phase starts from in a game these counts
    serve (``applies``)."""
    cells = len(state.cells)
    if CLOSING_EMPTY < cells <= SMALL_BOARD:
        return SMALL_CLOSING_EMPTY
    return CLOSING_EMPTY


def empty_share(state: GameState) -> float:
    return state.empty_count / len(state.cells)


def balance_terms(state: GameState) -> Terms:
    """What one more group, single stone and stone of a colour is worth to the prior."""
    e = empty_share(state)
    group, single, stone = ((base + per_empty * e) for base, per_empty in PRIOR_FIT)
    return group, single, stone


def colour_counts(state: GameState) -> list[list[int]]:
    """Per colour (index 0 unused): groups, singles, stones, open singles, merge cells
    and lone cells, in the order of ``BALANCE_FIT``."""
    players = state.players
    cells, parent, comp_size = state.cells, state.parent, state.comp_size
    neighbours = state.board.neighbours
    merge = [0] * (players + 1)
    touched = [0] * (players + 1)  # empty cells touching the colour: the rest are lone
    open_roots: set[int] = set()
    for cell, colour in enumerate(cells):
        if colour:
            continue
        roots: list[int] = []
        for n in neighbours[cell]:
            if cells[n]:
                while parent[n] != n:
                    n = parent[n]
                if n not in roots:
                    roots.append(n)
        if not roots:
            continue
        # Most empty cells touch one component or none: that case, on the hot path of
        # every evaluation, skips the per-colour tally below.
        if len(roots) == 1:
            root = roots[0]
            touched[cells[root]] += 1
            if comp_size[root] == 1:
                open_roots.add(root)
            continue
        seen: list[int] = []
        for root in roots:
            c = cells[root]
            if c not in seen:
                touched[c] += 1
            elif seen.count(c) == 1:  # its second component here: a merge cell, once
                merge[c] += 1
            seen.append(c)
            if comp_size[root] == 1:
                open_roots.add(root)
    open_singles = [0] * (players + 1)
    for root in open_roots:
        open_singles[cells[root]] += 1
    groups, singles = state.groups_count, state.singles_count
    empty = state.empty_count
    return [[]] + [
        [groups[c], singles[c], cells.count(c), open_singles[c], merge[c], empty - touched[c]]
        for c in range(1, players + 1)
    ]


def balance_values(state: GameState) -> list[float]:
    """Per player in seat order, their colour's fitted counts valued at ``state`` (on the
    logit scale: a difference ``d`` wins with probability sigma(d); ``balance_rewards``
    in ``knowledge.py`` turns them into rewards)."""
    e = empty_share(state)
    weights = [base + per_empty * e for base, per_empty in BALANCE_FIT]
    return [
        sum(w * count for w, count in zip(weights, counts, strict=True))
        for counts in colour_counts(state)[1:]
    ]


__all__ = [
    "BALANCE_FIT",
    "CLOSING_EMPTY",
    "FILL_MOST_CELLS",
    "FILL_PLAYERS",
    "MOST_PLAYERS",
    "PRIOR_FIT",
    "SMALL_BOARD",
    "SMALL_CLOSING_EMPTY",
    "applies",
    "balance_terms",
    "balance_values",
    "closing_empty",
    "colour_counts",
    "empty_share",
    "fills_first_phase",
]
