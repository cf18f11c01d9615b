"""Packing: pieces of several sizes share sheets, and never on more paper than
imposing each size alone would take."""

from __future__ import annotations

from math import ceil, floor

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.impose import FOOTER_BAND, MARK_REACH, Piece, impose
from pnp.pack import Lot, pack
from pnp.paper import SAFE_EDGE

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _lot(size: tuple[float, float], count: int, colour: str = "") -> Lot:
    return Lot(tuple(Piece(lambda bleed: [], name=f"p{i}", colour=colour)
                     for i in range(count)), size)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(PAPERS)), st.floats(15, 95), st.floats(15, 125),
       st.integers(1, 60), st.sampled_from([0.0, 3.0]))
def test_a_packed_lot_takes_no_more_sheets_than_its_imposition(paper, w, h, count, bleed):
    """As many a sheet as imposing gives with the marks' room on every side and the
    footer's band kept (imposing may also give the band up: poker cards on Letter)."""
    page_w, page_h = PAPERS[paper]
    layout = impose(page_w, page_h, w, h, bleed=bleed)
    roomy = (floor((page_w - 2 * SAFE_EDGE - 2 * MARK_REACH + 1e-6) / w)
             * floor((page_h - 2 * SAFE_EDGE - FOOTER_BAND - 2 * MARK_REACH + 1e-6) / h))
    per_sheet = min(layout.per_page, roomy) if roomy else layout.per_page
    sheets = pack([_lot((w, h), count)], page_w, page_h, bleed=bleed)
    assert len(sheets) <= ceil(count / per_sheet)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PAPERS)), st.lists(st.tuples(
    st.floats(15, 90), st.floats(15, 120), st.integers(1, 20)), min_size=1, max_size=4))
def test_packed_blocks_stay_inside_the_page_and_apart(paper, lots):
    """Every block with its room for bleed and marks lies within the 6 mm edge, and
    no two blocks' rooms overlap on a sheet."""
    page_w, page_h = PAPERS[paper]
    sheets = pack([_lot((w, h), n) for w, h, n in lots], page_w, page_h)
    for blocks in sheets:
        boxes = []
        for layout, placed in blocks:
            assert placed
            left, top, right, bottom = layout.rooms()
            box = (layout.left - left, layout.top - top, layout.left + layout.block_w + right,
                   layout.top + layout.block_h + bottom)
            assert box[0] >= SAFE_EDGE - 1e-6 and box[1] >= SAFE_EDGE - 1e-6
            assert box[2] <= page_w - SAFE_EDGE + 1e-6 and box[3] <= page_h - SAFE_EDGE + 1e-6
            assert min(left, top, right, bottom) >= 3.0 - 1e-6  # a mark's gap and length
            boxes.append(box)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or \
                    a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


def test_the_majin_pieces_fill_what_the_cards_leave():
    """81 corridor tiles (three floors), 44 money cards, the summary and 5 tokens: five
    A4 sheets, where the tiles alone took two and the rest four."""
    tiles = [_lot((30.0, 30.0), n, f"B{f}F") for f, n in ((1, 27), (2, 27), (3, 27))]
    rest = [_lot((44.0, 63.0), 44), _lot((148.0, 105.0), 1), _lot((20.0, 20.0), 5)]
    merged = Lot(tuple(p for lot in tiles for p in lot.pieces), (30.0, 30.0))
    assert len(pack([merged, *rest], 210.0, 297.0)) == 5
