"""Imposition geometry: counts, positions, marks, duplex mirroring, tiling."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InputError
from pnp.impose import (
    CARD_SIZES,
    FOOTER_BAND,
    GUIDE_STYLE,
    MARK_STYLE,
    Piece,
    SheetOptions,
    card_size,
    impose,
    sheets,
)
from pnp.paper import PAPERS, SAFE_EDGE
from pnp.tiling import spans, tiles

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


@pytest.mark.parametrize(("page", "name", "grid"), [
    (A4, "meishi", (2, 5)), (LETTER, "meishi", (2, 4)),
    (A4, "poker", (3, 3)), (LETTER, "poker", (3, 3)),
])
def test_the_counts_printing_md_promises(page, name, grid):
    layout = impose(*page, *CARD_SIZES[name])
    assert (layout.cols, layout.rows) == grid


def test_named_and_custom_sizes():
    assert card_size("bridge") == (57.15, 88.9)
    assert card_size("30x40") == (30.0, 40.0)
    with pytest.raises(InputError, match="card size 'huge'"):
        card_size("huge")
    with pytest.raises(InputError, match="does not fit"):
        impose(*A4, 300, 10)


@given(st.sampled_from(list(PAPERS.values())), st.sampled_from(sorted(CARD_SIZES)),
       st.sampled_from([0.0, 2.0, 4.0]), st.sampled_from([0.0, 3.0]))
def test_pieces_stay_inside_the_6mm_edge_and_never_overlap(paper, name, gutter, bleed):
    layout = impose(paper.width, paper.height, *CARD_SIZES[name], gutter=gutter, bleed=bleed)
    trims = layout.trims()
    for x, y in trims:
        assert x >= SAFE_EDGE - 1e-9 and y >= SAFE_EDGE - 1e-9
        assert x + layout.card_w <= paper.width - SAFE_EDGE + 1e-9
        assert y + layout.card_h <= paper.height - SAFE_EDGE + 1e-9
    for i, (ax, ay) in enumerate(trims):
        for bx, by in trims[i + 1:]:
            assert (abs(ax - bx) >= layout.card_w - 1e-9 or abs(ay - by) >= layout.card_h - 1e-9)


@given(st.sampled_from(list(PAPERS.values())), st.sampled_from(sorted(CARD_SIZES)),
       st.sampled_from([0.0, 3.0]))
def test_crop_marks_lie_outside_the_bleed_and_the_edge_and_are_thick_enough(paper, name, bleed):
    layout = impose(paper.width, paper.height, *CARD_SIZES[name], bleed=bleed)
    outer = layout.outer_bleed()
    right = layout.left + layout.block_w
    bottom = layout.top + layout.block_h
    assert MARK_STYLE.width >= 0.25 * 25.4 / 72
    for mark in layout.crop_marks():
        if mark.style == GUIDE_STYLE:  # a full-length guide where no mark fits (may cross)
            continue
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert SAFE_EDGE - 1e-9 <= x <= paper.width - SAFE_EDGE + 1e-9
            assert SAFE_EDGE - 1e-9 <= y <= paper.height - SAFE_EDGE + 1e-9
            if mark.x1 == mark.x2 and y > bottom:  # marks below the pieces leave the footer band
                assert y <= paper.height - SAFE_EDGE - FOOTER_BAND + 1e-9
            outside = (x <= layout.left - outer + 1e-9 or x >= right + outer - 1e-9
                       or y <= layout.top - outer + 1e-9 or y >= bottom + outer - 1e-9)
            assert outside


def test_crop_marks_sit_on_every_cut_line():
    layout = impose(*A4, 63, 88)
    cuts_x = {round(x, 3) for x in layout.cut_x()}
    vertical = {round(m.x1, 3) for m in layout.crop_marks() if m.x1 == m.x2}
    assert vertical == cuts_x and len(cuts_x) == 4


@given(st.sampled_from([A4, LETTER]), st.sampled_from(sorted(CARD_SIZES)),
       st.floats(-3, 3), st.floats(-3, 3))
def test_duplex_mirror_math(page, name, dx, dy):
    layout = impose(*page, *CARD_SIZES[name])
    for x, y in layout.trims():
        bx, by, turned = layout.back_of(x, y, "long", (dx, dy))
        assert not turned
        assert bx == pytest.approx(page[0] - x - layout.card_w + dx)
        assert by == pytest.approx(y + dy)
        sx, sy, turned = layout.back_of(x, y, "short")
        assert turned and (sx, sy) == pytest.approx((x, page[1] - y - layout.card_h))


def art(bleed):
    return []


def test_sheets_put_each_page_of_backs_after_its_fronts():
    layout = impose(*A4, 63, 88)
    pieces = [Piece(art, art)] * 11
    pages = sheets(pieces, layout, SheetOptions(), "cards")
    assert [p.label for p in pages] == ["cards", "cards (back)"] * 2
    none = sheets(pieces, layout, SheetOptions(duplex="none"), "cards")
    assert [p.label for p in none] == ["cards", "cards", "cards (backs)", "cards (backs)"]
    folded = sheets(pieces, layout, SheetOptions(fold=True), "cards")
    assert all("(fold)" in p.label for p in folded)


def test_a_partial_page_uses_only_the_rows_it_needs():
    layout = impose(*A4, 13, 13)
    assert layout.for_count(28).rows == 2 and layout.for_count(28).cols == layout.cols
    assert (layout.for_count(3).cols, layout.for_count(3).rows) == (3, 1)
    assert layout.for_count(layout.per_page) is layout


def test_tiles_cover_the_art_with_the_overlap_and_seams_on_grid_lines():
    layout = tiles(412, 287, 277, 172, overlap=10, grid=((6, 25), (6, 25)))
    assert (len(layout), len(layout[0])) == (2, 2)
    xs = [t.x for t in layout[0]]
    assert xs[0][0] == 0 and xs[-1][1] == 412
    for (_, end), (start, _) in itertools.pairwise(xs):
        assert end - start == pytest.approx(10)  # the glue strip
        assert (end - 6) / 25 == pytest.approx(round((end - 6) / 25))  # a seam on a grid line
    assert all(b - a <= 277 + 1e-9 for a, b in xs)


@given(st.floats(50, 2000), st.floats(60, 300), st.floats(5, 20))
def test_spans_cover_any_length_within_the_room(length, room, overlap):
    found = spans(length, room, overlap, (6.0, 15.0))
    assert found[0][0] == 0 and found[-1][1] == pytest.approx(length)
    for a, b in found:
        assert 0 < b - a <= room + 1e-9
    for (_, end), (start, _) in itertools.pairwise(found):
        assert end - start == pytest.approx(overlap)


def _page_extent(group) -> tuple[float, float, float, float]:
    """Where a placed piece's clipped art lies on the page: x0, y0, x1, y1."""
    inner = group.items[0]
    cx, cy, cw, ch = inner.clip
    if group.rotate == 180:
        return (group.dx - cx - cw, group.dy - cy - ch, group.dx - cx, group.dy - cy)
    return (group.dx + cx, group.dy + cy, group.dx + cx + cw, group.dy + cy + ch)


