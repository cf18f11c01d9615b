"""Imposition: placing cards and tiles on paper, and the marks to cut them by.

* :func:`impose` fits as many pieces per page as the paper allows inside the
  6 mm edge (zero gutter with shared cut lines, or a gutter), centred.
* :class:`Imposition` knows every trim position, the crop marks (outside the
  bleed, never inside the 6 mm edge), optional full-length cut guides, and
  where the back of each piece goes for long-edge or short-edge duplex, with a
  per-printer back offset.
* :func:`sheets` turns a list of pieces into pages: fronts, then backs (duplex),
  or both on one page with a fold line (fold-and-glue).
* :func:`calibration_page` prints the marks that measure a printer's back
  offset; :func:`tile` splits a piece larger than the paper over several pages
  with overlap strips and alignment marks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import ceil, floor

from companion.errors import InputError
from pnp.paper import FOOTER_SIZE, SAFE_EDGE, SCALE_SQUARE
from pnp.shapes import Group, Line, Margins, Page, Rect, Style, Text

CARD_SIZES = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "meishi": (91.0, 55.0),
    "business-us": (88.9, 50.8),
    "tcg": (59.0, 86.0),
}
MARK_STYLE = Style(width=0.15)  # 0.43 pt: more than the 0.25 pt minimum
GUIDE_STYLE = Style(stroke="#808080", width=0.1, dash=(1.0, 1.5))
FOLD_STYLE = Style(stroke="#808080", width=0.2, dash=(3.0, 2.0))
MARK_LENGTH = 5.0
MARK_GAP = 1.0  # between the bleed and the start of a mark
FOOTER_BAND = 3.5  # kept free of marks above the bottom 6 mm edge, for the footer
EPSILON = 1e-6

#: A piece: draws its front (and back) at the trim origin, art reaching ``bleed``
#: beyond the trim on every side.
Art = Callable[[float], list]


@dataclass(frozen=True)
class Piece:
    front: Art
    back: Art | None = None
    name: str = ""


@dataclass(frozen=True)
class Imposition:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter: float
    bleed: float
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def block_w(self) -> float:
        return self.cols * self.card_w + (self.cols - 1) * self.gutter

    @property
    def block_h(self) -> float:
        return self.rows * self.card_h + (self.rows - 1) * self.gutter

    def trims(self) -> list[tuple[float, float]]:
        """Top-left corner of every trim, in reading order."""
        return [(self.left + c * (self.card_w + self.gutter),
                 self.top + r * (self.card_h + self.gutter))
                for r in range(self.rows) for c in range(self.cols)]

    def cut_x(self) -> list[float]:
        return _cuts(self.left, self.card_w, self.gutter, self.cols)

    def cut_y(self) -> list[float]:
        return _cuts(self.top, self.card_h, self.gutter, self.rows)

    def outer_bleed(self) -> float:
        """Bleed beyond the outer trims, kept out of the 6 mm edge."""
        room = min(self.left, self.top, self.page_w - self.left - self.block_w,
                   self.page_h - self.top - self.block_h) - SAFE_EDGE
        return max(0.0, min(self.bleed, room))

    def inner_bleed(self) -> float:
        return min(self.bleed, self.gutter / 2)

    def art_box(self, x: float, y: float) -> tuple[float, float, float, float]:
        """Where a piece's art may reach, relative to its trim corner."""
        outer, inner = self.outer_bleed(), self.inner_bleed()
        first_col = abs(x - self.left) < EPSILON
        last_col = abs(x + self.card_w - self.left - self.block_w) < EPSILON
        first_row = abs(y - self.top) < EPSILON
        last_row = abs(y + self.card_h - self.top - self.block_h) < EPSILON
        left = outer if first_col else inner
        right = outer if last_col else inner
        up = outer if first_row else inner
        down = outer if last_row else inner
        return (-left, -up, self.card_w + left + right, self.card_h + up + down)

    def crop_marks(self) -> list[Line]:
        """Short marks on every cut line, outside the bleed and the 6 mm edge."""
        offset = self.outer_bleed() + MARK_GAP
        marks = []
        top_len = self.top - offset - SAFE_EDGE
        bottom = self.top + self.block_h
        bottom_len = self.page_h - bottom - offset - SAFE_EDGE - FOOTER_BAND
        for x in self.cut_x():
            marks += _mark(x, self.top - offset, 0, -1, top_len)
            marks += _mark(x, bottom + offset, 0, 1, bottom_len)
        left_len = self.left - offset - SAFE_EDGE
        right = self.left + self.block_w
        right_len = self.page_w - right - offset - SAFE_EDGE
        for y in self.cut_y():
            marks += _mark(self.left - offset, y, -1, 0, left_len)
            marks += _mark(right + offset, y, 1, 0, right_len)
        return marks

    def cut_guides(self) -> list[Line]:
        """Optional thin dashed lines across the whole sheet on every cut line."""
        return ([Line(x, 0, x, self.page_h, GUIDE_STYLE) for x in self.cut_x()]
                + [Line(0, y, self.page_w, y, GUIDE_STYLE) for y in self.cut_y()])

    def back_of(self, x: float, y: float, duplex: str,
                offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float, bool]:
        """Where the back of the piece at (x, y) prints: (x, y, turned 180°)."""
        dx, dy = offset
        if duplex == "long":
            return self.page_w - x - self.card_w + dx, y + dy, False
        if duplex == "short":
            return x + dx, self.page_h - y - self.card_h + dy, True
        raise ValueError(f"duplex {duplex!r}")

    def margins(self) -> Margins:
        """The scale mark and footer in the footer band, below the crop marks: a
        10 mm square where the margin has room, else a 10 mm bar."""
        bottom = self.top + self.block_h
        free = self.page_h - bottom - SAFE_EDGE - self.outer_bleed() - MARK_GAP - MARK_LENGTH
        base = self.page_h - SAFE_EDGE - 0.8
        right = self.page_w - SAFE_EDGE - 1
        if free >= SCALE_SQUARE + 1:
            return Margins((SAFE_EDGE + 1, base - SCALE_SQUARE + 0.5), True, (right, base))
        return Margins((SAFE_EDGE + 1, base - 2.2), False, (right, base))

    def for_count(self, count: int) -> Imposition:
        """The same grid with only the rows (and, for less than a row, the columns)
        ``count`` pieces need, centred again."""
        cols = min(self.cols, max(1, count))
        rows = min(self.rows, max(1, ceil(count / cols)))
        if (cols, rows) == (self.cols, self.rows):
            return self
        return _centred(self.page_w, self.page_h, self.card_w, self.card_h, cols, rows,
                        self.gutter, self.bleed)


