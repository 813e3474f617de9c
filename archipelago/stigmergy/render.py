"""Draw a Stigmergy position as SVG: cells shaded by control, stones, the last move.

A pure function of the state, like Archipelago's drawing, whose hex geometry, edge labels
and stones (a colour plus a symbol per player, readable without colour vision) it reuses.
The drawing carries a small stylesheet scoped to ``svg.stigmergy`` whose colours fall back
to fixed values, so the SVG reads the same inside the page (which sets ``--p1`` ...) and on
its own.

Hooks for tests: every cell polygon has ``data-cell="<name>"`` and ``data-control`` (0, 1,
2); every stone ``data-color`` and ``data-at``; a stone its opponent could flip has the
class ``threatened``; the last move's cell has ``data-last``. An empty ``<g class="overlay">``
above the stones is where a page draws its keyboard cursor.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..render import R, _f, _geometry, _labels, cell_role, cell_rows, stone, svg_role, view_box

if TYPE_CHECKING:
    from .state import StigmergyGame

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
)


def last_cell(game: StigmergyGame) -> int | None:
    """The cell of the last move if it put down or flipped a stone."""
    history = game.history_codes()
    n = len(game.cells)
    if history and 0 <= history[-1] < 2 * n:
        return history[-1] % n
    return None


_SIDE_COLOURS = {1: "Blue", 2: "Orange"}


def cell_label(name: str, colour: int, owner: int, players: dict[int, str] | None = None) -> str:
    """What a screen reader says for one cell: name, stone (if any), who controls it."""

    def side(player: int) -> str:
        return (players or {}).get(player) or _SIDE_COLOURS[player]

    parts = [name, f"{side(colour)} stone" if colour else "empty"]
    if owner:
        parts.append(f"controlled by {side(owner)}")
    return ", ".join(parts)


def board_svg(
    game: StigmergyGame,
    *,
    labels: bool = True,
    shading: bool = True,
    title: str = "Stigmergy board",
    players: dict[int, str] | None = None,
    grid: bool = False,
) -> str:
    """The whole board: cells (tinted by who controls them when ``shading``), stones,
    a ring on every stone its opponent controls, a dot on the last move, edge labels.

    Each cell polygon carries an ``aria-label`` ("e5, empty, controlled by Blue") so a
    screen reader can read the board; ``players`` names the sides instead of colours.
    With ``grid`` the cells are the rows and grid cells of the page's ARIA grid."""
    board = game.geo.board
    centres, _, points, _ = _geometry(board.size, board)
    names = board.names
    cells = game.cells
    last = last_cell(game)
    x, y, w, h = view_box(board, labels)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board stigmergy" {svg_role(title, grid)} '
        f'viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}" data-size="{board.size}">'
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
            f'{cell_role(names[cell], grid)} aria-label="{label}" '
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
        out.append(stone(colour, cx, cy, R * 0.62, "threatened" if threatened else "", attrs))
        if threatened:
            out.append(
                f'<circle class="threat p{3 - colour}" cx="{_f(cx)}" cy="{_f(cy)}" '
                f'r="{_f(R * 0.78)}"/>'
            )
        if cell == last:
            out.append(
                f'<circle class="last-mark" cx="{_f(cx + R * 0.52)}" '
                f'cy="{_f(cy - R * 0.52)}" r="{_f(R * 0.14)}"/>'
            )
    out.append('</g><g class="overlay" aria-hidden="true"></g>')  # the keyboard cursor's
    if labels:
        out.append('<g class="labels" aria-hidden="true">')
        for lx, ly, text in _labels(board):
            out.append(f'<text x="{_f(lx)}" y="{_f(ly)}">{text}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
