"""A third game, made as docs/architecture.md says and kept under tests/extragames/ (not
shipped): the command line, the search, the page and the build find it from its folder
alone, with no edit anywhere else."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from archipelago import games, registry
from archipelago.cli import main
from archipelago.page import kits
from archipelago.page.kits import GameKit, kit_for
from archipelago.page.saved.storage import session_from_settings
from archipelago.page.setup.options import parse_options
from archipelago.search import make_agent
from sitebuild import assemble

ROOT = Path(__file__).resolve().parents[2]
EXTRA = Path(__file__).resolve().parents[1] / "extragames"


@pytest.fixture
def third_game() -> Iterator[str]:
    """Hex Claim's folder on the registry's path for one test, then gone again."""
    before = list(games.__path__)
    names = registry.add_games_path(str(EXTRA))
    try:
        yield "hexclaim"
    finally:
        games.__path__[:] = before
        for table in (registry._MANIFESTS, registry._GAMES, kits._cache):
            table.pop("hexclaim", None)
        assert names == ["archipelago", "stigmergy", "hexclaim"]


def test_without_its_path_the_site_has_two_games():
    assert registry.game_names() == ["archipelago", "stigmergy"]
    assert "static/hexclaim-rules.html" not in assemble.rules_pages()


def test_the_registry_finds_the_folder_and_loads_the_game(third_game):
    assert registry.game_names() == ["archipelago", "stigmergy", "hexclaim"]
    manifest = registry.manifest_of(third_game)
    assert manifest.package == "archipelago.games.hexclaim"
    game = registry.new_game(third_game, size=2, players=3)
    assert game.title == "Hex Claim" and game.player_count == 3
    assert registry.loads(registry.dumps(game)).to_record() == game.to_record()


def test_the_command_line_replays_benches_and_matches_it(third_game, tmp_path, capsys):
    record = {"game": third_game, "size": 2, "players": 2, "turns": ["a1", "b2", "a2"]}
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == {"over": False, "to_move": 2, "claimed": [2, 1], "groups": [2, 1]}
    assert main(["bench", "--game", third_game, "--seconds", "0.05"]) == 0
    assert "Hex Claim: size 3, players 2" in capsys.readouterr().out
    status = main(
        ["match", "--game", third_game, "--agents", "mcts:2,random", "--games", "2", "--size", "2"]
    )
    assert status == 0 and "mcts:2" in capsys.readouterr().out


def test_a_command_finds_it_through_the_environment(tmp_path):
    record = {"game": "hexclaim", "size": 2, "turns": ["a1"]}
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(record))
    env = {**os.environ, "ARCHIPELAGO_GAMES_PATH": str(EXTRA)}
    done = subprocess.run(
        [sys.executable, "-m", "archipelago", "replay", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["claimed"] == [1, 0]
    help_text = subprocess.run(
        [sys.executable, "-m", "archipelago", "replay", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert "Hex Claim: over, to_move, claimed, groups" in " ".join(help_text.split())
    listed = subprocess.run(
        [sys.executable, "-m", "archipelago", "games"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert "hexclaim: Hex Claim, 2 to 3 players, board sides 2 to 4 (default 3)" in listed


def test_a_computer_player_plays_it(third_game):
    game = registry.new_game(third_game, size=2)
    agents = {1: make_agent(3, seed=1, game=third_game), 2: make_agent(1, seed=2, game=third_game)}
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game.push(agents[player].choose(game))
    returns = game.returns()
    assert returns is not None and sorted(returns) in ([0.0, 1.0], [0.5, 0.5])


def test_the_page_offers_it_with_the_plain_kit_and_its_rules(third_game):
    kit = kit_for(third_game)
    assert type(kit) is GameKit and kit.title == "Hex Claim"
    assert kit.rules_page == "./static/hexclaim-rules.html"
    settings, _, problems = parse_options("?game=hexclaim&size=4&players=3")
    assert problems == [] and settings == {"game": "hexclaim", "size": 4, "players": 3}
    session = session_from_settings(settings)
    assert session.game.name == third_game and session.game.player_count == 3
    assert 'data-cell="a1"' in kit.board_svg(session, labels=True)
    _, _, problems = parse_options("?game=hexclaim&size=9")
    assert problems == ["size=9 is not allowed for Hex Claim (use 2 to 4)"]


def test_the_build_writes_its_rules_page_with_its_picture(third_game, tmp_path):
    written = assemble.write_rules_pages(tmp_path)
    assert written[2:] == ["static/hexclaim-rules.html"]
    page = (tmp_path / "static" / "hexclaim-rules.html").read_text(encoding="utf-8")
    assert "<!--picture:" not in page
    assert page.count('class="stone p1"') == 2 and page.count('class="stone p2"') == 2


def test_random_games_keep_the_contract(third_game):
    rng = random.Random(4)
    game = registry.game_class(third_game).random_game(rng, size=3, players=3)
    assert game.is_over and len(game.history_codes()) == 19
    replayed = registry.from_record(game.to_record())
    assert replayed.returns() == game.returns()
    while game.history_codes():
        game.pop()
    assert game.legal_codes() == list(range(19))


def test_a_folder_whose_manifest_cannot_be_read_is_left_out_and_named(tmp_path):
    """Folders added by someone else: a broken manifest leaves that folder out with one
    line saying why, the other games play on, and a folder without one is no game."""
    for folder, text in {
        "nomanifest": "X = 1\n",
        "misnamed": (
            "from archipelago.manifest import Manifest\n"
            "MANIFEST = Manifest('other', 'Other', '.state:Other', range(2, 3), range(2, 3), 2)\n"
        ),
        "unparsable": "MANIFEST = (\n",
    }.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
        (tmp_path / folder / "manifest.py").write_text(text)
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("")
    env = {**os.environ, "ARCHIPELAGO_GAMES_PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "archipelago", "games"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert [line.split(":")[0] for line in done.stdout.splitlines()] == [
        "archipelago",
        "stigmergy",
    ]
    problems = done.stderr.splitlines()
    assert len(problems) == 3 and "Traceback" not in done.stderr
    assert "left out: misnamed: its manifest names the game 'other': name it as its folder" in (
        problems
    )
    assert "left out: nomanifest: its manifest.py must set MANIFEST = Manifest(...)" in problems
    assert any(line.startswith("left out: unparsable: ") for line in problems)
