"""Draw a game as SVG text: the board, a stone preview and the scoring track.

Pure functions from a ``Position`` (any GameState) to strings, in the spirit of
``chess.svg``: no browser imports, so the page, the rules page generator and the tests all
use the same drawing.
The hex geometry, labels and stones are the platform's (``archipelago.hexsvg``); colours
come from CSS classes (``p1`` .. ``p4``, see static/style.css) so the page can switch
between light and dark themes.

Hooks for tests: every cell polygon has ``data-cell="<name>"``, every stone
``data-color="<player>"`` (and ``data-at="<name>"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from archipelago.hexgrid import AXIAL_DIRECTIONS
from archipelago.hexsvg import (
    CELL_ID,
    EDGE_OF_DIRECTION,
    R,
    board_geometry,
    cell_role,
    cell_rows,
    labels_svg,
    num,
    stone,
    svg_role,
    view_box,
)
from archipelago.i18n import _

from .notation import Stone
from .position import Position
from .scoring import BONUS_VALUES, PRINTED_COLUMNS
from .words import colour_name, symbol_name


def _outline(
    state: Position,
    group: list[int],
    corners: list[list[tuple[float, float]]],
    by_axial: dict[tuple[int, int], int],
) -> str:
    """Path of the border edges of a group (edges not shared with the same group)."""
    members = set(group)
    parts = []
    for cell in group:
        q, r = state.board.axial[cell]
        for dq, dr in AXIAL_DIRECTIONS:
            other = by_axial.get((q + dq, r + dr))
            if other in members:
                continue
            k = EDGE_OF_DIRECTION[(dq, dr)]
            (x1, y1), (x2, y2) = corners[cell][k], corners[cell][(k + 1) % 6]
            parts.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
    return "".join(parts)


def cell_label(name: str, colour: int, players: dict[int, str] | None = None) -> str:
    """What a screen reader says for one cell: its name, then empty or whose stone."""
    if not colour:
        # Translators: a cell as a screen reader says it, as in "f4, empty"
        return _("{cell}, empty").format(cell=name)
    owner = (players or {}).get(colour)
    colour_, symbol = colour_name(colour), symbol_name(colour)
    if owner:
        # Translators: a cell as a screen reader says it, as in "f4, Blue dot stone of Ann"
        return _("{cell}, {colour} {symbol} stone of {owner}").format(
            cell=name, colour=colour_, symbol=symbol, owner=owner
        )
    return _("{cell}, {colour} {symbol} stone").format(cell=name, colour=colour_, symbol=symbol)


def board_svg(
    state: Position,
    *,
    labels: bool = True,
    last_turn: Iterable[Stone] = (),
    fresh: Stone | None = None,
    title: str | None = None,
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
    title = _("Archipelago board") if title is None else title
    rotation %= 6
    centres, corners, points, by_axial = board_geometry(board.size, board, rotation)
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
        f'viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" data-size="{board.size}" '
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
                f'<circle class="pending-ring" cx="{num(cx)}" cy="{num(cy)}" r="{num(R * 0.8)}"/>'
            )
        elif (colour, cell) in last:
            out.append(
                f'<circle class="last-mark" cx="{num(cx)}" cy="{num(cy)}" r="{num(R * 0.82)}"/>'
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
    # The page calls a group an island, as the rules' introduction does.
    if not seen:
        return 0, _("would be a single stone, not yet an island")
    if groups == 0:
        return 1, _("would make a new island (+1)")
    if groups == 1:
        return 0, _("would grow an island")
    return 1 - groups, _("would join {n} islands into one ({change})").format(
        n=groups, change=1 - groups
    )


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
    centres, _corners, points, _axial = board_geometry(board.size, board, rotation % 6)
    out = []
    if cell is not None and colour is not None and not state.cells[cell] and not state.is_over:
        x, y = centres[cell]
        out.append(stone(colour, x, y, R * 0.66, "ghost"))
    if cursor is not None:
        out.append(f'<polygon class="cursor" points="{points[cursor]}"/>')
    return "".join(out)


# How many islands a player reaches on a board of n cells, at most, in practice: about one
# per eight cells (the most in 60 random two-player games, CPython: 3 on side 3, 5 on
# side 4, 7 on side 5, 10 on side 6, 12 on side 7). The track is drawn that wide, never
# wider than the printed one, and grows when a count or a marker goes further.
CELLS_PER_ISLAND = 8


def track_reach(cells: int) -> int:
    """The columns of the scoring track drawn for a board of ``cells`` cells."""
    return min(PRINTED_COLUMNS, -(-cells // CELLS_PER_ISLAND))


def track_svg(state: Position, names: dict[int, str] | None = None) -> str:
    """The scoring track drawn like the printed one: bonus cells 3/2/1/0 above each group
    column, the players' group markers in the row below, column numbers underneath."""
    counts = state.group_counts()
    claimed: dict[tuple[int, int], int] = {}  # (column, value) -> player
    for player in state.colours:
        for column, value in state.bonus(player).items():
            claimed[(column, value)] = player
    reach = track_reach(len(state.cells))
    last_column = max([reach, *counts, *(c for c, _value in claimed)])
    # The heads' column holds "Islands" at the size a phone needs (style.css: 14 units).
    cw, ch, gh, head = 26.0, 18.0, 30.0, 62.0
    values = BONUS_VALUES
    width = head + (last_column + 1) * cw + 2
    height = len(values) * ch + gh + 16
    title = _("Scoring track")
    # Translators: the head of the scoring track's bonus rows (a short word: it fits)
    bonus = _("Bonus")
    # Translators: the head of the scoring track's island counts (a short word: it fits)
    islands = _("Islands")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="track" role="img" '
        f'viewBox="0 0 {num(width)} {num(height)}">'
        f"<title>{title}</title>",
        f'<text class="track-head" x="{num(head - 4)}" y="{num(2 * ch)}">{bonus}</text>',
        f'<text class="track-head" x="{num(head - 4)}" y="{num(len(values) * ch + gh / 2)}">'
        f"{islands}</text>",
    ]
    for column in range(last_column + 1):
        x = head + column * cw
        for row, value in enumerate(values):
            y = row * ch
            if column == 0:
                out.append(
                    f'<rect class="track-blank" x="{num(x)}" y="{num(y)}" '
                    f'width="{num(cw)}" height="{num(ch)}"/>'
                )
                continue
            owner = claimed.get((column, value))
            out.append(
                f'<rect class="track-bonus" data-column="{column}" data-value="{value}" '
                f'x="{num(x)}" y="{num(y)}" width="{num(cw)}" height="{num(ch)}"/>'
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
                    f'<text class="track-value" x="{num(x + cw / 2)}" '
                    f'y="{num(y + ch / 2)}">{value}</text>'
                )
        y = len(values) * ch
        cls = "track-start" if column == 0 else "track-groups"
        out.append(
            f'<rect class="{cls}" x="{num(x)}" y="{num(y)}" width="{num(cw)}" height="{num(gh)}"/>'
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
            f'<text class="track-number" x="{num(x + cw / 2)}" '
            f'y="{num(y + gh + 10)}">{column if column else ""}</text>'
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

    title = _("Islands after each turn")
    # Translators: the last turn on the chart's axis, as in "turn 26"
    last = _("turn {n}").format(n=len(series) - 1)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {num(width)} {num(height)}"><title>{title}</title>',
        f'<path class="chart-axis" d="M{num(left)} {num(upper)}V{num(upper + plot_h)}'
        f'H{num(left + plot_w)}"/>',
        f'<text class="chart-label" x="{num(left - 4)}" y="{num(upper)}">{top}</text>',
        f'<text class="chart-label" x="{num(left - 4)}" y="{num(upper + plot_h)}">0</text>',
        f'<text class="chart-label turns" x="{num(left + plot_w)}" y="{num(height - 4)}">'
        f"{last}</text>",
    ]
    for p in range(1, players + 1):
        points = " ".join(
            "{},{}".format(*map(num, at(t, counts[p - 1]))) for t, counts in enumerate(series)
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
