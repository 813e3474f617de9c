"""Matches between computer players of any game, and the search's speed benchmark: what
the ``match`` and ``bench --ai`` commands (``archipelago/commands/``) run and print. A
library: it returns figures and never prints.

Seats: the agents named fill the first seats and the last one fills any seats left (so
``mcts:5,greedy`` with 3 players is one search against two greedy players); game ``g``
rotates that line-up by ``g`` seats, so every agent plays every seat equally often.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RecordError
from ..game import Game
from ..registry import DEFAULT_GAME, game_class, new_game
from .agents import Agent, Budget, RandomAgent
from .levels import LEVELS, make_agent
from .mcts import Search
from .params import SearchParams
from .plain import PLAIN_KINDS, plain_agent
from .players import baseline_names, computer_players
from .workers import each_result

PLAIN_DEFAULT_MS = 200.0  # uct / grave per move when neither @MS nor a match budget says


class AgentSpecError(ValueError):
    """An agent name the match command does not know."""


@dataclass(frozen=True)
class AgentSpec:
    kind: str  # "mcts", "uct", "grave" or the name of one of the game's baselines
    level: int = 0
    ms: float | None = None  # thinking time per move (stone), replacing any other budget
    # Iterations per move (stone), replacing any other budget: unlike ``ms``, the same
    # search whatever the machine's load.
    iterations: int | None = None

    @property
    def name(self) -> str:
        name = f"mcts:{self.level}" if self.kind == "mcts" else self.kind
        if self.iterations is not None:
            return f"{name}#{self.iterations}"
        return name if self.ms is None else f"{name}@{self.ms:g}"


def parse_ms(part: str, text: str) -> float:
    """The milliseconds after ``@`` in an agent spec."""
    try:
        ms = float(text)
    except ValueError:
        ms = math.nan
    if not (math.isfinite(ms) and ms > 0):
        raise AgentSpecError(
            f"agent {part!r}: after @ give the milliseconds per stone, like mcts:5@200"
        )
    return ms


def parse_iterations(part: str, text: str) -> int:
    """The iterations after ``#`` in an agent spec."""
    if not text.isdigit() or int(text) == 0:
        raise AgentSpecError(
            f"agent {part!r}: after # give the iterations per stone, like mcts:5#300"
        )
    return int(text)


def parse_agents(text: str, game: str = DEFAULT_GAME) -> list[AgentSpec]:
    """``"mcts:5@200,uct@1000,greedy"`` -> specs for ``game`` (``@MS``: milliseconds
    per move for a search agent; ``#N``: iterations per move, as in ``uct#2000``).
    Raises AgentSpecError with a readable message."""
    title = game_class(game).title
    baselines = baseline_names(game)
    searches = computer_players(game) is not None
    known = ", ".join((["mcts:1 .. mcts:5"] if searches else []) + list(PLAIN_KINDS) + baselines)
    specs = []
    for part in text.split(","):
        spec_text = part.strip()
        name, at, ms_text = spec_text.lower().partition("@")
        name, hash_mark, iterations_text = name.partition("#")
        if at and hash_mark:
            raise AgentSpecError(f"agent {spec_text!r}: give @MS or #ITERATIONS, not both")
        ms = parse_ms(spec_text, ms_text) if at else None
        iterations = parse_iterations(spec_text, iterations_text) if hash_mark else None
        if name in baselines and name not in PLAIN_KINDS:
            if at or hash_mark:
                raise AgentSpecError(
                    f"agent {spec_text!r}: {name} answers at once; "
                    "@MS and #ITERATIONS are for mcts, uct, grave"
                )
            specs.append(AgentSpec(name))
            continue
        if name in PLAIN_KINDS:
            specs.append(AgentSpec(name, ms=ms, iterations=iterations))
            continue
        kind, _, level = name.partition(":")
        if kind == "mcts" and not searches:
            raise AgentSpecError(f"{title} has no search player (mcts) yet: use {known}")
        if kind == "mcts" and level.isdigit() and int(level) in LEVELS:
            specs.append(AgentSpec("mcts", int(level), ms, iterations))
            continue
        if kind == "mcts":
            raise AgentSpecError(f"agent {part.strip()!r}: the level must be 1 to 5, like mcts:5")
        raise AgentSpecError(f"unknown agent {part.strip()!r} for {title}: use {known}")
    if len(specs) < 2:
        raise AgentSpecError("name at least two agents, like mcts:5,random")
    return specs


