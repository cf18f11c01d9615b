"""The printed Rakugaaki set, opened: board halves, tiles, guards, table and cards."""

from __future__ import annotations

import itertools
import re

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from companion.rakugaaki import board as boards
from companion.rakugaaki import odds
from pnp.build import Options, build_one, context
from pnp.catalog import find
from pnp.components import rakugaaki as rk
from pnp.paper import usable
from tests.pnp.conftest import art_forms, assert_fonts_embedded, needs_poppler
from tests.pnp.conftest import page_texts as texts
from tests.rakugaaki.util import EXAMPLE

PT = 72 / 25.4


def test_one_sided_the_3_4_board_prints_whole_and_the_5_6_board_in_halves(built):
    """Paper economy (issue 24): printed one-sided, a board that fits one landscape page
    prints whole (the 3–4 board at 26 mm), a larger one in its two halves."""
    pages = texts(built("rakugaaki", "board", duplex="none"))
    assert len(pages) == 3
    small, large = boards.shipped("standard-34"), boards.shipped("standard-56")
    found = set(re.findall(r"\b[A-Z]{1,2}[0-9]{1,2}\b", pages[0]))
    assert {boards.name(c) for c in small.cells} <= found
    for half, page in zip(large.halves, pages[1:], strict=True):
        found = set(re.findall(r"\b[A-Z]{1,2}[0-9]{1,2}\b", page))
        assert {boards.name(c) for c in half} <= found
    assert "4人" in pages[0] and "6人" in pages[1] + pages[2]
    assert "オリジナルボード" in pages[0] and "まちかど" in pages[0]
    assert "1/2" not in pages[0]  # whole: no half number


def test_cell_names_are_at_least_2_5_mm_high(built):
    with pdfplumber.open(built("rakugaaki", "board", cell=18.0)) as pdf:
        sizes = {round(c["size"] / PT, 2) for c in pdf.pages[0].chars if c["text"] in "ABCD"}
    assert sizes and min(sizes) >= 2.5


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_requirement_5_each_half_fits_a4_landscape_untiled_at_26_mm(shipped):
    board = boards.shipped(shipped)
    _x, _y, room_w, room_h = usable(297.0, 210.0)
    for _cells, side in rk.halves(board):
        width, height, _shapes = rk.half_drawing(board, side, 26.0, "ja")
        assert width <= room_w and height <= room_h, (side, width, height)


def test_the_halves_interlock_along_one_cut(built):
    board = boards.shipped("standard-56")
    first, second = (rk.outline(board, side, rk.CELL) for side in (1, 2))
    line = rk.join_line(board, rk.CELL)
    assert all(point in first for point in line) and all(point in second for point in line)
    xs = {round(x, 3) for x, _y in line}
    assert len(xs) == 2  # a zigzag: whole cells on either side, never a straight cut
    labels = [set(re.findall(r"\b[1-7]\b", page))
              for page in texts(built("rakugaaki", "board", duplex="none"))]
    assert {"1", "4", "7"} <= labels[1] and {"1", "4", "7"} <= labels[2]


def _cut_outlines(path) -> list[list[tuple[float, float]]]:
    """Each page's cut: the points of its black 0.3 mm closed path, in mm from the
    page's top-left."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            cuts = [c for c in page.curves if c.get("stroking_color") in ((0,), (0, 0, 0))
                    and abs(c["linewidth"] - 0.3 * PT) < 0.01 and len(c["pts"]) > 4]
            assert len(cuts) == 1, page.page_number
            found.append([(x / PT, y / PT) for x, y in cuts[0]["pts"]])
    return found


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_boards_print_two_sided_cut_once(built, paper, duplex):
    """As the game has them (issue 24): two pieces, a half of the 3–4 board on each
    front and a half of the 5–6 board on its back; the back's cut, turned over with
    the sheet, is exactly the front's, so one cut frees both sides."""
    path = built("rakugaaki", "board", paper=paper, duplex=duplex)
    pages = texts(path)
    assert len(pages) == 4
    small, large = boards.shipped("standard-34"), boards.shipped("standard-56")
    upright = pages if duplex == "long" else []  # a short-edge back is drawn turned
    for number, (front, back) in enumerate(zip(upright[0::2], upright[1::2], strict=True)):
        fronts = set(re.findall(r"\b[A-Z]{1,2}[0-9]{1,2}\b", front))
        backs = set(re.findall(r"\b[A-Z]{1,2}[0-9]{1,2}\b", back))
        assert {boards.name(c) for c in small.halves[number]} <= fronts
        assert {boards.name(c) for c in large.halves[1 - number]} <= backs
        assert "まちかど" in front and "えきまえ" in back
    with pdfplumber.open(path) as pdf:
        width, height = pdf.pages[0].width / PT, pdf.pages[0].height / PT
    cuts = _cut_outlines(path)
    for front, back in zip(cuts[0::2], cuts[1::2], strict=True):
        turned = [(width - x, y) if duplex == "long" else (x, height - y) for x, y in back]
        assert len(front) == len(turned)
        assert all(min(abs(x - u) + abs(y - v) for u, v in turned) < 0.02 for x, y in front)
    assert two_sided_flip(path) == ("/DuplexFlipLongEdge" if duplex == "long"
                                    else "/DuplexFlipShortEdge")


