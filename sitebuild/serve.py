"""Compressed copies of the built site, and the loopback server that sends them.

A first visit downloads the runtime (about 20 MB as files), most of it text or
WebAssembly that compresses to a third or less. ``precompress`` writes, beside each file
of dist/ worth it, a brotli copy (``name.br``) and a gzip copy (``name.gz``); the server
of ``python build.py serve`` sends the best one the browser accepts, with its
Content-Encoding, and ``Vary: Accept-Encoding`` so that no cache hands one browser the
copy meant for another. The browser unpacks it, so the page and its service worker see
the plain file. A host that ignores the copies still serves the plain files, which work
as they are (docs/hosting.md says what each kind of host needs).

Brotli is Node's (zlib in Node's standard library, as for the rest of the build's Node
steps): Python's standard library has none. The copies of the pinned runtime never
change, so they are kept in the build cache by the hash of what they compress.
"""

from __future__ import annotations

import datetime
import email.utils
import gzip
import hashlib
import http.server
import io
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import IO, Any

from .node import run_module_script
from .paths import DIST
from .throttle import Throttle

# Kinds of file worth compressing: text, WebAssembly, and the site's two zip archives,
# which the build stores uncompressed for that (sitebuild/stdlib.py says why). Images and
# fonts are compressed already.
COMPRESSIBLE = (
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".py",
    ".toml",
    ".svg",
    ".wasm",
    ".webmanifest",
    ".txt",
    ".zip",
    ".mo",  # a language's catalogue (sitebuild/locales.py): its messages are text
)
# The interpreter snapshot ships gzipped so that it stays small on any host. Its brotli
# copy is of the unpacked snapshot (a third smaller than the .gz); a browser sent it
# unpacks it to the plain snapshot, which static/start/pyodide_start.mjs takes as well.
UNPACKED_FIRST = (".snapshot.gz",)
# Which encodings, best first, with the suffix of their copies.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
# A copy is kept only if it saves at least this share of the file.
WORTH = 0.9

# The site ships its brotli copies at brotli's best quality: made once per build, sent to
# every visitor. It costs: the interpreter snapshot alone takes most of a minute of CPU,
# the WebAssembly half a minute. The test suite's build (tests/conftest.py) makes them at
# a quick quality instead (a second for all, the copies ~15% larger), which no page can
# tell apart: a brotli copy unpacks to the same bytes at any quality.
SHIPPED_QUALITY = 11

BROTLI_SCRIPT = r"""
import fs from "node:fs";
import zlib from "node:zlib";
const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
for (const [source, target, unpackFirst, quality] of jobs) {
  let bytes = fs.readFileSync(source);
  if (unpackFirst) bytes = zlib.gunzipSync(bytes);
  const packed = zlib.brotliCompressSync(bytes, {params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  }});
  fs.writeFileSync(target, packed);
}
"""


def compressible(path: Path) -> bool:
    return path.name.endswith(COMPRESSIBLE + UNPACKED_FIRST)


def _gzip_copy(path: Path) -> bytes | None:
    """The file gzipped, reproducibly (no name, no date in the header); None for a file
    that is gzip already."""
    if path.name.endswith(UNPACKED_FIRST):
        return None
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def brotli_copies(
    files: list[Path], cache: Path, quality: int = SHIPPED_QUALITY
) -> dict[Path, bytes]:
    """{file: its brotli copy at ``quality``}, from the cache or made with Node (in two
    processes at once: at the shipped quality the two large runtime files take most of a
    minute each)."""
    cache.mkdir(parents=True, exist_ok=True)
    copies: dict[Path, bytes] = {}
    missing: list[tuple[Path, Path]] = []
    for path in files:
        key = hashlib.sha256(path.read_bytes()).hexdigest()
        # Kept by quality too: a quick copy never stands in for a shipped one.
        kept = cache / (f"{key}.br" if quality == SHIPPED_QUALITY else f"{key}-q{quality}.br")
        if kept.is_file():
            copies[path] = kept.read_bytes()
        else:
            missing.append((path, kept))
    if missing:
        import concurrent.futures

        # Two batches of about equal size; each a Node process of its own.
        batches: list[list[list[object]]] = [[], []]
        sizes = [0, 0]
        for path, kept in sorted(missing, key=lambda job: -job[0].stat().st_size):
            lighter = sizes.index(min(sizes))
            unpack = path.name.endswith(UNPACKED_FIRST)
            batches[lighter].append([str(path), str(kept), unpack, quality])
            sizes[lighter] += path.stat().st_size
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            runs = [
                pool.submit(
                    run_module_script,
                    BROTLI_SCRIPT,
                    "to compress the site with brotli",
                    cache,
                    json.dumps(batch),
                )
                for batch in batches
                if batch
            ]
            for run in runs:
                run.result()
        for path, kept in missing:
            copies[path] = kept.read_bytes()
    return copies


