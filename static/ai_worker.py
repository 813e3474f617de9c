"""The computer player's half of the page, run by static/ai_worker.js in a Web Worker.

The search never runs on the page's thread, so the page answers clicks while a computer
thinks. A plain static host gives the worker no shared memory with the page, so a "stop"
can only arrive as a message between two pieces of work: the search therefore runs in
short slices (``step``), and the worker's JavaScript reads its messages between them.

``SearchAgent.begin`` / ``think`` / ``finish`` give each stone the same budget as
``SearchAgent.choose`` (the level's turn budget shared over the stones still to place,
the tree kept from one stone of a turn to the next); only the running of it is cut into
slices. This module imports no browser API.
"""

from __future__ import annotations

from archipelago.ai import SearchAgent, make_agent
from archipelago.record import dumps, loads
from archipelago.state import GameState

HURRY_SECONDS = 0.05  # a stone's budget once the player pressed Stop in this turn


def move_text(state, move) -> str:
    """A move for the page: its canonical text ("2g5", "end" or "pass"), the notation the
    page pushes through the game contract."""
    if isinstance(move, str):
        return move
    colour, cell = move
    return state.code_text(colour * len(state.cells) + cell)


class Thinker:
    """Chooses one move at a time for the mover of the position it is given, keeping the
    agent (its budget and tree) while the same computer goes on with the same turn."""

    def __init__(self) -> None:
        self.agent = None
        self.level = None
        self.turn_key = None  # (turns played, stones on the board this turn) for reuse
        self.state = None
        self.answer = None  # a move known before any thinking (level 1, a winning move)

    # ------------------------------------------------------------------ one move
    def begin(
        self, record_text: str, level: int, seed=None, fresh: bool = False, hurry: bool = False
    ) -> None:
        """Start thinking about the move of ``record_text``'s mover at ``level``."""
        state = loads(record_text)
        if state.mover is None:
            raise ValueError("the game is over: there is no move to choose")
        key = (len(state.turns), sorted(state.turn_stones))
        if fresh or self.agent is None or self.level != level or self.turn_key != key:
            self.agent = make_agent(int(level), None if seed is None else int(seed))
            self.level = level
            self.agent.start_turn(state)
        self.state = state
        agent = self.agent
        if isinstance(agent, SearchAgent):
            self.answer = agent.begin(state)
            if self.answer is None and hurry:
                agent.hurry(HURRY_SECONDS)
        else:
            self.answer = agent.choose(state)  # level 1 answers at once

    def step(self, slice_seconds: float):
        """Think for at most ``slice_seconds``; the move's text once chosen, else None."""
        if self.answer is not None:
            return self._settle(self.answer)
        move = self.agent.think(slice_seconds)
        return None if move is None else self._settle(move)

    def finish(self) -> str:
        """Stop thinking and answer with the best move found so far."""
        if self.answer is not None:
            return self._settle(self.answer)
        return self._settle(self.agent.finish())

    # ------------------------------------------------------------------ internals
    def _settle(self, move) -> str:
        """Remember where the turn stands, so that the next request of the same turn
        reuses the agent; return the move for the page."""
        state = self.state
        after = state.clone()
        if isinstance(move, tuple):
            after.place(*move)
        self.turn_key = None  # the turn is over: the next request starts afresh
        if after.turn_stones and after.mover == state.mover:
            self.turn_key = (len(after.turns), sorted(after.turn_stones))
        self.answer = None
        return move_text(state, move)


THINKER = Thinker()


def warm_up(level: int = 3) -> None:
    """Search once, to the end, for a small new game and forget it: the worker does this
    as it starts, so the first hint or move asked of it does not pay for what a first
    search sets up, and takes as long as any later one."""
    thinker = Thinker()
    thinker.begin(dumps(GameState(5, 2)), level, seed=1)
    while thinker.step(0.05) is None:
        pass
