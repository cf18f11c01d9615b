"""Imposition: placing cards and tiles on paper, and the marks to cut them by.

* :func:`impose` fits as many pieces per page as the paper allows inside the
  6 mm edge while leaving room for crop marks on all four sides (zero gutter
  with shared cut lines, or a gutter), centred above the footer band.
* :class:`Imposition` is one block of same-size pieces: every trim position,
  the crop marks on every side of every cut line (outside the bleed, never
  inside the 6 mm edge), optional full-length cut guides, and where the back
  of each piece goes for long-edge or short-edge duplex.
* :func:`sheets` turns a list of pieces into pages: fronts, then backs (duplex),
  or both on one page with a fold line (fold-and-glue); :func:`spread_pages`
  does the same for pages holding several blocks (see :mod:`pnp.pack`).
* :func:`one_up` makes print-shop pages with TrimBox and BleedBox.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from math import ceil, floor, isfinite

from companion.errors import InputError
from pnp.paper import FOOTER_DESCENT, SAFE_EDGE, SCALE_SQUARE, usable
from pnp.shapes import Form, Group, Line, Margins, Page, Style

CARD_SIZES = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "bridge-jp": (58.0, 89.0),  # the bridge size of Japanese card printers
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "meishi": (91.0, 55.0),
    "business-us": (88.9, 50.8),
    "tcg": (59.0, 86.0),
    "tile": (27.0, 36.0),  # a mahjong tile: JongRogue's compact deck
}
MARK_STYLE = Style(width=0.15)  # 0.43 pt: more than the 0.25 pt minimum
GUIDE_STYLE = Style(stroke="#808080", width=0.1, dash=(1.0, 1.5))
FOLD_STYLE = Style(stroke="#808080", width=0.2, dash=(3.0, 2.0))
MARK_LENGTH = 5.0
MIN_MARK = 2.0  # the shortest mark printed: a ruler still finds it
MARK_GAP = 1.0  # between the bleed and the start of a mark
MARK_REACH = MARK_GAP + MIN_MARK  # the least room outside a block that carries marks
FOOTER_BAND = 3.5  # kept free of marks above the bottom 6 mm edge, for the footer
FOOTER_CLEAR = 1.2  # more between the marks below a block and the footer's tallest glyphs
EPSILON = 1e-6

#: A piece: draws its front (and back) at the trim origin, art reaching ``bleed``
#: beyond the trim on every side.
Art = Callable[[float], list]
#: Room outside a block: left, top, right, bottom (mm).
Sides = tuple[float, float, float, float]


@dataclass(frozen=True)
class Piece:
    front: Art
    back: Art | None = None
    name: str = ""
    #: The colour its art shows at the cut (a token's colour, a back by floor): pieces
    #: of different colours never share a cut line, so a slight miscut never shows a
    #: neighbour's colour ("": one colour with all the others).
    colour: str = ""


@dataclass(frozen=True)
class Imposition:
    """A block of ``cols`` × ``rows`` pieces with its top-left trim at (left, top).

    ``room`` is the space around the block that its bleed and marks may use
    (left, top, right, bottom); by default it reaches the page's 6 mm edge, less
    the footer band below. Marks come first: the outer bleed gets what the
    shortest mark leaves.
    """

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
    room: Sides | None = None

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

    def rooms(self) -> Sides:
        if self.room is not None:
            return self.room
        return (self.left - SAFE_EDGE, self.top - SAFE_EDGE,
                self.page_w - SAFE_EDGE - self.left - self.block_w,
                self.page_h - SAFE_EDGE - FOOTER_BAND - self.top - self.block_h)

    def outer_bleeds(self) -> Sides:
        """The bleed beyond the outer trims on each side."""
        return tuple(_bleed_within(room, self.bleed) for room in self.rooms())  # type: ignore[return-value]

    def outer_bleed(self) -> float:
        return min(self.outer_bleeds())

    def mark_lengths(self) -> Sides:
        """How long the marks on each side are (0: no room for a mark); the marks below
        stop short of the footer's line, so its words never touch them."""
        left, top, right, bottom = (_mark_length(room, bleed) for room, bleed
                                    in zip(self.rooms(), self.outer_bleeds(), strict=True))
        if bottom > 0:
            bottom = max(MIN_MARK, bottom - FOOTER_CLEAR)
        return left, top, right, bottom

    def inner_bleed(self) -> float:
        return min(self.bleed, self.gutter / 2)

    def art_box(self, x: float, y: float, occupied: set[tuple[float, float]] | None = None
                ) -> tuple[float, float, float, float]:
        """Where a piece's art may reach, relative to its trim corner: the outer bleed
        at the block's edges, half the gutter between pieces, and the whole bleed
        towards a slot left empty (the last, partial row), which is an outer edge too.
        ``occupied``: the trim corners that hold a piece (None: every slot)."""
        outer, inner = self.outer_bleeds(), self.inner_bleed()
        first_col = abs(x - self.left) < EPSILON
        last_col = abs(x + self.card_w - self.left - self.block_w) < EPSILON
        first_row = abs(y - self.top) < EPSILON
        last_row = abs(y + self.card_h - self.top - self.block_h) < EPSILON
        step_x, step_y = self.card_w + self.gutter, self.card_h + self.gutter

        def empty(nx: float, ny: float) -> bool:
            return occupied is not None and not any(
                abs(nx - ox) < EPSILON and abs(ny - oy) < EPSILON for ox, oy in occupied)

        left = outer[0] if first_col else self.bleed if empty(x - step_x, y) else inner
        right = outer[2] if last_col else self.bleed if empty(x + step_x, y) else inner
        up = outer[1] if first_row else self.bleed if empty(x, y - step_y) else inner
        down = outer[3] if last_row else self.bleed if empty(x, y + step_y) else inner
        return (-left, -up, self.card_w + left + right, self.card_h + up + down)

    def crop_marks(self) -> list[Line]:
        """A mark at both ends of every cut line, outside the bleed; where neither
        end has room (poker cards on Letter), a full-length cut guide instead."""
        bleeds, lengths = self.outer_bleeds(), self.mark_lengths()
        right, bottom = self.left + self.block_w, self.top + self.block_h
        marks = []
        if lengths[1] <= 0 and lengths[3] <= 0:
            marks += [Line(x, 0, x, self.page_h, GUIDE_STYLE) for x in self.cut_x()]
        if lengths[0] <= 0 and lengths[2] <= 0:
            marks += [Line(0, y, self.page_w, y, GUIDE_STYLE) for y in self.cut_y()]
        for x in self.cut_x():
            marks += _mark(x, self.top - bleeds[1] - MARK_GAP, 0, -1, lengths[1])
            marks += _mark(x, bottom + bleeds[3] + MARK_GAP, 0, 1, lengths[3])
        for y in self.cut_y():
            marks += _mark(self.left - bleeds[0] - MARK_GAP, y, -1, 0, lengths[0])
            marks += _mark(right + bleeds[2] + MARK_GAP, y, 1, 0, lengths[2])
        return marks

    def reach_below(self) -> float:
        """How far below the block its bleed and marks go."""
        return self.top + self.block_h + self.outer_bleeds()[3] + MARK_GAP + self.mark_lengths()[3]

    def reach_above(self) -> float:
        """How far above the block its bleed and marks go."""
        return self.top - self.outer_bleeds()[1] - MARK_GAP - self.mark_lengths()[1]

    def cut_guides(self) -> list[Line]:
        """Optional thin dashed lines across the whole sheet on every cut line."""
        return ([Line(x, 0, x, self.page_h, GUIDE_STYLE) for x in self.cut_x()]
                + [Line(0, y, self.page_w, y, GUIDE_STYLE) for y in self.cut_y()])

    def back_of(self, x: float, y: float, duplex: str,
                offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float, bool]:
        """Where the back of the piece at (x, y) prints: (x, y, turned 180°)."""
        return behind((x, y, self.card_w, self.card_h), self.page_w, self.page_h, duplex,
                      offset)

    def mirrored(self, duplex: str) -> Imposition:
        """The block as it lies on the back of the sheet."""
        l_, t, r, b = self.rooms()
        if duplex == "long":
            return replace(self, left=self.page_w - self.left - self.block_w, room=(r, t, l_, b))
        return replace(self, top=self.page_h - self.top - self.block_h, room=(l_, b, r, t))

    def margins(self) -> Margins:
        return page_margins(self.page_w, self.page_h, [self])

    def for_count(self, count: int) -> Imposition:
        """The same grid with only the rows (and, for less than a row, the columns)
        ``count`` pieces need, centred again."""
        cols = min(self.cols, max(1, count))
        rows = min(self.rows, max(1, ceil(count / cols)))
        if (cols, rows) == (self.cols, self.rows) or self.room is not None:
            return self
        return _centred(self.page_w, self.page_h, self.card_w, self.card_h, cols, rows,
                        self.gutter, self.bleed)


