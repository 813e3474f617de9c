"""What one stone does, seen by the player who places it: the cheap prior shared by the
search (to order its progressive widening), its playouts and the greedy baseline.

A stone of colour ``c`` on an empty cell changes only ``c``'s group count (RULINGS R8):
+1 when it makes a new group (it touches single stones of ``c`` and no group), ``1-k``
when it touches ``k`` groups of ``c``, 0 when it extends one group or stays single. The
mover values a change of their own count at 1 and a change of an opponent's at
``-1/(P-1)`` (a group taken from one opponent only helps against that one); Wunchunk
reverses both signs (R13) and frozen players' counts are worth nothing (R12). A stone
that stays single but could grow into a group later (it has an empty neighbour) is worth
a tenth of a group the same way: a seed of a future group.

Moves are the game's codes (``archipelago.games.archipelago.state``):
``colour * cell_count + cell`` for a stone, ``END`` and ``PASS``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from ..state import END, PASS, GameState

SEED_WEIGHT = 0.1  # a new single with room to grow, relative to a group
# Ending the turn early and passing come after every stone in the widening order (no
# stone scores below -6): against plain UCT they were most of our turns' weak ends and
# passes on side 5 (docs/strength-log.md, ablations). Near the end, when few moves are left,
# widening still reaches them; a pass or end that wins at once is played without search.
END_SCORE = -10.0
PASS_SCORE = -10.0
JITTER = 1e-4  # random tie-breaks between equal priors stay below any real difference
TIE_MODULUS = 65521  # a prime above every move code: (code + 3) * salt mod it is a shuffle
Terms = tuple[float, float, float]  # what one more group, single, stone of a colour is worth


def perspective(state: GameState, mover: int) -> list[float]:
    """Per colour (index 0 unused), what one more group of that colour is worth to
    ``mover``."""
    players = state.players
    sign = -1.0 if state.variant.wunchunk else 1.0
    other = sign / (players - 1)
    frozen = state.frozen.union(state.resigned)  # their places are settled (R12, R15)
    out = [0.0] * (players + 1)
    for colour in range(1, players + 1):
        if colour == mover:
            out[colour] = sign
        elif colour not in frozen:
            out[colour] = -other
    return out


def weight_table(state: GameState) -> list[list[float]]:
    """``perspective`` for every mover (index 0 unused)."""
    return [[]] + [perspective(state, m) for m in range(1, state.players + 1)]


def move_scores(
    state: GameState,
    salt: int = 0,
    floor: int = -1,
    cells_to_try: Iterable[int] | None = None,
    weights: list[float] | None = None,
    terms: Terms | None = None,
) -> tuple[list[float], list[int]]:
    """Every legal move of the mover above code ``floor`` (END and PASS always, last) and
    its prior, in two parallel lists, unsorted. ``salt`` (1 to TIE_MODULUS-1; 0 for
    none) breaks ties between equal priors by a cheap hash of the code instead of one
    random number per move. ``cells_to_try`` (default: every cell) and ``weights``
    (default: ``perspective`` of the mover) let a caller that keeps them (the endgame
    solver) skip their recomputation. With ``terms`` (what one more group, single and
    stone of a colour is worth: ``balance.py``) a stone is valued by what it changes in
    those three counts of its colour instead of its group count alone."""
    mover = state.mover
    if mover is None:
        return [], []
    if weights is None:
        weights = perspective(state, mover)
    cells, parent, comp_size = state.cells, state.parent, state.comp_size
    neighbours = state.board.neighbours
    n_cells = len(cells)
    colours = range(1, state.players + 1)
    seeds = [w * SEED_WEIGHT for w in weights]
    per_group, per_single, per_stone = terms or (0.0, 0.0, 0.0)
    scores: list[float] = []
    codes: list[int] = []
    score_of = scores.append
    code_of = codes.append
    tie = JITTER / TIE_MODULUS
    for cell in range(n_cells) if cells_to_try is None else cells_to_try:
        if cells[cell]:
            continue
        room = False
        roots: list[int] = []
        for n in neighbours[cell]:
            c = cells[n]
            if not c:
                room = True
                continue
            while parent[n] != n:
                n = parent[n]
            if n not in roots:
                roots.append(n)
        for c in colours:
            code = c * n_cells + cell
            if code <= floor:
                continue
            groups = singles = 0
            for r in roots:
                if cells[r] == c:
                    if comp_size[r] >= 2:
                        groups += 1
                    else:
                        singles += 1
            if terms is not None:
                # Joining k groups and j singles: 1-k groups, j singles fewer, one stone
                # more; touching none: one single and one stone more.
                if groups or singles:
                    change = per_group * (1 - groups) - per_single * singles + per_stone
                else:
                    change = per_single + per_stone
                score = weights[c] * change
            elif groups or singles:
                score = weights[c] * (1 - groups)
            elif room:
                score = seeds[c]
            else:
                score = 0.0
            score_of(score + tie * ((code + 3) * salt % TIE_MODULUS))
            code_of(code)
    if state.turn_stones:
        score_of(END_SCORE)
        code_of(END)
    else:
        score_of(PASS_SCORE)
        code_of(PASS)
    return scores, codes


def tie_salt(rand: Callable[[], float] | None) -> int:
    """One random tie-break for a whole list of moves (0 without ``rand``)."""
    return 0 if rand is None else 1 + int(rand() * (TIE_MODULUS - 1))


def scored_codes(
    state: GameState,
    rand: Callable[[], float] | None = None,
    floor: int = -1,
    terms: Terms | None = None,
) -> list[tuple[float, int]]:
    """Every legal move of the mover (above ``floor``, see ``move_scores``) with its
    prior, best first. ``rand`` (a ``random.Random().random``) breaks ties between equal
    priors."""
    scores, codes = move_scores(state, tie_salt(rand), floor, terms=terms)
    return sorted(zip(scores, codes, strict=True), reverse=True)


def best_codes(
    state: GameState,
    count: int,
    rand: Callable[[], float] | None = None,
    floor: int = -1,
    terms: Terms | None = None,
) -> list[int]:
    """The first ``count`` codes of ``scored_codes`` (the same for the same ``rand``),
    without sorting every move: progressive widening looks at only a few of them."""
    scores, codes = move_scores(state, tie_salt(rand), floor, terms=terms)
    if count >= len(codes):
        return [code for _, code in sorted(zip(scores, codes, strict=True), reverse=True)]
    return [code for _, code in heapq.nlargest(count, zip(scores, codes, strict=True))]


__all__ = [
    "END",
    "PASS",
    "SEED_WEIGHT",
    "Terms",
    "best_codes",
    "move_scores",
    "perspective",
    "scored_codes",
    "weight_table",
]
