"""Command line: ``python -m archipelago replay|bench|...``.

A user's mistake (a bad file, a bad argument) gets one line on standard error and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from archipelago.hexgrid import MAX_SIZE, MIN_SIZE

from .errors import ArchipelagoError
from .game import Game
from .lines import line_game, read_game_lines
from .manifest import Manifest, Option
from .perft import add_perft_arguments, command_perft
from .reading import MAX_TEXT, brief, one_line
from .registry import (
    DEFAULT_GAME,
    folder_problems,
    game_class,
    game_names,
    manifest_of,
    manifests,
    parse_record_json,
)

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad command-line argument or input file: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse that reports errors through UsageError instead of exiting itself."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def read_text(path: str) -> str:
    """A record file's text (standard input for ``-``), read no further than one
    character past the longest record ``archipelago.reading`` accepts."""
    try:
        if path == "-":
            return sys.stdin.read(MAX_TEXT + 1)
        with open(path, encoding="utf-8") as handle:
            return handle.read(MAX_TEXT + 1)
    except OSError as error:
        raise UsageError(f"cannot read {brief(path, 200)}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {brief(path, 200)}: it is not UTF-8 text") from None


def read_game(path: str, line: int = 0) -> Game:
    """The game of a record file (``-``: standard input), every move of every line
    checked; the commands that read a record (``replay``, ``analyse``) read it here.
    ``line`` 0 is the main line, N the N-th side line (the record's and the moves list's
    order)."""
    record = parse_record_json(read_text(path))
    game, tree = read_game_lines(record)
    if line == 0:
        return game
    sides = tree.lines()[1:]
    if line > len(sides):
        raise UsageError(f"the record has {len(sides)} side lines: there is no side line {line}")
    return line_game(record, sides[line - 1].path)


def command_games(args: argparse.Namespace) -> int:
    """Every game the registry found, from its manifest: one line each, or JSON."""
    if args.json:
        print(json.dumps([_game_facts(m) for m in manifests()]))
    for manifest in [] if args.json else manifests():
        players = _span(manifest.players)
        print(
            f"{manifest.name}: {manifest.title}, {players} players, board sides "
            f"{_span(manifest.sizes)} (default {manifest.default_size}), version "
            f"{manifest.version}. {manifest.credits}".rstrip()
        )
    problems = folder_problems()
    for problem in problems:
        print(f"left out: {problem}", file=sys.stderr)
    return EXIT_USAGE if problems else 0


def _span(values: range) -> str:
    return str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"


def _game_facts(manifest: Manifest) -> dict[str, Any]:
    return {
        "name": manifest.name,
        "title": manifest.title,
        "players": list(manifest.players),
        "sizes": list(manifest.sizes),
        "default_size": manifest.default_size,
        "version": manifest.version,
        "credits": manifest.credits,
        "options": {o.key: o.default for o in manifest.options},
        "levels": list(manifest.levels) if manifest.computer_players else [],
        "rules_page": manifest.rules_page,
    }


def command_replay(args: argparse.Namespace) -> int:
    game = read_game(args.file)
    print(json.dumps(game.summary()))
    return 0


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


def command_bench(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    options = game_options(cls, args.size, args.players)
    if args.ai:
        from .search.levels import NoComputerPlayerError
        from .search.match import AgentSpecError, command_bench_ai

        args.options = options
        try:
            return command_bench_ai(args)
        except (AgentSpecError, NoComputerPlayerError) as error:
            raise UsageError(f"python -m archipelago bench --ai: {error}") from None
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


def game_name(text: str) -> str:
    if text not in game_names():
        known = ", ".join(game_names())
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (known: {known})")
    return text


Handler = Callable[[argparse.Namespace], int]


def _each_game(words: Callable[[Manifest], str]) -> str:
    """'; '.join of 'Title: words' for every game whose manifest has such words."""
    return "; ".join(f"{m.title}: {words(m)}" for m in manifests() if words(m))


def _variant_words(manifest: Manifest) -> str:
    """A game's options as ``--variant`` takes them: ``stones=2|3, wunchunk=true|false``."""

    def values(option: Option) -> str:
        if isinstance(option.default, bool) or option.words == ("0", "1"):
            return "true|false"
        return "|".join(option.words) if option.words else "NUMBER"

    return ", ".join(f"{option.key}={values(option)}" for option in manifest.options)


def build_parser() -> Parser:
    default = manifest_of(DEFAULT_GAME)
    titles = ", ".join(m.title for m in manifests())
    parser = Parser(
        prog="python -m archipelago",
        description=(
            f"The games of the Archipelago site ({titles}): replay records, "
            "measure speed and play computer players against each other."
        ),
    )
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=Parser, required=True
    )

    replay = commands.add_parser(
        "replay",
        help="check a game record and print the position it reaches as JSON",
        description=(
            "Replay a JSON game record, checking every move of its main line and of every "
            "side line, and print the position the main line "
            "reaches as one JSON object with these keys. "
            f"{_each_game(lambda m: m.replay_words)}. A bad "
            "record prints one line naming the turn and move (and the side line, for a "
            "move in one) to standard error and exits with status 2."
        ),
    )
    replay.add_argument("file", help="the record file, or - to read standard input")
    replay.set_defaults(handler=command_replay)

    bench = commands.add_parser(
        "bench",
        help="play random games under the full rules and print games per second",
        description=(
            "Play complete random games for a few seconds and print 'games/s: N' last. "
            f"{_each_game(lambda m: m.random_words)}."
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
    games = commands.add_parser(
        "games",
        help="list the games, as their manifests describe them",
        description=(
            "List every game found under archipelago/games/ (and ARCHIPELAGO_GAMES_PATH): "
            "name, title, players, board sides, version and credits; with --json, also "
            "its options and their defaults, computer levels and rules page."
        ),
    )
    games.add_argument("--json", action="store_true", help="print one JSON list instead")
    games.set_defaults(handler=command_games)
    add_match_command(commands)
    from .analysis.command import add_analyse_command

    add_analyse_command(commands, read_game)
    add_perft_command(commands)
    return parser


def add_match_command(commands: Any) -> None:
    """The ``match`` subcommand; its logic lives in ``archipelago.search.match``."""
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
        help=f"a game option, repeat for several ({_each_game(_variant_words)})",
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
    match.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    match.set_defaults(handler=_command_match)


def _command_match(args: argparse.Namespace) -> int:
    from .search.levels import NoComputerPlayerError
    from .search.match import AgentSpecError, command_match

    args.options = game_options(game_class(args.game), args.size, args.players)
    try:
        return command_match(args)
    except (AgentSpecError, NoComputerPlayerError) as error:
        raise UsageError(f"python -m archipelago match: {error}") from None


def add_perft_command(commands: Any) -> None:
    """The ``perft`` subcommand; its logic lives in ``archipelago.perft``."""
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
    add_perft_arguments(perft, positive_int)
    perft.set_defaults(handler=_command_perft)


def _command_perft(args: argparse.Namespace) -> int:
    if not args.check:
        args.options = game_options(game_class(args.game), args.size, args.players)
    return command_perft(args)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        handler: Handler = args.handler
        return handler(args)
    except (UsageError, ArchipelagoError) as error:
        print(one_line(str(error)), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped early (``... | head``): not an error of ours. Point stdout at
        # nothing so that Python's own flush at exit does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
