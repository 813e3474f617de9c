"""Stigmergy's knowledge for the generic search (``archipelago.search``).

- Turns 1 and 2 (the komi proposal and the answer) are decided by rule (``komi.py``)
  through ``decisive_code``; the search never sees a komi code nor ``play-second``.
- Move order for progressive widening: each move's immediate change of the score
  margin (``effects.gain``): placements that win control of cells, flips, stones that
  break the opponent's control, the button's half point.
- Truncated playouts: ``horizon`` moves, each the best by gain of a few sampled cells
  (with probability ``epsilon`` the first sample), then the evaluation. A full random
  game on side 8 is about 190 moves; a few moves of lookahead with an evaluation that
  counts territory is cheaper and tells more.
- Evaluation: the score margin with komi and button (``effects.margin``), as the
  probability sigma(margin / temperature) of winning.
- After the opponent's pass, a pass that ends the game with the mover ahead, or one that
  ends a game the mover can no longer turn round (``ending.py``), is played without
  searching.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, cast

from archipelago.game import Game
from archipelago.search import Knowledge, SearchParams, Slips, terminal_rewards

from ..notation import BUTTON, PASS, PLAY_SECOND
from ..state import StigmergyGame
from .effects import flip_gain, margin, placement_gain, scored_codes
from .ending import decided_result, settled_pass
from .komi import rule_code


@dataclass(frozen=True)
class PlayoutParams:
    """Knobs of Stigmergy's playouts and evaluation."""

    horizon: int = 8  # playout moves before the evaluation
    samples: int = 4  # cells looked at per playout move
    epsilon: float = 0.1  # chance of the first sampled move instead of the best
    temperature: float = 6.0  # a lead of this many points wins with sigma(1) = 73%


STIGMERGY_PARAMS = SearchParams(
    explore=0.25, widen_c=2.0, widen_a=0.5, grave_ref=30, grave_record=8, grave_bias=1e-4
)


def win_chance(lead: float, temperature: float) -> float:
    """The evaluation's chance of winning with a lead of ``lead`` points."""
    x = lead / temperature
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class StigmergyKnowledge(Knowledge):
    """The search's knowledge of Stigmergy (every board side)."""

    params: ClassVar[SearchParams] = STIGMERGY_PARAMS
    amaf_excluded: ClassVar[frozenset[int]] = frozenset((PASS, PLAY_SECOND))
    # An iteration costs about three of Archipelago's (the prior walks every move's
    # rays), so the levels get fewer: level 5 stays near 1 s a move on side 8 under
    # CPython. Steps of 3 and then 10: 300 iterations played as well as 1000 (9 of 18),
    # 100 lost nearly every game to 1000 (docs/strength.md).
    level_iterations: ClassVar[Mapping[int, int]] = {1: 10, 2: 10, 3: 30, 4: 100, 5: 1000}
    # Below about 30 iterations the search plays little better than its greedy move
    # order, so level 2 at 10 iterations was nearly level 3 (57 of 100 on side 8). Half
    # of its moves are instead one of the 8 that gain most at once, at random: a player
    # who often does not look further than the next stone (docs/strength.md).
    level_slips: ClassVar[Mapping[int, Slips]] = {2: Slips(share=0.5, among=8)}

    def __init__(self, playout_params: PlayoutParams | None = None) -> None:
        self.playout_params = playout_params or PlayoutParams()

    def ordered_codes(self, game: Game, rng: random.Random) -> list[int]:
        state = cast(StigmergyGame, game)
        ruled = rule_code(state)
        if ruled is not None:  # a search started on turn 1 or 2 has this one choice
            return [ruled]
        return [code for _, code in scored_codes(state, rng)]

    def decisive_code(self, game: Game) -> int | None:
        state = cast(StigmergyGame, game)
        ruled = rule_code(state)
        if ruled is not None:
            return ruled
        return settled_pass(state)

    def decided(self, game: Game) -> tuple[float, ...] | None:
        return decided_result(cast(StigmergyGame, game))

    def evaluate(self, game: Game) -> list[float]:
        state = cast(StigmergyGame, game)
        p1 = win_chance(margin(state, 1), self.playout_params.temperature)
        return [0.0, p1, 1.0 - p1]

    def playout(self, game: Game, trail: list[tuple[int, int]], rng: random.Random) -> list[float]:
        """``horizon`` moves of the sampling policy, then the evaluation."""
        state = cast(StigmergyGame, game)
        p = self.playout_params
        rand = rng.random
        cells = state.cells
        n = len(cells)
        need = state.geo.need
        see = state.see
        for _ in range(p.horizon):
            if state.over:
                return terminal_rewards(state)
            mover = state.to_move
            assert mover is not None
            other = 3 - mover
            mine, theirs = see[mover], see[other]
            best_code, best = -1, -1e9
            greedy = rand() >= p.epsilon
            for _ in range(p.samples):
                cell = int(rand() * n)
                owner = cells[cell]
                if not owner:
                    if theirs[cell] >= need[cell]:
                        continue
                    code = cell
                    score = placement_gain(state, cell, mover) if greedy else 0.0
                elif owner == other and mine[cell] >= need[cell]:
                    code = n + cell
                    score = flip_gain(state, cell, mover) if greedy else 0.0
                else:
                    continue
                if score > best:
                    best_code, best = code, score
                if not greedy:
                    break
            if best_code < 0:
                # No sample hit a legal board move: the button if it is there, else a
                # random legal move (the board may be nearly settled).
                if state.button_available:
                    best_code = BUTTON
                else:
                    codes = state.legal_codes()
                    best_code = codes[int(rand() * len(codes))]
            state.push_code(best_code)
            trail.append((mover, best_code))
        if state.over:
            return terminal_rewards(state)
        return self.evaluate(state)


__all__ = ["STIGMERGY_PARAMS", "PlayoutParams", "StigmergyKnowledge", "win_chance"]
