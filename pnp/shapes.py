"""The vector shapes every component is drawn with — one geometry, two renderers.

Coordinates are millimetres with the origin at the top left and y growing
downwards (as on the printed page and in SVG); the PDF renderer flips them.
Text sizes are in points. A :class:`Group` moves, turns and scales what it
holds; a :class:`Form` is art drawn once and reused (a PDF form XObject, an
SVG ``<symbol>``), so a deck of identical backs stays small.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Style:
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off


INK = Style()
NO_STROKE = Style(stroke=None)


def filled(colour: str) -> Style:
    return Style(stroke=None, fill=colour)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = INK


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = INK
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = INK


@dataclass(frozen=True)
class Path:
    """Commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    style: Style = INK


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # the baseline
    text: str
    size: float = 9.0  # points
    anchor: str = "start"  # start, middle or end
    bold: bool = False
    fill: str = "#000000"


@dataclass(frozen=True)
class Image:
    """A picture file (PNG, JPEG or SVG) in the box (x, y, w, h): ``contain`` keeps
    its proportions inside the box, ``cover`` fills the box and is clipped to it,
    ``stretch`` fills it exactly."""

    x: float
    y: float
    w: float
    h: float
    path: str
    fit: str = "contain"


@dataclass(frozen=True)
class Group:
    items: tuple = ()
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0  # degrees, clockwise on the page, about (dx, dy)
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h inside the group


@dataclass(frozen=True)
class Form:
    """Art drawn once under ``name`` and placed wherever it is used."""

    name: str
    items: tuple = ()
    dx: float = 0.0
    dy: float = 0.0


Shape = Line | Rect | Circle | Path | Text | Image | Group | Form

#: The smallest text a printed piece carries, in points (legible on a home printer).
MIN_TEXT = 6.0
#: Nothing that carries game information (numbers, icons, marks, text) lies closer
#: than this to a cut line (mm): a slight miscut never takes it.
SAFE_ZONE = 2.5


def text_sizes(items, scale: float = 1.0):
    """Every text among ``items`` (into groups and forms) with the size it prints at:
    (text, points), a group's scale applied."""
    for item in items:
        if isinstance(item, Text) and item.text.strip():
            yield item, item.size * scale
        elif isinstance(item, Group):
            yield from text_sizes(item.items, scale * item.scale)
        elif isinstance(item, Form):
            yield from text_sizes(item.items, scale)


@dataclass(frozen=True)
class Margins:
    """Where the scale mark and the footer go on a page.

    ``scale`` is the top-left of the 10 mm mark; ``square`` says whether it is a
    square or, where the margin is too narrow for one, a 10 mm bar. The footer
    is drawn with its baseline at ``footer`` (x, y), anchored at its end.
    """

    scale: tuple[float, float]
    square: bool
    footer: tuple[float, float]
    #: Where the pieces take the bottom band (poker cards on Letter): the scale mark and
    #: the footer run up the side margins instead, between the crop marks — the left
    #: band's right edge, the right band's left edge, and the free (top, bottom) spans.
    along: tuple[float, float, tuple[tuple[float, float], ...]] | None = None


@dataclass
class Page:
    """One sheet of paper: its size, what is on it, and the print-shop boxes."""

    width: float
    height: float
    shapes: list = field(default_factory=list)
    trim: tuple[float, float, float, float] | None = None  # x, y, w, h in mm
    bleed: tuple[float, float, float, float] | None = None
    label: str = ""  # the component, for the footer
    margins: Margins | None = None  # None: the standard bottom margin
    decorate: bool = True  # footer and scale mark (off for 1-up print-shop pages)
    trims: list = field(default_factory=list)  # (x, y, w, h) of every piece to cut out


@dataclass
class Document:
    game: str
    component: str
    title: str
    subject: str
    keywords: tuple[str, ...]
    pages: list[Page] = field(default_factory=list)
    numbers: list[int] | None = None  # each page's number in the whole file (--pages)
    page_count: int | None = None  # pages in the whole file
    flip: str | None = None  # two-sided: "long" or "short", the edge the sheet turns on
