"""The standings of a tournament: points by place in each game, then the tiebreaks.

- **Points.** A game gives each player points by place: with two players a win 1, a
  draw ½ each, a loss 0; at a table of three or four seats ``3 × (n − place) / (n − 1)``,
  so 3, 2, 1, 0 at four seats and 3, 1½, 0 at three (the winner 3 and the last 0 at
  either size, and one game is worth 1½ on average at both). Players who tie share the
  points of the places they take (two tied firsts at four seats: 2½ each).
- **Byes.** A Swiss bye is worth a win (1); a bye at tables of three or four is worth a
  game's average (1½); a round robin's byes are worth nothing (everyone has one).
- **Tiebreaks**, in this order: (1) Sonneborn-Berger: for each game, the final points
  of each opponent finished ahead of, and half those of each opponent tied with (with
  two players, the classic sum of the beaten opponents' points plus half the drawn
  ones'); (2) head to head: among the players still tied, the same count of the
  opponents finished ahead of (1 each, ½ a tie) in their games against one another;
  (3) the number of games won outright; (4) still tied, they share the place, listed
  in the order the host named them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Finished:
    """A game's result: its players in seat order and each one's place (1: first; tied
    players share a place)."""

    seats: tuple[int, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Row:
    """One player's line of the standings."""

    player: int
    place: int
    points: float
    tiebreak: float  # Sonneborn-Berger
    head: float  # head to head among the players tied on points and Sonneborn-Berger
    wins: int
    played: int


def ranks_of(returns: Sequence[float]) -> tuple[int, ...]:
    """Places from a finished game's returns (higher is better; equal returns share)."""
    return tuple(1 + sum(other > mine for other in returns) for mine in returns)


def game_points(ranks: Sequence[int], top: float) -> list[float]:
    """Each seat's points: ``top × (n − place) / (n − 1)`` for a place of n seats,
    players who tie sharing the points of the places they take."""
    n = len(ranks)
    points = []
    for rank in ranks:
        tied = sum(r == rank for r in ranks)
        places = range(rank, rank + tied)
        points.append(sum(top * (n - place) / (n - 1) for place in places) / tied)
    return points


def _ahead(mine: int, theirs: int) -> float:
    """1 finished ahead, ½ tied, 0 behind."""
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def standings(
    count: int, games: Sequence[Finished], byes: Sequence[int], top: float, bye_points: float
) -> list[Row]:
    """The ``count`` players' standings after ``games`` and ``byes`` (one entry per bye
    had), best first; ``top``: a winner's points (1 with two players, 3 at tables)."""
    points = [0.0] * count
    wins = [0] * count
    played = [0] * count
    for game in games:
        for player, gained, rank in zip(
            game.seats, game_points(game.ranks, top), game.ranks, strict=True
        ):
            points[player] += gained
            played[player] += 1
            wins[player] += rank == 1 and game.ranks.count(1) == 1
    for player in byes:
        points[player] += bye_points
    tiebreak = [0.0] * count
    for game in games:
        for player, rank in zip(game.seats, game.ranks, strict=True):
            for other, theirs in zip(game.seats, game.ranks, strict=True):
                if other != player:
                    tiebreak[player] += _ahead(rank, theirs) * points[other]
    head = [0.0] * count
    for player in range(count):
        tied = {
            p
            for p in range(count)
            if (points[p], tiebreak[p]) == (points[player], tiebreak[player])
        }
        for game in games:
            if player in game.seats and len(tied & set(game.seats)) > 1:
                rank = game.ranks[game.seats.index(player)]
                for other, theirs in zip(game.seats, game.ranks, strict=True):
                    if other != player and other in tied:
                        head[player] += _ahead(rank, theirs)

    def key(player: int) -> tuple[float, float, float, int]:
        return (-points[player], -tiebreak[player], -head[player], -wins[player])

    order = sorted(range(count), key=lambda p: (key(p), p))
    rows: list[Row] = []
    for at, player in enumerate(order):
        place = at + 1
        if at and key(order[at - 1]) == key(player):
            place = rows[-1].place
        rows.append(
            Row(
                player,
                place,
                points[player],
                tiebreak[player],
                head[player],
                wins[player],
                played[player],
            )
        )
    return rows


def points_text(value: float) -> str:
    """Points as a club writes them: 2, 2½, 1¼, 0.1 (other fractions as decimals)."""
    whole, part = divmod(round(value * 4), 4)
    if abs(value * 4 - round(value * 4)) > 1e-9:
        return f"{value:.2f}".rstrip("0")
    fraction = ("", "¼", "½", "¾")[part]
    return (str(whole) if whole or not fraction else "") + fraction or "0"