def _art(colour):
    return lambda bleed: [colour]


@pytest.mark.parametrize("options", [SheetOptions("long"), SheetOptions("short"),
                                     SheetOptions("long", fold=True),
                                     SheetOptions("none")])
@pytest.mark.parametrize("gutter", [0.0, 2.0])
def test_no_piece_art_reaches_into_another_piece_on_fronts_or_backs(options, gutter):
    """Every piece's art (its bleed included) stays out of every other piece's trim,
    fronts and backs, a partial page too; and the pieces beside an empty slot of the
    partial row bleed into it in full (an outer edge, cut like any other)."""
    layout = impose(*A4, 63, 88, gutter=gutter, bleed=3.0)
    pieces = [Piece(_art("f"), _art("b"))] * 7  # a partial page as well
    for page in sheets(pieces, layout, options, "cards"):
        extents = [_page_extent(s) for s in page.shapes if hasattr(s, "items")]
        assert extents
        trims = [(x, y, x + w, y + h) for x, y, w, h in page.trims]
        for art in extents:
            assert art[0] >= SAFE_EDGE - 1e-6 and art[2] <= page.width - SAFE_EDGE + 1e-6
            inside = [t for t in trims if art[0] <= t[0] + 1e-6 and t[2] <= art[2] + 1e-6
                      and art[1] <= t[1] + 1e-6 and t[3] <= art[3] + 1e-6]
            for trim in trims:
                if trim in inside[:1]:
                    continue
                overlap_w = min(art[2], trim[2]) - max(art[0], trim[0])
                overlap_h = min(art[3], trim[3]) - max(art[1], trim[1])
                assert overlap_w <= 1e-6 or overlap_h <= 1e-6, (art, trim)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_partial_row_bleeds_into_its_empty_slots(duplex):
    """Seven cards on a 3 × 3 sheet: the seventh bleeds in full towards the empty slot
    beside it, the two above the empty slots bleed down into them — fronts and backs
    (mirrored across the long edge)."""
    layout = impose(*A4, 63, 88, bleed=3.0)
    front, back = sheets([Piece(_art("f"), _art("b"))] * 7, layout, SheetOptions(duplex),
                         "cards")
    for page in (front, back) if duplex == "long" else (front,):  # short: the row on top
        extents = [_page_extent(s) for s in page.shapes if hasattr(s, "items")]
        bottom = max(y + h for _x, y, _w, h in page.trims)
        beside, above = 0, 0
        for (x0, _y0, x1, y1), (x, y, w, h) in zip(extents, page.trims, strict=True):
            inner_row = y + h < bottom - 1e-6
            beside += not inner_row and max(x - x0, x1 - x - w) >= 3 - 1e-6
            above += inner_row and y1 - y - h >= 3 - 1e-6
        assert beside == 1 and above == 2, page.label


