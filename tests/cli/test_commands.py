"""archipelago/commands/: one module per command, each added to the parser by cli.py
(what each command does is tested through ``cli.main``: test_cli.py, tests/search/,
tests/analysis/, the games' perft tests); and what the commands share."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from archipelago import cli
from archipelago.commands import analyse, arguments, bench, games, match, perft, puzzles, replay
from archipelago.commands.arguments import UsageError, at_least, game_options
from archipelago.registry import game_class

FOLDER = Path(arguments.__file__).parent


def test_every_command_module_is_on_the_command_line():
    modules = {path.stem for path in FOLDER.glob("*.py")} - {"__init__", "arguments"}
    assert {module.__name__.rpartition(".")[2] for module in cli.COMMANDS} == modules
    assert set(cli.COMMANDS) == {analyse, bench, games, match, perft, puzzles, replay}
    commands = cli.build_parser()._subparsers._group_actions[0].choices
    assert list(commands) == ["replay", "bench", "games", "match", "analyse", "puzzles", "perft"]


def test_a_whole_number_below_the_least_is_refused_in_words():
    parse = at_least(2)
    assert parse("3") == 3
    for text, words in (("1", "must be at least 2, not 1"), ("x", "not 'x'")):
        with pytest.raises(argparse.ArgumentTypeError, match=words):
            parse(text)


def test_a_setup_the_game_does_not_have_is_a_usage_error():
    cls = game_class("archipelago")
    assert game_options(cls, None, None) == {"size": cls.default_size, "players": 2}
    with pytest.raises(UsageError, match="board sides"):
        game_options(cls, 99, None)