def two_sided_flip(path) -> str:
    return str(PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/Duplex"])


def test_the_two_sided_halves_join_on_both_sides():
    """Laid side by side, the two pieces' joins run on the same hex edges as the 3–4
    board's halves on the fronts and, turned over, as the 5–6 board's on the backs."""
    small, large = boards.shipped("standard-34"), boards.shipped("standard-56")
    pieces = rk.back_to_back(small, large, rk.CELL, "ja")
    assert pieces is not None and len({(p.width, p.height) for p in pieces}) == 1
    join = rk.join_line(small, rk.CELL)
    for side in (1, 2):
        inner = [p for p in join if 0 <= p[1] <= rk.area_size(small, rk.CELL)[1]]
        assert inner and all(point in rk.outline(small, side, rk.CELL) for point in inner)


def test_boards_that_cannot_pair_print_one_sided():
    """A join between rows, or a front larger than the back, cannot share one cut:
    each half prints alone."""
    small, large = boards.shipped("standard-34"), boards.shipped("standard-56")
    assert rk.back_to_back(large, small, rk.CELL, "ja") is None


def test_a_half_larger_than_the_page_is_tiled(built):
    pages = texts(built("rakugaaki", "board", cell=40.0))
    assert len(pages) > 4 and any("tile A1 of" in page for page in pages)


def test_a_board_file_prints_its_own_halves(tmp_path):
    ctx = context(Options(board=str(EXAMPLE)))
    game, component = find("rakugaaki", "board")
    path = build_one(game, component, ctx, tmp_path)
    assert path.name == "rakugaaki-board-board-example.pdf"
    pages = texts(path)
    assert len(pages) == 1 and "D4" in pages[0] and "れい" in pages[0]  # whole: it fits


def test_96_tiles_on_two_duplex_sheets_with_one_back_per_colour(built):
    pieces = rk.tile_pieces(rk.CELL, "hex", "ja")
    assert len(pieces) == 96
    for colour in rk.TEAMS:
        names = [p.name for p in pieces if p.name.startswith(colour + "-")]
        assert len(names) == 16 and f"{colour}-character" in names
        assert len({id(p.back) for p in pieces if p.name.startswith(colour + "-")}) == 1
    reader = PdfReader(built("rakugaaki", "tiles"))
    assert len(reader.pages) == 4
    backs = {name for page in (reader.pages[1], reader.pages[3]) for name in art_forms(page)}
    assert len(backs) == 6  # a back per colour, drawn once each


def _digit_heights(path) -> list[float]:
    pdf = pdfium.PdfDocument(str(path))
    text = pdf[0].get_textpage()
    heights = []
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1) in "12345":
            _left, bottom, _right, top = text.get_charbox(i)
            heights.append((top - bottom) / PT)
    return heights


@pytest.mark.parametrize("shape", ["hex", "square"])
def test_tile_numerals_stand_at_least_11_mm_tall(built, shape):
    heights = [h for h in _digit_heights(built("rakugaaki", "tiles", tile_shape=shape))
               if h > 5]
    assert len(heights) >= 40 and min(heights) >= 11.0


def test_square_tiles_are_0_7_of_the_cell(built):
    assert rk.tile_size(26.0, "square") == (18.2, 18.2)
    assert rk.tile_size(26.0, "hex")[0] == 24.0
    assert len(PdfReader(built("rakugaaki", "tiles", tile_shape="square")).pages) == 2  # one sheet


