"""``python -m archipelago analyse RECORD``: the analysis of a game record as a table by
turn, or as JSON (``--json``), with a progress bar on a terminal. ``analysis/`` values the
turns; this module reads the arguments and prints."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from archipelago.analysis.results import BLUNDER, INACCURACY, MISTAKE, Budget, TurnAnalysis
from archipelago.analysis.turns import Analyser

from .arguments import at_least
from .replay import read_game

BAR_WIDTH = 30
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def add(commands: Any) -> None:
    analyse = commands.add_parser(
        "analyse",
        help="the computer's view of a game: win chances, best turns and mistakes",
        description=(
            "Analyse a game record turn by turn: the mover's chance to win (the expected "
            "share of the result with 3-4 players) before and after the turn, the "
            "computer's best turn and a judgement of the turn played: best, good, "
            f"inaccuracy (a drop of {INACCURACY:.2f} or more), mistake ({MISTAKE:.2f}), "
            f"blunder ({BLUNDER:.2f}). The same record, seed and budget give the same "
            "output on every machine. A bad record prints one line to standard error "
            "and exits with status 2."
        ),
    )
    analyse.add_argument("file", help="the record file, or - to read standard input")
    analyse.add_argument(
        "--json", action="store_true", help="print a JSON list, one object per turn"
    )
    analyse.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    analyse.add_argument(
        "--line",
        type=at_least(0),
        default=0,
        help="the side line to analyse instead of the main line: 1 for the record's first "
        "(default 0, the main line)",
    )
    defaults = Budget()
    analyse.add_argument(
        "--iterations",
        type=at_least(1),
        default=defaults.iterations,
        help=f"search iterations per position (default {defaults.iterations})",
    )
    analyse.add_argument(
        "--solve-nodes",
        type=at_least(0),
        default=defaults.solve_nodes,
        help="positions the exact endgame solver may visit per position, 0 for none "
        f"(default {defaults.solve_nodes})",
    )
    analyse.set_defaults(handler=command_analyse)


def command_analyse(args: argparse.Namespace) -> int:
    """The record read the way ``replay`` reads it (one-line errors), along its main line
    or the side line asked for, analysed turn by turn."""
    game = read_game(args.file, args.line)
    budget = Budget(args.iterations, args.solve_nodes)
    analyser = Analyser(game, budget, args.seed)
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    while not analyser.done:
        done = analyser.step()
        if bar is not None:
            bar.show(done, analyser.total)
    if bar is not None:
        bar.clear()
    rows = analyser.rows
    if args.json:
        print(json.dumps([row.as_json() for row in rows]))
    else:
        print(table(rows))
    return 0


class ProgressBar:
    """One line redrawn in place on a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def show(self, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // max(1, total)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stream.write(f"\ranalysing [{bar}] turn {done}/{total}")
        self.stream.flush()

    def clear(self) -> None:
        self.stream.write("\r" + " " * (BAR_WIDTH + 40) + "\r")
        self.stream.flush()


def table(rows: list[TurnAnalysis]) -> str:
    """The analysis as a table for people, one line per turn."""
    if not rows:
        return "no whole turn to analyse"
    move_width = max(4, *(len(row.move) for row in rows))
    best_width = max(4, *(len(row.best) for row in rows))
    head = (
        f"{'turn':>4}  {'player':>6}  {'move':<{move_width}}  {'before':>6}  {'after':>6}  "
        f"{'best':<{best_width}}  judgement"
    )
    lines = [head, "-" * len(head)]
    for row in rows:
        judgement = row.judgement + (f" {MARKS[row.judgement]}" if MARKS[row.judgement] else "")
        lines.append(
            f"{row.turn:>4}  {row.mover:>6}  {row.move:<{move_width}}  "
            f"{row.chance_before:>6.0%}  {row.chance_after:>6.0%}  "
            f"{row.best:<{best_width}}  {judgement}"
        )
    return "\n".join(lines)
