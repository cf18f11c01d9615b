"""Printed pieces that can be used as printed: every distinction the game needs
survives grey print, the standee shows which way it faces, texts stay clear of
icons, calibration labels stay apart, tiled boards say how they join."""

from __future__ import annotations

from dataclasses import replace

import pdfplumber
import pytest

from companion.darkhall.pieces import colours
from companion.roguelight.maps import GREEN, shipped
from pnp.build import Options, context
from pnp.calibration import calibration_pages
from pnp.catalog import GAMES
from pnp.colour import ink_on
from pnp.components import darkhall as dh
from pnp.components import roguelight as rl
from pnp.fonts import choose_font, string_width
from pnp.shapes import Circle, Group, Line, Path, Rect, Text
from pnp.tiling import tiles

PT = 72 / 25.4
FONT = choose_font()


def measure(text: str, size: float) -> float:
    return string_width(text, FONT, size)


def flatten(shapes, dx=0.0, dy=0.0):
    """Every shape with its offset (groups without rotation only)."""
    for shape in shapes:
        if isinstance(shape, Group) and not shape.rotate:
            yield from flatten(shape.items, dx + shape.dx, dy + shape.dy)
        else:
            yield shape, dx, dy


def _mark_of(art, ink: str = "#000000") -> tuple:
    """The mark of a token face in ``ink``: its kind and geometry, without the colour."""
    styles = [(s, getattr(s, "style", None)) for s in art(0)]
    found = [s for s, style in styles if style is not None and style.fill == ink
             and style.stroke == ink]  # a mark is outlined in its own colour
    return tuple((type(s).__name__, getattr(s, "commands", None) and len(s.commands))
                 for s in found)


def test_each_colours_tokens_carry_their_own_mark_on_both_faces():
    pieces = dh.token_pieces(13)
    by_colour = {c.name: [p for p in pieces if p.name.startswith(c.name + "-")]
                 for c in colours()}
    inks = {c.name: ink_on(c.rgb) for c in colours()}
    fronts = {name: _mark_of(group[0].front) for name, group in by_colour.items()}
    backs = {name: _mark_of(group[0].back, inks[name]) for name, group in by_colour.items()}
    assert len(set(fronts.values())) == len(colours())  # seven different marks
    assert len(set(backs.values())) == len(colours())
    for group in by_colour.values():  # the same mark on every token of a colour
        assert len({_mark_of(p.front) for p in group}) == 1