def test_emblems_tell_the_colours_apart_without_colour():
    assert len({team.emblem for team in rk.TEAMS.values()}) == 6


@pytest.mark.parametrize("cell", [18.0, 26.0, 40.0])
def test_a_guard_stands_inside_a_cell(cell):
    width, height = rk.guard_size(cell)
    assert width <= cell - 4 and width <= 20 and height == width * 1.5
    foot = width * 0.35
    # the footprint (width × two feet) inside the hex: |x| ≤ flats/2, |x|/2 + |y|·√3/2 ≤ flats/2
    assert width / 2 / 2 + foot * 3 ** 0.5 / 2 <= cell / 2


def test_the_table_prints_exactly_the_companions_numbers(built):
    path = built("rakugaaki", "table")
    page = texts(path)[0]
    assert "勢力値 → サイコロの個数" in page
    printed = re.findall(r"(\d+)個 (>?\d+\.\d%)", page)
    expected = [(str(e.dice), e.percent) for e in odds.table() if e.dice]
    assert printed == expected
    assert page.count("—") >= sum(1 for e in odds.table() if not e.dice)
    with pdfplumber.open(path) as pdf:
        rows = sorted({round(c["top"], 1) for c in pdf.pages[0].chars if c["text"] == "個"})
    rows = rows[:29]  # the table's rows holding a dice count (then the footnotes)
    assert min(b - a for a, b in itertools.pairwise(rows)) / PT >= 5.5


def test_the_table_in_english(built):
    page = texts(built("rakugaaki", "table", lang="en"))[0]
    assert "Strength → dice" in page and "4 dice 93.8%" in page and ">99.9%" in page


def test_six_summary_cards_with_a_colour_back_each(built):
    pages = texts(built("rakugaaki", "summary"))
    assert len(pages) == 2 and pages[0].count("手番のまとめ") == 6
    for colour in ("赤", "青", "緑", "黄", "紫", "橙"):
        assert f"{colour}チーム" in pages[1]
    english = texts(built("rakugaaki", "summary", lang="en"))
    assert "A turn" in english[0] and "team purple" in english[1]


@needs_poppler
def test_rakugaaki_fonts_are_embedded(built):
    assert_fonts_embedded(built("rakugaaki", "board"))


def test_rakugaaki_builds_are_byte_identical(tmp_path):
    game, component = find("rakugaaki", "tiles")
    first = build_one(game, component, context(Options()), tmp_path / "a").read_bytes()
    second = build_one(game, component, context(Options()), tmp_path / "b").read_bytes()
    assert first == second


def test_rakugaaki_options_belong_to_rakugaaki():
    from companion.errors import InputError
    from pnp.catalog import GAMES
    with pytest.raises(InputError, match="--cell does not apply to darkhall"):
        GAMES["darkhall"].check(Options(cell=30.0))


def test_ink_saver_tiles_put_black_numerals_on_white_faces(built):
    with pdfplumber.open(built("rakugaaki", "tiles", ink_saver=True)) as pdf:
        numerals = [c for c in pdf.pages[0].chars if c["size"] / PT > 10]
    assert len(numerals) >= 40
    assert all(c["non_stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0], 0)
               for c in numerals), {str(c["non_stroking_color"]) for c in numerals}


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_the_frame_bleeds_past_every_straight_cut_not_past_the_join(shipped):
    """Bleed on every outer edge (issue 24): the frame's colour runs 2 mm past the
    straight sides of a half's cut; along the join, cut on the hex edges, the cut is
    the edge (its cells bleed on their own)."""
    board = boards.shipped(shipped)
    for side, join in ((1, "right"), (2, "left")):
        cut = rk.outline(board, side, rk.CELL)
        x0, y0, x1, y1 = rk.bounds(cut)
        bx0, by0, bx1, by1 = rk.bounds(rk.bled(cut, join))
        assert (by0, by1) == (y0 - rk.BOARD_BLEED, y1 + rk.BOARD_BLEED)
        assert (bx0, bx1) == ((x0 - rk.BOARD_BLEED, x1) if join == "right"
                              else (x0, x1 + rk.BOARD_BLEED))
        zigzag = [p for p in cut if y0 < p[1] < y1 and p[0] not in (x0, x1)]
        assert zigzag and all(p in rk.bled(cut, join) for p in zigzag)
