"""One puzzle, and a set of them as text: one JSON object a line (JSON Lines).

    {"id": "archipelago-0042", "game": "archipelago",
     "record": {"game": "archipelago", "size": 5, "players": 2, "turns": [...]},
     "solution": ["1c3,1d4", "2b2", "1e5"], "themes": ["split"], "difficulty": 3}

``record`` is a game record that ``python -m archipelago replay`` accepts; the position
it reaches is the puzzle, and the player to move there is the solver. ``solution``
continues the record's ``turns``, one whole turn an entry, in the spelling the record
writes (so the page judges a turn by comparing the turn it records with the entry): the
solver's turns at even places, the opponents' replies (which the page plays itself)
between them, ending on a solver's turn. ``themes`` are ids that each game names in
words; ``difficulty`` runs from 1 (found by the weakest computer level) to 5.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RecordError
from ..i18n import _
from ..reading import read_json, show

DIFFICULTIES = range(1, 6)
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    record: Mapping[str, Any]
    solution: tuple[str, ...]
    themes: tuple[str, ...] = ()
    difficulty: int = 3

    def solver_turns(self) -> tuple[str, ...]:
        """The turns the solver enters (the replies between them are the page's)."""
        return self.solution[::2]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "record": dict(self.record),
            "solution": list(self.solution),
            "themes": list(self.themes),
            "difficulty": self.difficulty,
        }


def _strings(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RecordError(_("a puzzle's {key} must be a list of strings").format(key=key))
    return tuple(value)


def from_json(data: Any) -> Puzzle:
    """A puzzle from its JSON object; RecordError saying what is wrong. The record's
    moves are not replayed here (``archipelago.registry.from_record`` does that)."""
    if not isinstance(data, Mapping):
        raise RecordError(_("a puzzle must be a JSON object"))
    ident, game, record = data.get("id"), data.get("game"), data.get("record")
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        raise RecordError(
            _("a puzzle's id must be lower-case letters, digits and -, not {value}").format(
                value=show(ident)
            )
        )
    if not isinstance(record, Mapping) or record.get("game") != game:
        raise RecordError(
            _("puzzle {id}: its record must be a game record of {game}").format(
                id=ident, game=show(game)
            )
        )
    solution = _strings(data.get("solution"), "solution")
    if len(solution) % 2 != 1:
        raise RecordError(
            _("puzzle {id}: its solution must end on the solver's turn").format(id=ident)
        )
    difficulty = data.get("difficulty", 3)
    if not isinstance(difficulty, int) or difficulty not in DIFFICULTIES:
        raise RecordError(_("puzzle {id}: difficulty must be 1 to 5").format(id=ident))
    themes = _strings(data.get("themes", []), "themes")
    return Puzzle(ident, str(game), record, solution, themes, difficulty)


def read_set(text: str) -> list[Puzzle]:
    """Every puzzle of a set's text (blank lines skipped); RecordError naming the line
    of the first one that cannot be read, or of an id used twice."""
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            puzzle = from_json(read_json(line))
        except RecordError as error:
            raise RecordError(
                _("line {number}: {error}").format(number=number, error=error)
            ) from None
        if puzzle.id in seen:
            raise RecordError(
                _("line {number}: the id {id} is used twice").format(number=number, id=puzzle.id)
            )
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles


def write_set(puzzles: Iterable[Puzzle]) -> str:
    """The text of a set: one compact JSON object a line, in the order given."""
    return "".join(
        json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n" for p in puzzles
    )
