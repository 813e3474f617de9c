"""Stigmergy's page kit under CPython: clicks to moves, the komi entry, the buttons, the
confirmation before the ending pass, the panels (names escaped), the New game dialog,
and saving, links and computer seats for a game that has no computer player yet."""

from __future__ import annotations

import random
import re
from html import escape

import pytest

from archipelago.games.stigmergy.kit import StigmergyKit, read_komi
from archipelago.games.stigmergy.notation import PASS
from archipelago.page import computers
from archipelago.page import start as startup
from archipelago.page.kits import kit_for
from archipelago.page.saved import distance
from archipelago.page.saved.links import encode_link
from archipelago.page.saved.storage import Storage, default_settings, session_from_settings
from archipelago.page.session import Session
from archipelago.page.setup import dialogs, picker
from archipelago.page.view import changes as view
from archipelago.page.view import html as screen_html
from archipelago.page.view import model as screen
from archipelago.page.view.pointer import pointer_in_hand
from archipelago.registry import from_record, new_game

EVIL = '<i onclick="x">&</i>'
SETUP = ["3", "play-second", "a2", "a5", "h2", "c6"]  # then player 1 may flip a5


def game(turns, size=5, variant=None):
    return from_record(
        {"game": "stigmergy", "size": size, "variant": variant or {}, "turns": turns}
    )


def session(turns, names=("Ann", "Bob"), **options):
    return Session(game(turns, **options), list(names))


def ending(seed=3):
    """A side-3 game with komi 0 (no button) played at random up to its first pass."""
    rng = random.Random(seed)
    position = game([], size=3, variant={"komi": 0})
    while PASS not in position.legal_codes():
        position.push_code(rng.choice(position.legal_codes()))
    position.push("pass")
    return position


def html_of(s):
    changes = {
        **view.game_changes(s, True),
        **view.control_changes(s, 1, True),
    }
    return " ".join(str(props.get("html", "")) for props in changes.values())


def test_stigmergy_has_its_own_kit():
    assert isinstance(kit_for("stigmergy"), StigmergyKit)
    s = session([])
    assert view.game_changes(s, True)["#rules-link"]["attrs"]["href"] == (
        "./static/stigmergy-rules.html"
    )
    assert view.game_changes(session_from_settings({}), True)["#rules-link"]["attrs"]["href"] == (
        "./static/rules.html"
    )


def test_clicks_place_on_empty_cells_and_flip_enemy_stones():
    s = session(SETUP)
    kit = s.kit
    assert kit.click_move(s.game, "e5", 1) == "e5"
    assert kit.click_move(s.game, "a5", 1) == "a5x"  # Bob's stone: Ann flips it
    assert kit.click_move(s.game, "a2", 1) == "a2"  # her own stone: the engine says no
    assert s.person_move(kit.click_move(s.game, "a5", 1)) == ""
    assert s.game.cells[s.game.board.index("a5")] == 1
    assert s.game.history[-1].text == "a5x"


@pytest.mark.parametrize(
    ("cell", "reason"),
    [
        ("a2", "a2 holds your own stone."),  # Ann is to move: her own stones
        ("h2", "h2 holds your own stone."),
    ],
)
def test_a_refused_click_gives_the_engines_reason_and_changes_nothing(cell, reason):
    s = session(SETUP)
    before = s.game.snapshot()
    assert s.person_move(s.kit.click_move(s.game, cell, 1)) == reason
    assert s.game.snapshot() == before


