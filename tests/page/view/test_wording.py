"""The page's sentences read as English: plurals, seat labels, shared places and what a
stone would do."""

from archipelago.games.archipelago import panels
from archipelago.games.archipelago.render import effect_of
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.page.session import Session
from archipelago.page.view import html as screen_html
from archipelago.page.view import model as screen
from tests.support.gamehelpers import replay


def test_counts_take_the_plural_only_when_not_one():
    state = replay(2, [], size=3)
    assert panels.islands(state, 1) == "1 island"
    assert panels.islands(state, 0) == "0 islands"
    wunchunk = GameState(3, 2, Variant(wunchunk=True))
    assert panels.islands(wunchunk, 1) == "1 chunk"
    assert panels.islands(wunchunk, 5) == "5 chunks"


def test_a_shared_place_is_said_so_and_a_decided_one_names_its_criterion():
    assert panels.tie_break_words("Ann", "Bob", "full tie") == (
        "Ann and Bob share their place: equal on every tie-break."
    )
    assert panels.tie_break_words("Ann", "<b>", "groups") == (
        "Ann is ahead of &lt;b&gt; on the count of islands."
    )


def test_a_computer_seat_reads_apart_from_the_counts_in_the_final_ranking():
    state = replay(2, ["1a1", "pass", "pass"], size=2)
    assert state.is_over
    over = Session(state, ["Ann", "Bob"], [0, 5])
    html = screen_html.result_html(screen.result(over))
    assert '<span class="name">Bob</span> <span class="words">0 islands · 0 bonus</span>' in html
    assert '<span class="name">Ann</span> <span class="words">0 islands' in html
    assert "1 islands" not in html


def test_the_line_under_the_board_says_what_a_stone_would_do():
    session = Session(replay(2, ["1a1"], size=4), ["Ann", "Bob"])
    state = session.game
    far = state.board.index("d4")
    assert effect_of(state, 1, far) == (0, "would be a single stone, not yet an island")
    words = panels.cell_words(session, 1, far)
    assert words == "Blue on d4, Ann's colour, would be a single stone, not yet an island."
    assert panels.cell_words(session, 1, state.board.index("a2")).endswith(
        "would make a new island (+1)."
    )
