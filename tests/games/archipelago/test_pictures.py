"""The pictures of Archipelago's rules page (archipelago/games/archipelago/pictures.py):
one for each place rules.html asks for one, each showing what its caption says."""

from __future__ import annotations

import re
from pathlib import Path

from archipelago.games.archipelago.pictures import rules_pictures

RULES = Path(__file__).resolve().parents[3] / "archipelago/games/archipelago/rules.html"
STONE = re.compile(r'<g class="stone[^"]*" data-color="(\d)"[^>]*data-at="(\w+)"')


def stones(svg: str) -> set[tuple[str, str]]:
    return set(STONE.findall(svg))


def test_every_picture_the_rules_page_asks_for_is_drawn():
    asked = re.findall(r"<!--picture:(\w+)-->", RULES.read_text(encoding="utf-8"))
    pictures = rules_pictures()
    assert sorted(pictures) == sorted(asked)
    assert all(svg.startswith("<svg") and svg.endswith("</svg>") for svg in pictures.values())


def test_the_merge_picture_shows_the_blue_stone_that_would_join_two_islands():
    pictures = rules_pictures()
    extra, merge = pictures["extra"], pictures["merge"]
    # Blue's two islands, {c1, c2} and {c4, c5}, with the gap c3 between them.
    assert {("1", "c1"), ("1", "c2"), ("1", "c4"), ("1", "c5")} <= stones(extra)
    assert stones(merge) == stones(extra) and ("1", "c3") not in stones(merge)
    ghost = re.search(r'<g class="overlay"[^>]*>(.*?)</g></svg>$', merge)
    assert ghost is not None and "ghost" in ghost.group(1)  # drawn in the gap, not placed
    assert "ghost" not in extra


def test_the_groups_picture_shows_islands_and_a_single_stone():
    groups = stones(rules_pictures()["groups"])
    assert groups == {
        ("1", "c3"),
        ("1", "c2"),
        ("1", "d3"),
        ("1", "a3"),
        ("2", "a1"),
        ("2", "b1"),
        ("2", "e2"),
    }
