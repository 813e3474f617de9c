"""Fit the weights of ``balance.py`` again:
``python -m archipelago.games.archipelago.ai.fit_balance``.

Positions come from two-player games between agents of several strengths and styles
(our search at levels 2-4, plain UCT, greedy, random stones), every other turn while at
least 10 cells are empty; each position's value for each player is the share of random
games from it that the player wins (``ArchipelagoKnowledge.random_playout``). The
weights are the least-squares fit of the logit of that value on the player's lead over
the opponent in each count of ``balance.colour_counts`` (groups, singles, stones, open
singles, merge cells, lone cells), each also times the empty share of the board.
Every agent's budget is in iterations, so a seed gives the same weights.

It prints ``BALANCE_FIT`` as ``balance.py`` writes it and how well it fits.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence

from archipelago.registry import new_game
from archipelago.search import Agent, Budget, make_agent
from archipelago.search.plain import plain_agent

from ..state import GameState
from .balance import colour_counts, empty_share
from .baselines import GreedyAgent, RandomStoneAgent
from .knowledge import ArchipelagoKnowledge

LEAST_EMPTY = 10  # later positions are left to the exact endgame and random playouts
CLIP = 0.02  # values of 0 or 1 have no logit


def make(kind: str, seed: int) -> Agent:
    """The agents whose games give the positions."""
    if kind == "uct":
        return plain_agent("archipelago", "uct", Budget(iterations=60), seed)
    if kind == "greedy":
        return GreedyAgent(seed)
    if kind == "random":
        return RandomStoneAgent(seed)
    return make_agent(int(kind), seed, iterations={"2": 50, "3": 200, "4": 800}[kind])


PAIRS = (("3", "uct"), ("4", "3"), ("uct", "uct"), ("greedy", "random"), ("3", "greedy"),
         ("2", "uct"), ("4", "uct"))  # fmt: skip


def features(state: GameState, player: int) -> list[float]:
    """``player``'s lead over the other player in each count of ``colour_counts``, each
    also times the board's empty share."""
    counts = colour_counts(state)
    e = empty_share(state)
    out: list[float] = []
    for mine, theirs in zip(counts[player], counts[3 - player], strict=True):
        lead = mine - theirs
        out.extend((lead, e * lead))
    return out


def positions(
    size: int, games: int, playouts: int, rng: random.Random
) -> list[tuple[list[float], float]]:
    """(features, value) for both players of the sampled positions of ``games`` games."""
    knowledge = ArchipelagoKnowledge()
    rows: list[tuple[list[float], float]] = []
    for index in range(games):
        kinds = PAIRS[index % len(PAIRS)]
        if (index // len(PAIRS)) % 2:
            kinds = kinds[::-1]
        agents = [make(kind, rng.randrange(2**32)) for kind in kinds]
        game = new_game("archipelago", size=size, players=2)
        assert isinstance(game, GameState)
        turn = 0
        while (mover := game.to_move) is not None:
            if game.empty_count >= LEAST_EMPTY and turn % 2:
                wins = [0.0, 0.0, 0.0]
                for _ in range(playouts):
                    rewards = knowledge.random_playout(game.clone(), [], rng)
                    wins[1] += rewards[1]
                    wins[2] += rewards[2]
                for player in (1, 2):
                    rows.append((features(game, player), wins[player] / playouts))
            agents[mover - 1].play_turn(game)
            turn += 1
    return rows


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """The weights w that minimise sum (x.w - y)^2 (normal equations, Gauss-Jordan with
    partial pivoting; no intercept: the features are leads, antisymmetric)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the features are linearly dependent: sample more positions")
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for row in range(k):
            if row != col:
                factor = a[row][col] / a[col][col]
                a[row] = [v - factor * p for v, p in zip(a[row], a[col], strict=True)]
                b[row] -= factor * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def logit(value: float) -> float:
    v = min(1.0 - CLIP, max(CLIP, value))
    return math.log(v / (1.0 - v))


def fit(
    sizes: Sequence[int], games: int, playouts: int, seed: int
) -> tuple[list[float], float, int]:
    """The weights (for each count of ``colour_counts``: its own, then times the empty
    share), the correlation of the fitted values with the measured ones, and how many
    (position, player) rows they were fitted on."""
    rng = random.Random(seed)
    rows = [row for size in sizes for row in positions(size, games, playouts, rng)]
    if not rows:
        raise ValueError(f"no position with {LEAST_EMPTY} empty cells: use sides of 5 or more")
    xs = [x for x, _ in rows]
    ys = [y for _, y in rows]
    w = least_squares(xs, [logit(y) for y in ys])
    fitted = [1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(x, w, strict=True)))) for x in xs]
    return w, statistics.correlation(fitted, ys), len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m archipelago.games.archipelago.ai.fit_balance")
    parser.add_argument("--sizes", default="5,6,7", help="board sides, comma-separated")
    parser.add_argument("--games", type=int, default=21, help="games per side")
    parser.add_argument("--playouts", type=int, default=40, help="random games per position")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    try:
        sizes = [int(part) for part in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes takes board sides like 6,7, not {args.sizes!r}")
    if not all(5 <= size <= 12 for size in sizes):
        parser.error(f"--sizes takes board sides from 5 to 12, not {args.sizes!r}")
    if args.games < 1 or args.playouts < 1:
        parser.error("--games and --playouts must be at least 1")
    try:
        w, r, n = fit(sizes, args.games, args.playouts, args.seed)
    except ValueError as error:
        print(f"fit_balance: {error}", file=sys.stderr)
        return 2
    pairs = "".join(f"    ({w[i]:.4f}, {w[i + 1]:.4f}),\n" for i in range(0, len(w), 2))
    print(f"BALANCE_FIT = (\n{pairs})")
    print(f"correlation of fitted and measured values: {r:.3f} ({n} rows: positions x players)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
