"""Opening the PDFs pnp makes: pages, boxes, positions, fonts, text, determinism."""

from __future__ import annotations

import shutil

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.build import Options, build_one, context
from pnp.catalog import GAMES, find
from pnp.impose import impose
from tests.pnp.conftest import (
    art_forms,
    assert_fonts_embedded,
    inked_near_the_edge,
    needs_poppler,
)

PT = 72 / 25.4
A4_PT = (595.28, 841.89)


def page_sizes(path):
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in PdfReader(path).pages]


def text_of(path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_every_component_builds_on_both_papers_and_languages(built):
    for game in GAMES.values():
        for name in game.components:
            for paper, lang in (("a4", "ja"), ("letter", "en")):
                path = built(game.name, name, paper=paper, lang=lang)
                assert PdfReader(path).pages, (game.name, name)


def test_page_counts_and_sizes(built):
    assert page_sizes(built("darkhall", "board")) == [(841.89, 595.28)]  # A4 landscape
    assert len(page_sizes(built("darkhall", "tokens"))) == 2  # 28 tokens: fronts, backs
    assert len(page_sizes(built("darkhall", "tiles"))) == 2
    assert len(page_sizes(built("roguelight", "sheet"))) == 2  # basic and advanced
    assert set(page_sizes(built("roguelight", "sheet"))) == {A4_PT}
    assert page_sizes(built("roguelight", "sheet", paper="letter"))[0] == (612.0, 792.0)
    assert len(page_sizes(built("roguelight", "sheet", copies=3))) == 6


def test_metadata_and_print_scaling(built):
    reader = PdfReader(built("darkhall", "board"))
    info = reader.metadata
    assert info.title == "Dark Hall 暗黒の大広間 — board"
    assert "darkhall" in info["/Keywords"] and info.subject
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


@needs_poppler
def test_fonts_are_embedded_when_a_font_is_available(built):
    assert_fonts_embedded(built("darkhall", "rules"))


def test_expected_text_is_present(built):
    board = text_of(built("darkhall", "board"))
    for word in ("a1", "p11", "h6", "出口", "入口", "☆", "Dark Hall"):
        assert word in board
    sheet = text_of(built("roguelight", "sheet"))
    assert "ローグライト" in sheet and "基本マップ" in sheet and "上級マップ" in sheet
    assert "時間トラック" in sheet and "1/2" in sheet and "pnp-companion" in sheet
    english = text_of(built("roguelight", "summary", lang="en"))
    assert "A round" in english and "Score track" in english
    assert "print at 100 %" in text_of(built("darkhall", "tokens", lang="en"))


def test_rebuilds_are_byte_identical(tmp_path):
    ctx = context(Options())
    game, component = find("roguelight", "sheet")
    first = build_one(game, component, ctx, tmp_path / "a").read_bytes()
    second = build_one(game, component, context(Options()), tmp_path / "b").read_bytes()
    assert first == second


def test_card_positions_and_crop_marks_in_the_pdf(built):
    path = built("darkhall", "tiles")
    layout = impose(210, 297, 35, 35).for_count(8)
    with pdfplumber.open(path) as pdf:
        front = pdf.pages[0]
        lines = [(round(ln["x0"] / PT, 1), round(ln["top"] / PT, 1),
                  round(ln["x1"] / PT, 1), round(ln["bottom"] / PT, 1))
                 for ln in front.lines if ln["stroking_color"] is not None]
        rects = [(r["x0"] / PT, r["top"] / PT, r["width"] / PT) for r in front.rects]
    for mark in layout.crop_marks():
        expected = (round(min(mark.x1, mark.x2), 1), round(min(mark.y1, mark.y2), 1),
                    round(max(mark.x1, mark.x2), 1), round(max(mark.y1, mark.y2), 1))
        assert any(all(abs(a - b) <= 0.1 for a, b in zip(expected, line, strict=True))
                   for line in lines), expected
    bleed = layout.bleed
    backgrounds = [(x + bleed, y + bleed) for x, y, w in rects if abs(w - 35 - 2 * bleed) < 0.1]
    for x, y in layout.trims()[:8]:
        assert any(abs(x - bx) <= 0.1 and abs(y - by) <= 0.1 for bx, by in backgrounds)


def test_duplex_backs_are_mirrored_in_the_pdf(built):
    layout = impose(210, 297, 35, 35).for_count(8)
    for duplex, mirror in (("long", lambda x, y: (210 - x - 35, y)),
                           ("short", lambda x, y: (x, 297 - y - 35))):
        path = built("darkhall", "tiles", duplex=duplex)
        with pdfplumber.open(path) as pdf:
            back = pdf.pages[1]
            corners = {(round(r["x0"] / PT + 3, 1), round(r["top"] / PT + 3, 1))
                       for r in back.rects if abs(r["width"] / PT - 41) < 0.1}
        for x, y in layout.trims()[:8]:
            mx, my = mirror(x, y)
            assert any(abs(mx - cx) <= 0.1 and abs(my - cy) <= 0.1 for cx, cy in corners)


def test_back_offset_shifts_every_back(built):
    with pdfplumber.open(built("darkhall", "tiles", back_offset=(1.5, -2.0))) as pdf:
        moved = sorted((round(r["x0"] / PT, 1), round(r["top"] / PT, 1))
                       for r in pdf.pages[1].rects if abs(r["width"] / PT - 41) < 0.1)
    with pdfplumber.open(built("darkhall", "tiles")) as pdf:
        plain = sorted((round(r["x0"] / PT, 1), round(r["top"] / PT, 1))
                       for r in pdf.pages[1].rects if abs(r["width"] / PT - 41) < 0.1)
    shifted = [v for a, b in plain for v in (a + 1.5, b - 2.0)]
    assert shifted == pytest.approx([v for pair in moved for v in pair], abs=0.11)


def test_one_up_pages_have_trim_and_bleed_boxes(built):
    reader = PdfReader(built("darkhall", "tiles", one_up=True))
    assert len(reader.pages) == 16
    page = reader.pages[0]
    assert [round(float(v) / PT, 2) for v in page.trimbox] == [3.0, 3.0, 38.0, 38.0]
    assert [round(float(v) / PT, 2) for v in page.bleedbox] == [0.0, 0.0, 41.0, 41.0]


def test_repeated_backs_are_one_form(built):
    reader = PdfReader(built("darkhall", "tiles"))
    back = reader.pages[1]
    forms = art_forms(back)
    assert len(forms) == 1  # eight backs, one drawing


def test_large_board_is_tiled_with_alignment_marks(built):
    path = built("darkhall", "board", square=25)
    sizes = page_sizes(path)
    assert len(sizes) == 4 and set(sizes) == {(841.89, 595.28)}
    text = text_of(path)
    assert "tile A1 of 2 × 2" in text and "tile B2 of 2 × 2" in text


def test_ink_saver_changes_only_colours(built):
    plain = PdfReader(built("darkhall", "tokens")).pages
    saver = PdfReader(built("darkhall", "tokens", ink_saver=True)).pages
    assert len(plain) == len(saver)
    with pdfplumber.open(built("darkhall", "tokens", ink_saver=True)) as pdf:
        colours = {tuple(r["non_stroking_color"] or ()) for r in pdf.pages[0].rects}
    assert all(len(set(c)) <= 1 for c in colours if len(c) == 3)  # greys only


def _through_the_middle(line, w: float, h: float) -> bool:
    down = abs(line["x0"] / PT - w / 2) < 0.1 and abs(line["x0"] - line["x1"]) < 0.01
    across = abs(line["top"] / PT - h / 2) < 0.1 and abs(line["top"] - line["bottom"]) < 0.01
    long = max(line["x1"] - line["x0"], line["bottom"] - line["top"]) / PT > 150
    return (down or across) and long


@pytest.mark.parametrize("component", ["tiles", "rules"])
def test_fold_and_glue_mirrors_each_back_across_the_fold(built, component):
    size = {"tiles": 41, "rules": None}[component]
    with pdfplumber.open(built("darkhall", component, fold=True)) as pdf:
        page = pdf.pages[0]
        w, h = page.width / PT, page.height / PT
        folds = [ln for ln in page.lines if _through_the_middle(ln, w, h)]
        assert len(folds) == 1, "one fold line through the middle"
        down = abs(folds[0]["x0"] - folds[0]["x1"]) < 0.01
        squares = [(r["x0"] / PT, r["top"] / PT, r["width"] / PT, r["height"] / PT)
                   for r in page.rects if r["width"] / PT > 30
                   and (size is None or abs(r["width"] / PT - size) < 0.1)]
    first = [s for s in squares if (s[0] < w / 2 if down else s[1] < h / 2)]
    second = [(x, y) for x, y, _, _ in squares if (x, y, _, _) not in first]
    assert first and len(second) >= len(first)
    for x, y, sw, sh in first:
        mx, my = (w - x - sw, y) if down else (x, h - y - sh)
        assert any(abs(mx - bx) < 0.1 and abs(my - by) < 0.1 for bx, by in second)


def _all_components():
    return [(g.name, c) for g in GAMES.values() for c in g.components]


@pytest.mark.parametrize(("game", "component"), _all_components())
def test_every_page_keeps_the_6mm_edge_and_carries_a_10mm_scale_mark(built, game, component):
    """Nothing within 6 mm of the paper's edge — as rendered where poppler is installed
    (a tiled drawing's clipped art counts only where it shows), else every glyph and
    line of the page."""
    path = built(game, component)
    if shutil.which("pdftoppm"):
        assert inked_near_the_edge(path) == []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            w, h = page.width / PT, page.height / PT
            for obj in [] if shutil.which("pdftoppm") else [*page.chars, *page.lines]:
                assert obj["x0"] / PT >= 6 - 0.05 and obj["x1"] / PT <= w - 6 + 0.05
                assert obj["top"] / PT >= 6 - 0.05 and obj["bottom"] / PT <= h - 6 + 0.05
            squares = [r for r in page.rects
                       if abs(r["width"] / PT - 10) < 0.05 and abs(r["height"] / PT - 10) < 0.05]
            bars = [ln for ln in page.lines
                    if abs((ln["x1"] - ln["x0"]) / PT - 10) < 0.05 and ln["top"] == ln["bottom"]]
            assert squares or bars, f"page {page.page_number}: no 10 mm scale mark"
            assert "実寸で印刷" in page.extract_text()


@pytest.mark.parametrize(("game", "component"), [("roguelight", "summary"),
                                                 ("darkhall", "pieces"), ("jongrogue", "deck")])
def test_the_6mm_edge_holds_with_the_viewers_fallback_font_too(tmp_path, monkeypatch, game,
                                                               component):
    """Without a TrueType Japanese font the viewer's font (deeper glyphs) is used: the
    footer and the scale note must still stay off the 6 mm edge."""
    import pnp.fonts

    monkeypatch.setattr(pnp.fonts, "KNOWN_FONTS", [])
    monkeypatch.delenv("PNP_FONT", raising=False)
    ctx = context(Options())
    assert ctx.font.path is None
    found_game, found = find(game, component)
    with pdfplumber.open(build_one(found_game, found, ctx, tmp_path)) as pdf:
        for page in pdf.pages[:2]:
            w, h = page.width / PT, page.height / PT
            for c in page.chars:
                assert c["x0"] / PT >= 5.95 and c["x1"] / PT <= w - 5.95
                assert c["top"] / PT >= 5.95 and c["bottom"] / PT <= h - 5.95, c["text"]


@pytest.mark.parametrize(("paper", "lang"), [("a4", "ja"), ("letter", "en")])
def test_no_text_under_6_pt_in_any_component(paper: str, lang: str) -> None:
    """Every text of every component prints at 6 pt or more at the shipped sizes (a
    group's scale applied), on A4 in Japanese and on Letter in English."""
    from pnp.shapes import MIN_TEXT, text_sizes

    ctx = context(Options(paper=paper, lang=lang))
    small = []
    for game in GAMES.values():
        for name, component in game.components.items():
            for page in component.pages(ctx):
                small += [f"{game.name} {name}: {text.text[:20]!r} {size:.2f} pt"
                          for text, size in text_sizes(page.shapes) if size < MIN_TEXT - 0.005]
    assert not small, small[:5]


def test_a_card_size_that_shrinks_text_under_6_pt_is_reported(tmp_path) -> None:
    ctx = context(Options(card="60x40"))
    game, deck = find("jongrogue", "deck")
    build_one(game, deck, ctx, tmp_path)
    assert any("under 6 pt" in notice and "--card 60x40" in notice for notice in ctx.notices)


def _clear_of_pieces(path, page_index: int = 0) -> list[str]:
    """Footer and scale-note glyphs (6.5 pt, outside every card's bleed) that touch a
    card's bleed box or come within 1 mm of a crop mark: what they touch."""
    touching = []
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[page_index]
        boxes = [(float(b[0]), float(b[1]), float(b[2]), float(b[3]))
                 for b in _bleed_boxes(page)]
        marks = [ln for ln in page.lines if ln.get("linewidth", 1) > 0.4]
        for ch in page.chars:
            if abs(ch["size"] - 6.5) > 0.3 and ch["upright"]:
                continue
            x0, x1, top, bottom = ch["x0"], ch["x1"], ch["top"], ch["bottom"]
            if any(x0 < bx1 and bx0 < x1 and top < by1 and by0 < bottom
                   for bx0, by0, bx1, by1 in boxes):
                continue  # text on a card, not the footer
            for ln in marks:
                near = 1.0 * PT
                if (x0 - near < ln["x1"] and ln["x0"] < x1 + near
                        and top - near < ln["bottom"] and ln["top"] < bottom + near):
                    touching.append(f"{ch['text']!r} near a mark at {ln['top'] / PT:.1f} mm")
    return touching


def _bleed_boxes(page):
    """Each card's area, bleed included (its background rectangles)."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if r["width"] / PT > 30 and r["height"] / PT > 30]


@pytest.mark.parametrize(("game", "component"), [("majin-dungeon", "majin"),
                                                 ("majin-dungeon", "monsters")])
def test_the_footer_never_touches_a_piece_or_its_marks_on_letter(built, game, component):
    """Poker cards 3 × 3 on Letter take the bottom band: the scale mark and the footer
    run up the side margins, between the crop marks, clear of every card and mark."""
    path = built(game, component, paper="letter")
    for index in (0, 1):  # a page of fronts and its backs
        assert _clear_of_pieces(path, index) == []
    with pdfplumber.open(path) as pdf:
        sideways = "".join(c["text"] for c in pdf.pages[0].chars if not c["upright"])
    assert "実寸で印刷"[::-1] in sideways[::-1] or "実寸で印刷" in sideways
    assert "pnp-companion" in sideways or "pnp-companion"[::-1] in sideways
