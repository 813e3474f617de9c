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


PAIR = re.compile(
    r"--([\w-]+):\s*var\(--light, (#[0-9a-fA-F]{6})\) var\(--dark, (#[0-9a-fA-F]{6})\);"
)
TOGGLES = {"light": "--light: initial; --dark: ;", "dark": "--light: ; --dark: initial;"}


def _theme(name: str) -> dict[str, str]:
    """Custom properties of one theme: each colour is written once, as a light and a dark
    value side by side (``var(--light, L) var(--dark, D)``)."""
    side = 1 if name == "light" else 2
    return {match[0]: match[side] for match in PAIR.findall(CSS)}


def _rules_setting(toggles: str) -> list[str]:
    """The selectors (after the media query around them, if any) of the rules that set
    ``toggles``."""
    css = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    found = []
    for match in re.finditer(r"([^{}]*)\{([^{}]*)\}", css):
        if toggles in match[2]:
            before = css[: match.start()].rstrip()
            media = before[before.rindex("@") : -1].strip() + " " if before.endswith("{") else ""
            found.append(media + match[1].strip())
    return found


def test_the_palette_is_written_once_and_both_dark_themes_pick_it() -> None:
    # The system's dark preference (unless the settings chose light) and the settings'
    # dark theme turn the same toggles, so they show the same colours; light is the default.
    light, dark = _theme("light"), _theme("dark")
    assert len(light) > 25 and set(light) == set(dark)
    assert {"p1", "cell", "ink1", "blunder"} <= set(light)
    assert _rules_setting(TOGGLES["light"]) == [":root"]
    assert _rules_setting(TOGGLES["dark"]) == [
        '@media (prefers-color-scheme: dark) :root:not([data-theme="light"])',
        ':root[data-theme="dark"]',
    ]
    assert "#17181b" not in CSS.replace("var(--dark, #17181b)", "")  # no second dark palette


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
