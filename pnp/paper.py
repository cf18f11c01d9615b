"""Paper: sizes, the printable area, and what every page carries in its margin —
a 10 mm scale square, "print at 100 %" and a footer naming the game, the
component, the page and the tool version.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import InputError
from pnp import __version__
from pnp.settings import PAPER_NAMES
from pnp.shapes import Group, Line, Margins, Rect, Style, Text

#: Home printers cannot print closer than this to the edge.
SAFE_EDGE = 6.0
#: Margins around the content; the bottom one holds the scale square and the footer.
MARGIN = 10.0
BOTTOM = 19.0
FOOTER_SIZE = 6.5  # pt
#: Room below the footer's baseline for its glyphs' descent: 1.3 mm keeps them off
#: the 6 mm edge even with the viewer's fallback Japanese font (deeper than IPAex).
FOOTER_DESCENT = 1.3
SCALE_SQUARE = 10.0


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # portrait, mm
    height: float

    def oriented(self, landscape: bool) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)


PAPERS = dict(zip(PAPER_NAMES, (Paper("A4", 210.0, 297.0), Paper("Letter", 215.9, 279.4)),
                  strict=True))


def paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise InputError(f"paper {name!r}; choose {' or '.join(PAPERS)}") from None


def usable(width: float, height: float) -> tuple[float, float, float, float]:
    """The area inside the margins: x, y, w, h."""
    return MARGIN, MARGIN, width - 2 * MARGIN, height - MARGIN - BOTTOM


SCALE_NOTE = {"ja": "実寸で印刷（拡大・縮小なし）", "en": "print at 100 % / actual size"}


def standard_margins(width: float, height: float) -> Margins:
    """The bottom margin of a full page: the square at the left, the footer at the right."""
    y = height - SAFE_EDGE - FOOTER_DESCENT
    return Margins((SAFE_EDGE + 1, y - SCALE_SQUARE), True, (width - SAFE_EDGE - 1, y))


def decoration(margins: Margins, footer: str, lang: str,
               measure: Callable[[str, float], float] | None = None) -> list:
    """The 10 mm scale mark with its note, and the footer (up the side margins where
    the margins say so: ``measure`` gives text widths in mm)."""
    if margins.along is not None and measure is not None:
        return _along_sides(margins.along, footer, lang, measure)
    x, y = margins.scale
    thin = Style(width=0.2)
    if margins.square:
        mark = [Rect(x, y, SCALE_SQUARE, SCALE_SQUARE, thin)]
        note = Text(x + SCALE_SQUARE + 2, y + SCALE_SQUARE, f"10 mm · {SCALE_NOTE[lang]}",
                    FOOTER_SIZE)
    else:
        right = x + SCALE_SQUARE
        mark = [Line(x, y + 1, right, y + 1, thin), Line(x, y, x, y + 2, thin),
                Line(right, y, right, y + 2, thin)]
        note = Text(x + SCALE_SQUARE + 2, y + 2.2, f"10 mm · {SCALE_NOTE[lang]}",
                    FOOTER_SIZE)  # on the footer's baseline
    fx, fy = margins.footer
    return [*mark, note, Text(fx, fy, footer, FOOTER_SIZE, anchor="end")]


#: How far a 6.5 pt line's glyphs rise above its baseline and sink below it (mm).
ASCENT, DESCENT = 1.9, 0.6


def _along_sides(along: tuple[float, float, tuple[tuple[float, float], ...]], footer: str,
                 lang: str, measure: Callable[[str, float], float]) -> list:
    """The scale bar and its note up the left margin, the footer up the right one, each
    reading from bottom to top in the spans between the crop marks."""
    left, right, spans = along
    lowest = max(spans, key=lambda span: span[1])
    x = left - DESCENT - 0.4
    bottom = lowest[1]
    thin = Style(width=0.2)
    bar = [Line(x + 0.8, bottom, x + 0.8, bottom - SCALE_SQUARE, thin),
           Line(x, bottom, x + 1.6, bottom, thin),
           Line(x, bottom - SCALE_SQUARE, x + 1.6, bottom - SCALE_SQUARE, thin)]
    note = _upwards(f"10 mm · {SCALE_NOTE[lang]}", x - 0.6, bottom - SCALE_SQUARE - 1.5)
    return [*bar, note, *_footer_up(footer, right + ASCENT, spans, measure)]


def _footer_up(footer: str, x: float, spans: tuple[tuple[float, float], ...],
               measure: Callable[[str, float], float]) -> list:
    """The footer's parts (split at its dots) filling the spans from the lowest up; a
    span too short for the next part is passed over (what is left over at the end goes
    in the longest span)."""
    parts, lines = footer.split(" · "), []
    for top, bottom in sorted(spans, key=lambda span: -span[1]):
        line = ""
        while parts and measure(f"{line} · {parts[0]}" if line else parts[0],
                                FOOTER_SIZE) <= bottom - top:
            line = f"{line} · {parts.pop(0)}" if line else parts.pop(0)
        if line:
            lines.append((line, bottom))
    if parts:
        _top, longest = max(spans, key=lambda span: span[1] - span[0])
        there = [line for line, y in lines if y == longest]
        lines = [*((line, y) for line, y in lines if y != longest),
                 (" · ".join([*there, *parts]), longest)]
    return [_upwards(line, x, y) for line, y in lines]


def _upwards(text: str, x: float, y: float) -> Group:
    """``text`` reading from bottom to top, its baseline on x, starting at y."""
    return Group((Text(0, 0, text, FOOTER_SIZE),), dx=x, dy=y, rotate=-90)


def footer_text(game: str, component: str, number: int, count: int, flip: str = "") -> str:
    both = f" · {flip}" if flip else ""
    return f"{game} · {component} · {number}/{count}{both} · pnp-companion {__version__}"


def flip_words(flip: str | None, lang: str) -> str:
    """How a two-sided file's sheets turn, in the margin of every page."""
    if flip is None:
        return ""
    if lang == "ja":
        return "両面・長辺とじ" if flip == "long" else "両面・短辺とじ"
    return "two-sided, long-edge flip" if flip == "long" else "two-sided, short-edge flip"
