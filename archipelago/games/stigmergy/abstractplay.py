"""Stigmergy records in Abstract Play's notation, both ways.

Abstract Play (its ``gameslib``) keeps a game as a list of rounds, one move per player:
``[["5", "play-second"], ["e5", "f6"], ["e5x", "take-button"], ...]``, with the setup in
its variants: ``size-7``, ``size-9`` or ``size-10`` (side 8 when none) and ``nokomi`` (no
proposal, no komi). Its moves are spelled as ours are: a komi proposal in ASCII digits
with an optional minus, a placement ``e5``, a flip ``e5x``, ``play-second``,
``take-button``, ``pass`` and, for the platform's resignation, ``resign``. Reading its
moves, it ignores case and every space and takes a cell with or without the ``x`` for
what the board allows there (a flip on an enemy stone, a placement on an empty cell).

``from_abstract_play`` reads its moves as it does and gives our record, every move
checked by our engine and written in our canonical spelling. ``to_abstract_play`` gives
the rounds and variants of one of our records, and refuses, in one line, what Abstract
Play cannot hold: board sides 3 to 6, a komi fixed in advance other than none, and the
button taken on turn 2 as the answer to an odd komi (our one deliberate difference of
rules: docs/stigmergy.md says why).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from archipelago.errors import ArchipelagoError, RecordError
from archipelago.reading import brief, show

from .notation import BUTTON, FLIP_MARK
from .record import FORMAT, GAME_NAME, to_record
from .state import StigmergyGame

AP_SIDES = range(7, 11)  # the board sides Abstract Play offers
AP_DEFAULT_SIDE = 8
NO_KOMI = "nokomi"  # Abstract Play's variant without a komi
_SIDE_VARIANT = re.compile(r"size-([0-9]{1,2})")
_SPACES = re.compile(r"\s+")


def to_abstract_play(record: Mapping[str, Any]) -> dict[str, Any]:
    """The variants and rounds of moves Abstract Play keeps for one of our records (read
    and checked first); RecordError when Abstract Play cannot hold the game."""
    game = StigmergyGame.from_record(record)
    variants: list[str] = []
    if game.size not in AP_SIDES:
        raise RecordError(
            f"Abstract Play plays Stigmergy on board sides {AP_SIDES[0]} to {AP_SIDES[-1]}, "
            f"not {game.size}"
        )
    if game.size != AP_DEFAULT_SIDE:
        variants.append(f"size-{game.size}")
    if game.fixed_komi is not None:
        if game.fixed_komi != 0:
            raise RecordError(
                f"Abstract Play fixes no komi in advance but none (its {NO_KOMI} variant), "
                f"not {game.fixed_komi}"
            )
        variants.append(NO_KOMI)
    codes = game.history_codes()
    _check_answer(game, codes)
    moves = [game.code_text(code) for code in codes]
    return {"variants": variants, "moves": [moves[i : i + 2] for i in range(0, len(moves), 2)]}


def from_abstract_play(moves: Sequence[Any], variants: Sequence[Any] = ()) -> dict[str, Any]:
    """Our record of a game as Abstract Play keeps it: ``moves`` as rounds (lists of one
    or two moves, each a string or an object with its ``"move"``) or as one flat list,
    ``variants`` its variant names. RecordError, naming the turn, for a move it would not
    take either."""
    size, fixed_komi = _setup(variants)
    game = StigmergyGame(size, fixed_komi)
    for turn, move in enumerate(_flat(moves), start=1):
        if not isinstance(move, str):
            raise RecordError(f"turn {turn}: a move is written as text, not {show(move)}")
        word = _SPACES.sub("", move).lower()
        try:
            game.push(_as_ours(game, word))
        except ArchipelagoError as error:
            raise RecordError(f"turn {turn} ({brief(word)}): {error}") from None
        _check_answer(game, game.history_codes())
    record = to_record(game)
    assert record["format"] == FORMAT and record["game"] == GAME_NAME
    return record


def _check_answer(game: StigmergyGame, codes: list[int]) -> None:
    """Refuse the button as the answer to a komi proposal: Abstract Play does not
    offer it there."""
    if game.fixed_komi is None and len(codes) >= 2 and codes[1] == BUTTON:
        raise RecordError(
            "turn 2 (take-button): Abstract Play answers a komi proposal with play-second "
            "or a first stone, not the button; this site allows it (docs/stigmergy.md)"
        )


def _setup(variants: Sequence[Any]) -> tuple[int, int | None]:
    size, fixed_komi = AP_DEFAULT_SIDE, None
    for name in variants:
        side = _SIDE_VARIANT.fullmatch(name) if isinstance(name, str) else None
        if side is not None and int(side.group(1)) in AP_SIDES:
            size = int(side.group(1))
        elif name == NO_KOMI:
            fixed_komi = 0
        elif name != "#board":  # Abstract Play's name for its default board
            raise RecordError(f"Abstract Play's variant {show(name)} is not played here")
    return size, fixed_komi


def _flat(moves: Sequence[Any]) -> list[Any]:
    if not isinstance(moves, (list, tuple)):
        raise RecordError("Abstract Play's moves must be a list")
    flat: list[Any] = []
    for entry in moves:
        for move in entry if isinstance(entry, (list, tuple)) else [entry]:
            flat.append(move.get("move") if isinstance(move, Mapping) else move)
    return flat


def _as_ours(game: StigmergyGame, word: str) -> str:
    """Abstract Play's move as our notation writes it: a cell with or without the ``x``
    is a flip on an enemy stone and a placement elsewhere, as Abstract Play reads it."""
    cell = word.removesuffix(FLIP_MARK)
    if cell not in game.board.names:
        return word  # a number, a word or a mistake: our reader says which
    index = game.board.index(cell)
    owner = game.cells[index]
    if owner and owner != game.to_move:
        return cell + FLIP_MARK
    return cell
