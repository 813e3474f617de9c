"""A slow network for the loopback server: one link shared by every connection, as a
phone's is, with a delay before each response. `python build.py bench --throttle` starts
the pages through it (Lighthouse's "slow 4G": 1.6 Mbit/s down, 150 ms per request).

The throttle is in the server rather than in the browser's developer tools because the
tools throttle one page's requests, and a start's bytes also come through PyScript's
worker, the computer's worker and the service worker: here every byte the server sends
waits for its turn on the one link, whoever asked for it.
"""

from __future__ import annotations

import threading
import time

SLOW_4G_BITS = 1_600_000
SLOW_4G_DELAY = 0.150
# The link sends this much of a response at a time, so that the connections sharing it
# take turns (a whole file at once would hold the others back until it is through).
PIECE = 8 * 1024


class Throttle:
    """``bits_per_second`` down, shared; ``delay`` seconds before each response."""

    def __init__(self, bits_per_second: int = SLOW_4G_BITS, delay: float = SLOW_4G_DELAY):
        self.bytes_per_second = bits_per_second / 8
        self.delay = delay
        self._lock = threading.Lock()
        self._free_at = time.monotonic()  # when the link has sent what it was given

    def wait_for_link(self, size: int) -> None:
        """Return once ``size`` more bytes have had their time on the link: the link takes
        the pieces of every connection in the order they come."""
        with self._lock:
            now = time.monotonic()
            self._free_at = max(now, self._free_at) + size / self.bytes_per_second
            due = self._free_at
        time.sleep(max(0.0, due - time.monotonic()))

    def pieces(self, data: bytes) -> list[bytes]:
        """``data`` cut into the pieces the link sends one at a time."""
        view = memoryview(data)
        return [bytes(view[at : at + PIECE]) for at in range(0, len(data), PIECE)] or [b""]
