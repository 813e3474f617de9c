"""Stigmergy on the page: the komi proposal typed in a field, the answer (a first stone,
the button, or Play second), clicks that place on empty cells and flip enemy stones,
Take button and Pass, a confirmation before the pass that ends the game, and the New
game options (board side, komi proposed in the game or fixed in advance)."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from archipelago.errors import NotationError
from archipelago.game import Game
from archipelago.hexsvg import COLOUR_NAMES, SYMBOL_NAMES
from archipelago.i18n import N_, _
from archipelago.page.contract import Action, Cursor, SessionView
from archipelago.page.input.keys import board_cursor
from archipelago.page.kits import RESIGN_WORD, PanelsModuleKit
from archipelago.reading import ascii_int

from . import panels
from . import spoken as read_aloud
from .fairkomi import suggested_komi
from .geometry import geometry_for
from .notation import BUTTON, FLIP_MARK, PASS, PLAY_SECOND
from .render import ghost_svg, sight_svg
from .state import StigmergyGame
from .words import komi_means, turn_words

CELL_NAME = re.compile(r"[a-z][0-9]{1,2}")  # a cell's name, as a move's text holds it

PROPOSE = "propose"  # komi modes of the New game dialog
FIXED = "fixed"
KOMI_MODES = {PROPOSE: N_("proposed in the game"), FIXED: N_("fixed in advance")}


def _game(game: Game) -> StigmergyGame:
    assert isinstance(game, StigmergyGame)
    return game


def komi_limit(size: int) -> int:
    return geometry_for(size).komi_limit


def read_komi(text: str, size: int) -> int:
    """A komi typed by a player; ValueError with a message for anything else."""
    limit = komi_limit(size)
    low, high = -limit, limit
    entry = str(text).strip().replace("−", "-")  # a typographic minus counts too
    if not entry:
        raise ValueError(
            _("Enter the komi: a whole number from {low} to {high}.").format(low=low, high=high)
        )
    if re.fullmatch(r"[+-]?[0-9]{1,6}", entry):  # typed by a player: a plus is fine here
        komi = int(entry)
    elif re.fullmatch(r"[+-]?(\d+[.,]\d*|[.,]\d+)", entry):
        raise ValueError(
            _(
                "The komi is a whole number of points, not {entry}: enter a number from "
                "{low} to {high}."
            ).format(entry=entry, low=low, high=high)
        )
    else:
        raise ValueError(
            _("{entry} is not a number: the komi is a whole number from {low} to {high}.").format(
                entry=repr(entry), low=low, high=high
            )
        )
    if not -limit <= komi <= limit:
        cells = 3 * size * (size - 1) + 1
        raise ValueError(
            _(
                "A komi of {komi} is out of range: on a side-{side} board ({cells} cells) "
                "it is from {low} to {high}."
            ).format(komi=komi, side=size, cells=cells, low=low, high=high)
        )
    return komi


def komi_setting(word: str, settings: dict[str, Any]) -> int:
    """A page address's ``komi=word`` (the manifest's check): a whole number within the
    board side's limit, else ValueError naming the option."""
    size = settings["size"]
    limit = komi_limit(size)
    komi = ascii_int(word)  # ASCII digits and an optional minus, as in records
    if komi is not None and abs(komi) <= limit:
        return komi
    raise ValueError(
        _(
            "komi={word} is not allowed on a side-{side} board (use a whole number from "
            "{low} to {high}, or leave it out for a komi proposed in the game)"
        ).format(word=word, side=size, low=-limit, high=limit)
    )


