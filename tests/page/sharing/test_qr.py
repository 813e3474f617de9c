import base64
import json

import pytest

from archipelago.page.saved.distance import share_link, share_payload
from archipelago.page.saved.links import decode_link
from archipelago.page.session import Session
from archipelago.page.sharing.qr import (
    BORDER,
    DRAWN_PX,
    MIN_MODULE_PX,
    module_px,
    qr_svg,
    reach_note,
)
from tests.support.gamehelpers import random_turns
from tests.support.qrread import decode_svg


def test_a_link_becomes_a_qr_code_that_reads_back_as_the_same_link():
    link = "http://127.0.0.1:8000/index.html#game=eyJnYW1lIjoiYXJjaGlwZWxhZ28ifQ"
    svg, problem = qr_svg(link)
    assert problem == "" and svg.startswith("<svg") and 'class="qr"' in svg
    assert decode_svg(svg) == link


def test_a_link_too_long_for_any_code_is_said_instead():
    svg, problem = qr_svg("http://x/#game=" + "A" * 5000)
    assert svg == "" and "too long for a QR code" in problem and "5,015" in problem


def four_players_forty_turns(seed: int) -> Session:
    game = random_turns(4, 40, seed)
    return Session(game, ["Anne-Marie", "Bartholomew", "Chidi", "Dolores"], [0, 2, 0, 3])


def modules_wide(svg: str) -> int:
    return int(svg.split('viewBox="0 0 ')[1].split(" ")[0]) // 4  # the SVG's 4 units a module


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_forty_turn_four_player_games_code_has_modules_of_3_px_in_its_drawn_size(seed):
    session = four_players_forty_turns(seed)
    assert len(session.game.to_record()["turns"]) == 40
    link, problem = share_link("https://games.example.org/archipelago/index.html", session, False)
    plain = base64.urlsafe_b64encode(json.dumps(share_payload(session)).encode())
    assert problem == "" and len(link) < 0.7 * len(plain), (len(link), len(plain))
    svg, problem = qr_svg(link)
    modules = modules_wide(svg)  # its quiet zone included
    assert modules * MIN_MODULE_PX <= DRAWN_PX, modules
    drawn = int(svg.split('width="')[1].split('"')[0])
    assert drawn == modules * module_px(modules) and drawn // modules >= MIN_MODULE_PX
    assert decode_svg(svg) == link  # read back by zxing-cpp
    again = decode_link(link.split("#game=")[1])
    assert again["turns"] == session.game.to_record()["turns"]
    assert again["names"] == session.names


def test_a_short_links_code_is_drawn_at_whole_pixels_and_not_huge():
    svg, _ = qr_svg("https://games.example.org/#game=z")
    modules = modules_wide(svg)
    assert modules == 29 + 2 * BORDER  # version 3
    assert f'width="{6 * modules}"' in svg  # 6 px a module, the most


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("http://127.0.0.1:8000/index.html", "computer"),
        ("http://127.3.4.5/", "computer"),
        ("http://localhost:8000/", "computer"),
        ("http://[::1]:8000/", "computer"),
        ("http://10.0.0.7/", "network"),
        ("http://192.168.1.20:8000/", "network"),
        ("http://172.16.0.1/", "network"),
        ("http://172.31.255.1/", "network"),
        ("http://gamebox.local/", "network"),
        ("http://172.32.0.1/", ""),
        ("https://games.example.org/", ""),
        ("http://8.8.8.8/", ""),
    ],
)
def test_a_link_to_a_private_address_says_which_phones_can_open_it(address, kind):
    note = reach_note(address + "#game=z")
    if kind == "computer":
        assert "this computer's own address: a phone cannot open it" in note
    elif kind == "network":
        assert "only a phone on the same network can open it" in note
    else:
        assert note == ""
