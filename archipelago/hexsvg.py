"""Hex boards as SVG, for every game: where each cell is drawn, turned boards, edge
labels, stones with their symbols, the view box and the roles a screen reader meets.

The platform's drawing kit on top of ``archipelago.hexgrid``: each game's ``render.py``
draws its own positions with these parts, so the boards of every game share one look
and one geometry, and no game borrows another's drawing. Pure functions returning SVG
text: no browser imports. Colours come from CSS classes (``p1`` .. ``p4``, set by the
page's style sheet or by a game's own ``<style>``); each colour also has a symbol, so a
board reads without colour vision.
"""

from __future__ import annotations

import math
from functools import cache
from html import escape
from typing import NamedTuple

from archipelago.hexgrid import Board

R = 10.0  # circumradius of a hex in SVG units
SQRT3 = math.sqrt(3)

# Colour names as players see them; static/style.css holds the actual fills per theme.
COLOUR_NAMES = {1: "Blue", 2: "Orange", 3: "Green", 4: "Pink"}
SYMBOL_NAMES = {1: "dot", 2: "triangle", 3: "square", 4: "cross"}

# Pixel direction of each axial neighbour, in AXIAL_DIRECTIONS order; edge k of a
# pointy-top hex (between corners k and k+1) faces the neighbour at angle 60k degrees.
EDGE_OF_DIRECTION = {(1, 0): 0, (0, 1): 1, (-1, 1): 2, (-1, 0): 3, (0, -1): 4, (1, -1): 5}


def num(value: float) -> str:
    """A number as the drawings write it in SVG attributes: short and stable."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def turned(x: float, y: float, rotation: int) -> tuple[float, float]:
    """The point (x, y) turned about the board's centre (the origin) by ``rotation``
    steps of 60 degrees, clockwise on the screen (y grows downwards)."""
    if not rotation % 6:
        return x, y
    angle = math.radians(60 * (rotation % 6))
    cos, sin = math.cos(angle), math.sin(angle)
    return x * cos - y * sin, x * sin + y * cos


class Geometry(NamedTuple):
    """Where a board's cells are drawn: per cell its centre, its six corners and its
    polygon's points (SVG text), and every cell by its axial coordinates."""

    centres: list[tuple[float, float]]
    corners: list[list[tuple[float, float]]]
    points: list[str]
    by_axial: dict[tuple[int, int], int]


@cache
def board_geometry(size: int, board: Board, rotation: int = 0) -> Geometry:
    """Per board side and rotation: cell centres, corner lists and polygon point strings.
    A turned board is the same picture turned as a whole, so every cell keeps its name
    and its stone; since a hexhex board turned by 60 degrees covers the same places,
    each cell lands where another one was and the outline does not change."""
    rotation %= 6
    centres = [
        turned(x * R, y * R, rotation)
        for x, y in (board.center(c) for c in range(board.cell_count))
    ]
    corners: list[list[tuple[float, float]]] = []
    points: list[str] = []
    for x, y in centres:
        pts: list[tuple[float, float]] = []
        for k in range(6):
            # Corner k keeps its index (and so edge k its neighbour) when turned.
            angle = math.radians(60 * (k + rotation) - 30)
            pts.append((x + R * math.cos(angle), y + R * math.sin(angle)))
        corners.append(pts)
        points.append(" ".join(f"{num(px)},{num(py)}" for px, py in pts))
    by_axial = {coordinate: cell for cell, coordinate in enumerate(board.axial)}
    return Geometry(centres, corners, points, by_axial)


@cache
def rotation_map(board: Board, rotation: int) -> tuple[int, ...]:
    """Per cell, the cell whose place it takes on the board turned by ``rotation``."""
    here, _, _, _ = board_geometry(board.size, board)
    there, _, _, _ = board_geometry(board.size, board, rotation)
    return tuple(
        min(range(len(here)), key=lambda c: (here[c][0] - x) ** 2 + (here[c][1] - y) ** 2)
        for x, y in there
    )


def edge_labels(board: Board, rotation: int = 0) -> list[tuple[float, float, str]]:
    """Edge labels (x, y, text): row letters left of each row; each number at the end of
    its line of cells (numbers run down-right below the middle row, up-right above it).
    On a turned board the labels go round with their cells, and stay upright."""
    if rotation % 6:
        return [(*turned(x, y, rotation), text) for x, y, text in edge_labels(board)]
    centres, _, _, by_axial = board_geometry(board.size, board)
    out: list[tuple[float, float, str]] = []
    middle = board.size - 1
    for row_number, row in enumerate(board.rows):
        x, y = centres[row[0]]
        out.append((x - SQRT3 * R * 0.85, y, board.names[row[0]][0]))
        for cell in row:
            q, r = board.axial[cell]
            number = board.names[cell][1:]
            x, y = centres[cell]
            if row_number <= middle and (q, r + 1) not in by_axial:
                out.append((x + SQRT3 / 2 * R * 0.85, y + 1.5 * R * 0.85, number))
            if row_number >= middle and (q + 1, r - 1) not in by_axial:
                out.append((x + SQRT3 / 2 * R * 0.85, y - 1.5 * R * 0.85, number))
    return out


