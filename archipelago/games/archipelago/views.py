"""Archipelago positions in facts and words: what ``replay`` prints and a page explains.

Functions that only read a ``Position``; ``GameState`` offers each as a method.
"""

from __future__ import annotations

from typing import Any

from archipelago.game import Move

from .position import END, PASS, Position
from .resignation import RESIGN


def track(state: Position) -> dict[int, list[tuple[int, int]]]:
    """Per claimed column, the (player, value) markers in it, best value first."""
    columns: dict[int, list[tuple[int, int]]] = {}
    for player in state.colours:
        for column, value in state.markers[player].items():
            columns.setdefault(column, []).append((player, value))
    return {c: sorted(columns[c], key=lambda m: -m[1]) for c in sorted(columns)}


def allowance_reason(state: Position) -> str:
    """Why the mover may place ``allowance`` stones, in words."""
    if state.mover is None:
        return "the game is over"
    if not state.turns and state.mover == 1:
        return "1 stone: the first turn of the game"
    variant = state.variant
    base = variant.stones
    # The allowance was fixed by the counts when the turn started (R4).
    ahead = state.ahead_of(state.mover, state.turn_start_counts)
    extra = state.allowance - base
    text = f"{state.allowance} stones: {base} per turn"
    if extra:
        who = "opponent" if ahead == 1 else "opponents"
        word = "fewer chunks" if variant.wunchunk else "more groups"
        mode = " (half extra stones, rounded up)" if variant.extra == "half" else ""
        text += f" + {extra} extra for {ahead} {who} with {word}{mode}"
    elif ahead and variant.extra == "none":
        text += " (no extra stones in this variation)"
    return text


def preview(state: Position, colour: int, cell: int) -> tuple[int, ...]:
    """Per player, the change of group count if that stone were placed now."""
    delta = state.stone_effect(colour, cell)
    return tuple(delta if p == colour else 0 for p in state.colours)


def summary(state: Position) -> dict[str, Any]:
    """What ``replay`` prints: the turn, group counts, track, scores and ranks."""
    over = state.mover is None
    return {
        "over": over,
        "to_move": state.mover,
        "allowance": 0 if over else state.allowance,
        "stones_left": state.stones_left,
        "groups": list(state.group_counts()),
        "bonus": [
            {str(column): value for column, value in state.bonus(p).items()} for p in state.colours
        ],
        "scores": list(state.shown_scores()),
        "ranks": list(state.ranks()),
        "frozen": sorted(state.frozen),
        "resigned": list(state.resigned),
    }


def explain_move(state: Position, move: Move) -> str:
    """What ``move`` would do in this position, in a sentence for a player."""
    code = move.code
    if code == END:
        return "End the turn with the stones placed so far."
    if code == PASS:
        return "Pass: place no stone this turn."
    if code == RESIGN:
        return "Resign: take no more turns and rank below every player still in play."
    colour, cell = divmod(code, len(state.cells))
    name = state.board.names[cell]
    change = state.stone_effect(colour, cell)
    if change > 0:
        effect = f"makes a new group for player {colour}"
    elif change < 0:
        effect = f"joins groups: player {colour} has {-change} fewer"
    else:
        effect = f"leaves player {colour}'s group count as it is"
    return f"Colour {colour} on {name} {effect}."
