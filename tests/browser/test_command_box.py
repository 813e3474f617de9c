"""Playing without sight, in Chromium with the keyboard alone: a whole Stigmergy game and a
whole two-player Archipelago game (both side 4) against the computer at level 1, every
move typed into the command box (``input#command``, reached with the slash key); after
each of the computer's turns the assertive announcement (``#announce``) names that turn
and the score, at the end the result; axe finds no violation. Then the same in German:
German answers, English command words still understood. Two page starts: the second game
of each comes in by a share link, as a player's own would.

The moves are chosen by the engine, replaying the moves list's ``data-notation``; they go
in as keys only. The sentences are checked under CPython command by command
(tests/page/test_commandline.py, test_announcer.py); this shows the page routes them."""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import settling
from test_accessibility import violations

from archipelago import i18n
from archipelago.game import Game
from archipelago.games.stigmergy.notation import PASS
from archipelago.page.kits import kit_for
from archipelago.page.saved.links import encode_link
from archipelago.registry import from_record
from sitebuild import translations

NAMES = ["Ann", "Computer"]
HUMAN_TURN = """() => document.body.dataset.thinking === '' && (
    !document.getElementById('gameover').hidden ||
    document.querySelector('.card.to-move')?.dataset.player === '1')"""
FINISHED = "#history > li[data-notation]:not(.in-progress)"
STIGMERGY = {"game": "stigmergy", "size": 4, "variant": {}}
ARCHIPELAGO = {"game": "archipelago", "size": 4, "players": 2, "variant": {}}


def finished_turns(page) -> list[str]:
    return page.eval_on_selector_all(FINISHED, "els => els.map(e => e.dataset.notation)")


def announced(page) -> str:
    return page.locator("#announce").inner_text().replace("\u200b", "")


def to_command_box(page) -> None:
    """The slash key, from wherever the focus is, to the command box."""
    if page.evaluate("document.activeElement.id") != "command":
        page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "command"


def command(page, line: str) -> None:
    """Type ``line`` into the command box (which has the focus) and press Enter; a
    question in the confirm dialog is answered Go ahead, by Tab and Enter."""
    assert page.evaluate("document.activeElement.id") == "command"
    page.keyboard.type(line)
    page.keyboard.press("Enter")
    if page.locator("#confirm").is_visible():
        for _ in range(4):
            if page.evaluate("document.activeElement.id") == "confirm-yes":
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")


def stigmergy_move(game: Game, rng: random.Random) -> str:
    """Propose a komi of 4, then put down or flip a stone while one may, else pass (or
    take the button)."""
    if game.proposing:  # type: ignore[attr-defined]
        return "4"
    codes = game.legal_codes()
    n = len(game.cells)  # type: ignore[attr-defined]
    stones = [c for c in codes if c < 2 * n]
    if stones:
        return game.code_text(rng.choice(stones))
    return game.code_text(PASS if PASS in codes else codes[0])


def archipelago_turn(game: Game, rng: random.Random) -> str:
    """The mover's whole turn in one line: their own colour on random empty cells."""
    cells = [c for c, colour in enumerate(game.cells) if not colour]  # type: ignore[attr-defined]
    count = min(game.allowance, len(cells))  # type: ignore[attr-defined]
    names = game.board.names  # type: ignore[attr-defined]
    return ",".join(f"1{names[c]}" for c in rng.sample(cells, count))


def play_whole_game(
    page, record: dict, choose: Callable[[Game, random.Random], str], seed: int
) -> Game:
    """Play Ann's turns by typed commands until the game ends; after each computer turn
    the announcement names it, with the score."""
    kit, rng = kit_for(record["game"]), random.Random(seed)
    spoken = kit.spoken
    assert spoken is not None
    checked = 0
    while True:
        page.wait_for_function(HUMAN_TURN, timeout=30_000)
        turns = finished_turns(page)
        game = from_record({**record, "turns": turns})
        played = kit.turns(game)
        if played and played[-1][0] == 2:  # the computer's turn ended last
            text = played[-1][1]
            said = announced(page)
            expected = spoken.turn_said(game, NAMES, 2, text)
            assert f"{expected}: {spoken.score_brief(game, NAMES)}." in said, (said, expected)
            checked += 1
        if game.is_over:
            break
        command(page, choose(game, rng))
        page.wait_for_function(
            f"document.querySelectorAll('{FINISHED}').length > {len(turns)}", timeout=10_000
        )
    assert checked >= 3
    # The end said with its result, as the game-over card words it.
    headline = page.locator("#result-title").inner_text()
    assert headline and headline.rstrip(".") in announced(page)
    return game


def open_link(page, record: dict) -> None:
    """A new game against the computer (level 1) comes in by a share link."""
    payload = {**record, "turns": [], "names": NAMES, "seats": [0, 1]}
    page.evaluate(f"location.hash = 'game={encode_link(payload)}'")
    page.wait_for_function("document.querySelectorAll('#history > li[data-notation]').length === 0")


def test_two_whole_games_typed_into_the_command_box(returning_page):
    page = settling(
        returning_page(
            "?game=stigmergy&size=4&seats=h,c1&names=Ann,Computer",
            viewport={"width": 1280, "height": 900},
        )
    )
    box = page.locator("#command")
    assert page.get_by_label("Command", exact=True).count() == 1
    assert page.locator("#announce").get_attribute("aria-live") == "assertive"
    page.keyboard.press("/")  # from anywhere: the focus goes to the command box
    assert page.evaluate("document.activeElement.id") == "command" and box.input_value() == ""
    command(page, "help")
    assert announced(page).startswith("Type a move as the moves list writes it")
    play_whole_game(page, STIGMERGY, stigmergy_move, seed=3)
    command(page, "score")
    assert announced(page).startswith("Ann ")
    open_link(page, ARCHIPELAGO)
    to_command_box(page)
    play_whole_game(page, ARCHIPELAGO, archipelago_turn, seed=4)
    assert violations(page) == []


def test_the_same_in_german_with_english_command_words(returning_page):
    page = settling(
        returning_page(
            "?lang=de&players=2&size=4&seats=h,c1&names=Ann,Computer",
            viewport={"width": 1280, "height": 900},
        )
    )
    assert page.get_by_label("Befehl", exact=True).count() == 1
    page.keyboard.press("/")
    i18n.use_catalogue("de", translations.compiled("de"))  # the sentences expected
    try:
        command(page, "hilfe")
        assert announced(page).startswith("Gib einen Zug so ein")
        command(page, "score")  # an English command word, answered in German
        assert announced(page).startswith("Ann 0 Inseln, 0 Bonus; Computer 0 Inseln")
        command(page, "e5")  # no colour: refused in German, and nothing played
        assert announced(page).startswith("'e5' ist kein Stein")
        assert page.locator("#message .text").inner_text() == announced(page)
        play_whole_game(page, ARCHIPELAGO, archipelago_turn, seed=5)
        command(page, "stand")
        assert announced(page).startswith("Ann ")
        assert " Inseln" in announced(page)
        open_link(page, STIGMERGY)
        to_command_box(page)
        play_whole_game(page, STIGMERGY, stigmergy_move, seed=6)
    finally:
        i18n.use_catalogue(i18n.ENGLISH, None)
    assert violations(page) == []
