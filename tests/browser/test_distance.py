"""A game played by link between two browsers (two separate contexts: two players, each
with their own storage), the link going back and forth to the end of the game: Ann at her
desktop, Bob on his phone (the session's shared browsers, both warm already: a browser
of its own for Bob was warmed for this test alone). A link whose move is illegal
changing nothing is checked under CPython (tests/page/saved/test_hostile_page.py)."""

from __future__ import annotations

import os

import pagekit

from archipelago.page.session import BY_LINK

READY = "document.body.dataset.ready === '1'"
SHOTS = os.environ.get("DISTANCE_SHOTS")  # a folder to keep screenshots in, to look at
PEOPLE = "?players=2"  # the pages open on two people's game: no computer to start


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def open_link(page, link):
    """Open a link in a page that is already up: the hash changes, the game arrives."""
    page.goto(link)
    page.wait_for_function("location.hash === ''")  # the page took the link in


def link_turn(page):
    return page.get_attribute("#status .by-link", "data-link-turn")


def send_turn(page):
    """Press Send your turn; the link, from the clipboard when the page could copy it."""
    page.click("#send-turn")
    note = page.locator("#share-note")
    note.wait_for(state="visible")
    page.wait_for_function("document.querySelector('#share-note').textContent !== ''")
    link = page.input_value("#share-url")
    assert page.locator("#share-url").is_visible()  # the fallback is always there to copy
    return link, note.inner_text()


def test_a_game_played_by_link_between_two_browsers_to_the_end(returning_page):
    ann = returning_page(PEOPLE, permissions=["clipboard-read", "clipboard-write"])
    bob = returning_page(PEOPLE, device="phone")

    # Ann starts a game with Bob by link.
    ann.click("#new-game-button")
    ann.fill('input[name="name1"]', "Ann")
    ann.fill('input[name="name2"]', "Bob")
    ann.select_option('select[name="seat2"]', str(BY_LINK))
    ann.fill('input[name="size"]', "3")
    shot(ann, "0-new-game")
    ann.click("#start-game")
    ann.wait_for_selector('svg.board[data-size="3"]')
    assert link_turn(ann) == "yours" and "Your turn" in ann.inner_text("#status")
    assert ann.locator("#send-turn").count() == 0
    pagekit.click_cell(ann, "b2")
    assert link_turn(ann) == "waiting"
    assert "Waiting for Bob's turn (send them the link)" in ann.inner_text("#status")
    pagekit.pick(ann, 2)
    pagekit.click_cell(ann, "a1")  # Bob's seat is not Ann's to play
    assert "Bob's turn" in ann.inner_text("#message") and pagekit.stones(ann) == {"b2": 1}
    link, note = send_turn(ann)
    assert note.startswith("Copied to the clipboard")
    assert ann.evaluate("navigator.clipboard.readText()") == link
    assert "Send this link to Bob" in ann.inner_text("#share-text")
    shot(ann, "1-ann-sends")
    ann.click("#close-share")
    ann.reload()  # the game waits in its slot, and says so
    ann.wait_for_function(READY)
    assert link_turn(ann) == "waiting" and pagekit.stones(ann) == {"b2": 1}

    # Bob opens it in his own browser: his turn, his seat.
    bob.goto(link)
    bob.wait_for_function(READY)
    assert "played by link with Ann" in bob.inner_text("#message")
    assert pagekit.stones(bob) == {"b2": 1} and link_turn(bob) == "yours"
    assert bob.evaluate("location.hash") == ""  # a reload does not open the link again
    shot(bob, "2-bob-opens")
    pagekit.play(bob, [("stone", 2, "a1"), ("stone", 1, "a2")])
    assert link_turn(bob) == "waiting"
    assert "Waiting for Ann's turn" in bob.inner_text("#status")
    # Bob's browser refuses the clipboard (as one without the permission or focus does):
    # the link is there to copy from the field.
    bob.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject("
        "new DOMException('Write permission denied.', 'NotAllowedError')); }"
    )
    link, note = send_turn(bob)
    assert note.startswith("The browser did not let the page copy it")
    shot(bob, "3-bob-sends-without-clipboard")
    bob.click("#close-share")

    # Back to Ann: her game is brought up to date in its own slot.
    open_link(ann, link)
    assert "Bob has played: it is your turn." in ann.inner_text("#message")
    assert pagekit.stones(ann) == {"b2": 1, "a1": 2, "a2": 1}
    assert link_turn(ann) == "yours"
    pagekit.pass_turn(ann)  # asked first: it opens a round of passes
    link, _ = send_turn(ann)
    ann.click("#close-share")

    open_link(bob, link)
    assert "Ann has played" in bob.inner_text("#message")
    bob.click("#pass")
    assert "ends the game" in bob.inner_text("#message")
    bob.click("#pass")
    assert "Game over" in bob.inner_text("#status") and link_turn(bob) == "over"
    link, _ = send_turn(bob)
    bob.click("#close-share")

    open_link(ann, link)
    assert "Bob has played the last turn: the game is over." in ann.inner_text("#message")
    assert "Game over" in ann.inner_text("#status") and link_turn(ann) == "over"
    assert ann.locator("#send-turn").count() == 0  # Bob has the end already
    shot(ann, "4-ann-game-over")
    # One game on each side, the same turns, and the older link of the game changes nothing.
    ann_record, bob_record = pagekit.stored_game(ann), pagekit.stored_game(bob)
    assert ann_record["turns"] == bob_record["turns"] == ["1b2", "1a2,2a1", "pass", "pass"]
    assert ann_record["by_link"]["mine"] == [1] and bob_record["by_link"]["mine"] == [2]
    pagekit.press(ann, "#games-button")
    assert ann.locator("#games-list li").count() == 1
    assert "By link, finished" in ann.inner_text("#games-list")
    shot(ann, "5-ann-games")
    ann.click("#close-games")
