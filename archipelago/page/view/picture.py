"""Pictures of a game to post or print: the position shown, with the players' names and
the turn under the board, and the whole game's moves as a score sheet.

Each picture is one self-contained SVG document: the board the game's kit draws for the
page, its classes turned into plain presentation attributes in the light theme's colours
(so the file looks the same in any viewer, with no style sheet, no variables and no
``color-mix``), fonts every system has, and no reference to any other file. The page
downloads it as it is, or draws it on a canvas for a PNG (static/start/picture_files.js):
the SVG is ``WIDTH`` units wide and the PNG ``PNG_WIDTH`` pixels, sharp at half that size
on a screen of two pixels per point, where forums show pictures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from ...hexsvg import num, stone
from ...i18n import _, ngettext
from ..session import Session
from .clocks import ending_words

SVG = "http://www.w3.org/2000/svg"

WIDTH = 1200  # the SVG's width, in its units
PNG_WIDTH = 1600  # the PNG's width in pixels: at least 1200, crisp when shown at 800
MARGIN = 40
FONT = "Arial, Helvetica, 'Liberation Sans', 'DejaVu Sans', sans-serif"

# The page's light theme (static/style.css), the picture's only one.
PAPER, INK, MUTED = "#f7f5ef", "#1d1d1f", "#5b5b60"
CELL, CELL_EDGE, RULE = "#e9e4d6", "#b5ae9c", "#c9c4b8"
PLAYERS = {1: "#2a5bd7", 2: "#b05a00", 3: "#1e7b4b", 4: "#b8398e"}
SYMBOL_INK = "#ffffff"


@dataclass(frozen=True)
class Picture:
    """An SVG document, its size in its units, and the file name it is saved under
    (without the ending: ``.svg`` or ``.png``)."""

    svg: str
    width: int
    height: int
    stem: str


def mixed(colour: str, share: float, base: str = CELL) -> str:
    """``share`` of ``colour`` over ``base``, as CSS's ``color-mix(in srgb, ...)``."""
    parts = [
        round(int(colour[i : i + 2], 16) * share + int(base[i : i + 2], 16) * (1 - share))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{part:02x}" for part in parts)


def _player(classes: set[str]) -> str:
    """The colour of the player a class list names (``p1`` .. ``p4``), else the ink."""
    for number, colour in PLAYERS.items():
        if f"p{number}" in classes:
            return colour
    return INK


LABEL_SIZE = "4.2"  # the edge labels' font size, unless the board's own style sheet says
# another (``.labels text{font-size:...px``), as a game's board may
OWN_LABEL_SIZE = re.compile(r"\.labels text\{font-size:([\d.]+)px")
DOT = 3.0  # a last-move mark smaller than this (in board units) is a dot, else a ring


def _paint_of(
    tag: str, classes: set[str], parent: set[str], first: bool, radius: float, label_size: str
) -> dict[str, str]:
    """The presentation attributes that draw one element of a board as the page's style
    sheet (or the board's own) does in the light theme; ``radius`` is a circle's."""
    if "cell" in classes:
        fill = CELL
        if "isle" in classes:
            fill = mixed(_player(classes), 0.28)
        elif "ctrl" in classes:
            fill = mixed(_player(classes), 0.30)
        return {"fill": fill, "stroke": CELL_EDGE, "stroke-width": ".6"}
    if "isle-edge" in classes:
        return {
            "fill": "none",
            "stroke": _player(classes),
            "stroke-width": "1.6",
            "stroke-linecap": "round",
        }
    if "stone" in classes:
        return {"opacity": ".6"} if "single" in classes or "ghost" in classes else {}
    if tag == "circle" and first and "stone" in parent:
        if "single" in parent:
            return {
                "fill": _player(parent),
                "stroke": INK,
                "stroke-width": ".8",
                "stroke-dasharray": "1.4 1.1",
            }
        return {
            "fill": _player(parent),
            "stroke": "#000000",
            "stroke-opacity": ".45",
            "stroke-width": ".5",
        }
    if "sym" in classes:
        return {"fill": SYMBOL_INK, "stroke": "none"}
    if "pending-ring" in classes:
        return {"fill": "none", "stroke": INK, "stroke-width": "1.3", "stroke-dasharray": "2.2 1.2"}
    if "last-mark" in classes:
        if radius < DOT:  # a dot beside the stone
            return {"fill": INK}
        return {"fill": "none", "stroke": INK, "stroke-width": ".8"}
    if "threat" in classes:
        return {
            "fill": "none",
            "stroke": _player(classes),
            "stroke-width": "1.4",
            "stroke-dasharray": "2 1.2",
        }
    if tag == "text" and "labels" in parent:
        return {
            "font-size": label_size,
            "fill": MUTED,
            "text-anchor": "middle",
            "dominant-baseline": "central",
            "font-family": FONT,
        }
    return {}


# What the page's board carries for the page only: its accessibility and test hooks, its
# style sheet (a game's own), and the overlay where the page draws the cursor and previews.
DROPPED = ("id", "role", "tabindex")
DROPPED_PREFIXES = ("aria-", "data-")
DROPPED_TAGS = ("style", "title")
# The renderers' markup is simple (double-quoted attributes, no comments): a tag, or text.
PIECE = re.compile(r"<(/?)([A-Za-z][\w-]*)((?:\s+[\w:-]+=\"[^\"]*\")*)\s*(/?)>|([^<]+)")
ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')


@dataclass
class _Open:
    """An element being copied: its classes, its children so far, whether it is left out."""

    tag: str
    classes: set[str]
    left_out: bool
    children: int = 0


@dataclass(frozen=True)
class Painted:
    """A board's drawing ready to nest in a picture: its view box and its contents."""

    view_box: str
    inner: str


def painted(svg: str) -> Painted:
    """A board's SVG (as a game's renderer draws it for the page) with its colours,
    lines and fonts written on each element, and the page's own parts taken out.
    (No XML parser: the page's Python ships without one.)"""
    out: list[str] = []
    stack: list[_Open] = []
    view_box = ""
    label_size = LABEL_SIZE
    for match in PIECE.finditer(svg):
        closing, tag, attributes, empty, text = match.groups()
        if text is not None:
            if stack and stack[-1].tag == "style" and (size := OWN_LABEL_SIZE.search(text)):
                label_size = size.group(1)
            if not (stack and stack[-1].left_out):
                out.append(text)
            continue
        if closing:
            element = stack.pop()
            if not element.left_out and stack:
                out.append(f"</{tag}>")
            continue
        fields = dict(ATTRIBUTE.findall(attributes))
        classes = set(fields.get("class", "").split())
        if not stack:  # the board's own <svg>: its view box
            view_box = fields.get("viewBox", "")
            stack.append(_Open(tag, classes, False))
            continue
        parent = stack[-1]
        first = parent.children == 0
        parent.children += 1
        left_out = parent.left_out or tag in DROPPED_TAGS or "overlay" in classes
        if not empty:
            stack.append(_Open(tag, classes, left_out))
        if left_out:
            continue
        kept = {
            name: value
            for name, value in fields.items()
            if name not in DROPPED and not name.startswith(DROPPED_PREFIXES)
        }
        radius = float(fields.get("r", 0))
        kept.update(_paint_of(tag, classes, parent.classes, first, radius, label_size))
        written = "".join(f' {name}="{value}"' for name, value in kept.items())
        out.append(f"<{tag}{written}{'/' if empty else ''}>")
    return Painted(view_box, "".join(out))


def _tag(tag: str, text: str = "", **attrs: object) -> str:
    """An element; attribute names written with ``_`` for ``-``, values and text escaped."""
    written = "".join(
        f' {name.replace("_", "-")}="{escape(str(value), quote=True)}"'
        for name, value in attrs.items()
    )
    if not text:
        return f"<{tag}{written}/>"
    return f"<{tag}{written}>{escape(text, quote=False)}</{tag}>"


def _text(text: str, x: float, y: float, size: int, **attrs: object) -> str:
    return _tag("text", text, x=num(x), y=num(y), font_size=size, font_family=FONT, **attrs)


def _chip(player: int, x: float, y: float, radius: float) -> str:
    """The player's stone, as the board draws it (the colour and its symbol)."""
    return painted(f'<svg xmlns="{SVG}">{stone(player, x, y, radius)}</svg>').inner


def _document(height: int, parts: list[str]) -> str:
    return (
        f'<svg xmlns="{SVG}" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">'
        + _tag("rect", width=WIDTH, height=height, fill=PAPER)
        + "".join(parts)
        + "</svg>"
    )


NAME_CHARACTERS = 24  # a name longer than this is cut in the picture


def _short(name: str, room: int = NAME_CHARACTERS) -> str:
    return name if len(name) <= room else name[: room - 1] + "…"


PLAYER_ROW = 52  # the players' names, two to a row


def _players_height(session: Session) -> int:
    return -(-len(session.names) // 2) * PLAYER_ROW


def _players(session: Session, top: float, chips: bool) -> list[str]:
    """The players' names, each after their stone, two to a row from ``top``."""
    column = (WIDTH - 2 * MARGIN) / 2
    parts = []
    for at in range(len(session.names)):
        x = MARGIN + (at % 2) * column
        y = top + (at // 2) * PLAYER_ROW + PLAYER_ROW / 2
        left = x
        if chips:
            parts.append(_chip(at + 1, x + 16, y, 16))
            left = x + 44
        parts.append(_text(_short(session.name_of(at + 1)), left, y + 11, 30, fill=INK))
    return parts


def turn_words(session: Session) -> str:
    """The line under the board: the turn shown and, in the game as it is, who moves
    or how it ended."""
    kit, game = session.kit, session.game
    total = kit.finished_turns(game)
    turn = session.viewing
    if turn is not None:
        if turn == 0:
            return _("The empty board")
        if session.study.on_side_line:
            return _("Turn {turn} of {total} of a side line").format(
                turn=turn, total=len(session.study.followed)
            )
        return _("Turn {turn} of {total}").format(turn=turn, total=total)
    if game.is_over:
        return _("Game over: {result}").format(result=ending_words(session).rstrip("."))
    mover = game.to_move
    who = session.name_of(mover) if mover is not None else ""
    # Translators: under a picture of the board, as in "Turn 12: Ann to move"
    return _("Turn {turn}: {name} to move").format(turn=total + 1, name=who)


def position_picture(session: Session, labels: bool) -> Picture:
    """The position the page shows (the game, or the turn reviewed), with its edge
    coordinates when ``labels``, the game's name above it, and the players and the turn
    under it."""
    kit = session.kit
    board = painted(kit.board_svg(session, labels))
    _left, _top, width, height = (float(part) for part in board.view_box.split())
    shown_width = WIDTH - 2 * MARGIN
    shown_height = round(shown_width * height / width)
    under = 90 + shown_height + 20
    total = under + _players_height(session) + 64
    parts = [
        _text(_(kit.title), MARGIN, 62, 36, fill=INK, font_weight="bold"),
        f'<svg x="{MARGIN}" y="90" width="{shown_width}" height="{shown_height}" '
        f'viewBox="{board.view_box}">{board.inner}</svg>',
        *_players(session, under, bool(kit.chip(1))),
        _text(turn_words(session), MARGIN, under + _players_height(session) + 36, 28, fill=MUTED),
    ]
    turn = session.viewing if session.viewing is not None else kit.finished_turns(session.game)
    line = "-line" if session.study.on_side_line else ""
    return Picture(_document(total, parts), WIDTH, total, f"{kit.name}{line}-turn-{turn}")


SHEET_ROW = 34  # one line of the score sheet
SHEET_FONT = 22
CHARACTER = 12.5  # about the width of a character at SHEET_FONT, in the sheet's units


def _columns(turns: int) -> int:
    """How many columns the sheet's turns take: one for a short game, up to three."""
    return 1 if turns <= 30 else 2 if turns <= 80 else 3


def _wrapped(text: str, room: int) -> list[str]:
    """A turn's notation in lines of at most ``room`` characters, broken after commas."""
    lines: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if lines and len(lines[-1]) + len(part) + 2 <= room:
            lines[-1] += ", " + part
        else:
            lines.append(part)
    return lines or [""]


def moves_picture(session: Session) -> Picture:
    """The game's main line as a score sheet: the game's name, its players, how far it
    went, then every turn (the one under way last) with its number, its player's stone
    and its notation, in up to three columns."""
    kit, game = session.kit, session.game
    entries = [(number, player, text) for number, (player, text) in enumerate(kit.turns(game), 1)]
    under_way = kit.current_turn(game)
    if under_way is not None:
        entries.append((len(entries) + 1, under_way[0], under_way[1] + " …"))
    columns = _columns(len(entries))
    column_width = (WIDTH - 2 * MARGIN) / columns
    named = columns == 1  # one column has room for the names too
    notation_x = 300 if named else 84
    room = max(8, int((column_width - notation_x - 10) / CHARACTER))
    lines = [_wrapped(text, room) for _number, _player, text in entries]
    per_column = -(-len(entries) // columns) if entries else 0
    chips = bool(kit.chip(1))
    head = 90 + _players_height(session) + 56
    heights = [
        sum(len(block) for block in lines[start : start + per_column]) * SHEET_ROW
        for start in range(0, len(entries), per_column or 1)
    ]
    total = head + max(heights, default=SHEET_ROW) + 30
    parts = [
        _text(_(kit.title), MARGIN, 62, 36, fill=INK, font_weight="bold"),
        *_players(session, 90, chips),
    ]
    finished = kit.finished_turns(game)
    summary = ngettext("{n} turn", "{n} turns", finished).format(n=finished)
    if game.is_over:
        summary += " · " + ending_words(session).rstrip(".")
    parts.append(_text(summary, MARGIN, head - 22, 26, fill=MUTED))
    parts.append(
        _tag("path", d=f"M{MARGIN} {head - 8}H{WIDTH - MARGIN}", stroke=RULE, stroke_width=2)
    )
    for index, ((number, player, _notation), block) in enumerate(zip(entries, lines, strict=True)):
        column = index // per_column
        start = column * per_column
        above = sum(len(earlier) for earlier in lines[start:index])
        x = MARGIN + column * column_width
        y = head + above * SHEET_ROW + SHEET_ROW / 2
        parts.append(_text(f"{number}.", x + 44, y + 8, SHEET_FONT, fill=MUTED, text_anchor="end"))
        if chips:
            parts.append(_chip(player, x + 64, y, 10))
        if named:
            name = _short(session.name_of(player), 16)
            parts.append(_text(name, x + 84, y + 8, SHEET_FONT, fill=INK))
        for offset, words in enumerate(block):
            below = y + 8 + offset * SHEET_ROW
            parts.append(_text(words, x + notation_x, below, SHEET_FONT, fill=INK))
    stem = f"{kit.name}-moves-to-turn-{len(entries)}"
    return Picture(_document(total, parts), WIDTH, total, stem)