def labels_svg(board: Board, rotation: int = 0) -> str:
    """The edge labels as an SVG group (hidden from screen readers: every cell is named)."""
    texts = "".join(
        f'<text x="{num(lx)}" y="{num(ly)}">{text}</text>'
        for lx, ly, text in edge_labels(board, rotation)
    )
    return f'<g class="labels" aria-hidden="true">{texts}</g>'


def symbol(colour: int, x: float, y: float, size: float) -> str:
    """The symbol drawn inside a stone of ``colour`` (size is the stone radius)."""
    s = size
    cls = f'class="sym s{colour}"'
    if colour == 1:
        return f'<circle {cls} cx="{num(x)}" cy="{num(y)}" r="{num(s * 0.32)}"/>'
    if colour == 2:
        h = s * 0.5
        pts = [(x, y - h), (x + h * 0.95, y + h * 0.62), (x - h * 0.95, y + h * 0.62)]
        return f'<polygon {cls} points="{" ".join(f"{num(a)},{num(b)}" for a, b in pts)}"/>'
    if colour == 3:
        h = s * 0.34
        return (
            f'<rect {cls} x="{num(x - h)}" y="{num(y - h)}" width="{num(2 * h)}" '
            f'height="{num(2 * h)}"/>'
        )
    h, w = s * 0.48, s * 0.16
    return (
        f'<path {cls} d="M{num(x - w)} {num(y - h)}h{num(2 * w)}v{num(h - w)}h{num(h - w)}'
        f"v{num(2 * w)}h{num(w - h)}v{num(h - w)}h{num(-2 * w)}v{num(w - h)}h{num(w - h)}"
        f'v{num(-2 * w)}h{num(h - w)}z"/>'
    )


def stone(
    colour: int, x: float, y: float, radius: float, extra_class: str = "", attrs: str = ""
) -> str:
    """A stone: a disc in the player's colour with the player's symbol."""
    cls = f"stone p{colour}" + (f" {extra_class}" if extra_class else "")
    return (
        f'<g class="{cls}" data-color="{colour}"{attrs}>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}"/>'
        f"{symbol(colour, x, y, radius)}</g>"
    )


def chip(player: int) -> str:
    """The player's stone alone, a small picture beside the player's name."""
    return (
        '<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
        f"{stone(player, 0, 0, 9)}</svg>"
    )


def view_box(
    board: Board, labels: bool = True, rotation: int = 0
) -> tuple[float, float, float, float]:
    centres, _, _, _ = board_geometry(board.size, board, rotation % 6)
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    margin_x = SQRT3 / 2 * R + 1
    margin_y = R + 1
    left, right = min(xs) - margin_x, max(xs) + margin_x
    top, bottom = min(ys) - margin_y, max(ys) + margin_y
    if labels:
        for x, y, _ in edge_labels(board, rotation):
            left, right = min(left, x - R * 0.55), max(right, x + R * 0.55)
            top, bottom = min(top, y - R * 0.45), max(bottom, y + R * 0.45)
    return left, top, right - left, bottom - top


CELL_ID = "cell-"  # on the page's board, cell e5 is the element "cell-e5"


def svg_role(title: str, grid: bool) -> str:
    """The drawing's own role: a named group on its own; inside the page's ARIA grid
    (``#board``) no role, so the grid owns the rows directly."""
    return 'role="none"' if grid else f'role="group" aria-label="{escape(title, quote=True)}"'


def cell_role(name: str, grid: bool, cell_id: str = CELL_ID) -> str:
    """A cell polygon's role: an image with a name on its own, a grid cell with an id
    (what the grid's ``aria-activedescendant`` points at) on the page's board."""
    return f'role="gridcell" id="{cell_id}{name}"' if grid else 'role="img"'


def cell_rows(board: Board, polygons: list[str], grid: bool) -> str:
    """The cells' polygons, in rows of an ARIA grid (top row first, as seen) when
    ``grid``, else in cell order."""
    if not grid:
        return "".join(polygons)
    return "".join(
        f'<g role="row" aria-label="Row {board.names[row[0]][0]}">'
        + "".join(polygons[cell] for cell in row)
        + "</g>"
        for row in reversed(board.rows)
    )
