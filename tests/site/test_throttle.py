"""The benchmark's slow network (sitebuild/throttle.py): one link shared by every
connection, and a delay before each response of the loopback server."""

from __future__ import annotations

import threading
import time
import urllib.request

from sitebuild import serve
from sitebuild.throttle import PIECE, Throttle


def test_connections_share_the_link_rather_than_each_getting_its_own():
    throttle = Throttle(bits_per_second=8 * 400_000, delay=0)  # 400 kB/s
    began = time.monotonic()

    def send() -> None:
        for piece in throttle.pieces(bytes(40_000)):
            throttle.wait_for_link(len(piece))

    senders = [threading.Thread(target=send) for _ in range(2)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()
    # 80 kB at 400 kB/s: 0.2 s together, where two links of their own would take 0.1 s.
    assert time.monotonic() - began >= 0.19


def test_a_response_is_cut_into_pieces_the_link_takes_in_turn():
    pieces = Throttle().pieces(bytes(PIECE * 2 + 1))
    assert [len(piece) for piece in pieces] == [PIECE, PIECE, 1]


def test_the_server_waits_before_each_response_and_counts_what_it_sends(tmp_path):
    (tmp_path / "file.txt").write_bytes(b"x" * 50_000)
    server = serve.make_server(0, tmp_path)
    server.throttle = Throttle(bits_per_second=8 * 1_000_000, delay=0.1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        began = time.monotonic()
        url = f"http://127.0.0.1:{server.server_address[1]}/file.txt"
        with urllib.request.urlopen(url) as response:
            assert response.read() == b"x" * 50_000
        # The delay, then 50 kB at 1 MB/s.
        assert time.monotonic() - began >= 0.1 + 0.045
        assert server.sent > 50_000
    finally:
        server.shutdown()
        server.server_close()
