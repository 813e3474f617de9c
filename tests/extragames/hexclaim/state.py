"""Hex Claim's rules on the game contract (``archipelago.game``): a move claims an empty
cell (its code is the cell); the game ends when every cell is claimed, and players rank
by their largest group of touching cells."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from archipelago.errors import IllegalMoveError, RecordError
from archipelago.game import Game, Move
from archipelago.hexgrid import Board, board_for
from archipelago.hexsvg import board_geometry, cell_role, labels_svg, num, stone, view_box

from .manifest import MANIFEST


class HexClaim(Game, manifest=MANIFEST):
    def __init__(self, size: int = 3, players: int = 2) -> None:
        if size not in self.sizes or players not in self.player_counts:
            raise RecordError(f"Hex Claim has sides 2 to 4 and 2 or 3 players: {size}, {players}")
        self.size = size
        self.players = players
        self.board: Board = board_for(size)
        self.owner = [0] * self.board.cell_count
        self.moves: list[int] = []

    @property
    def player_count(self) -> int:
        return self.players

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.moves) % self.players + 1

    @property
    def is_over(self) -> bool:
        return len(self.moves) == self.board.cell_count

    def legal_codes(self) -> list[int]:
        return [cell for cell, owner in enumerate(self.owner) if not owner]

    def push_code(self, code: int) -> None:
        if not 0 <= code < len(self.owner) or self.owner[code]:
            raise IllegalMoveError(f"cell {self.code_text(code)} is not empty")
        self.owner[code] = len(self.moves) % self.players + 1
        self.moves.append(code)

    def pop_code(self) -> int:
        if not self.moves:
            raise IllegalMoveError("nothing to take back")
        code = self.moves.pop()
        self.owner[code] = 0
        return code

    def code_text(self, code: int) -> str:
        return self.board.names[code]

    def parse_code(self, text: str) -> int:
        return self.board.index(text.strip().lower())

    def history_codes(self) -> list[int]:
        return list(self.moves)

    def clone(self) -> HexClaim:
        other = HexClaim(self.size, self.players)
        other.owner = list(self.owner)
        other.moves = list(self.moves)
        return other

    def largest_group(self, player: int) -> int:
        seen: set[int] = set()
        best = 0
        for start, owner in enumerate(self.owner):
            if owner != player or start in seen:
                continue
            seen.add(start)
            stack, size = [start], 0
            while stack:
                cell = stack.pop()
                size += 1
                for other in self.board.neighbours[cell]:
                    if self.owner[other] == player and other not in seen:
                        seen.add(other)
                        stack.append(other)
            best = max(best, size)
        return best

    def returns(self) -> tuple[float, ...] | None:
        if not self.is_over:
            return None
        groups = [self.largest_group(p) for p in range(1, self.players + 1)]
        return tuple(
            sum(1.0 if g > o else 0.5 if g == o else 0.0 for j, o in enumerate(groups) if j != i)
            / (self.players - 1)
            for i, g in enumerate(groups)
        )

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "size": self.size,
            "players": self.players,
            "turns": [self.code_text(code) for code in self.moves],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> HexClaim:
        game = cls(record.get("size") or cls.default_size, record.get("players") or 2)
        for text in record.get("turns", []):
            game.push(text)
        return game

    def summary(self) -> dict[str, Any]:
        return {
            "over": self.is_over,
            "to_move": self.to_move,
            "claimed": [self.owner.count(p) for p in range(1, self.players + 1)],
            "groups": [self.largest_group(p) for p in range(1, self.players + 1)],
        }

    def explain_move(self, move: Move) -> str:
        return f"claims {move.text}"

    def board_svg(self, **options: Any) -> str:
        """The board drawn with the platform's hex parts (``archipelago.hexsvg``)."""
        labels = bool(options.get("labels", True))
        rotation = int(options.get("rotation", 0)) % 6
        title = str(options.get("title", "Hex Claim board"))
        centres, _, points, _ = board_geometry(self.size, self.board, rotation)
        x, y, w, h = view_box(self.board, labels, rotation)
        cells = "".join(
            f'<polygon class="cell" data-cell="{name}" {cell_role(name, False)} '
            f'aria-label="{name}" points="{points[cell]}"/>'
            for cell, name in enumerate(self.board.names)
        )
        stones = "".join(
            stone(owner, *centres[cell], 6.2) for cell, owner in enumerate(self.owner) if owner
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="board hexclaim" '
            f'viewBox="{num(x)} {num(y)} {num(w)} {num(h)}"><title>{escape(title)}</title>'
            f'<g class="cells">{cells}</g><g class="stones">{stones}</g>'
            f'<g class="overlay"></g>{labels_svg(self.board, rotation) if labels else ""}</svg>'
        )
