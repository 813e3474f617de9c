"""The knobs of the tree search and the layout of its rewards: what the search core
(``mcts.py``) and a game's ``Knowledge`` (``knowledge.py``) both speak, kept below both so
that they import it and not each other."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game


@dataclass(frozen=True)
class SearchParams:
    """Knobs of the tree search. The defaults are plain UCT: every move at once and no
    all-moves-as-first statistics; a game's ``Knowledge.params`` holds its tuned ones."""

    explore: float = 0.7  # UCT constant (on top of GRAVE when it is on)
    widen_c: float | None = None  # progressive widening: None considers every move
    widen_a: float = 0.5
    grave_ref: int | None = None  # GRAVE: a node's AMAF table is read from this many
    grave_record: int = 8  # visits (None: no GRAVE), and filled from this many
    grave_bias: float = 1e-4


def terminal_rewards(game: Game) -> list[float]:
    """The final result per player, index 0 unused (the layout every reward list has)."""
    returns = game.returns()
    assert returns is not None, "the game is not over"
    return [0.0, *returns]
