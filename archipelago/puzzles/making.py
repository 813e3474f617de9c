"""Puzzles made from the engine's own games, as lichess's puzzler makes them from its
players' games.

One job (``MakeJob``) is one self-play game: computer players of the levels asked for
play it through, the analysis (``archipelago.analysis``) values every turn, and the
positions where a turn gave away much of what the best turn offered are the candidates
(``candidates``: those the exact solver proved first, being cheap to try).
A candidate first passes a screen, the same verdict with a quarter of the proof's budget
whose margin must come near an only move's. It becomes a puzzle when its best turn is an
only move (``proof.verdict``, a search of several times level 5's budget) and stays one
with a second seed (``proof.prove``); the solution goes on for as long as the solver's
next turn is an only move too (two-player games: the opponent's best reply sits between).
Its themes are the game's words for what the solution does (the game's
``puzzle_themes.themes``), its difficulty the lowest level whose own search finds the
first turn.

A developer's tool (the page's zip leaves it out): it returns data and never prints.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.results import BLUNDER, Budget
from ..analysis.turns import Analyser, turn_text
from ..game import Game
from ..registry import manifest_of, new_game
from ..search import LEVELS, make_agent
from .proof import PuzzleFailure, Verdict, played, prove, verdict
from .puzzle import Puzzle

# A played turn must have lost at least this much against the analysis's best turn for
# its position to be tried: the analysis's blunder. Its cheaper search draws chances
# towards the middle, so a proof often finds a wider gap than it did.
CANDIDATE_DROP = BLUNDER
# The first turns of a game (a komi, a lone first stone) make no puzzle.
FIRST_TURN = 3
MOST_CANDIDATES = 4  # per game, of those the solver did not prove, the largest drops first
MOST_SOLVER_TURNS = 3
# The screen's budget is the proof's divided by this, and its margin must reach
# SCREEN_MARGIN. Measured on 11 self-play games of both games (2 players, side
# 4): no candidate under 0.15 with the quarter budget reached MARGIN with the whole one,
# and the screen costs about a quarter of a proof, which most candidates then skip.
SCREEN_DIVISOR = 4
SCREEN_MARGIN = 0.15
# The levels' caps in seconds are lifted, so that a loaded machine plays the same games.
CAP_SCALE = 1000.0
# With proven_only the analysis only has to find the positions the solver proves; the
# search of the others (nine tenths of its time) is cut to this: 20 three-player
# Archipelago games gave the same proven candidates in 18 and two more in 2, in 0.3
# CPU-seconds instead of 18.7.
UNPROVEN_ITERATIONS = 8
PASS = "pass"  # a turn's spelling in every game's record that has one
CONFIRM_SEED = 1_000_003  # the second seed of a proof: the first plus this
DIFFICULTY_SEEDS = (11, 12)  # a level finds a turn when it plays it with both


@dataclass(frozen=True)
class MakeJob:
    """One self-play game and the puzzles found in it."""

    index: int
    game: str
    options: Mapping[str, Any]  # the record's setup keys: size, players
    levels: tuple[int, ...]  # the levels the seats are drawn from
    seed: int
    proof: Budget
    analysis: Budget = Budget()
    proven_only: bool = False  # only the positions the analysis proved (``candidates``)


@dataclass(frozen=True)
class Found:
    """A job's puzzles (as JSON objects without an id) and what it tried."""

    puzzles: tuple[dict[str, Any], ...]
    candidates: int


def analysis_budget(proof: Budget, proven_only: bool) -> Budget:
    """The budget of the analysis that finds a game's candidates: the analysis's usual
    one, never more than a proof; with ``proven_only`` a few iterations a position, the
    solver's positions as usual."""
    usual = Budget(min(Budget().iterations, proof.iterations))
    return replace(usual, iterations=UNPROVEN_ITERATIONS) if proven_only else usual


def self_play(job: MakeJob) -> Game:
    rng = random.Random(f"{job.seed}:{job.index}")
    game = new_game(job.game, **job.options)
    agents = [
        make_agent(rng.choice(job.levels), rng.randrange(2**32), game=job.game, cap_scale=CAP_SCALE)
        for _ in range(game.player_count)
    ]
    while (mover := game.to_move) is not None:
        agents[mover - 1].play_turn(game)
    return game


def candidates(analyser: Analyser, proven_only: bool = False) -> list[int]:
    """The indices of the positions (turn starts) worth a proof. First every proven one
    (the solver valued it: its screen costs little, and it is where most only moves are
    found): those whose turn played lost much against the best turn, then those that
    follow such a blunder of another player (a chance to punish it). Then, unless
    ``proven_only``, at most ``MOST_CANDIDATES`` of the others, as the proven ones are
    ranked: the misses first, the largest drops first."""
    rows = analyser.rows
    drops = [row.chance_before - row.chance_after for row in rows]
    missed = [
        (drops[index], index)
        for index in range(FIRST_TURN - 1, len(rows))
        if drops[index] >= CANDIDATE_DROP
    ]
    punish = [
        (drops[index - 1], index)
        for index in range(max(1, FIRST_TURN - 1), len(rows))
        if drops[index - 1] >= BLUNDER
        and rows[index - 1].mover != rows[index].mover
        and drops[index] < CANDIDATE_DROP
    ]
    ranked = [index for _drop, index in sorted(missed, reverse=True) + sorted(punish, reverse=True)]
    proven = [index for index in ranked if rows[index].exact]
    if proven_only:
        return proven
    searched = [index for index in ranked if not rows[index].exact]
    return proven + searched[:MOST_CANDIDATES]


