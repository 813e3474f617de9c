"""Draw a game as SVG text: the board, a stone preview and the scoring track.

Pure functions from a ``Position`` (any GameState) to strings, in the spirit of
``chess.svg``: no browser imports, so the page, the rules page generator and the tests all
use the same drawing.
Colours come from CSS classes (``p1`` .. ``p4``, see static/style.css) so the page can
switch between light and dark themes; each colour also carries its own symbol, so the
board reads without colour vision.

Hooks for tests: every cell polygon has ``data-cell="<name>"``, every stone
``data-color="<player>"`` (and ``data-at="<name>"``).
"""

from __future__ import annotations

import math
from functools import cache
from html import escape

from archipelago.hexgrid import AXIAL_DIRECTIONS, Board

from .position import Position
from .scoring import BONUS_VALUES, PRINTED_COLUMNS

R = 10.0  # circumradius of a hex in SVG units
SQRT3 = math.sqrt(3)

# Colour names as players see them; static/style.css holds the actual fills per theme.
COLOUR_NAMES = {1: "Blue", 2: "Orange", 3: "Green", 4: "Pink"}
SYMBOL_NAMES = {1: "dot", 2: "triangle", 3: "square", 4: "cross"}

# Pixel direction of each axial neighbour, in AXIAL_DIRECTIONS order; edge k of a
# pointy-top hex (between corners k and k+1) faces the neighbour at angle 60k degrees.
_EDGE_OF_DIRECTION = {(1, 0): 0, (0, 1): 1, (-1, 1): 2, (-1, 0): 3, (0, -1): 4, (1, -1): 5}


def _f(value: float) -> str:
    """Short, stable number formatting for SVG attributes."""
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


@cache
def _geometry(size: int, board: Board, rotation: int = 0) -> tuple:
    """Per board side and rotation: cell centres, corner lists and polygon point strings.
    A turned board is the same picture turned as a whole, so every cell keeps its name
    and its stone; since a hexhex board turned by 60 degrees covers the same places,
    each cell lands where another one was and the outline does not change."""
    rotation %= 6
    centres = [
        turned(x * R, y * R, rotation)
        for x, y in (board.center(c) for c in range(board.cell_count))
    ]
    corners = []
    points = []
    for x, y in centres:
        pts = []
        for k in range(6):
            # Corner k keeps its index (and so edge k its neighbour) when turned.
            angle = math.radians(60 * (k + rotation) - 30)
            pts.append((x + R * math.cos(angle), y + R * math.sin(angle)))
        corners.append(pts)
        points.append(" ".join(f"{_f(px)},{_f(py)}" for px, py in pts))
    by_axial = {coordinate: cell for cell, coordinate in enumerate(board.axial)}
    return centres, corners, points, by_axial


@cache
def rotation_map(board: Board, rotation: int) -> tuple[int, ...]:
    """Per cell, the cell whose place it takes on the board turned by ``rotation``."""
    here, _, _, _ = _geometry(board.size, board)
    there, _, _, _ = _geometry(board.size, board, rotation)
    return tuple(
        min(range(len(here)), key=lambda c: (here[c][0] - x) ** 2 + (here[c][1] - y) ** 2)
        for x, y in there
    )


def _labels(board: Board, rotation: int = 0) -> list[tuple[float, float, str]]:
    """Edge labels (x, y, text): row letters left of each row; each number at the end of
    its line of cells (numbers run down-right below the middle row, up-right above it).
    On a turned board the labels go round with their cells, and stay upright."""
    if rotation % 6:
        return [(*turned(x, y, rotation), text) for x, y, text in _labels(board)]
    centres, _, _, by_axial = _geometry(board.size, board)
    out = []
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
        f'<text x="{_f(lx)}" y="{_f(ly)}">{text}</text>'
        for lx, ly, text in _labels(board, rotation)
    )
    return f'<g class="labels" aria-hidden="true">{texts}</g>'


