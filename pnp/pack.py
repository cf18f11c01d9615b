"""Packing: the small pieces of a game share sheets.

Pieces come in lots of one size (tokens, tiles, cards). Each lot is laid out
as blocks — grids of shared cut lines with crop marks on every side — and the
blocks are packed into the page by guillotine cuts: a block takes the top-left
corner of a free rectangle and leaves the rest as two smaller ones. Every
order of the lots is tried (a set of a few lots packs in milliseconds) and the
packing with the fewest sheets, then the least paper used on the last, wins;
ties keep the earliest order, so the result is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from math import ceil

from companion.errors import InputError
from pnp.impose import (
    EPSILON,
    FOOTER_BAND,
    MARK_GAP,
    MARK_REACH,
    MIN_MARK,
    Imposition,
    Piece,
    Spread,
)
from pnp.paper import SAFE_EDGE
from pnp.shapes import Group

PACKED_MARK = 3.0  # mm: marks between packed blocks are shorter than on an open page
MAX_ORDERS = 720  # up to six lots every order is tried; beyond, the first 720


@dataclass(frozen=True)
class Lot:
    """Pieces of one trim size, packed in the order given."""

    pieces: tuple[Piece, ...]
    size: tuple[float, float]


Rect = tuple[float, float, float, float]


@dataclass
class _Sheet:
    free: list[Rect]
    blocks: Spread


def pack(lots: Sequence[Lot], page_w: float, page_h: float, *, bleed: float = 3.0,
         gutter: float = 0.0) -> list[Spread]:
    """The fewest sheets that hold every lot, each a list of (block, pieces)."""
    reach = min(bleed, 3.0) + MARK_GAP + max(MIN_MARK, PACKED_MARK)
    lots = [_upright_or_turned(lot, page_w, page_h, reach) for lot in _merged(lots)]
    best: tuple | None = None
    for order in islice(_orders(lots), MAX_ORDERS):
        sheets = _pack_in_order([lots[i] for i in order], page_w, page_h, bleed, gutter, reach)
        score = (len(sheets), _used_height(sheets[-1]))
        if best is None or score < best[0]:
            best = (score, sheets)
    assert best is not None
    return [sheet.blocks for sheet in best[1]]


def _orders(lots: list[Lot]) -> Iterator[tuple[int, ...]]:
    """Every order of the lots that differs in what it packs: lots of one size and
    count (the colours of the tokens) are interchangeable, so among them only the
    order first given is tried."""
    kinds: dict[tuple, list[int]] = {}
    for index, lot in enumerate(lots):
        kinds.setdefault((lot.size, len(lot.pieces)), []).append(index)
    groups = list(kinds.values())
    for arrangement in _distinct(tuple(len(group) for group in groups)):
        taken = [0] * len(groups)
        order = []
        for kind in arrangement:
            order.append(groups[kind][taken[kind]])
            taken[kind] += 1
        yield tuple(order)


def _distinct(counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The distinct sequences holding ``counts[k]`` copies of each kind k, in order."""
    if not any(counts):
        yield ()
        return
    for kind, left in enumerate(counts):
        if left:
            rest = (*counts[:kind], left - 1, *counts[kind + 1:])
            for tail in _distinct(rest):
                yield (kind, *tail)


def _upright_or_turned(lot: Lot, page_w: float, page_h: float, reach: float) -> Lot:
    """A lot too wide for the page but not too tall is turned a quarter, if its
    pieces are one-sided (a long blood pool on big squares); turning a two-sided
    piece would need its back turned to match the flip, so those stay upright."""
    w, h = lot.size
    room_w = page_w - 2 * SAFE_EDGE - 2 * reach
    room_h = page_h - 2 * SAFE_EDGE - FOOTER_BAND - 2 * reach
    fits = w <= room_w + EPSILON and h <= room_h + EPSILON
    fits_turned = h <= room_w + EPSILON and w <= room_h + EPSILON
    if fits or not fits_turned or any(piece.back for piece in lot.pieces):
        return lot
    return Lot(tuple(Piece(_turned(piece.front, h), None, piece.name, piece.colour)
                     for piece in lot.pieces), (h, w))


def _turned(art, height: float):
    """Art turned a quarter clockwise, its trim corner kept at the origin."""
    def turned(bleed: float) -> list:
        return [Group(tuple(art(bleed)), dx=height, rotate=90)]
    return turned


def _merged(lots: Sequence[Lot]) -> list[Lot]:
    """Lots of the same size become one, in the order first seen."""
    by_size: dict[tuple[float, float], list[Piece]] = {}
    for lot in lots:
        by_size.setdefault(lot.size, []).extend(lot.pieces)
    return [Lot(tuple(pieces), size) for size, pieces in by_size.items() if pieces]


#: The gutter between pieces of different colours (a token's colour, a back by floor):
#: each keeps 1 mm of bleed on every side, so a slight miscut never shows a neighbour's.
COLOUR_GUTTER = 2.0


def lot_gutter(pieces: Sequence[Piece], gutter: float) -> float:
    """The gutter a lot's pieces get: the one asked for, at least ``COLOUR_GUTTER``
    where their colours differ."""
    return max(gutter, COLOUR_GUTTER) if len({p.colour for p in pieces}) > 1 else gutter