def precompress(dist: Path, cache: Path, quality: int = SHIPPED_QUALITY) -> dict[str, int]:
    """Write the .br (at brotli's ``quality``) and .gz copies of dist/'s files worth
    compressing; returns {name of each copy: its size}."""
    files = sorted(path for path in dist.rglob("*") if path.is_file() and compressible(path))
    written: dict[str, int] = {}
    for path, packed in brotli_copies(files, cache, quality).items():
        _keep(path, ".br", packed, written, dist)
    for path in files:
        packed_gz = _gzip_copy(path)
        if packed_gz is not None:
            _keep(path, ".gz", packed_gz, written, dist)
    return written


def _keep(path: Path, suffix: str, packed: bytes, written: dict[str, int], dist: Path) -> None:
    if len(packed) <= WORTH * path.stat().st_size:
        copy = path.with_name(path.name + suffix)
        copy.write_bytes(packed)
        written[copy.relative_to(dist).as_posix()] = len(packed)


def fresh(copy: Path, path: Path) -> bool:
    """Whether ``copy`` was written after ``path`` last changed: a file changed by hand
    in dist/ (as the offline tests do to stand for a new build) is sent as it is now,
    never as its stale copy says."""
    return copy.stat().st_mtime >= path.stat().st_mtime


def is_copy(path: Path) -> bool:
    """Whether ``path`` is a compressed copy of another file of the site (not a file the
    page asks for by its name)."""
    for _, suffix in ENCODINGS:
        if path.name.endswith(suffix) and path.with_name(path.name[: -len(suffix)]).is_file():
            return True
    return False