def symbol(colour: int, x: float, y: float, size: float) -> str:
    """The symbol drawn inside a stone of ``colour`` (size is the stone radius)."""
    s = size
    cls = f'class="sym s{colour}"'
    if colour == 1:
        return f'<circle {cls} cx="{_f(x)}" cy="{_f(y)}" r="{_f(s * 0.32)}"/>'
    if colour == 2:
        h = s * 0.5
        pts = [(x, y - h), (x + h * 0.95, y + h * 0.62), (x - h * 0.95, y + h * 0.62)]
        return f'<polygon {cls} points="{" ".join(f"{_f(a)},{_f(b)}" for a, b in pts)}"/>'
    if colour == 3:
        h = s * 0.34
        return (
            f'<rect {cls} x="{_f(x - h)}" y="{_f(y - h)}" width="{_f(2 * h)}" '
            f'height="{_f(2 * h)}"/>'
        )
    h, w = s * 0.48, s * 0.16
    return (
        f'<path {cls} d="M{_f(x - w)} {_f(y - h)}h{_f(2 * w)}v{_f(h - w)}h{_f(h - w)}'
        f"v{_f(2 * w)}h{_f(w - h)}v{_f(h - w)}h{_f(-2 * w)}v{_f(w - h)}h{_f(w - h)}"
        f'v{_f(-2 * w)}h{_f(h - w)}z"/>'
    )


def stone(
    colour: int, x: float, y: float, radius: float, extra_class: str = "", attrs: str = ""
) -> str:
    """A stone: a disc in the player's colour with the player's symbol."""
    cls = f"stone p{colour}" + (f" {extra_class}" if extra_class else "")
    return (
        f'<g class="{cls}" data-color="{colour}"{attrs}>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(radius)}"/>'
        f"{symbol(colour, x, y, radius)}</g>"
    )


def _outline(state: Position, group: list[int], corners: list, by_axial: dict) -> str:
    """Path of the border edges of a group (edges not shared with the same group)."""
    members = set(group)
    parts = []
    for cell in group:
        q, r = state.board.axial[cell]
        for dq, dr in AXIAL_DIRECTIONS:
            other = by_axial.get((q + dq, r + dr))
            if other in members:
                continue
            k = _EDGE_OF_DIRECTION[(dq, dr)]
            (x1, y1), (x2, y2) = corners[cell][k], corners[cell][(k + 1) % 6]
            parts.append(f"M{_f(x1)} {_f(y1)}L{_f(x2)} {_f(y2)}")
    return "".join(parts)


def view_box(
    board: Board, labels: bool = True, rotation: int = 0
) -> tuple[float, float, float, float]:
    centres, _, _, _ = _geometry(board.size, board, rotation % 6)
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    margin_x = SQRT3 / 2 * R + 1
    margin_y = R + 1
    left, right = min(xs) - margin_x, max(xs) + margin_x
    top, bottom = min(ys) - margin_y, max(ys) + margin_y
    if labels:
        for x, y, _ in _labels(board, rotation):
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


def cell_label(name: str, colour: int, players: dict[int, str] | None = None) -> str:
    """What a screen reader says for one cell: its name, then empty or whose stone."""
    if not colour:
        return f"{name}, empty"
    owner = (players or {}).get(colour)
    stone_text = f"{COLOUR_NAMES[colour]} {SYMBOL_NAMES[colour]} stone"
    return f"{name}, {stone_text} of {owner}" if owner else f"{name}, {stone_text}"


