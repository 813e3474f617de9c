"""A node of the search tree (archipelago/search/node.py): the child reached by a move,
the most visited child, and the all-moves-as-first tables' tallies."""

from __future__ import annotations

from archipelago.search.node import Node, new_amaf, tally


def test_a_new_node_has_no_visits_and_a_value_per_player():
    node = Node(2, 3)
    assert node.mover == 2 and node.visits == 0 and node.value == [0.0] * 4
    assert node.codes is None and node.children == [] and node.amaf is None


def test_the_child_of_a_move_is_found_only_once_expanded():
    node = Node(1, 2)
    for code, visits in [(7, 3), (4, 5), (9, 5)]:
        child = Node(2, 2)
        child.visits = visits
        node.child_codes.append(code)
        node.children.append(child)
    assert node.child(4) is node.children[1]
    assert node.child(5) is None
    assert node.best_index() == 1  # the most visited, the first of equals


def test_a_node_without_children_picks_its_first_move():
    assert Node(1, 2).best_index() == 0


def test_tally_counts_each_key_once_per_appearance():
    counts, sums = new_amaf()
    tally(counts, [3, 5, 3])
    tally(counts, [5])
    tally(sums, [3])
    assert dict(counts) == {3: 2, 5: 2} and dict(sums) == {3: 1}
