"""Each game's puzzle set in the site, as a file of its own: dist/puzzles/<game>.jsonl.

The page fetches a set only when Puzzles first opens (archipelago/page/puzzles/mode.py,
with the page's version in the query) and keeps it for offline use itself, so the sets
are neither in the engine's zip (which holds Python alone) nor in the service worker's
precache: a first visit downloads no puzzle byte. A set is read (and so checked) before it
ships, and written again in the format's own compact spelling.
"""

from __future__ import annotations

from pathlib import Path

from .paths import ROOT, BuildError

FOLDER = "puzzles"  # in the site
SOURCE = "puzzles.jsonl"  # in each game's folder


def is_puzzle_set(site_path: str) -> bool:
    """Whether a path of the site (dist/-relative, "/"-separated) is a puzzle set."""
    return site_path.startswith(FOLDER + "/")


def write_puzzle_sets(dist: Path, root: Path = ROOT) -> list[str]:
    """Write every game's set (in ``root``'s game folders) into ``dist``; their site
    paths. BuildError naming the file and line of a set that cannot be read."""
    from archipelago.errors import RecordError
    from archipelago.puzzles.puzzle import read_set, write_set
    from archipelago.registry import game_names

    written = []
    for game in game_names():
        source = root / "archipelago" / "games" / game / SOURCE
        if not source.is_file():
            continue
        try:
            puzzles = read_set(source.read_text(encoding="utf-8"))
        except RecordError as error:
            raise BuildError(f"{source.relative_to(root)}: {error}") from None
        target = dist / FOLDER / f"{game}.jsonl"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(write_set(puzzles), encoding="utf-8")
        written.append(target.relative_to(dist).as_posix())
    return written
