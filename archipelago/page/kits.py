"""The kits: what the page shows of each game beyond the game contract, by name.

``GameKit`` implements every protocol of ``contract`` for any game, through the game
contract alone (one move per turn, a click on a cell plays the cell's name, a button for
each move that is a word) and its manifest (the New game dialog's board side, tile and
options: ``setup.fields``); a game with more to show names its own kit in its manifest
(``kit``), a subclass overriding what differs. ``kit_for(name)`` finds it, like
``registry.game_class``.
"""

from __future__ import annotations

import importlib
from html import escape
from typing import Any

from ..game import Game
from ..i18n import N_, _, in_language, joined, ngettext
from ..registry import game_class, manifest_of, manifests
from .contract import (
    Action,
    CardFacts,
    CardsKit,
    Cursor,
    DrawingKit,
    InputKit,
    Pips,
    Placing,
    ResultsKit,
    SessionView,
    SetupKit,
    Spoken,
    TurnKit,
)
from .setup.fields import (
    clean_options,
    follow_players,
    offered_html,
    read_offered,
    read_size,
    size_html,
)
from .view.pointer import click_or_tap

RESIGN_WORD = "resign"  # how every game writes a resignation (game.Game.resign_code)
# The buttons of moves that are words, in the reader's language; a word not here shows as
# the game writes it.
# Translators: the button with which a player passes (makes no move this turn).
WORD_LABELS = {"pass": N_("Pass")}
# The turns every game may write as a word, said after the mover's name in the moves list.
TURN_WORDS = {
    # Translators: a turn in the moves list, after the player's name ("Bob passes")
    "pass": N_("passes"),
    # Translators: a turn in the moves list, after the player's name ("Bob resigns")
    RESIGN_WORD: N_("resigns"),
}


def word_turn_words(text: str) -> str:
    """A turn written as a word ("pass", "resign") in the reader's words; any other word
    as the game writes it, its hyphens spaced."""
    word = text.strip().lower()
    return _(TURN_WORDS[word]) if word in TURN_WORDS else text.replace("-", " ")


