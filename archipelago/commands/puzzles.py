"""``python -m archipelago puzzles make|check|export``: puzzles made from the engine's
self-play games and proven (``archipelago/puzzles/making.py``, ``proof.py``), proven again
with other seeds, and printed one JSON object a line. The libraries make and prove; this
module reads the arguments and prints."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from archipelago.analysis.results import Budget
from archipelago.errors import ArchipelagoError
from archipelago.puzzles.making import Found, MakeJob, analysis_budget, make_from_game, numbered
from archipelago.puzzles.proof import MARGIN, PROOF_FACTOR, PuzzleFailure, proof_budget, prove
from archipelago.puzzles.puzzle import Puzzle, read_set, write_set
from archipelago.reading import brief
from archipelago.registry import game_class, game_names, manifest_of
from archipelago.search import LEVELS
from archipelago.search.workers import each_result

from .arguments import UsageError, add_work_arguments, game_name, game_options, positive_int

SET_FILE = "puzzles.jsonl"
MOST_SET_BYTES = 64 * 2**20
CHECK_SEED = 2  # make's proofs use other seeds (making.py)


def add(commands: Any) -> None:
    puzzles = commands.add_parser(
        "puzzles",
        help="make puzzles from the computer's games, prove them again, export them",
        description=(
            "Puzzles: positions from the computer's own games where one turn is better than "
            f"every other by at least {MARGIN} in the mover's chance to win (docs/puzzles.md). "
            "A game's shipped set is archipelago/games/GAME/puzzles.jsonl."
        ),
    )
    actions = puzzles.add_subparsers(dest="action", metavar="ACTION", required=True)
    _add_make(actions)
    _add_check(actions)
    _add_export(actions)


def _add_work(parser: argparse.ArgumentParser) -> None:
    add_work_arguments(parser, "the games and proofs")
    parser.add_argument(
        "--factor",
        type=positive_int,
        default=PROOF_FACTOR,
        help=f"search each position with this many times level 5's budget (default {PROOF_FACTOR})",
    )
    parser.add_argument(
        "--iterations",
        type=positive_int,
        help="search iterations per position instead (a quick trial; shipped sets use --factor)",
    )


def _add_make(actions: Any) -> None:
    make = actions.add_parser(
        "make",
        help="play the computer against itself and keep the proven puzzles",
        description=(
            "Play self-play games, analyse them, and keep the positions where the best turn "
            "is the only good one, proven with a second seed; print the puzzles as JSON "
            "lines, or add them to --out."
        ),
    )
    make.add_argument("game", type=game_name, help=f"one of {', '.join(game_names())}")
    make.add_argument("--count", type=positive_int, default=10, help="puzzles wanted (default 10)")
    make.add_argument(
        "--games", type=positive_int, help="stop after this many games (default: 50 per puzzle)"
    )
    make.add_argument("--size", type=positive_int, help="board side (default: the game's)")
    make.add_argument(
        "--players", type=positive_int, help="player count (default: the game's least)"
    )
    make.add_argument(
        "--levels",
        type=_levels,
        default=(1, 2, 3),
        help="comma-separated levels the players are drawn from (default 1,2,3)",
    )
    make.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    make.add_argument(
        "--proven-only",
        action="store_true",
        help=(
            "try only the positions the analysis proved with the exact solver (cheap to "
            "try; for a game whose only moves come from its endgame)"
        ),
    )
    make.add_argument(
        "--out",
        help="the set file to add the puzzles to (created if missing; ids follow its own)",
    )
    _add_work(make)
    make.set_defaults(handler=command_make)


def _add_check(actions: Any) -> None:
    check = actions.add_parser(
        "check",
        help="prove every puzzle of a set again with other seeds",
        description=(
            "Prove every puzzle of a set again with other seeds: print each one that fails "
            "and why, then a count; exit status 1 if any fails."
        ),
    )
    check.add_argument("set", help="a set file, or a game's name for its shipped set")
    check.add_argument("--seed", type=int, default=CHECK_SEED, help=f"(default {CHECK_SEED})")
    check.add_argument("--sample", type=positive_int, help="check only the first N puzzles")
    check.add_argument(
        "--drop",
        action="store_true",
        help="rewrite the set file without the puzzles that fail (they are printed first)",
    )
    _add_work(check)
    check.set_defaults(handler=command_check)


def _add_export(actions: Any) -> None:
    export = actions.add_parser(
        "export",
        help="print puzzles, one a line",
        description="Print a set's puzzles (every game's shipped sets without an argument).",
    )
    export.add_argument("set", nargs="?", help="a set file, or a game's name")
    export.add_argument("--json", action="store_true", help="one JSON object a line")
    export.set_defaults(handler=command_export)


def _levels(text: str) -> tuple[int, ...]:
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and int(part) in LEVELS for part in parts):
        raise argparse.ArgumentTypeError(f"levels are 1 to 5, comma-separated, not {text!r}")
    return tuple(int(part) for part in parts)


# ---------------------------------------------------------------------- make
def command_make(args: argparse.Namespace) -> int:
    game = args.game
    options = game_options(game_class(game), args.size, args.players)
    budget = _budget(game, args)
    analysis = analysis_budget(budget, args.proven_only)
    out = Path(args.out) if args.out else None
    if out is not None and out.exists():
        _read_set(out)  # a file that is not a set stops here, before any work
    most_games = args.games or 50 * args.count
    batch = max(2 * args.jobs, 32 if args.cluster else 1)
    made: list[Puzzle] = []
    played = tried = 0
    cpu = 0.0
    while len(made) < args.count and played < most_games:
        jobs = [
            MakeJob(
                played + i,
                game,
                options,
                args.levels,
                args.seed,
                budget,
                analysis,
                args.proven_only,
            )
            for i in range(min(batch, most_games - played))
        ]
        results = each_result(_timed_make, jobs, args.jobs, args.cluster)
        for job, (found, seconds) in zip(jobs, results, strict=True):
            played, tried, cpu = played + 1, tried + found.candidates, cpu + seconds
            drafts = list(found.puzzles)[: args.count - len(made)]
            fresh = _add_to_set(out, game, drafts) if out else numbered(game, drafts, made)
            made.extend(fresh)
            if out is None:
                sys.stdout.write(write_set(fresh))
                sys.stdout.flush()
            rate = len(made) / max(cpu / 60, 1e-9)
            print(
                f"game {job.index + 1}: {found.candidates} tried, {len(fresh)} kept; "
                f"{len(made)}/{args.count} puzzles, {rate:.2f} per CPU-minute",
                file=sys.stderr,
                flush=True,
            )
    print(
        f"{len(made)} puzzles from {played} games ({tried} positions tried), "
        f"{cpu / 60:.1f} CPU-minutes",
        file=sys.stderr,
    )
    return 0


def _add_to_set(path: Path, game: str, drafts: Sequence[Mapping[str, Any]]) -> list[Puzzle]:
    """Add ``drafts`` to the set file at ``path`` as it is now (another maker may have
    added to it meanwhile), numbered after its ids; return the ones added."""
    if not drafts:
        return []
    known = _read_set(path) if path.exists() else []
    fresh = numbered(game, drafts, known)
    path.write_text(write_set([*known, *fresh]), encoding="utf-8")
    return fresh


def _timed_make(job: MakeJob) -> tuple[Found, float]:
    start = time.process_time()
    found = make_from_game(job)
    return found, time.process_time() - start


def _budget(game: str, args: argparse.Namespace) -> Budget:
    budget = proof_budget(game, args.factor)
    return budget if args.iterations is None else replace(budget, iterations=args.iterations)


# ---------------------------------------------------------------------- check
@dataclass(frozen=True)
class CheckJob:
    puzzle: Puzzle
    budget: Budget
    seed: int


def check_one(job: CheckJob) -> str | None:
    """Why ``job``'s puzzle fails its proof, or None when it holds."""
    try:
        prove(job.puzzle, job.budget, job.seed)
    except (PuzzleFailure, ArchipelagoError) as error:
        return str(error)
    return None


