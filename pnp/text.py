"""Line breaking for printed text, Japanese first: kinsoku shori (禁則処理).

Japanese may break between any two characters, except that closing marks and
small kana never start a line (they hang at the end of the line before) and
opening brackets never end one (they move to the next). Latin words break at
spaces. Widths come from a ``measure(text) -> mm`` function, so the rules are
independent of the font. (A line of nothing but opening brackets cannot obey
the rules and is broken anyway.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pnp.shapes import MM_PER_PT

#: Never at the start of a line (行頭禁則).
NO_START = set("、。，．,.・：:；;？?！!ー‐゠–〜～）)］]｝}」』】〕〉》〙〗’”"
               "ゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
#: Never at the end of a line (行末禁則).
NO_END = set("（(［[｛{「『【〔〈《〘〖‘“")

_TOKEN = re.compile(r"[A-Za-z0-9'’\-–/%+#&@.,:;!?()]+ *| +|.", re.DOTALL)


def tokens(text: str) -> list[str]:
    """Latin words (with their trailing spaces) and single other characters."""
    return _TOKEN.findall(text)


def wrap(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` (hanging punctuation aside)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, width, measure))
    return lines


def _wrap_paragraph(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in tokens(text):
        if not line or measure((line + token).rstrip()) <= width:
            line += token
            continue
        if token[0] in NO_START:  # hang it on this line
            line += token
            continue
        line, carried = _release_openers(line)
        lines.append(line.rstrip())
        line = carried + token.lstrip()
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _release_openers(line: str) -> tuple[str, str]:
    """Move opening brackets at the end of ``line`` to the next one."""
    carried = ""
    while len(line) > 1 and line[-1] in NO_END:
        carried = line[-1] + carried
        line = line[:-1]
    return line, carried


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
