"""Matches between computer players and the search's speed benchmark, for the
``match`` and ``bench --ai`` commands.

Seats: the agents named fill the first seats and the last one fills any seats left (so
``mcts:5,greedy`` with 3 players is one search against two greedy players); game ``g``
rotates that line-up by ``g`` seats, so every agent plays every seat equally often.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RecordError
from ..state import GameState
from ..variant import Variant
from .agents import LEVELS, Agent, GreedyAgent, RandomAgent, make_agent
from .mcts import Search, SearchParams


class AgentSpecError(ValueError):
    """An agent name the match command does not know."""


@dataclass(frozen=True)
class AgentSpec:
    kind: str  # "mcts", "greedy" or "random"
    level: int = 0

    @property
    def name(self) -> str:
        return f"mcts:{self.level}" if self.kind == "mcts" else self.kind


def parse_agents(text: str) -> list[AgentSpec]:
    """``"mcts:5,greedy"`` -> specs. Raises AgentSpecError with a readable message."""
    specs = []
    for part in text.split(","):
        name = part.strip().lower()
        if name in ("greedy", "random"):
            specs.append(AgentSpec(name))
            continue
        kind, _, level = name.partition(":")
        if kind == "mcts" and level.isdigit() and int(level) in LEVELS:
            specs.append(AgentSpec("mcts", int(level)))
            continue
        if kind == "mcts":
            raise AgentSpecError(f"agent {part.strip()!r}: the level must be 1 to 5, like mcts:5")
        raise AgentSpecError(
            f"unknown agent {part.strip()!r}: use mcts:1 .. mcts:5, greedy or random"
        )
    if len(specs) < 2:
        raise AgentSpecError("name at least two agents, like mcts:5,greedy")
    return specs


def parse_variant(pairs: Sequence[str]) -> Variant:
    """``["stones=3", "wunchunk=true"]`` -> Variant (RecordError on a bad pair)."""
    data: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise RecordError(f"variant {pair!r}: write KEY=VALUE, like stones=3")
        text = value.strip().lower()
        parsed: Any
        if text in ("true", "on", "yes"):
            parsed = True
        elif text in ("false", "off", "no"):
            parsed = False
        elif text.isdigit():
            parsed = int(text)
        else:
            parsed = text
        data[key.strip()] = parsed
    return Variant.from_dict(data)


def build(spec: AgentSpec, seed: int, iterations: int | None, ms: float | None) -> Agent:
    if spec.kind == "greedy":
        return GreedyAgent(seed)
    if spec.kind == "random":
        return RandomAgent(seed)
    seconds = None if ms is None else ms / 1000.0
    if spec.level == 1:
        return make_agent(1, seed)
    return make_agent(spec.level, seed, iterations=iterations, seconds=seconds)


def lineup(n_agents: int, players: int, game: int) -> list[int]:
    """Agent index per seat for game ``game``."""
    base = list(range(n_agents)) + [n_agents - 1] * (players - n_agents)
    shift = game % players
    return base[-shift:] + base[:-shift] if shift else base


@dataclass(frozen=True)
class GameJob:
    index: int
    specs: tuple[AgentSpec, ...]
    size: int
    players: int
    variant: Variant
    seed: int
    iterations: int | None
    ms: float | None
    params: SearchParams | None = None


def play_game(job: GameJob) -> dict[str, Any]:
    """One game; per seat the agent index, rank, turns and thinking time."""
    seats = lineup(len(job.specs), job.players, job.index)
    rng = random.Random(f"{job.seed}:{job.index}")
    agents = []
    for spec in (job.specs[i] for i in seats):
        agent = build(spec, rng.randrange(2**32), job.iterations, job.ms)
        if job.params is not None and hasattr(agent, "params"):
            agent.params = job.params  # type: ignore[attr-defined]
        agents.append(agent)
    state = GameState(job.size, job.players, job.variant)
    turns = [0] * job.players
    seconds = [0.0] * job.players
    while state.mover is not None:
        seat = state.mover - 1
        start = time.perf_counter()
        agents[seat].play_turn(state)
        seconds[seat] += time.perf_counter() - start
        turns[seat] += 1
    outcome = state.outcome()
    assert outcome is not None
    return {
        "seats": seats,
        "ranks": list(outcome.ranks),
        "turns": turns,
        "seconds": seconds,
        "groups": list(outcome.groups),
    }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(specs: Sequence[AgentSpec], results: Sequence[dict[str, Any]]) -> list[dict]:
    """Per agent: games, wins (a shared first place counts as a share), win rate with
    its Wilson interval, mean rank, thinking time per turn."""
    out = []
    games = len(results)
    for i, spec in enumerate(specs):
        wins = 0.0
        ranks: list[int] = []
        turns = 0
        seconds = 0.0
        for result in results:
            firsts = sum(1 for r in result["ranks"] if r == 1)
            won = 0.0
            for seat, agent in enumerate(result["seats"]):
                if agent != i:
                    continue
                ranks.append(result["ranks"][seat])
                turns += result["turns"][seat]
                seconds += result["seconds"][seat]
                if result["ranks"][seat] == 1:
                    won += 1.0 / firsts
            wins += min(1.0, won)
        low, high = wilson(wins, games)
        out.append(
            {
                "agent": spec.name,
                "games": games,
                "wins": round(wins, 2),
                "win_rate": round(wins / games, 4) if games else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
                "mean_rank": round(sum(ranks) / len(ranks), 3) if ranks else None,
                "ms_per_turn": round(1000 * seconds / turns, 1) if turns else None,
            }
        )
    return out


def run_match(
    specs: Sequence[AgentSpec],
    games: int,
    size: int,
    players: int,
    variant: Variant,
    seed: int,
    iterations: int | None,
    ms: float | None,
    jobs: int,
    params: SearchParams | None = None,
    progress: bool = True,
) -> list[dict]:
    work = [
        GameJob(g, tuple(specs), size, players, variant, seed, iterations, ms, params)
        for g in range(games)
    ]
    results: list[dict[str, Any]] = []
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap(play_game, work):
                results.append(result)
                _progress(progress, specs, results, games)
    else:
        for job in work:
            results.append(play_game(job))
            _progress(progress, specs, results, games)
    return summarise(specs, results)


def _progress(on: bool, specs: Sequence[AgentSpec], results: list, games: int) -> None:
    if on and (len(results) % 10 == 0 or len(results) == games):
        first = summarise(specs, results)[0]
        print(
            f"  {len(results)}/{games} games, {first['agent']} wins {first['wins']}",
            file=sys.stderr,
            flush=True,
        )


def command_match(args: Any) -> int:
    """The ``match`` command (arguments already parsed by cli.py)."""
    specs = parse_agents(args.agents)
    if len(specs) > args.players:
        raise AgentSpecError(f"{len(specs)} agents do not fit {args.players} seats")
    variant = parse_variant(args.variant or [])
    summary = run_match(
        specs,
        args.games,
        args.size,
        args.players,
        variant,
        args.seed,
        args.iterations,
        args.ms,
        args.jobs,
    )
    budget = (
        f"{args.iterations} iterations per turn"
        if args.iterations
        else f"{args.ms:g} ms per turn"
        if args.ms
        else "level budgets"
    )
    described = ", ".join(variant.describe(args.players)) or "standard rules"
    print(
        f"{args.games} games, side {args.size}, {args.players} players, {described}, "
        f"{budget}, seats rotating"
    )
    for row in summary:
        low, high = row["ci95"]
        print(
            f"{row['agent']:>8}: win rate {100 * row['win_rate']:5.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), mean rank {row['mean_rank']}, "
            f"{row['ms_per_turn']} ms per turn"
        )
    print(
        json.dumps(
            {
                "games": args.games,
                "size": args.size,
                "players": args.players,
                "variant": variant.to_dict(args.players),
                "seed": args.seed,
                "iterations": args.iterations,
                "ms": args.ms,
                "python": sys.version.split()[0],
                "agents": summary,
            }
        )
    )
    return 0


# ---------------------------------------------------------------------- bench --ai
def half_full(size: int, players: int, seed: int) -> GameState:
    """A position with half the cells filled by greedy play (a realistic middle game)."""
    state = GameState(size, players)
    agent = GreedyAgent(seed)
    target = state.board.cell_count // 2
    while state.mover is not None and state.empty_count > target:
        move = agent.choose(state)
        if isinstance(move, tuple):
            state.place(*move)
        elif move == "end":
            state.end_turn()
        else:
            state.pass_turn()
    return state


def search_speed(state: GameState, seconds: float, seed: int) -> tuple[int, float]:
    search = Search(state, seed=seed)
    result = search.run(seconds=seconds)
    return result.iterations, result.seconds


def command_bench_ai(args: Any) -> int:
    size, players = args.size, args.players
    rates = []
    for label, state in (
        ("empty board", GameState(size, players)),
        ("half-full board", half_full(size, players, args.seed)),
    ):
        done, took = search_speed(state, args.seconds / 2, args.seed)
        rate = done / took
        rates.append(rate)
        print(
            f"side {size}, {players} players, {label}: {done} iterations in {took:.2f} s, "
            f"{rate:.0f} iterations/s"
        )
    print(f"python {sys.version.split()[0]}")
    print(f"iterations/s: {min(rates):.0f}")
    return 0
