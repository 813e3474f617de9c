"""Draw a Stigmergy position as SVG: cells shaded by control, stones, the last move.

A pure function of the state, drawn with the platform's hex geometry, edge labels and
stones (``archipelago.hexsvg``: a colour plus a symbol per player, readable without
colour vision), like every game's board.
The drawing carries a small stylesheet scoped to ``svg.stigmergy`` whose colours fall back
to fixed values, so the SVG reads the same inside the page (which sets ``--p1`` ...) and on
its own.

Hooks for tests: every cell polygon has ``data-cell="<name>"`` and ``data-control`` (0, 1,
2); every stone ``data-color`` and ``data-at``; a stone its opponent could flip has the
class ``threatened``; the last move's cell has ``data-last``. An empty ``<g class="overlay">``
above the stones is where a page draws its keyboard cursor and the sight lines of the cell
under the pointer (``sight_svg``).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import (
    CELL_ID,
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
from archipelago.i18n import N_, _

if TYPE_CHECKING:
    from .position import StigmergyPosition

STYLE = (
    "svg.stigmergy .cell{fill:var(--cell,#e9e4d6);stroke:var(--cell-edge,#b5ae9c);"
    "stroke-width:.6}"
    "svg.stigmergy .cell.ctrl.p1{fill:color-mix(in srgb,var(--p1,#2a5bd7) 30%,"
    "var(--cell,#e9e4d6))}"
    "svg.stigmergy .cell.ctrl.p2{fill:color-mix(in srgb,var(--p2,#b05a00) 30%,"
    "var(--cell,#e9e4d6))}"
    "svg.stigmergy .stone>circle:first-child{stroke:rgba(0,0,0,.45);stroke-width:.5}"
    "svg.stigmergy .stone.p1>circle:first-child{fill:var(--p1,#2a5bd7)}"
    "svg.stigmergy .stone.p2>circle:first-child{fill:var(--p2,#b05a00)}"
    "svg.stigmergy .sym.s1{fill:var(--ink1,#fff)}svg.stigmergy .sym.s2{fill:var(--ink2,#1d1d1f)}"
    "svg.stigmergy .threat{fill:none;stroke-width:1.4;stroke-dasharray:2 1.2}"
    "svg.stigmergy .threat.p1{stroke:var(--p1,#2a5bd7)}"
    "svg.stigmergy .threat.p2{stroke:var(--p2,#b05a00)}"
    "svg.stigmergy .last-mark{fill:var(--fg,#1d1d1f)}"
    "svg.stigmergy .labels text{font-size:5.6px;fill:var(--muted,#5b5b60);text-anchor:middle;"
    "dominant-baseline:central;font-family:system-ui,sans-serif}"
    "svg.stigmergy .stones,svg.stigmergy .labels,svg.stigmergy .overlay{pointer-events:none}"
    "svg.stigmergy .sight line{stroke-linecap:round}"
    "svg.stigmergy .sight .halo{stroke:var(--bg,#fbfaf7);stroke-width:3.6;opacity:.85}"
    "svg.stigmergy .sight-line{stroke-width:1.8}"
    "svg.stigmergy .sight-line.open{stroke:var(--muted,#5b5b60);stroke-width:1.2;"
    "stroke-dasharray:1.6 2.2}"
    "svg.stigmergy .sight-line.p1,svg.stigmergy .seen.p1{stroke:var(--p1,#2a5bd7)}"
    "svg.stigmergy .sight-line.p2,svg.stigmergy .seen.p2{stroke:var(--p2,#b05a00)}"
    "svg.stigmergy .seen{fill:none;stroke-width:1.6}"
    "svg.stigmergy .sight-origin{fill:var(--fg,#1d1d1f)}"
)
STONE_R = R * 0.62  # a stone's radius, as drawn
SEEN_R = R * 0.9  # the ring around a stone a sight line meets, outside a threat's ring


def last_cell(game: StigmergyPosition) -> int | None:
    """The cell of the last move if it put down or flipped a stone."""
    history = game.history_codes()
    n = len(game.cells)
    if history and 0 <= history[-1] < 2 * n:
        return history[-1] % n
    return None


_SIDE_COLOURS = {1: N_("Blue"), 2: N_("Orange")}


def cell_label(name: str, colour: int, owner: int, players: dict[int, str] | None = None) -> str:
    """What a screen reader says for one cell: name, stone (if any), who controls it."""

    def side(player: int) -> str:
        return (players or {}).get(player) or _(_SIDE_COLOURS[player])

    # Translators: a cell's stone ({side}: a player's name or colour), or no stone
    held = _("{side} stone").format(side=side(colour)) if colour else _("empty")
    if not owner:
        return _("{cell}, {held}").format(cell=name, held=held)
    return _("{cell}, {held}, controlled by {side}").format(cell=name, held=held, side=side(owner))


def board_svg(
    game: StigmergyPosition,
    *,
    labels: bool = True,
    shading: bool = True,
    title: str = "",
    players: dict[int, str] | None = None,
    rotation: int = 0,
    grid: bool = False,
    cell_id: str = CELL_ID,
) -> str:
    """The whole board: cells (tinted by who controls them when ``shading``), stones,
    a ring on every stone its opponent controls, a dot on the last move, edge labels.

    Each cell polygon carries an ``aria-label`` ("e5, empty, controlled by Blue") so a
    screen reader can read the board; ``players`` names the sides instead of colours.
    ``rotation`` turns the board by that many steps of 60 degrees (names go along).
    With ``grid`` the cells are the rows and grid cells of the page's ARIA grid, their
    ids ``cell_id`` and the name (the lesson's board has ids of its own)."""
    title = title or _("Stigmergy board")
    board = game.geo.board
    rotation %= 6
    geometry = board_geometry(board.size, board, rotation)
    centres, points = geometry[0], geometry[2]
    names = board.names
    cells = game.cells
    last = last_cell(game)
    x, y, w, h = view_box(board, labels, rotation)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board stigmergy" {svg_role(title, grid)} '
        f'viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" data-size="{board.size}" '
        f'data-rotation="{rotation}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>",
        '<g class="cells">',
    ]
    control = [game.controller(cell) for cell in range(len(cells))]
    polygons = []
    for cell in range(len(cells)):
        owner = control[cell]
        cls = "cell"
        if shading and owner and not cells[cell]:
            cls += f" ctrl p{owner}"
        elif not cells[cell]:
            cls += " empty"
        label = escape(cell_label(names[cell], cells[cell], owner, players), quote=True)
        polygons.append(
            f'<polygon class="{cls}" data-cell="{names[cell]}" data-control="{owner}" '
            f'{cell_role(names[cell], grid, cell_id)} aria-label="{label}" '
            f'points="{points[cell]}"/>'
        )
    out.append(cell_rows(board, polygons, grid))
    out.append('</g><g class="stones" aria-hidden="true">')
    for cell, colour in enumerate(cells):
        if not colour:
            continue
        cx, cy = centres[cell]
        threatened = control[cell] == 3 - colour
        attrs = f' data-at="{names[cell]}"' + (' data-last="1"' if cell == last else "")
        out.append(stone(colour, cx, cy, STONE_R, "threatened" if threatened else "", attrs))
        if threatened:
            out.append(
                f'<circle class="threat p{3 - colour}" cx="{num(cx)}" cy="{num(cy)}" '
                f'r="{num(R * 0.78)}"/>'
            )
        if cell == last:
            out.append(
                f'<circle class="last-mark" cx="{num(cx + R * 0.52)}" '
                f'cy="{num(cy - R * 0.52)}" r="{num(R * 0.14)}"/>'
            )
    out.append('</g><g class="overlay" aria-hidden="true"></g>')  # the keyboard cursor's
    if labels:
        out.append(labels_svg(board, rotation))
    out.append("</svg>")
    return "".join(out)


