"""Stigmergy positions in facts and words: what ``replay`` prints and a page explains.

Functions that only read a ``StigmergyPosition``; ``StigmergyGame`` offers them as methods.
"""

from __future__ import annotations

from typing import Any

from archipelago.game import Move

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
        return f"Resign: the game ends and player {3 - (player or 1)} wins."
    if code == PASS:
        return "Pass: every empty cell is controlled, so you may play nothing."
    if code == BUTTON:
        if game.answering:
            return (
                "Take the first turn on the board and spend it on the button (half a "
                "point at the end); player 1 then plays second and receives the komi."
            )
        return "Take the button: half a point at the end, for this whole turn."
    if code == PLAY_SECOND:
        return f"Play second and receive the komi of {game.komi}: player 1 places the first stone."
    if is_komi_code(game.geo, code):
        komi = komi_of(game.geo, code)
        return (
            f"Propose a komi of {komi}: player 2 then chooses to play first (you "
            f"receive {komi}) or second (they receive it)."
        )
    names = game.geo.board.names
    if 0 <= code < n:
        text = f"Place a stone on {names[code]}."
        if game.answering:
            text += f" You play first; player 1 receives the komi of {game.komi}."
        return text
    cell = code - n
    return (
        f"Flip the stone on {names[cell]}: player {player} controls the cell, "
        f"seeing {game.see[player or 1][cell]} of its lines."
    )
