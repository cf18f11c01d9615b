"""Line breaking, Japanese first: kinsoku shori (禁則処理), for print and terminal alike.

Japanese may break between any two characters, except that closing marks and
small kana never start a line (they hang at the end of the line before) and
opening brackets never end one (they move to the next). Latin words break at
spaces, web addresses after a slash. Widths come from a ``measure(text)``
function (millimetres on a page, columns in a terminal), so the rules are
independent of the font. (A line of nothing but opening brackets cannot obey
the rules and is broken anyway.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Never at the start of a line (行頭禁則).
NO_START = set("、。，．,.・：:；;？?！!ー‐゠–〜～）)］]｝}」』】〕〉》〙〗’”"
               "ゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
#: Never at the end of a line (行末禁則).
NO_END = set("（(［[｛{「『【〔〈《〘〖‘“")

#: A Latin word with its trailing spaces; a web address breaks after each slash.
_TOKEN = re.compile(r"[A-Za-z0-9'’\-–%+#&@.,:;!?()]*/+|[A-Za-z0-9'’\-–%+#&@.,:;!?()]+ *| +|.",
                    re.DOTALL)


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
