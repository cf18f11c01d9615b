"""Small text helpers shared by every game's reports."""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction) -> str:
    """``Fraction(3, 1)`` → ``3``; ``Fraction(4, 9)`` → ``4/9``."""
    return str(value.numerator) if value.denominator == 1 else str(value)
