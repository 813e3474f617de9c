"""What the commands share: the parser that reports a user's mistake in one line, the
checked argument types, a new game's setup from --size and --players, and the games'
words for the help."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from archipelago.game import Game
from archipelago.hexgrid import MAX_SIZE, MIN_SIZE
from archipelago.manifest import Manifest
from archipelago.registry import game_names, manifests

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad command-line argument or input file: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse that reports errors through UsageError instead of exiting itself."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def board_side(text: str) -> int:
    return _int_in_range(text, MIN_SIZE, MAX_SIZE, "board side")


def player_count(text: str) -> int:
    least = min(m.players[0] for m in manifests())
    most = max(m.players[-1] for m in manifests())
    return _int_in_range(text, least, most, "player count")


def _int_in_range(text: str, low: int, high: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, not {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("the duration must be positive")
    return value


def at_least(least: int) -> Callable[[str], int]:
    """A whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    return parse


positive_int = at_least(1)


def game_name(text: str) -> str:
    if text not in game_names():
        known = ", ".join(game_names())
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (known: {known})")
    return text


def game_options(cls: type[Game], size: int | None, players: int | None) -> dict[str, int]:
    """A new game's setup keys for ``cls`` from the command line's --size and --players,
    checked against what the game supports."""
    size = cls.default_size if size is None else size
    if size not in cls.sizes:
        raise UsageError(
            f"{cls.title} is played on board sides {cls.sizes.start} to {cls.sizes[-1]}, not {size}"
        )
    options = {"size": size}
    if len(cls.player_counts) > 1:
        options["players"] = cls.player_counts.start if players is None else players
        if options["players"] not in cls.player_counts:
            raise UsageError(
                f"{cls.title} has {cls.player_counts.start} to {cls.player_counts[-1]} players"
            )
    elif players is not None and players not in cls.player_counts:
        raise UsageError(f"{cls.title} has {cls.player_counts.start} players, not {players}")
    return options


def each_game(words: Callable[[Manifest], str]) -> str:
    """'; '.join of 'Title: words' for every game whose manifest has such words."""
    return "; ".join(f"{m.title}: {words(m)}" for m in manifests() if words(m))


def add_work_arguments(parser: argparse.ArgumentParser, work: str) -> None:
    """--jobs and --cluster: where a command's ``work`` (its games, its proofs) runs, on
    local processes or a Dask scheduler (archipelago.search.workers)."""
    parser.add_argument("--jobs", type=positive_int, default=1, help="local processes (default 1)")
    parser.add_argument(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help=f"run {work} on the Dask scheduler at this address instead of local processes "
        "(needs dask.distributed: pip install -r requirements-cluster.txt)",
    )
