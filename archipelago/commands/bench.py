"""``python -m archipelago bench``: random games under the full rules, games per second;
with ``--ai``, the search's iterations per second (``search/match.py`` measures them)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from archipelago.registry import DEFAULT_GAME, game_class, manifest_of, new_game
from archipelago.search.levels import NoComputerPlayerError
from archipelago.search.match import AgentSpecError, describe_setup, search_speeds

from .arguments import (
    UsageError,
    board_side,
    each_game,
    game_name,
    game_options,
    player_count,
    positive_float,
)


def add(commands: Any) -> None:
    default = manifest_of(DEFAULT_GAME)
    bench = commands.add_parser(
        "bench",
        help="play random games under the full rules and print games per second",
        description=(
            "Play complete random games for a few seconds and print 'games/s: N' last. "
            f"{each_game(lambda m: m.random_words)}."
        ),
    )
    bench.add_argument(
        "--game", type=game_name, default=DEFAULT_GAME, help=f"default {DEFAULT_GAME}"
    )
    bench.add_argument(
        "--size",
        type=board_side,
        help=f"board side (default: the game's, {default.default_size} for {default.title})",
    )
    bench.add_argument(
        "--players",
        type=player_count,
        help=f"{default.players[0]}-{default.players[-1]} for {default.title} "
        f"(default {default.players[0]})",
    )
    bench.add_argument(
        "--seconds", type=positive_float, default=3.0, help="how long to run (default 3)"
    )
    bench.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    bench.add_argument(
        "--ai",
        action="store_true",
        help="measure the computer player's search instead: iterations/s",
    )
    bench.set_defaults(handler=command_bench)


def command_bench(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    options = game_options(cls, args.size, args.players)
    if args.ai:
        return _bench_ai(args, options)
    rng = random.Random(args.seed)
    games = 0
    moves = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < args.seconds:
        game = cls.random_game(rng, **options)
        games += 1
        moves += len(game.history_codes())
        elapsed = time.perf_counter() - start
    setup = ", ".join(f"{key} {value}" for key, value in options.items())
    frozen = getattr(game, "frozen_rule", None)  # a rule that follows the player count
    if frozen is not None:
        setup += f", Frozen Irrelevance {'on' if frozen else 'off'}"
    print(f"{cls.title}: {setup}")
    print(f"games: {games} in {elapsed:.2f} s, moves/s: {moves / elapsed:.0f}")
    print(f"games/s: {games / elapsed:.1f}")
    return 0


def _bench_ai(args: argparse.Namespace, options: dict[str, int]) -> int:
    """Iterations per second from the start and from a middle game; the slower last."""
    start = new_game(args.game, **options)
    setup = describe_setup(start)
    rates = []
    try:
        for label, done, took in search_speeds(start, args.seconds / 2, args.seed):
            rate = done / took
            rates.append(rate)
            print(f"{setup}, {label}: {done} iterations in {took:.2f} s, {rate:.0f} iterations/s")
    except (AgentSpecError, NoComputerPlayerError) as error:
        raise UsageError(f"python -m archipelago bench --ai: {error}") from None
    print(f"python {sys.version.split()[0]}")
    print(f"iterations/s: {min(rates):.0f}")
    return 0
