"""The command box (archipelago/page/commandline.py) under CPython, behind the fake browser:
a typed move plays exactly as a click does (the same checks, messages and questions), a
whole turn in one line, each command word of both games with its answer in the one
announcement, 2 to 4 players, bad input answered with a clear sentence and nothing
changed, the board keys that read a line or jump to a stone, and the command words in
German with the English ones still understood."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

import pytest

from archipelago import i18n
from archipelago.page.commandline import COMMANDS, parse
from sitebuild import translations
from tests.support.pagetab import Tab

PEOPLE = {2: "Ann,Bob", 3: "Ann,Bob,Cy", 4: "Ann,Bob,Cy,Di"}


def people(players: int, size: int = 4) -> Tab:
    return Tab(f"?players={players}&size={size}&names={PEOPLE[players]}")


def stigmergy(query: str = "") -> Tab:
    return Tab(f"?game=stigmergy&size=4&names=Ann,Bob{query}")


def test_a_typed_move_plays_as_the_click_on_its_cell_does():
    clicked, typed = people(2), people(2)
    clicked.click("d4")
    # (two people at one device: whose turn it is now is said too)
    assert typed.command("1d4") == "Ann played 1d4: Ann 0 islands, Bob 0. Bob's turn."
    assert typed.browser.stones() == clicked.browser.stones() == {"d4": 1}
    assert typed.turns() == clicked.turns() == ["1d4"]
    assert typed.stored()["turns"] == clicked.stored()["turns"]
    # The same refusal, with the same words, on the message line and in the announcement.
    clicked.click("d4")
    said = typed.command("2d4")
    assert said == clicked.browser.message() == typed.browser.message()
    assert "d4" in said and typed.browser.stones() == {"d4": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_stone_of_a_turn_under_way_then_the_whole_turn_in_one_line(players):
    tab = people(players)
    tab.command("1d4")
    assert tab.command("2c3") == "2c3 placed: 1 of 2 left this turn."
    others = "".join(f", {name} 0" for name in PEOPLE[players].split(",")[2:])
    following = "Ann" if players == 2 else "Cy"
    assert tab.command("2c4") == (
        f"Bob played 2c3 and 2c4: Ann 0 islands, Bob 1{others}. {following}'s turn."
    )
    game = tab.session.game
    mover = game.to_move or 0
    turn = ", ".join(f"{mover}{cell}" for cell in ("a1", "a2", "a3", "b1")[: game.allowance])
    said = tab.command(turn)  # the stones of a whole turn, in one line
    assert said.startswith(f"{tab.session.name_of(mover)} played {mover}a1, {mover}a2 and ")
    assert len(tab.turns()) == 3


def test_bad_moves_are_answered_and_change_nothing():
    tab = people(2)
    for text, words in (
        ("e5", "not a stone"),
        ("9z9", "There is no cell z9 on a side-4 board"),
        ("1z9", "no cell z9"),
        ("hello world", "not a stone"),
    ):
        said = tab.command(text)
        assert words in said, (text, said)
        assert tab.browser.stones() == {}
    assert tab.command("   ") == "Type a command, or help."
    # A line of moves stops at the first refused one.
    tab.command("1d4")
    tab.command("2c3, 2c3")
    assert tab.browser.stones() == {"d4": 1, "c3": 2}
    assert "c3" in tab.announced()


def test_end_turn_pass_undo_redo_and_resign_go_the_buttons_way():
    tab = people(3)
    tab.command("1d4")
    tab.command("2c3")
    # End turn with a stone left asks first, in the confirm dialog, as E does.
    said = tab.command("end turn")
    assert said.startswith("End Bob's turn with 1 of 2 stones unplaced?")
    assert "confirm" in tab.browser.dialogs
    tab.press(command="confirm-yes")
    assert tab.session.game.to_move == 3
    said = tab.command("undo")
    assert said.startswith("Taken back. Ann 0 islands, 0 bonus; Bob 0 islands, 0 bonus;")
    assert tab.session.game.to_move == 2
    said = tab.command("redo")  # the turn played again is said, then the score
    assert said.startswith("Bob played 2c3: Ann 0 islands, Bob 0, Cy 0. Cy's turn. Played again.")
    assert tab.command("pass").startswith("Pass, placing none of Cy's 2 stones this turn?")
    tab.press(command="confirm-no")
    said = tab.command("resign")
    assert said.startswith("Resign for Cy?") and "confirm" in tab.browser.dialogs
    tab.press(command="confirm-yes")
    assert tab.turns()[-1] == "resign"
    assert tab.dom("#history").all("li")[-1]["data-notation"] == "resign"


def test_nothing_to_take_back_is_said_on_the_message_line():
    tab = people(2)
    tab.command("undo")
    assert tab.browser.message() == "Nothing to undo."


def test_last_and_score():
    tab = people(2)
    assert tab.command("last") == "No turn has been played yet."
    tab.command("1d4")
    tab.command("2c3,1d5")
    assert tab.command("last") == (
        "Bob played 1d5 and 2c3. The score was Ann 0 islands, Bob 0; it is Ann 1 island, Bob 0."
    )
    assert tab.command("score") == (
        "Ann 1 island, 3 bonus; Bob 0 islands, 0 bonus. Ann's turn: 2 of 2 stones left to place."
    )
    tab.press(command="review-start")
    assert tab.command("score").startswith("At turn 0: Ann 0 islands")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cell_line_rays_stones_and_islands(players):
    tab = people(players)
    tab.command("1d4")
    tab.command("2c3,1d5")
    assert tab.command("cell d5") == "d5: Blue dot stone of Ann, in an island of 2 stones: d4, d5."
    assert tab.page.aim.cursor is not None and tab.page.aim.cursor[0] == "d5"
    assert tab.browser.attr("#board", "aria-activedescendant") == "cell-d5"
    assert tab.command("CELL  C3").startswith("c3: Orange triangle stone of Bob")
    assert tab.command("line d4").startswith("Row d: d1 empty; d2 empty; d3 empty; d4 blue;")
    assert tab.command("rays d4").startswith("From d4: right: d5 blue; upper right: no stone;")
    assert tab.command("stones ann") == "Ann (blue) has 2 stones: d4, d5."
    assert tab.command("stones orange") == "Bob (orange) has 1 stone: c3."
    assert tab.command("islands 1") == "Ann (blue) has 1 island: d4, d5."
    assert tab.command("islands Bo") == "Bob (orange) has 0 islands. Single stones: c3."
    if players == 4:
        assert tab.command("stones Di") == "Di (pink) has 0 stones: none."
    assert tab.command("cell") == "Name a cell of the board after cell, as in cell d4."
    assert tab.command("rays k9") == "Name a cell of the board after rays, as in rays d4."
    names = ", ".join(PEOPLE[players].split(","))
    assert tab.command("islands Zed") == f"Name a player after islands: {names}."


def test_stigmergy_moves_typed_as_the_moves_list_writes_them():
    tab = stigmergy()
    assert tab.command("3").startswith("Ann played 3 (offers a komi of 3 points")
    assert tab.command("play-second").startswith("Bob played play-second (plays second)")
    assert tab.command("d4") == (
        "Ann played d4 (places a stone on d4): Ann 1 point, Bob 3. Bob's turn."
    )
    tab.command("c3")
    assert tab.command("c3x") == "Ann does not control c3 (it sees 1 of the 4 needed)."
    assert tab.browser.message() == tab.announced()
    assert tab.browser.stones() == {"d4": 1, "c3": 2}
    assert tab.command("end turn") == "Stigmergy has no end turn."
    assert tab.command("pass") == "No passing while the button can be taken."
    assert tab.browser.message() == "No passing while the button can be taken."
    assert tab.turns() == [entry["data-notation"] for entry in tab.dom("#history").all("li")]


def test_a_stigmergy_flip_typed():
    tab = Tab("?game=stigmergy&size=5&komi=2&names=Ann,Bob")
    for move in ("a2", "a5", "h2", "c6"):
        tab.command(move)
    assert tab.command("a5x") == "Ann played a5x (flips a5): Ann 3 points, Bob 3. Bob's turn."
    assert tab.browser.stones()["a5"] == 1


def test_stigmergy_take_button_and_reading():
    tab = stigmergy("&komi=3")
    assert tab.command("take-button").startswith("Ann played take-button (takes the button")
    tab.command("d4")
    assert tab.command("score") == (
        "Ann ½ points (0 stones, 0 territory, button ½); Bob 4 points (1 stone, 0 territory, "
        "komi 3). Ann's turn."
    )
    assert tab.command("cell d4").startswith("d4: Bob's stone, controlled by no one;")
    assert tab.command("rays d5").startswith("d5 sees right: no stone; upper right: no stone;")
    assert tab.command("stones bob") == "Bob has 1 stone: d4."
    assert tab.command("islands ann").startswith("Stigmergy has no islands: Ann controls 0")


def test_help_lists_the_commands():
    said = people(2).command("help")
    for word in COMMANDS.keys() - {"help"}:
        assert word in said
    assert "slash" in said


def test_the_board_keys_read_the_lines_and_jump_from_stone_to_stone():
    tab = people(2)
    tab.command("1d4")
    tab.command("2c3,1d5")
    tab.key("l")
    assert tab.announced() == "Move the board's cursor to a cell first (the arrow keys)."
    tab.command("cell d4")
    tab.key("l")
    assert tab.announced().startswith("Row d: d1 empty;")
    tab.key("k")
    assert tab.announced().startswith("Diagonal rising to the right, a1 to g4:")
    tab.key("j")
    assert tab.announced().startswith("Diagonal rising to the left, a4 to g1:")
    # N: the next stone of the colour picked (blue, Ann's turn), in the grid's order (top
    # row first); Shift+N back; O: the next stone of another colour.
    tab.key("n")
    assert tab.page.aim.cursor is not None and tab.page.aim.cursor[0] == "d5"
    assert tab.announced().startswith("d5: Blue dot stone of Ann")
    tab.key("n")
    assert tab.page.aim.cursor[0] == "d4"
    tab.key("N")
    assert tab.page.aim.cursor[0] == "d5"
    tab.key("o")
    assert tab.page.aim.cursor[0] == "c3"
    tab.key("4")  # no pink in a 2-player game: the colour stays
    tab.key("2")
    tab.key("n")
    assert tab.announced().startswith("c3: Orange")
    tab.key("/")
    assert tab.browser.focused == "command"


@functools.cache
def catalogue(code: str) -> bytes:
    return translations.compiled(code)


@pytest.fixture
def german() -> Iterator[Callable[[str], str]]:
    i18n.use_catalogue("de", catalogue("de"))
    yield i18n._
    i18n.use_catalogue(i18n.ENGLISH, None)


def test_in_german_the_commands_answer_in_german_and_english_words_still_work(german):
    for english in COMMANDS:
        assert german(english) != english, english  # every command word is translated
        assert parse(f"{german(english)} d4")[0] == english
        assert parse(f"{english.upper()} d4")[0] == english
    tab = people(2)
    assert tab.command("1d4") == "Ann spielte 1d4: Ann 0 Inseln, Bob 0. Bob ist am Zug."
    score = "Ann 0 Inseln, 0 Bonus; Bob 0 Inseln, 0 Bonus. Bob ist am Zug: noch 2 von 2 Steinen"
    assert tab.command("stand") == tab.command("score") == f"{score} zu setzen."
    assert (
        tab.command("feld d4")
        == tab.command("cell d4")
        == ("d4: Stein Blau (Punkt) von Ann, ein Einzelstein, der nicht zählt.")
    )
    assert tab.command("steine ann") == tab.command("stones Ann") == "Ann (blau) hat 1 Stein: d4."
    assert tab.command("linien d4").startswith("Reihe d: d1 leer; d2 leer; d3 leer; d4 blau;")
    assert tab.command("rays d4").startswith("Von d4 aus: rechts: kein Stein; oben rechts:")
    assert tab.command("nonsense") == (
        "'nonsense' ist kein Stein: schreibe eine Farbnummer und dann ein Feld, etwa 2g5."
    )
    assert tab.command("zz") == tab.browser.message()
    game = stigmergy()
    assert game.command("zug beenden") == "Stigmergy kennt kein „zug beenden“."
    assert game.command("3").startswith("Ann spielte 3 (")
    assert game.command("play-second").startswith("Bob spielte play-second (zieht nach): ")
    game.command("d4")
    assert game.command("strahlen d4").endswith(
        "Das sind 0 für Ann und 0 für Bob, 4 nötig: von niemandem kontrolliert."
    )
