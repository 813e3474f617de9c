"""``python -m archipelago replay FILE``: a record checked move by move and the position
its main line reaches, as JSON; and the reading of a record file that ``analyse`` shares."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from archipelago.clock import read_clock
from archipelago.game import Game
from archipelago.lines import line_game, read_game_lines
from archipelago.reading import MAX_TEXT, brief
from archipelago.registry import parse_record_json

from .arguments import UsageError, each_game


def add(commands: Any) -> None:
    replay = commands.add_parser(
        "replay",
        help="check a game record and print the position it reaches as JSON",
        description=(
            "Replay a JSON game record, checking every move of its main line and of every "
            "side line, and print the position the main line "
            "reaches as one JSON object with these keys. "
            f"{each_game(lambda m: m.replay_words)}. A bad "
            "record prints one line naming the turn and move (and the side line, for a "
            "move in one) to standard error and exits with status 2."
        ),
    )
    replay.add_argument("file", help="the record file, or - to read standard input")
    replay.set_defaults(handler=command_replay)


def command_replay(args: argparse.Namespace) -> int:
    record = parse_record_json(read_text(args.file))
    game = game_of(record)
    summary = game.summary()
    clock = read_clock(record, game.player_count)  # a bad clock is refused as a bad move is
    if clock is not None:  # the clocks after the last turn, and the turns lost on time
        left = [player.ms for player in clock.history[-1]]
        summary["clock"] = {"rule": clock.rule.text(), "left": left, "lost": clock.lost}
    print(json.dumps(summary))
    return 0


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
    return game_of(parse_record_json(read_text(path)), line)


def game_of(record: Any, line: int = 0) -> Game:
    """The game of a parsed record along its main line (0) or its N-th side line."""
    game, tree = read_game_lines(record)
    if line == 0:
        return game
    sides = tree.lines()[1:]
    if line > len(sides):
        raise UsageError(f"the record has {len(sides)} side lines: there is no side line {line}")
    return line_game(record, sides[line - 1].path)