def test_refused_clicks_of_every_kind_keep_the_engines_words():
    s = session(SETUP[:3])  # Ann placed a2; Bob to move
    before = s.game.snapshot()
    # An enemy stone on a cell Bob does not control: the engine's count of sightings.
    message = s.person_move(s.kit.click_move(s.game, "a2", 1))
    # The engine numbers the players; the page names them.
    name = s.name_of(2)
    assert message.startswith(f"{name} does not control a2 (it sees ") and message.endswith(".")
    assert "Player 2" not in message
    proposal = session([])
    assert "komi proposal" in proposal.person_move(proposal.kit.click_move(proposal.game, "e5", 1))
    assert s.game.snapshot() == before and not proposal.game.history_codes()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Enter the komi: a whole number from -62 to 62."),
        ("  ", "Enter the komi"),
        ("2.5", "The komi is a whole number of points, not 2.5"),
        ("abc", "'abc' is not a number"),
        ("1e3", "is not a number"),
        ("99", "A komi of 99 is out of range: on a side-5 board (61 cells) it is from -62 to 62."),
        ("-63", "A komi of -63 is out of range"),
    ],
)
def test_bad_komi_entries_are_explained(text, words):
    with pytest.raises(ValueError) as error:
        read_komi(text, 5)
    assert words in str(error.value)


def test_good_komi_entries_become_the_proposal():
    assert read_komi(" 62 ", 5) == 62
    assert read_komi("−3", 5) == -3  # a typographic minus
    assert read_komi("+4", 5) == 4
    s = session([])
    move = s.kit.form_move(s.game, {"komi": "-7"})
    assert s.person_move(move) == "" and s.game.komi == -7
    with pytest.raises(ValueError, match="turn 1 only"):
        s.kit.form_move(s.game, {"komi": "3"})


def test_the_komi_form_shows_on_the_proposal_turn_only():
    s = session([])
    form = s.kit.picker_html(s, 1)
    assert 'id="komi-input"' in form and 'min="-62"' in form and "novalidate" in form
    s.person_move("3")
    assert s.kit.picker_html(s, 1) == ""
    assert s.kit.picker_html(session([], variant={"komi": 2}), 1) == ""


def test_buttons_follow_the_legal_moves():
    def buttons(s, live=True):
        return {a.id: a.enabled for a in s.kit.actions(s, live)}

    assert buttons(session([])) == {"take-button": False, "pass": False}
    assert buttons(session(["3"])) == {"play-second": True, "take-button": True, "pass": False}
    assert buttons(session(["4"])) == {"play-second": True, "take-button": False, "pass": False}
    assert buttons(session(SETUP)) == {"take-button": True, "pass": False}
    assert buttons(session(SETUP), live=False) == {"take-button": False, "pass": False}
    end = ending()
    s = Session(end, ["Ann", "Bob"])
    assert buttons(s) == {"take-button": False, "pass": True}
    s.person_move("pass")  # asked first (the confirm dialog), then played
    assert s.confirm() == ""
    assert s.game.is_over and buttons(s) == {"take-button": False, "pass": False}


def test_the_pass_that_ends_the_game_is_confirmed_first():
    end = ending()
    s = Session(end, ["Ann", EVIL])
    question = s.kit.confirm_question(s, "pass")
    assert question is not None
    text, label = question
    assert "passed last turn" in text and "the game ends now" in text
    assert label == "Pass and end the game"
    assert s.kit.confirm_question(s, "e5") is None
    s.game.pop()  # before the first pass, passing does not end the game
    assert PASS in s.game.legal_codes()
    assert s.kit.confirm_question(s, "pass") is None
    assert s.kit.confirm_question(session(SETUP), "pass") is None  # not legal: no question


def test_status_words_for_each_phase():
    def status(s):
        changes = view.control_changes(s, 1, True)
        return changes["#turn-note"]["text"] + " " + changes["#status"]["html"]

    assert "Ann proposes the komi" in status(session([]))
    assert "-62 to 62" in status(session([]))
    answer = status(session(["5"]))
    assert "answers the komi of 5 points" in answer and "Play second" in answer
    play = status(session(SETUP)).replace("&#x27;", "'")
    assert "Turn 7" in play and "flip Bob's ringed stone" in play and "take the button" in play
    last = Session(ending(), ["Ann", "Bob"])
    assert "if you pass too, the game ends" in status(last)
    last.person_move("pass")
    last.confirm()
    assert "Game over:" in status(last) and ("wins" in status(last))


