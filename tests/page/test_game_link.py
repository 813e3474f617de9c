"""A link that only names a game (``?game=stigmergy``), under CPython: on a first visit it
is greeted in that game's words and starts you against the computer on the game's quick
board, with Stigmergy's komi settled at the fair komi (no number asked for); a link that
sets the game up keeps its author's choices (issue 51, item 1)."""

from __future__ import annotations

from archipelago.games.stigmergy.fairkomi import suggested_komi
from archipelago.page import start as startup
from archipelago.page.kits import kit_for
from archipelago.page.saved.storage import default_settings, session_from_settings
from archipelago.page.view.welcome import welcome_changes
from tests.support.pagetab import Tab


def test_a_first_visit_by_a_stigmergy_link_is_welcomed_to_a_game_against_the_computer():
    tab = Tab("?game=stigmergy")
    game = tab.session.game
    assert game.name == "stigmergy" and game.size == 5  # 9 cells across: about 40 px on a phone
    assert tab.session.seats == [0, startup.FIRST_LEVEL]  # you, then the computer (level 2)
    # The komi is settled, asked of nobody: you place first, the computer receives it.
    assert not game.proposing and game.to_move == 1
    assert game.komi == suggested_komi(5) and game.komi_to == 2
    assert 'name="komi"' not in tab.browser.html("#picker")  # no field for a number
    assert not tab.browser.hidden("#welcome")
    # Never sent hidden while the page starts (the link's game goes beside the others,
    # which puts a welcome away): on a phone it flashed off and on, shifting the page.
    sent = [batch.get("changes", {}).get("#welcome", {}) for batch in tab.browser.sent]
    assert [welcome["hidden"] for welcome in sent if "hidden" in welcome] == [False]
    assert tab.browser.text("#welcome-title") == "Welcome to Stigmergy"
    assert "against the computer (level 2)" in tab.browser.html("#welcome-text")
    assert "any colour" not in tab.browser.html("#welcome-text")  # not Archipelago's words
    assert tab.browser.text("#welcome-tutorial") == "How to play, in 7 steps"
    assert "computer · level 2" in tab.cards_text()
    tab.click("c3")  # the first stone: the welcome goes, the computer is asked to answer
    assert tab.browser.hidden("#welcome")
    assert tab.session.game.to_move == 2 and tab.worker.last_think()


def test_two_players_instead_keeps_the_game_of_the_link():
    tab = Tab("?game=stigmergy")
    tab.press(command="welcome-people")
    session = tab.session
    assert session.game.name == "stigmergy" and session.seats == [0, 0]
    assert session.game.size == 5 and session.game.komi == suggested_komi(5)
    assert tab.browser.hidden("#welcome") and "computer" not in tab.cards_text()


def test_the_page_without_options_keeps_its_own_welcome_words():
    tab = Tab("")
    assert not tab.browser.hidden("#welcome")
    assert welcome_changes("archipelago") == {}  # index.html's words are Archipelago's
    assert tab.browser.text("#welcome-title") == ""  # so nothing is written over them
    assert tab.session.game.name == "archipelago" and tab.session.seats == [0, 2]


def test_a_link_that_sets_the_game_up_keeps_its_options_and_gets_no_welcome():
    people = Tab("?game=stigmergy&size=8")
    assert people.session.game.size == 8 and people.session.seats == [0, 0]
    assert people.session.game.proposing  # the komi proposed in the game, as ever
    assert people.browser.hidden("#welcome")
    fixed = Tab("?game=stigmergy&seats=h,c4&komi=3")
    assert fixed.session.seats == [0, 4] and fixed.session.game.komi == 3
    # A returning visitor's bare link: the switcher's game, with no welcome.
    store: dict[str, str] = {}
    Tab("?players=2&size=5", store=store).click("c3")
    again = Tab("?game=stigmergy", store=store)
    assert again.session.game.name == "stigmergy" and again.session.seats == [0, 2]
    assert again.browser.hidden("#welcome")  # not a first visit


def test_the_quick_komi_follows_the_side_and_the_proposal_stays_a_choice_in_new_game():
    kit = kit_for("stigmergy")
    assert [kit.quick_options(side)["komi"] for side in (3, 4, 5, 8)] == [2, 2, 1, 1]
    assert kit_for("archipelago").quick_options(6) == {}  # nothing to settle there
    chosen = kit.read_options({"size": "5", "komi-mode": "propose", "komi": "1"})
    session = session_from_settings({**default_settings("stigmergy"), **chosen})
    assert chosen["komi"] is None and session.game.proposing


def test_an_embed_that_only_names_a_game_starts_it_as_the_bare_link_does():
    # ?embed=1&game=stigmergy started side 8, two people and a komi question (issue 51).
    tab = Tab("?embed=1&game=stigmergy&theme=dark&lang=fr")
    game = tab.session.game
    assert game.name == "stigmergy" and game.size == 5
    assert tab.session.seats == [0, startup.FIRST_LEVEL]
    assert not game.proposing and game.komi == suggested_komi(5) and game.to_move == 1
    assert 'name="komi"' not in tab.browser.html("#picker")
    tab.click("c3")
    tab.press(command="restart")  # the frame's New game: the same quick game again
    assert tab.session.game.size == 5 and tab.session.seats == [0, startup.FIRST_LEVEL]
    assert tab.session.game.to_move == 1 and not tab.session.game.proposing
    bare = Tab("?embed=1")  # the default game, likewise
    assert bare.session.game.name == "archipelago" and bare.session.game.size == 6
    assert bare.session.seats == [0, startup.FIRST_LEVEL]
    # An embed that sets the game up keeps its author's choices, over the defaults.
    people = Tab("?embed=1&game=stigmergy&size=8")
    assert people.session.game.size == 8 and people.session.seats == [0, 0]
    assert people.session.game.proposing
    fixed = Tab("?embed=1&game=stigmergy&seats=h,c4&komi=3")
    assert fixed.session.seats == [0, 4] and fixed.session.game.komi == 3
    assert fixed.session.game.size == 8