def accepted(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows ("q=0" refuses one)."""
    allowed = set()
    for part in header.split(","):
        name, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # unreadable: not taken as a yes
        if name and quality > 0:
            allowed.add(name.lower())
    return allowed


# Sent with every response. Cross-origin isolation (the opener and embedder policies)
# gives the runtime the shared memory it checks for without a deprecation warning. Every
# file of the site is same-origin, so the embedder policy blocks nothing of ours, and the
# resource policy "cross-origin" lets other sites embed the page in an <iframe>, including
# sites that are themselves cross-origin isolated. No-cache: the browser asks again each
# time (cheaply: an unchanged file is a 304), so a new build is seen at once. A server made
# with isolated=False leaves the isolation out, as a host that cannot set headers does
# (for the benchmark's starts on such a host).
HEADERS = {"Cache-Control": "no-cache"}
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "cross-origin",
}


# {(path, size, modification time in ns): its entity tag}: each file is hashed once.
_TAGS: dict[tuple[str, int, int], str] = {}
_TAGS_LOCK = threading.Lock()


def entity_tag(path: Path, stat: os.stat_result) -> str:
    """A strong ETag for the file at ``path`` as it is now: a hash of its bytes. The
    service worker's precache revalidates what the browser fetched on the first visit
    (sw.js), and a date alone would not do: it has whole seconds only, and a build copies
    the runtime's files with the dates they had in node_modules, so another version of
    the runtime may carry the same date. Each compressed copy is a file of its own, with
    a tag of its own, as HTTP asks of each encoding of a resource."""
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _TAGS_LOCK:
        tag = _TAGS.get(key)
    if tag is None:
        digest = hashlib.sha256()
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        tag = f'"{digest.hexdigest()[:32]}"'
        with _TAGS_LOCK:
            _TAGS[key] = tag
    return tag


def matches(if_none_match: str, tag: str) -> bool:
    """Whether an If-None-Match header names ``tag`` (or is "*"); compared weakly, as
    HTTP asks for this header: a W/ prefix is ignored."""
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == tag:
            return True
    return False


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``root`` with the MIME types the runtime needs, their compressed
    copies when the browser takes them, the site's headers, and quiet logs. A response
    of a file that has copies varies with Accept-Encoding."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".zip": "application/zip",
        ".mo": "application/octet-stream",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }
    root: Path = Path("dist")
    # Pages served from memory ({path: html}), such as the benchmark's bare page.
    extra_pages: dict[str, bytes] = {}

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.varies = False
        super().__init__(*args, directory=str(self.root), **kwargs)  # type: ignore[arg-type]

    def setup(self) -> None:
        super().setup()
        if isinstance(self.server, SiteServer):
            self.wfile = _Counted(self.wfile, self.server)  # type: ignore[assignment]

    def do_GET(self) -> None:  # noqa: N802 - the http.server naming
        if isinstance(self.server, SiteServer) and self.server.throttle is not None:
            time.sleep(self.server.throttle.delay)  # the slow network's time per request
        body = self.extra_pages.get(self.path.split("?")[0])
        if body is not None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def send_head(self) -> IO[bytes] | None:  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()  # a folder's redirect, or a 404
        copies = [
            (coding, copy)
            for coding, suffix in ENCODINGS
            for copy in [path.with_name(path.name + suffix)]
            if copy.is_file() and fresh(copy, path)
        ]
        self.varies = bool(copies)
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        coding, sent = next(((c, copy) for c, copy in copies if c in allowed), (None, path))
        try:
            handle = sent.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        stat = os.fstat(handle.fileno())
        tag = entity_tag(sent, stat)
        if self._not_modified(tag, stat.st_mtime):
            handle.close()
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if coding is not None:
            self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("ETag", tag)
        self.end_headers()
        return handle

    def _not_modified(self, tag: str, modified: float) -> bool:
        """Whether the browser's copy is this one: by its entity tag when it sends one
        (If-None-Match wins over If-Modified-Since, as HTTP says), else by its date."""
        wanted = self.headers.get("If-None-Match")
        if wanted is not None:
            return matches(wanted, tag)
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        return datetime.datetime.fromtimestamp(int(modified), datetime.UTC) <= when

    def end_headers(self) -> None:
        isolated = not isinstance(self.server, SiteServer) or self.server.isolated
        for name, value in (HEADERS | ISOLATION_HEADERS if isolated else HEADERS).items():
            self.send_header(name, value)
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """The loopback server. A browser that drops a connection it no longer needs (a page
    closed or navigated away mid-download) is normal, not an error worth a traceback.
    ``sent`` counts the bytes it has sent (headers and bodies, as they went on the wire):
    the benchmark's measure of what a visit transfers, the service worker's downloads
    included, which a page's own view of its requests does not show."""

    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent = 0
        self.sent_lock = threading.Lock()
        self.throttle: Throttle | None = None  # a slow network (the benchmark's), or none
        self.isolated = True  # whether responses carry ISOLATION_HEADERS

    def count(self, size: int) -> None:
        with self.sent_lock:
            self.sent += size

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class _Counted:
    """A handler's output stream that adds what it writes to its server's count."""

    def __init__(self, stream: io.BufferedIOBase, server: SiteServer) -> None:
        self._stream, self._server = stream, server

    def write(self, data: bytes) -> int:
        throttle = self._server.throttle
        if throttle is None:
            # Counted before it goes: a client that has read a response finds it counted.
            self._server.count(len(data))
            return self._stream.write(data)
        for piece in throttle.pieces(bytes(data)):
            throttle.wait_for_link(len(piece))
            self._server.count(len(piece))
            self._stream.write(piece)
            self._stream.flush()
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def make_server(
    port: int, root: Path = DIST, extra_pages: dict[str, bytes] | None = None
) -> SiteServer:
    """A loopback server for ``root`` (dist/ by default); port 0 picks a free port.
    ``extra_pages`` ({path: html}) are served from memory, such as the benchmark's bare
    page."""
    handler: Callable[..., SiteHandler] = type(
        "Handler", (SiteHandler,), {"root": root, "extra_pages": extra_pages or {}}
    )
    return SiteServer(("127.0.0.1", port), handler)
