"""Resigning from a game of Archipelago (RULINGS R15, the site's own rule).

The player to move may resign at any point of their own turn. Stones already placed in
that turn are taken back first, so a resignation is a whole turn of its own, written
``resign`` in a record. The resigned player takes no more turns (turn order and the
extra-stone count skip them) and ranks below every player still in play; of two
resigned players the later one ranks above the earlier. The others play on, and the
game ends when only one player is left. Stones of a resigned player's colour may still
be placed, as with a frozen player (R12), and still count on the track; they no longer
change that player's place.

A mixin of ``GameState``: ``resign`` plays the move, ``_unresign`` takes it back, and
``resigned_outcome`` re-ranks a standing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from archipelago.errors import IllegalMoveError

if TYPE_CHECKING:
    from .notation import Stone
    from .scoring import Outcome
    from .state import GameState

RESIGN = -3  # the move code (END is -1 and PASS -2 in state.py)
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


class Resignations:
    """Resigning, for ``GameState``."""

    __slots__ = ()

    if TYPE_CHECKING:  # provided by GameState
        players: int
        mover: int | None
        allowance: int
        turn_stones: list[Stone]
        turn_start_counts: tuple[int, ...]
        passes: int
        frozen: frozenset[int]
        frozen_rule: bool
        end_reason: str | None
        resigned: tuple[int, ...]
        turns: list
        _undo: list[tuple]

        def undo(self) -> int: ...
        def push_code(self, code: int) -> None: ...
        def _end(self, reason: str) -> None: ...
        def _start_turn(self, after: int) -> None: ...

    def players_in_play(self) -> list[int]:
        """The players who still take turns: neither frozen nor resigned."""
        out = self.frozen.union(self.resigned)
        return [p for p in range(1, self.players + 1) if p not in out]

    def resign(self) -> None:
        """The player to move resigns; the turn's stones are taken back first (R15)."""
        mover = self.mover
        if mover is None:
            raise IllegalMoveError("the game is over")
        taken: list[int] = []
        while self.turn_stones:
            taken.append(self.undo())
        taken.reverse()
        saved = (mover, self.allowance, self.turn_start_counts, self.end_reason, self.resigned)
        state = cast("GameState", self)  # the mixin is a GameState, whose slots these are
        state.resigned = (*self.resigned, mover)
        from .state import END_FROZEN, END_PASSES  # state.py builds on this module

        remaining = self.players - len(self.resigned)
        in_play = len(self.players_in_play())
        if remaining == 1:
            self._end(END_RESIGNED)
        elif self.frozen_rule and in_play < 2:
            self._end(END_FROZEN)
        elif self.passes and self.passes >= in_play:
            self._end(END_PASSES)  # everyone left had passed in turn before this (R7)
        else:
            self._start_turn(mover)
        # Where the resignation stands among the finished turns, for the record.
        self._undo.append(("resign", (tuple(taken), len(self.turns)), saved))

    def _unresign(self, entry: tuple) -> None:
        """Take back a resignation, putting back the stones it took back."""
        _, (taken, _), saved = entry
        state = cast("GameState", self)  # the mixin is a GameState, whose slots these are
        state.mover, state.allowance, state.turn_start_counts, state.end_reason = saved[:4]
        state.resigned = saved[4]
        for code in taken:
            self.push_code(code)

    def with_resignations(self, played: list[Any], resigned: Callable[[int], Any]) -> list[Any]:
        """``played`` (one item per finished turn) with ``resigned(player)`` put in where
        each resignation was played: the turns of the game in order."""
        out: list[Any] = []
        done = 0  # finished turns put in so far
        for before, player in self.resignation_points():
            out += played[done:before]
            done = before
            out.append(resigned(player))
        return out + played[done:]

    def resignation_points(self) -> list[tuple[int, int]]:
        """Per resignation in order, (finished turns before it, the player)."""
        points = []
        for kind, change, saved in self._undo:
            if kind == "resign":
                points.append((change[1], saved[0]))
        return points