def test_the_score_table_and_the_komi_and_button_lines():
    s = session([*SETUP, "a5x", "take-button"])
    changes = view.control_changes(s, 1, True)
    html = changes["#cards-top"]["html"] + changes["#cards-bottom"]["html"]
    g = s.game
    assert re.search(rf'data-player="1"[^>]*data-stones="{g.stones[1]}"', html)
    assert 'data-komi="3"' in html  # Bob plays second and receives it
    lines = view.game_changes(s, True)["#game-panel-body"]["html"]
    assert "received by Bob" in lines and "taken by Bob" in lines
    scores = g.summary()["scores"]
    assert f'data-score="{scores[1]}"' in html and "½" in html


def test_names_are_escaped_in_every_panel():
    for s in (
        session([], names=(EVIL, "Bob")),
        session(["3"], names=(EVIL, "Bob")),
        session(SETUP, names=("Ann", EVIL)),
    ):
        html = html_of(s)
        assert "<i " not in html and escape(EVIL) in html
    over = Session(ending(), ["Ann", EVIL])
    over.person_move("pass")
    over.confirm()
    html = html_of(over)
    assert "<i " not in html and escape(EVIL) in html and "wins" in html


def test_the_line_under_the_board_says_what_a_click_would_do():
    s = session(SETUP)
    words = s.kit.cell_words(s, 1, "a5", True)
    assert words.startswith("a5: Bob's stone, controlled by Ann; it sees 2 of Ann's stones")
    assert "Flip the stone" in words
    assert "Not playable: a2 holds your own stone" in s.kit.cell_words(s, 1, "a2", True)
    assert s.kit.cell_words(s, 1, "e5", False) == (
        "e5: empty, controlled by nobody; it sees 1 of Ann's stones and 1 of Bob's "
        "(4 of one player's give control)."
    )
    assert "Enter the komi" in s.kit.cell_words(session([]), 1, None, True)


def test_the_line_under_the_board_says_tap_on_a_touch_screen():
    s = session(SETUP)
    assert s.kit.cell_words(s, 1, None, True).startswith("Click an empty cell")
    with pointer_in_hand(True):
        assert s.kit.cell_words(s, 1, None, True) == (
            "Tap an empty cell to place a stone, or a ringed stone to flip it."
        )


def test_the_new_game_dialog_reads_side_and_komi():
    settings = {**default_settings("stigmergy"), "size": 5}
    form = dialogs.new_game_form_html(settings)
    assert 'name="komi-mode"' in form and 'id="komi-field"' in form and "disabled" in form
    fields = {"game": "stigmergy", "players": "2", "name1": "Ann", "name2": "Bob", "size": "5"}
    proposed = dialogs.read_new_game_form({**fields, "komi-mode": "propose", "komi": "9"})
    assert proposed["komi"] is None and proposed["size"] == 5
    fixed = dialogs.read_new_game_form({**fields, "komi-mode": "fixed", "komi": "-4"})
    assert fixed["komi"] == -4
    s = session_from_settings(fixed)
    assert s.game.komi == -4 and s.game.komi_to == 2 and not s.game.proposing
    assert session_from_settings(proposed).game.proposing
    with pytest.raises(ValueError, match="out of range"):
        dialogs.read_new_game_form({**fields, "komi-mode": "fixed", "komi": "80"})
    with pytest.raises(ValueError, match="board side"):
        dialogs.read_new_game_form({**fields, "size": "11"})
    changed = dialogs.form_updates({**fields, "komi-mode": "fixed"}, "komi-mode")
    assert changed["komi-field"] == {"disabled": False}
    # Settings that do not fit fall back: a komi beyond side 3's limit of 20.
    assert kit_for("stigmergy").clean_options({"size": 3, "komi": 21})["komi"] is None
    assert default_settings("stigmergy")["size"] == 8


