"""The scoring track, shown scores and the final ranking (RULINGS R9-R11, R13).

The track has one column per group count. Each column holds cells worth 3, 2, 1 and 0,
and a player holds at most one marker per column. With at most four players a column
never runs out of cells, so the track is unbounded here even though the printed one
stops at 12.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .variant import Variant

BONUS_VALUES = (3, 2, 1, 0)  # a column's cells, best first
PRINTED_COLUMNS = 12  # the printed track's columns; a drawing shows at least these

# What each position of a ranking key means, for explaining a tie-break.
STANDARD_CRITERIA = ("groups", "bonus total", "rightmost bonus marker", "value of that marker")
ALTERNATING_CRITERIA = ("groups", "rightmost bonus marker", "value of that marker")

Markers = dict[int, int]  # column -> value claimed there by one player


def claim_value(variant: Variant, taken: Sequence[int]) -> int:
    """The cell a new marker takes in a column whose claimed values are ``taken``: the
    highest unclaimed one, or the lowest in Wunchunk (R13)."""
    free = [value for value in BONUS_VALUES if value not in taken]
    return min(free) if variant.wunchunk else max(free)


def shown_score(groups: int, markers: Markers) -> int:
    """100 x group count + bonus values (R10)."""
    return 100 * groups + sum(markers.values())


def ranking_key(variant: Variant, groups: int, markers: Markers) -> tuple[int, ...]:
    """A key that is larger for the better player, under any mix of variations.

    A player with no marker at all counts as having one in column 0 worth -1, so that
    any marker beats none in standard scoring and loses to none in Wunchunk.
    """
    if markers:
        column = max(markers)
        value = markers[column]
    else:
        column, value = 0, -1
    if variant.scoring == "alternating":
        key: tuple[int, ...] = (groups, column, value)
    else:
        key = (groups, sum(markers.values()), column, value)
    if variant.wunchunk:  # lowest wins on every criterion (R13)
        key = tuple(-part for part in key)
    return key


def ranks_from_keys(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Rank 1 is best; players with equal keys share a rank."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def criteria(variant: Variant) -> tuple[str, ...]:
    alternating = variant.scoring == "alternating"
    names: tuple[str, ...] = ALTERNATING_CRITERIA if alternating else STANDARD_CRITERIA
    if variant.wunchunk:
        names = ("chunks",) + names[1:]
    return names


def deciding_criterion(variant: Variant, better: tuple[int, ...], worse: tuple[int, ...]) -> str:
    """Which criterion puts ``better`` ahead of ``worse`` ("full tie" if none does)."""
    for name, a, b in zip(criteria(variant), better, worse, strict=True):
        if a != b:
            return name
    return "full tie"


def shares_beaten(standings: Sequence[tuple[int, ...]]) -> list[float]:
    """Per player, the share of opponents whose standing is lower than theirs (a tie
    counts half), from 0 to 1: the reward of a finished game. A standing is a ranking
    key (higher is better), or a rank negated in a 1-tuple."""
    players = len(standings)
    if players == 1:
        return [1.0]
    out = []
    for mine in standings:
        beaten = sum(1 for other in standings if other < mine)
        tied = sum(1 for other in standings if other == mine) - 1
        out.append((beaten + 0.5 * tied) / (players - 1))
    return out


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game. ``ranks[i]`` is player i+1's rank (1 is best)."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    groups: tuple[int, ...]
    end_reason: str
    # One entry per pair of neighbours in the final order: (ahead, behind, criterion).
    tie_breaks: tuple[tuple[int, int, str], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(player for player, rank in enumerate(self.ranks, start=1) if rank == 1)

    def rewards(self) -> tuple[float, ...]:
        """Per player, the share of opponents beaten (a tie counts half), from 0 to 1."""
        return tuple(shares_beaten([(-rank,) for rank in self.ranks]))


def make_outcome(
    variant: Variant, groups: Sequence[int], markers: Sequence[Markers], end_reason: str
) -> Outcome:
    keys = [ranking_key(variant, g, m) for g, m in zip(groups, markers, strict=True)]
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    tie_breaks = tuple(
        (a + 1, b + 1, deciding_criterion(variant, keys[a], keys[b]))
        for a, b in zip(order, order[1:], strict=False)
    )
    return Outcome(
        ranks=ranks_from_keys(keys),
        scores=tuple(shown_score(g, m) for g, m in zip(groups, markers, strict=True)),
        groups=tuple(groups),
        end_reason=end_reason,
        tie_breaks=tie_breaks,
    )