def _cuts(start: float, size: float, gutter: float, count: int) -> list[float]:
    if gutter <= EPSILON:
        return [start + i * size for i in range(count + 1)]
    lines = []
    for i in range(count):
        edge = start + i * (size + gutter)
        lines += [edge, edge + size]
    return lines


def _mark(x: float, y: float, ux: int, uy: int, length: float) -> list[Line]:
    length = min(MARK_LENGTH, length)
    if length < 1.5:
        return []
    return [Line(x, y, x + ux * length, y + uy * length, MARK_STYLE)]


def card_size(name: str) -> tuple[float, float]:
    """A named card size, or ``WxH`` in millimetres."""
    if name in CARD_SIZES:
        return CARD_SIZES[name]
    try:
        w, h = (float(v) for v in name.lower().split("x"))
    except ValueError:
        raise InputError(f"card size {name!r}: a name ({', '.join(CARD_SIZES)}) "
                         "or WxH in mm") from None
    if w <= 0 or h <= 0:
        raise InputError(f"card size {name!r}: both sides must be positive")
    return w, h


def impose(page_w: float, page_h: float, card_w: float, card_h: float, *,
           gutter: float = 0.0, bleed: float = 3.0) -> Imposition:
    """As many pieces as fit inside the 6 mm edge, centred on the page."""
    if bleed < 0 or gutter < 0:
        raise InputError("bleed and gutter cannot be negative")
    avail_w, avail_h = page_w - 2 * SAFE_EDGE, page_h - 2 * SAFE_EDGE
    cols = floor((avail_w + gutter + EPSILON) / (card_w + gutter))
    rows = floor((avail_h + gutter + EPSILON) / (card_h + gutter))
    if cols < 1 or rows < 1:
        raise InputError(f"a {card_w:g} × {card_h:g} mm piece does not fit on a "
                         f"{page_w:g} × {page_h:g} mm page inside the 6 mm edge")
    spared = floor((avail_h - FOOTER_BAND + gutter + EPSILON) / (card_h + gutter))
    if rows - spared <= rows // 10:  # room for the footer band costs little: keep it
        rows = spared
    return _centred(page_w, page_h, card_w, card_h, cols, rows, gutter, bleed)