def behind(box: tuple[float, float, float, float], page_w: float, page_h: float,
           duplex: str, offset: tuple[float, float] = (0.0, 0.0)
           ) -> tuple[float, float, bool]:
    """Where the back of the box (x, y, w, h) prints on the next page: (x, y, turned
    180°) — mirrored across the page for a long-edge flip, up and down and turned
    for a short-edge one; moved by the printer's back offset."""
    x, y, w, h = box
    dx, dy = offset
    if duplex == "long":
        return page_w - x - w + dx, y + dy, False
    if duplex == "short":
        return x + dx, page_h - y - h + dy, True
    raise ValueError(f"duplex {duplex!r}")


def _bleed_within(room: float, bleed: float) -> float:
    if room >= MARK_REACH:
        return max(0.0, min(bleed, room - MARK_REACH))
    return max(0.0, min(bleed, room))


def _mark_length(room: float, bleed: float) -> float:
    length = min(MARK_LENGTH, room - bleed - MARK_GAP)
    return length if length >= MIN_MARK - EPSILON else 0.0


def page_margins(page_w: float, page_h: float, blocks: Sequence[Imposition]) -> Margins:
    """The scale mark and footer below every block's marks: a 10 mm square where
    the margin has room, else a 10 mm bar; where the pieces take the bottom band
    (poker cards on Letter), up the side margins, between the crop marks."""
    lowest = max((block.reach_below() for block in blocks), default=0.0)
    free = page_h - SAFE_EDGE - lowest
    base = page_h - SAFE_EDGE - FOOTER_DESCENT
    right = page_w - SAFE_EDGE - 1
    if free >= SCALE_SQUARE + 1:
        return Margins((SAFE_EDGE + 1, base - SCALE_SQUARE), True, (right, base))
    if free >= FOOTER_BAND - EPSILON:
        return Margins((SAFE_EDGE + 1, base - 2.2), False, (right, base))
    highest = min(block.reach_above() for block in blocks)
    if highest - SAFE_EDGE >= SCALE_SQUARE + 1:  # the bottom is taken, the top free (a back)
        return Margins((SAFE_EDGE + 1, SAFE_EDGE), True, (right, SAFE_EDGE + SCALE_SQUARE))
    return Margins((SAFE_EDGE + 1, base - 2.2), False, (right, base),
                   along=_side_bands(page_w, page_h, blocks))


