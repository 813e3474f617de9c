"""The page played through a real browser, checked against the engine."""

from __future__ import annotations

import json

import pagekit
import pytest

from archipelago.games.archipelago.record import to_record
from archipelago.games.archipelago.state import GameState
from archipelago.page.saved.links import encode_link
from archipelago.registry import from_record


def test_whole_two_player_game_by_clicks(page):
    actions, final = pagekit.random_actions(3, 2, seed=7)
    assert final.is_over and any(final.group_counts())
    pagekit.new_game(page, size=3, players=2, names=["Ada", "Ben"])
    half = len(actions) // 2
    pagekit.play(page, actions[:half])
    replay = GameState(3, 2)
    for action in actions[:half]:
        if action[0] == "stone":
            replay.place(action[1], replay.board.index(action[2]))
        else:
            replay.end_turn()
    pagekit.assert_page_matches(page, replay)
    pagekit.play(page, actions[half:])
    pagekit.assert_page_matches(page, final)
    over = page.locator("#gameover")
    assert over.is_visible()
    outcome = final.outcome()
    ranking = dict(
        over.locator(".ranking li").evaluate_all(
            "items => items.map(li => [+li.dataset.player, +li.dataset.rank])"
        )
    )
    assert ranking == dict(enumerate(outcome.ranks, start=1))
    names = {1: "Ada", 2: "Ben"}
    ahead, behind, criterion = outcome.tie_breaks[0]
    decided = over.locator("#result-title").inner_text()
    if len(outcome.winners) == 1:
        assert f"{names[ahead]} wins" in decided
        assert ("island" in decided) if criterion == "groups" else (criterion in decided)
    assert over.locator("#rematch").is_visible()
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#end-turn").is_disabled() and page.locator("#pass").is_disabled()


def test_three_player_game_with_a_frozen_player(page):
    def freezes_one(seed):
        actions, state = pagekit.random_actions(3, 3, seed, until=lambda s: bool(s.frozen))
        return len(state.frozen) == 1 and not state.is_over

    seed = next(seed for seed in range(200) if freezes_one(seed))
    actions, state = pagekit.random_actions(3, 3, seed, until=lambda s: bool(s.frozen))
    (frozen,) = state.frozen
    pagekit.new_game(page, size=3, players=3)
    pagekit.play(page, actions)
    pagekit.assert_page_matches(page, state)
    row = page.locator(f'.card[data-player="{frozen}"]')
    assert row.get_attribute("data-frozen") == "1"
    assert "frozen" in row.inner_text()
    # The rule's name is never left unexplained: the mark's tooltip and the panel say it.
    assert "their turns are skipped" in row.locator(".mark").get_attribute("title")
    assert "Frozen Irrelevance: once nothing anyone can still play" in page.inner_text(".variation")
    mover = pagekit.card_to_move(page)
    assert mover == state.to_move != frozen
    # Play on to the end: the frozen player never gets a turn, and the page still agrees.
    rest, final = pagekit.random_actions(3, 3, seed)
    assert rest[: len(actions)] == actions
    pagekit.play(page, rest[len(actions) :])
    pagekit.assert_page_matches(page, final)


# A side-3 game of three whose first player is frozen, the game not over.
FROZEN = [
    *("3e1", "2b4,3d4", "1a3,2c5", "2b1,3c3,3d1", "3b3,3e3", "2a2,3d3", "2c1,2e2,3a1,3b2"),
    "1d2,2c2",
]
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_frozen_card_keeps_its_name_and_the_rule_is_explained(make_page, screen):
    """At 1366x768 the mark "frozen" cut Ann's name to "A…"; the rule's name comes with
    what it means, in the mark's tooltip and under the scoring track."""
    record = {
        **from_record(
            {"game": "archipelago", "size": 3, "players": 3, "turns": FROZEN}
        ).to_record(),
        "names": ["Ann", "Bob", "Cy"],
    }
    page = make_page("#game=" + encode_link(record), **SCREENS[screen])
    card = page.locator('.card[data-player="1"][data-frozen="1"]')
    card.wait_for()  # the link's game, drawn
    assert card.locator(".mark").inner_text() == "frozen"
    assert card.locator(".name").inner_text() == "Ann"
    assert card.locator(".name").evaluate("e => e.scrollWidth <= e.clientWidth")  # not cut
    assert "their turns are skipped" in card.locator(".mark").get_attribute("title")
    told = page.locator(".variation")
    assert told.is_visible()
    assert "Frozen Irrelevance: once nothing anyone can still play" in told.inner_text()