def _centred(page_w: float, page_h: float, card_w: float, card_h: float, cols: int,
             rows: int, gutter: float, bleed: float) -> Imposition:
    block_w = cols * card_w + (cols - 1) * gutter
    block_h = rows * card_h + (rows - 1) * gutter
    top = (page_h - block_h) / 2
    low = page_h - SAFE_EDGE - FOOTER_BAND - block_h  # keep the footer band when it fits
    if top > low >= SAFE_EDGE:
        top = max(SAFE_EDGE, low)
    return Imposition(page_w, page_h, card_w, card_h, cols, rows, gutter, bleed,
                      (page_w - block_w) / 2, top)


# --- pages ------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetOptions:
    duplex: str = "long"  # long, short or none
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_guides: bool = False
    fold: bool = False  # fronts and backs on one page with a fold line


def sheets(pieces: Sequence[Piece], layout: Imposition, options: SheetOptions,
           label: str) -> list[Page]:
    """Pages for ``pieces``: each page of fronts followed by its page of backs."""
    if options.fold:
        return _folded(pieces, layout, options, label)
    pages = []
    has_backs = any(p.back for p in pieces) and options.duplex != "none"
    for start in range(0, len(pieces), layout.per_page):
        batch = pieces[start:start + layout.per_page]
        fitted = layout.for_count(len(batch))
        pages.append(_front_page(batch, fitted, options, label))
        if has_backs:
            pages.append(_back_page(batch, fitted, options, label + " (back)"))
    if any(p.back for p in pieces) and options.duplex == "none":
        backs = [Piece(p.back) for p in pieces if p.back]  # type: ignore[arg-type]
        for start in range(0, len(backs), layout.per_page):
            batch = backs[start:start + layout.per_page]
            pages.append(_front_page(batch, layout.for_count(len(batch)), options,
                                     label + " (backs)"))
    return pages


Box = tuple[float, float, float, float]


def _swap(box: Box, card_w: float, card_h: float, *, sideways: bool, upright: bool) -> Box:
    """A clip box with its left/right (and top/bottom) bleed exchanged."""
    left, up = -box[0], -box[1]
    right, down = box[2] - card_w - left, box[3] - card_h - up
    if sideways:
        left, right = right, left
    if upright:
        up, down = down, up
    return (-left, -up, card_w + left + right, card_h + up + down)


def _placed(art: Art, layout: Imposition, x: float, y: float, box: Box,
            turned: bool = False) -> Group:
    """Art at the trim corner (x, y), clipped to ``box`` (given in page orientation).

    Turned art is drawn rotated 180° about the slot, so its clip is the page box
    seen from the art's side: both pairs of bleeds exchanged.
    """
    w, h = layout.card_w, layout.card_h
    if turned:
        clip = _swap(box, w, h, sideways=True, upright=True)
        return Group((Group(tuple(art(layout.bleed)), clip=clip),), dx=x + w, dy=y + h,
                     rotate=180)
    return Group((Group(tuple(art(layout.bleed)), clip=box),), dx=x, dy=y)


def _front_page(batch: Sequence[Piece], layout: Imposition, options: SheetOptions,
                label: str) -> Page:
    shapes: list = [_placed(p.front, layout, x, y, layout.art_box(x, y))
                    for p, (x, y) in zip(batch, layout.trims(), strict=False)]
    shapes += layout.crop_marks()
    if options.cut_guides:
        shapes += layout.cut_guides()
    return Page(layout.page_w, layout.page_h, shapes, label=label, margins=layout.margins())


