"""Paper: sizes, the printable area, and what every page carries in its margin —
a 10 mm scale square, "print at 100 %" and a footer naming the game, the
component, the page and the tool version.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import InputError
from pnp import __version__
from pnp.settings import PAPER_NAMES
from pnp.shapes import Line, Margins, Rect, Style, Text

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


def decoration(margins: Margins, footer: str, lang: str) -> list:
    """The 10 mm scale mark with its note, and the footer."""
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
        note = Text(x + SCALE_SQUARE + 2, y + 2, f"10 mm · {SCALE_NOTE[lang]}", FOOTER_SIZE)
    fx, fy = margins.footer
    return [*mark, note, Text(fx, fy, footer, FOOTER_SIZE, anchor="end")]


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
