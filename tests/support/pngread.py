"""Reading a PNG file in tests with the standard library alone: its size from the header,
and its pixels (8-bit RGB or RGBA, not interlaced, as a browser's canvas writes them)."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # colour type -> bytes per pixel at 8 bits


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from the header chunk, after checking the signature."""
    if data[:8] != SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def png_rows(data: bytes, limit: int | None = None) -> list[bytes]:
    """The image's rows of pixel bytes, unfiltered: the first ``limit`` (all when None;
    in pure Python a row of 1600 pixels takes a few milliseconds)."""
    width, height = png_size(data)
    depth, colour, _, _, interlace = data[24:29]
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"a PNG this reader does not read: depth {depth}, colour {colour}")
    step = CHANNELS[colour]
    at, packed = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            packed += data[at + 8 : at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(packed)
    if len(raw) != height * (width * step + 1):
        raise ValueError("the image data does not fill the image")
    stride = width * step
    rows: list[bytes] = []
    above = bytes(stride)
    for y in range(height if limit is None else min(limit, height)):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up, corner = above[x], above[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), 0, left),
                    (abs(guess - up), 1, up),
                    (abs(guess - corner), 2, corner),
                )
                line[x] = (line[x] + near[2]) & 255
        rows.append(bytes(line))
        above = bytes(line)
    return rows
