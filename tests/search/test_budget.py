"""Budgets that search on past a move's iterations while the choice is close
(``Budget.extend``, level 5)."""

from __future__ import annotations

from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.games.archipelago.state import GameState
from archipelago.search import make_agent
from archipelago.search.agents import EXTEND_ROUNDS, Budget, SearchAgent


def first_move_iterations(extend: bool, seconds: float = 30.0) -> tuple[int, SearchAgent]:
    # The first of two stones of the second turn on side 5, where most cells are much
    # alike: under this seed its two best stones are still close after its 120 iterations
    # (the turn's 240 shared over two stones); under others the search settles earlier.
    agent = SearchAgent(ArchipelagoKnowledge(), Budget(240, seconds, extend=extend), seed=6)
    game = GameState(5, 2)
    game.place(1, 30)
    assert game.stones_left == 2
    agent.begin(game)
    agent.think()
    return agent.iterations_done, agent


def test_a_close_choice_searches_on_and_only_within_its_rounds():
    plain, _ = first_move_iterations(False)
    extended, agent = first_move_iterations(True)
    assert plain <= 120
    assert 120 < extended <= 120 + EXTEND_ROUNDS * 60
    # The turn's other stone keeps its budget: only the base goal is charged.
    assert agent.left_iterations == 120


def test_extension_stays_within_the_moves_time():
    extended, _ = first_move_iterations(True, seconds=0.0005)
    assert extended <= 120


def test_level_five_extends_and_lower_levels_do_not():
    agent = make_agent(5)
    assert isinstance(agent, SearchAgent) and agent.budget.extend
    lower = make_agent(4)
    assert isinstance(lower, SearchAgent) and not lower.budget.extend
    timed = make_agent(5, move_seconds=0.2)  # @MS budgets are time only: nothing to extend
    assert isinstance(timed, SearchAgent) and not timed.budget.extend