class StigmergyKit(PanelsModuleKit):
    panels_module = panels  # its labels, status, players table and game-over panel
    spoken = read_aloud  # the board and the game read aloud

    # ------------------------------------- moves from the page: InputKit
    def click_move(self, game: Game, cell: str, choice: int) -> str:
        """An enemy stone flips, anything else places; the engine refuses what is not
        allowed, with its reason."""
        state = _game(game)
        owner = state.cells[state.board.index(cell)]
        mover = state.to_move
        if owner and mover is not None and owner != mover and not state.proposing:
            return f"{cell}x"
        return cell

    def form_move(self, game: Game, fields: dict[str, str]) -> str:
        """The komi typed in the proposal field, as a move."""
        state = _game(game)
        if not state.proposing:
            raise ValueError(_("The komi is proposed on turn 1 only."))
        return str(read_komi(fields.get("komi", ""), state.size))

    def move_cursor(self, game: Game, cursor: Cursor, key: str, rotation: int = 0) -> Cursor:
        return board_cursor(_game(game).board, cursor, key, rotation)

    def actions(self, session: SessionView, live: bool) -> list[Action]:
        state = _game(session.game)
        person = live and session.person_here_to_move
        codes = set(state.legal_codes())
        actions = []
        if state.answering:
            actions.append(
                Action(
                    "play-second",
                    _("Play second"),
                    "play-second",
                    person,
                    _("Let {name} place the first stone; you receive the komi ({means})").format(
                        name=session.name_of(1), means=komi_means()
                    ),
                )
            )
        button_title = (
            _("The button: half a point for whoever takes it, taken instead of a stone this turn")
            if BUTTON in codes
            else _(
                "The button (half a point) is in play only when the komi ({means}) is odd"
            ).format(means=komi_means())
        )
        actions.append(
            Action(
                "take-button",
                _("Take the button (½ point)"),
                "take-button",
                person and BUTTON in codes,
                button_title,
            )
        )
        pass_title = _("Key P") if PASS in codes else _("Only when every empty cell is controlled")
        actions.append(Action("pass", _("Pass"), "pass", person and PASS in codes, pass_title, "p"))
        return actions

    def confirm_question(self, session: SessionView, move: str) -> tuple[str, str] | None:
        """A pass right after the opponent's pass ends the game: ask first (and before
        resigning, as in every game)."""
        if move.strip().lower() == RESIGN_WORD:
            return super().confirm_question(session, move)
        state = _game(session.game)
        if move.strip().lower() != "pass" or state.passes != 1 or PASS not in state.legal_codes():
            return None
        s1, s2 = state.scores()
        name = session.name_of
        return (
            _(
                "{other} passed last turn: if you pass too, the game ends now, {first} "
                "{score1} to {second} {score2}. Pass and end the game?"
            ).format(
                other=name(3 - (state.to_move or 1)),
                first=name(1),
                score1=panels.points(s1),
                second=name(2),
                score2=panels.points(s2),
            ),
            _("Pass and end the game"),
        )

    def turn_words(self, game: Game, text: str) -> str:
        """A turn of the moves list in words, for its tooltip or expanded row (after the
        mover's name): ``text`` is the turn as ``turns`` gives it ("h8x": "flips h8")."""
        return turn_words(text)

    # ----------------------------------------------- drawing: DrawingKit
    def board_svg(self, session: SessionView, labels: bool) -> str:
        players = dict(enumerate(session.names, start=1))
        return _game(session.shown).board_svg(
            labels=labels, players=players, rotation=session.rotation, grid=True
        )

    def overlay_svg(
        self, session: SessionView, choice: int, target: str | None, cursor: str | None, hint: str
    ) -> str:
        """The sight lines of the cell under the pointer (or the keyboard cursor), which
        show the stones it sees, and the keyboard cursor's outline."""
        lines = ""
        if target is not None:
            try:
                lines = sight_svg(_game(session.shown), target)
            except NotationError:  # not a cell of this board: no lines
                lines = ""
        return lines + panels.cursor_svg(session, cursor)

    def ghost_svg(self, session: SessionView, turn: str) -> str:
        game = _game(session.shown)
        mover, text = game.to_move, turn.strip().lower()
        cell = text[:-1] if text.endswith(FLIP_MARK) else text
        if mover is None or not CELL_NAME.fullmatch(cell):
            return ""  # a pass, the button, a komi: nothing to place
        try:
            return ghost_svg(game, cell, mover, session.rotation)
        except NotationError:
            return ""

    def cell_words(self, session: SessionView, choice: int, target: str | None, live: bool) -> str:
        try:
            move = "" if target is None else self.click_move(session.shown, target, choice)
            return panels.cell_words(session, target, live, move)
        except NotationError:
            return target or ""

    def side_panel(self, session: SessionView) -> tuple[str, str] | None:
        return _("Komi and the board's marks"), panels.board_lines_html(
            session
        ) + panels.legend_html()

    def picker_html(self, session: SessionView, choice: int) -> str:
        return panels.komi_form_html(session)

    def board_owners(self, game: Game) -> tuple[int, list[int]] | None:
        state = _game(game)
        return state.board.size, list(state.cells)

    # ------------------------------------------ players' cards: CardsKit
    def turn_note(self, session: SessionView) -> str:
        return panels.turn_note(session)

    # ----------------------------------------------- new games: SetupKit
    def seat_label(self, player: int) -> str:
        # The platform's names of colours and symbols (hexsvg), marked for the catalogues
        # where they are defined.
        colour, symbol = _(COLOUR_NAMES[player]).lower(), _(SYMBOL_NAMES[player])
        if player == 1:
            return _("Player {n} ({colour}, {symbol}; proposes the komi)").format(
                n=player, colour=colour, symbol=symbol
            )
        return _("Player {n} ({colour}, {symbol}; chooses a side)").format(
            n=player, colour=colour, symbol=symbol
        )

    def clean_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        options = super().clean_options(raw)  # the board side
        komi = raw.get("komi")
        if isinstance(komi, int) and _whole(komi) and abs(komi) <= komi_limit(options["size"]):
            options["komi"] = komi
        return options

    def options_html(self, settings: dict[str, Any]) -> str:
        """The board side, then the komi: proposed in the game or fixed in advance."""
        komi = self.clean_options(settings)["komi"]
        mode = PROPOSE if komi is None else FIXED
        modes = "".join(
            f'<option value="{value}"{" selected" if value == mode else ""}>'
            f"{escape(_(text))}</option>"
            for value, text in KOMI_MODES.items()
        )
        komi_field = (
            '<input name="komi" id="komi-field" type="number" step="1" '
            f'value="{0 if komi is None else komi}"{" disabled" if komi is None else ""}>'
        )
        # Each message is made outside the f-strings: the extractor does not read inside them.
        legend = escape(_("Komi ({means})").format(means=komi_means()))
        # Translators: the label of the komi mode menu (proposed in the game, fixed)
        mode_label = escape(_("Komi"))
        fixed_label = escape(_("Fixed komi, received by player 2 (player 1 places first)"))
        note = escape(
            _(
                "Proposed in the game: player 1 proposes a komi on turn 1, and player 2 "
                "then chooses to place first or to play second and receive it."
            )
        )
        return (
            super().options_html(settings)
            + f"<fieldset><legend>{legend}</legend>"
            + f'<label>{mode_label} <select name="komi-mode" id="komi-mode">{modes}'
            + "</select></label>"
            + f"<label>{fixed_label} {komi_field}</label>"
            + f'<p class="note">{note}</p></fieldset>'
        )

    def quick_options(self, size: int) -> dict[str, Any]:
        """A quick game's komi is fixed in advance at the fair komi for its side, so a
        newcomer's first task is a stone, not a number to propose; the proposal stays
        one choice away in New game."""
        return {"komi": suggested_komi(size)}

    def quick_form_updates(self, size: int) -> dict[str, dict[str, Any]]:
        """New game's quick-game preset: the komi fixed at the fair komi, as above."""
        komi = str(self.quick_options(size)["komi"])
        return {"komi-mode": {"value": FIXED}, "komi-field": {"value": komi, "disabled": False}}

    def read_options(self, fields: dict[str, Any]) -> dict[str, Any]:
        options = super().read_options(fields)  # the board side
        komi = None
        if fields.get("komi-mode") == FIXED:
            komi = read_komi(str(fields.get("komi", "")), options["size"])
        return {**options, "komi": komi}

    def form_updates(self, fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
        if changed == "komi-mode":
            return {"komi-field": {"disabled": fields.get("komi-mode") != FIXED}}
        return super().form_updates(fields, changed)

    def new_game(self, settings: dict[str, Any]) -> Game:
        options = self.clean_options(settings)
        return StigmergyGame(options["size"], options["komi"])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["PLAY_SECOND", "StigmergyKit", "read_komi"]