def command_check(args: argparse.Namespace) -> int:
    puzzles = _puzzles_of(args.set)
    checked = puzzles[: args.sample] if args.sample else puzzles
    jobs = [CheckJob(p, _budget(p.game, args), args.seed) for p in checked]
    failed: set[str] = set()
    for job, reason in zip(
        jobs, each_result(check_one, jobs, args.jobs, args.cluster), strict=True
    ):
        if reason is not None:
            failed.add(job.puzzle.id)
            print(f"{job.puzzle.id}: {reason}", flush=True)
    print(f"{len(checked) - len(failed)} of {len(checked)} puzzles proven again (seed {args.seed})")
    if args.drop and failed:
        path = shipped_set(args.set) if args.set in game_names() else Path(args.set)
        kept = [p for p in puzzles if p.id not in failed]
        path.write_text(write_set(kept), encoding="utf-8")
        print(f"dropped {len(failed)}: {len(kept)} puzzles left in {path.name}")
        return 0
    return 1 if failed else 0


# ---------------------------------------------------------------------- export
def command_export(args: argparse.Namespace) -> int:
    names: Sequence[str | None] = [args.set] if args.set else game_names()
    for name in names:
        if name is None:
            continue
        if not args.set and not shipped_set(name).exists():
            continue
        for puzzle in _puzzles_of(name):
            if args.json:
                print(json.dumps(puzzle.to_json(), ensure_ascii=False))
            else:
                print(
                    f"{puzzle.id}  difficulty {puzzle.difficulty}  "
                    f"{','.join(puzzle.themes) or '-'}  {' / '.join(puzzle.solution)}"
                )
    return 0


# ---------------------------------------------------------------------- sets
def shipped_set(game: str) -> Path:
    """The set file that ships in ``game``'s folder."""
    package = importlib.import_module(manifest_of(game).package)
    return Path(str(package.__file__)).parent / SET_FILE


def _puzzles_of(name: str) -> list[Puzzle]:
    """The puzzles of a set file, or of a game's shipped set when ``name`` is a game's."""
    if name in game_names():
        path = shipped_set(name)
        if not path.exists():
            raise UsageError(f"{game_class(name).title} has no shipped set yet ({SET_FILE})")
        return _read_set(path)
    return _read_set(Path(name))


def _read_set(path: Path) -> list[Puzzle]:
    try:
        with path.open(encoding="utf-8") as handle:
            text = handle.read(MOST_SET_BYTES + 1)
    except OSError as error:
        raise UsageError(f"cannot read {brief(str(path), 200)}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {brief(str(path), 200)}: it is not UTF-8 text") from None
    if len(text) > MOST_SET_BYTES:
        raise UsageError(f"{brief(str(path), 200)} is larger than a set may be")
    try:
        puzzles = read_set(text)
    except ArchipelagoError as error:
        raise UsageError(f"{brief(str(path), 200)}: {error}") from None
    for puzzle in puzzles:
        if puzzle.game not in game_names():
            raise UsageError(f"{brief(str(path), 200)}: {puzzle.id}: unknown game {puzzle.game!r}")
    return puzzles


__all__ = ["add", "check_one", "shipped_set"]