class GameKit(TurnKit, InputKit, DrawingKit, CardsKit, ResultsKit, SetupKit):
    """The page's view of a game that registered no kit of its own, and what a game's
    own kit builds on."""

    # The game read aloud (its ``spoken`` module: contract.Spoken); None for a game
    # that cannot be, whose commands say so.
    spoken: Spoken | None = None

    def __init__(self, name: str) -> None:
        self.name = name
        self.cls: type[Game] = game_class(name)
        self.title = self.cls.title
        manifest = self.manifest = manifest_of(name)
        # The game's rules page in English (a game without one keeps the site's first).
        self.english_rules = manifest.rules_page or manifest_of(_first_game()).rules_page

    @property
    def rules_page(self) -> str:
        """The game's rules page in the page's language, relative to index.html (the
        Rules link follows the game and the language: sitebuild/locales.py writes each)."""
        return f"./{in_language(self.english_rules)}"

    # ---------------------------------------------------- turns: TurnKit
    def finished_turns(self, game: Game) -> int:
        return len(game.history_codes())

    def turn_started(self, game: Game) -> bool:
        """Whether the player to move has made part of a turn (not here: a move is a turn)."""
        return False

    def turns(self, game: Game) -> list[tuple[int, str]]:
        """(player, text) of every finished turn, found by replaying the moves."""
        replay = game.clone()
        moves = []
        while replay.history_codes():
            moves.append(replay.pop())
        turns = []
        for move in reversed(moves):
            turns.append((replay.to_move or 0, move.text))
            replay.push(move)
        return turns

    def current_turn(self, game: Game) -> tuple[int, str] | None:
        """(player, text) of the turn under way, if it has moves."""
        return None

    def turn_words(self, game: Game, text: str) -> str:
        """A turn in words for the moves list: here its move, a word in the reader's words."""
        return word_turn_words(text)

    def notation_html(self, game: Game, text: str) -> str:
        """The notation as it is; commas may break a long turn over two lines instead of
        cutting it."""
        return escape(text).replace(",", ",<wbr>")

    def file_stem(self, game: Game) -> str:
        return f"{self.name}-{self.finished_turns(game)}-turns"

    # ------------------------------------- moves from the page: InputKit
    def click_move(self, game: Game, cell: str, choice: int) -> str:
        """The move a click on ``cell`` makes."""
        return cell

    def form_move(self, game: Game, fields: dict[str, str]) -> str:
        """The move a form among the kit's own controls asks for (its fields by name);
        ValueError with a message for a bad entry."""
        raise ValueError(_("{game} has no form of its own.").format(game=self.title))

    def choice_for_key(self, game: Game, key: str) -> int | None:
        """A key that picks what a click plays (Archipelago's colours), or None."""
        return None

    def move_cursor(self, game: Game, cursor: Cursor, key: str, rotation: int = 0) -> Cursor:
        """Where an arrow key takes the keyboard cursor on the board turned by
        ``rotation`` steps of 60 degrees (a game without a kit has none)."""
        return cursor

    def actions(self, session: SessionView, live: bool) -> list[Action]:
        """A button for each move legal now that is a word, not a cell ("pass",
        "take-button"); P presses Pass."""
        game = session.game
        person = live and session.person_here_to_move
        words = sorted({m.text for m in game.legal_moves() if not any(c.isdigit() for c in m.text)})
        return [
            Action(
                "pass" if word == "pass" else f"move-{word}",
                _word_label(word),
                word,
                person,
                key="p" if word == "pass" else "",
            )
            for word in words
        ]

    def resign_action(self, session: SessionView, live: bool) -> Action | None:
        """The Resign button, offered to a person whose turn it is in a game that has
        resigning (never to a computer's seat, nor once the game is over)."""
        game = session.game
        if self.cls.resign_code is None or game.is_over or session.computer_to_move:
            return None
        # Translators: the button with which a player gives up the game.
        return Action("resign", _("Resign"), RESIGN_WORD, live, _("Give up: asks first"))

    def confirm_question(self, session: SessionView, move: str) -> tuple[str, str] | None:
        """(question, label of the button that goes ahead) when ``move`` needs the
        player's confirmation first, else None. Resigning always asks."""
        if move.strip().lower() == RESIGN_WORD:
            return self.resign_question(session)
        return None

    def resign_question(self, session: SessionView) -> tuple[str, str] | None:
        """What resigning now would do, in words, with the button that goes ahead."""
        game = session.game
        player = game.to_move
        if player is None or self.cls.resign_code is None:
            return None
        trial = game.clone()
        trial.push_code(self.cls.resign_code)
        name = session.name_of(player)
        returns = trial.returns()
        if returns is not None:
            best = max(returns)
            winners = [session.name_of(p) for p, r in enumerate(returns, start=1) if r == best]
            what = ngettext(
                "The game ends and {names} wins.", "The game ends and {names} win.", len(winners)
            ).format(names=joined(winners))
        else:
            what = _(
                "{name} takes no more turns and ranks below every player still in play; "
                "the others play on."
            ).format(name=name)
        taken = _("The stones placed this turn are taken back.") if self.turn_started(game) else ""
        question = _("Resign for {name}?").format(name=name)
        parts = (question, what, taken, _("Undo can take it back."))
        return " ".join(part for part in parts if part), _("Resign for {name}").format(name=name)

    # ----------------------------------------------- drawing: DrawingKit
    def board_svg(self, session: SessionView, labels: bool) -> str:
        return session.shown.board_svg(labels=labels)

    def overlay_svg(
        self, session: SessionView, choice: int, target: str | None, cursor: str | None, hint: str
    ) -> str:
        return ""

    def ghost_svg(self, session: SessionView, turn: str) -> str:
        """The turn ``turn`` (record notation) drawn faintly on the board shown: the
        analysis's best turn at a reviewed position; "" for a game that draws none."""
        return ""

    def cell_words(self, session: SessionView, choice: int, target: str | None, live: bool) -> str:
        if target is None:
            if not live:
                return ""
            return click_or_tap(_("Click a cell to play there."), _("Tap a cell to play there."))
        return target

    def side_panel(self, session: SessionView) -> tuple[str, str] | None:
        """(title, HTML) of the game's own side panel, if it has one."""
        return None

    def picker_html(self, session: SessionView, choice: int) -> str:
        return ""

    def board_owners(self, game: Game) -> tuple[int, list[int]] | None:
        """(side, the owner of each cell in ``hexgrid`` order, 0 for none) for the Games
        list's picture of a game on a hexhex board; None for a game without one."""
        return None

    # ------------------------------------------ players' cards: CardsKit
    def chip(self, player: int) -> str:
        """The player's stone as a small SVG (colour and symbol), or "" for none."""
        return ""

    def card_facts(self, session: SessionView, player: int) -> CardFacts:
        """What ``player``'s card shows beside the name (a game without a kit: nothing)."""
        return CardFacts()

    def turn_pips(self, session: SessionView) -> Pips | None:
        """The stones of the turn under way, for a game whose turns have several."""
        return None

    def turn_note(self, session: SessionView) -> str:
        """What the player to move may do, in words, when the board does not say it."""
        return ""

    def hint_words(self, game: Game, move: str) -> str:
        try:
            return _("Hint: {explanation}").format(
                explanation=game.explain_move(game.parse_move(move))
            )
        except ValueError:
            return _("Hint: {move}.").format(move=move)

    # ----------------------------------------------- results: ResultsKit
    def ranking(self, session: SessionView) -> list[Placing]:
        """The final places, best first, from the game's rewards."""
        returns = session.game.returns() or ()
        order = sorted(range(1, len(returns) + 1), key=lambda p: -returns[p - 1])
        places = {p: 1 + sum(r > returns[p - 1] for r in returns) for p in order}
        return [Placing(places[p], p, "") for p in order]

    def result_words(self, session: SessionView) -> str:
        """The result in one sentence: who won, and by what."""
        ranking = self.ranking(session)
        winners = [session.name_of(line.player) for line in ranking if line.place == 1]
        if len(winners) > 1:
            return _("{names} share first place.").format(names=joined(winners))
        return _("{name} wins.").format(name=winners[0]) if winners else _("Game over.")

    def result_details(self, session: SessionView) -> str:
        """HTML under the final ranking: what separated the places, a chart."""
        return ""

    # ----------------------------------------------- new games: SetupKit
    def tagline(self) -> str:
        """One line on the game for its tile in the New game dialog."""
        return self.manifest.tagline

    def seat_label(self, player: int) -> str:
        """The player's label in the New game dialog."""
        return f"Player {player}"

    def player_counts(self) -> range:
        return self.cls.player_counts

    def quick_size(self) -> int:
        """The board side of a quick game (the New game dialog's first preset)."""
        return self.manifest.quick_size or self.manifest.default_size

    def quick_options(self, size: int) -> dict[str, Any]:
        """The options a quick game on a board of ``size`` (a first game, the header's
        switcher, a link naming the game) takes over the defaults: none unless the game
        has a question a newcomer should not be asked first."""
        return {}

    def quick_form_updates(self, size: int) -> dict[str, dict[str, Any]]:
        """What the New game dialog's quick-game preset sets in the game's own fields, so
        that it starts the game ``quick_options`` describe (none by default)."""
        return {}

    def default_options(self) -> dict[str, Any]:
        """A new game's options before anyone chooses: the manifest's defaults."""
        return {"size": self.manifest.default_size, **self.manifest.option_defaults()}

    def clean_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The options of ``raw`` this game understands, each checked; the rest default."""
        return clean_options(self.manifest, raw)

    def options_html(self, settings: dict[str, Any]) -> str:
        return size_html(self.manifest, self.clean_options(settings)["size"])

    def more_options_html(self, settings: dict[str, Any]) -> str:
        """The options few games change (variations), shown folded under More options in
        the New game dialog, each with a line on what it does."""
        options = self.clean_options(settings)
        return offered_html(self.manifest, options, settings.get("players", 2))

    def read_options(self, fields: dict[str, Any]) -> dict[str, Any]:
        """The options of the New game form; ValueError with a message for a bad one."""
        size = read_size(fields, self.manifest.sizes)
        return {"size": size, **read_offered(self.manifest, fields)}

    def form_updates(self, fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
        """Changes to other fields of the form after ``changed`` changed."""
        return follow_players(self.manifest, fields, changed)

    def new_game(self, settings: dict[str, Any]) -> Game:
        players = settings.get("players", self.cls.player_counts[0])
        record: dict[str, Any] = {"game": self.name, "turns": [], "size": settings.get("size")}
        if len(self.cls.player_counts) > 1:
            record["players"] = players
        return self.cls.from_record(record)


def _word_label(word: str) -> str:
    """The button's label for the move ``word`` ("take-button": "Take button")."""
    return _(WORD_LABELS[word]) if word in WORD_LABELS else word.replace("-", " ").capitalize()


