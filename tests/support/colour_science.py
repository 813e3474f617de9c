"""Colour arithmetic for the palette tests: WCAG contrast, colour-vision-deficiency
simulation (Machado, Oliveira and Fernandes 2009, severity 1.0) and CIE76 colour distance."""

from __future__ import annotations

# Machado et al. 2009 matrices for full severity, applied to linear RGB.
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def linear(hex_colour: str) -> tuple[float, float, float]:
    """sRGB '#rrggbb' to linear-light RGB in 0..1."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of a linear RGB colour."""
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio between two '#rrggbb' colours."""
    la, lb = sorted((luminance(linear(a)), luminance(linear(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(matrix: tuple, rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """How a dichromat sees a linear RGB colour, clipped back into the gamut."""
    out = [sum(row[i] * rgb[i] for i in range(3)) for row in matrix]
    r, g, b = (min(1.0, max(0.0, v)) for v in out)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """CIE76 distance between two linear RGB colours."""
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
