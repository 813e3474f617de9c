"""Measure the first-move advantage of Stigmergy per board side by self-play: the
figures behind ``komi.FIRST_MOVE_ADVANTAGE``.

    python -m archipelago.games.stigmergy.ai.selfplay --sides 5-10 --games 40 --agent greedy

Both seats are played by the same kind of agent (``greedy``, ``random`` or a search
level ``mcts:N``, optionally with ``--iterations``) with komi 0 fixed in advance, so
player 1 places the first stone and nobody gets points for playing second. Per side it
prints the games, the first player's mean margin with its standard error, the median
margin, the first player's win rate and the komi that mean suggests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from archipelago.search import Agent, make_agent

from ..geometry import MAX_SIZE, MIN_SIZE
from ..state import StigmergyGame
from .baselines import GreedyAgent, RandomBoardAgent


def make(kind: str, seed: int, iterations: int | None) -> Agent:
    """An agent by its match name: greedy, random or mcts:N."""
    if kind == "greedy":
        return GreedyAgent(seed)
    if kind == "random":
        return RandomBoardAgent(seed)
    level = kind.partition(":")[2]
    if kind.startswith("mcts:") and level.isdigit():
        return make_agent(int(level), seed, game="stigmergy", iterations=iterations)
    raise ValueError(f"unknown agent {kind!r}: use greedy, random or mcts:1 .. mcts:5")


def first_player_margin(side: int, kind: str, seed: int, iterations: int | None) -> float:
    """One self-play game with komi 0: player 1's score minus player 2's."""
    rng = random.Random(seed)
    agents = [make(kind, rng.randrange(2**32), iterations) for _ in range(2)]
    game = StigmergyGame(side, komi=0)
    while (mover := game.to_move) is not None:
        game.push_code(agents[mover - 1].choose(game).code)
    s1, s2 = game.scores()
    return s1 - s2


def measure(side: int, games: int, kind: str, seed: int, iterations: int | None) -> dict[str, Any]:
    margins = [first_player_margin(side, kind, seed * 1000 + g, iterations) for g in range(games)]
    mean = statistics.fmean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    return {
        "side": side,
        "games": games,
        "mean": mean,
        "error": error,
        "median": statistics.median(margins),
        "first_wins": sum(1 for m in margins if m > 0) / len(margins),
        "komi": round(mean),
    }


def parse_sides(text: str) -> list[int]:
    low, _, high = text.partition("-")
    sides = list(range(int(low), int(high or low) + 1))
    if not sides or sides[0] < MIN_SIZE or sides[-1] > MAX_SIZE:
        raise ValueError(f"sides run from {MIN_SIZE} to {MAX_SIZE}, not {text!r}")
    return sides


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m archipelago.games.stigmergy.ai.selfplay", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--sides", default="5-10", help="a side or a range, like 5-10")
    parser.add_argument("--games", type=int, default=40, help="games per side (default 40)")
    parser.add_argument("--agent", default="greedy", help="greedy, random or mcts:N")
    parser.add_argument("--iterations", type=int, help="a search's iterations per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        sides = parse_sides(args.sides)
        make(args.agent, 0, args.iterations)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 2:
        parser.error("play at least 2 games per side")
    budget = f", {args.iterations} iterations per move" if args.iterations else ""
    print(f"self-play of {args.agent}{budget}, komi 0, {args.games} games per side")
    print("side  games  mean margin of the first placer  median  first wins  komi")
    for side in sides:
        start = time.perf_counter()
        row = measure(side, args.games, args.agent, args.seed, args.iterations)
        print(
            f"{side:4}  {row['games']:5}  {row['mean']:+8.2f} ± {row['error']:.2f}"
            f"{'':21}{row['median']:+6.1f}  {100 * row['first_wins']:9.0f}%  {row['komi']:4}"
            f"   ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
