"""Stigmergy positions in facts and words: what ``replay`` prints and a page explains.

Functions that only read a ``StigmergyPosition``; ``StigmergyGame`` offers them as methods.
"""

from __future__ import annotations

from typing import Any

from archipelago.game import Move
from archipelago.i18n import _

from .notation import BUTTON, PASS, PLAY_SECOND, RESIGN, is_komi_code, komi_of
from .position import StigmergyPosition


def number(value: float) -> int | float:
    """A score as JSON shows it: whole numbers without ``.0``."""
    return int(value) if float(value).is_integer() else value


def summary(game: StigmergyPosition) -> dict[str, Any]:
    """What ``replay`` prints. ``legal`` is empty on the proposal turn, where any
    whole number within the limit may be proposed."""
    legal = [] if game.proposing else sorted(game.code_text(c) for c in game.legal_codes())
    return {
        "over": game.over,
        "to_move": game.to_move,
        "komi": game.komi,
        "komi_to": game.komi_to,
        "button": game.button,
        "stones": [game.stones[1], game.stones[2]],
        "territory": list(game.territory()),
        "scores": [number(s) for s in game.scores()],
        "ranks": list(game.ranks()),
        "resigned": game.resigned,
        "legal": legal,
    }


def explain_move(game: StigmergyPosition, move: Move) -> str:
    """What ``move`` would do in this position, in a sentence for a player."""
    code = move.code
    n = len(game.cells)
    player = game.to_move
    if code == RESIGN:
        return _("Resign: the game ends and player {n} wins.").format(n=3 - (player or 1))
    if code == PASS:
        return _("Pass: every empty cell is controlled, so you may play nothing.")
    if code == BUTTON:
        if game.answering:
            return _(
                "Take the first turn on the board and spend it on the button (half a "
                "point at the end); player 1 then plays second and receives the komi."
            )
        return _("Take the button: half a point at the end, for this whole turn.")
    if code == PLAY_SECOND:
        return _(
            "Play second and receive the komi of {komi}: player 1 places the first stone."
        ).format(komi=game.komi)
    if is_komi_code(game.geo, code):
        return _(
            "Propose a komi of {komi}: player 2 then chooses to play first (you receive "
            "{komi}) or second (they receive it)."
        ).format(komi=komi_of(game.geo, code))
    names = game.geo.board.names
    if 0 <= code < n:
        if game.answering:
            return _(
                "Place a stone on {cell}. You play first; player 1 receives the komi of {komi}."
            ).format(cell=names[code], komi=game.komi)
        return _("Place a stone on {cell}.").format(cell=names[code])
    cell = code - n
    return _(
        "Flip the stone on {cell}: player {n} controls the cell, seeing {seen} of its lines."
    ).format(cell=names[cell], n=player, seen=game.see[player or 1][cell])