def ghost_svg(game: StigmergyPosition, name: str, colour: int, rotation: int = 0) -> str:
    """A faint stone of ``colour`` on the cell ``name``: a move suggested on the board
    (the analysis's best turn; a flip shows the stone it turns into)."""
    board = game.geo.board
    centres = board_geometry(board.size, board, rotation % 6)[0]
    cx, cy = centres[board.index(name)]
    return stone(colour, cx, cy, STONE_R, "ghost")


def sight_svg(game: StigmergyPosition, name: str) -> str:
    """The six lines of sight of the cell ``name``, for the board's overlay: each drawn
    from the cell up to the first stone it meets (coloured as that stone, which gets a
    ring) or, dashed, to the board's edge when it meets none. So a player sees which
    stones a cell sees, which is what control counts.

    Hooks for tests: ``<g class="sight" data-from="<name>">``; per line that has cells,
    ``<line class="sight-line ..." data-direction data-to data-owner>``; per stone met,
    ``<circle class="seen p<owner>" data-seen="<cell>">``."""
    board = game.geo.board
    cell = board.index(name)
    centres = board_geometry(board.size, board)[0]
    names = board.names
    x0, y0 = centres[cell]
    start = STONE_R if game.cells[cell] else 0.0
    lines, rings = [], []
    for line in game.sight_lines(cell):
        if not line.cells:
            continue  # the cell is on the edge this way
        end = line.cells[-1]
        x1, y1 = centres[end]
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        stop = SEEN_R if line.owner else 0.0
        ends = (
            f'x1="{num(x0 + ux * start)}" y1="{num(y0 + uy * start)}" '
            f'x2="{num(x1 - ux * stop)}" y2="{num(y1 - uy * stop)}"'
        )
        kind = f"p{line.owner}" if line.owner else "open"
        lines.append(f'<line class="halo" {ends}/>')
        lines.append(
            f'<line class="sight-line {kind}" data-direction="{line.direction}" '
            f'data-to="{names[end]}" data-owner="{line.owner}" {ends}/>'
        )
        if line.owner:
            circle = f'cx="{num(x1)}" cy="{num(y1)}" r="{num(SEEN_R)}"'
            rings.append(f'<circle class="seen p{line.owner}" data-seen="{names[end]}" {circle}/>')
    origin = (
        ""
        if game.cells[cell]
        else (f'<circle class="sight-origin" cx="{num(x0)}" cy="{num(y0)}" r="{num(R * 0.16)}"/>')
    )
    return f'<g class="sight" data-from="{name}">{"".join(lines + rings)}{origin}</g>'
