"""Small puzzle sets for the page's tests (tests/fixtures/puzzles/<game>.jsonl): real
positions from games the engine played against itself, each with a solution whose
turns are the engine's own (level 3 for the solver, level 2 for the replies), so every
turn is legal. They test the page's flow, not the puzzles' quality (the real sets are
made and proven by ``python -m archipelago puzzles make``).

``PYTHONPATH=. python tests/support/puzzlefixtures.py`` writes them again;
``fixture_sets()`` reads them.
"""

from __future__ import annotations

from pathlib import Path

from archipelago.puzzles.puzzle import Puzzle, read_set, write_set
from archipelago.registry import from_record, new_game
from archipelago.search.levels import play_turn

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "puzzles"
# (game, options, turns played before the puzzle, solver turns, difficulty, themes)
PLAN = {
    "archipelago": [
        ({"size": 4}, 4, 1, 1, ["split"]),
        ({"size": 4}, 6, 2, 3, ["join"]),
        ({"size": 4}, 5, 1, 4, []),
        ({"size": 4, "players": 3}, 6, 1, 2, ["join"]),
    ],
    "stigmergy": [
        ({"size": 4}, 5, 1, 1, ["block"]),
        ({"size": 4}, 7, 2, 3, ["sight"]),
        ({"size": 4}, 6, 1, 4, []),
        ({"size": 4}, 8, 1, 2, ["block"]),
    ],
}


def _turn_text(game_before: int, game: object) -> str:
    turns = game.to_record()["turns"]  # type: ignore[attr-defined]
    return str(turns[game_before])


def ends_its_turn(record: dict, turn: str) -> bool:
    """Whether the stones of ``turn``, placed one by one after ``record``, finish the
    turn (an engine's turn may end early, which a player would have to say)."""
    game = from_record(record)
    before = len(game.to_record()["turns"])
    for part in turn.split(","):
        game.push(part)
    return len(game.to_record()["turns"]) == before + 1


def make(game_name: str) -> list[Puzzle]:
    puzzles = []
    for number, (options, before, solver_turns, difficulty, themes) in enumerate(
        PLAN[game_name], 1
    ):
        for attempt in range(50):
            seed = number * 100_000 + attempt * 1_000
            game = new_game(game_name, **options)
            for turn in range(before):
                play_turn(game, 2, seed=seed + turn)
            record = game.to_record()
            solution: list[str] = []
            for step in range(solver_turns * 2 - 1):
                at = len(game.to_record()["turns"])
                play_turn(game, 3 if step % 2 == 0 else 2, seed=seed + 500 + step)
                solution.append(_turn_text(at, game))
            whole = [
                ends_its_turn({**record, "turns": [*record["turns"], *solution[:i]]}, turn)
                for i, turn in enumerate(solution)
                if i % 2 == 0
            ]
            if all(whole) and not game.is_over:
                break
        ident = f"{game_name}-{number:04d}"
        puzzles.append(Puzzle(ident, game_name, record, tuple(solution), tuple(themes), difficulty))
    return puzzles


def fixture_sets() -> dict[str, str]:
    """{game: its fixture set's text}."""
    return {path.stem: path.read_text(encoding="utf-8") for path in FOLDER.glob("*.jsonl")}


def fixture_puzzles(game: str) -> list[Puzzle]:
    return read_set(fixture_sets()[game])


def replays(puzzle: Puzzle) -> bool:
    """Whether the record and its solution replay as a game (every turn legal)."""
    record = dict(puzzle.record)
    record["turns"] = [*record["turns"], *puzzle.solution]
    from_record(record)
    return True


if __name__ == "__main__":
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in PLAN:
        (FOLDER / f"{name}.jsonl").write_text(write_set(make(name)), encoding="utf-8")
