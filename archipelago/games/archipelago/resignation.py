"""Resigning from a game of Archipelago (RULINGS R15, the site's own rule).

The player to move may resign at any point of their own turn. Stones already placed in
that turn are taken back first, so a resignation is a whole turn of its own, written
``resign`` in a record. The resigned player takes no more turns (turn order and the
extra-stone count skip them) and ranks below every player still in play; of two
resigned players the later one ranks above the earlier. The others play on, and the
game ends when only one player is left. Stones of a resigned player's colour may still
be placed, as with a frozen player (R12), and still count on the track; they no longer
change that player's place.

``position.Position.resign`` plays the move and ``undo`` takes it back; this module holds
its names and ``resigned_outcome``, which re-ranks a standing.
"""

from __future__ import annotations

from dataclasses import replace

from .scoring import Outcome

RESIGN = -3  # the move code (END is -1 and PASS -2 in position.py)
RESIGN_WORD = "resign"
END_RESIGNED = "every other player resigned"
RESIGNED_CRITERION = "resignation"


def resigned_outcome(outcome: Outcome, resigned: tuple[int, ...]) -> Outcome:
    """``outcome`` with the resigned players moved below everyone still in play, the
    later resigner above the earlier; the players in play keep their order and ties."""
    if not resigned:
        return outcome
    ranks = outcome.ranks
    playing = [p for p in range(1, len(ranks) + 1) if p not in resigned]
    # Among the players in play, a rank is 1 + how many of them are strictly better.
    new_ranks = [0] * len(ranks)
    for p in playing:
        new_ranks[p - 1] = 1 + sum(1 for q in playing if ranks[q - 1] < ranks[p - 1])
    for place, p in enumerate(reversed(resigned), start=len(playing) + 1):
        new_ranks[p - 1] = place
    kept = tuple(tb for tb in outcome.tie_breaks if tb[0] in playing and tb[1] in playing)
    best_playing = sorted(playing, key=lambda p: ranks[p - 1])
    order = best_playing + list(reversed(resigned))
    # Tie-breaks between players in play stay; every step down to a resigned player is
    # decided by the resignation.
    tie_breaks = kept + tuple(
        (ahead, behind, RESIGNED_CRITERION)
        for ahead, behind in zip(order[len(playing) - 1 :], order[len(playing) :], strict=False)
    )
    return replace(outcome, ranks=tuple(new_ranks), tie_breaks=tie_breaks)
