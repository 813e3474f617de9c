"""What one move does to the score, computed without playing it: the cheap knowledge
shared by the search's prior, its playouts, the greedy baseline and the beginner.

A stone placed or flipped changes only what the cells along its six rays see, up to the
first stone on each (``archipelago.games.stigmergy.sight``), so the change of the score margin
is found by walking those rays: the stone itself, plus every empty cell on them whose
controller changes. ``gain`` is that change for the mover: their score minus the
opponent's, after the move minus before (komi and button included: taking the button
gains its half point).

The evaluation (``margin``) is the mover's lead in points as the scores stand, plus a
fraction of a point for every empty cell nobody controls yet, by how far its sightings
lean towards one player: a cell seen by three of a player's stones where four make
control is most of the way to being theirs.
"""

from __future__ import annotations

import random

from ..notation import BUTTON, PASS, PLAY_SECOND
from ..state import BUTTON_VALUE, StigmergyGame

LEAN_WEIGHT = 0.35  # an uncontrolled empty cell seen only by one side: this much of a point


def _value(mine: int, theirs: int, need: int) -> int:
    """+1 if the mover controls a cell seen by ``mine`` / ``theirs``, -1 if the
    opponent does, else 0."""
    if mine >= need:
        return 1
    if theirs >= need:
        return -1
    return 0


def placement_gain(game: StigmergyGame, cell: int, player: int) -> int:
    """The change of ``player``'s margin if they put a stone on the empty ``cell``."""
    geo = game.geo
    cells, need = game.cells, geo.need
    mine, theirs = game.see[player], game.see[3 - player]
    rays = geo.rays[cell]
    # Per direction, how far the cells that will see the stone reach, and the owner of
    # the first stone on the line (0 when the line runs off the board).
    reach = [0] * 6
    owners = [0] * 6
    for d in range(6):
        k = 0
        owner = 0
        for y in rays[d]:
            k += 1
            owner = cells[y]
            if owner:
                break
        reach[d] = k
        owners[d] = owner
    gain = 1 - _value(mine[cell], theirs[cell], need[cell])
    for d in range(6):
        behind = owners[(d + 3) % 6]
        if behind == player:
            continue  # these cells saw one of ours behind the new stone already
        lost = 1 if behind else 0
        ray = rays[d]
        for i in range(reach[d]):
            y = ray[i]
            if cells[y]:
                continue
            m, t, n = mine[y], theirs[y], need[y]
            old = 1 if m >= n else (-1 if t >= n else 0)
            m += 1
            t -= lost
            new = 1 if m >= n else (-1 if t >= n else 0)
            gain += new - old
    return gain


def flip_gain(game: StigmergyGame, cell: int, player: int) -> int:
    """The change of ``player``'s margin if they flip the opponent's stone on ``cell``."""
    geo = game.geo
    cells, need = game.cells, geo.need
    mine, theirs = game.see[player], game.see[3 - player]
    gain = 2  # one stone fewer for them, one more for us
    for ray in geo.rays[cell]:
        for y in ray:
            if cells[y]:
                break
            m, t, n = mine[y], theirs[y], need[y]
            old = 1 if m >= n else (-1 if t >= n else 0)
            m += 1
            t -= 1
            new = 1 if m >= n else (-1 if t >= n else 0)
            gain += new - old
    return gain


def gain(game: StigmergyGame, code: int, player: int) -> float:
    """The change of ``player``'s margin by the board move ``code`` (a placement, flip,
    the button, or a move that changes no score)."""
    n = game.geo.cell_count
    if 0 <= code < n:
        return placement_gain(game, code, player)
    if n <= code < 2 * n:
        return flip_gain(game, code - n, player)
    if code == BUTTON:
        return BUTTON_VALUE
    return 0.0


def scored_codes(game: StigmergyGame, rand: random.Random | None = None) -> list[tuple[float, int]]:
    """Every legal board move of the mover with its gain, best first (ties in random
    order with ``rand``). Not for the proposal turn. ``play-second`` is left out: the
    answer to the komi is decided by rule (``komi.py``)."""
    player = game.to_move
    assert player is not None
    jitter = rand.random if rand is not None else (lambda: 0.0)
    out = []
    for code in game.legal_codes():
        if code == PLAY_SECOND:
            continue
        out.append((gain(game, code, player) + 1e-3 * jitter(), code))
    out.sort(reverse=True)
    return out


def margin(game: StigmergyGame, player: int) -> float:
    """``player``'s lead in points (komi and button included), plus the lean of every
    empty cell nobody controls (see the module's docstring)."""
    cells, need = game.cells, game.geo.need
    mine, theirs = game.see[player], game.see[3 - player]
    lead = 0.0
    lean = 0.0
    for y in range(len(cells)):
        owner = cells[y]
        if owner:
            lead += 1.0 if owner == player else -1.0
            continue
        m, t, n = mine[y], theirs[y], need[y]
        if m >= n:
            lead += 1.0
        elif t >= n:
            lead -= 1.0
        elif m != t:
            lean += (m - t) / n
    if game.komi is not None and game.komi_to is not None:
        lead += game.komi if game.komi_to == player else -game.komi
    if game.button is not None:
        lead += BUTTON_VALUE if game.button == player else -BUTTON_VALUE
    return lead + LEAN_WEIGHT * lean


__all__ = [
    "LEAN_WEIGHT",
    "PASS",
    "flip_gain",
    "gain",
    "margin",
    "placement_gain",
    "scored_codes",
]
