"""The first view: what index.html paints before Python is up."""

from __future__ import annotations

import re

from archipelago.page.saved.storage import session_from_settings
from archipelago.page.view import changes as view
from archipelago.page.view import first as firstview


def test_the_first_view_is_the_view_python_starts_with_on_the_painted_elements_only():
    session = session_from_settings({})
    first = firstview.first_view(session, True)
    assert set(first) <= set(firstview.PAINTED)
    assert "body" not in first and "#board .overlay" not in first
    assert first["#board"] == {
        **view.game_changes(session, True)["#board"],
        "attrs": {"aria-activedescendant": ""},  # no keyboard cursor yet
    }
    assert first["#picker"] == view.control_changes(session, 1, True)["#picker"]
    assert first["#labels"] == {"attrs": {"aria-pressed": "true"}}
    # The Hint button is there and enabled on the new game's first view.
    assert re.search(r'id="hint-button"[^>]*>', first["#action-bar"]["html"])
    assert "disabled" not in re.search(r'id="hint-button"[^>]*>', first["#action-bar"]["html"])[0]


def test_the_game_changes_given_are_used_and_labels_follow_the_setting():
    session = session_from_settings({})
    game = view.game_changes(session, False)
    first = firstview.first_view(session, False, game)
    assert first["#board"]["html"] == game["#board"]["html"]
    assert first["#labels"] == {"attrs": {"aria-pressed": "false"}}
    assert first != firstview.first_view(session, True)


def test_a_stored_view_carries_its_page_version():
    assert firstview.stored_view("abc", {"#title": {"text": "x"}}) == {
        "version": "abc",
        "changes": {"#title": {"text": "x"}},
    }


def test_painted_html_keeps_only_html_strings():
    painted = {"#board": {"html": "<svg></svg>"}, "#title": {"text": "x"}, "#odd": "no"}
    assert firstview.painted_html(painted) == {"#board": "<svg></svg>"}
    assert firstview.painted_html(None) == {}


def test_fragments_the_cleaner_changed_are_not_taken_as_drawn():
    # index.html's cleaner dropped the komi form from the stored #game-panel-body: the
    # page must draw that fragment again, while the untouched board stays as painted.
    painted = {"#board": {"html": "<svg></svg>"}, "#game-panel-body": {"html": "<form></form>"}}
    drawn = firstview.painted_html(painted, ["#game-panel-body"])
    assert drawn == {"#board": "<svg></svg>"}
    assert firstview.painted_html(painted, None) == {
        "#board": "<svg></svg>",
        "#game-panel-body": "<form></form>",
    }


def test_early_clicks_are_played_only_on_the_board_they_were_made_on():
    entries = [["colour", "2"], ["cell", "c3"], ["other", "x"], "junk"]
    assert firstview.early_clicks(entries, "<svg/>", "<svg/>") == (
        [("colour", "2"), ("cell", "c3")],
        "",
    )
    clicks, problem = firstview.early_clicks(entries, "<svg/>", "<svg>other</svg>")
    assert clicks == [] and "were not played" in problem
    assert firstview.early_clicks(None, None, "<svg/>") == ([], "")


def test_the_titles_follow_the_game_from_the_first_view_on():
    for game, title in (("archipelago", "Archipelago"), ("stigmergy", "Stigmergy")):
        session = session_from_settings({"game": game})
        first = firstview.first_view(session, True)
        assert first[view.DOCUMENT_TITLE] == {"text": title}
        assert first["#title"] == {"text": title}


def test_a_batch_leaves_out_the_html_already_in_the_page():
    # The page's apply sends one batch per drawing (index.html's __applyChanges): HTML
    # the page already shows is left out, the rest is sent and remembered.
    drawn = {"#board": "<svg>old</svg>", "#history": "<li>1</li>"}
    changes = {
        "#board": {"html": "<svg>new</svg>"},
        "#history": {"html": "<li>1</li>"},
        "#title": {"text": "Archipelago", "html": "x"},
        "#game-panel": {"hidden": False, "html": "<p>same</p>"},
        "#board .overlay": {"html": "<g></g>"},
    }
    drawn["#game-panel"] = "<p>same</p>"
    drawn["#board .overlay"] = "<g></g>"
    batch = view.unchanged_html_dropped(changes, drawn)
    assert batch == {
        "#board": {"html": "<svg>new</svg>"},
        "#title": {"text": "Archipelago", "html": "x"},
        "#game-panel": {"hidden": False},  # the rest of an entry stays
        "#board .overlay": {"html": "<g></g>"},  # nested: redrawn with its parent, always sent
    }
    assert drawn["#board"] == "<svg>new</svg>" and drawn["#title"] == "x"
    assert view.unchanged_html_dropped(changes, drawn) == {
        "#title": {"text": "Archipelago"},
        "#game-panel": {"hidden": False},
        "#board .overlay": {"html": "<g></g>"},
    }
    assert changes["#history"] == {"html": "<li>1</li>"}  # what was asked is left as it was


def test_a_stored_game_s_first_view_shows_the_mover_s_colour_picked():
    session = session_from_settings({"players": 3, "size": 4})
    session.push("1d4")  # the second player's turn
    first = firstview.first_view(session, True)
    assert 'id="pick-2" data-colour="2" aria-pressed="true"' in first["#picker"]["html"]
    assert "Orange (yours)" in re.sub(r"<[^>]+>", "", first["#picker"]["html"])
