import pytest

from archipelago.page.kits import kit_for
from archipelago.page.view.embed import embed_storage_note, intro_html, storage_note
from tests.support.pagetab import Tab


def test_the_welcome_line_links_the_rules_page_beside_the_frame_and_sums_up_the_game():
    line = intro_html(kit_for("stigmergy"))
    assert 'href="./static/stigmergy-rules.html" target="_blank" rel="noopener">Rules</a>' in line
    assert "Stones claim the cells they see" in line


def test_a_refused_storage_is_said_in_plain_words_with_what_a_reload_does():
    for problem in ("SecurityError", "QuotaExceededError"):
        said = storage_note(problem)
        assert "ot saved" in said and ("a new one" in said or "a new game" in said)
        assert "Error" not in said
        shown = embed_storage_note(problem)["#embed-note"]
        assert shown["hidden"] is False and problem in shown["attrs"]["title"]
    assert "storage is full" in storage_note("QuotaExceededError")
    assert "another site's page" in storage_note("SecurityError")
    assert storage_note("") == "" and embed_storage_note("")["#embed-note"]["hidden"] is True


@pytest.mark.parametrize(
    ("query", "width", "shown"),
    [
        ("?embed=1&size=6", 390, False),  # a phone's frame: about 6 px, hidden
        ("?embed=1&size=6", 480, True),  # 9.5 px
        ("?embed=1&size=8", 480, False),  # a bigger board in the same frame: 7.4 px
        ("?embed=1&size=12", 1000, True),
        ("?embed=1&game=stigmergy&size=5", 390, True),  # a small board: 9.9 px
        ("?embed=1&size=6", None, False),  # the width unknown: none
        ("?players=2&size=6", 390, True),  # the whole page follows its settings' switch
    ],
)
def test_an_embedded_board_shows_coordinates_only_where_the_frame_draws_them_readable(
    query, width, shown
):
    tab = Tab(query, width=width)
    assert ('class="labels"' in tab.browser.html("#board")) is shown
