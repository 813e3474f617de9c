"""The local server of ``python build.py serve`` and of the browser tests."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from archipelago.registry import manifests
from sitebuild import assemble, index, paths, serve


def serving(root):
    server = serve.make_server(0, root=root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_it_serves_the_files_of_its_folder(tmp_path):
    (tmp_path / "hello.txt").write_text("hello", encoding="utf-8")
    server = serving(tmp_path)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/hello.txt"
        with urllib.request.urlopen(url) as response:
            assert response.read() == b"hello"
    finally:
        server.shutdown()
        server.server_close()


def test_a_browser_dropping_a_download_is_not_reported_as_an_error(tmp_path, capfd):
    # A page closed mid-download drops its connection: the server's write then fails
    # with a broken pipe or a reset, which is not worth a traceback on the terminal.
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    server = serving(tmp_path)
    try:
        port = server.server_address[1]
        for _ in range(3):
            client = socket.create_connection(("127.0.0.1", port))
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            client.recv(1024)  # the download has begun
            client.close()  # with linger 0: a reset, as when a tab is closed
        time.sleep(0.5)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/big.bin") as response:
            assert len(response.read()) == 8_000_000  # and it serves on
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception occurred" not in err, err


def get(port, path, **headers):
    """(status, headers, body) of a GET, the body as sent (not unpacked)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, b""


@pytest.fixture
def compressed_site(tmp_path):
    """A folder with a text file and its .br and .gz copies, a PNG with none, served."""
    text = b"let board = 'hexagons';\n" * 400
    (tmp_path / "app.js").write_bytes(text)
    (tmp_path / "app.js.br").write_bytes(b"brotli copy")
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(text))
    (tmp_path / "icon.png").write_bytes(b"\x89PNG not really")
    server = serving(tmp_path)
    yield server.server_address[1], text
    server.shutdown()
    server.server_close()


