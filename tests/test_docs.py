"""Every ruling the code, the tests or the README cite (``R<n>``) is written down in the
repository, in docs/rules-reading.md, under its own number."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READING = ROOT / "docs" / "rules-reading.md"
CITED = re.compile(r"\bR(\d{1,3})\b")
SOURCES = ("archipelago", "static", "tests")


def cited_rulings() -> dict[int, list[str]]:
    """Ruling number -> the files that cite it."""
    files = [ROOT / "README.md", ROOT / "build.py"]
    for folder in SOURCES:
        files += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.suffix in (".py", ".html", ".js", ".md") and "__pycache__" not in path.parts
        ]
    cited: dict[int, list[str]] = {}
    for path in files:
        for number in CITED.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(int(number), []).append(path.relative_to(ROOT).as_posix())
    return cited


def written_rulings() -> list[int]:
    text = READING.read_text(encoding="utf-8")
    return [int(n) for n in re.findall(r"^\*\*R(\d+)\. ", text, flags=re.MULTILINE)]


def test_the_rulings_are_written_down_in_order():
    assert written_rulings() == list(range(1, 16))


def test_every_cited_ruling_resolves_in_the_repository():
    cited = cited_rulings()
    assert len(cited) >= 10  # the engine and its tests do cite the rulings
    missing = {n: files for n, files in cited.items() if n not in written_rulings()}
    assert missing == {}