def parse_variant(pairs: Sequence[str]) -> dict[str, Any]:
    """``["stones=3", "wunchunk=true"]`` -> the record's ``variant`` object; the game
    checks it when the match sets up its games."""
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
    return data


def build(
    game: str,
    spec: AgentSpec,
    seed: int,
    iterations: int | None,
    ms: float | None,
    params: SearchParams | None = None,
    cap_scale: float = 1.0,
) -> Agent:
    seconds = None if ms is None else ms / 1000.0
    if spec.kind in PLAIN_KINDS:
        if spec.iterations is not None:
            budget = Budget(move_iterations=spec.iterations)
        elif spec.ms is not None:
            budget = Budget(move_seconds=spec.ms / 1000.0)
        elif iterations is not None or seconds is not None:
            budget = Budget(iterations, seconds)
        else:
            budget = Budget(move_seconds=PLAIN_DEFAULT_MS / 1000.0)
        return plain_agent(game, spec.kind, budget, seed)
    if spec.kind != "mcts":
        players = computer_players(game)
        maker = players.baseline(spec.kind) if players is not None else None
        return (maker or RandomAgent)(seed)
    if spec.iterations is not None:
        return make_agent(
            spec.level, seed, game=game, params=params, move_iterations=spec.iterations
        )
    if spec.ms is not None:
        return make_agent(spec.level, seed, game=game, params=params, move_seconds=spec.ms / 1000)
    return make_agent(
        spec.level,
        seed,
        game=game,
        iterations=iterations,
        seconds=seconds,
        params=params,
        cap_scale=cap_scale,
    )


def lineup(n_agents: int, players: int, game: int) -> list[int]:
    """Agent index per seat for game ``game``."""
    base = list(range(n_agents)) + [n_agents - 1] * (players - n_agents)
    shift = game % players
    return base[-shift:] + base[:-shift] if shift else base


def ranks_of(returns: Sequence[float]) -> list[int]:
    """Per player, 1 + the number of players with a better result (ties share a rank)."""
    return [1 + sum(1 for other in returns if other > mine) for mine in returns]


@dataclass(frozen=True)
class GameJob:
    index: int
    specs: tuple[AgentSpec, ...]
    game: str
    options: Mapping[str, Any]  # the record's setup keys: size, players, variant
    seed: int
    iterations: int | None
    ms: float | None
    params: SearchParams | None = field(default=None)
    cap_scale: float = 1.0  # times the levels' caps in seconds


