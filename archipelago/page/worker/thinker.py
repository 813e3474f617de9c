"""The computer player's half of the page, run by static/computer/worker.js in a Web Worker.

The search never runs on the page's thread, so the page answers clicks while a computer
thinks. A plain static host gives the worker no shared memory with the page, so a "stop"
can only arrive as a message between two pieces of work: the search therefore runs in
short slices (``step``), and the worker's JavaScript reads its messages between them.

The agent's ``begin`` / ``think`` / ``finish`` give each move the same budget as its
``choose``; the agent also tells whether a position continues the turn it was playing
(after an undo or another player's move it starts a fresh turn budget), so this module
only keeps one agent per level and game. Answers are the move's canonical text
("2g5", "end", "pass"). This module imports no browser API.
"""

from __future__ import annotations

from archipelago.game import Move
from archipelago.registry import dumps, loads, new_game
from archipelago.search import Agent, make_agent

HURRY_SECONDS = 0.05  # a move's budget once the player pressed Stop in this turn


def move_text(move: Move) -> str:
    """A move for the page: its canonical text ("2g5", "end", "pass"), the notation the
    page pushes through the game contract (archipelago/page/worker/protocol.py carries it)."""
    return move.text


class Thinker:
    """Chooses one move at a time for the mover of the record it is given, keeping the
    agent of each game and level (its tree and turn budget) between requests."""

    def __init__(self) -> None:
        self.agent: Agent | None = None
        self.kind: tuple[str, int] | None = None  # (game, level) of the agent
        self.answer: Move | None = None  # a move known before any thinking

    def begin(
        self,
        record_text: str,
        level: int,
        seed: int | None = None,
        fresh: bool = False,
        hurry: bool = False,
    ) -> None:
        """Start thinking about the move of ``record_text``'s mover at ``level``; a
        ``fresh`` agent forgets everything (a hint), ``hurry`` cuts the budget (Stop was
        pressed during this turn)."""
        game = loads(record_text)
        if game.is_over:
            raise ValueError("the game is over: there is no move to choose")
        kind = (game.name, int(level))
        if fresh or self.agent is None or self.kind != kind:
            self.agent = make_agent(kind[1], None if seed is None else int(seed), game=game.name)
            self.kind = kind
        self.answer = self.agent.begin(game)
        if self.answer is None and hurry:
            self.agent.hurry(HURRY_SECONDS)

    def step(self, slice_seconds: float) -> str | None:
        """Think for at most ``slice_seconds``; the move's text once chosen, else None."""
        move = self.answer if self.answer is not None else self._agent().think(slice_seconds)
        self.answer = None
        return None if move is None else move_text(move)

    def finish(self) -> str:
        """Stop thinking and answer with the best move found so far."""
        move = self.answer if self.answer is not None else self._agent().finish()
        self.answer = None
        return move_text(move)

    def _agent(self) -> Agent:
        if self.agent is None:
            raise ValueError("begin() a request first")
        return self.agent


THINKER = Thinker()


# What the worker searches as it starts, before it says it is ready: a small new game, at
# the hint's level, through the same sliced calls from JavaScript as a request. So the
# first hint or move asked of it takes as long as any later one: the browser compiles the
# hot code (the interpreter's WebAssembly, Pyodide's calls between JavaScript and Python)
# with its optimising compilers only once it has run a while. Measured in chromium, with
# the interpreter started from the snapshot: the first two requests took 190-250 and
# 110-150 ms where a warm one takes 52-65 ms, also after searches run from Python alone.
WARM_UP_RECORD = dumps(new_game(size=5, players=2))
WARM_UP_LEVEL = 3
WARM_UP_MOST = 8  # searches at most


def warmed_up(searches: int, first: float, last: float) -> bool:
    """Whether the warm-up may stop after ``searches`` searches, the first and the last
    of which took ``first`` and ``last`` ms: once a search takes at most half as long as
    the first (a cold search takes 2.5-4 times as long as a warm one), or at the most."""
    return searches >= WARM_UP_MOST or (searches >= 2 and last <= 0.5 * first)
