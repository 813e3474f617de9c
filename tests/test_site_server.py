"""The local server of ``python build.py serve`` and of the browser tests."""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.request

import build


def serving(root):
    server = build.make_server(0, root=root)
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
