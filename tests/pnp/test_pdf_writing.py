"""How the PDFs are written: embedded subsets without hinting programs and with
only the characters used, and page streams that never set again a state already
in force."""

from __future__ import annotations

import array
import io
import re
import zlib

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables import ttProgram
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

from pnp.fonts import choose_font, strip_hints
from pnp.render_pdf import render_pdf
from pnp.shapes import Document, Group, Line, Page, Rect, Style, Text
from tests.pnp.conftest import needs_poppler


def _square(size: int) -> Glyph:
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0))
    pen.lineTo((0, size))
    pen.lineTo((size, size))
    pen.lineTo((size, 0))
    pen.closePath()
    return pen.glyph()


def _program() -> ttProgram.Program:
    program = ttProgram.Program()
    program.fromBytecode(b"\xb0\x01\x8b")  # PUSHB[0] 1; ROFF
    return program


def _hinted_font() -> bytes:
    """A small TrueType font with every kind of hint: font and CVT programs, a CVT,
    simple glyphs with instructions and a composite glyph with instructions."""
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "A", "B", "C"])
    builder.setupCharacterMap({ord("A"): "A", ord("B"): "B", ord("C"): "C"})
    glyphs = {".notdef": _square(500), "A": _square(700), "B": _square(1), "C": _square(3)}
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (800, 0) for name in glyphs})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Hinted", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    font = builder.font
    glyf = font["glyf"]
    glyf["A"].program = _program()
    glyf["C"].program = _program()
    part = GlyphComponent()
    part.glyphName, part.x, part.y, part.flags = "A", 10, 20, 0
    composite = Glyph()
    composite.numberOfContours = -1
    composite.components = [part]
    composite.program = _program()
    glyf["B"] = composite
    for tag in ("fpgm", "prep"):
        font[tag] = newTable(tag)
        font[tag].program = _program()
    font["cvt "] = newTable("cvt ")
    font["cvt "].values = array.array("h", [0, 10, 20])
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _outline(font: TTFont, name: str):
    glyph = font["glyf"][name]
    if glyph.isComposite():
        return [(c.glyphName, c.x, c.y) for c in glyph.components]
    coordinates, ends, flags = glyph.getCoordinates(font["glyf"])
    return list(coordinates), list(ends), [f & 1 for f in flags]


def test_hints_are_stripped_and_every_outline_kept():
    hinted = _hinted_font()
    before, after = TTFont(io.BytesIO(hinted)), TTFont(io.BytesIO(strip_hints(hinted)))
    assert {"fpgm", "prep", "cvt "} <= set(before.keys())
    assert not {"fpgm", "prep", "cvt "} & set(after.keys())
    for name in before.getGlyphOrder():
        assert _outline(after, name) == _outline(before, name)
        program = getattr(after["glyf"][name], "program", None)
        assert program is None or not program.getBytecode()
    assert before["glyf"]["B"].program.getBytecode()  # the composite had instructions
    assert not after["glyf"]["B"].components[0].flags & 0x100
    after.save(io.BytesIO())  # a font fontTools writes out again: checksums, loca, head


def test_a_font_that_cannot_be_read_for_its_hints_is_kept_as_it_is():
    hinted = _hinted_font()
    font = TTFont(io.BytesIO(hinted))
    glyf_offset = font.reader.tables["glyf"].offset
    broken = hinted[:glyf_offset] + b"\xff" * 12 + hinted[glyf_offset + 12:]  # a glyph's header
    assert strip_hints(broken) == broken
    assert strip_hints(hinted[:40]) == hinted[:40]  # cut inside the table directory


def _embedded_fonts(pdf: bytes) -> list[TTFont]:
    fonts = []
    for match in re.finditer(rb"/Length (\d+) /Length1 \d+\s*>>\s*stream\r?\n", pdf):
        data = zlib.decompress(pdf[match.end():match.end() + int(match.group(1))])
        fonts.append(TTFont(io.BytesIO(data)))
    return fonts


def _render(*shapes) -> bytes:
    page = Page(100, 100, list(shapes), decorate=False)
    return render_pdf(Document("t", "t", "t", "t", (), [page]), choose_font())


