"""Archipelago on the page: turns of several stones, a colour picked before each click,
End turn and Pass, a keyboard cursor on the hex board, the scoring track, and the
variations offered by the New game dialog."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from archipelago.errors import NotationError
from archipelago.game import Game
from archipelago.hexgrid import MAX_SIZE, MIN_SIZE
from archipelago.hexsvg import COLOUR_NAMES, SYMBOL_NAMES
from archipelago.page.input import board_cursor
from archipelago.page.kits import Action, Cursor, PanelsModuleKit, SessionView, read_board_side

from . import panels, render
from .notation import Stone, format_turn, parse_stone, split_turn
from .state import GameState
from .variant import EXTRA_MODES, SCORING_MODES, Variant

EXTRA_LABELS = {"full": "one per opponent ahead", "half": "half, rounded up", "none": "none"}
SCORING_LABELS = {
    "standard": "standard (groups, then bonus total)",
    "alternating": "alternating (groups, then rightmost bonus)",
}


def _state(game: Game) -> GameState:
    assert isinstance(game, GameState)
    return game


class ArchipelagoKit(PanelsModuleKit):
    panels_module = panels  # its labels, status, players table and game-over panel

    # ------------------------------------------------------------------ turns
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

    # ------------------------------------------------------------------ moves from the page
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
        return [
            Action(
                "end-turn",
                f"End turn ({state.stones_left} left)" if state.mover else "End turn",
                "end",
                person and state.can_end_turn,
                "End the turn now, keeping the stones left for no one (key E)",
                "e",
                primary=True,
            ),
            Action(
                "pass", "Pass", "pass", person and state.can_pass, "Place no stone (key P)", "p"
            ),
        ]

    def hint_words(self, game: Game, move: str) -> str:
        return panels.hint_words(_state(game), move)

    # ------------------------------------------------------------------ drawing
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
        return panels.cell_words(session, choice, None if target is None else board.index(target))

    # ------------------------------------------------------------------ panels
    def side_panel(self, session: SessionView) -> tuple[str, str] | None:
        return "Scoring track", panels.track_html(session)

    def picker_html(self, session: SessionView, choice: int) -> str:
        return panels.picker_html(session, choice)

    def file_stem(self, game: Game) -> str:
        return f"archipelago-{self.finished_turns(game)}-turns"

    # ------------------------------------------------------------------ new games
    def seat_label(self, player: int) -> str:
        colour = COLOUR_NAMES[player].lower()
        return f"Player {player} ({colour}, {SYMBOL_NAMES[player]})"

    def clean_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        options = self.default_options()
        checks: dict[str, Callable[[Any], bool]] = {
            "size": lambda v: _whole(v) and MIN_SIZE <= v <= MAX_SIZE,
            "stones": lambda v: v in (2, 3) and _whole(v),
            "extra": lambda v: v in EXTRA_MODES,
            "scoring": lambda v: v in SCORING_MODES,
            "wunchunk": lambda v: isinstance(v, bool),
            "frozen": lambda v: v is None or isinstance(v, bool),
        }
        for key, good in checks.items():
            if key in raw and good(raw[key]):
                options[key] = raw[key]
        return options

    def board_owners(self, game: Game) -> tuple[int, list[int]] | None:
        state = _state(game)
        return state.board.size, list(state.cells)

    def tagline(self) -> str:
        return "Build islands with stones of any colour; the most islands wins. 2 to 4 players."

    def quick_size(self) -> int:
        return 6  # the smallest side the designers recommend

    def options_html(self, settings: dict[str, Any]) -> str:
        options = self.clean_options(settings)
        return (
            f"<label>Board side ({MIN_SIZE} to {MAX_SIZE}; 6 to 8 recommended)"
            f'<input name="size" type="number" min="{MIN_SIZE}" max="{MAX_SIZE}" '
            f'value="{options["size"]}" required></label>'
        )

    def more_options_html(self, settings: dict[str, Any]) -> str:
        options = self.clean_options(settings)
        players = settings.get("players", 2)
        frozen = options["frozen"]
        frozen_on = players >= 3 if frozen is None else frozen

        def select(name: str, labels: dict[str, str], chosen: Any) -> str:
            items = "".join(
                f'<option value="{escape(v)}"{" selected" if v == str(chosen) else ""}>'
                f"{escape(text)}</option>"
                for v, text in labels.items()
            )
            return f'<select name="{name}" aria-describedby="{name}-why">{items}</select>'

        def why(name: str, text: str) -> str:
            return f'<span class="why" id="{name}-why">{escape(text)}</span>'

        return (
            "<fieldset><legend>Variations</legend>"
            f"<label>Stones per turn {select('stones', {'2': '2', '3': '3'}, options['stones'])}"
            f"{why('stones', 'Three stones a turn make a faster, more open game.')}</label>"
            "<label>Extra stones for trailing players "
            f"{select('extra', EXTRA_LABELS, options['extra'])}"
            f"{why('extra', 'How much help a player gets for each opponent with more islands.')}"
            "</label>"
            f"<label>Scoring {select('scoring', SCORING_LABELS, options['scoring'])}"
            f"{why('scoring', 'Which bonus breaks a tie in islands.')}</label>"
            '<label class="check"><input type="checkbox" name="wunchunk" '
            'aria-describedby="wunchunk-why"'
            f"{' checked' if options['wunchunk'] else ''}> Wunchunk</label>"
            + why(
                "wunchunk",
                "The goal reversed: islands count against you and the fewest wins.",
            )
            + '<label class="check"><input type="checkbox" name="frozen" id="frozen-field" '
            'aria-describedby="frozen-why"'
            f"{' checked' if frozen_on else ''}> Frozen Irrelevance</label>"
            + why(
                "frozen",
                "A player whose final place can no longer change stops playing "
                "(on by default with 3 or 4 players).",
            )
            # Untouched, the Frozen box follows the player count (the rules' default).
            + f'<input type="hidden" name="frozen-touched" value="{"" if frozen is None else "1"}">'
            "</fieldset>"
        )

    def read_options(self, fields: dict[str, Any]) -> dict[str, Any]:
        size = read_board_side(fields, MIN_SIZE, MAX_SIZE)
        players = int(fields.get("players", 2))
        frozen = bool(fields.get("frozen"))
        touched = bool(fields.get("frozen-touched"))
        raw = {
            "size": size,
            "stones": _int_or(fields.get("stones"), 2),
            "extra": fields.get("extra"),
            "scoring": fields.get("scoring"),
            "wunchunk": bool(fields.get("wunchunk")),
            # Only a choice that differs from the rules' default is kept as one.
            "frozen": frozen if touched and frozen != (players >= 3) else None,
        }
        return self.clean_options(raw)

    def form_updates(self, fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
        if changed == "frozen":
            return {"frozen-touched": {"value": "1"}}
        if changed == "players" and not fields.get("frozen-touched"):
            return {"frozen": {"checked": int(fields.get("players", 2)) >= 3}}
        return {}

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


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_or(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default
