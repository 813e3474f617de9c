"""Games played on the page from start to end, under CPython (the controller behind the
fake browser of tests/support/pagetab.py), checked against the engine: a whole game of
two by clicks and its game-over card, three players with one frozen, undo and redo of
stones and turns, the moves list's past positions, a reload, damaged storage, a file
saved and loaded. Moved from tests/browser/test_play.py, which keeps what only a
browser shows."""

from __future__ import annotations

import json

from archipelago.games.archipelago.state import GameState
from archipelago.registry import from_record
from tests.support.pagetab import Tab, assert_page_matches, play, random_actions, share_link


def test_a_whole_two_player_game_by_clicks_ends_on_its_result_card():
    actions, final = random_actions(3, 2, seed=7)
    assert final.is_over and any(final.group_counts())
    tab = Tab("?players=2&size=3&names=Ada,Ben")
    half = len(actions) // 2
    play(tab, actions[:half])
    replay = GameState(3, 2)
    for action in actions[:half]:
        if action[0] == "stone":
            replay.place(action[1], replay.board.index(action[2]))
        else:
            replay.end_turn()
    assert_page_matches(tab, replay)
    play(tab, actions[half:])
    assert_page_matches(tab, final)
    assert not tab.browser.hidden("#gameover")
    over = tab.dom("#gameover")
    outcome = final.outcome()
    ranking = {int(li["data-player"]): int(li["data-rank"]) for li in over.all(".ranking li")}
    assert ranking == dict(enumerate(outcome.ranks, start=1))
    names = {1: "Ada", 2: "Ben"}
    ahead, _behind, criterion = outcome.tie_breaks[0]
    decided = over.find("#result-title").text  # type: ignore[union-attr]
    if len(outcome.winners) == 1:
        assert f"{names[ahead]} wins" in decided
        assert ("island" in decided) if criterion == "groups" else (criterion in decided)
    assert over.find("#rematch") is not None
    assert "Game over" in tab.status()
    assert not tab.enabled("end-turn") and not tab.enabled("pass")


def test_three_players_with_one_frozen_the_frozen_player_never_moves_again():
    def freezes_one(seed):
        _, state = random_actions(3, 3, seed, until=lambda s: bool(s.frozen))
        return len(state.frozen) == 1 and not state.is_over

    seed = next(seed for seed in range(200) if freezes_one(seed))
    actions, state = random_actions(3, 3, seed, until=lambda s: bool(s.frozen))
    (frozen,) = state.frozen
    tab = Tab("?players=3&size=3")
    play(tab, actions)
    assert_page_matches(tab, state)
    card = [
        c
        for c in tab.dom("#cards-top").all(".card") + tab.dom("#cards-bottom").all(".card")
        if c["data-player"] == str(frozen)
    ][0]
    assert card["data-frozen"] == "1" and "frozen" in card.text
    # The rule's name is never left unexplained: the mark's tooltip and the panel say it.
    assert "their turns are skipped" in card.find(".mark")["title"]  # type: ignore[index]
    said = tab.dom("#game-panel-body").find(".variation")
    assert said is not None
    assert "Frozen Irrelevance: once nothing anyone can still play" in said.text
    assert tab.to_move() == state.to_move != frozen
    # Play on to the end: the frozen player never gets a turn, and the page still agrees.
    rest, final = random_actions(3, 3, seed)
    assert rest[: len(actions)] == actions
    play(tab, rest[len(actions) :])
    assert_page_matches(tab, final)