@needs_poppler
def test_the_embedded_subset_holds_only_the_characters_drawn_and_no_hints():
    font = choose_font()
    if not font.embedded:
        pytest.skip("no TrueType font on this machine")
    (subset,) = _embedded_fonts(_render(Text(10, 10, "Card 7 魔人")))
    assert not {"fpgm", "prep", "cvt "} & set(subset.keys())
    # .notdef, the space and the eight characters drawn: not all of ASCII
    assert len(subset.getGlyphOrder()) == len(set("Card 7 魔人")) + 1


def _stream(pdf: bytes) -> str:
    """The first page's operators."""
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")


def test_a_state_in_force_is_not_set_again_and_lines_in_one_style_are_one_path():
    thin = Style(stroke="#c8102e", width=0.2)
    stream = _stream(_render(
        Line(0, 0, 10, 0, thin), Line(0, 5, 10, 5, thin), Line(0, 9, 10, 9, thin),
        Rect(0, 0, 5, 5, thin), Text(1, 1, "a"), Text(1, 3, "b", size=9),
        Group((Rect(0, 0, 1, 1, Style(stroke="#000000")),), dx=5),
        Rect(2, 2, 5, 5, thin)))
    assert stream.count(" RG") == 2  # red, then black in the group only
    assert stream.count(" w\n") == 2
    assert stream.count(" Tf") == 1  # both texts at 9 pt
    assert stream.count(" S") == 4  # three lines as one path, three rectangles
    assert "0 0 m 10 0 l 0 5 m 10 5 l 0 9 m 10 9 l S" in stream
    after_group = stream.split("Q")[-2]
    assert "RG" not in after_group  # the group's black was undone by Q: red is known


@needs_poppler
@pytest.mark.parametrize(("duplex", "lang", "words", "flag"), [
    ("long", "ja", "両面・長辺とじ", b"/DuplexFlipLongEdge"),
    ("short", "en", "two-sided, short-edge flip", b"/DuplexFlipShortEdge"),
])
def test_a_two_sided_file_names_its_flip_on_every_page(built, duplex, lang, words, flag):
    import subprocess

    pdf = built("darkhall", "pieces", duplex=duplex, lang=lang)
    assert flag in pdf.read_bytes()  # the print dialog offers it
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = [page for page in text.split("\f") if page.strip()]
    assert pages and all(words in page for page in pages)


def test_a_one_sided_file_names_no_flip(built):
    pdf = built("darkhall", "board")
    assert b"/Duplex" not in pdf.read_bytes()
    pieces = built("darkhall", "pieces", duplex="none")
    assert b"/Duplex" not in pieces.read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_two_roguelight_maps_print_back_to_back(built, paper):
    """Paper economy (issue 24): one sheet, a map on each side, as roll-and-write pads
    are printed; --duplex none, or one map, gives one-sided pages."""
    from pypdf import PdfReader

    from pnp.build import Options, context
    from pnp.catalog import find

    pdf = built("roguelight", "sheet", paper=paper)
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2 and b"/DuplexFlipLongEdge" in pdf.read_bytes()
    _game, component = find("roguelight", "sheet")
    for one_sided in (Options(duplex="none"), Options(fold=True)):
        labels = [page.label for page in component.pages(context(one_sided))]
        assert len(labels) == 2 and not any(label.endswith("(back)") for label in labels)
    one = built("roguelight", "sheet", paper=paper, map="advanced")
    assert b"/Duplex" not in one.read_bytes()


@pytest.mark.parametrize(("game", "component"), [("roguelight", "sheet"),
                                                 ("rakugaaki", "board"),
                                                 ("majin-dungeon", "treasure")])
def test_copies_of_a_two_sided_sheet_keep_each_back_behind_its_front(game, component):
    """--copies repeats sheets, not pages: a front is always followed by its own back."""
    from pnp.build import Options, context, document
    from pnp.catalog import find

    found_game, found = find(game, component)
    once = document(found_game, found, context(Options())).pages
    twice = document(found_game, found, context(Options(copies=2))).pages
    sheets = [once[i:i + 2] for i in range(0, len(once), 2)]
    assert all(back.label.endswith("(back)") for _front, back in sheets)
    assert [p.label for p in twice] == [page.label for sheet in sheets for _ in range(2)
                                        for page in sheet]
    for i in range(0, len(twice), 2):
        assert not twice[i].label.endswith("(back)") and twice[i + 1].label.endswith("(back)")