def _box_of(shape, measure) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a decoration shape (rotated footer text included)."""
    from pnp.paper import ASCENT, DESCENT
    from pnp.shapes import Group, Line, Rect, Text

    if isinstance(shape, Line):
        return (min(shape.x1, shape.x2), min(shape.y1, shape.y2),
                max(shape.x1, shape.x2), max(shape.y1, shape.y2))
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Group):  # text reading upwards from (dx, dy)
        (text,) = shape.items
        return (shape.dx - ASCENT, shape.dy - measure(text.text, text.size),
                shape.dx + DESCENT, shape.dy)
    assert isinstance(shape, Text)
    width = measure(shape.text, shape.size)
    x0 = shape.x - width if shape.anchor == "end" else shape.x
    return x0, shape.y - ASCENT, x0 + width, shape.y + DESCENT


@given(st.sampled_from(list(PAPERS.values())), st.sampled_from(sorted(CARD_SIZES)),
       st.booleans(), st.sampled_from([0.0, 3.0]))
def test_the_scale_mark_and_footer_never_touch_a_piece_or_a_mark(paper, name, landscape,
                                                                 bleed):
    """On any paper, in either orientation: the footer and the scale mark keep clear of
    every piece with its bleed and of every crop mark by 0.3 mm at least (a generous
    width for the text: the longest footer the project prints)."""
    from pnp.impose import page_margins
    from pnp.paper import decoration

    w, h = (paper.height, paper.width) if landscape else (paper.width, paper.height)
    try:
        layout = impose(w, h, *CARD_SIZES[name], bleed=bleed)
    except InputError:
        return
    footer = ("魔人ダンジョン — the 魔人 dungeon card game · majin · 12/12 · two-sided, "
              "short-edge flip · pnp-companion 0.1.0")

    def measure(text: str, size: float) -> float:
        return sum(2.0 if ord(ch) > 0x2E80 else 1.3 for ch in text) * size / 6.5

    margins = page_margins(w, h, [layout])
    trims = layout.trims()
    bleeds = layout.outer_bleeds()
    pieces = [(x - bleeds[0], y - bleeds[1], x + layout.card_w + bleeds[2],
               y + layout.card_h + bleeds[3]) for x, y in trims]
    marks = [(min(m.x1, m.x2) - 0.3, min(m.y1, m.y2) - 0.3, max(m.x1, m.x2) + 0.3,
              max(m.y1, m.y2) + 0.3) for m in layout.crop_marks() if m.style == MARK_STYLE]
    for shape in decoration(margins, footer, "en", measure):
        x0, y0, x1, y1 = _box_of(shape, measure)
        assert x0 >= SAFE_EDGE - 1e-6 and x1 <= w - SAFE_EDGE + 1e-6, (name, shape)
        assert y0 >= SAFE_EDGE - 1e-6 and y1 <= h - SAFE_EDGE + 1e-6, (name, shape)
        for bx0, by0, bx1, by1 in pieces + marks:
            assert not (x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1), (name, shape)


@settings(max_examples=200, deadline=None)
@given(st.floats(10, 300), st.floats(10, 300), st.sampled_from([(210.0, 297.0), (297.0, 210.0),
                                                               (215.9, 279.4), (279.4, 215.9)]))
def test_a_whole_page_drawing_keeps_the_edges_and_the_footer_clear(width, height, page):
    """A drawing as large as a page: inside the 6 mm edges; in the usable area, or out to
    the side edges above the footer's band, or (the footer up the sides) with side
    margins wide enough for it — and never where none of these holds."""
    from pnp.impose import SIDE_BAND, whole_page
    from pnp.paper import usable

    page_w, page_h = page
    found = whole_page(width, height, page_w, page_h)
    _x, top, _w, room_h = usable(page_w, page_h)
    if found is None:
        assert width > page_w - 12 - 2 * SIDE_BAND or height > page_h - 12 or (
            width > page_w - 12 and height > room_h)
        return
    x, y, margins = found
    assert x >= 6 - 1e-6 and y >= 6 - 1e-6
    assert x + width <= page_w - 6 + 1e-6 and y + height <= page_h - 6 + 1e-6
    if margins is None:
        assert y + height <= top + room_h + 1e-6  # the footer's band below stays free
    else:
        left, right, _spans = margins.along
        assert left - 6 >= SIDE_BAND - 1 and page_w - 6 - right >= SIDE_BAND - 1
