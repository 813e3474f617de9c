"""The proof of an only move (archipelago/puzzles/proof.py): the second opinion never
plays the best turn, and a position with one winning turn is proven, exactly."""

from __future__ import annotations

from archipelago.analysis.results import Budget
from archipelago.puzzles.proof import MARGIN, BarredSearch, proof_budget, verdict
from archipelago.registry import from_record, new_game
from archipelago.search import computer_players


def test_a_barred_search_never_plays_the_barred_moves() -> None:
    game = new_game("stigmergy", size=3, variant={"komi": 2})
    barred = frozenset(game.legal_codes()[1:])  # all but one
    players = computer_players("stigmergy")
    assert players is not None
    search = BarredSearch(game, players.knowledge(), barred, seed=1)
    search.run(200)
    assert search.root.child_codes == [game.legal_codes()[0]]


def test_the_proof_budget_is_four_times_level_5s() -> None:
    assert proof_budget("archipelago").iterations == 4 * 3000
    assert proof_budget("stigmergy", 2).iterations == 2 * 1000


def test_the_only_winning_turn_of_an_endgame_is_proven_by_a_margin() -> None:
    # Side 3, eight empty cells, Blue to move with three stones: the exact solver proves
    # that 1b1,1c1,2b2 wins and the second opinion's best other turn loses.
    turns = ["1c4", "2c2,2c5", "2a1,2a3", "1c3,2e2", "2b3,2d1", "1d2,2e1"]
    position = from_record({"game": "archipelago", "size": 3, "players": 2, "turns": turns})
    found = verdict(position, Budget(300, 50_000), seed=3)
    assert found is not None and found.only
    assert (found.text, found.chance, found.second_chance) == ("1b1,1c1,2b2", 1.0, 0.0)
    assert found.second not in ("", found.text)
    assert found.margin >= MARGIN
