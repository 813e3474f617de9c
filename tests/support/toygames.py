"""Two tiny games on the game contract, for testing the search away from Archipelago.

- ``Nim``: heaps of ``size``, ``size + 1`` and ``size + 2`` objects; a move takes some
  objects from one heap; whoever takes the last object wins. The mover wins exactly
  when the heaps' XOR is not zero, and then a winning move makes it zero.
- ``Collect``: 2 to 4 players pick tokens from one row, two in a row per turn (one turn
  of several moves, like Archipelago's stones); the largest total wins. The row has one
  token worth more than all the others together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from archipelago.errors import IllegalMoveError, NotationError, RecordError
from archipelago.game import Game, Move
from archipelago.manifest import Manifest
from archipelago.search import ComputerPlayers, Knowledge


def rewards_from_scores(scores: list[int]) -> tuple[float, ...]:
    """Share of opponents beaten, ties half: what Game.returns() means."""
    n = len(scores)
    return tuple(
        sum(1.0 if s > o else 0.5 if s == o else 0.0 for j, o in enumerate(scores) if j != i)
        / (n - 1)
        for i, s in enumerate(scores)
    )


class ToyGame(Game):
    """The contract's bookkeeping shared by the toys: a move list, records of move texts."""

    default_size = 3
    sizes = range(1, 10)

    def __init__(self, size: int, players: int = 2) -> None:
        self.size = size
        self.players = players
        self.moves: list[int] = []

    @property
    def player_count(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return not self.legal_codes()

    def push_code(self, code: int) -> None:
        if code not in self.legal_codes():
            raise IllegalMoveError(f"{code} is not a legal move")
        self.moves.append(code)

    def pop_code(self) -> int:
        if not self.moves:
            raise IllegalMoveError("nothing to take back")
        return self.moves.pop()

    def history_codes(self) -> list[int]:
        return list(self.moves)

    def clone(self):
        other = type(self)(self.size, self.players)
        other.moves = list(self.moves)
        return other

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "size": self.size,
            "players": self.players,
            "turns": [self.code_text(c) for c in self.moves],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]):
        size = record.get("size", cls.default_size)
        players = record.get("players", cls.player_counts.start)
        if size not in cls.sizes or players not in cls.player_counts:
            raise RecordError("bad size or player count")
        game = cls(size, players)
        for text in record.get("turns", []):
            game.push(text)
        return game

    def summary(self) -> dict[str, Any]:
        return {"over": self.is_over, "to_move": self.to_move}

    def explain_move(self, move: Move) -> str:
        return f"plays {move.text}"

    def board_svg(self, **options: Any) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


class Nim(ToyGame):
    name = "nim"
    title = "Nim"
    player_counts = range(2, 3)

    def heaps(self) -> list[int]:
        heaps = [self.size, self.size + 1, self.size + 2]
        for code in self.moves:
            heaps[code // 100] -= code % 100
        return heaps

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.moves) % 2 + 1

    def legal_codes(self) -> list[int]:
        return [h * 100 + t for h, n in enumerate(self.heaps()) for t in range(1, n + 1)]

    def returns(self) -> tuple[float, ...] | None:
        if not self.is_over:
            return None
        last = (len(self.moves) - 1) % 2  # whoever took the last object
        return (1.0, 0.0) if last == 0 else (0.0, 1.0)

    def code_text(self, code: int) -> str:
        return f"{'abc'[code // 100]}{code % 100}"

    def parse_code(self, text: str) -> int:
        if len(text) < 2 or text[0] not in "abc" or not text[1:].isdigit():
            raise NotationError(f"{text!r} is not a Nim move like b2")
        return "abc".index(text[0]) * 100 + int(text[1:])


# Collect's row: the big token is worth more than all the others together.
BIG = 50


class Collect(ToyGame):
    name = "collect"
    title = "Collect"
    player_counts = range(2, 5)
    PICKS = 2  # moves per turn

    def tokens(self) -> list[int]:
        row = list(range(1, 2 * self.size + 2))
        row[self.size] = BIG
        return row

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else (len(self.moves) // self.PICKS) % self.players + 1

    def legal_codes(self) -> list[int]:
        taken = set(self.moves)
        return [i for i in range(len(self.tokens())) if i not in taken]

    def scores(self) -> list[int]:
        tokens, scores = self.tokens(), [0] * self.players
        for k, code in enumerate(self.moves):
            scores[(k // self.PICKS) % self.players] += tokens[code]
        return scores

    def returns(self) -> tuple[float, ...] | None:
        return rewards_from_scores(self.scores()) if self.is_over else None

    def code_text(self, code: int) -> str:
        return f"t{code}"

    def parse_code(self, text: str) -> int:
        if not text.startswith("t") or not text[1:].isdigit():
            raise NotationError(f"{text!r} is not a token like t3")
        return int(text[1:])


class CollectKnowledge(Knowledge):
    """Collect's turns are two picks: the turn's budget is shared over them."""

    def turn_number(self, game: Game) -> int:
        return len(game.history_codes()) // Collect.PICKS

    def moves_left_in_turn(self, game: Game) -> int:
        return Collect.PICKS - len(game.history_codes()) % Collect.PICKS


NIM_PLAYERS = ComputerPlayers(knowledge=Knowledge)
COLLECT_PLAYERS = ComputerPlayers(knowledge=CollectKnowledge)
GAMES: dict[str, type[ToyGame]] = {"nim": Nim, "collect": Collect}


def manifest(name: str, computer_players: str = "") -> Manifest:
    """What a folder of the game ``name`` would hold in its manifest.py; with computer
    players when ``computer_players`` names them (``"tests.support.toygames:NIM_PLAYERS"``)."""
    cls = GAMES[name]
    engine = f"{__name__}:{cls.__name__}"
    return Manifest(
        name,
        cls.title,
        engine,
        cls.player_counts,
        cls.sizes,
        cls.default_size,
        computer_players=computer_players,
    )


def install(monkeypatch: Any, name: str, computer_players: str = "") -> None:
    """Register the game ``name`` for one test, as the registry's discovery would."""
    from archipelago import registry

    found = manifest(name, computer_players)
    monkeypatch.setitem(registry._MANIFESTS, name, found)
    monkeypatch.setitem(registry._GAMES, name, found.engine)
