"""Tiling: a drawing larger than the paper, split over several pages.

Each tile after the first along a row (or column) begins with a glue strip
that repeats the end of the tile before it. That tile is cut along its own
edge — a seam that falls on a grid line of the art, so no square's name is cut
— and laid over the strip, its edge on the strip's line, the half crosses
matching.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from pnp.calibration import crosshair
from pnp.impose import EPSILON, GUIDE_STYLE
from pnp.paper import FOOTER_SIZE
from pnp.shapes import Group, Line, Page, Rect, Style, Text

SEAM = Style(width=0.3)
STRIP_WORDS = {"ja": ("のりしろ：{tile} をこの上に重ねて貼る", "この端で切る"),
               "en": ("glue: lay {tile} over this strip", "cut along this edge")}

Grid = tuple[float, float]  # origin and step of the art's grid lines


def spans(length: float, room: float, overlap: float, grid: Grid | None = None
          ) -> list[tuple[float, float]]:
    """Where each tile starts and ends along one axis: at most ``room`` long, the
    next beginning ``overlap`` before the seam, every seam on a grid line. As
    few tiles as fit, then as even as the grid allows (no last tile of a sliver)."""
    greedy = _spans(length, room, overlap, grid, room)
    even = (length + (len(greedy) - 1) * overlap) / len(greedy)
    balanced = _spans(length, room, overlap, grid, even)
    return balanced if len(balanced) == len(greedy) else greedy


def _spans(length: float, room: float, overlap: float, grid: Grid | None, aim: float
           ) -> list[tuple[float, float]]:
    """Tiles of about ``aim`` (never more than ``room``), seams snapped to the grid."""
    result = []
    start = 0.0
    while start + room < length - EPSILON:
        end = start + aim
        if grid is not None:
            origin, step = grid
            lines = round((end - origin) / step)
            if origin + lines * step > start + room + EPSILON:
                lines = floor((start + room - origin) / step + EPSILON)
            snapped = origin + lines * step
            end = snapped if snapped - overlap > start + EPSILON else min(end, start + room)
        result.append((start, end))
        start = end - overlap
    result.append((start, length))
    return result


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    x: tuple[float, float]
    y: tuple[float, float]

    @property
    def name(self) -> str:
        return f"{chr(65 + self.row)}{self.col + 1}"


def tiles(art_w: float, art_h: float, area_w: float, area_h: float, overlap: float = 10.0,
          grid: tuple[Grid, Grid] | None = None) -> list[list[Tile]]:
    xs = spans(art_w, area_w, overlap, grid and grid[0])
    ys = spans(art_h, area_h, overlap, grid and grid[1])
    return [[Tile(r, c, x, y) for c, x in enumerate(xs)] for r, y in enumerate(ys)]


def tile(shapes: list, art_w: float, art_h: float, page_w: float, page_h: float,
         area: tuple[float, float, float, float], label: str, lang: str = "en",
         overlap: float = 10.0, grid: tuple[Grid, Grid] | None = None) -> list[Page]:
    """Split a large drawing over pages, each headed with its place."""
    ax, ay, aw, ah = area
    layout = tiles(art_w, art_h, aw, ah - 6, overlap, grid)
    rows, cols = len(layout), len(layout[0])
    pages = []
    for line in layout:
        for t in line:
            (x0, x1), (y0, y1) = t.x, t.y
            view = Group((Group(tuple(shapes), dx=-x0, dy=-y0),), dx=ax, dy=ay + 6,
                         clip=(0, 0, x1 - x0, y1 - y0))
            heading = Text(ax, ay + 3.5, f"{label} — tile {t.name} of {rows} × {cols}",
                           FOOTER_SIZE + 1)
            marks = _seams(t, layout, ax - x0, ay + 6 - y0, overlap, lang)
            pages.append(Page(page_w, page_h, [view, *marks, heading],
                              label=f"{label} {t.name}"))
    return pages


def _seams(t: Tile, layout: list[list[Tile]], ox: float, oy: float, overlap: float,
           lang: str) -> list:
    """The glue strips at a tile's start and the cut edges at its end; (ox, oy)
    is where the art's origin lies on the page."""
    glue, cut = STRIP_WORDS[lang]
    (x0, x1), (y0, y1) = t.x, t.y
    last_col, last_row = len(layout[0]) - 1, len(layout) - 1
    marks: list = []
    if t.col > 0:
        seam = x0 + overlap
        before = layout[t.row][t.col - 1].name
        marks += _strip(ox + x0, oy + y0, overlap, y1 - y0, glue.format(tile=before), True)
        marks += crosshair(ox + seam, oy + (y0 + y1) / 2)
    if t.col < last_col:
        marks += [Line(ox + x1, oy + y0, ox + x1, oy + y1, SEAM),
                  *crosshair(ox + x1, oy + (y0 + y1) / 2),
                  Group((Text(0, 0, cut, FOOTER_SIZE),), dx=ox + x1 + 1, dy=oy + y0 + 2,
                        rotate=90)]
    if t.row > 0:
        seam = y0 + overlap
        before = layout[t.row - 1][t.col].name
        marks += _strip(ox + x0, oy + y0, x1 - x0, overlap, glue.format(tile=before), False)
        marks += crosshair(ox + (x0 + x1) / 2, oy + seam)
    if t.row < last_row:
        marks += [Line(ox + x0, oy + y1, ox + x1, oy + y1, SEAM),
                  *crosshair(ox + (x0 + x1) / 2, oy + y1),
                  Text(ox + x0 + 2, oy + y1 + 3, cut, FOOTER_SIZE)]
    return marks


def _strip(x: float, y: float, w: float, h: float, words: str, upright: bool) -> list:
    """A glue strip outlined, its words along it."""
    if upright:
        text = Group((Text(0, 0, words, FOOTER_SIZE),), dx=x + w / 2 - 1, dy=y + 3,
                     rotate=90)
    else:
        text = Text(x + 3, y + h / 2 + 0.8, words, FOOTER_SIZE)
    return [Rect(x, y, w, h, GUIDE_STYLE), text]
