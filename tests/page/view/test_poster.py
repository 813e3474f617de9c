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
        assert f'data-size="{manifest_of(game).default_size}"' in default
