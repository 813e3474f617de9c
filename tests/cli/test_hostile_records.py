"""Records built to hurt, through ``python -m archipelago replay``: each is refused with
exit status 2 and exactly one line of at most 300 characters on standard error, no
traceback, within a second (issue 27).

The second is processor time, not the clock's: the suite runs in parallel processes on a
busy machine, where a wall clock counts the waits for a core too."""

from __future__ import annotations

import resource
import subprocess
import sys
import time

import pytest

from archipelago.cli import main
from archipelago.reading import MAX_LINE
from tests.support.hostile import hostile_records

TABLE = hostile_records()


@pytest.mark.parametrize(("label", "text"), TABLE, ids=[label for label, _ in TABLE])
def test_replay_refuses_a_hostile_record_in_one_short_line(label, text, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    start = time.process_time()
    status = main(["replay", str(path)])
    elapsed = time.process_time() - start
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err[:400]
    assert len(err) - 1 <= MAX_LINE, err
    assert not err.startswith("Traceback") and elapsed < 1.0


def _children_time() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _replay_process(text: str) -> tuple[subprocess.CompletedProcess[bytes], float]:
    """The command's result and the processor time its process used."""
    start = _children_time()
    done = subprocess.run(
        [sys.executable, "-m", "archipelago", "replay", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        timeout=20,
    )
    return done, _children_time() - start


@pytest.mark.parametrize(
    "label",
    [
        "turn nested 100000 deep",
        "10^6-character move",
        "newline in a move",
        "5000-digit komi proposal",
    ],
)
def test_a_real_process_refuses_it_the_same_way(label):
    """A process of its own, timed against the same command refusing a trivial record,
    so that the interpreter's start is not counted as reading time."""
    _, trivial = _replay_process("[]")
    done, elapsed = _replay_process(dict(TABLE)[label])
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b""
    assert err.count("\n") == 1 and len(err) - 1 <= MAX_LINE
    assert not err.startswith("Traceback")
    assert elapsed < trivial + 1.0, (elapsed, trivial)


def test_what_the_lines_say():
    said = {}
    for label in (
        "newline in a move",
        "fullwidth komi",
        "turn nested 1000 deep",
        "5000-digit size",
        "10^6-character move",
        "RTL override in a move",
        "plus komi",
    ):
        said[label] = _line(dict(TABLE)[label])
    assert said["newline in a move"].startswith("turn 2 holds the control character U+000A")
    assert "'e5\\nTraceback" in said["newline in a move"]
    assert "ASCII digits" in said["fullwidth komi"] and "'\uff15'" in said["fullwidth komi"]
    assert "more than 16 deep" in said["turn nested 1000 deep"]
    assert "5,000 characters long" in said["5000-digit size"]
    assert "1,000,052 characters (at most 200,000)" in said["10^6-character move"]
    assert (
        "U+202E" in said["RTL override in a move"]
        and "\u202e" not in said["RTL override in a move"]
    )
    assert said["plus komi"].startswith("turn 1") and "'+5'" in said["plus komi"]


def _line(text: str) -> str:
    from archipelago.errors import RecordError
    from archipelago.registry import loads

    with pytest.raises(RecordError) as caught:
        loads(text)
    return str(caught.value)


def test_a_quoted_value_is_bounded_as_shown_not_as_typed():
    # Found by the fuzz tests: 20 astral characters are 20 characters typed but 240 as
    # JSON writes them, which pushed the unknown-game line past its bound.
    from archipelago.errors import RecordError
    from archipelago.registry import game_class

    name = "archi\xa0" + "\U00010000" * 200 + "pelago"
    with pytest.raises(RecordError) as refused:
        game_class(name)
    message = str(refused.value)
    assert len(message) <= 120 and "\\ud800\\udc00" in message and "(212 characters)" in message
