"""Stigmergy's engine against the from-scratch model: property tests (hypothesis),
perft counts, and the finding that a game can never cycle (docs/stigmergy.md)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from archipelago.games.stigmergy.state import StigmergyGame
from tests.support.stighelpers import discord, legal_from_scratch, play, sight_from_scratch

games = st.tuples(
    st.integers(min_value=3, max_value=6),
    st.one_of(st.none(), st.integers(min_value=-5, max_value=5)),
    st.lists(st.integers(min_value=0, max_value=10**6), max_size=120),
)


def walk(size: int, komi: int | None, picks: list[int]) -> tuple[StigmergyGame, list[tuple]]:
    """Play the moves that ``picks`` choose (index into the legal moves); return the game
    and the snapshot before each move."""
    game = play(size, [], komi=komi)
    before = []
    for pick in picks:
        codes = game.legal_codes()
        if not codes:
            break
        before.append(game.snapshot())
        game.push_code(codes[pick % len(codes)])
    return game, before


@settings(max_examples=60, deadline=None)
@given(games)
def test_incremental_sight_and_legal_moves_equal_a_recomputation(args: tuple) -> None:
    size, komi, picks = args
    game = play(size, [], komi=komi)
    for pick in picks:
        codes = game.legal_codes()
        assert sorted(game.code_text(c) for c in codes) == legal_from_scratch(game)
        if not codes:
            break
        game.push_code(codes[pick % len(codes)])
        counts = sight_from_scratch(size, game.cells)
        assert game.see[1] == counts[1] and game.see[2] == counts[2]
        assert game.stones[1:] == [game.cells.count(1), game.cells.count(2)]


@settings(max_examples=60, deadline=None)
@given(games)
def test_pop_restores_the_exact_state(args: tuple) -> None:
    game, before = walk(*args)
    while before:
        game.pop_code()
        assert game.snapshot() == before.pop()
    assert game == play(args[0], [], komi=args[1])


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_clone_is_equal_and_independent(args: tuple) -> None:
    game, _ = walk(*args)
    copy = game.clone()
    assert copy == game and copy.to_record() == game.to_record()
    snapshot = game.snapshot()
    if copy.legal_codes():
        copy.push_code(copy.legal_codes()[0])
        assert game.snapshot() == snapshot and copy != game
        copy.pop_code()
        assert copy == game


# ---------------------------------------------------------------- perft
def perft(game: StigmergyGame, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for code in game.legal_codes():
        game.push_code(code)
        total += perft(game, depth - 1)
        game.pop_code()
    return total


def perft_from_scratch(game: StigmergyGame, depth: int) -> int:
    """The same count with the legal moves of the from-scratch model, on clones."""
    if depth == 0:
        return 1
    total = 0
    for text in legal_from_scratch(game):
        child = game.clone()
        child.push(text)
        total += perft_from_scratch(child, depth - 1)
    return total


def test_perft_from_the_start_of_a_side_3_game() -> None:
    game = play(3, [], komi=0)
    # Nobody can control a cell with a single stone (a corner needs two sightings), so
    # the first three moves are any empty cell: 19, 19*18, 19*18*17.
    assert [perft(game, d) for d in (1, 2, 3)] == [19, 342, 5814]
    assert perft(game, 4) == perft_from_scratch(game, 4)
    # With an odd komi the button is one more move until somebody takes it.
    assert perft(play(3, [], komi=1), 1) == 20


def test_perft_of_the_proposal() -> None:
    game = play(3, [], komi=None)
    # 41 komi proposals from -20 to 20; each answered by 19 first stones or play-second,
    # plus the button for the 20 odd ones.
    assert perft(game, 1) == 41
    assert perft(game, 2) == 41 * 20 + 20


def test_legal_move_counts_at_known_positions() -> None:
    # Player 1 controls the corner a1 (it sees a4 and d1) and player 2's stone sits there.
    game = play(4, ["a4", "a1", "g3", "g2", "d1", "f2"])
    # 37 cells, 6 stones: 31 empty cells, of which player 2 controls g1 (it sees g2 and
    # f2, two of its three lines); one flip, a1x.
    texts = [move.text for move in game.legal_moves()]
    assert len(texts) == 30 + 1 and "a1x" in texts and "g1" not in texts
    assert perft(game, 2) == perft_from_scratch(game, 2)
    rng = random.Random(5)
    for _ in range(30):
        game.push(rng.choice(game.legal_moves()))
    assert perft(game, 2) == perft_from_scratch(game, 2)


# ---------------------------------------------------------------- no cycles
colourings = st.integers(min_value=3, max_value=7).flatmap(
    lambda size: st.tuples(
        st.just(size), st.lists(st.sampled_from([0, 0, 1, 2]), min_size=3 * size * (size - 1) + 1)
    )
)


@settings(max_examples=300, deadline=None)
@given(colourings)
def test_every_flip_lowers_the_discord(args: tuple) -> None:
    """The lemma behind "no cycles", on any arrangement of stones (reachable or not): a
    flip turns a stone that sees more enemies than friends, so the pairs of stones of
    different owners that see each other drop by at least one."""
    size, cells = args
    game = StigmergyGame(size, 0)
    cells = cells[: len(game.cells)]
    counts = sight_from_scratch(size, cells)
    before = discord(size, cells)
    for index, owner in enumerate(cells):
        if not owner:
            continue
        enemy = 3 - owner
        if counts[enemy][index] >= game.geo.need[index]:  # the enemy may flip it
            flipped = cells[:]
            flipped[index] = enemy
            drop = before - discord(size, flipped)
            assert drop == counts[enemy][index] - counts[owner][index] >= 1


def test_random_games_end_within_the_bound() -> None:
    """No position repeats within a game, and every game ends well inside the bound of
    docs/stigmergy.md: N placements, at most 3N flips between two placements, a button,
    two komi turns, and no more passes than other moves plus two."""
    rng = random.Random(11)
    for size in (3, 4, 5, 6):
        for _ in range(6):
            game = play(size, [], komi=None)
            n = len(game.cells)
            seen = set()
            while not game.is_over:
                key = (tuple(game.cells), game.to_move, game.komi, game.komi_to, game.button)
                assert key not in seen  # a repeat would mean a cycle was possible
                seen.add(key)
                game.push(rng.choice(game.legal_moves()))
            flips = sum(1 for c in game.history_codes() if n <= c < 2 * n)
            placements = sum(1 for c in game.history_codes() if 0 <= c < n)
            assert placements <= n and flips <= (n + 1) * 3 * n
            bound = 2 + 1 + n + (n + 1) * 3 * n
            assert len(game.history) <= 2 * bound + 2
