"""Records built to hurt, shared by the command-line, page and browser tests: each is
(label, record text). Every one must be refused in one short line."""

from __future__ import annotations

import json

STIG = {"game": "stigmergy", "size": 5, "turns": ["3", "e5", "f6"]}
ARCH = {"game": "archipelago", "size": 5, "players": 2, "turns": ["1d4", "2e5,1c3"]}


def _with(base: dict, **changes: object) -> str:
    return json.dumps({**base, **changes})


def _nest(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


def _objects(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


def hostile_records() -> list[tuple[str, str]]:
    """The table: nesting in every place, huge numbers, unsafe characters, huge strings
    and lists, in both games' records."""
    table: list[tuple[str, str]] = []
    for depth in (17, 990, 1000, 5000, 100_000):
        table += [
            (f"turn nested {depth} deep", _with(STIG).replace('"f6"', _nest(depth, '"f6"'))),
            (f"top level nested {depth} deep", _nest(depth, _with(STIG))),
            (
                f"variant nested {depth} deep",
                _with(STIG).replace('"size"', f'"variant": {_nest(depth)}, "size"'),
            ),
            (
                f"objects nested {depth} deep",
                _with(ARCH).replace('"size"', f'"x": {_objects(depth)}, "size"'),
            ),
        ]
    big = "9" * 5000
    table += [
        ("5000-digit size", _with(STIG).replace('"size": 5', f'"size": {big}')),
        ("5000-digit players", _with(ARCH).replace('"players": 2', f'"players": {big}')),
        (
            "5000-digit fixed komi",
            _with(STIG, variant={}).replace('"variant": {}', f'"variant": {{"komi": {big}}}'),
        ),
        ("5000-digit komi proposal", _with(STIG, turns=[big, "e5"])),
        ("1900-digit komi proposal", _with(STIG, turns=["9" * 1900, "e5"])),
        ("150,000-character move", _with(STIG, turns=["3", "e" * 150_000])),
        ("5000-digit negative komi", _with(STIG, turns=["-" + big])),
        ("5000-digit float", _with(STIG).replace('"size": 5', f'"size": 1.{big}')),
        ("NaN size", _with(STIG).replace('"size": 5', '"size": NaN')),
        ("newline in a move", _with(STIG, turns=["3", "e5\nTraceback (most recent call last):"])),
        ("newline in an Archipelago stone", _with(ARCH, turns=["1d4", "2e5,\n1c3"])),
        ("carriage return in a move", _with(STIG, turns=["3\r", "e5"])),
        ("fullwidth komi", _with(STIG, turns=["\uff15", "e5"])),
        ("Arabic-Indic komi", _with(STIG, turns=["\u0665", "e5"])),
        ("plus komi", _with(STIG, format=1, turns=["+5", "e5"])),
        ("fullwidth digit in a cell", _with(STIG, turns=["3", "e\uff15"])),
        ("fullwidth digit in a stone", _with(ARCH, turns=["1d\uff14"])),
        ("Kelvin sign in a cell", _with(STIG, turns=["3", "\u212a5"])),
        ("10^6-character move", _with(STIG, turns=["3", "e" * 1_000_000])),
        ("10^6-character stone", _with(ARCH, turns=["1d4," * 250_000])),
        ("BOM inside a move", _with(STIG, turns=["3", "\ufeffe5"])),
        ("BOM before the record and garbage", "\ufeff\ufeff" + _with(STIG)),
        ("NUL in a move", _with(STIG, turns=["3", "e5\x00"])),
        ("NUL in the game name", _with(STIG, game="stigmergy\x00")),
        ("lone surrogate in a move", _with(STIG).replace('"f6"', '"f6\\ud800"')),
        ("lone surrogate in a key", _with(STIG).replace('"size"', '"\\udc00size"')),
        ("RTL override in a move", _with(STIG, turns=["3", "\u202ee5"])),
        ("RTL override in a name", _with(STIG, names=["\u202eAnn", "Bob"], turns=["x"])),
        ("line separator in a move", _with(STIG, turns=["3", "e5\u2028"])),
        ("10^6-element turn list", _with(STIG, turns=["pass"] * 1_000_000)),
        ("10^6-element top list", json.dumps([0] * 1_000_000)),
        ("10^6-element variant", _with(ARCH, variant={str(i): 1 for i in range(100_000)})),
        ("20,000-element turn list", _with(STIG, turns=["pass"] * 20_000)),
        ("huge game name", _with(STIG, game="s" * 1_000_000)),
        ("huge key", _with(STIG, **{"k" * 100_000: 1})),
        ("huge variant key", _with(ARCH, variant={"v" * 1_500: 1})),
        ("huge variant value", _with(ARCH, variant={"extra": "h" * 1_500})),
        ("huge size string", _with(STIG, size="5" * 1_500)),
        ("huge players string", _with(ARCH, players="2" * 1_500)),
        ("huge current", _with(ARCH, current="1a1," * 300)),
        ("huge format", _with(STIG, format="1" * 1_500)),
        ("newer format", _with(STIG, format=99)),
        ("huge names", _with(STIG, names=["n" * 1_900, "m" * 1_900], turns=["bad"])),
        ("huge turn of a 1,500-character word", _with(STIG, turns=["3", "pass" * 375])),
        ("not JSON", "{" + "x" * 1_000_000),
        ("unterminated string", '{"game": "stigmergy", "turns": ["' + "[" * 5000),
        ("66,000 quote-backslash pairs", '"\\' * 66_000),
        ("100,000 unclosed quotes", '"a' * 100_000),
        ("a string of 50,000 escaped backslashes", '{"a":"' + "\\\\" * 50_000),
        ("empty", ""),
        ("only a BOM", "\ufeff"),
        ("a list, not an object", "[]"),
        ("a huge number alone", big),
    ]
    return table
