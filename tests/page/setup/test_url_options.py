"""Games started from the address's options, under CPython (the controller behind the
fake browser of tests/support/pagetab.py): bad options are named in the message and take
their usual values, embedded or not, Archipelago or Stigmergy; good ones start that game,
which a reload keeps. Moved from tests/browser/test_embed.py and test_stigmergy_computer.py
(the options' reading itself: tests/page/setup/test_options.py)."""

from __future__ import annotations

from tests.support.pagetab import Tab


def test_bad_url_options_are_named_and_fall_back_to_defaults():
    tab = Tab("?embed=1&players=9&size=30&seats=h,robot&colour=red")
    text = tab.browser.message()
    for problem in ("players=9", "size=30", "seats=h,robot", "colour"):
        assert problem in text, problem
    assert 'data-size="7"' in tab.browser.html("#board")
    assert tab.dom("#picker").find("#pick-3") is None  # two players, the default
    assert tab.dom("#picker").find("#pick-2") is not None


def test_bad_stigmergy_url_options_are_named_and_left_at_their_defaults():
    tab = Tab("?embed=1&game=stigmergy&size=12&komi=500&stones=3")
    text = tab.browser.message()
    for problem in ("size=12", "use 3 to 10", "komi=500", "stones is not an option of Stigmergy"):
        assert problem in text, problem
    assert 'data-size="8"' in tab.browser.html("#board") and "stigmergy" in tab.browser.html(
        "#board"
    )
    assert tab.dom("#picker").find("#komi-form") is not None  # no komi fixed: proposed


def test_url_options_without_embed_start_that_game_which_a_reload_keeps():
    store: dict[str, str] = {}
    tab = Tab("?players=3&size=5&seats=h,h,c1&wunchunk=1", store=store)
    assert 'data-size="5"' in tab.browser.html("#board")
    assert "computer · level 1" in tab.cards_text()
    assert len(tab.cards()) == 3
    assert "Wunchunk" in tab.dom("#game-panel-body").text
    tab.click("e5")
    again = Tab("", store=store)  # a reload (the address cleaned of its options)
    assert again.browser.stones() == {"e5": 1}
    assert "computer · level 1" in again.cards_text()