def whole_page(width: float, height: float, page_w: float, page_h: float
               ) -> tuple[float, float, Margins | None] | None:
    """Where a drawing as large as a page goes (its top-left, and the margins when they
    are not the standard ones): in the middle of the usable area; too wide for it,
    between the 6 mm side edges above the footer; too tall, between the 6 mm edges
    top and bottom, the scale mark and footer up its side margins. None: no room."""
    x, y, room_w, room_h = usable(page_w, page_h)
    if width <= room_w + EPSILON and height <= room_h + EPSILON:
        return x + (room_w - width) / 2, y + (room_h - height) / 2, None
    wide = page_w - 2 * SAFE_EDGE
    if width <= wide + EPSILON and height <= room_h + EPSILON:
        return SAFE_EDGE + (wide - width) / 2, y + (room_h - height) / 2, None
    tall, left = page_h - 2 * SAFE_EDGE, (page_w - width) / 2
    if height > tall + EPSILON or left - SAFE_EDGE < SIDE_BAND:
        return None
    base = page_h - SAFE_EDGE - FOOTER_DESCENT
    along = (left - SIDE_CLEAR, left + width + SIDE_CLEAR, ((SAFE_EDGE, page_h - SAFE_EDGE),))
    margins = Margins((SAFE_EDGE + 1, base - 2.2), False, (page_w - SAFE_EDGE - 1, base),
                      along=along)
    return left, SAFE_EDGE + (tall - height) / 2, margins