def test_in_ink_saver_token_numbers_stay_black_and_fronts_differ_from_backs(built):
    with pdfplumber.open(built("darkhall", "tokens", ink_saver=True)) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        digits = [c for c in front.chars if c["text"].isdigit() and c["size"] > 10]
        assert digits and all(c["non_stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0])
                              for c in digits)
        # the front has a white disc behind its number; the back has none
        def discs(page):
            return [c for c in page.curves if c["width"] > 20
                    and c["non_stroking_color"] in ((1, 1, 1), [1, 1, 1])]
        assert discs(front) and not discs(back)
        back_digits = [c for c in back.chars if c["text"].isdigit() and c["size"] > 10]
        assert back_digits and all(c["non_stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0])
                                   for c in back_digits)  # white numbers print black


def test_blue_and_green_slimes_carry_their_letters():
    for lang, letters in rl.SLIME_LETTERS.items():
        _, shapes = rl.sheet(shipped("advanced"), lang, measure)
        words = {s.text for s, _, _ in flatten(shapes) if isinstance(s, Text)}
        assert set(letters.values()) <= words, lang
        assert letters[GREEN] != letters[rl.BLUE]


def test_the_standee_has_a_face_a_back_of_the_head_and_an_arrow_on_its_front_foot():
    width = 30.0
    base = width * dh.STANDEE_BASE
    panel = width * dh.STANDEE_PANEL
    art = dh.standee_piece(width, "ja").front(0)
    folds = [s for s in art if isinstance(s, Line) and s.style.dash]
    assert sorted(round(s.y1, 2) for s in folds) == [round(base, 2), round(base + panel, 2),
                                                      round(base + 2 * panel, 2)]
    face = [s for s in art if isinstance(s, Group) and s.rotate == 180]
    assert face, "the face is upside down above the fold, so it stands upright"
    eyes = [s for s in face[0].items if isinstance(s, Circle)]
    assert len(eyes) == 2
    back = [(s, dy) for s, _dx, dy in flatten(art)
            if isinstance(s, Path) and s.style.fill == dh.BLOOD]
    assert back and all(dy + min(c[2] for c in s.commands if c[0] != "Z") > base + panel
                        for s, dy in back)  # the back of the head, below the fold, no eyes
    arrow_tips = [s for s in art if isinstance(s, Path) and s.style.fill == "#000000"]
    assert any(all(c[2] < base for c in s.commands if c[0] != "Z") for s in arrow_tips)
    assert {"前", "後ろ"} <= {s.text for s in art if isinstance(s, Text)}


def test_ghost_action_words_stay_clear_of_their_keys():
    board = shipped("basic")
    actions = tuple(a._replace(section=5) for a in board.ghost_actions)  # four keys
    for lang in ("ja", "en"):
        shapes, _ = rl._side_panel(replace(board, ghost_actions=actions), lang, measure, 60)
        texts = [s for s in shapes if isinstance(s, Text) and s.size < 7.5 and s.x == 11]
        keys = [s for s in shapes if isinstance(s, Circle) and s.style.fill is None]  # key rings
        assert texts and keys
        leftmost_key = min(k.cx - k.r for k in keys)
        for text in texts:
            assert text.x + measure(text.text, text.size) < leftmost_key, text.text


def test_the_circled_item_mark_goes_round_its_points_and_its_box():
    board = shipped("basic")
    shapes = rl._item_marks(board, 9.0)
    ring = [s for s in shapes if isinstance(s, Rect) and s.radius]
    assert len(ring) == len(board.items_circled)
    number = next(s for s in shapes if isinstance(s, Text))
    box = next(s for s in shapes if isinstance(s, Rect) and not s.radius)
    outline = ring[0]
    top_of_digit = number.y - number.size / PT * 0.75
    assert outline.y < top_of_digit and outline.y + outline.h > box.y + box.h


def test_calibration_labels_never_overlap():
    for lang in ("ja", "en"):
        for page in calibration_pages(210, 297, "long", lang):
            boxes = []
            for shape in page.shapes:
                if isinstance(shape, Text) and shape.size <= 5:
                    width = measure(shape.text, shape.size)
                    left = {"start": 0, "middle": width / 2, "end": width}[shape.anchor]
                    boxes.append((shape.x - left, shape.y - shape.size / PT,
                                  shape.x - left + width, shape.y))
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    assert (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]), (a, b)


def test_the_calibration_page_says_which_way_the_offset_goes(tmp_path):
    words = " ".join(s.text for p in calibration_pages(210, 297, "long", "en")
                     for s in p.shapes if isinstance(s, Text))
    assert "+x right, +y down, as seen on the back" in words


def test_a_tiled_board_cuts_between_squares_and_says_how_tiles_join():
    ctx = context(Options(square=25, lang="en"))
    pages = GAMES["darkhall"].components["board"].pages(ctx)
    assert len(pages) > 1
    size = dh.board_size(25)
    layout = tiles(*size, 190, 172, grid=((dh.LETTER_RING, 25), (dh.LETTER_RING, 25)))
    for row in layout:
        for tile in row[:-1]:
            assert (tile.x[1] - dh.LETTER_RING) % 25 == pytest.approx(0, abs=1e-6)
    words = " ".join(s.text for p in pages for s, _, _ in flatten(p.shapes)
                     if isinstance(s, Text))
    assert "glue: lay A1 over this strip" in words and "cut along this edge" in words


def test_a_quarter_turn_is_clockwise_in_the_pdf_as_in_the_svg(tmp_path):
    from pnp.render_pdf import render_pdf
    from pnp.render_svg import render_svg
    from pnp.shapes import Document, Page, filled

    turned = Group((Rect(0, 0, 10, 5, filled("#ff0000")),), dx=100, dy=50, rotate=90)
    page = Page(210, 297, [turned], decorate=False)
    path = tmp_path / "turn.pdf"
    path.write_bytes(render_pdf(Document("g", "c", "t", "s", (), [page]), FONT))
    with pdfplumber.open(path) as pdf:
        box = pdf.pages[0].rects[0]
    # clockwise about (100, 50): x runs down, y runs to the left
    assert (round(box["x0"] / PT, 1), round(box["top"] / PT, 1)) == (95.0, 50.0)
    assert (round(box["width"] / PT, 1), round(box["height"] / PT, 1)) == (5.0, 10.0)
    assert 'rotate(90)' in render_svg(210, 297, [turned])