def _used_height(sheet: _Sheet) -> float:
    return max(layout.top + layout.block_h for layout, _ in sheet.blocks)


def _pack_in_order(lots: list[Lot], page_w: float, page_h: float, bleed: float,
                   gutter: float, reach: float) -> list[_Sheet]:
    area = (SAFE_EDGE, SAFE_EDGE, page_w - 2 * SAFE_EDGE, page_h - 2 * SAFE_EDGE - FOOTER_BAND)
    sheets = [_Sheet([area], [])]
    for lot in lots:
        left = list(lot.pieces)
        while left:
            placed = _place(sheets[-1], lot.size, len(left), page_w, page_h, bleed,
                            lot_gutter(lot.pieces, gutter), reach)
            if placed == 0:
                if not sheets[-1].blocks:
                    w, h = lot.size
                    raise InputError(f"a {w:g} × {h:g} mm piece does not fit on a "
                                     f"{page_w:g} × {page_h:g} mm page with its marks")
                sheets.append(_Sheet([area], []))
                continue
            layout = sheets[-1].blocks[-1][0]
            sheets[-1].blocks[-1] = (layout, tuple(left[:placed]))
            left = left[placed:]
    return sheets


def _place(sheet: _Sheet, size: tuple[float, float], count: int, page_w: float,
           page_h: float, bleed: float, gutter: float, reach: float) -> int:
    """Put a block of up to ``count`` pieces in the first free rectangle that takes
    one; returns how many it holds (0: none fits on this sheet).

    A block gets ``reach`` on every side for its bleed and marks where the
    rectangle has it; where one more row or column fits only with less, the
    block squeezes its outer bleed as a page of one block does (the marks keep
    their shortest length), so packing never holds fewer than imposing."""
    w, h = size
    for index, (fx, fy, fw, fh) in enumerate(sheet.free):
        cols_max = _fit(fw - 2 * MARK_REACH, w, gutter)
        rows_max = _fit(fh - 2 * MARK_REACH, h, gutter)
        if cols_max < 1 or rows_max < 1:
            continue
        cols, rows = _shape(count, cols_max, rows_max, w, h, fw, fh, gutter, reach)
        block_w = cols * w + (cols - 1) * gutter
        block_h = rows * h + (rows - 1) * gutter
        side = min(reach, (fw - block_w) / 2)
        head = min(reach, (fh - block_h) / 2)
        layout = Imposition(page_w, page_h, w, h, cols, rows, gutter, bleed, fx + side,
                            fy + head, room=(side, head, side, head))
        sheet.blocks.append((layout, ()))
        sheet.free[index:index + 1] = _split((fx, fy, fw, fh), block_w + 2 * side,
                                             block_h + 2 * head)
        return min(count, cols * rows)
    return 0


def _shape(count: int, cols_max: int, rows_max: int, w: float, h: float, fw: float,
           fh: float, gutter: float, reach: float) -> tuple[int, int]:
    """The grid for ``count`` pieces in a free rectangle: the one that leaves the
    largest rectangle free (fewest columns on a tie)."""
    best: tuple | None = None
    take = min(count, cols_max * rows_max)
    for cols in range(1, cols_max + 1):
        rows = ceil(take / cols)
        if rows > rows_max:
            continue
        ow = min(fw, cols * w + (cols - 1) * gutter + 2 * reach)
        oh = min(fh, rows * h + (rows - 1) * gutter + 2 * reach)
        left = max((_area(r) for r in _split((0, 0, fw, fh), ow, oh)), default=0.0)
        if best is None or left > best[0] + EPSILON:
            best = (left, cols, rows)
    assert best is not None
    return best[1], best[2]


def _split(rect: Rect, used_w: float, used_h: float) -> list[Rect]:
    """The two rectangles a block in the top-left corner leaves, cut the way that
    keeps the larger of them largest."""
    x, y, w, h = rect
    across = [(x + used_w, y, w - used_w, used_h), (x, y + used_h, w, h - used_h)]
    down = [(x + used_w, y, w - used_w, h), (x, y + used_h, used_w, h - used_h)]
    cut = max((across, down), key=lambda rects: max(_area(r) for r in rects))  # never empty
    return [r for r in cut if r[2] > EPSILON and r[3] > EPSILON]


def _area(rect: Rect) -> float:
    return max(0.0, rect[2]) * max(0.0, rect[3])


def _fit(length: float, size: float, gutter: float) -> int:
    return max(0, int((length + gutter + EPSILON) // (size + gutter)))


def pack_folded(lots: Sequence[Lot], page_w: float, page_h: float, *, bleed: float = 3.0,
                gutter: float = 0.0) -> list[Spread]:
    """Packing for fold-and-glue: the fronts on half a sheet (the left or the top
    half, of the page either way up), whichever takes the fewest sheets."""
    best: list[Spread] | None = None
    for w, h in ((page_w, page_h), (page_h, page_w)):
        for half in ((w / 2, h), (w, h / 2)):
            try:
                spreads = pack(lots, *half, bleed=bleed, gutter=gutter)
            except InputError:
                continue
            if best is None or len(spreads) < len(best):
                best = spreads
    if best is None:
        raise InputError("these pieces are too big to fold: half a sheet cannot hold them")
    return best
