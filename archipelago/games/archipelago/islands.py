"""Stones and their groups on a hexhex board, kept incrementally (RULINGS R8).

A union-find over the stones of one colour (stones never leave the board) gives each
colour's group count after a few neighbour look-ups per stone. Union by size without
path compression keeps the trees shallow and makes every union exactly undoable, so a
search can take stones back in any depth.
"""

from __future__ import annotations

from archipelago.hexgrid import Board, Cell

# What undoes one stone: (cell, root it joined or -1 for a single, that root's old size,
# the roots it joined).
GroupChange = tuple[Cell, Cell, int, list[Cell]]


class StoneGroups:
    """The board's stones by colour, their blocks, and the group and single counts."""

    __slots__ = (
        "board",
        "cells",
        "parent",
        "comp_size",
        "groups_count",
        "singles_count",
        "empty_count",
    )

    def _init_groups(self, board: Board, colours: int) -> None:
        n = board.cell_count
        self.board: Board = board
        self.cells = [0] * n  # colour per cell, 0 when empty
        self.parent = list(range(n))  # union-find over stones of one colour
        self.comp_size = [1] * n  # component size, valid at roots
        self.groups_count = [0] * (colours + 1)  # by colour; index 0 unused
        self.singles_count = [0] * (colours + 1)
        self.empty_count = n

    def _copy_groups(self, other: StoneGroups) -> None:
        other.board = self.board
        other.cells = self.cells[:]
        other.parent = self.parent[:]
        other.comp_size = self.comp_size[:]
        other.groups_count = self.groups_count[:]
        other.singles_count = self.singles_count[:]
        other.empty_count = self.empty_count

    def group_counts(self) -> tuple[int, ...]:
        """Number of groups of each player's colour, in player order."""
        return tuple(self.groups_count[1:])

    def find(self, cell: Cell) -> Cell:
        parent = self.parent
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    def component_sizes(self) -> list[int]:
        """Per cell, the size of the same-coloured block it belongs to (0 when empty)."""
        parent, comp_size = self.parent, self.comp_size
        out = [0] * len(self.cells)
        for cell, colour in enumerate(self.cells):
            if colour:
                root = cell
                while parent[root] != root:
                    root = parent[root]
                out[cell] = comp_size[root]
        return out

    def groups(self, colour: int) -> list[list[Cell]]:
        """The cells of each group of ``colour``, each list sorted, groups by first cell."""
        blocks: dict[Cell, list[Cell]] = {}
        for cell, c in enumerate(self.cells):
            if c == colour:
                blocks.setdefault(self.find(cell), []).append(cell)
        return sorted(block for block in blocks.values() if len(block) >= 2)

    def singles(self, colour: int) -> list[Cell]:
        """Stones of ``colour`` that touch no stone of their colour (they do not count)."""
        sizes = self.component_sizes()
        return [cell for cell, c in enumerate(self.cells) if c == colour and sizes[cell] == 1]

    def stone_effect(self, colour: int, cell: Cell) -> int:
        """How a stone of ``colour`` on empty ``cell`` would change that colour's group
        count: +1 for a new group, -k+1 when it joins k groups, 0 when it only extends
        one group or stays single."""
        cells, parent, comp_size = self.cells, self.parent, self.comp_size
        roots: list[Cell] = []
        for n in self.board.neighbours[cell]:
            if cells[n] == colour:
                r = n
                while parent[r] != r:
                    r = parent[r]
                if r not in roots:
                    roots.append(r)
        if not roots:
            return 0
        return 1 - sum(1 for r in roots if comp_size[r] >= 2)

    def _merge(self, colour: int, cell: Cell, roots: list[Cell]) -> GroupChange:
        """Join a new stone to the blocks ``roots`` of its colour; return what undoes it."""
        comp_size, parent = self.comp_size, self.parent
        big = roots[0]
        total = 1
        lost_groups = lost_singles = 0
        for r in roots:
            s = comp_size[r]
            total += s
            if s == 1:
                lost_singles += 1
            else:
                lost_groups += 1
            if s > comp_size[big]:
                big = r
        for r in roots:
            parent[r] = big
        parent[cell] = big
        old_size = comp_size[big]
        comp_size[big] = total
        self.groups_count[colour] += 1 - lost_groups
        self.singles_count[colour] -= lost_singles
        return (cell, big, old_size, roots)

    def _take(self, change: GroupChange) -> None:
        cell, big, old_size, roots = change
        colour = self.cells[cell]
        self.cells[cell] = 0
        self.empty_count += 1
        self.parent[cell] = cell
        if big < 0:
            self.singles_count[colour] -= 1
            return
        comp_size = self.comp_size
        comp_size[big] = old_size
        for r in roots:
            self.parent[r] = r
            if comp_size[r] == 1:
                self.singles_count[colour] += 1
            else:
                self.groups_count[colour] += 1
        self.groups_count[colour] -= 1