#: Clearance between the bleed and the words in the side margin, and between a crop
#: mark and the words along it.
SIDE_CLEAR, MARK_CLEAR = 0.8, 2.5


def _side_bands(page_w: float, page_h: float, blocks: Sequence[Imposition]
                ) -> tuple[float, float, tuple[tuple[float, float], ...]]:
    """The side margins outside every block's bleed, and the spans between the
    horizontal cut lines (where the side marks are) along them."""
    left = min(b.left - b.outer_bleeds()[0] for b in blocks) - SIDE_CLEAR
    right = max(b.left + b.block_w + b.outer_bleeds()[2] for b in blocks) + SIDE_CLEAR
    cuts = sorted({y for b in blocks for y in b.cut_y()})
    edges = [SAFE_EDGE, *cuts, page_h - SAFE_EDGE]
    spans = tuple((a + MARK_CLEAR, b - MARK_CLEAR)
                  for a, b in itertools.pairwise(edges) if b - a > 4 * MARK_CLEAR)
    return left, right, spans


def _cuts(start: float, size: float, gutter: float, count: int) -> list[float]:
    if gutter <= EPSILON:
        return [start + i * size for i in range(count + 1)]
    lines = []
    for i in range(count):
        edge = start + i * (size + gutter)
        lines += [edge, edge + size]
    return lines


def _mark(x: float, y: float, ux: int, uy: int, length: float) -> list[Line]:
    if length <= 0:
        return []
    return [Line(x, y, x + ux * length, y + uy * length, MARK_STYLE)]


#: Other names people use for the named sizes.
CARD_ALIASES = {"us-business": "business-us"}


def card_size(name: str) -> tuple[float, float]:
    """A named card size, or ``WxH`` in millimetres."""
    name = CARD_ALIASES.get(name, name)
    if name in CARD_SIZES:
        return CARD_SIZES[name]
    try:
        w, h = (float(v) for v in name.lower().split("x"))
    except ValueError:
        raise InputError(f"card size {name!r}: a name ({', '.join(CARD_SIZES)}) "
                         "or WxH in mm") from None
    if not (isfinite(w) and isfinite(h)) or w <= 0 or h <= 0:
        raise InputError(f"card size {name!r}: both sides must be positive numbers")
    return w, h


def impose(page_w: float, page_h: float, card_w: float, card_h: float, *,
           gutter: float = 0.0, bleed: float = 3.0) -> Imposition:
    """As many pieces as fit inside the 6 mm edge with room for marks on every
    side and the footer band, centred above the band.

    **Decision:** where keeping that room would cost more than a quarter of the
    pieces (poker cards on Letter), the pieces come first and the marks go
    where they still fit — if the side margins can take the footer and the
    scale mark instead (``SIDE_BAND``); a piece that fits only without the
    room is printed so too.
    """
    if bleed < 0 or gutter < 0:
        raise InputError("bleed and gutter cannot be negative")
    avail_w, avail_h = page_w - 2 * SAFE_EDGE, page_h - 2 * SAFE_EDGE
    cols = _fit(avail_w - 2 * MARK_REACH, card_w, gutter)
    rows = _fit(avail_h - FOOTER_BAND - 2 * MARK_REACH, card_h, gutter)
    tight_cols, tight_rows = _fit(avail_w, card_w, gutter), _fit(avail_h, card_h, gutter)
    if tight_cols < 1 or tight_rows < 1:
        raise InputError(f"a {card_w:g} × {card_h:g} mm piece does not fit on a "
                         f"{page_w:g} × {page_h:g} mm page inside the 6 mm edge")
    if cols * rows == 0 or (4 * cols * rows < 3 * tight_cols * tight_rows and _side_room(
            page_w, card_w, tight_cols, gutter, bleed) >= SIDE_BAND):
        cols, rows = tight_cols, tight_rows
    return _centred(page_w, page_h, card_w, card_h, cols, rows, gutter, bleed)


