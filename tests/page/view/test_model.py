"""The view model (archipelago/page/view/model.py): what the page shows, decided from the
session alone, for both games: the cards, the buttons that apply, the moves'
navigation, the review banner, the game-over card and the scoring track's reach."""

from __future__ import annotations

from archipelago.games.archipelago.render import track_reach, track_svg
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.page.session import Session
from archipelago.page.view import html as screen_html
from archipelago.page.view import model as screen
from tests.support.gamehelpers import replay


def ids(controls: tuple[screen.Control, ...]) -> dict[str, bool]:
    return {c.id: c.enabled for c in controls}


def test_the_cards_say_who_is_to_move_with_the_stones_of_the_turn():
    session = Session(replay(2, ["1d4"], current="2a1", size=5), ["Ann", "Bob"], [0, 3])
    cards = screen.cards(session)
    assert [(c.player, c.side, c.to_move, c.level) for c in cards] == [
        (1, "bottom", False, 0),  # player 1 below the board on a phone
        (2, "top", True, 3),
    ]
    assert cards[0].pips is None and cards[1].pips is not None
    assert (cards[1].pips.placed, cards[1].pips.allowance) == (1, 2)
    assert "islands" in cards[1].pips.why or "2 per turn" in cards[1].pips.why
    assert cards[0].facts.number == "0" and cards[0].facts.unit == "islands"
    assert cards[0].facts.detail == "0 bonus"
    html = screen_html.card_html(cards[1])
    assert "computer · level 3" in html and 'class="card p2 to-move"' in html
    assert 'data-left="1"' in html and html.count('class="pip placed"') == 1
    four = screen.cards(Session(replay(4, [], size=5)))
    assert [c.side for c in four] == ["bottom", "bottom", "top", "top"]


def test_each_button_is_offered_only_when_it_applies():
    people = Session(replay(2, ["1d4"], size=5), ["Ann", "Bob"])
    shown = screen.screen(people)
    assert ids(shown.moves) == {"end-turn": False, "pass": True}
    assert [c.kind for c in shown.moves] == ["primary", "secondary"]
    assert shown.moves[0].label == "End turn (2 left)"
    assert "pause" not in ids(shown.more) and "step" not in ids(shown.more)
    assert ids(shown.more)["resign"] is True
    computer = Session(replay(2, ["1d4"], size=5), ["Ann", "Bot"], [0, 2])
    thinking = screen.screen(computer, screen.Computer(thinking="move", ready=True))
    assert {"pause", "stop"} <= set(ids(thinking.more)) | set(ids(thinking.tools))
    assert "resign" not in ids(thinking.more)  # never offered to a computer's seat
    paused = screen.screen(computer, screen.Computer(paused=True))
    assert ids(paused.more)["step"] is True
    over = Session(replay(2, ["1d4", "pass", "pass"], size=5), ["Ann", "Bob"], [0, 2])
    ended = screen.screen(over, screen.Computer(paused=True))
    assert not any(ids(ended.moves).values())  # every move control is off
    assert not ended.picker and "pause" not in ids(ended.more) and "resign" not in ids(ended.more)
    assert ended.result is not None and "share first place" in ended.result.headline


def test_review_has_its_banner_and_changes_nothing_out_of_sight():
    session = Session(replay(2, ["1d4", "2d5,2e5", "1a1,1a2"], size=5), ["Ann", "Bob"])
    live = screen.screen(session)
    assert live.banner is None and ids(live.nav) == {
        "review-start": True,
        "review-back": True,
        "review-forward": False,
        "review-end": False,
    }
    session.show_turn(2)
    shown = screen.screen(session)
    assert shown.banner is not None and shown.banner.words == "Turn 2 of 3"
    assert "Back to the game" in screen_html.banner_html(shown.banner)
    assert not ids(shown.tools)["undo"]  # the game's own moves are not taken back here
    # The move buttons are the position's, tried in a side line: Pass, not yet End turn.
    assert ids(shown.moves) == {"end-turn": False, "pass": True}
    assert shown.status == "Reviewing: Turn 2 of 3."
    session.show_turn(0)
    empty = screen.screen(session)
    assert empty.banner is not None and empty.banner.words == "The empty board"
    assert not ids(empty.nav)["review-back"] and ids(empty.nav)["review-end"]


def test_the_result_is_said_in_words_and_comes_back_after_review():
    game = replay(2, ["1a1", "2e5,2e6", "1a2,1c1,1c2", "pass", "pass"], size=5)
    session = Session(game, ["Ann", "Bob"])
    result = screen.screen(session).result
    assert result is not None and result.headline == "Ann wins, 2 islands to 1"
    assert [line.player for line, _, _ in result.ranking] == [1, 2]
    html = screen_html.result_html(result)
    for button in ("rematch", "review-game", "result-new-game"):
        assert f'id="{button}"' in html
    # The result's strip above the board is there while the card is open, without a
    # button (the card is right there): putting the card away moves nothing.
    opened = screen.screen(session).banner
    assert opened is not None and opened.words == "Game over: Ann wins, 2 islands to 1"
    assert opened.command == "" and "<button" not in screen_html.banner_html(opened)
    session.result_closed = True
    closed = screen.screen(session)
    assert closed.result is None and closed.banner is not None
    assert closed.banner.words == "Game over: Ann wins, 2 islands to 1"
    assert closed.banner.command == "show-result"
    again = session.rematch()  # seats swapped, as a game site swaps colours
    assert not again.game.history_codes() and again.names == ["Bob", "Ann"]
    assert again.game.to_record()["size"] == 5


def test_stigmergy_shows_points_on_its_cards_and_its_turn_in_words():
    game = StigmergyGame(4, komi=0)
    session = Session(game, ["Ann", "Bob"])
    shown = screen.screen(session)
    assert [c.facts.unit for c in shown.cards] == ["points", "points"]
    assert all(c.pips is None for c in shown.cards)
    assert ids(shown.moves)["pass"] is False
    assert "place a stone" in shown.turn_note


def test_the_scoring_track_is_as_wide_as_the_board_can_reach():
    assert [track_reach(3 * s * (s - 1) + 1) for s in (3, 4, 5, 6, 7, 12)] == [3, 5, 8, 12, 12, 12]
    small = track_svg(replay(2, ["1d4"], size=4))
    assert 'class="track-number"' in small and ">5</text>" in small and ">6</text>" not in small
    assert ">Islands</text>" in small and ">Groups<" not in small