def board_svg(
    state: Position,
    *,
    labels: bool = True,
    last_turn: tuple = (),
    fresh: tuple | None = None,
    title: str = "Archipelago board",
    players: dict[int, str] | None = None,
    rotation: int = 0,
    grid: bool = False,
    cell_id: str = CELL_ID,
) -> str:
    """The whole board: cells, island tints and outlines, stones, edge labels.

    Every cell polygon carries an ``aria-label`` ("f4, empty", "f4, Blue stone of Ann",
    naming the player when ``players`` maps colours to names) so a screen reader can
    walk the board cell by cell instead of meeting one opaque image.

    Stones of the turn in progress are marked ``pending``; ``last_turn`` stones (the
    previous turn's (colour, cell) pairs) get a ring (``last-mark``) and ``data-last``;
    the ``fresh`` stone (the latest one, a (colour, cell) pair) the class that animates it
    into place. Single stones, which do not count, are drawn faded with a dashed rim.
    ``rotation`` turns the board by that many steps of 60 degrees (names go along).
    With ``grid`` the cells are the rows and grid cells of the page's ARIA grid, their
    ids ``cell_id`` and the cell's name.
    """
    board = state.board
    rotation %= 6
    centres, corners, points, by_axial = _geometry(board.size, board, rotation)
    names = board.names
    cells = state.cells
    group_of = [0] * board.cell_count  # colour of the island a cell belongs to, 0 if none
    outlines = []
    for colour in state.colours:
        for group in state.groups(colour):
            for cell in group:
                group_of[cell] = colour
            outlines.append(
                f'<path class="isle-edge p{colour}" '
                f'd="{_outline(state, group, corners, by_axial)}"/>'
            )
    x, y, w, h = view_box(board, labels, rotation)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" {svg_role(title, grid)} '
        f'viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}" data-size="{board.size}" '
        f'data-rotation="{rotation}">'
        f"<title>{escape(title)}</title>",
        '<g class="cells">',
    ]
    polygons = []
    for cell in range(board.cell_count):
        cls = "cell"
        if group_of[cell]:
            cls += f" isle p{group_of[cell]}"
        elif cells[cell]:
            cls += " lone"
        else:
            cls += " empty"
        label = escape(cell_label(names[cell], cells[cell], players), quote=True)
        polygons.append(
            f'<polygon class="{cls}" data-cell="{names[cell]}" '
            f"{cell_role(names[cell], grid, cell_id)} "
            f'aria-label="{label}" points="{points[cell]}"/>'
        )
    out.append(cell_rows(board, polygons, grid) + "</g>")
    # What the cells' names already say is drawing only: kept out of the reading order.
    out.append('<g class="isles" aria-hidden="true">' + "".join(outlines) + "</g>")
    pending = set(state.turn_stones)
    last = set(last_turn)
    out.append('<g class="stones" aria-hidden="true">')
    for cell, colour in enumerate(cells):
        if not colour:
            continue
        cx, cy = centres[cell]
        cls = "in-group" if group_of[cell] else "single"
        if (colour, cell) in pending:
            cls += " pending"
        if (colour, cell) == fresh:
            cls += " fresh"
        attrs = f' data-at="{names[cell]}"'
        if (colour, cell) in last and (colour, cell) not in pending:
            attrs += ' data-last="1"'
        out.append(stone(colour, cx, cy, R * 0.66, cls, attrs))
        if (colour, cell) in pending:
            out.append(
                f'<circle class="pending-ring" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(R * 0.8)}"/>'
            )
        elif (colour, cell) in last:
            out.append(
                f'<circle class="last-mark" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(R * 0.82)}"/>'
            )
    out.append("</g>")
    if labels:
        out.append(labels_svg(board, rotation))
    out.append('<g class="overlay" aria-hidden="true"></g></svg>')
    return "".join(out)


def effect_of(state: Position, colour: int, cell: int) -> tuple[int, str]:
    """What a stone of ``colour`` on empty ``cell`` would do to that colour's groups:
    (change of group count, words)."""
    groups = singles = 0
    seen = set()
    sizes_root = state.comp_size
    for n in state.board.neighbours[cell]:
        if state.cells[n] == colour:
            root = state.find(n)
            if root in seen:
                continue
            seen.add(root)
            if sizes_root[root] >= 2:
                groups += 1
            else:
                singles += 1
    if not seen:
        return 0, "would be a single stone, not yet a group"
    if groups == 0:
        return 1, "would make a new group (+1)"
    if groups == 1:
        return 0, "would grow a group"
    return 1 - groups, f"would join {groups} groups into one ({1 - groups})"


def overlay_svg(
    state: Position,
    colour: int | None,
    cell: int | None,
    cursor: int | None = None,
    rotation: int = 0,
) -> str:
    """The preview of the next stone on ``cell`` (when empty) and the keyboard cursor,
    on the board turned by ``rotation``."""
    board = state.board
    centres, _, points, _ = _geometry(board.size, board, rotation % 6)
    out = []
    if cell is not None and colour is not None and not state.cells[cell] and not state.is_over:
        x, y = centres[cell]
        out.append(stone(colour, x, y, R * 0.66, "ghost"))
    if cursor is not None:
        out.append(f'<polygon class="cursor" points="{points[cursor]}"/>')
    return "".join(out)


