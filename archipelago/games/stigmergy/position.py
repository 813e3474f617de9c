"""The rules of Stigmergy on one position, with its move codes and exact undo.

Stones and what every cell sees of them are kept by ``sight.Sight``; this module adds the
turn, the komi and sides, the button, passing, the end and the undo history.
``state.StigmergyGame`` builds the game contract (records, views, drawing) on
``StigmergyPosition``; the modules it uses for that read a position, never the other way.

Turns alternate between the record's players 1 and 2 from the first turn to the last: in
the proposal game turn 1 is player 1's komi and turn 2 player 2's answer (a first stone,
the button, or ``play-second``); with a komi fixed by the variant, turn 1 is player 1's
first stone. ``komi_to`` is who receives the komi once sides are settled.

Either player may resign on their turn, at any time, the komi proposal included: the game
ends and the opponent wins, whatever the scores (``resign`` in a record, as on Abstract
Play). Resigning is not among ``legal_codes()``, so no search or random game plays it.
"""

from __future__ import annotations

from archipelago.errors import IllegalMoveError, SetupError
from archipelago.hexgrid import Board
from archipelago.i18n import _

from .geometry import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, geometry_for
from .notation import (
    BUTTON,
    PASS,
    PLAY_SECOND,
    RESIGN,
    check_komi,
    code_text,
    is_komi_code,
    komi_base,
    komi_of,
    parse_code,
)
from .sight import Sight

BUTTON_VALUE = 0.5
SIZES = range(MIN_SIZE, MAX_SIZE + 1)