def _first_game() -> str:
    return manifests()[0].name


_cache: dict[str, GameKit] = {}


def kit_for(name: str) -> GameKit:
    """The kit of the registered game ``name`` (UnknownGameError if there is none)."""
    if name not in _cache:
        manifest = manifest_of(name)
        target = manifest.absolute(manifest.kit)
        if not target:
            _cache[name] = GameKit(name)
        else:
            module_name, _colon, class_name = target.partition(":")
            _cache[name] = getattr(importlib.import_module(module_name), class_name)(name)
    return _cache[name]


class PanelsModuleKit(GameKit):
    """A kit whose players' chips and the facts of the view model (cards, pips, the final
    ranking and result) come from one module of the game's own, ``panels_module``: the
    functions of the same names there."""

    panels_module: Any  # chip, card_facts, turn_pips, ranking, result_words, ...

    def chip(self, player: int) -> str:
        return str(self.panels_module.chip(player))

    def card_facts(self, session: SessionView, player: int) -> CardFacts:
        facts = self.panels_module.card_facts(session, player)
        assert isinstance(facts, CardFacts)
        return facts

    def turn_pips(self, session: SessionView) -> Pips | None:
        pips = self.panels_module.turn_pips(session)
        assert pips is None or isinstance(pips, Pips)
        return pips

    def ranking(self, session: SessionView) -> list[Placing]:
        return list(self.panels_module.ranking(session))

    def result_words(self, session: SessionView) -> str:
        return str(self.panels_module.result_words(session))

    def result_details(self, session: SessionView) -> str:
        return str(self.panels_module.result_details(session))