def _back_page(batch: Sequence[Piece], layout: Imposition, options: SheetOptions,
               label: str) -> Page:
    """Each back in the slot its front's back lands on, clipped as that slot is."""
    dx, dy = options.back_offset
    shapes: list = []
    for piece, (x, y) in zip(batch, layout.trims(), strict=False):
        if piece.back is None:
            continue
        sx, sy, turned = layout.back_of(x, y, options.duplex)
        shapes.append(_placed(piece.back, layout, sx + dx, sy + dy, layout.art_box(sx, sy),
                              turned))
    return Page(layout.page_w, layout.page_h, shapes, label=label, margins=layout.margins())


def _folded(pieces: Sequence[Piece], layout: Imposition, options: SheetOptions,
            label: str) -> list[Page]:
    """Fronts on the left half, backs mirrored on the right, a fold line between."""
    half = impose(layout.page_w / 2, layout.page_h, layout.card_w, layout.card_h,
                  gutter=layout.gutter, bleed=layout.bleed)
    pages = []
    for start in range(0, len(pieces), half.per_page):
        shapes: list = [Line(layout.page_w / 2, SAFE_EDGE, layout.page_w / 2,
                             layout.page_h - SAFE_EDGE, FOLD_STYLE)]
        for piece, (x, y) in zip(pieces[start:start + half.per_page], half.trims(),
                                 strict=False):
            box = half.art_box(x, y)
            shapes.append(_placed(piece.front, half, x, y, box))
            if piece.back is not None:
                mirrored = _swap(box, half.card_w, half.card_h, sideways=True, upright=False)
                shapes.append(_placed(piece.back, half, layout.page_w - x - half.card_w, y,
                                      mirrored))
        shapes += half.crop_marks()
        shapes += [Line(layout.page_w - m.x1, m.y1, layout.page_w - m.x2, m.y2, m.style)
                   for m in half.crop_marks()]
        pages.append(Page(layout.page_w, layout.page_h, shapes, label=label + " (fold)",
                          margins=half.margins()))
    return pages


def one_up(pieces: Sequence[Piece], size: tuple[float, float], bleed: float,
           label: str) -> list[Page]:
    """Print-shop output: each face on its own page of trim + bleed, with TrimBox and
    BleedBox set, and nothing else on the page."""
    w, h = size
    pages = []
    for piece in pieces:
        for art, side in ((piece.front, ""), (piece.back, " (back)")):
            if art is None:
                continue
            shapes = [Group(tuple(art(bleed)), dx=bleed, dy=bleed)]
            pages.append(Page(w + 2 * bleed, h + 2 * bleed, shapes,
                              trim=(bleed, bleed, w, h), bleed=(0, 0, w + 2 * bleed, h + 2 * bleed),
                              label=label + side, decorate=False))
    return pages


# --- calibration and tiling ---------------------------------------------------------


def calibration_pages(page_w: float, page_h: float, duplex: str, lang: str) -> list[Page]:
    """A front with targets and a back with rulers under them: printed duplex and
    held to the light, the rulers read the back offset (dx, dy) in mm."""
    targets = [(40.0, 40.0), (page_w - 40.0, 40.0), (40.0, page_h - 50.0),
               (page_w - 40.0, page_h - 50.0), (page_w / 2, page_h / 2)]
    front, back = [], []
    for x, y in targets:
        front += _crosshair(x, y)
        bx, by = (page_w - x, y) if duplex == "long" else (x, page_h - y)
        back += _rulers(bx, by)
    title = {"ja": "両面印刷の位置合わせ：裏面の目盛りで表の十字のずれ (mm) を読み、"
                   "--back-offset dx,dy に指定",
             "en": "Duplex calibration: read where the front crosses fall on the back "
                   "rulers (mm) and pass --back-offset dx,dy"}[lang]
    note = Text(page_w / 2, 25, title, 8, anchor="middle")
    return [Page(page_w, page_h, [note, *front], label="duplex calibration (front)"),
            Page(page_w, page_h, back, label="duplex calibration (back)")]


