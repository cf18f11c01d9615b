"""Small text helpers shared by every game's reports."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction


def fraction_text(value: Fraction) -> str:
    """``Fraction(3, 1)`` → ``3``; ``Fraction(4, 9)`` → ``4/9``."""
    return str(value.numerator) if value.denominator == 1 else str(value)


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide and full-width characters (赤, Ｒ)
    take two, combining marks none."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def rjust(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns."""
    return " " * max(0, width - display_width(text)) + text


def ljust(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))