#: The side margin the footer needs when the pieces take the bottom band: its words
#: and the scale bar up the side, clear of the bleed.
SIDE_BAND = 4.3


def _side_room(page_w: float, card_w: float, cols: int, gutter: float, bleed: float) -> float:
    """The margin left at each side of a block, outside its bleed and the 6 mm edge."""
    block_w = cols * card_w + (cols - 1) * gutter
    return (page_w - block_w) / 2 - SAFE_EDGE - bleed


def _fit(length: float, size: float, gutter: float) -> int:
    return max(0, floor((length + gutter + EPSILON) / (size + gutter)))


def _centred(page_w: float, page_h: float, card_w: float, card_h: float, cols: int,
             rows: int, gutter: float, bleed: float) -> Imposition:
    block_w = cols * card_w + (cols - 1) * gutter
    block_h = rows * card_h + (rows - 1) * gutter
    free = page_h - 2 * SAFE_EDGE - FOOTER_BAND - block_h
    top = SAFE_EDGE + free / 2 if free >= 0 else (page_h - block_h) / 2
    return Imposition(page_w, page_h, card_w, card_h, cols, rows, gutter, bleed,
                      (page_w - block_w) / 2, top)


# --- pages ------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetOptions:
    duplex: str = "long"  # long, short or none
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_guides: bool = False
    fold: bool = False  # fronts and backs on one page with a fold line


#: One sheet's worth of pieces: each block with the pieces it holds.
Spread = list[tuple[Imposition, Sequence[Piece]]]


def sheets(pieces: Sequence[Piece], layout: Imposition, options: SheetOptions,
           label: str) -> list[Page]:
    """Pages for ``pieces`` laid out in ``layout``'s grid."""
    if options.fold:
        layout = fold_half(layout)
    spreads: list[Spread] = []
    for start in range(0, len(pieces), layout.per_page):
        batch = pieces[start:start + layout.per_page]
        spreads.append([(layout.for_count(len(batch)), batch)])
    return spread_pages(spreads, options, label)


def spread_pages(spreads: Sequence[Spread], options: SheetOptions, label: str) -> list[Page]:
    """Each spread's page of fronts followed by its page of backs (duplex); with
    ``--duplex none`` the backs follow on pages of their own, marked to be cut
    out and glued; with ``--fold`` the backs are mirrored on the same page."""
    if options.fold:
        return [_folded_page(spread, options, label) for spread in spreads]
    fronts = [_front_page(spread, options, label) for spread in spreads]
    backs = [_back_page(spread, options, label) for spread in spreads]
    if options.duplex == "none":
        return fronts + [_marked(back, spread, "long") for back, spread
                         in zip(backs, spreads, strict=True) if back is not None]
    return [page for front, back in zip(fronts, backs, strict=True)
            for page in (front, back) if page is not None]


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


def _fronts(spread: Spread) -> list:
    shapes = []
    for layout, batch in spread:
        filled = layout.trims()[:len(batch)]
        occupied = set(filled)
        shapes += [_placed(piece.front, layout, x, y, layout.art_box(x, y, occupied))
                   for piece, (x, y) in zip(batch, filled, strict=True)]
    return shapes


