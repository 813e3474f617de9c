"""The puzzle maker's parts (archipelago/puzzles/making.py): which positions of an
analysed game it tries, and how it numbers what it keeps."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from archipelago.analysis.results import Budget, TurnAnalysis
from archipelago.game import Game
from archipelago.puzzles import making
from archipelago.puzzles.making import MakeJob, candidates, numbered, themes_of
from archipelago.puzzles.proof import Verdict, verdict
from archipelago.puzzles.puzzle import Puzzle
from archipelago.registry import from_record

RECORD = {"game": "stigmergy", "size": 3, "turns": ["0", "a1"]}


def row(turn: int, mover: int, before: float, after: float, exact: bool = False) -> TurnAnalysis:
    return TurnAnalysis(turn, mover, "a1", before, after, "b2", "good", (after, 1 - after), exact)


def test_the_positions_tried_are_blunders_first_then_the_answers_to_one() -> None:
    rows = [
        row(1, 1, 0.5, 0.1),  # a blunder, but in the first turns
        row(2, 2, 0.5, 0.5),
        row(3, 1, 0.6, 0.3),  # missed 0.3
        row(4, 2, 0.8, 0.8),  # Orange's answer to Blue's blunder
        row(5, 1, 0.9, 0.4),  # missed 0.5
        row(6, 2, 0.6, 0.55),
    ]
    analyser: Any = SimpleNamespace(rows=rows)
    assert candidates(analyser) == [4, 2, 5, 3]


def test_the_proven_positions_come_first_all_of_them_and_alone_when_asked() -> None:
    rows = [
        row(1, 1, 0.5, 0.5),
        row(2, 2, 0.5, 0.5),
        row(3, 1, 0.9, 0.5),  # missed 0.4
        row(4, 2, 0.8, 0.3),  # missed 0.5
        row(5, 1, 0.9, 0.6),  # missed 0.3
        row(6, 2, 0.6, 0.35),  # missed 0.25
        row(7, 1, 1.0, 0.0, exact=True),  # a proven win thrown away
        row(8, 2, 1.0, 1.0, exact=True),  # the answer to it, proven
        row(9, 1, 1.0, 0.0, exact=True),  # thrown away again
        row(10, 2, 1.0, 1.0, exact=True),
    ]
    analyser: Any = SimpleNamespace(rows=rows)
    # the proven ones beyond the cap of four; then the four largest drops of the others
    assert candidates(analyser) == [8, 6, 9, 7, 3, 2, 4, 5]
    assert candidates(analyser, proven_only=True) == [8, 6, 9, 7]


def test_only_the_candidates_that_pass_the_screen_are_proven(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screened: list[tuple[str, float]] = []  # each candidate's position and screen margin
    proven: list[str] = []

    def screening(position: Game, budget: Budget, seed: int) -> Verdict | None:
        found = verdict(position, budget, seed)
        assert budget.iterations == 100 // making.SCREEN_DIVISOR and found is not None
        screened.append((repr(position.to_record()), found.margin))
        return found

    def proving(position: Game, budget: Budget, seed: int) -> None:
        assert budget.iterations == 100
        proven.append(repr(position.to_record()))

    monkeypatch.setattr(making, "verdict", screening)
    monkeypatch.setattr(making, "puzzle_at", proving)
    # Stigmergy, side 4, 100 iterations: game 1 of seed 1 has candidates on both sides.
    job = MakeJob(1, "stigmergy", {"size": 4}, (1, 2, 3), 1, Budget(100))
    assert making.make_from_game(job).candidates == len(screened)
    passed = [record for record, margin in screened if margin >= making.SCREEN_MARGIN]
    assert proven == passed
    assert passed and len(passed) < len(screened)  # some let through, some held back


def test_a_game_gives_one_puzzle_per_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["a1", "b2", "a1", "c3"])  # the proofs' solutions, candidate by candidate

    def screening(position: Game, budget: Budget, seed: int) -> Verdict:
        return Verdict((0,), "a1", 1.0, "", 0.0, ())

    def proving(position: Game, budget: Budget, seed: int) -> dict[str, Any]:
        return {"solution": [next(answers)]}

    monkeypatch.setattr(making, "verdict", screening)
    monkeypatch.setattr(making, "puzzle_at", proving)
    monkeypatch.setattr(making, "candidates", lambda analyser, proven_only: [2, 3, 4, 5])
    job = MakeJob(1, "stigmergy", {"size": 3}, (1,), 1, Budget(10))
    found = making.make_from_game(job)
    assert [p["solution"] for p in found.puzzles] == [["a1"], ["b2"], ["c3"]]
    assert found.candidates == 4


def draft(turns: list[str], solution: list[str]) -> dict[str, Any]:
    record = {**RECORD, "turns": turns}
    return {"record": record, "solution": solution, "themes": ["flip"], "difficulty": 2}


def test_new_puzzles_are_numbered_after_the_set_and_a_known_one_is_left_out() -> None:
    known = [Puzzle("stigmergy-0007", "stigmergy", RECORD, ("b2",))]
    drafts = [draft(["0", "a1"], ["b2"]), draft(["0", "a1"], ["c3"]), draft(["0", "a1"], ["c3"])]
    made = numbered("stigmergy", drafts, known)
    assert [(p.id, p.solution) for p in made] == [("stigmergy-0008", ("c3",))]
    assert made[0].themes == ("flip",) and made[0].difficulty == 2


def test_each_game_names_its_themes() -> None:
    assert themes_of("stigmergy").__module__ == "archipelago.games.stigmergy.puzzle_themes"


def test_a_pass_that_ends_the_game_makes_no_puzzle() -> None:
    """After the opponent's pass, a pass ends the game (the page asks first and says
    the score, which would give the answer away); a pass that does not end it stays."""
    # A position the maker once kept, with the pass as its answer.
    turns = "2 play-second b5 d6 d4 c6 d1 b2 e6 e1 e3 b1 c3 d1x e2 c1 g4 f2 e5 a2 b3 f3 f1 c5"
    turns += " a3 g3 f4 c2 d5 g2 pass"
    record: dict[str, Any] = {"game": "stigmergy", "size": 4, "turns": turns.split()}
    position = from_record(record)
    code = next(c for c in position.legal_codes() if position.code_text(c) == "pass")
    passing = Verdict((code,), "pass", 0.9, "a2", 0.1, ())
    assert making._ends_by_passing(position, passing)
    earlier = from_record({**record, "turns": record["turns"][:-1]})
    assert not making._ends_by_passing(earlier, passing)