def track_svg(state: Position, names: dict[int, str] | None = None) -> str:
    """The scoring track drawn like the printed one: bonus cells 3/2/1/0 above each group
    column, the players' group markers in the row below, column numbers underneath."""
    counts = state.group_counts()
    claimed: dict[tuple[int, int], int] = {}  # (column, value) -> player
    for player in state.colours:
        for column, value in state.bonus(player).items():
            claimed[(column, value)] = player
    last_column = max([PRINTED_COLUMNS, *counts, *(c for c, _ in claimed)])
    cw, ch, gh, head = 26.0, 18.0, 30.0, 40.0
    values = BONUS_VALUES
    width = head + (last_column + 1) * cw + 2
    height = len(values) * ch + gh + 16
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="track" role="img" '
        f'viewBox="0 0 {_f(width)} {_f(height)}">'
        "<title>Scoring track</title>",
        f'<text class="track-head" x="{_f(head - 4)}" y="{_f(2 * ch)}">Bonus</text>',
        f'<text class="track-head" x="{_f(head - 4)}" y="{_f(len(values) * ch + gh / 2)}">'
        "Groups</text>",
    ]
    for column in range(last_column + 1):
        x = head + column * cw
        for row, value in enumerate(values):
            y = row * ch
            if column == 0:
                out.append(
                    f'<rect class="track-blank" x="{_f(x)}" y="{_f(y)}" '
                    f'width="{_f(cw)}" height="{_f(ch)}"/>'
                )
                continue
            owner = claimed.get((column, value))
            out.append(
                f'<rect class="track-bonus" data-column="{column}" data-value="{value}" '
                f'x="{_f(x)}" y="{_f(y)}" width="{_f(cw)}" height="{_f(ch)}"/>'
            )
            if owner:
                who = escape(names.get(owner, "")) if names else ""
                out.append(
                    stone(
                        owner,
                        x + cw / 2,
                        y + ch / 2,
                        ch * 0.4,
                        "marker",
                        f' data-column="{column}" data-value="{value}" data-name="{who}"',
                    )
                )
            else:
                out.append(
                    f'<text class="track-value" x="{_f(x + cw / 2)}" '
                    f'y="{_f(y + ch / 2)}">{value}</text>'
                )
        y = len(values) * ch
        cls = "track-start" if column == 0 else "track-groups"
        out.append(
            f'<rect class="{cls}" x="{_f(x)}" y="{_f(y)}" width="{_f(cw)}" height="{_f(gh)}"/>'
        )
        here = [p for p in state.colours if counts[p - 1] == column]
        for slot, player in enumerate(here):
            sx = x + cw * (0.28 if slot % 2 == 0 else 0.72)
            sy = y + gh * (0.28 if slot < 2 else 0.72)
            if len(here) <= 2:
                sy = y + gh / 2
            out.append(
                stone(player, sx, sy, min(cw, gh) * 0.22, "main-marker", f' data-groups="{column}"')
            )
        out.append(
            f'<text class="track-number" x="{_f(x + cw / 2)}" '
            f'y="{_f(y + gh + 10)}">{column if column else ""}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def group_chart_svg(series: list[tuple[int, ...]], names: dict[int, str] | None = None) -> str:
    """Each player's group count after every turn (``series[t]`` is the counts after t
    turns, player 1 first) as lines, one colour and stone symbol per player."""
    turns = max(len(series) - 1, 1)
    players = len(series[0]) if series else 0
    top = max([1, *(n for counts in series for n in counts)])
    left, right, upper, lower, width, height = 22.0, 8.0, 8.0, 18.0, 320.0, 140.0
    plot_w, plot_h = width - left - right, height - upper - lower

    def at(turn: int, count: int) -> tuple[float, float]:
        return left + plot_w * turn / turns, upper + plot_h * (1 - count / top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {_f(width)} {_f(height)}"><title>Groups after each turn</title>',
        f'<path class="chart-axis" d="M{_f(left)} {_f(upper)}V{_f(upper + plot_h)}'
        f'H{_f(left + plot_w)}"/>',
        f'<text class="chart-label" x="{_f(left - 4)}" y="{_f(upper)}">{top}</text>',
        f'<text class="chart-label" x="{_f(left - 4)}" y="{_f(upper + plot_h)}">0</text>',
        f'<text class="chart-label turns" x="{_f(left + plot_w)}" y="{_f(height - 4)}">'
        f"turn {len(series) - 1}</text>",
    ]
    for p in range(1, players + 1):
        points = " ".join(
            "{},{}".format(*map(_f, at(t, counts[p - 1]))) for t, counts in enumerate(series)
        )
        who = escape(names.get(p, "")) if names else ""
        out.append(
            f'<g class="chart-line p{p}" data-player="{p}" data-final="{series[-1][p - 1]}">'
            f"<title>{who}</title>"
            f'<polyline points="{points}"/>'
            f"{stone(p, *at(len(series) - 1, series[-1][p - 1]), 5.0)}</g>"
        )
    out.append("</svg>")
    return "".join(out)