def test_no_computer_seats_for_a_game_without_a_computer_player(monkeypatch):
    monkeypatch.setitem(computers._known, "stigmergy", False)
    form = dialogs.new_game_form_html({**default_settings("stigmergy"), "seats": [3, 0, 0, 0]})
    assert "Computer, level" not in form and "no computer player yet" in form
    fields = {"game": "stigmergy", "players": "2", "size": "5", "seat1": "3", "seat2": "5"}
    assert dialogs.read_new_game_form(fields)["seats"][:2] == [0, 0]
    s = Session(game([]), ["A", "B"], [2, 0])  # a link or file asking for a computer
    assert s.seats == [0, 0]
    assert "hint-button" not in view.control_changes(s, 1, True)["#action-bar"]["html"]
    # Once the search registers a player for it, the seats are offered.
    monkeypatch.setitem(computers._known, "stigmergy", True)
    assert "Computer, level 5" in dialogs.new_game_form_html(default_settings("stigmergy"))
    assert Session(game([]), ["A", "B"], [2, 0]).seats == [2, 0]


def test_without_the_search_package_only_archipelago_has_a_computer(monkeypatch):
    import importlib

    real = importlib.import_module

    def no_search(name, *args):
        if name.startswith("archipelago.search"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(computers.importlib, "import_module", no_search)
    monkeypatch.setattr(computers, "_known", {"archipelago": True})
    assert computers.has_computer("archipelago") and not computers.has_computer("stigmergy")


def test_a_stigmergy_game_is_stored_linked_and_read_back():
    store: dict[str, str] = {}
    storage = Storage(store.get, store.__setitem__)
    s = session([*SETUP, "a5x"], names=("Ann", EVIL))
    storage.save_game(s)
    kept, problem = storage.game()
    assert problem == "" and kept is not None
    assert kept.game == s.game and kept.names == ["Ann", EVIL]
    linked = distance.read_link(encode_link(s.payload()))
    assert linked.game == s.game
    fixed = session([], variant={"komi": 4})
    assert startup.session_from_file(_json(fixed.payload())).game.fixed_komi == 4
    assert s.kit.file_stem(s.game) == "stigmergy-7-turns"


def _json(payload):
    import json

    return json.dumps(payload)


def _scheduler(s):
    from archipelago.page.scheduler import Scheduler

    class Quiet:
        ready = True

        def start(self):
            pass

        def post(self, message):
            raise AssertionError("nothing should reach the worker")

    scheduler = Scheduler(s, Quiet(), lambda: 0.0, lambda *_: None, lambda *_: None)
    assert scheduler.ask_hint() is False  # no computer to ask for Stigmergy
    return scheduler


def test_the_keyboard_cursor_walks_the_board_and_is_drawn():
    s = session([], variant={"komi": 0})
    kit = s.kit
    cursor = kit.move_cursor(s.game, None, "ArrowUp")
    assert cursor is not None and cursor[0] == "e5"  # the centre of side 5
    right = kit.move_cursor(s.game, cursor, "ArrowRight")
    assert right is not None and right[0] == "e6"
    changes = view.overlay_changes(s, 1, None, right, "")
    assert 'class="cursor"' in changes["#board .overlay"]["html"]
    assert changes["#hint"]["text"].startswith("e6: empty")
    assert '<g class="overlay" aria-hidden="true"></g>' in kit.board_svg(s, True)


def test_an_ending_pass_is_asked_about_once_in_the_kit_s_dialog_only():
    # The session asks the kit's question (the confirm dialog, with its button), never its
    # own "press Pass again" one as well; only the dialog's go-ahead plays the pass.
    session = Session(new_game("stigmergy", size=3, variant={"komi": 0}), ["Ann", "Bob"], [0, 0])
    game = session.game
    while "pass" not in [m.text for m in game.legal_moves()]:
        game.push(next(m for m in game.legal_moves() if m.text != "pass"))
    session.person_move("pass")
    question, label = session.kit.confirm_question(session, "pass")
    assert session.person_move("pass") == question
    assert session.asking is not None and session.asking.go_ahead == label
    assert session.person_move("pass") == question and not session.game.is_over  # asked again
    session.decline()
    assert session.asking is None and session.confirm() is None  # No: nothing to play
    session.person_move("pass")
    assert session.confirm() == ""
    assert session.game.is_over and session.asking is None


def test_the_cell_under_the_pointer_or_the_cursor_shows_its_sight_lines():
    s = session(SETUP)
    hovered = view.overlay_changes(s, 1, "e5", None, "")["#board .overlay"]["html"]
    assert '<g class="sight" data-from="e5">' in hovered and "cursor" not in hovered
    assert hovered.count('class="sight-line') == 6  # e5 is inside: six lines
    keyboard = view.overlay_changes(s, 1, None, ("a5", 0.0), "")["#board .overlay"]["html"]
    assert 'data-from="a5"' in keyboard and 'class="cursor"' in keyboard
    assert view.overlay_changes(s, 1, None, None, "")["#board .overlay"]["html"] == ""
    # A name that is no cell of this board (a stale pointer) draws nothing, and no error.
    assert view.overlay_changes(s, 1, "z9", None, "")["#board .overlay"]["html"] == ""
    # While an earlier turn is shown, the lines are those of the position shown.
    s.show_turn(2)
    shown = view.overlay_changes(s, 1, "a3", None, "")["#board .overlay"]["html"]
    assert "data-seen" not in shown  # no stone on the board yet


def size_field(form: str) -> tuple[str, str, str]:
    """(value, min, max) of the board side field of a New game form."""
    found = re.search(
        r'<input name="size" type="number" min="(\d+)" max="(\d+)" value="(\d+)"', form
    )
    assert found, form
    return found.group(3), found.group(1), found.group(2)


def switched_form(fields: dict, remembered: dict) -> str:
    """The New game form as the page redraws it (static/dialogs_ui.py) when the player
    first picks ``fields["game"]`` in the dialog, coming from the other game."""
    left = "archipelago" if fields["game"] == "stigmergy" else "stigmergy"
    settings, _ = picker.switch_game(fields, left, {}, remembered)
    return dialogs.new_game_form_html(settings)


def test_switching_the_game_in_the_dialog_offers_that_games_sides_and_default():
    remembered = default_settings()  # Archipelago's, side 7
    fields = {"game": "stigmergy", "players": "2", "name1": "Ann", "name2": "Bob"}
    to_stigmergy = switched_form(fields, remembered)
    assert size_field(to_stigmergy) == ("8", "3", "10")
    back = switched_form({**fields, "game": "archipelago"}, remembered)
    assert size_field(back) == ("7", "2", "12")
    assert 'value="Ann"' in back  # the names typed are kept
    # The remembered game keeps its remembered side; the other game takes its default.
    stig_six = {**default_settings("stigmergy"), "size": 6}
    assert size_field(switched_form(fields, stig_six))[0] == "6"
    arch = switched_form({**fields, "game": "archipelago"}, stig_six)
    assert size_field(arch)[0] == "7"
    nine = {**remembered, "size": 9}
    assert size_field(switched_form(fields, nine))[0] == "8"
    assert size_field(switched_form({**fields, "game": "archipelago"}, nine))[0] == "9"
    # A side another game allows but this one does not is refused with its range.
    with pytest.raises(ValueError, match="from 3 to 10"):
        dialogs.read_new_game_form({**fields, "size": "12"})


def test_the_computer_seat_is_marked_and_the_komi_comes_with_a_suggestion():
    from archipelago.games.stigmergy.fairkomi import fair_komi, suggested_komi
    from archipelago.page.saved.storage import session_from_settings

    played = session_from_settings({"game": "stigmergy", "size": 6, "seats": [0, 3]})
    human, computer = (screen_html.card_html(card) for card in screen.cards(played))
    assert "computer · level 3" in computer and "computer" not in human
    form = played.kit.picker_html(played, 1)
    assert f'value="{suggested_komi(6)}"' in form
    # The komi is said in plain words, without pointing a player at the project's docs.
    assert "points for whoever places second" in form and "docs/" not in form
    assert f"{fair_komi(6):g} points" in form and suggested_komi(6) == 1