def _crosshair(x: float, y: float) -> list:
    return [Line(x - 8, y, x + 8, y, MARK_STYLE), Line(x, y - 8, x, y + 8, MARK_STYLE)]


def _rulers(x: float, y: float) -> list:
    shapes: list = []
    for step in range(-5, 6):
        long = 2.5 if step % 5 == 0 else 1.5
        shapes.append(Line(x + step, y - long, x + step, y + long, MARK_STYLE))
        shapes.append(Line(x - long, y + step, x + long, y + step, MARK_STYLE))
    for step in (-5, 5):
        shapes.append(Text(x + step, y - 3.5, f"{step:+d}", 5, anchor="middle"))
        shapes.append(Text(x + 4, y + step + 0.8, f"{step:+d}", 5))
    return shapes


@dataclass(frozen=True)
class TileGrid:
    cols: int
    rows: int
    step_w: float
    step_h: float
    view_w: float
    view_h: float

    @property
    def shared_w(self) -> float:
        """The strip two neighbouring tiles really share (at least the overlap asked)."""
        return self.view_w - self.step_w if self.cols > 1 else 0.0

    @property
    def shared_h(self) -> float:
        return self.view_h - self.step_h if self.rows > 1 else 0.0


def tile_grid(art_w: float, art_h: float, area_w: float, area_h: float,
              overlap: float = 10.0) -> TileGrid:
    cols = max(1, ceil((art_w - overlap) / (area_w - overlap) - EPSILON))
    rows = max(1, ceil((art_h - overlap) / (area_h - overlap) - EPSILON))
    step_w = (art_w - area_w) / (cols - 1) if cols > 1 else 0.0
    step_h = (art_h - area_h) / (rows - 1) if rows > 1 else 0.0
    return TileGrid(cols, rows, step_w, step_h, min(area_w, art_w), min(area_h, art_h))


def tile(shapes: list, art_w: float, art_h: float, page_w: float, page_h: float,
         area: tuple[float, float, float, float], label: str, overlap: float = 10.0
         ) -> list[Page]:
    """Split a large drawing over pages; neighbouring tiles share an ``overlap``
    strip marked with alignment crosses, and each tile names its place."""
    ax, ay, aw, ah = area
    grid = tile_grid(art_w, art_h, aw, ah - 6, overlap)
    pages = []
    for r in range(grid.rows):
        for c in range(grid.cols):
            ox, oy = c * grid.step_w, r * grid.step_h
            view = Group((Group(tuple(shapes), dx=-ox, dy=-oy),), dx=ax, dy=ay + 6,
                         clip=(0, 0, grid.view_w, grid.view_h))
            marks = _tile_marks(c, r, grid, ax, ay + 6)
            name = f"tile {chr(65 + r)}{c + 1} of {grid.rows} × {grid.cols}"
            heading = Text(ax, ay + 3.5, f"{label} — {name}", FOOTER_SIZE + 1)
            pages.append(Page(page_w, page_h, [view, *marks, heading],
                              label=f"{label} {chr(65 + r)}{c + 1}"))
    return pages


def _tile_marks(c: int, r: int, grid: TileGrid, x0: float, y0: float) -> list:
    """Crosses in the middle of each overlap strip, where the neighbour has them too."""
    marks = []
    w, h, sw, sh = grid.view_w, grid.view_h, grid.shared_w, grid.shared_h
    if c > 0:
        marks += _crosshair(x0 + sw / 2, y0 + h / 2)
    if c < grid.cols - 1:
        marks += _crosshair(x0 + w - sw / 2, y0 + h / 2)
        marks.append(Rect(x0 + w - sw, y0, sw, h, GUIDE_STYLE))
    if r > 0:
        marks += _crosshair(x0 + w / 2, y0 + sh / 2)
    if r < grid.rows - 1:
        marks += _crosshair(x0 + w / 2, y0 + h - sh / 2)
        marks.append(Rect(x0, y0 + h - sh, w, sh, GUIDE_STYLE))
    return marks
