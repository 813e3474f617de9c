"""The pictures of Stigmergy's rules page (archipelago/games/stigmergy/pictures.py): one
for each place rules.html asks for one; the flip turns one stone and no other."""

from __future__ import annotations

import re
from pathlib import Path

from archipelago.games.stigmergy.pictures import rules_pictures

RULES = Path(__file__).resolve().parents[3] / "archipelago/games/stigmergy/rules.html"
STONE = re.compile(r'<g class="stone[^"]*" data-color="(\d)" data-at="(\w+)"')


def test_every_picture_the_rules_page_asks_for_is_drawn():
    asked = re.findall(r"<!--picture:(\w+)-->", RULES.read_text(encoding="utf-8"))
    pictures = rules_pictures()
    assert sorted(pictures) == sorted(asked)
    assert all(svg.startswith("<svg") and svg.endswith("</svg>") for svg in pictures.values())


def test_the_flip_gives_g4_to_player_2_and_leaves_every_other_stone():
    pictures = rules_pictures()
    before = {at: colour for colour, at in STONE.findall(pictures["control"])}
    after = {at: colour for colour, at in STONE.findall(pictures["flip"])}
    assert before["g4"] == "1" and after["g4"] == "2"
    assert {**before, "g4": "2"} == after and len(after) == 9
