"""The rules of Archipelago on one position, with exact undo.

``Position`` holds the board (its stones and group counts are kept by
``islands.StoneGroups``), the turn and its allowance, the scoring track, Frozen
Irrelevance (R12), resignation (R15, the site's rule; see resignation.py) and the end of the
game. Its actions are ``place`` / ``end_turn`` / ``pass_turn`` / ``resign`` and ``undo``,
which takes back the last of them and returns its move code: ``colour * cell_count + cell``
for a stone, ``END``, ``PASS`` or ``RESIGN``.

``state.GameState`` builds the game contract (move codes, records, views, drawing) on this
class; the modules it uses for that read a ``Position`` and never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal, TypeVar

from archipelago.errors import IllegalMoveError, SetupError
from archipelago.hexgrid import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Cell, board_for, is_whole_number
from archipelago.i18n import _

from .frozen import frozen_players
from .islands import GroupChange, StoneGroups
from .notation import PASS as PASS_WORD
from .notation import Stone
from .resignation import END_RESIGNED, RESIGN, RESIGN_WORD, resigned_outcome
from .scoring import Markers, Outcome, claim_value, make_outcome, ranking_key, shown_score
from .variant import Variant

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# TURN_ORDER[players][mover]: every player in turn order, starting with the mover.
TURN_ORDER = {
    players: {
        mover: tuple((mover - 1 + step) % players + 1 for step in range(players))
        for mover in range(1, players + 1)
    }
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}

# Move codes (the contract's int layer): a stone is colour * cell_count + cell.
END = -1  # end the turn early (RULINGS R6)
PASS = -2  # a turn of no stones
END_WORD = "end"
CODE_OF_WORD = {END_WORD: END, PASS_WORD: PASS, RESIGN_WORD: RESIGN}
WORD_OF_CODE = {code: word for word, code in CODE_OF_WORD.items()}

END_FULL = "the board is full"
END_PASSES = "every player in play passed in turn"
END_FROZEN = "fewer than two players are left unfrozen"

# The undo log: one entry per action, holding exactly what takes it back.
# A finished turn saves (mover, allowance, stones, turn_start_counts, passes, frozen,
# end_reason) and the track claims it made as (player, column).
TurnStart = tuple[int, int, tuple[Stone, ...], tuple[int, ...], int, frozenset[int], str | None]
FinishedTurn = tuple[TurnStart, list[tuple[int, int]]]
# A resignation saves the stone codes it took back and the finished turns before it, then
# (mover, allowance, turn_start_counts, end_reason, resigned).
ResignStart = tuple[int, int, tuple[int, ...], str | None, tuple[int, ...]]
UndoEntry = (
    tuple[Literal["stone"], GroupChange, FinishedTurn | None]
    | tuple[Literal["end", "pass"], None, FinishedTurn]
    | tuple[Literal["resign"], tuple[tuple[int, ...], int], ResignStart]
)
T = TypeVar("T")


class Position(StoneGroups):
    """A game in progress: board, scoring track, turn and undo history."""

    __slots__ = (
        "players",
        "variant",
        "frozen_rule",
        "mover",
        "allowance",
        "turn_stones",
        "turn_start_counts",
        "passes",
        "frozen",
        "markers",
        "turns",
        "movers",
        "end_reason",
        "resigned",
        "_undo",
    )

    def __init__(
        self, size: int = DEFAULT_SIZE, players: int = MIN_PLAYERS, variant: Variant | None = None
    ) -> None:
        if not is_whole_number(size) or not MIN_SIZE <= size <= MAX_SIZE:
            raise SetupError(
                _("the board side must be from {low} to {high}, not {given}").format(
                    low=MIN_SIZE, high=MAX_SIZE, given=repr(size)
                )
            )
        if not is_whole_number(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(
                _("a game has {low} to {high} players, not {given}").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, given=repr(players)
                )
            )
        if variant is not None and not isinstance(variant, Variant):
            raise SetupError(f"the variant must be a Variant, not {type(variant).__name__}")
        self._init_groups(board_for(size), players)
        self.players = players
        variant = variant or Variant()
        # Resolve the Frozen Irrelevance default so that equal games compare equal.
        self.variant = replace(variant, frozen=variant.frozen_for(players))
        self.frozen_rule: bool = self.variant.frozen_for(players)
        self.mover: int | None = 1
        self.allowance = 1  # RULINGS R5: the game's first turn is one stone
        self.turn_stones: list[Stone] = []
        self.turn_start_counts: tuple[int, ...] = tuple(self.groups_count)
        self.passes = 0  # consecutive passes
        self.frozen: frozenset[int] = frozenset()
        self.markers: list[Markers] = [{} for _ in range(players + 1)]
        self.turns: list[tuple[Stone, ...]] = []  # finished turns; () is a pass
        self.movers: list[int] = []  # who played each finished turn (frozen ones are skipped)
        self.end_reason: str | None = None
        self.resigned: tuple[int, ...] = ()  # in the order they resigned (R15)
        self._undo: list[UndoEntry] = []

    # ------------------------------------------------------------------ queries
    @property
    def size(self) -> int:
        return self.board.size

    @property
    def is_over(self) -> bool:
        return self.mover is None

    @property
    def to_move(self) -> int | None:
        """The player to move, or None once the game is over."""
        return self.mover

    @property
    def stones_left(self) -> int:
        return 0 if self.mover is None else self.allowance - len(self.turn_stones)

    @property
    def can_end_turn(self) -> bool:
        """A turn may stop early once it has a stone (RULINGS R6)."""
        return self.mover is not None and bool(self.turn_stones)

    @property
    def can_pass(self) -> bool:
        return self.mover is not None and not self.turn_stones

    @property
    def colours(self) -> range:
        return range(1, self.players + 1)

    def legal_cells(self) -> list[Cell]:
        if self.mover is None:
            return []
        return [cell for cell, colour in enumerate(self.cells) if colour == 0]

    def bonus(self, player: int) -> dict[int, int]:
        """The player's bonus markers: column -> value."""
        return dict(sorted(self.markers[player].items()))

    def shown_scores(self) -> tuple[int, ...]:
        return tuple(shown_score(self.groups_count[p], self.markers[p]) for p in self.colours)

    def ranking_keys(self) -> list[tuple[int, ...]]:
        counts, markers = self.groups_count, self.markers
        return [ranking_key(self.variant, counts[p], markers[p]) for p in self.colours]

    def standing(self) -> Outcome:
        """Ranks and tie-breaks as if the game ended now."""
        outcome = make_outcome(
            self.variant, self.group_counts(), self.markers[1:], self.end_reason or "in play"
        )
        return resigned_outcome(outcome, self.resigned)  # R15

    def ranks(self) -> tuple[int, ...]:
        """Per player, the rank the current position gives (1 is best; ties share)."""
        return self.standing().ranks

    def outcome(self) -> Outcome | None:
        """The final result, or None while the game goes on."""
        return self.standing() if self.mover is None else None

    def returns(self) -> tuple[float, ...] | None:
        """Per player, the reward of the final ranking from 0 (last) to 1 (first), ties
        halved; None while the game goes on. What a search backs up."""
        outcome = self.outcome()
        return None if outcome is None else outcome.rewards()

    def ahead_of(self, player: int, counts: Sequence[int] | None = None) -> int:
        """Opponents strictly ahead of ``player`` in group count (frozen ones included),
        by the current counts or by ``counts`` (indexed by colour)."""
        if counts is None:
            counts = self.groups_count
        mine = counts[player]
        ahead = 0
        for p in range(1, self.players + 1):
            if p in self.resigned:
                continue  # a resigned player no longer counts for extra stones (R15)
            # Fewer chunks is better in Wunchunk (R13).
            if counts[p] < mine if self.variant.wunchunk else counts[p] > mine:
                ahead += 1
        return ahead

    def players_in_play(self) -> list[int]:
        """The players who still take turns: neither frozen nor resigned."""
        out = self.frozen.union(self.resigned)
        return [p for p in range(1, self.players + 1) if p not in out]

    # ------------------------------------------------------------------ actions
    def check_stone(self, colour: int, cell: Cell) -> None:
        """Raise IllegalMoveError with a player's message if the stone is not allowed."""
        if self.mover is None:
            raise IllegalMoveError(_("the game is over"))
        if type(colour) is not int or not 1 <= colour <= self.players:
            raise IllegalMoveError(_("colour {colour} is not in play").format(colour=colour))
        if type(cell) is not int or not 0 <= cell < len(self.cells):
            raise IllegalMoveError(_("there is no cell {cell} on this board").format(cell=cell))
        if self.cells[cell]:
            raise IllegalMoveError(_("cell {cell} is occupied").format(cell=self.board.names[cell]))

    def place(self, colour: int, cell: Cell) -> None:
        """Place one stone for the mover. The turn ends by itself when the allowance is
        used up or the board fills."""
        cells = self.cells
        # One cheap combined test on the hot path; check_stone words the refusal.
        if (
            self.mover is None
            or type(colour) is not int
            or type(cell) is not int
            or not 0 < colour <= self.players
            or not 0 <= cell < len(cells)
            or cells[cell]
        ):
            self.check_stone(colour, cell)
        # The union-find step, inlined here because this is the hottest path.
        parent = self.parent
        cells[cell] = colour
        self.empty_count -= 1
        roots: list[Cell] = []
        for n in self.board.neighbours[cell]:
            if cells[n] == colour:
                while parent[n] != n:
                    n = parent[n]
                if n not in roots:
                    roots.append(n)
        if roots:
            change = self._merge(colour, cell, roots)
        else:
            self.singles_count[colour] += 1
            change = (cell, -1, 0, roots)
        stones = self.turn_stones
        stones.append((colour, cell))
        if self.empty_count and len(stones) < self.allowance:
            self._undo.append(("stone", change, None))
        else:
            self._undo.append(("stone", change, self._finish_turn()))

    def end_turn(self) -> None:
        """Stop the turn early (RULINGS R6)."""
        if self.mover is None:
            raise IllegalMoveError(_("the game is over"))
        if not self.turn_stones:
            raise IllegalMoveError(_("place a stone first, or pass"))
        self._undo.append(("end", None, self._finish_turn()))

    def pass_turn(self) -> None:
        """A turn of no stones."""
        if self.mover is None:
            raise IllegalMoveError(_("the game is over"))
        if self.turn_stones:
            raise IllegalMoveError(_("a stone was placed this turn: end the turn instead"))
        self._undo.append(("pass", None, self._finish_turn()))

    def resign(self) -> None:
        """The player to move resigns; the turn's stones are taken back first (R15)."""
        mover = self.mover
        if mover is None:
            raise IllegalMoveError(_("the game is over"))
        taken: list[int] = []
        while self.turn_stones:
            taken.append(self.undo())
        taken.reverse()
        saved = (mover, self.allowance, self.turn_start_counts, self.end_reason, self.resigned)
        self.resigned = (*self.resigned, mover)
        remaining = self.players - len(self.resigned)
        in_play = len(self.players_in_play())
        if remaining == 1:
            self._end(END_RESIGNED)
        elif self.frozen_rule and in_play < 2:
            self._end(END_FROZEN)
        elif self.passes and self.passes >= in_play:
            self._end(END_PASSES)  # everyone left had passed in turn before this (R7)
        else:
            self._start_turn(mover)
        # Where the resignation stands among the finished turns, for the record.
        self._undo.append(("resign", (tuple(taken), len(self.turns)), saved))

    def undo(self) -> int:
        """Take back the last stone, end of turn, pass or resignation, restoring the exact
        state; return the code of the move taken back."""
        if not self._undo:
            raise IllegalMoveError(_("nothing to undo"))
        entry = self._undo.pop()
        code = self._code_of_entry(entry)
        if entry[0] == "resign":
            self._unresign(entry[1][0], entry[2])
            return code
        if entry[2] is not None:
            self._unfinish_turn(entry[2])
        if entry[0] == "stone":
            self.turn_stones.pop()
            self._take(entry[1])
        return code

    def _code_of_entry(self, entry: UndoEntry) -> int:
        if entry[0] != "stone":
            return CODE_OF_WORD[entry[0]]  # the undo entries of words are named by them
        cell = entry[1][0]
        return self.cells[cell] * len(self.cells) + cell

    def _unresign(self, taken: tuple[int, ...], saved: ResignStart) -> None:
        """Take back a resignation, putting back the stones it took back."""
        self.mover, self.allowance, self.turn_start_counts, self.end_reason = saved[:4]
        self.resigned = saved[4]
        for code in taken:
            self.place(*divmod(code, len(self.cells)))

    # ------------------------------------------------------------------ history
    def history_codes(self) -> list[int]:
        """Every action played so far, in order, as move codes."""
        return [self._code_of_entry(entry) for entry in self._undo]

    def resignation_points(self) -> list[tuple[int, int]]:
        """Per resignation in order, (finished turns before it, the player)."""
        return [(entry[1][1], entry[2][0]) for entry in self._undo if entry[0] == "resign"]

    def with_resignations(self, played: list[T], resigned: Callable[[int], T]) -> list[T]:
        """``played`` (one item per finished turn) with ``resigned(player)`` put in where
        each resignation was played: the turns of the game in order."""
        out: list[T] = []
        done = 0  # finished turns put in so far
        for before, player in self.resignation_points():
            out += played[done:before]
            done = before
            out.append(resigned(player))
        return out + played[done:]

    def _copy_position(self, other: Position) -> None:
        """Make ``other`` (a bare instance) an independent copy, the undo log included."""
        self._copy_groups(other)
        other.players = self.players
        other.variant = self.variant
        other.frozen_rule = self.frozen_rule
        other.mover = self.mover
        other.allowance = self.allowance
        other.turn_stones = self.turn_stones[:]
        other.turn_start_counts = self.turn_start_counts
        other.passes = self.passes
        other.frozen = self.frozen
        other.markers = [dict(m) for m in self.markers]
        other.turns = self.turns[:]
        other.movers = self.movers[:]
        other.end_reason = self.end_reason
        other.resigned = self.resigned
        other._undo = self._undo[:]  # the entries are never changed; sharing is safe

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the game, for equality. The order in which a turn's
        stones went down is left out: it changes nothing (R3)."""
        return (
            self.board.size,
            self.players,
            self.variant,
            tuple(self.cells),
            tuple(self.groups_count),
            tuple(self.singles_count),
            self.empty_count,
            tuple(self.component_sizes()),
            self.mover,
            self.allowance,
            tuple(sorted(self.turn_stones)),
            self.turn_start_counts,
            self.passes,
            self.frozen,
            tuple(tuple(sorted(m.items())) for m in self.markers),
            tuple(self.turns),
            tuple(self.movers),
            self.end_reason,
            self.resigned,
        )

    # ------------------------------------------------------------------ internals
    def _finish_turn(self) -> FinishedTurn:
        """Settle the track, record the turn, check the end and freezing, pass the move.
        Returns what undoes all of it."""
        mover = self.mover
        assert mover is not None, "only a turn in play is finished"
        saved: TurnStart = (
            mover,
            self.allowance,
            tuple(self.turn_stones),
            self.turn_start_counts,
            self.passes,
            self.frozen,
            self.end_reason,
        )
        claims = self._settle_track(mover)
        self.turns.append(tuple(sorted(self.turn_stones)))  # canonical order (R3)
        self.movers.append(mover)
        self.passes = 0 if self.turn_stones else self.passes + 1
        self.turn_stones = []
        # Freezing is rechecked after every turn that placed stones and left room to play.
        if self.frozen_rule and self.turns[-1] and self.empty_count:
            self.frozen = self.frozen | frozen_players(self)
        # Everyone plays on in most games: skip building the list (a hot path of playouts).
        in_play = (
            self.players if not self.frozen and not self.resigned else len(self.players_in_play())
        )
        if self.empty_count == 0:
            self._end(END_FULL)
        elif self.frozen_rule and in_play < 2:
            self._end(END_FROZEN)
        elif self.passes >= in_play:
            self._end(END_PASSES)
        else:
            self._start_turn(mover)
        return saved, claims

    def _settle_track(self, mover: int) -> list[tuple[int, int]]:
        """RULINGS R9: claims in turn order from the mover, for every column passed."""
        claims: list[tuple[int, int]] = []
        start, now = self.turn_start_counts, self.groups_count
        markers = self.markers
        for player in TURN_ORDER[self.players][mover]:
            new = now[player]
            if new <= start[player]:
                continue  # unchanged or fallen: nothing to claim
            mine = markers[player]
            for column in range(start[player] + 1, new + 1):
                if column not in mine:
                    taken = [m[column] for m in markers if column in m]
                    mine[column] = claim_value(self.variant, taken)
                    claims.append((player, column))
        return claims

    def _end(self, reason: str) -> None:
        self.mover = None
        self.allowance = 0
        self.end_reason = reason

    def _start_turn(self, after: int) -> None:
        """Give the move to the player after ``after`` in turn order."""
        player = after
        while True:  # the next player in turn order neither frozen (R12) nor resigned (R15)
            player = player % self.players + 1
            if player not in self.frozen and player not in self.resigned:
                break
        self.mover = player
        self.allowance = self.variant.stones + self.variant.extra_stones(self.ahead_of(player))
        self.turn_start_counts = tuple(self.groups_count)

    def _unfinish_turn(self, finished: FinishedTurn) -> None:
        saved, claims = finished
        for player, column in claims:
            del self.markers[player][column]
        (
            self.mover,
            self.allowance,
            stones,
            self.turn_start_counts,
            self.passes,
            self.frozen,
            self.end_reason,
        ) = saved
        self.turn_stones = list(stones)
        self.turns.pop()
        self.movers.pop()
