"""Command line: ``python -m archipelago replay|bench|...``, the one place that parses
arguments and prints.

Each command is a module of ``archipelago/commands/`` that adds its subcommand and prints
what the libraries return (the registry, the engines, ``search/``, ``analysis/``,
``perft.py``: none of them prints, tests/quality/test_libraries.py checks). A user's
mistake (a bad file, a bad argument) gets one line on standard error and exit status 2,
never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from .commands import analyse, bench, games, match, perft, puzzles, replay
from .commands.arguments import EXIT_USAGE, Parser, UsageError
from .errors import ArchipelagoError
from .reading import one_line
from .registry import manifests

Handler = Callable[[argparse.Namespace], int]
# In the order ``--help`` lists them.
COMMANDS = (replay, bench, games, match, analyse, puzzles, perft)


def build_parser() -> Parser:
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
    for command in COMMANDS:
        command.add(commands)
    return parser


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
