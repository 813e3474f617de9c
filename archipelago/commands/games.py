"""``python -m archipelago games``: every game the registry found, from its manifest."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from archipelago.manifest import Manifest
from archipelago.registry import folder_problems, manifests

from .arguments import EXIT_USAGE


def add(commands: Any) -> None:
    games = commands.add_parser(
        "games",
        help="list the games, as their manifests describe them",
        description=(
            "List every game found under archipelago/games/ (and ARCHIPELAGO_GAMES_PATH): "
            "name, title, players, board sides, version and credits; with --json, also "
            "its options and their defaults, computer levels and rules page."
        ),
    )
    games.add_argument("--json", action="store_true", help="print one JSON list instead")
    games.set_defaults(handler=command_games)


def command_games(args: argparse.Namespace) -> int:
    """One line per game, or JSON; a game folder left out is named on standard error."""
    if args.json:
        print(json.dumps([_game_facts(m) for m in manifests()]))
    for manifest in [] if args.json else manifests():
        players = _span(manifest.players)
        print(
            f"{manifest.name}: {manifest.title}, {players} players, board sides "
            f"{_span(manifest.sizes)} (default {manifest.default_size}), version "
            f"{manifest.version}. {manifest.credits}".rstrip()
        )
    problems = folder_problems()
    for problem in problems:
        print(f"left out: {problem}", file=sys.stderr)
    return EXIT_USAGE if problems else 0


def _span(values: range) -> str:
    return str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"


def _game_facts(manifest: Manifest) -> dict[str, Any]:
    return {
        "name": manifest.name,
        "title": manifest.title,
        "players": list(manifest.players),
        "sizes": list(manifest.sizes),
        "default_size": manifest.default_size,
        "version": manifest.version,
        "credits": manifest.credits,
        "options": {o.key: o.default for o in manifest.options},
        "levels": list(manifest.levels) if manifest.computer_players else [],
        "rules_page": manifest.rules_page,
    }
