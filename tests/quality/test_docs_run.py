"""Every Python block of README.md and docs/*.md runs, as python-chess runs its README.

A block fenced ```python (or ```py, ```pycon) is one test case, named by its file and
line. A block of ``>>>`` lines is a doctest, so the output it shows is checked too; any
other Python block is run as a script. The blocks of one file share one namespace in
order (a later block may use what an earlier one defined), so each case first runs the
blocks above it. Shell commands, JSON and printed output are fenced as what they are
(```sh, ```json, a bare fence), never as python: whatever is fenced as python must run.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYTHON_FENCES = {"python", "python3", "py", "pycon"}
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
DOCTEST_FLAGS = doctest.ELLIPSIS  # "..." in an expected output stands for any text


@dataclass(frozen=True)
class Block:
    """One fenced Python block of a document: its code, and the line its code starts on."""

    document: Path
    line: int
    code: str

    @property
    def name(self) -> str:
        return f"{self.document.relative_to(ROOT).as_posix()}:{self.line}"

    @property
    def is_doctest(self) -> bool:
        return self.code.lstrip().startswith(">>>")


def python_blocks(document: Path) -> list[Block]:
    """The blocks of ``document`` fenced as Python, in order (a fence may be indented, as
    in a list item: its code is read without that indentation)."""
    blocks: list[Block] = []
    lines = document.read_text(encoding="utf-8").splitlines()
    opening: re.Match[str] | None = None
    start, code = 0, []
    for number, line in enumerate(lines, start=1):
        if opening is None:
            opening = FENCE.match(line)
            start, code = number + 1, []
            continue
        fence = opening["fence"]
        if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            words = opening["info"].split()
            if words and words[0].lower() in PYTHON_FENCES:
                blocks.append(Block(document, start, "\n".join(code) + "\n"))
            opening = None
            continue
        code.append(line.removeprefix(opening["indent"]))
    assert opening is None, f"{document.name}: a fence opened on line {start - 1} never closes"
    return blocks


BLOCKS = [block for document in DOCUMENTS for block in python_blocks(document)]


def run_block(block: Block, namespace: dict[str, Any]) -> None:
    """Run one block in ``namespace`` (which keeps what it defines); fail with what went
    wrong, at the document's own line numbers."""
    if block.is_doctest:
        parser = doctest.DocTestParser()
        name, path = block.name, str(block.document)
        test = parser.get_doctest(block.code, namespace, name, path, block.line - 1)
        runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
        report: list[str] = []
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # the doctest ran in a copy of the namespace
        assert runner.failures == 0, "".join(report)
    else:
        # Blank lines ahead of the code put a traceback's line numbers on the document's.
        source = "\n" * (block.line - 1) + block.code
        exec(compile(source, str(block.document), "exec"), namespace)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.name)
def test_the_block_runs(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a block that writes a file writes it here
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for earlier in BLOCKS[: BLOCKS.index(block)]:
        if earlier.document == block.document:
            run_block(earlier, namespace)
    run_block(block, namespace)


def test_the_blocks_are_found():
    # The README's quick tour and the library page's examples at least: a fence the
    # reader above missed would pass unseen.
    found = {block.document.relative_to(ROOT).as_posix() for block in BLOCKS}
    assert {"README.md", "docs/library.md"} <= found
    assert any(block.is_doctest for block in BLOCKS)


def test_the_reader_keeps_fences_apart(tmp_path: Path) -> None:
    document = tmp_path / "page.md"
    document.write_text(
        "Text\n\n```sh\npython -m archipelago\n```\n\n"
        "1. A step:\n\n   ```python\n   x = 1\n   ```\n\n"
        "````markdown\n```python\nnot = code\n```\n````\n\n"
        "```py\n>>> x + 1\n2\n```\n",
        encoding="utf-8",
    )
    blocks = python_blocks(document)
    assert [(b.line, b.code, b.is_doctest) for b in blocks] == [
        (10, "x = 1\n", False),
        (20, ">>> x + 1\n2\n", True),
    ]
