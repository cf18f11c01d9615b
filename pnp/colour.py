"""Colour contrast as WCAG measures it: numbers and words that matter print at 4.5:1
or more against what is behind them, on screen and in grey print alike."""

from __future__ import annotations

#: The least contrast for a number or a word a player must read.
READABLE = 4.5
BLACK, WHITE = "#000000", "#ffffff"


def luminance(rgb: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black … 1 white)."""
    channels = [int(rgb.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    dark, light = sorted((luminance(one), luminance(other)))
    return (light + 0.05) / (dark + 0.05)


def ink_on(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if contrast(BLACK, background) >= contrast(WHITE, background) else WHITE
