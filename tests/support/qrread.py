"""Reading QR codes back in tests, with zxing-cpp (pinned in requirements-dev.txt): from
grey pixels (a picture of the page), a screenshot's PNG, or the SVG the page draws."""

from __future__ import annotations

import re
import struct
import zlib

import zxingcpp

SCALE = 4  # pixels per module when an SVG is rasterised here


def decode_grey(pixels: bytes, width: int, height: int) -> str:
    """The text of the one QR code in ``pixels`` (one byte per pixel, rows top first)."""
    # QR codes only: read for every format, a QR code's modules were once also taken for a
    # short linear barcode (a second, spurious "code" reading 5394).
    found = zxingcpp.read_barcodes(
        memoryview(pixels).cast("B", (height, width)), formats=zxingcpp.BarcodeFormat.QRCode
    )
    # zxing-cpp may report one code twice (seen once in a page's picture): one text, read.
    texts = {str(code.text) for code in found}
    assert len(texts) == 1, f"{len(found)} codes read: {sorted(texts)}"
    return texts.pop()


def decode_svg(svg: str) -> str:
    """The text of segno's inline SVG: its dark path (horizontal strokes one module high,
    "M x y", "m dx dy", "h dx") drawn as pixels, then read."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1)) // 4  # scale=4 in qr.py
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    dark = set()
    x = y = 0.0
    for command, numbers in re.findall(r"([Mmh])([-\d. ]+)", path):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            dark.update((int(x) + step, int(y)) for step in range(int(values[0])))
            x += values[0]
    width = size * SCALE
    pixels = bytes(
        0 if (col // SCALE, row // SCALE) in dark else 255
        for row in range(width)
        for col in range(width)
    )
    return decode_grey(pixels, width, width)


def png_grey(png: bytes) -> tuple[bytes, int, int]:
    """(grey pixels, width, height) of an 8-bit RGB or RGBA PNG, as a browser's screenshot
    writes it (no image library is pinned): its rows unfiltered, each pixel's green."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, width, height, channels = 8, b"", 0, 0, 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunk = png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += chunk
        at += 12 + length
    raw, stride = zlib.decompress(data), width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up))
                near = min(near, (abs(guess - corner), 2, corner))
                row[x] = (row[x] + near[2]) & 255
        rows.append(row)
        previous = row
    grey = bytes(row[x * channels + 1] for row in rows for x in range(width))
    return grey, width, height
