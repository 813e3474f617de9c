"""Reading QR codes back in tests, with zxing-cpp and Pillow (pinned in requirements-dev.txt): from
grey pixels (a picture of the page), a screenshot's PNG, or the SVG the page draws."""

from __future__ import annotations

import io
import re

import zxingcpp
from PIL import Image

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
    """(grey pixels, width, height) of a PNG, a browser's screenshot (read by Pillow)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG", image.format
    grey = image.convert("L")
    return grey.tobytes(), grey.width, grey.height
