from archipelago.page.kits import kit_for
from archipelago.page.view.poster import POSTER_FOLDER, poster_files, poster_view
from archipelago.registry import game_names, manifest_of


def test_a_poster_holds_the_empty_board_of_its_side_the_title_and_default_names():
    poster = poster_view("stigmergy", 5)
    assert poster["title"] == "Stigmergy"
    assert poster["names"][:2] == ["Ann", "Bob"]
    assert 'data-size="5"' in poster["board"]["html"] and "data-at" not in poster["board"]["html"]


def test_every_game_has_a_poster_for_each_side_and_for_an_address_naming_none():
    files = poster_files()
    for game in game_names():
        sides = manifest_of(game).sizes
        assert {f"{POSTER_FOLDER}/{game}-{side}.json" for side in sides} <= set(files)
        default = files[f"{POSTER_FOLDER}/{game}.json"]["board"]["html"]
        assert f'data-size="{kit_for(game).quick_size()}"' in default  # the quick game's


def test_a_poster_of_an_address_naming_no_side_shows_the_quick_game_against_the_computer():
    # ?embed=1&start=click&game=stigmergy starts you against level 2 on side 5
    # (start.embed_settings): its poster shows that board and names the computer's seat.
    poster = poster_files()[f"{POSTER_FOLDER}/stigmergy.json"]
    assert 'data-size="5"' in poster["board"]["html"] and poster["levels"] == [0, 2]
    assert poster_view("stigmergy", 8)["levels"] == [0, 0]  # a side chosen: people, as ever
