"""The game-independent search (``archipelago.search``) on two toy games written in
tests/support/toygames.py against the game contract: it must solve them with no knowledge of
either beyond the default ``Knowledge``. Archipelago's own search is tested in
tests/games/archipelago/ai/test_ai.py."""

from __future__ import annotations

import random
import time

import pytest

from archipelago.search import (
    Budget,
    Knowledge,
    RandomAgent,
    Search,
    SearchAgent,
    Slips,
    immediate_win,
)
from tests.support.toygames import BIG, Collect, CollectKnowledge, Nim


def nim_xor(game: Nim) -> int:
    a, b, c = game.heaps()
    return a ^ b ^ c


def winning_nim_positions(count: int) -> list[Nim]:
    """Positions of Nim with heaps 2, 3, 4 (after a few random moves) that the mover
    wins with the right move."""
    rng = random.Random(5)
    found: list[Nim] = []
    while len(found) < count:
        game = Nim(2)
        for _ in range(rng.randint(0, 3)):
            if not game.is_over:
                game.push_code(rng.choice(game.legal_codes()))
        if not game.is_over and nim_xor(game) and game.to_move is not None:
            found.append(game)
    return found


def test_the_search_solves_nim_with_no_knowledge_of_it():
    for seed, game in enumerate(winning_nim_positions(8)):
        agent = SearchAgent(Knowledge(), Budget(iterations=3000), seed=seed)
        move = agent.choose(game)
        game.push(move)
        assert nim_xor(game) == 0, (game.heaps(), move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_turn_of_two_moves_takes_the_big_token(players):
    # The mover picks twice in a row; the big token wins whoever else gets what.
    for seed in range(3):
        game = Collect(3, players)
        for code in (0, 1) * (seed % 2):  # sometimes start from a later turn
            game.push_code(game.legal_codes()[-1 - code])
        mover = game.to_move
        agent = SearchAgent(CollectKnowledge(), Budget(iterations=400), seed=seed)
        moves = agent.play_turn(game)
        assert len(moves) == 2 and game.to_move != mover
        assert BIG in [game.tokens()[m.code] for m in moves], moves


def test_a_turns_budget_is_shared_and_its_tree_kept():
    game = Collect(3, 3)
    agent = SearchAgent(CollectKnowledge(), Budget(iterations=300), seed=1)
    first = agent.choose(game)
    assert agent.iterations_done <= 150  # half the turn's budget for the first pick
    game.push(first)
    assert agent.continues_turn(game)
    assert agent.search is not None and agent.search.root.visits > 0  # the kept subtree
    game.push(agent.choose(game))
    assert agent.iterations_done <= 300
    assert game.to_move == 2 and not agent.continues_turn(game)


def test_a_position_that_does_not_continue_the_turn_gets_a_fresh_budget():
    game = Collect(3, 2)
    agent = SearchAgent(CollectKnowledge(), Budget(iterations=200), seed=2)
    agent.play_turn(game)  # both picks: the turn's budget is spent
    assert agent.left_iterations == 0
    game.pop()  # take the second pick back: the same turn, but no longer the agent's
    assert not agent.continues_turn(game)
    assert agent.begin(game) is None
    assert agent.left_iterations == 200  # a fresh turn, all of it for the one pick left
    move = agent.think(None)
    assert move is not None and move.code in game.legal_codes()


def test_begin_think_finish_and_hurry_in_slices():
    game = Nim(3)
    agent = SearchAgent(Knowledge(), Budget(seconds=30.0), seed=3)
    assert agent.begin(game) is None
    assert agent.think(0.01) is None  # a slice does not use up 30 s
    agent.hurry(0.02)
    start = time.perf_counter()
    move = None
    while move is None:
        move = agent.think(0.01)
    assert time.perf_counter() - start < 1.0
    assert move.code in game.legal_codes()
    assert agent.begin(game) is None  # the same position again: not a continuation
    assert agent.finish().code in game.legal_codes()


def test_budgets_and_the_stop_check():
    game = Nim(3)
    result = Search(game, Knowledge(), seed=1).run(iterations=50)
    assert 0 < result.iterations <= 50
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 20

    stopped = Search(game, Knowledge(), seed=1).run(seconds=30, should_stop=stop)
    assert stopped.stopped and stopped.iterations == 20
    with pytest.MonkeyPatch.context() as patch:
        # A clock of 10 ms a reading: the search stops at the first reading past 0.1 s,
        # however busy the machine (start 0, then one reading before each iteration).
        ticks = iter(range(10**6))
        patch.setattr(time, "perf_counter", lambda: next(ticks) * 0.01)
        timed = Search(game, Knowledge(), seed=1).run(seconds=0.1)
    assert timed.iterations == 9
    assert Search(game, Knowledge(), seed=1).run().iterations == 0  # no budget, no work


class SortedKnowledge(Knowledge):
    """Nim's moves in code order (a poor order: heap a's smallest takes first), and a
    move that takes the last object played at once."""

    def ordered_codes(self, game, rng):
        return sorted(game.legal_codes())

    def decisive_code(self, game):
        return immediate_win(game, game.legal_codes())


def test_slips_play_one_of_the_knowledges_first_moves_instead_of_the_search():
    changed = 0
    for seed, game in enumerate(winning_nim_positions(8)):
        first_two = sorted(game.legal_codes())[:2]
        careful = SearchAgent(SortedKnowledge(), Budget(iterations=3000), seed, slips=None)
        never = SearchAgent(SortedKnowledge(), Budget(iterations=3000), seed, slips=Slips(0.0, 2))
        always = SearchAgent(SortedKnowledge(), Budget(iterations=3000), seed, slips=Slips(1.0, 2))
        best = careful.choose(game)
        after = game.clone()
        after.push(best)
        assert nim_xor(after) == 0  # the order does not stop the search solving Nim
        assert never.choose(game) == best
        slip = always.choose(game)
        assert slip.code in first_two
        changed += slip != best
    assert changed > 0  # in some positions the winning move is not among the first two


def test_a_move_played_without_searching_is_never_a_slip():
    game = Nim(1)  # heaps 1, 2, 3
    for code in (0 * 100 + 1, 1 * 100 + 2):  # empty heaps a and b
        game.push_code(code)
    agent = SearchAgent(SortedKnowledge(), Budget(iterations=100), seed=1, slips=Slips(1.0, 1))
    assert agent.choose(game).code == 2 * 100 + 3  # all of heap c, not the first in order


def test_slips_need_a_share_from_0_to_1_and_at_least_one_move():
    for share, among in ((1.5, 3), (-0.1, 3), (0.5, 0)):
        with pytest.raises(ValueError):
            Slips(share, among)


def test_the_search_is_reproducible_under_a_seed():
    game = Collect(4, 3)
    visits = []
    for _ in range(2):
        search = Search(game, Knowledge(), seed=9)
        search.run(iterations=300)
        visits.append([c.visits for c in search.root.children])
    assert visits[0] == visits[1]


def test_immediate_win_finds_the_last_object():
    game = Nim(1)  # heaps 1, 2, 3
    for code in (0 * 100 + 1, 1 * 100 + 2):  # empty heaps a and b
        game.push_code(code)
    assert game.heaps() == [0, 0, 3]
    assert immediate_win(game, game.legal_codes()) == 2 * 100 + 3
    assert immediate_win(game, [2 * 100 + 1]) is None


def test_the_random_agent_plays_any_game_to_its_end():
    for game in (Nim(3), Collect(3, 4)):
        agent = RandomAgent(seed=4)
        while not game.is_over:
            agent.play_turn(game)
        assert game.returns() is not None


class PhasedKnowledge(CollectKnowledge):
    """Collect's knowledge with a budget weight per turn: half for the first turn, one and
    a half for every later one."""

    def budget_weight(self, game):
        return 0.5 if self.turn_number(game) == 0 else 1.5


def test_a_weighted_turn_budget_spends_later_what_earlier_turns_saved_and_no_more():
    game = Collect(5, 2)
    agent = SearchAgent(PhasedKnowledge(), Budget(iterations=200), seed=4)
    budgets = []
    for _ in range(3):  # the agent plays both players' turns, two picks each
        assert agent.begin(game) is None
        budgets.append(agent.left_iterations)  # the turn's budget, before its first pick
        game.push(agent.think(None))
        assert agent.continues_turn(game)
        game.push(agent.choose(game))
    # Half a turn saved at the first turn pays for the second's extra half; the third
    # turn finds nothing saved and gets the plain budget.
    assert budgets == [100, 300, 200]
    assert agent.saved == 0.0


def test_a_weighted_move_budget_saves_and_spends_move_by_move():
    game = Collect(5, 2)
    agent = SearchAgent(PhasedKnowledge(), Budget(move_iterations=80), seed=4)
    saved, iterations = [], []
    while not game.is_over:
        before = agent.iterations_done
        game.push(agent.choose(game))
        saved.append(agent.saved)
        iterations.append(agent.iterations_done - before)
    # The first turn's two picks take 40 iterations at most and save half a budget each;
    # the next two spend it, half each; the rest get the plain 80.
    assert saved[:5] == [0.5, 1.0, 0.5, 0.0, 0.0]
    assert max(iterations[:2]) <= 40 and max(iterations[2:]) <= 120
    assert sum(iterations) <= 80 * len(iterations)
