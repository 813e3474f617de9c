"""Frozen Irrelevance: proving that a player's final rank can no longer change (RULINGS R12).

For every player we bound the group count they can end the game with:

* lower bound ``L``: groups never shrink away, and two groups can only merge through
  cells that are empty or of their colour. So every connected region of "empty or own
  colour" cells that already holds a group still holds at least one at the end.
* upper bound ``U``: a final group either contains an existing group (at most one final
  group per existing group) or is new. A new group that absorbs an existing single stone
  needs one empty cell next to that single; any other new group needs two adjacent empty
  cells. Empty cells that touch neither an empty cell nor a single of the colour can only
  ever extend a group or stay a single, so they are not counted.

A player P is frozen when every other player Q has ``L(Q) > U(P)`` or ``U(Q) < L(P)``:
the group counts can then never tie or cross, so bonuses cannot matter either.
"""

from __future__ import annotations

from .islands import StoneGroups


def has_open_cells(state: StoneGroups, wanted: int) -> bool:
    """Whether at least ``wanted`` empty cells have an empty neighbour. Each player can
    still make half that many new groups, so this bounds from below how far any ``U``
    is above the current count. Stops as soon as it has found enough."""
    cells = state.cells
    neighbours = state.board.neighbours
    count = 0
    for cell, colour in enumerate(cells):
        if colour == 0:
            for n in neighbours[cell]:
                if cells[n] == 0:
                    count += 1
                    if count >= wanted:
                        return True
                    break
    return False


def upper_bounds(state: StoneGroups) -> list[int]:
    """``U`` for every colour, indexed by colour (index 0 unused)."""
    players = len(state.groups_count) - 1  # counts are indexed by colour, 0 unused
    cells = state.cells
    neighbours = state.board.neighbours
    parent, comp_size = state.parent, state.comp_size
    useful = [0] * (players + 1)  # empty cells that can be part of a new group
    free_singles: set[int] = set()  # singles with an empty neighbour
    for cell, colour in enumerate(cells):
        if colour:
            continue
        touches_empty = False
        touched = 0  # bit mask of colours whose single is next to this cell
        for n in neighbours[cell]:
            c = cells[n]
            if c == 0:
                touches_empty = True
                continue
            root = n
            while parent[root] != root:
                root = parent[root]
            if comp_size[root] == 1:
                touched |= 1 << c
                free_singles.add(n)
        for c in range(1, players + 1):
            if touches_empty or touched >> c & 1:
                useful[c] += 1
    singles_free = [0] * (players + 1)
    for cell in free_singles:
        singles_free[cells[cell]] += 1
    bounds = [0] * (players + 1)
    for c in range(1, players + 1):
        with_single = min(singles_free[c], useful[c])
        bounds[c] = state.groups_count[c] + with_single + (useful[c] - with_single) // 2
    return bounds


def lower_bound(state: StoneGroups, colour: int, sizes: list[int] | None = None) -> int:
    """``L`` for one colour: regions of empty-or-``colour`` cells that hold a group.
    ``sizes`` may pass in ``state.component_sizes()`` when several colours need it."""
    cells = state.cells
    neighbours = state.board.neighbours
    if sizes is None:
        sizes = state.component_sizes()
    seen = bytearray(len(cells))
    regions = 0
    for start, c in enumerate(cells):
        if c != colour or seen[start] or sizes[start] < 2:
            continue
        regions += 1
        seen[start] = 1
        stack = [start]
        while stack:
            cell = stack.pop()
            for n in neighbours[cell]:
                if not seen[n] and (cells[n] == 0 or cells[n] == colour):
                    seen[n] = 1
                    stack.append(n)
    return regions


def frozen_players(state: StoneGroups) -> set[int]:
    """Every player whose rank is proven final in the current position."""
    players = range(1, len(state.groups_count))  # every colour in play
    counts = state.groups_count
    # Every U is at least the count plus half the open cells and every L at most the
    # count, so while the counts spread no wider than that, nobody can be separated.
    spread = max(counts[1:]) - min(counts[1:])
    if spread == 0 or has_open_cells(state, 2 * spread):
        return set()
    upper = upper_bounds(state)
    # Cheap filter first: L never exceeds the current count, so a player can only be
    # frozen if, against every opponent, the current counts already fit the test.
    candidates = [
        p
        for p in players
        if all(counts[q] > upper[p] or upper[q] < counts[p] for q in players if q != p)
    ]
    if not candidates:
        return set()
    sizes = state.component_sizes()
    lower: dict[int, int] = {}

    def low(colour: int) -> int:  # computed only for the players a test reaches
        if colour not in lower:
            lower[colour] = lower_bound(state, colour, sizes)
        return lower[colour]

    return {
        p
        for p in candidates
        if all(low(q) > upper[p] or upper[q] < low(p) for q in players if q != p)
    }
