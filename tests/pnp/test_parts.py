"""Fonts, kinsoku, QR codes, SVG previews and the Roguelight sheet's content."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.darkhall.board import LETTERS
from companion.errors import InputError
from companion.roguelight.layout import qr_payload
from companion.roguelight.maps import shipped
from pnp import fonts
from pnp.build import Options, context
from pnp.catalog import find
from pnp.draw import qr_code
from pnp.render_svg import render_svg
from pnp.text import NO_END, NO_START, wrap

SVG = "{http://www.w3.org/2000/svg}"


# --- fonts ------------------------------------------------------------------------


def test_cff_fonts_are_refused_with_a_clear_message(tmp_path):
    fake = tmp_path / "NotoSansCJKjp-Regular.otf"
    fake.write_bytes(b"OTTO" + bytes(100))
    with pytest.raises(InputError, match=r"OpenType-CFF font .* cannot be embedded"):
        fonts.choose_font(str(fake))
    with pytest.raises(InputError, match="no such font file"):
        fonts.choose_font(str(tmp_path / "none.ttf"))
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"hello world!")
    with pytest.raises(InputError, match="not a TrueType font"):
        fonts.choose_font(str(junk))


def test_without_a_truetype_font_the_cid_fallback_says_so_once(monkeypatch):
    monkeypatch.setattr(fonts, "KNOWN_FONTS", ())
    monkeypatch.delenv(fonts.ENV_VAR, raising=False)
    choice = fonts.choose_font()
    assert not choice.embedded and "viewer's Japanese fonts" in choice.notice
    ctx = context(Options())
    assert len(ctx.notices) == 1


def test_missing_glyphs_are_found():
    font = fonts.choose_font()
    if not font.embedded:
        pytest.skip("no TrueType font installed")
    assert fonts.missing_glyphs("暗黒の大広間 A1", font) == set()
    assert "\U0001F47B" in fonts.missing_glyphs("ghost \U0001F47B", font)


# --- kinsoku ------------------------------------------------------------------------

japanese = st.text(alphabet="あいうえおかきくけこ漢字出口入口。、「」（）ー・！？ッャ", min_size=1,
                   max_size=80)


@given(japanese, st.integers(2, 12))
def test_no_line_starts_with_closing_marks_or_ends_with_opening_ones(text, width):
    lines = wrap(text, width, len)
    assert "".join(lines) == text
    for line in lines[1:]:
        assert line[0] not in NO_START
    for line in lines[:-1]:
        # only a line made of nothing but opening brackets has to end with one
        assert line[-1] not in NO_END or set(line) <= NO_END


def test_latin_wraps_at_spaces_and_closing_marks_hang():
    assert wrap("the monster looks ahead", 12, len) == ["the monster", "looks ahead"]
    assert wrap("あいうえお。", 5, len) == ["あいうえお。"]


# --- QR codes -----------------------------------------------------------------------


def test_qr_code_draws_exactly_the_dark_modules():
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    data = qr_payload(shipped("basic"), None)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = 22.0
    module = size / len(matrix)
    drawn = set()
    for rect in qr_code(data, 0, 0, size):
        row = round(rect.y / module)
        for col in range(round(rect.x / module), round((rect.x + rect.w) / module)):
            drawn.add((row, col))
    dark = {(r, c) for r, bits in enumerate(matrix) for c, bit in enumerate(bits) if bit}
    assert drawn == dark


def test_qr_payload_names_game_map_layout_version_and_a_map_files_hash():
    basic = qr_payload(shipped("basic"), None)
    assert basic == "pnp-companion;game=roguelight;map=basic;layout=1;v=0.1.0"
    assert ";sha=" in qr_payload(shipped("basic"), "grid = ...")


# --- SVG previews ---------------------------------------------------------------------


def preview(game: str, component: str, **options):
    _, found = find(game, component)
    width, height, shapes = found.preview(context(Options(**options)))
    root = ET.fromstring(render_svg(width, height, shapes))
    return width, height, root


def test_board_preview_has_the_same_geometry_and_all_54_wall_letters():
    width, height, root = preview("darkhall", "board")
    box = [float(v) for v in root.get("viewBox").replace(",", " ").split()]
    assert box == [0, 0, width, height]
    assert root.get("width") == f"{width}mm"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert sum(1 for t in texts if t in LETTERS) == 54
    assert sum(1 for t in texts if t and t[0] in "abcdefghijklmnop" and t[1:].isdigit()) == 156


def test_sheet_preview_names_every_column_and_row():
    _, _, root = preview("roguelight", "sheet")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for name in [*"ABCDEFGHIJ", *[str(n) for n in range(1, 11)]]:
        assert texts.count(name) >= 2  # on both edges


def test_sheet_for_a_map_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(_basic_path().read_text("utf-8").replace('name = "basic"', 'name = "mine"'))
    _, _, root = preview("roguelight", "sheet", map=str(path))
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "ローグライト" in texts
    with pytest.raises(InputError, match="no such file"):
        preview("roguelight", "sheet", map=str(tmp_path / "nope.toml"))


def _basic_path():
    from importlib import resources

    return resources.files("companion.data.roguelight").joinpath("basic.toml")


def test_ink_saver_keeps_black_and_pales_every_other_colour():
    from pnp.render_pdf import ink_saving

    assert ink_saving("#000000") == "#000000"
    red = ink_saving("#c8102e")
    assert red[1:3] == red[3:5] == red[5:7] and int(red[1:3], 16) > 0x8c  # a pale grey
    assert ink_saving("#ffffff") == "#ffffff"


@pytest.mark.parametrize("length", [16, 30])
def test_time_track_boxes_and_die_marks_never_overlap(length):
    from dataclasses import replace

    from pnp.components.roguelight import PAGE_W, _time_track
    from pnp.shapes import Rect

    board = shipped("basic")
    marks = tuple((face, gap * (length - 1) // 15) for face, gap in board.time_marks)
    shapes, _ = _time_track(replace(board, time_length=length, time_marks=marks), "ja")
    rects = [s for s in shapes if isinstance(s, Rect)]  # number boxes and die faces
    assert all(r.x >= 0 and r.x + r.w <= PAGE_W + 1e-6 for r in rects)
    spans = sorted((r.x, r.x + r.w) for r in rects)
    for (a0, a1), (b0, b1) in itertools.pairwise(spans):
        assert a1 <= b0 + 1e-6, (a0, a1, b0, b1)
