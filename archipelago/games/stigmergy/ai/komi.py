"""The komi by rule: what the computer proposes on turn 1 and how it answers on turn 2.

A proposal is one move code per whole number (hundreds on a big board), which a tree
search cannot weigh by sampling, so the computer reads both from a table of measured
first-move advantages instead: ``FIRST_MOVE_ADVANTAGE[side]`` is the mean score margin
(points) by which the player who places the first stone won with no komi, in self-play
measured by ``python -m archipelago.games.stigmergy.ai.komi`` (docs/stigmergy.md has the
table and the command).

- Proposal: the advantage rounded to the nearest whole number, so that neither seat is
  worth much more than the other to the answerer.
- Answer: ``play-second`` when the komi offered is at least the advantage (the komi
  makes up for the move), otherwise play the first stone (and the proposer gets the
  komi as second player).
"""

from __future__ import annotations

from ..fairkomi import FIRST_MOVE_ADVANTAGE, POOLED_5_TO_10, fair_komi, suggested_komi
from ..notation import PLAY_SECOND, komi_code
from ..state import StigmergyGame


def proposal(side: int) -> int:
    """The komi the computer proposes on a board of ``side``."""
    return suggested_komi(side)


def plays_second(side: int, komi: int) -> bool:
    """Whether the computer, offered ``komi`` on a board of ``side``, plays second."""
    return komi >= fair_komi(side)


def rule_code(game: StigmergyGame) -> int | None:
    """The proposal or the answer by rule on turns 1 and 2; None for a board move (the
    answer "play the first stone" leaves the stone to the caller)."""
    if game.proposing:
        return komi_code(game.geo, proposal(game.size))
    if game.answering and game.komi is not None and plays_second(game.size, game.komi):
        return PLAY_SECOND
    return None


__all__ = [
    "FIRST_MOVE_ADVANTAGE",
    "POOLED_5_TO_10",
    "fair_komi",
    "plays_second",
    "proposal",
    "rule_code",
]