def play_game(job: GameJob) -> dict[str, Any]:
    """One game; per seat the agent index, rank, turns and thinking time."""
    game = new_game(job.game, **job.options)
    players = game.player_count
    seats = lineup(len(job.specs), players, job.index)
    rng = random.Random(f"{job.seed}:{job.index}")
    agents = [
        build(
            job.game,
            job.specs[i],
            rng.randrange(2**32),
            job.iterations,
            job.ms,
            job.params,
            job.cap_scale,
        )
        for i in seats
    ]
    turns = [0] * players
    seconds = [0.0] * players
    while (mover := game.to_move) is not None:
        seat = mover - 1
        start = time.perf_counter()
        agents[seat].play_turn(game)
        seconds[seat] += time.perf_counter() - start
        turns[seat] += 1
    returns = game.returns()
    assert returns is not None
    return {"seats": seats, "ranks": ranks_of(returns), "turns": turns, "seconds": seconds}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(
    specs: Sequence[AgentSpec], results: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Per agent: games, wins (a shared first place counts as a share), win rate with
    its Wilson interval, mean rank, thinking time per turn, and per seat (1, 2, ...) the
    wins and the games it sat there."""
    out = []
    games = len(results)
    for i, spec in enumerate(specs):
        wins = 0.0
        ranks: list[int] = []
        turns = 0
        seconds = 0.0
        seat_wins: dict[int, float] = {}
        seat_games: dict[int, int] = {}
        for result in results:
            firsts = sum(1 for r in result["ranks"] if r == 1)
            won = 0.0
            for seat, agent in enumerate(result["seats"]):
                if agent != i:
                    continue
                ranks.append(result["ranks"][seat])
                turns += result["turns"][seat]
                seconds += result["seconds"][seat]
                seat_games[seat + 1] = seat_games.get(seat + 1, 0) + 1
                share = 1.0 / firsts if result["ranks"][seat] == 1 else 0.0
                seat_wins[seat + 1] = seat_wins.get(seat + 1, 0.0) + share
                won += share
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
                "seats": {
                    str(seat): [round(seat_wins[seat], 2), seat_games[seat]]
                    for seat in sorted(seat_games)
                },
            }
        )
    return out


def run_match(
    specs: Sequence[AgentSpec],
    games: int,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    iterations: int | None,
    ms: float | None,
    jobs: int,
    params: SearchParams | None = None,
    progress: Callable[[Sequence[dict[str, Any]]], None] | None = None,
    cap_scale: float = 1.0,
    cluster: str | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games (in ``jobs`` processes, or on the Dask scheduler at
    ``cluster``) and summarise them; ``progress``, if given, sees the results so far
    after each game."""
    work = [
        GameJob(g, tuple(specs), game, options, seed, iterations, ms, params, cap_scale)
        for g in range(games)
    ]
    results: list[dict[str, Any]] = []
    for result in each_result(play_game, work, jobs, cluster):
        results.append(result)
        if progress is not None:
            progress(results)
    return summarise(specs, results)


def describe_setup(game: Game) -> str:
    """The setup of a game in words, like "Archipelago, side 6, 2 players, standard
    rules", from its record."""
    record = game.to_record()
    words = [game.title]
    if "size" in record:
        words.append(f"side {record['size']}")
    words.append(f"{game.player_count} players")
    variant = record.get("variant") or {}
    words.append(
        ", ".join(f"{key}={json.dumps(value).strip(chr(34))}" for key, value in variant.items())
        or "standard rules"
    )
    return ", ".join(words)


def prepare(
    agents: str, game: str, options: Mapping[str, Any], variant: Sequence[str] = ()
) -> tuple[list[AgentSpec], dict[str, Any], Game]:
    """A match's agents (``parse_agents``), its games' setup keys (``options`` with the
    ``KEY=VALUE`` pairs of ``variant``) and a game of that setup, checked before any game is
    played; AgentSpecError when the agents do not fit its seats."""
    specs = parse_agents(agents, game)
    setup = dict(options)
    if variant:
        setup["variant"] = parse_variant(variant)
    sample = new_game(game, **setup)
    if len(specs) > sample.player_count:
        raise AgentSpecError(f"{len(specs)} agents do not fit {sample.player_count} seats")
    return specs, setup, sample


# ---------------------------------------------------------------------- bench --ai
def middle_game(game: Game, seed: int) -> Game:
    """A middle-game position: the game's greedy player (else random moves) plays one
    whole game from ``game``, which is then taken back to half its moves."""
    players = computer_players(game.name)
    maker = players.baseline("greedy") if players is not None else None
    agent = (maker or RandomAgent)(seed)
    middle = game.clone()
    start = len(middle.history_codes())
    while not middle.is_over:
        middle.push_code(agent.choose(middle).code)
    for _ in range((len(middle.history_codes()) - start + 1) // 2):
        middle.pop_code()
    return middle


def search_speed(game: Game, seconds: float, seed: int) -> tuple[int, float]:
    """Iterations of the game's search from ``game`` in about ``seconds``."""
    players = computer_players(game.name)
    if players is None:
        raise AgentSpecError(f"{game.title} has no search player yet")
    search = Search(game, players.knowledge(), seed=seed)
    result = search.run(seconds=seconds)
    return result.iterations, result.seconds


def search_speeds(start: Game, seconds: float, seed: int) -> Iterator[tuple[str, int, float]]:
    """(where, iterations, seconds taken) of the game's search from ``start`` and from a
    middle game after it, about ``seconds`` each, one at a time as each is measured."""
    middle = middle_game(start, seed)
    for label, game in (("start", start), ("middle game", middle)):
        done, took = search_speed(game, seconds, seed)
        yield label, done, took