def test_undo_and_redo_of_stones_and_turns():
    tab = Tab("?players=2&size=4")
    play(tab, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5"), ("stone", 1, "c3")])
    state = from_record(
        {
            "game": "archipelago",
            "size": 4,
            "players": 2,
            "turns": ["1d4", "2d5,2e5"],
            "current": "1c3",
        }
    )
    assert_page_matches(tab, state)
    assert len(tab.dom("#board").all(".pending-ring")) == 1
    tab.press(command="undo")  # the stone of the turn in progress
    state.undo()
    assert_page_matches(tab, state)
    tab.press(command="undo")  # the last stone of the previous turn, which had ended it
    state.undo()
    assert_page_matches(tab, state)
    left = [
        e
        for where in ("#status", "#cards-top", "#cards-bottom", "#action-bar")
        for e in tab.dom(where).all("#stones-left")
    ]
    assert [e["data-left"] for e in left] == ["1"]
    tab.press(command="redo")
    tab.press(command="redo")
    state.place(2, state.board.index("e5"))
    state.place(1, state.board.index("c3"))
    assert_page_matches(tab, state)
    tab.press(command="undo-turn")  # back to the start of the turn in progress
    tab.press(command="undo-turn")  # and the whole previous turn
    assert tab.browser.stones() == {"d4": 1}
    assert "Turn 2" in tab.status()
    tab.press(command="redo-turn")
    assert tab.browser.stones() == {"d4": 1, "d5": 2, "e5": 2}
    assert "Turn 3" in tab.status()
    tab.key("y", ctrl=True)  # Control+Y
    assert tab.browser.stones() == {"d4": 1, "d5": 2, "e5": 2, "c3": 1}
    assert not tab.enabled("redo")
    # A new stone after an undo clears what could be redone.
    tab.press(command="undo")
    assert tab.enabled("redo")
    tab.click("a1")
    assert not tab.enabled("redo")


def test_the_moves_list_shows_past_positions_and_back_to_the_game_returns():
    tab = Tab("?players=2&size=4")
    play(tab, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5")])
    tab.press(turn="1")
    assert tab.browser.stones() == {"d4": 1}
    assert "Turn 1 of 2" in tab.banner()
    assert tab.dom("#review-banner").find("#back-to-game") is not None
    tab.press(command="back")
    assert tab.browser.stones() == {"d4": 1, "d5": 2, "e5": 2} and tab.banner() == ""


def test_a_share_link_opened_in_another_browser_shows_the_game_as_it_was():
    tab = Tab("?players=3&size=6&names=Xu,Yan,Zoe&frozen=0")
    play(tab, [("stone", 1, "f6"), ("stone", 3, "f7"), ("stone", 3, "f8"), ("stone", 2, "a1")])
    link = share_link(tab)
    state = from_record(
        {
            "game": "archipelago",
            "size": 6,
            "players": 3,
            "variant": {"frozen": False},
            "turns": ["1f6", "3f7,3f8"],
            "current": "2a1",
        }
    )
    other = Tab("")  # another player's browser: nothing stored
    other.open_link(link)
    assert_page_matches(other, state)
    assert "Zoe" in other.status()


def test_a_broken_link_leaves_the_current_game_and_a_page_opened_from_one_plays():
    tab = Tab("?players=2&size=4")
    play(tab, [("stone", 1, "d4")])
    tab.open_link("#game=bm90IGEgZ2FtZQ")  # "not a game"
    assert "link" in tab.browser.message()
    assert tab.browser.shown["#message"]["className"] == "message error"
    assert tab.browser.stones() == {"d4": 1}
    fresh = Tab("")  # a page opened straight from a damaged link
    fresh.open_link("#game=%%%broken")
    assert fresh.browser.shown["#message"]["className"] == "message error"
    fresh.click("c3")
    assert fresh.browser.stones() == {"c3": 1}


def test_an_unfinished_game_survives_a_reload():
    store: dict[str, str] = {}
    tab = Tab("?players=2&size=4&names=Kim,Lee", store=store)
    play(tab, [("stone", 1, "d4"), ("stone", 2, "c3")])
    again = Tab("", store=store)
    assert again.browser.stones() == {"d4": 1, "c3": 2}
    assert "Lee" in again.status()


def test_damaged_storage_never_breaks_the_page_nor_loses_the_game():
    broken = '{"game": "archipelago", "size": 5, "players": 2, "turns": ["1zz9"]}'
    store = {  # as before this page kept a list of games: one game
        "archipelago.game": broken,
        "archipelago.settings": '{"players": "many", "size": 5',
        "archipelago.labels": "[1, 2",
    }
    tab = Tab("", store=store)
    assert "could not be read" in tab.browser.message()
    assert 'data-size="7"' in tab.browser.html("#board")  # the defaults
    assert store["archipelago.game.unreadable"] == broken
    tab.click("g7")
    assert tab.browser.stones() == {"g7": 1}


def test_a_saved_file_loads_beside_and_a_broken_one_is_refused_leaving_the_game():
    tab = Tab("?players=2&size=5&names=Ann,Bob")
    play(tab, [("stone", 2, "e5"), ("stone", 2, "e6"), ("stone", 1, "d4"), ("stone", 1, "b2")])
    saved = json.dumps(tab.stored())  # what Save writes: the stored game (test_play.py
    state = from_record(json.loads(saved))  # in the browser checks the two agree)
    tab.press(command="welcome-people")  # a new game: two people on side 6
    assert tab.browser.stones() == {}
    tab.open_file("game.json", saved)
    assert tab.browser.message() == "Loaded game.json."
    assert_page_matches(tab, state)
    assert "Ann" in tab.cards_text()
    tab.open_file(
        "broken.json", '{"game": "archipelago", "size": 5, "players": 2, "turns": ["1zz9"]}'
    )
    assert "broken.json" in tab.browser.message()
    assert tab.browser.shown["#message"]["className"] == "message error"
    assert_page_matches(tab, state)
