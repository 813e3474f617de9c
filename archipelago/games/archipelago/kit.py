"""Archipelago on the page: turns of several stones, a colour picked before each click,
End turn and Pass, a keyboard cursor on the hex board, the scoring track, and a new game
with its variations (the New game dialog offers them from its manifest's options)."""

from __future__ import annotations

from typing import Any

from archipelago.errors import NotationError
from archipelago.game import Game
from archipelago.i18n import _, ngettext
from archipelago.page.contract import Action, Cursor, SessionView
from archipelago.page.input.keys import board_cursor
from archipelago.page.kits import PanelsModuleKit, word_turn_words
from archipelago.page.view.pointer import touch_in_hand

from . import panels, render
from . import spoken as read_aloud
from .notation import Stone, format_turn, parse_stone, split_turn
from .state import GameState
from .variant import Variant
from .words import colour_word, symbol_name


def _state(game: Game) -> GameState:
    assert isinstance(game, GameState)
    return game


class ArchipelagoKit(PanelsModuleKit):
    panels_module = panels  # its labels, status, players table and game-over panel
    spoken = read_aloud  # the board and the game read aloud

    # ---------------------------------------------------- turns: TurnKit
    def finished_turns(self, game: Game) -> int:
        state = _state(game)
        return len(state.turns) + len(state.resigned)  # a resignation is a turn (R15)

    def turn_started(self, game: Game) -> bool:
        return bool(_state(game).turn_stones)

    def turns(self, game: Game) -> list[tuple[int, str]]:
        state = _state(game)
        # The engine records who played each turn (frozen players are skipped).
        played = [
            (player, format_turn(state.board, turn))
            for player, turn in zip(state.movers, state.turns, strict=True)
        ]
        return state.with_resignations(played, lambda player: (player, "resign"))

    def current_turn(self, game: Game) -> tuple[int, str] | None:
        state = _state(game)
        if not state.turn_stones or state.mover is None:
            return None
        return state.mover, format_turn(state.board, state.turn_stones)

    def turn_words(self, game: Game, text: str) -> str:
        """ "blue a3, blue b3, orange i2"; "pass"; "resign" (R3's notation spelt out)."""
        board = _state(game).board
        try:
            stones = [parse_stone(board, part) for part in split_turn(text)]
        except NotationError:  # "resign"
            return word_turn_words(text)
        words = [
            # Translators: one stone of a turn, as in "blue a3, orange i2"
            _("{colour} {cell}").format(colour=colour_word(colour), cell=board.names[cell])
            for colour, cell in stones
        ]
        return ", ".join(words) or word_turn_words(text)  # no stone: "pass"

    def notation_html(self, game: Game, text: str) -> str:
        marked = panels.notation_html(_state(game).board, text)
        return marked or super().notation_html(game, text)  # "pass", "resign" as they are

    # ------------------------------------- moves from the page: InputKit
    def click_move(self, game: Game, cell: str, choice: int) -> str:
        return f"{choice}{cell}"

    def choice_for_key(self, game: Game, key: str) -> int | None:
        if key in ("1", "2", "3", "4") and int(key) <= _state(game).players:
            return int(key)
        return None

    def move_cursor(self, game: Game, cursor: Cursor, key: str, rotation: int = 0) -> Cursor:
        return board_cursor(_state(game).board, cursor, key, rotation)

    def actions(self, session: SessionView, live: bool) -> list[Action]:
        state = _state(session.game)
        person = live and session.person_here_to_move
        left = state.stones_left
        return [
            Action(
                "end-turn",
                # Translators: the button that ends the turn, with the stones still to place
                # (one message per count: some languages agree "left" with the number)
                ngettext("End turn ({n} left)", "End turn ({n} left)", left).format(n=left)
                if state.mover
                else _("End turn"),
                "end",
                person and state.can_end_turn,
                _("End the turn now, keeping the stones left for no one (key E)"),
                "e",
                primary=True,
            ),
            Action(
                "pass",
                # Translators: the button that places no stone this turn
                _("Pass"),
                "pass",
                person and state.can_pass,
                _("Place no stone (key P)"),
                "p",
            ),
        ]

    def confirm_question(self, session: SessionView, move: str) -> tuple[str, str] | None:
        """Resigning asks, as in every game; so do ending a turn with stones still to
        place (one press of E gave them away) and a pass that opens a round of passes,
        while placing was open (the pass that would end the game is asked about by the
        session, on the message line)."""
        state, word = _state(session.game), move.strip().lower()
        mover = state.mover
        if mover is None or word not in ("end", "pass"):
            return super().confirm_question(session, move)
        name, allowance = session.name_of(mover), state.allowance
        if word == "end" and state.can_end_turn and state.stones_left:
            return (
                ngettext(
                    "End {name}'s turn with {left} of {n} stone unplaced? The stones left are "
                    "not kept for a later turn.",
                    "End {name}'s turn with {left} of {n} stones unplaced? The stones left are "
                    "not kept for a later turn.",
                    allowance,
                ).format(name=name, left=state.stones_left, n=allowance),
                _("End turn"),
            )
        previous_passed = bool(state.turns) and not state.turns[-1]
        if word == "pass" and state.can_pass and not previous_passed:
            trial = state.clone()
            trial.pass_turn()
            if not trial.is_over:
                return (
                    ngettext(
                        "Pass, placing none of {name}'s {n} stone this turn? The game ends "
                        "when every player still in play passes in a row.",
                        "Pass, placing none of {name}'s {n} stones this turn? The game ends "
                        "when every player still in play passes in a row.",
                        allowance,
                    ).format(name=name, n=allowance),
                    _("Pass"),
                )
        return None

    # ----------------------------------------------- drawing: DrawingKit
    def board_svg(self, session: SessionView, labels: bool) -> str:
        state = _state(session.shown)
        # The last finished turn stays marked while the next one is under way.
        last: tuple[Stone, ...] = state.turns[-1] if state.turns else ()
        placed = state.turn_stones or last
        fresh = None if session.viewing is not None or not placed else placed[-1]
        players = dict(enumerate(session.names, start=1))  # colour n is player n's
        return render.board_svg(
            state,
            labels=labels,
            last_turn=last,
            fresh=fresh,
            players=players,
            rotation=session.rotation,
            grid=True,
        )

    def overlay_svg(
        self, session: SessionView, choice: int, target: str | None, cursor: str | None, hint: str
    ) -> str:
        board = _state(session.shown).board
        return panels.overlay_svg(
            session,
            choice,
            None if target is None else board.index(target),
            None if cursor is None else board.index(cursor),
            hint,
        )

    def ghost_svg(self, session: SessionView, turn: str) -> str:
        state = _state(session.shown)
        try:
            stones = [parse_stone(state.board, part) for part in split_turn(turn)]
        except NotationError:  # "resign", or not a turn of this board: nothing to draw
            return ""
        return "".join(
            render.overlay_svg(state, colour, cell, None, session.rotation)
            for colour, cell in stones
        )

    def cell_words(self, session: SessionView, choice: int, target: str | None, live: bool) -> str:
        board = _state(session.shown).board
        cell = None if target is None else board.index(target)
        return panels.cell_words(session, choice, cell, touch=touch_in_hand())

    def side_panel(self, session: SessionView) -> tuple[str, str] | None:
        return _("Scoring track"), panels.track_html(session)

    def picker_html(self, session: SessionView, choice: int) -> str:
        return panels.picker_html(session, choice)

    def board_owners(self, game: Game) -> tuple[int, list[int]] | None:
        state = _state(game)
        return state.board.size, list(state.cells)

    # ------------------------------------------ players' cards: CardsKit
    def hint_words(self, game: Game, move: str) -> str:
        return panels.hint_words(_state(game), move)

    # ----------------------------------------------- new games: SetupKit
    def seat_label(self, player: int) -> str:
        # Translators: a seat in the New game dialog, as in "Player 1 (blue, dot)"
        return _("Player {n} ({colour}, {symbol})").format(
            n=player, colour=colour_word(player), symbol=symbol_name(player)
        )

    def new_game(self, settings: dict[str, Any]) -> Game:
        options = self.clean_options(settings)
        variant = Variant(
            stones=options["stones"],
            extra=options["extra"],
            scoring=options["scoring"],
            wunchunk=options["wunchunk"],
            frozen=options["frozen"],
        )
        return GameState(options["size"], int(settings.get("players", 2)), variant)
