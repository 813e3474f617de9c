"""The four stone colours in static/style.css: 3:1 against an empty cell in both themes,
apart from each other for protanopes and deuteranopes, and the symbols readable on them."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.support.colour_science import (
    DEUTERANOPIA,
    PROTANOPIA,
    contrast,
    delta_e,
    linear,
    simulate,
)

CSS = (Path(__file__).resolve().parents[2] / "static" / "style.css").read_text()


def _theme(name: str) -> dict[str, str]:
    """Custom properties of one theme: the first :root block, or the dark media block's."""
    if name == "light":
        block = CSS[CSS.index(":root {") : CSS.index("}", CSS.index(":root {"))]
    else:
        start = CSS.index("@media (prefers-color-scheme: dark)")
        block = CSS[start : CSS.index("}", start)]
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_stones_reach_three_to_one_against_an_empty_cell(theme: str) -> None:
    props = _theme(theme)
    for colour in range(1, 5):
        ratio = contrast(props[f"p{colour}"], props["cell"])
        assert ratio >= 3.0, f"{theme} p{colour}: {ratio:.2f}:1"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_symbols_stand_out_on_their_stones(theme: str) -> None:
    props = _theme(theme)
    for colour in range(1, 5):
        assert contrast(props[f"ink{colour}"], props[f"p{colour}"]) >= 3.0


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("vision", [None, PROTANOPIA, DEUTERANOPIA], ids=["normal", "prot", "deut"])
def test_stones_stay_apart_under_colour_blindness(theme: str, vision: tuple | None) -> None:
    props = _theme(theme)
    seen = [linear(props[f"p{c}"]) for c in range(1, 5)]
    if vision is not None:
        seen = [simulate(vision, rgb) for rgb in seen]
    for a, b in itertools.combinations(range(4), 2):
        assert delta_e(seen[a], seen[b]) > 20, f"p{a + 1} and p{b + 1} in {theme}"


def test_the_old_palette_would_have_failed() -> None:
    # The check has teeth: the former Okabe-Ito orange was 1.8:1 on the light cell, and its
    # green and pink were under 20 apart for a deuteranope.
    assert contrast("#e69f00", "#e9e4d6") < 3.0
    green, pink = (simulate(DEUTERANOPIA, linear(c)) for c in ("#009e73", "#cc79a7"))
    assert delta_e(green, pink) < 20