def test_undo_and_redo_of_stones_and_turns(page):
    pagekit.new_game(page, size=4, players=2)
    pagekit.play(
        page, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5"), ("stone", 1, "c3")]
    )
    state = from_record(
        {
            "game": "archipelago",
            "size": 4,
            "players": 2,
            "turns": ["1d4", "2d5,2e5"],
            "current": "1c3",
        }
    )
    pagekit.assert_page_matches(page, state)
    assert page.locator("svg.board .pending-ring").count() == 1
    page.click("#undo")  # the stone of the turn in progress
    state.undo()
    pagekit.assert_page_matches(page, state)
    page.click("#undo")  # the last stone of the previous turn, which had ended it
    state.undo()
    pagekit.assert_page_matches(page, state)
    assert page.locator("#stones-left").get_attribute("data-left") == "1"
    page.click("#redo")
    page.click("#redo")
    state.place(2, state.board.index("e5"))
    state.place(1, state.board.index("c3"))
    pagekit.assert_page_matches(page, state)
    pagekit.press(page, "#undo-turn")  # back to the start of the turn in progress
    pagekit.press(page, "#undo-turn")  # and the whole previous turn
    assert pagekit.stones(page) == {"d4": 1}
    assert "Turn 2" in page.locator("#status").inner_text()
    pagekit.press(page, "#redo-turn")
    assert pagekit.stones(page) == {"d4": 1, "d5": 2, "e5": 2}
    assert "Turn 3" in page.locator("#status").inner_text()
    page.keyboard.press("Control+y")
    assert pagekit.stones(page) == {"d4": 1, "d5": 2, "e5": 2, "c3": 1}
    assert page.locator("#redo").is_disabled()
    # A new stone after an undo clears what could be redone.
    page.click("#undo")
    pagekit.click_cell(page, "a1")
    assert page.locator("#redo").is_disabled()


