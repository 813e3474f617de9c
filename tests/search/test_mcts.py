"""The tree of the Monte Carlo search (archipelago/search/mcts.py) on tests/support's Nim:
every iteration is one visit backed up along one path, a node tries each move once before
it repeats one, the budgets and the stop check end a run, and ``advance`` keeps the
subtree of the move played. That the search finds good moves is tests/search/test_core.py's
part."""

from __future__ import annotations

from archipelago.search.knowledge import Knowledge
from archipelago.search.mcts import Search
from archipelago.search.node import Node
from tests.support.toygames import Nim


def nodes_below(node: Node) -> list[Node]:
    """Every node of the tree under ``node``, itself excluded."""
    out = []
    for child in node.children:
        out += [child, *nodes_below(child)]
    return out


def after(game: Nim, *codes: int) -> Nim:
    game = game.clone()
    for code in codes:
        game.push_code(code)
    return game


def test_each_iteration_is_one_visit_backed_up_along_one_path():
    search = Search(Nim(2), Knowledge(), seed=3)
    result = search.run(iterations=300)
    root = search.root
    assert result.iterations == search.iterations == root.visits > 0
    assert root.visits == sum(child.visits for child in root.children)
    for node in nodes_below(root):
        # Its first visit was the playout that made it; each later one went on to a child.
        if node.mover is None:
            assert node.children == []
        else:
            assert node.visits == 1 + sum(child.visits for child in node.children)
            assert all(child.mover in (None, 3 - node.mover) for child in node.children)
        # One of Nim's two players wins each playout: the rewards add up to the visits.
        assert node.value[1] + node.value[2] == node.visits
    best = root.children[root.best_index()]
    assert result.code == search.best_code() == root.child_codes[root.best_index()]
    assert result.visits == best.visits and result.value == best.value[1] / best.visits


def test_a_node_tries_every_move_once_before_it_repeats_one():
    game = Nim(2)
    moves = game.legal_codes()
    search = Search(game, Knowledge(), seed=1)
    search.run(iterations=len(moves))
    assert sorted(search.root.child_codes) == sorted(moves)
    assert [child.visits for child in search.root.children] == [1] * len(moves)


def test_the_stop_check_and_a_missing_budget_end_a_run_before_it_starts():
    search = Search(Nim(2), Knowledge(), seed=1)
    assert search.run().iterations == 0
    stopped = search.run(iterations=100, should_stop=lambda: True)
    assert stopped.stopped and stopped.iterations == 0 and search.root.visits == 0
    # With no tree yet the choice is the knowledge's first move, a legal one.
    assert stopped.code in Nim(2).legal_codes()


def test_a_single_legal_move_needs_a_single_iteration():
    game = after(Nim(1), 1, 102, 202)  # heaps 0, 0 and 1 left
    assert game.legal_codes() == [201]
    result = Search(game, Knowledge(), seed=1).run(iterations=100)
    assert result.iterations == 1 and result.code == 201


def test_advance_keeps_the_subtree_of_the_move_played():
    game = Nim(2)
    search = Search(game, Knowledge(), seed=2)
    code = search.run(iterations=200).code
    kept = search.root.child(code)
    assert kept is not None and kept.visits > 0
    assert search.advance(code, after(game, code))
    assert search.root is kept and search.game.heaps() == after(game, code).heaps()
    # A move the tree never tried starts a fresh tree.
    untried = Search(game, Knowledge(), seed=2)
    assert not untried.advance(code, after(game, code))
    assert untried.root.visits == 0 and untried.root.children == []