def test_the_best_copy_the_browser_takes_is_sent_with_its_encoding(compressed_site):
    port, text = compressed_site
    status, headers, body = get(port, "/app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert (status, headers["Content-Encoding"], body) == (200, "br", b"brotli copy")
    assert headers["Content-Type"] == "text/javascript"
    assert headers["Content-Length"] == str(len(b"brotli copy"))
    assert headers["Vary"] == "Accept-Encoding"
    status, headers, body = get(port, "/app.js", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
    assert headers["Vary"] == "Accept-Encoding"
    # Refused with q=0, or not asked for: the next one, or the plain file.
    status, headers, body = get(port, "/app.js", **{"Accept-Encoding": "br;q=0, gzip;q=0.5"})
    assert headers["Content-Encoding"] == "gzip"
    status, headers, body = get(port, "/app.js", **{"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in headers and body == text
    assert headers["Vary"] == "Accept-Encoding"  # it varies even when not compressed


def test_a_file_without_copies_is_sent_plain_and_does_not_vary(compressed_site):
    port, _ = compressed_site
    status, headers, body = get(port, "/icon.png", **{"Accept-Encoding": "br, gzip"})
    assert status == 200 and body == b"\x89PNG not really"
    assert "Content-Encoding" not in headers and "Vary" not in headers
    status, headers, _ = get(port, "/app.js.missing", **{"Accept-Encoding": "br"})
    assert status == 404


def test_a_copy_older_than_its_file_is_never_sent(compressed_site, tmp_path):
    port, _ = compressed_site
    (tmp_path / "app.js").write_bytes(b"changed by hand")
    later = (tmp_path / "app.js.br").stat().st_mtime + 5
    os.utime(tmp_path / "app.js", (later, later))
    status, headers, body = get(port, "/app.js", **{"Accept-Encoding": "br, gzip"})
    assert body == b"changed by hand" and "Content-Encoding" not in headers


def test_an_unchanged_copy_is_not_sent_again(compressed_site):
    port, _ = compressed_site
    _, headers, _ = get(port, "/app.js", **{"Accept-Encoding": "br"})
    status, _, body = get(
        port,
        "/app.js",
        **{"Accept-Encoding": "br", "If-Modified-Since": headers["Last-Modified"]},
    )
    assert status == 304 and body == b""


@pytest.mark.parametrize("coding", ["br", "gzip", "identity"])
def test_an_unchanged_file_is_revalidated_by_its_entity_tag(compressed_site, coding):
    # The service worker's precache asks again for what the first visit downloaded; a
    # file still the same is a 304, for a compressed copy as for a plain file.
    port, _ = compressed_site
    for path in ("/app.js", "/icon.png"):
        status, headers, body = get(port, path, **{"Accept-Encoding": coding})
        tag = headers["ETag"]
        assert status == 200 and re.fullmatch(r'"[0-9a-f]{32}"', tag)
        status, again, body = get(
            port, path, **{"Accept-Encoding": coding, "If-None-Match": f'"other", W/{tag}'}
        )
        assert (status, body, again["ETag"]) == (304, b"", tag)
        assert again["Cache-Control"] == "no-cache"
        # A tag that is not the file's: the file, whatever the date says.
        status, _, body = get(
            port,
            path,
            **{
                "Accept-Encoding": coding,
                "If-None-Match": '"other"',
                "If-Modified-Since": headers["Last-Modified"],
            },
        )
        assert status == 200 and body


def test_each_encoding_has_its_own_entity_tag(compressed_site):
    port, _ = compressed_site
    tags = {
        get(port, "/app.js", **{"Accept-Encoding": coding})[1]["ETag"]
        for coding in ("br", "gzip", "identity")
    }
    assert len(tags) == 3
    # The brotli copy's tag does not revalidate the gzip copy.
    [brotli] = [get(port, "/app.js", **{"Accept-Encoding": "br"})[1]["ETag"]]
    status, _, _ = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": brotli})
    assert status == 200


def test_a_file_changed_with_its_date_kept_is_sent_again(tmp_path):
    # A build copies the runtime with the dates it had in node_modules: another version
    # of it may carry the same date, which If-Modified-Since alone would take as unchanged.
    target = tmp_path / "pyodide.asm.wasm"
    target.write_bytes(b"runtime, version one")
    stamp = target.stat().st_mtime
    server = serving(tmp_path)
    try:
        port = server.server_address[1]
        _, first, _ = get(port, "/pyodide.asm.wasm")
        target.write_bytes(b"runtime, version two")
        os.utime(target, (stamp, stamp))
        status, headers, body = get(
            port,
            "/pyodide.asm.wasm",
            **{"If-None-Match": first["ETag"], "If-Modified-Since": first["Last-Modified"]},
        )
        assert (status, body) == (200, b"runtime, version two")
        assert headers["ETag"] != first["ETag"]
    finally:
        server.shutdown()
        server.server_close()


def test_the_server_counts_the_bytes_it_sends(tmp_path):
    # What the benchmark reports as a visit's transfer: headers and bodies as sent.
    (tmp_path / "app.js").write_bytes(b"let a = 1;\n" * 1000)
    (tmp_path / "app.js.gz").write_bytes(gzip.compress((tmp_path / "app.js").read_bytes()))
    server = serving(tmp_path)
    try:
        port = server.server_address[1]
        assert server.sent == 0
        _, headers, body = get(port, "/app.js", **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip"
        assert len(body) < server.sent < len(body) + 1000
        sent = server.sent
        status, _, _ = get(
            port, "/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]}
        )
        assert status == 304 and 0 < server.sent - sent < 1000  # headers only
    finally:
        server.shutdown()
        server.server_close()


def test_every_response_isolates_the_page_and_lets_others_embed_it(compressed_site):
    port, _ = compressed_site
    for path in ("/app.js", "/icon.png"):
        _, headers, _ = get(port, path)
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        assert headers["Cross-Origin-Resource-Policy"] == "cross-origin"
        assert headers["Cache-Control"] == "no-cache"


def test_a_server_can_leave_the_isolation_out_as_a_plain_host_does(tmp_path):
    (tmp_path / "index.html").write_text("<p>hi</p>")
    server = serve.make_server(0, tmp_path)
    server.isolated = False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        _, headers, body = get(server.server_address[1], "/index.html")
        assert body == b"<p>hi</p>" and headers["Cache-Control"] == "no-cache"
        assert not any(name.startswith("Cross-Origin") for name in headers)
    finally:
        server.shutdown()
        server.server_close()


def test_accept_encoding_is_read_with_its_weights():
    assert serve.accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert serve.accepted("br;q=0, gzip; q=0.8") == {"gzip"}
    assert serve.accepted("BR;q=1.0,gzip;q=nonsense") == {"br"}
    assert serve.accepted("") == set()


def unbrotli(data: bytes) -> bytes:
    script = (
        'import zlib from "node:zlib"; import fs from "node:fs";'
        "process.stdout.write(zlib.brotliDecompressSync(fs.readFileSync(0)).toString('hex'));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], input=data, capture_output=True, check=True
    )
    return bytes.fromhex(done.stdout.decode())


@pytest.mark.skipif(shutil.which("node") is None, reason="brotli copies are made with Node")
def test_precompress_writes_copies_worth_having(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    (site / "pyodide").mkdir(parents=True)
    text = b"def play(board):\n    return board\n" * 300
    (site / "app.py").write_bytes(text)
    (site / "tiny.json").write_bytes(b"{}")  # no copy saves 10% of two bytes
    (site / "icon.png").write_bytes(bytes(range(256)) * 20)  # not a kind to compress
    memory = b"interpreter memory " * 5000
    (site / "pyodide" / "python.snapshot.gz").write_bytes(gzip.compress(memory))
    written = serve.precompress(site, cache)
    assert set(written) == {"app.py.br", "app.py.gz", "pyodide/python.snapshot.gz.br"}
    assert unbrotli((site / "app.py.br").read_bytes()) == text
    assert gzip.decompress((site / "app.py.gz").read_bytes()) == text
    # The snapshot's brotli copy is of the unpacked memory; no gzip copy of a gzip file.
    assert unbrotli((site / "pyodide" / "python.snapshot.gz.br").read_bytes()) == memory
    assert serve.is_copy(site / "app.py.br") and not serve.is_copy(site / "app.py")
    # The same files give the same bytes, the brotli ones from the cache.
    before = {name: (site / name).read_bytes() for name in written}
    for name in written:
        (site / name).unlink()
    assert serve.precompress(site, cache) == written
    assert {name: (site / name).read_bytes() for name in written} == before


@pytest.mark.skipif(shutil.which("node") is None, reason="brotli copies are made with Node")
def test_the_shipped_quality_is_brotlis_best_and_a_quick_copy_never_stands_in_for_it(tmp_path):
    # The test suite builds its site at a quicker quality (tests/conftest.py); the shipped
    # build, sharing the cache, still makes and keeps its own copies, at the best quality.
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    sources = sorted((Path(paths.ROOT) / "archipelago" / "search").glob("*.py"))
    text = b"".join(path.read_bytes() for path in sources)
    (site / "engine.py").write_bytes(text)
    quick = serve.precompress(site, cache, quality=1)["engine.py.br"]
    shipped = serve.precompress(site, cache)["engine.py.br"]  # the build's default
    assert unbrotli((site / "engine.py.br").read_bytes()) == text
    assert serve.SHIPPED_QUALITY == 11  # brotli's best: the site is compressed once
    assert shipped < quick
    assert len(list(cache.glob("*.br"))) == 2


def test_copied_runtime_scripts_name_no_missing_source_map(tmp_path):
    source = tmp_path / "core.js"
    source.write_bytes(b"export const x = 1;\n//# sourceMappingURL=core.js.map\n")
    assemble.copy_without_source_map(source, tmp_path / "copy.js")
    assert (tmp_path / "copy.js").read_bytes() == b"export const x = 1;\n"


def test_the_page_describes_itself_to_search_engines():
    # The built page names every game the registry finds; index.html itself names none.
    head = index.index_page(Path(paths.ROOT) / "index.html").split("</head>")[0]
    description = re.search(r'<meta name="description" content="([^"]+)">', head)
    assert description and 50 <= len(description.group(1)) <= 160
    for manifest in manifests():
        assert manifest.title in description.group(1)