def test_history_shows_past_positions(page):
    pagekit.new_game(page, size=4, players=2)
    pagekit.play(page, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5")])
    page.click('#history [data-turn="1"]')
    assert pagekit.stones(page) == {"d4": 1}
    assert "Turn 1 of 2" in page.locator("#review-banner").inner_text()
    page.click("#back-to-game")
    assert pagekit.stones(page) == {"d4": 1, "d5": 2, "e5": 2}


def test_save_then_load(page):
    pagekit.new_game(page, size=5, players=2, names=["Ann", "Bob"])
    pagekit.play(
        page, [("stone", 2, "e5"), ("stone", 2, "e6"), ("stone", 1, "d4"), ("stone", 1, "b2")]
    )
    with page.expect_download() as download_info:
        pagekit.press(page, "#save-button")
    path = download_info.value.path()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["names"] == ["Ann", "Bob"]
    expected = pagekit.stored_game(page)
    assert saved == expected
    state = from_record({k: v for k, v in saved.items() if k != "names"})
    pagekit.new_game(page, size=3, players=2)
    assert pagekit.stones(page) == {}
    page.set_input_files("#load-input", path)
    page.wait_for_selector('svg.board[data-size="5"]')
    pagekit.assert_page_matches(page, state)
    assert "Ann" in " ".join(page.locator(".cards").all_inner_texts())
    # A broken file is refused with a message and leaves the game alone.
    page.set_input_files(
        "#load-input",
        files=[
            {
                "name": "broken.json",
                "mimeType": "application/json",
                "buffer": b'{"game": "archipelago", "size": 5, "players": 2, "turns": ["1zz9"]}',
            }
        ],
    )
    page.wait_for_selector("#message.error")
    assert "broken.json" in page.locator("#message").inner_text()
    pagekit.assert_page_matches(page, state)


def test_share_link_round_trip(returning_page):
    page = returning_page()
    pagekit.new_game(page, size=6, players=3, names=["Xu", "Yan", "Zoe"], frozen=False)
    pagekit.play(
        page, [("stone", 1, "f6"), ("stone", 3, "f7"), ("stone", 3, "f8"), ("stone", 2, "a1")]
    )
    pagekit.press(page, "#share-button")
    url = page.input_value("#share-url")
    assert "#game=" in url and url.startswith("http://127.0.0.1:")
    state = from_record(
        to_record(
            from_record(
                {
                    "game": "archipelago",
                    "size": 6,
                    "players": 3,
                    "variant": {"frozen": False},
                    "turns": ["1f6", "3f7,3f8"],
                    "current": "2a1",
                }
            )
        )
    )
    other = returning_page(url.split("/", 3)[3], device="other")  # another player's browser
    pagekit.assert_page_matches(other, state)
    assert "Zoe" in other.locator("#status").inner_text()
    assert "#game=" not in other.url  # the link is consumed; the game now lives on the page


def test_broken_link_leaves_the_current_game(returning_page):
    page = returning_page()
    pagekit.new_game(page, size=4, players=2)
    pagekit.play(page, [("stone", 1, "d4")])
    page.evaluate("location.hash = '#game=bm90IGEgZ2FtZQ'")
    page.wait_for_selector("#message.error")
    assert "link" in page.locator("#message").inner_text()
    assert pagekit.stones(page) == {"d4": 1}
    # Opening a page straight from a damaged link: a message, and a playable board.
    fresh = returning_page("#game=%%%broken", device="other")
    assert fresh.locator("#message.error").is_visible()
    pagekit.click_cell(fresh, "g7")
    assert pagekit.stones(fresh) == {"g7": 1}


def test_unfinished_game_survives_reload(page):
    pagekit.new_game(page, size=4, players=2, names=["Kim", "Lee"])
    pagekit.play(page, [("stone", 1, "d4"), ("stone", 2, "c3")])
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert pagekit.stones(page) == {"d4": 1, "c3": 2}
    assert "Lee" in page.locator("#status").inner_text()
    page.click("#new-game-button")
    assert page.input_value('input[name="size"]') == "4"  # the settings are remembered
    assert page.input_value('input[name="name1"]') == "Kim"


@pytest.mark.parametrize("size", [8])
def test_phone_viewport_with_touch(returning_page, size):
    page = returning_page(viewport={"width": 390, "height": 844}, device="phone")
    pagekit.new_game(page, size=size, players=2)
    widths = page.eval_on_selector_all(
        "svg.board [data-cell]", "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert len(widths) == 3 * size * (size - 1) + 1
    assert min(widths) >= 24
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap('svg.board [data-cell="h8"]')  # cells under 36 px: a first tap only previews
    assert pagekit.stones(page) == {} and page.locator("svg.board .ghost").count() == 1
    assert "h8" in page.locator("#hint").inner_text()
    pagekit.play(page, [("stone", 1, "h8"), ("stone", 2, "h9"), ("stone", 2, "g8")], tap=True)
    assert pagekit.stones(page) == {"h8": 1, "h9": 2, "g8": 2}
    page.tap("#undo")
    assert pagekit.stones(page) == {"h8": 1, "h9": 2}


def test_keyboard_play(page):
    pagekit.new_game(page, size=5, players=2)
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor appears on the centre cell
    assert page.locator("svg.board .cursor").count() == 1
    page.keyboard.press("Enter")
    assert pagekit.stones(page) == {"e5": 1}
    page.keyboard.press("2")
    page.keyboard.press("ArrowRight")
    assert "e6" in page.locator("#hint").inner_text()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    placed = pagekit.stones(page)
    assert placed["e5"] == 1 and placed["e6"] == 2
    (low,) = [name for name, colour in placed.items() if name.startswith("d")]
    assert placed[low] == 1 and low in ("d1", "d2")
    assert "Turn 3" in page.locator("#status").inner_text()
    page.keyboard.press("p")  # a pass by key: it opens a round of passes, so it asks
    assert page.locator("#confirm").is_visible()
    assert page.evaluate("document.activeElement.id") == "confirm-no"  # the safe default
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # Pass, from the keyboard
    assert "Turn 4" in page.locator("#status").inner_text()
    page.keyboard.press("u")
    assert "Turn 3" in page.locator("#status").inner_text()


def test_damaged_storage_never_breaks_the_page_nor_loses_the_game(page):
    broken = '{"game": "archipelago", "size": 5, "players": 2, "turns": ["1zz9"]}'
    page.evaluate(
        """broken => {
        localStorage.clear();  // as before this page kept a list of games: one game
        localStorage.setItem('archipelago.game', broken);
        localStorage.setItem('archipelago.settings', '{"players": "many", "size": 5');
        localStorage.setItem('archipelago.labels', '[1, 2');
    }""",
        broken,
    )
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert "could not be read" in page.locator("#message").inner_text()
    assert page.locator("svg.board").get_attribute("data-size") == "7"  # the defaults
    kept = page.evaluate("localStorage.getItem('archipelago.game.unreadable')")
    assert kept == broken
    pagekit.click_cell(page, "g7")
    assert pagekit.stones(page) == {"g7": 1}


def test_share_dialog_copies_or_explains(page):
    pagekit.press(page, "#share-button")
    page.click("#copy-share")
    page.wait_for_function(
        "['Copied.', 'Select the link and copy it by hand.']"
        ".includes(document.getElementById('share-note').textContent)"
    )
    page.click("#close-share")
    assert not page.locator("#share").is_visible()


def test_a_colour_picked_from_the_keyboard_keeps_the_focus(page):
    page.focus("#pick-2")
    page.keyboard.press("Enter")
    assert page.locator("#pick-2").get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.id") == "pick-2"
