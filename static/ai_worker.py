"""The computer player's half of the page, run by static/ai_worker.js in a Web Worker.

The search never runs on the page's thread, so the page answers clicks while a computer
thinks. A plain static host gives the worker no shared memory with the page, so a "stop"
can only arrive as a message between two pieces of work: the search therefore runs in
short slices (``step``), and the worker's JavaScript reads its messages between them.

The budget of each stone is the one ``SearchAgent.choose`` gives it (the level's turn
budget shared over the stones still to place, the tree kept from one stone of a turn to
the next); only the running of it is cut into slices. This module imports no browser API.
"""

from __future__ import annotations

import json

from archipelago.ai import SearchAgent, make_agent
from archipelago.ai.agents import deciding_action, move_of
from archipelago.ai.features import apply_action
from archipelago.ai.mcts import Search
from archipelago.record import loads

HURRY_SECONDS = 0.05  # a stone's budget once the player pressed Stop in this turn


def move_text(move) -> str:
    """A move for the page: "end", "pass" or [colour, cell] as JSON."""
    return json.dumps(move if isinstance(move, str) else list(move))


class Thinker:
    """Chooses one move at a time for the mover of the position it is given, keeping the
    agent (its budget and tree) while the same computer goes on with the same turn."""

    def __init__(self) -> None:
        self.agent = None
        self.level = None
        self.turn_key = None  # (turns played, stones expected on the board) for reuse
        self.state = None
        self.answer = None
        self.search = None
        self.goal_iterations = None
        self.goal_seconds = None
        self.done = 0
        self.elapsed = 0.0

    # ------------------------------------------------------------------ one move
    def begin(self, record_text: str, level: int, seed=None, fresh: bool = False,
              hurry: bool = False) -> None:
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
        self.answer = None
        self.search = None
        agent = self.agent
        if not isinstance(agent, SearchAgent):
            self.answer = agent.choose(state)  # level 1 answers at once
            return
        decisive = deciding_action(state)
        if decisive is not None:
            self.answer = move_of(state, decisive)
            return
        search = agent.search
        if search is None or not _same_position(search, state):
            search = agent.search = Search(state, agent.params,
                                           seed=agent.rng.randrange(2**32))
        self.search = search
        share = max(1, state.stones_left)
        self.goal_iterations = (None if agent.left_iterations is None
                                else max(1, agent.left_iterations // share))
        self.goal_seconds = (None if agent.left_seconds is None
                             else max(0.001, agent.left_seconds / share))
        if hurry:
            self.goal_seconds = min(self.goal_seconds or HURRY_SECONDS, HURRY_SECONDS)
        self.done = 0
        self.elapsed = 0.0

    def step(self, slice_seconds: float):
        """Think for at most ``slice_seconds``; the move as JSON once chosen, else None."""
        if self.answer is not None:
            return self._settle(None)
        seconds = slice_seconds
        if self.goal_seconds is not None:
            seconds = min(seconds, max(0.0, self.goal_seconds - self.elapsed))
        iterations = None
        if self.goal_iterations is not None:
            iterations = max(0, self.goal_iterations - self.done)
        result = self.search.run(iterations, seconds)
        self.done += result.iterations
        self.elapsed += result.seconds
        finished = (
            (iterations is not None and result.iterations >= iterations)
            or (self.goal_seconds is not None and self.elapsed >= self.goal_seconds)
            or result.seconds < seconds  # the search decided before its slice ran out
        )
        return self._settle(result.action) if finished else None

    def finish(self) -> str:
        """Stop thinking and answer with the best move found so far."""
        if self.answer is not None:
            return self._settle(None)
        if self.done == 0:
            self.search.run(1)
            self.done = 1
        return self._settle(self.search.best_action())

    # ------------------------------------------------------------------ internals
    def _settle(self, action):
        state, agent = self.state, self.agent
        if action is not None:
            agent.iterations_done += self.done
            if agent.left_iterations is not None:
                agent.left_iterations = max(0, agent.left_iterations - self.done)
            if agent.left_seconds is not None:
                agent.left_seconds = max(0.0, agent.left_seconds - self.elapsed)
            self.answer = move_of(state, action)
            after = state.clone()
            apply_action(after, action)
            if after.mover == state.mover and after.turn_stones:
                self.search.advance(action, after)
            else:
                agent.search = None
        move = self.answer
        after = state.clone()
        if isinstance(move, tuple):
            after.place(*move)
            self.turn_key = (len(after.turns), sorted(after.turn_stones))
        else:
            self.turn_key = None  # the turn is over: the next request starts afresh
        if not after.turn_stones or after.mover != state.mover:
            self.turn_key = None
        self.answer = None
        self.search = None
        return move_text(move)


def _same_position(search, state) -> bool:
    return (search.state.cells == state.cells and search.state.mover == state.mover
            and sorted(search.state.turn_stones) == sorted(state.turn_stones))


THINKER = Thinker()
