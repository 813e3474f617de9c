"""``python -m archipelago perft``: the move sequences of each length from the start of a
game, counted by ``archipelago/perft.py``; or, with ``--check``, a perft data file
recounted, exit status 1 when a count differs."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from archipelago.perft import check_data, timed_counts
from archipelago.registry import DEFAULT_GAME, game_class, game_names, new_game
from archipelago.search.match import parse_variant  # the same KEY=VALUE reading as match

from .arguments import game_options, positive_int

EXIT_MISMATCH = 1


def add(commands: Any) -> None:
    perft = commands.add_parser(
        "perft",
        help="count the move sequences of each length from the start of a game",
        description=(
            "Count the move sequences of 1 to --depth moves from a new game (a move is "
            "any move the game's rules allow, as the computer players see them: for "
            "Archipelago a stone, an end of turn or a pass) and print one line per depth; "
            "with --turns, sequences of whole turns; or, with --check, recount a perft "
            "data file and exit with status 1 if any count differs."
        ),
    )
    perft.add_argument(
        "--size", type=positive_int, help="board side (default: the game's, 7 for Archipelago)"
    )
    perft.add_argument(
        "--players", type=positive_int, help="player count (default: the game's least)"
    )
    perft.add_argument(
        "--game", choices=game_names(), default=DEFAULT_GAME, help=f"default {DEFAULT_GAME}"
    )
    perft.add_argument(
        "--variant",
        action="append",
        metavar="KEY=VALUE",
        help="Archipelago: stones=3, extra=half|none, scoring=alternating, wunchunk=true, "
        "frozen=true|false; repeat for several",
    )
    perft.add_argument(
        "--depth", type=positive_int, default=3, help="count depths 1 to this (default 3)"
    )
    perft.add_argument(
        "--turns", action="store_true", help="count whole turns instead of single moves"
    )
    perft.add_argument(
        "--check",
        metavar="FILE",
        help="recount every row of a perft data file, like tests/data/archipelago_perft.json",
    )
    perft.add_argument(
        "--max-depth", type=positive_int, help="with --check: recount only depths 1 to this"
    )
    perft.set_defaults(handler=command_perft)


def command_perft(args: argparse.Namespace) -> int:
    if args.check:
        return _check(args.check, args.max_depth)
    options: dict[str, Any] = game_options(game_class(args.game), args.size, args.players)
    if args.variant:
        options["variant"] = parse_variant(args.variant)
    game = new_game(args.game, **options)
    for depth, count, seconds in timed_counts(game, args.depth, args.turns):
        print(f"depth {depth}: {count} ({seconds:.2f} s)", flush=True)
    return 0


def _check(path: str, max_depth: int | None) -> int:
    """One line per list recounted (and the expected counts under one that differs), then
    how many agree; EXIT_MISMATCH when any differs."""
    checked = wrong = 0
    for recount in check_data(path, max_depth):
        checked += 1
        wrong += not recount.agrees
        verdict = "ok" if recount.agrees else "MISMATCH"
        numbers = " ".join(map(str, recount.counts))
        print(f"{verdict} {recount.row}, {recount.kind}: {numbers} ({recount.seconds:.2f} s)")
        if not recount.agrees:
            print(f"   expected {' '.join(map(str, recount.expected))}")
        sys.stdout.flush()
    print(f"{checked - wrong} of {checked} counts agree")
    return EXIT_MISMATCH if wrong else 0