def make_from_game(job: MakeJob) -> Found:
    """The puzzles of one self-play game (see the module's text)."""
    game = self_play(job)
    analyser = Analyser(game, job.analysis, job.seed + job.index)
    analyser.run()
    tried = candidates(analyser, job.proven_only)
    screen = Budget(max(1, job.proof.iterations // SCREEN_DIVISOR), job.proof.solve_nodes)
    found: list[dict[str, Any]] = []
    for index in tried:
        position, seed = analyser.positions[index], job.seed + 7919 * index
        first = verdict(position, screen, seed)
        if first is None or first.margin < SCREEN_MARGIN:
            continue
        puzzle = puzzle_at(position, job.proof, seed)
        # A game's second puzzle with the same answer (a win missed twice) is the same
        # idea again: left out.
        if puzzle is not None and all(p["solution"] != puzzle["solution"] for p in found):
            found.append(puzzle)
    return Found(tuple(found), len(tried))


def solution_line(position: Game, budget: Budget, seed: int) -> list[Verdict]:
    """The solver's only moves from ``position``, each after the reply to the one
    before, for as long as they stay only moves (empty when the first is not)."""
    solver = position.to_move
    line = position.clone()
    verdicts: list[Verdict] = []
    while len(verdicts) < MOST_SOLVER_TURNS:
        found = verdict(line, budget, seed + len(verdicts))
        if found is None or not found.only or _ends_by_passing(line, found):
            break
        verdicts.append(found)
        line = played(line, found.best)
        if line.to_move is None or not found.reply:
            break
        line = played(line, found.reply)
        if line.to_move != solver:
            break
    return verdicts


def _ends_by_passing(position: Game, found: Verdict) -> bool:
    """Whether the turn is a pass that ends the game: no puzzle, since the page asks
    before such a pass and says the final score."""
    return found.text == PASS and played(position, found.best).is_over


def puzzle_at(position: Game, budget: Budget, seed: int) -> dict[str, Any] | None:
    """A proven puzzle from ``position`` as a JSON object without its id, or None."""
    verdicts = solution_line(position, budget, seed)
    if not verdicts:
        return None
    line = [position]
    solution: list[str] = []
    for number, found in enumerate(verdicts):
        if number:
            reply = verdicts[number - 1].reply
            solution.append(turn_text(line[-1], reply))
            line.append(played(line[-1], reply))
        solution.append(found.text)
        line.append(played(line[-1], found.best))
    record = position.to_record()
    draft = Puzzle("draft", position.name, record, tuple(solution))
    try:
        prove(draft, budget, seed + CONFIRM_SEED)
    except PuzzleFailure:
        return None
    return {
        "game": position.name,
        "record": record,
        "solution": solution,
        "themes": list(themes_of(position.name)(line, solution)),
        "difficulty": difficulty(position, solution[0]),
    }


ThemeFinder = Callable[[Sequence[Game], Sequence[str]], tuple[str, ...]]


def themes_of(game: str) -> ThemeFinder:
    """The game's ``puzzle_themes.themes``: its theme ids for a solution's line (the
    positions from the puzzle's through each turn of the solution)."""
    module = importlib.import_module(f"{manifest_of(game).package}.puzzle_themes")
    finder: ThemeFinder = module.themes
    return finder


def difficulty(position: Game, first: str) -> int:
    """The lowest level whose own search plays ``first`` from ``position`` with each of
    two seeds (5 when none does)."""
    for level in LEVELS:
        if all(_plays(position, first, level, seed) for seed in DIFFICULTY_SEEDS):
            return level
    return LEVELS[-1]


def _plays(position: Game, turn: str, level: int, seed: int) -> bool:
    agent = make_agent(level, seed, game=position.name, cap_scale=CAP_SCALE)
    line = position.clone()
    moves = agent.play_turn(line)
    return turn_text(position, tuple(move.code for move in moves)) == turn


def numbered(
    game: str, drafts: Iterable[Mapping[str, Any]], known: Sequence[Puzzle]
) -> list[Puzzle]:
    """``drafts`` as puzzles with ids ``GAME-0001``, ... after the highest of ``known``,
    leaving out a draft whose position and solution a known one or an earlier draft has."""
    taken = {_key(p.record, p.solution) for p in known}
    number = max((_number(p.id) for p in known), default=0)
    out: list[Puzzle] = []
    for draft in drafts:
        key = _key(draft["record"], draft["solution"])
        if key in taken:
            continue
        taken.add(key)
        number += 1
        out.append(
            Puzzle(
                f"{game}-{number:04d}",
                game,
                draft["record"],
                tuple(draft["solution"]),
                tuple(draft["themes"]),
                draft["difficulty"],
            )
        )
    return out


def _key(record: Mapping[str, Any], solution: Sequence[str]) -> str:
    setup = {key: value for key, value in record.items() if key != "turns"}
    return repr((sorted(setup.items()), list(record.get("turns", [])), list(solution)))


def _number(ident: str) -> int:
    tail = ident.rpartition("-")[2]
    return int(tail) if tail.isdigit() else 0


__all__ = [
    "Found",
    "MakeJob",
    "analysis_budget",
    "candidates",
    "difficulty",
    "make_from_game",
    "numbered",
    "puzzle_at",
    "self_play",
    "solution_line",
    "themes_of",
]
