"""The shipped interpreter snapshot is made once per runtime and engine (sitebuild/snapshot.py).

Making one needs Node and takes seconds, and its bytes differ from one making to the next;
the cache is what keeps two builds of the same sources identical. Whether a snapshot
starts the page is for the browser tests (tests/browser/test_snapshot.py).
"""

from __future__ import annotations

import gzip
import shutil

import pytest

from sitebuild import node, paths, snapshot


@pytest.fixture
def runtime(tmp_path):
    folder = tmp_path / "pyodide"
    folder.mkdir()
    (folder / "pyodide.mjs").write_text("the runtime")
    archive = tmp_path / "archipelago.zip"
    archive.write_bytes(b"the engine")
    return folder, archive


def test_a_snapshot_is_made_once_per_runtime_and_engine(runtime, tmp_path, monkeypatch):
    folder, archive = runtime
    made = []

    def make(pyodide_dir, engine):
        made.append(engine.read_bytes())
        return b"memory %d" % len(made)

    monkeypatch.setattr(snapshot, "make", make)
    cache = tmp_path / "cache"
    first = snapshot.shipped_snapshot(folder, ("pyodide.mjs",), archive, cache)
    again = snapshot.shipped_snapshot(folder, ("pyodide.mjs",), archive, cache)
    assert first == again and gzip.decompress(first) == b"memory 1" and len(made) == 1
    # A new engine: a new snapshot, and the old one is dropped from the cache.
    archive.write_bytes(b"the engine, changed")
    changed = snapshot.shipped_snapshot(folder, ("pyodide.mjs",), archive, cache)
    assert gzip.decompress(changed) == b"memory 2" and made[-1] == b"the engine, changed"
    assert len(list(cache.iterdir())) == 1
    # A new runtime too.
    (folder / "pyodide.mjs").write_text("another runtime")
    snapshot.shipped_snapshot(folder, ("pyodide.mjs",), archive, cache)
    assert len(made) == 3


def test_without_node_the_build_says_what_is_missing(runtime, monkeypatch):
    folder, archive = runtime
    monkeypatch.setattr(node.shutil, "which", lambda name: None)
    with pytest.raises(node.NodeError, match="node is needed to make the interpreter"):
        snapshot.make(folder, archive)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (npm ci installs the runtime)")
def test_a_failed_making_reports_nodes_short_lines_not_the_runtimes_source(runtime):
    folder, archive = runtime  # not a runtime at all: Node fails to import it
    with pytest.raises(node.NodeError) as failure:
        snapshot.make(folder, archive)
    message = str(failure.value)
    assert message.startswith("Node failed to make the interpreter snapshot:")
    assert all(len(line) < 500 for line in message.splitlines())


def test_the_snapshot_ships_under_a_name_of_its_own_which_the_start_names(tmp_path):
    # A page takes the snapshot from the service worker's cache only: named after its
    # bytes, another build's snapshot still there is never taken for this build's.
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "static" / "start").mkdir(parents=True)
    start = tmp_path / "static" / "start" / "pyodide_start.mjs"
    shutil.copy(paths.ROOT / "static" / "start" / "pyodide_start.mjs", start)
    name = snapshot.ship_snapshot(tmp_path, b"snapshot one")
    assert (tmp_path / "pyodide" / name).read_bytes() == b"snapshot one"
    assert name.startswith("python-") and name.endswith(".snapshot.gz")
    assert f'"../../pyodide/{name}"' in start.read_text(encoding="utf-8")
    assert snapshot.NAME not in start.read_text(encoding="utf-8")
    other = snapshot.shipped_name(b"snapshot two")
    assert other != name and snapshot.shipped_name(b"snapshot one") == name
    # A start script that no longer names the snapshot fails the build, not the page.
    with pytest.raises(paths.BuildError, match="must name"):
        snapshot.ship_snapshot(tmp_path, b"snapshot two")


def fake_snapshot(memory_size: int, header: int = 144) -> bytes:
    """Bytes laid out as Pyodide's makeMemorySnapshot lays them: a header whose second
    32-bit word is its length, then the interpreter's memory."""
    start = (0x706F7079).to_bytes(4, "little") + header.to_bytes(4, "little")
    return start + bytes(header - len(start)) + bytes(memory_size)


def test_a_snapshot_whose_heap_grew_past_what_a_start_restores_is_refused():
    # Pyodide restores into a fixed 30 MiB heap (pyodide issue 6254): a snapshot of a
    # heap that grew past it would fail every restore, and every start would be a plain one.
    fits = fake_snapshot(snapshot.RESTORABLE_HEAP)
    assert snapshot.heap_size(fits) == 30 * 1024 * 1024
    snapshot.check_restorable(fits)
    with pytest.raises(paths.BuildError, match="pyodide issue 6254"):
        snapshot.check_restorable(fake_snapshot(snapshot.RESTORABLE_HEAP + 65536))


def test_the_shipped_snapshot_fits_the_heap_it_is_restored_in(built_site):
    [shipped] = built_site.glob("pyodide/python-*.snapshot.gz")
    memory = gzip.decompress(shipped.read_bytes())
    assert snapshot.heap_size(memory) <= snapshot.RESTORABLE_HEAP
