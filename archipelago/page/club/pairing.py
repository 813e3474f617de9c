"""Who plays whom, round by round: a round robin on Berger tables, tables of three or
four seats that spread the meetings evenly, and Swiss rounds.

Players are numbers (0, 1, ... in the order the host named them). A table lists its
players in seat order: the first seat opens (with two players, it has "white"). Pure
Python, no page: CPython tests check every promise made here (tests/page/club/).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Table = tuple[int, ...]


@dataclass(frozen=True)
class Round:
    """One round: its tables, each in seat order, and who sits this round out."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


class NoPairing(ValueError):
    """No pairing of the next round avoids a game already played."""


# ------------------------------------------------------------------ round robin
def round_robin(count: int) -> list[Round]:
    """Berger tables for ``count`` players: every player meets every other exactly once,
    in ``count - 1`` rounds (``count`` rounds for an odd count, each with one bye).

    The circle method: the last player stays put and the others go round a circle of
    ``n - 1`` places, ``n / 2`` places a round (the step of Berger's own tables, so
    players change rows, and colours, most rounds). Places in the top row take the first
    seat against their partner below, and the player who stays put alternates: so each
    player has the first seat as often as the second, give or take the one game against
    the player who stays put (within one; exactly level with a bye)."""
    if count < 2:
        return []
    n = count + count % 2  # an odd count gets a phantom player: meeting it is a bye
    ring = list(range(n - 1))
    step = n // 2
    rounds = []
    for number in range(n - 1):
        places = ring[number * step % (n - 1) :] + ring[: number * step % (n - 1)]
        fixed, partner = n - 1, places[0]
        pairs = [(fixed, partner) if number % 2 == 0 else (partner, fixed)]
        pairs += [(places[i], places[n - 1 - i]) for i in range(1, n // 2)]
        tables = tuple(pair for pair in pairs if max(pair) < count)
        byes = tuple(p for pair in pairs if max(pair) >= count for p in pair if p < count)
        rounds.append(Round(tables, byes))
    return rounds


# ------------------------------------------------------------------ tables of 3 or 4
def table_sizes(count: int) -> list[int]:
    """``count`` players at tables of four, then three (5 players: one table of four and
    one player out each round; fewer than 4: no tables)."""
    if count < 4:
        return []
    if count == 5:
        return [4]
    threes = (4 - count % 4) % 4
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def default_table_rounds(count: int) -> int:
    """Four rounds (each seat once at a table of four), five for five players (each sits
    out once)."""
    return 5 if count == 5 else 4


def table_rounds(count: int, rounds: int, seed: int = 0) -> list[Round]:
    """``rounds`` rounds of tables of three or four for ``count`` players (4 to 12).

    Who sits out goes round (the players who sat out least). The tables of all the
    rounds are searched together by simulated annealing (``_anneal``), which weighs a
    pair's meetings steeply (``_weight``) so that the most met pairs come down and the
    least met go up: for 4 to 12 players at their default rounds, the most and the
    fewest meetings of a pair differ by at most 2 (tests/page/club/test_pairing.py).
    Then the openings (the first seat) are shared within one (``_first_seats``), and
    the other seats go to whoever held them least. The same ``seed`` gives the same
    rounds."""
    sizes = table_sizes(count)
    chance = random.Random(seed)
    sat_out = [0] * count
    outs = []
    for _ in range(rounds):
        out = sorted(range(count), key=lambda p: (sat_out[p], -p))[: count - sum(sizes)]
        for player in out:
            sat_out[player] += 1
        outs.append(out)
    best = _anneal([_random_split(count, out, sizes, chance) for out in outs], count, chance)
    groups_by_round = [sorted(sorted(g) for g in groups) for groups in best]
    firsts = _first_seats(groups_by_round, count)
    seats = [[0] * 4 for _ in range(count)]
    made = []
    for groups, holders, out in zip(groups_by_round, firsts, outs, strict=True):
        tables = []
        for group, first in zip(groups, holders, strict=True):
            table = _seat_order(first, group, seats)
            for place, player in enumerate(table):
                seats[player][place] += 1
            tables.append(table)
        made.append(Round(tuple(tables), tuple(sorted(out))))
    return made


HEAT = 10.0  # the first steps take most rises of the cost, the last none
STEPS = 6000  # tries of the tables' search: more found no more even spread for 4 to 12


def _weight(meetings: int) -> float:
    """What a pair's meetings cost: steeply more for each one more, so that the
    search lowers the most met pairs and raises the least met ones first."""
    return float(BASE**meetings)


BASE = 3


def _random_split(
    count: int, out: list[int], sizes: list[int], chance: random.Random
) -> list[list[int]]:
    order = [p for p in range(count) if p not in out]
    chance.shuffle(order)
    groups, at = [], 0
    for size in sizes:
        groups.append(order[at : at + size])
        at += size
    return groups


def _anneal(
    split: list[list[list[int]]], count: int, chance: random.Random
) -> list[list[list[int]]]:
    """Simulated annealing: two players of a round change tables when that lowers the
    sum of squared meetings, and, less and less often as the search cools, when it
    raises it; the best split seen is kept."""
    met = [[0] * count for _ in range(count)]
    for groups in split:
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                met[a][b] += 1
                met[b][a] += 1
    cost = sum(_weight(met[a][b]) for a, b in itertools.combinations(range(count), 2))
    best, best_cost = [[g[:] for g in groups] for groups in split], cost
    if all(len(groups) < 2 for groups in split):
        return best
    for step in range(STEPS):
        heat = HEAT * (1 - step / STEPS) + 0.01
        groups = chance.choice(split)
        g, h = chance.sample(range(len(groups)), 2)
        i, j = chance.randrange(len(groups[g])), chance.randrange(len(groups[h]))
        a, b = groups[g][i], groups[h][j]
        old_a = [p for p in groups[g] if p != a]  # a leaves these for new_a
        new_a = [p for p in groups[h] if p != b]  # and b goes the other way
        delta = sum(
            _weight(met[x][y] - 1) - _weight(met[x][y])
            for x, ys in ((a, old_a), (b, new_a))
            for y in ys
        ) + sum(
            _weight(met[x][y] + 1) - _weight(met[x][y])
            for x, ys in ((a, new_a), (b, old_a))
            for y in ys
        )
        if delta > 0 and chance.random() >= math.exp(-delta / heat):
            continue
        for x, lost, won in ((a, old_a, new_a), (b, new_a, old_a)):
            for y in lost:
                met[x][y] -= 1
                met[y][x] -= 1
            for y in won:
                met[x][y] += 1
                met[y][x] += 1
        groups[g][i], groups[h][j] = b, a
        cost += delta
        if cost < best_cost:
            best, best_cost = [[g[:] for g in groups] for groups in split], cost
    return best


def _pairs(table: Sequence[int]) -> list[tuple[int, int]]:
    return [(min(a, b), max(a, b)) for a, b in itertools.combinations(table, 2)]


def _first_seats(rounds: list[list[list[int]]], count: int) -> list[list[int]]:
    """Who opens at each table of each round, as evenly shared as the tables allow:
    first whoever opened least so far, then, while a chain of tables can pass an opening
    from a player with the most to one with two fewer (each table of the chain giving
    its opening to a player of its own), it is passed."""
    held = [0] * count
    holders = []
    for groups in rounds:
        chosen = [min(group, key=lambda p: (held[p], p)) for group in groups]
        for player in chosen:
            held[player] += 1
        holders.append(chosen)
    while True:
        for source in sorted(range(count), key=lambda p: -held[p]):
            # A search from ``source`` over "opens a table where that player sits".
            came: dict[int, tuple[int, int, int]] = {source: (-1, -1, -1)}
            frontier, found = [source], None
            while frontier and found is None:
                nearer = []
                for player in frontier:
                    for r, groups in enumerate(rounds):
                        for t, group in enumerate(groups):
                            if holders[r][t] != player:
                                continue
                            for other in group:
                                if other not in came:
                                    came[other] = (r, t, player)
                                    nearer.append(other)
                                    if held[other] <= held[source] - 2:
                                        found = other
                frontier = nearer
            if found is not None:
                held[source] -= 1
                held[found] += 1
                player = found
                while player != source:
                    r, t, before = came[player]
                    holders[r][t] = player
                    player = before
                break
        else:
            return holders


def _seat_order(first: int, group: list[int], seats: list[list[int]]) -> Table:
    """``first`` opens; the other seats go to whoever held them least."""
    others = [p for p in group if p != first]

    def cost(order: tuple[int, ...]) -> int:
        return sum(seats[p][place] ** 2 for place, p in enumerate(order, start=1))

    return (first, *min(itertools.permutations(others), key=cost))


def meetings(rounds: Sequence[Round], count: int) -> dict[tuple[int, int], int]:
    """How often each pair of players sat at one table."""
    met = {pair: 0 for pair in itertools.combinations(range(count), 2)}
    for made in rounds:
        for table in made.tables:
            for pair in _pairs(table):
                met[pair] += 1
    return met


def spread(rounds: Sequence[Round], count: int) -> int:
    """The most meetings of a pair less the fewest: 0 when every pair met equally often."""
    met = meetings(rounds, count).values()
    return max(met) - min(met) if met else 0


# ------------------------------------------------------------------ Swiss
def swiss_round(scores: Sequence[float], played: Sequence[Round]) -> Round:
    """The next Swiss round for players with these ``scores`` after the rounds
    ``played``: no pair meets twice; players meet within their score group (its top
    half against its bottom half, preferring partners who want the other seat), the
    remainder floating down to the next group; two players who both had one seat twice
    more than the other never meet (where any pairing allows it), so no one's seats
    differ by more than two; with an odd count the lowest player who has not had a bye
    sits out; the player who had the first seat less often (then: the second seat last)
    takes it. NoPairing when no pairing avoids a repeat."""
    count = len(scores)
    order = sorted(range(count), key=lambda p: (-scores[p], p))
    met = {frozenset(table) for made in played for table in made.tables}
    had_bye = {p for made in played for p in made.byes}
    seats = {p: _balance(p, played) for p in range(count)}
    candidates: list[int | None] = [None]
    if count % 2:
        lowest_first = order[::-1]
        candidates = [p for p in lowest_first if p not in had_bye] or [*lowest_first]
    for strict in (True, False):
        for bye in candidates:
            pool = [p for p in order if p != bye]
            pairs = _match(pool, met, scores, seats, strict)
            if pairs is not None:
                tables = tuple(_colours(a, b, seats) for a, b in pairs)
                return Round(tables, () if bye is None else (bye,))
    raise NoPairing("every pairing repeats a game")


def _match(
    pool: list[int],
    met: set[frozenset[int]],
    scores: Sequence[float],
    seats: dict[int, tuple[int, int]],
    strict: bool,
) -> list[tuple[int, int]] | None:
    if not pool:
        return []
    first, rest = pool[0], pool[1:]
    group = [p for p in pool if scores[p] == scores[first]]
    ideal = len(group) // 2  # the top half meets the bottom half
    mine = seats[first][0]

    def preference(other: int) -> tuple[bool, bool, int]:
        clash = mine * seats[other][0] > 0  # both want the same seat
        split = abs(group.index(other) - ideal) if other in group else len(pool)
        return (other not in group, clash, split)

    for other in sorted(rest, key=preference):
        if frozenset((first, other)) in met:
            continue
        if strict and abs(mine) >= 2 and mine * seats[other][0] >= 4:
            continue  # one of them would be three seats off
        found = _match([p for p in rest if p != other], met, scores, seats, strict)
        if found is not None:
            return [(first, other), *found]
    return None


def _balance(player: int, played: Sequence[Round]) -> tuple[int, int]:
    """The first seats less the second seats a player had, and the last (+1 first)."""
    firsts = seconds = 0
    last = 0
    for made in played:
        for table in made.tables:
            if player in table:
                first = table[0] == player
                firsts += first
                seconds += not first
                last = 1 if first else -1
    return firsts - seconds, last


def _colours(a: int, b: int, seats: dict[int, tuple[int, int]]) -> Table:
    return (a, b) if seats[a] <= seats[b] else (b, a)
