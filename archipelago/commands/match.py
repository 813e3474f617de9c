"""``python -m archipelago match``: computer players against each other, their win rates
with 95% confidence intervals, mean ranks and time per turn, then one line of JSON.
``search/match.py`` plays and counts; this module reads the arguments and prints."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from archipelago.manifest import Manifest, Option
from archipelago.registry import DEFAULT_GAME, game_class, manifest_of
from archipelago.search.levels import NoComputerPlayerError
from archipelago.search.match import (
    AgentSpec,
    AgentSpecError,
    describe_setup,
    prepare,
    run_match,
    summarise,
)

from .arguments import (
    UsageError,
    add_work_arguments,
    each_game,
    game_name,
    game_options,
    positive_float,
    positive_int,
)

PROGRESS_EVERY = 10  # games between two progress lines on standard error


def add(commands: Any) -> None:
    default = manifest_of(DEFAULT_GAME)
    match = commands.add_parser(
        "match",
        help="play computer players against each other and print win rates",
        description=(
            "Play games between computer players, rotating them through the seats, and "
            "print each one's win rate with its 95% confidence interval, mean rank and "
            "time per turn, then one line of JSON with those figures."
        ),
    )
    match.add_argument(
        "--game", type=game_name, default=DEFAULT_GAME, help=f"default {DEFAULT_GAME}"
    )
    match.add_argument(
        "--agents",
        required=True,
        help="comma-separated: mcts:1 .. mcts:5, uct and grave (plain searches with random "
        "playouts, any game) and the game's baselines (like beginner, greedy, random; any "
        "game: random); the last one fills any seats left; a search agent may "
        "carry its own milliseconds per stone, like mcts:5@200,uct@1000, or its own "
        "iterations per stone (the same search whatever the machine's load), like "
        "mcts:5#300,uct#2000",
    )
    match.add_argument("--games", type=positive_int, default=100, help="default 100")
    match.add_argument(
        "--size",
        type=positive_int,
        help=f"board side (default: the game's, {default.default_size} for {default.title})",
    )
    match.add_argument(
        "--players", type=positive_int, help="player count (default: the game's least)"
    )
    match.add_argument(
        "--variant",
        action="append",
        metavar="KEY=VALUE",
        help=f"a game option, repeat for several ({each_game(_variant_words)})",
    )
    match.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    budget = match.add_mutually_exclusive_group()
    budget.add_argument(
        "--iterations",
        type=positive_int,
        help="search iterations per turn, replacing the levels' budgets",
    )
    budget.add_argument(
        "--ms",
        type=positive_float,
        help="search milliseconds per turn, replacing the levels' budgets",
    )
    match.add_argument(
        "--cap-scale",
        type=positive_float,
        default=1.0,
        help="multiply the levels' caps in seconds per turn (default 1): on a loaded "
        "machine the caps cut searches short that a player's machine completes",
    )
    add_work_arguments(match, "the games")
    match.set_defaults(handler=command_match)


def _variant_words(manifest: Manifest) -> str:
    """A game's options as ``--variant`` takes them: ``stones=2|3, wunchunk=true|false``."""

    def values(option: Option) -> str:
        if isinstance(option.default, bool) or option.words == ("0", "1"):
            return "true|false"
        return "|".join(option.words) if option.words else "NUMBER"

    return ", ".join(f"{option.key}={values(option)}" for option in manifest.options)


def command_match(args: argparse.Namespace) -> int:
    options = game_options(game_class(args.game), args.size, args.players)
    try:
        specs, options, sample = prepare(args.agents, args.game, options, args.variant or ())
        summary = run_match(
            specs,
            args.games,
            args.game,
            options,
            args.seed,
            args.iterations,
            args.ms,
            args.jobs,
            progress=_progress(specs, args.games),
            cap_scale=args.cap_scale,
            cluster=args.cluster,
        )
    except (AgentSpecError, NoComputerPlayerError) as error:
        raise UsageError(f"python -m archipelago match: {error}") from None
    print(f"{args.games} games, {describe_setup(sample)}, {_budget(args)}, seats rotating")
    for row in summary:
        low, high = row["ci95"]
        print(
            f"{row['agent']:>8}: win rate {100 * row['win_rate']:5.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), mean rank {row['mean_rank']}, "
            f"{row['ms_per_turn']} ms per turn; wins by seat "
            + ", ".join(f"{seat}: {w:g}/{n}" for seat, (w, n) in row["seats"].items())
        )
    record = sample.to_record()
    print(
        json.dumps(
            {
                "game": args.game,
                "games": args.games,
                "size": record.get("size"),
                "players": sample.player_count,
                "variant": record.get("variant", {}),
                "seed": args.seed,
                "iterations": args.iterations,
                "ms": args.ms,
                "cap_scale": args.cap_scale,
                "python": sys.version.split()[0],
                "agents": summary,
            }
        )
    )
    return 0


def _budget(args: argparse.Namespace) -> str:
    if args.iterations:
        return f"{args.iterations} iterations per turn"
    if args.ms:
        return f"{args.ms:g} ms per turn"
    if args.cap_scale == 1.0:
        return "level budgets"
    return f"level budgets, caps in seconds x{args.cap_scale:g}"


def _progress(specs: Sequence[AgentSpec], games: int) -> Callable[[Sequence[dict[str, Any]]], None]:
    """A line on standard error every few games and at the end: the first agent's wins."""

    def show(results: Sequence[dict[str, Any]]) -> None:
        if len(results) % PROGRESS_EVERY == 0 or len(results) == games:
            first = summarise(specs, results)[0]
            print(
                f"  {len(results)}/{games} games, {first['agent']} wins {first['wins']}",
                file=sys.stderr,
                flush=True,
            )

    return show