class StigmergyPosition(Sight):
    """A game of Stigmergy in progress: stones, sight counts, komi, button, history."""

    __slots__ = (
        "fixed_komi",
        "komi",
        "komi_to",
        "button",
        "passes",
        "over",
        "resigned",
        "_history",
        "_undo",
    )

    def __init__(self, size: int = DEFAULT_SIZE, komi: int | None = None) -> None:
        """A new game on a board of side ``size``. ``komi`` is a komi fixed in advance
        (player 1 places first, player 2 receives it); None starts with a proposal."""
        if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
            raise SetupError(
                _("Stigmergy is played on board sides {low} to {high}, not {size}").format(
                    low=MIN_SIZE, high=MAX_SIZE, size=repr(size)
                )
            )
        geo = geometry_for(size)
        if komi is not None:
            komi = check_komi(geo, komi)
        Sight.__init__(self, geo)
        self.fixed_komi = komi
        self.komi: int | None = komi
        self.komi_to: int | None = None if komi is None else 2
        self.button: int | None = None
        self.passes = 0
        self.over = False
        self.resigned: int | None = None  # the player who resigned
        self._history: list[int] = []
        # Per move, what the move overwrote: (komi, komi_to, button, passes).
        self._undo: list[tuple[int | None, int | None, int | None, int]] = []

    # ------------------------------------------------------------------ queries
    @property
    def size(self) -> int:
        return self.geo.size

    @property
    def board(self) -> Board:
        return self.geo.board

    @property
    def player_count(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_move(self) -> int | None:
        return None if self.over else 1 + len(self._history) % 2

    @property
    def proposing(self) -> bool:
        """Whether the turn to play is player 1's komi proposal."""
        return self.komi is None

    @property
    def answering(self) -> bool:
        """Whether the turn to play is player 2's answer to the proposal."""
        return self.fixed_komi is None and len(self._history) == 1

    @property
    def button_available(self) -> bool:
        """The button can be taken: the komi is odd (negative too) and nobody has it."""
        return self.komi is not None and self.komi % 2 == 1 and self.button is None

    def scores(self) -> tuple[float, float]:
        """Per player: stones + controlled empty cells + komi if received + button."""
        territory = self.territory()
        out = []
        for player in (1, 2):
            score = float(self.stones[player] + territory[player - 1])
            if self.komi_to == player and self.komi is not None:
                score += self.komi
            if self.button == player:
                score += BUTTON_VALUE
            out.append(score)
        return out[0], out[1]

    def ranks(self) -> tuple[int, int]:
        """Per player, the rank the current scores give (1 is best; equal scores share);
        after a resignation the resigner is second."""
        if self.resigned is not None:
            return (2, 1) if self.resigned == 1 else (1, 2)
        s1, s2 = self.scores()
        return (1 + (s2 > s1), 1 + (s1 > s2))

    def returns(self) -> tuple[float, ...] | None:
        if not self.over:
            return None
        if self.resigned is not None:
            return (0.0, 1.0) if self.resigned == 1 else (1.0, 0.0)
        s1, s2 = self.scores()
        if s1 == s2:
            return (0.5, 0.5)
        return (1.0, 0.0) if s1 > s2 else (0.0, 1.0)

    # ------------------------------------------------------------------ legal moves
    def legal_codes(self) -> list[int]:
        if self.over:
            return []
        geo = self.geo
        if self.komi is None:
            base = komi_base(geo)
            return list(range(base, base + 2 * geo.komi_limit + 1))
        n = geo.cell_count
        player = 1 + len(self._history) % 2
        cells, need = self.cells, geo.need
        mine, theirs = self.see[player], self.see[3 - player]
        other = 3 - player
        codes = [c for c in range(n) if not cells[c] and theirs[c] < need[c]]
        codes += [n + c for c in range(n) if cells[c] == other and mine[c] >= need[c]]
        if self.answering:
            codes.append(PLAY_SECOND)
        if self.button_available:
            codes.append(BUTTON)
        elif self.free_cell() is None:
            codes.append(PASS)
        return codes

    def refusal(self, code: int) -> str | None:
        """Why the move ``code`` is not allowed now, in words; None if it is."""
        if self.over:
            return _("the game is over")
        geo = self.geo
        n = geo.cell_count
        player = 1 + len(self._history) % 2
        if code == RESIGN:
            return None
        if self.komi is None:
            if type(code) is int and is_komi_code(geo, code):
                return None
            return _("turn 1 is player 1's komi proposal: write a whole number, like 5")
        if type(code) is not int:
            return _("{move} is not a move of Stigmergy").format(move=repr(code))
        if 0 <= code < n:
            return self._placement_refusal(player, code)
        if n <= code < 2 * n:
            return self._flip_refusal(player, code - n)
        if code == PLAY_SECOND:
            if self.answering:
                return None
            return _("play-second answers the komi proposal, on turn 2 only")
        if code == BUTTON:
            return self._button_refusal()
        if code == PASS:
            return self._pass_refusal()
        if is_komi_code(geo, code):
            if self.fixed_komi is not None:
                return _("the komi is fixed at {komi} by the variant").format(komi=self.komi)
            return _("the komi was proposed on turn 1 ({komi})").format(komi=self.komi)
        return _("{move} is not a move of Stigmergy on a side-{side} board").format(
            move=repr(code), side=geo.size
        )

    def _placement_refusal(self, player: int, cell: int) -> str | None:
        name = self.geo.board.names[cell]
        owner = self.cells[cell]
        if owner == player:
            return _("{cell} holds your own stone").format(cell=name)
        if owner:
            if self.controller(cell) == player:
                return _("{cell} is occupied (write {cell}x to flip it)").format(cell=name)
            return _("{cell} is occupied").format(cell=name)
        other = 3 - player
        if self.see[other][cell] >= self.geo.need[cell]:
            return _("player {n} controls {cell}").format(n=other, cell=name)
        return None

    def _flip_refusal(self, player: int, cell: int) -> str | None:
        name = self.geo.board.names[cell]
        owner = self.cells[cell]
        if not owner:
            return _("{cell} is empty: there is no stone to flip").format(cell=name)
        if owner == player:
            return _("{cell} holds your own stone").format(cell=name)
        seen, need = self.see[player][cell], self.geo.need[cell]
        if seen < need:
            return _(
                "player {n} does not control {cell} (it sees {seen} of the {need} needed)"
            ).format(n=player, cell=name, seen=seen, need=need)
        return None

    def _button_refusal(self) -> str | None:
        if self.button is not None:
            return _("player {n} has taken the button already").format(n=self.button)
        if self.komi is not None and self.komi % 2 == 0:
            return _("the button is in play only with an odd komi, and the komi is {komi}").format(
                komi=self.komi
            )
        return None

    def _pass_refusal(self) -> str | None:
        if self.button_available:
            return _("no passing while the button can be taken")
        free = self.free_cell()
        if free is not None:
            return _(
                "no passing while an empty cell is controlled by neither player ({cell})"
            ).format(cell=self.geo.board.names[free])
        return None

    # ------------------------------------------------------------------ moves
    def push_code(self, code: int) -> None:
        cells = self.cells
        n = len(cells)
        player = 1 + len(self._history) % 2
        # The common moves are checked inline; refusal() words every refusal.
        if self.over or self.komi is None or type(code) is not int:
            legal = False
        elif 0 <= code < n:
            legal = not cells[code] and self.see[3 - player][code] < self.geo.need[code]
        elif n <= code < 2 * n:
            cell = code - n
            legal = cells[cell] == 3 - player and self.see[player][cell] >= self.geo.need[cell]
        else:
            legal = False
        if not legal:
            reason = self.refusal(code)
            if reason is not None:
                raise IllegalMoveError(reason)
        answering = self.fixed_komi is None and len(self._history) == 1
        self._undo.append((self.komi, self.komi_to, self.button, self.passes))
        self._history.append(code)
        if code == RESIGN:
            self.resigned = player
            self.over = True
            return
        if code >= 2 * n:
            self.komi = komi_of(self.geo, code)
            return
        if code == PASS:
            self.passes += 1
            self.over = self.passes >= 2
            return
        self.passes = 0
        if code == PLAY_SECOND:
            self.komi_to = 2
            return
        if answering:  # player 2 took the first board turn: player 1 plays second
            self.komi_to = 1
        if code == BUTTON:
            self.button = player
        elif code < n:
            self.place(code, player)
        else:
            self.flip(code - n, player)

    def pop_code(self) -> int:
        if not self._history:
            raise IllegalMoveError(_("there is no move to take back"))
        code = self._history.pop()
        self.komi, self.komi_to, self.button, self.passes = self._undo.pop()
        self.over = False  # the position before any move was still in play
        self.resigned = None  # nobody resigned before the last move
        n = len(self.cells)
        if 0 <= code < n:
            self.unplace(code)
        elif n <= code < 2 * n:
            self.flip(code - n, 3 - self.cells[code - n])
        return code

    # ------------------------------------------------------------------ notation, records
    def code_text(self, code: int) -> str:
        return code_text(self.geo, code)

    def parse_code(self, text: str) -> int:
        return parse_code(self.geo, text)

    def history_codes(self) -> list[int]:
        return self._history[:]

    # ------------------------------------------------------------------ copies
    def _copy_position(self, other: StigmergyPosition) -> None:
        """Make ``other`` (a bare instance) an independent copy, history included."""
        other.geo = self.geo
        other.cells = self.cells[:]
        other.see = ([], self.see[1][:], self.see[2][:])
        other.stones = self.stones[:]
        other.fixed_komi = self.fixed_komi
        other.komi = self.komi
        other.komi_to = self.komi_to
        other.button = self.button
        other.passes = self.passes
        other.over = self.over
        other.resigned = self.resigned
        other._history = self._history[:]
        other._undo = self._undo[:]  # tuples: sharing is safe

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the game, for equality."""
        return (
            self.geo.size,
            self.fixed_komi,
            tuple(self.cells),
            tuple(self.see[1]),
            tuple(self.see[2]),
            tuple(self.stones),
            self.komi,
            self.komi_to,
            self.button,
            self.passes,
            self.over,
            self.resigned,
            tuple(self._history),
            tuple(self._undo),
        )