def _backs(spread: Spread, duplex: str, offset: tuple[float, float]) -> list:
    """Each back in the slot its front's back lands on, clipped as that slot is."""
    dx, dy = offset
    shapes = []
    for layout, batch in spread:
        behind = layout.mirrored(duplex)
        filled = layout.trims()[:len(batch)]
        occupied = {layout.back_of(x, y, duplex)[:2] for x, y in filled}
        for piece, (x, y) in zip(batch, filled, strict=True):
            if piece.back is not None:
                sx, sy, turned = layout.back_of(x, y, duplex)
                shapes.append(_placed(piece.back, behind, sx + dx, sy + dy,
                                      behind.art_box(sx, sy, occupied), turned))
    return shapes


def _marks(spread: Spread, options: SheetOptions) -> list:
    shapes = [mark for layout, _ in spread for mark in layout.crop_marks()]
    if options.cut_guides:
        shapes += _guides(spread)
    return shapes


def _guides(spread: Spread) -> list[Line]:
    """The optional cut guides: across the sheet on every cut line, stopping at any
    piece they would cross (another block's, on a shared sheet) and above the footer."""
    pieces = [(x, y, x + w, y + h) for x, y, w, h in _trims(spread)]
    page_w, page_h = spread[0][0].page_w, spread[0][0].page_h
    floor = page_h - SAFE_EDGE - FOOTER_BAND
    found: list[Line] = []
    for layout, _batch in spread:
        for guide in layout.cut_guides():
            found += _stopped(guide, pieces, page_w, floor)
    return list(dict.fromkeys(found))


def _stopped(guide: Line, pieces: list[tuple[float, float, float, float]], page_w: float,
             floor: float) -> list[Line]:
    """The parts of ``guide`` outside every piece it would cross, above ``floor``."""
    upright = abs(guide.x1 - guide.x2) < EPSILON
    at = guide.x1 if upright else guide.y1
    if not upright and at > floor:
        return []
    blocked = sorted((y0, y1) if upright else (x0, x1) for x0, y0, x1, y1 in pieces
                     if (x0 + EPSILON < at < x1 - EPSILON if upright
                         else y0 + EPSILON < at < y1 - EPSILON))
    start, end, parts = 0.0, floor if upright else page_w, []
    for low, high in blocked:
        if low - start > 1.0:
            parts.append((start, min(low, end)))
        start = max(start, high)
    if end - start > 1.0:
        parts.append((start, end))
    return [Line(at, a, at, b, GUIDE_STYLE) if upright else Line(a, at, b, at, GUIDE_STYLE)
            for a, b in parts if b > a]


def _trims(spread: Spread) -> list[tuple[float, float, float, float]]:
    return [(x, y, layout.card_w, layout.card_h) for layout, batch in spread
            for _, (x, y) in zip(batch, layout.trims(), strict=False)]


def _page_of(spread: Spread, shapes: list, label: str,
             trims: list[tuple[float, float, float, float]] | None = None) -> Page:
    first = spread[0][0]
    return Page(first.page_w, first.page_h, shapes, label=label,
                trims=_trims(spread) if trims is None else trims,
                margins=page_margins(first.page_w, first.page_h, [b for b, _ in spread]))


def _front_page(spread: Spread, options: SheetOptions, label: str) -> Page:
    return _page_of(spread, _fronts(spread) + _marks(spread, options), label)


def _back_page(spread: Spread, options: SheetOptions, label: str) -> Page | None:
    duplex = "long" if options.duplex == "none" else options.duplex
    offset = (0.0, 0.0) if options.duplex == "none" else options.back_offset
    shapes = _backs(spread, duplex, offset)
    if not shapes:
        return None
    behind = [(layout.mirrored(duplex), batch) for layout, batch in spread]
    return _page_of(behind, _sheet_form(shapes), label + " (back)",
                    _back_trims(spread, duplex))


