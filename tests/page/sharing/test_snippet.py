import re

import pytest

from archipelago.page.setup.options import parse_options, url_theme
from archipelago.page.sharing.embed_form import choice_for_game, choice_in_play, embed_form_html
from archipelago.page.sharing.snippet import EmbedChoice, embed_query, read_embed_form, snippet
from archipelago.page.start import first_game

FIELDS = {
    "embed-game": "stigmergy",
    "embed-size": "5",
    "embed-players": "2",
    "embed-seat-1": "c4",
    "embed-seat-2": "h",
    "embed-name-1": "Robo",
    "embed-name-2": "Zoë, the second",
    "embed-theme": "dark",
    "embed-layout": "fixed",
    "embed-width": "600",
    "embed-height": "700",
    "embed-click": False,
}


def test_the_snippet_is_a_titled_lazy_frame_as_wide_as_the_page_and_isolation_allowed():
    choice = EmbedChoice("archipelago", 6, ("Ann", "Bob"), ("h", "c3"))
    code = snippet("https://games.example/arch/index.html?x=1#game=abc", choice)
    assert code.startswith('<iframe src="https://games.example/arch/index.html?embed=1&amp;')
    for part in (
        'title="Archipelago against the computer"',
        'loading="lazy"',
        'allow="cross-origin-isolated"',
        "width: 100%; max-width: 480px; height: 620px",  # narrower keeps the height
        "start=click",  # click-to-play by default
    ):
        assert part in code, part
    assert "#game" not in code and "x=1" not in code


def test_the_form_gives_the_options_chosen_and_the_page_reads_them_back_as_chosen():
    choice = read_embed_form(FIELDS)
    query = embed_query(choice)
    assert "start=click" not in query and "theme=dark" in query
    settings, embed, problems = parse_options("?" + query)
    assert problems == [] and embed
    assert settings["game"] == "stigmergy" and settings["size"] == 5
    assert settings["seats"][:2] == [4, 0] and settings["names"][:2] == ["Robo", "Zoë  the second"]
    assert url_theme("?" + query) == "dark"
    code = snippet("http://h/index.html", choice)
    assert 'width="600" height="700" style="border: 0"' in code and "100%" not in code


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("embed-size", "40", "The board side is a whole number from 3 to 10"),
        ("embed-seat-1", "robot", "A seat is a person"),
        ("embed-width", "9", "The width is a whole number"),
        ("embed-game", "chess", "There is no game named 'chess'"),
    ],
)
def test_a_bad_field_is_said_in_words(field, value, said):
    with pytest.raises(ValueError, match=said):
        read_embed_form({**FIELDS, field: value})


def test_the_form_starts_from_the_game_in_play_and_follows_a_change_of_game():
    choice = choice_in_play(first_game({}))
    assert choice.seats == ("h", "c2") and choice.size == 6 and choice.click_to_play
    html = embed_form_html(choice)
    assert re.search(r'name="embed-seat-2"[^>]*>.*?<option value="c2" selected', html)
    assert 'name="embed-click" type="checkbox" checked' in html
    switched = choice_for_game(
        EmbedChoice("archipelago", 6, ("A", "B", "C"), ("h",) * 3), "stigmergy"
    )
    assert switched.game == "stigmergy" and switched.size == 8 and switched.seats == ("h", "h")


def test_the_frame_speaks_the_visitors_language_unless_the_form_names_one():
    """Issue 37: the snippet carries ?lang= only when the site owner picks a language."""
    chosen = read_embed_form(FIELDS)
    assert chosen.language == "" and "lang=" not in embed_query(chosen)
    french = read_embed_form({**FIELDS, "embed-lang": "fr"})
    assert "&lang=fr" in embed_query(french)
    assert parse_options(embed_query(french))[2] == []  # an option the page reads
    with pytest.raises(ValueError, match="no language 'xx'"):
        read_embed_form({**FIELDS, "embed-lang": "xx"})
    form = embed_form_html(french)
    assert '<select name="embed-lang"><option value="">The visitor' in form
    assert '<option value="fr" selected>Français</option>' in form
    assert choice_for_game(french, "archipelago").language == "fr"


def test_lang_alone_in_the_address_starts_no_new_game_and_a_bad_one_is_named():
    assert parse_options("?lang=de") == ({}, False, [])
    assert "lang=xx is not allowed" in parse_options("?lang=xx")[2][0]


def test_the_form_offers_the_daily_puzzle_and_its_frame_opens_on_it():
    assert 'name="embed-daily"' in embed_form_html(read_embed_form(FIELDS))
    assert "puzzle=" not in embed_query(read_embed_form(FIELDS))
    choice = read_embed_form({**FIELDS, "embed-daily": True})
    query = embed_query(choice)
    assert "puzzle=daily" in query
    settings, embed, problems = parse_options("?" + query)  # the page reads it without a word
    assert problems == [] and embed
    assert 'title="Today&#x27;s puzzle, a new one every day"' in snippet("http://h/", choice)
    assert choice_for_game(choice, "archipelago").daily  # kept when the game changes
