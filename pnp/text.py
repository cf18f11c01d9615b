"""Printed text: fitting text in a box, with the kinsoku line breaking of
:mod:`companion.linebreak` (shared with the terminal's help)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.linebreak import NO_END, NO_START, wrap
from pnp.shapes import MM_PER_PT

__all__ = ["NO_END", "NO_START", "Fitted", "fit", "wrap"]


@dataclass(frozen=True)
class Fitted:
    """Text set in a box: its lines at ``size`` points, and whether they fit."""

    lines: tuple[str, ...]
    size: float
    fits: bool


def fit(text: str, width: float, height: float, size: float, min_size: float,
        measure: Callable[[str, float], float], leading: float = 1.2) -> Fitted:
    """The largest size from ``size`` down to ``min_size`` (in 0.1 pt steps) at which
    ``text``, wrapped with kinsoku, fits ``width`` × ``height`` mm: every line no
    wider than the box, every line's height (``leading`` × size) inside it."""
    hanging = [ch for ch in set(text) if ch in NO_START]

    def setting(points: float) -> Fitted:
        # punctuation that hangs past a line's end must still fall inside the box
        room = width - max((measure(ch, points) for ch in hanging), default=0.0)
        lines = tuple(wrap(text, room, lambda s: measure(s, points)))
        inside = (len(lines) * points * MM_PER_PT * leading <= height + 1e-6
                  and all(measure(line, points) <= width + 1e-6 for line in lines))
        return Fitted(lines, points, inside)

    first = setting(size)
    if first.fits or min_size >= size:
        return first
    low, high = round(min_size * 10), round(size * 10)  # tenths of a point
    best = setting(min_size)
    if not best.fits:
        return best
    while high - low > 1:
        middle = (low + high) // 2
        trial = setting(middle / 10)
        if trial.fits:
            low, best = middle, trial
        else:
            high = middle
    return best