def _back_trims(spread: Spread, duplex: str) -> list[tuple[float, float, float, float]]:
    """Where the backs of a spread's pieces lie: each front's slot, turned over."""
    return [(*layout.back_of(x, y, duplex)[:2], layout.card_w, layout.card_h)
            for layout, batch in spread for x, y in layout.trims()[:len(batch)]]


def _sheet_form(backs: list[Group]) -> list:
    """Backs that are all forms, placed alike on every full sheet (the usual deck),
    become one form of the whole sheet: each further page of backs is one line."""
    slots = []
    for placed in backs:
        (inner,) = placed.items
        if not all(isinstance(art, Form) for art in inner.items):
            return backs
        slots.append((placed.dx, placed.dy, placed.rotate, inner.clip,
                      tuple(art.name for art in inner.items)))
    digest = hashlib.sha1(repr(slots).encode()).hexdigest()[:12]
    return [Form(f"sheet-of-backs-{digest}", tuple(backs))]


def _marked(back: Page, spread: Spread, duplex: str) -> Page:
    """A page of backs printed on its own: it carries its own crop marks."""
    behind = [(layout.mirrored(duplex), batch) for layout, batch in spread]
    marks = [mark for layout, _ in behind for mark in layout.crop_marks()]
    return replace(back, shapes=back.shapes + marks, label=back.label[:-1] + "s)")


def fold_half(layout: Imposition) -> Imposition:
    """The half of the sheet that carries the fronts for fold-and-glue: the left
    half, or the top half where that holds more, on the page turned if that
    holds more still (a card wider than half a portrait page)."""
    w, h = layout.page_w, layout.page_h
    best = None
    for page_w, page_h in ((w, h), (h, w)):
        for half_w, half_h in ((page_w / 2, page_h), (page_w, page_h / 2)):
            try:
                half = impose(half_w, half_h, layout.card_w, layout.card_h,
                              gutter=layout.gutter, bleed=layout.bleed)
            except InputError:
                continue
            if best is None or _fold_rank(half) > _fold_rank(best):
                best = half
    if best is None:
        raise InputError(f"a {layout.card_w:g} × {layout.card_h:g} mm piece is too big to "
                         "fold: half a sheet cannot hold it")
    return best


def _fold_rank(half: Imposition) -> tuple[bool, int]:
    return all(half.mark_lengths()), half.per_page


def _folded_page(spread: Spread, options: SheetOptions, label: str) -> Page:
    """Fronts on one half, backs mirrored across a dashed fold line on the other,
    both halves with their marks; the footer spans the whole page."""
    half = spread[0][0]
    sideways = half.page_h > half.page_w  # the left half of a page: fold down the middle
    page_w, page_h = (half.page_w * 2, half.page_h) if sideways else (half.page_w,
                                                                      half.page_h * 2)
    duplex = "long" if sideways else "short"
    whole = [(replace(layout, page_w=page_w, page_h=page_h, room=layout.rooms()), batch)
             for layout, batch in spread]
    behind = [(layout.mirrored(duplex), batch) for layout, batch in whole]
    fold = (Line(page_w / 2, SAFE_EDGE, page_w / 2, page_h - SAFE_EDGE, FOLD_STYLE) if sideways
            else Line(SAFE_EDGE, page_h / 2, page_w - SAFE_EDGE, page_h / 2, FOLD_STYLE))
    shapes: list = [fold, *_fronts(whole), *_backs(whole, duplex, (0.0, 0.0))]
    shapes += _marks(whole, options) + _marks(behind, options)
    blocks = [b for b, _ in whole + behind]
    return Page(page_w, page_h, shapes, label=label + " (fold)",
                trims=_trims(whole) + _back_trims(whole, duplex),
                margins=page_margins(page_w, page_h, blocks))


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
            named = f"{label}: {piece.name}" if piece.name else label
            pages.append(Page(w + 2 * bleed, h + 2 * bleed, shapes,
                              trim=(bleed, bleed, w, h), bleed=(0, 0, w + 2 * bleed, h + 2 * bleed),
                              label=named + side, decorate=False))
    return pages
