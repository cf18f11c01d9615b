"""`pnp deck`: deck files and their data built into PDFs, opened and checked."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from companion.errors import InputError
from pnp import deck as decks
from pnp.cli import main
from pnp.deck.spec import load_spec
from pnp.fonts import choose_font, string_width
from pnp.impose import impose
from pnp.text import fit
from tests.cli import refuses, succeeds
from tests.pnp.conftest import art_forms, assert_fonts_embedded, needs_poppler

EXAMPLES = Path(__file__).parents[2] / "examples" / "decks"
POKER, QUIZ, COUNTERS = (EXAMPLES / "poker" / "poker.toml", EXAMPLES / "quiz" / "quiz.toml",
                         EXAMPLES / "counters" / "counters.toml")
PT = 72 / 25.4
FONT = choose_font()


def measure(text: str, size: float) -> float:
    return string_width(text, FONT, size)


def build(tmp_path: Path, deck: Path, *args: str) -> Path:
    succeeds(main, ["deck", str(deck), "--out", str(tmp_path), *args])
    return next(tmp_path.glob("*.pdf"))


def write_deck(folder: Path, body: str, csv: str | None = None) -> Path:
    if csv is not None:
        (folder / "cards.csv").write_text(csv, encoding="utf-8")
    path = folder / "deck.toml"
    path.write_text(body, encoding="utf-8")
    return path


SIMPLE = """
[deck]
name = "simple"
size = [60, 80]
[data]
file = "cards.csv"
[[face]]
type = "text"
text = "{{ name }}"
x = 5
y = 5
w = 50
h = 10
[[back]]
type = "rect"
x = 0
y = 0
w = 60
h = 80
fill = "#336699"
bleed = true
"""


# --- the examples, built and opened --------------------------------------------------


def test_the_poker_deck_prints_54_cards_3_by_3_with_mirrored_backs(tmp_path):
    path = build(tmp_path, POKER)
    reader = PdfReader(path)
    assert len(reader.pages) == 12  # 6 sheets: fronts and backs
    layout = impose(210, 297, 63, 88, bleed=3)
    assert (layout.cols, layout.rows) == (3, 3)
    with pdfplumber.open(path) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        assert [w["text"] for w in cards_words(front)][:3] == ["A", "2", "3"]
        assert not cards_words(back)  # the back has no card text
    assert "JOKER" in reader.pages[10].extract_text()
    text = "\n".join(page.extract_text() or "" for page in reader.pages[::2])
    assert text.count("JOKER") == 2


def test_the_back_is_drawn_once_and_reused(tmp_path):
    reader = PdfReader(build(tmp_path, POKER))
    forms, sheets = set(), set()
    for page in reader.pages[1::2]:
        forms |= set(art_forms(page).values())
        xobjects = page["/Resources"]["/XObject"]
        sheets |= {xobjects.raw_get(name).idnum for name in xobjects}
    assert len(forms) == 1  # one form object for every back on every page
    assert len(sheets) == 1  # 54 cards: six full sheets, one form of a whole sheet of backs


def cards_words(page) -> list[dict]:
    """The words on a page above the footer (card text, not the page's own)."""
    return [w for w in page.extract_words() if w["top"] < 275 * PT]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_cards_and_their_backs_sit_where_the_grid_says_within_a_tenth_of_a_mm(tmp_path,
                                                                               duplex):
    """Two cards on a 3-wide grid, a word centred 30–40 mm down each face and each
    back: the fronts sit in their slots, and each back lies exactly behind its
    front — a point (u, v) of the card at (W − x − w + u, y + v) on the long edge,
    turned 180° to (x + w − u, H − y − v) on the short edge."""
    word = 'type = "text"\nx = 0\ny = 30\nw = 60\nh = 10\nalign = "center"\n'
    body = f"""
[deck]
name = "simple"
size = [60, 80]
[data]
rows = [{{name = "ONE"}}, {{name = "TWO"}}]
[[face]]
{word}text = "{{{{ name }}}}"
[[back]]
{word}text = "BACK"
"""
    path = build(tmp_path, write_deck(tmp_path, body), "--duplex", duplex)
    slots = impose(210, 297, 60, 80, bleed=3).for_count(2).trims()[:2]
    with pdfplumber.open(path) as pdf:
        fronts = sorted(cards_words(pdf.pages[0]), key=lambda w: w["x0"])
        backs = sorted(cards_words(pdf.pages[1]), key=lambda w: w["x0"])
    mm = lambda v: v / PT  # noqa: E731
    for (x, _y), front in zip(slots, fronts, strict=True):
        assert abs(mm(front["x0"] + front["x1"]) / 2 - (x + 30)) < 0.1
    if duplex == "long":
        backs = backs[::-1]
    for (x, _y), front, back in zip(slots, fronts, backs, strict=True):
        centre = mm(back["x0"] + back["x1"]) / 2
        if duplex == "long":
            assert abs(centre - (210 - x - 60 + 30)) < 0.1
            assert abs(mm(back["top"]) - mm(front["top"])) < 0.1
        else:
            assert abs(centre - (x + 60 - 30)) < 0.1
            assert abs(mm(back["top"]) - (297 - mm(front["bottom"]))) < 0.1
            assert abs(mm(back["bottom"]) - (297 - mm(front["top"]))) < 0.1


def test_the_quiz_deck_wraps_and_shrinks_japanese_text(tmp_path):
    path = build(tmp_path, QUIZ)
    text = "".join(page.extract_text() or "" for page in PdfReader(path).pages)
    for word in ("歴史", "信濃川", "持ち駒"):
        assert word in text
    deck = decks.load(QUIZ)
    rules = deck.spec.face_of("")
    assert [layer.name for layer in rules] == ["background", "frame", "title", "rules",
                                               "answer band", "answer", "picture"]  # no art


@needs_poppler
def test_deck_fonts_are_embedded_and_subset(tmp_path):
    assert_fonts_embedded(build(tmp_path, QUIZ))


def test_hex_counters_come_from_the_template(tmp_path):
    path = build(tmp_path, COUNTERS)
    assert len(PdfReader(path).pages) == 2
    assert "司令部" in PdfReader(path).pages[0].extract_text()


def test_the_same_deck_gives_the_same_bytes(tmp_path):
    first = build(tmp_path / "a", POKER).read_bytes()
    assert build(tmp_path / "b", POKER).read_bytes() == first


def test_only_rows_preview_and_data_replacement(tmp_path):
    path = build(tmp_path, POKER, "--only", "1-3,53")
    assert len(PdfReader(path).pages) == 2  # 5 cards (the joker row has 2): one sheet
    svg = tmp_path / "ace.svg"
    succeeds(main, ["deck", str(POKER), "--preview", "1", "-o", str(svg)])
    assert svg.read_text().startswith("<svg") and "<path" in svg.read_text()
    other = tmp_path / "two.csv"
    other.write_text("rank,suit,colour\nQ,heart,#c8102e\nK,club,#111111\n", encoding="utf-8")
    out = tmp_path / "replaced"
    path = build(out, POKER, "--data", str(other))
    words = PdfReader(path).pages[0].extract_text().split()
    assert words[0] == "Q" and "K" in words and "A" not in words


def test_variants_name_their_files(tmp_path):
    path = build(tmp_path, POKER, "--paper", "letter", "--fold")
    assert path.name == "poker-letter-fold.pdf"


# --- text in its box -------------------------------------------------------------------


words = st.text(st.sampled_from(list("あいうえおかきくけこ、。「」漢字カードゲームabc xyz1234")),
                min_size=1, max_size=160)


@settings(max_examples=80, deadline=None)
@given(words, st.floats(8, 60), st.floats(5, 40), st.floats(6, 16))
def test_fitted_text_never_leaves_its_box(text, width, height, size):
    fitted = fit(text, width, height, size, 4.0, measure)
    line_height = fitted.size * 25.4 / 72 * 1.2
    if fitted.fits:
        assert len(fitted.lines) * line_height <= height + 1e-6
        assert all(measure(line, fitted.size) <= width + 1e-6 for line in fitted.lines)
        assert 4.0 <= fitted.size <= size
    else:
        assert fitted.size == 4.0  # shrunk as far as allowed


def test_text_that_cannot_fit_is_reported_card_by_card_and_strict_refuses(tmp_path):
    body = SIMPLE.replace('h = 10\n', 'h = 4\nsize = 9\nmin_size = 8\n', 1)
    deck = write_deck(tmp_path, body, "name\nshort\nA much longer name than the box holds\n")
    out = tmp_path / "out"
    text = succeeds(main, ["deck", str(deck), "--out", str(out)])
    assert "card 2 (" in text and "cards.csv:3" in text and "card 1 (" not in text
    message = refuses(main, ["deck", str(deck), "--out", str(tmp_path / "strict"), "--strict"])
    assert "--strict" in message and not (tmp_path / "strict").exists()


# --- data files ----------------------------------------------------------------------


def test_count_copies_and_card_types_pick_faces_and_backs(tmp_path):
    body = SIMPLE + """
[[faces.monster]]
type = "text"
text = "M {{ name }} {{ copy }}/{{ count }}"
x = 5
y = 5
w = 50
h = 10
[[backs.monster]]
type = "rect"
x = 0
y = 0
w = 60
h = 80
fill = "#993333"
"""
    body = body.replace('file = "cards.csv"', 'file = "cards.csv"\ntype_column = "kind"')
    deck = write_deck(tmp_path, body, "name,kind,count\nhero,hero,1\norc,monster,2\n")
    loaded = decks.load(deck)
    assert [c.row.type for c in loaded.cards] == ["hero", "monster", "monster"]
    path = build(tmp_path / "out", deck)
    with pdfplumber.open(path) as pdf:
        assert [w["text"] for w in cards_words(pdf.pages[0])] == ["hero", "M", "orc", "1/2",
                                                                  "M", "orc", "2/2"]
    forms = {name for page in PdfReader(path).pages[1:] for name in art_forms(page)}
    assert len(forms) == 2  # the default back and the monsters' back


def test_toml_and_json_rows_and_rows_in_the_deck_file(tmp_path):
    (tmp_path / "cards.toml").write_text('[[cards]]\nname = "a"\n[[cards]]\nname = "b"\n'
                                         'count = 3\n', encoding="utf-8")
    (tmp_path / "cards.json").write_text('[{"name": "c"}]', encoding="utf-8")
    for data, expected in (('file = "cards.toml"', 4), ('file = "cards.json"', 1),
                           ('rows = [{name = "x"}, {name = "y", count = 0}]', 1)):
        deck = write_deck(tmp_path, SIMPLE.replace('file = "cards.csv"', data))
        assert len(decks.load(deck).cards) == expected


def test_a_shift_jis_csv_from_excel_is_read_and_said_once(tmp_path):
    (tmp_path / "cards.csv").write_bytes("name,count\n魔人,2\n①～㈱\n".encode("cp932"))
    deck = write_deck(tmp_path, SIMPLE)
    said = succeeds(main, ["deck", str(deck), "--out", str(tmp_path)])
    assert said.count("cards.csv is Shift-JIS (CP932)") == 1
    assert [row.fields["name"] for row in decks.load(deck).rows] == ["魔人", "①～㈱"]


def test_a_file_neither_utf8_nor_japanese_is_refused_by_its_byte(tmp_path):
    (tmp_path / "cards.csv").write_bytes(b"name\nA\xff\xfe\xfd\n")
    deck = write_deck(tmp_path, SIMPLE)
    with pytest.raises(InputError, match=r"cards.csv.*not UTF-8 text \(byte 6\)"):
        decks.load(deck)


def test_a_byte_order_mark_is_fine(tmp_path):
    (tmp_path / "cards.csv").write_bytes("\ufeffname\nA\n".encode())
    deck = write_deck(tmp_path, SIMPLE)
    assert decks.load(deck).rows[0].fields == {"name": "A"}


@pytest.mark.parametrize(("csv", "message", "place"), [
    ("name,count\nA,x\n", "whole number", "cards.csv:2: count"),
    ("name,count\nA,1000\n", "0 to 999", "cards.csv:2"),
    ("name\nA,B\n", "2 cells but 1 columns", "cards.csv:2"),
    ("name,name\nA,B\n", "named twice", "cards.csv:1"),
    ("name,\nA,B\n", "column 2 has no name", "cards.csv:1"),
    ("", "the file is empty", "cards.csv"),
    ("\n\n", "the file is empty", "cards.csv"),
    (",\nA\n", "first line names the columns", "cards.csv"),
])
def test_bad_csv_names_the_line(tmp_path, csv, message, place):
    deck = write_deck(tmp_path, SIMPLE, csv)
    with pytest.raises(InputError, match=message) as err:
        decks.load(deck)
    assert place in str(err.value)


# --- layers, templates and the sandbox -----------------------------------------------


@pytest.mark.parametrize(("change", "message"), [
    (('type = "text"', 'type = "texture"'), "a layer is one of"),
    (("h = 10\n", ""), "needs h"),
    (("h = 10\n", "h = 10\nangle = 3\n"), "unknown field 'angle'"),
    (('text = "{{ name }}"', 'text = "{{ name }"'), "template line 1"),
    (('fill = "#336699"', 'fill = "bluish"'), "a colour like"),
    (("[data]", "[dat]"), "unknown table 'dat'"),
    (('size = [60, 80]', 'size = "huge"'), "a named size"),
    (('name = "simple"', 'name = "../x"'), "file name"),
])
def test_bad_deck_files_name_the_place(tmp_path, change, message):
    deck = write_deck(tmp_path, SIMPLE.replace(*change), "name\nA\n")
    with pytest.raises(InputError, match=message) as err:
        decks.load(deck)
    assert "deck.toml" in str(err.value)


def test_a_missing_column_names_the_card_row_and_layer(tmp_path):
    deck = write_deck(tmp_path, SIMPLE.replace("{{ name }}", "{{ nme }}"), "name\nA\n")
    message = refuses(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert "card 1" in message and "cards.csv:2" in message and "face[0]" in message
    assert "'nme' is undefined" in message and not (tmp_path / "out").exists()


def test_templates_run_in_the_sandbox(tmp_path):
    for attack in ("{{ ''.__class__.__mro__ }}", "{{ row.__class__.__init__.__globals__ }}",
                   "{{ cycler.__init__.__globals__.os }}"):
        deck = write_deck(tmp_path, SIMPLE.replace("{{ name }}", attack), "name\nA\n")
        loaded = decks.load(deck)
        with pytest.raises(InputError) as err:
            decks.pieces(loaded, loaded.cards, measure, 3.0)
        assert "sandbox" in str(err.value) or "undefined" in str(err.value)


def test_when_shows_a_layer_only_where_it_holds(tmp_path):
    body = SIMPLE.replace('h = 10\n', "h = 10\nwhen = \"{{ rank == 'SR' }}\"\n", 1)
    deck = write_deck(tmp_path, body, "name,rank\nrare,SR\ncommon,C\n")
    loaded = decks.load(deck)
    faces = [p.front(3.0) for p in decks.pieces(loaded, loaded.cards, measure, 3.0).pieces]
    assert len(faces[0]) == 1 and faces[1] == []
    bad = write_deck(tmp_path, body.replace("rank == 'SR'", "rank"), "name,rank\nrare,SR\n")
    loaded = decks.load(bad)
    with pytest.raises(InputError, match="true or false"):
        decks.pieces(loaded, loaded.cards, measure, 3.0)


def test_a_back_may_not_use_a_cards_columns(tmp_path):
    body = SIMPLE.replace('fill = "#336699"', 'fill = "{{ colour }}"')
    deck = write_deck(tmp_path, body, "name,colour\nA,#ff0000\n")
    loaded = decks.load(deck)
    with pytest.raises(InputError, match="drawn once"):
        decks.pieces(loaded, loaded.cards, measure, 3.0)


def test_a_deck_extends_a_template_and_overrides_by_name(tmp_path):
    body = """
[deck]
name = "mine"
extends = "poker-card"
[vars]
frame = "#aa0000"
[data]
rows = [{title = "T", text = "body"}]
[[face]]
name = "title"
size = 20
[[face]]
name = "art"
remove = true
[[face]]
name = "stamp"
type = "circle"
cx = 50
cy = 10
r = 3
"""
    spec = load_spec(write_deck(tmp_path, body))
    names = [layer.name for layer in spec.face]
    assert names == ["background", "frame", "title", "rules", "stamp"]
    title = next(layer for layer in spec.face if layer.name == "title")
    assert title.fields["size"]({}) == 20 and title.fields["align"]({}) == "center"
    assert spec.size == (63.0, 88.0) and spec.vars["frame"] == "#aa0000"
    with pytest.raises(InputError, match="no template 'poker-kard'"):
        load_spec(write_deck(tmp_path, body.replace("poker-card", "poker-kard")))


def test_poker_on_letter_is_3_by_3_and_every_cut_can_be_found(tmp_path):
    """No room above or below the block for marks: the vertical cut lines get
    full-length cut guides; the horizontal ones keep their marks at the sides."""
    layout = impose(215.9, 279.4, 63, 88, bleed=3)
    assert (layout.cols, layout.rows) == (3, 3)
    lines = layout.crop_marks()
    for x in layout.cut_x():
        assert any(m.x1 == m.x2 == x and m.y1 == 0 and m.y2 == 279.4 for m in lines)
    for y in layout.cut_y():
        assert sum(m.y1 == m.y2 == y and m.x2 - m.x1 != 215.9 for m in lines) == 2
    path = build(tmp_path, POKER, "--paper", "letter", "--only", "1-9")
    with pdfplumber.open(path) as pdf:
        tall = [line for line in pdf.pages[0].lines
                if abs(line["height"] - 279.4 * PT) < 0.5]
    assert len(tall) == len(layout.cut_x())


# --- pictures ------------------------------------------------------------------------


def test_pictures_png_and_svg_are_placed_and_stored_once(tmp_path):
    path = build(tmp_path, QUIZ)
    page = PdfReader(path).pages[0]
    xobjects = page["/Resources"]["/XObject"]
    images = [name for name in xobjects if xobjects[name]["/Subtype"] == "/Image"]
    assert len(images) == 1  # the PNG (the SVG is drawn as vectors)
    assert text_has(path, "信濃川")
    svg = tmp_path / "card2.svg"
    succeeds(main, ["deck", str(QUIZ), "--preview", "2", "-o", str(svg)])
    assert "data:image/svg+xml;base64," in svg.read_text()


def text_has(path: Path, words: str) -> bool:
    return words in "".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_a_missing_or_broken_picture_names_the_card_and_the_file(tmp_path):
    body = SIMPLE + '[[face]]\ntype = "image"\nfile = "{{ art }}"\nx = 0\ny = 20\nw = 60\nh = 40\n'
    deck = write_deck(tmp_path, body, "name,art\nA,\nB,nowhere.png\n")
    message = refuses(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert "card 2" in message and "nowhere.png" in message and "no such picture" in message
    (tmp_path / "broken.png").write_bytes(b"not a png")
    deck = write_deck(tmp_path, body, "name,art\nB,broken.png\n")
    assert "cannot read the picture" in refuses(main, ["deck", str(deck), "--out",
                                                       str(tmp_path / "out")])
    deck = write_deck(tmp_path, body, "name,art\nB,cards.csv\n")
    assert ".png, .jpg or .svg" in refuses(main, ["deck", str(deck), "--out",
                                                  str(tmp_path / "out")])


@pytest.mark.parametrize(("fit", "expected"), [
    ("contain", (10.0, 25.0, 40.0, 20.0)),  # a 2:1 picture in a 40 × 40 box
    ("cover", (-10.0, 15.0, 80.0, 40.0)),
    ("stretch", (10.0, 15.0, 40.0, 40.0)),
])
def test_picture_fits(fit, expected):
    from pnp.pictures import placement

    assert placement((10.0, 15.0, 40.0, 40.0), (200.0, 100.0), fit) == expected


def test_cut_guides_outline_the_cards_rounded_corners():
    deck = decks.load(POKER)
    plain = decks.pieces(deck, deck.cards[:1], measure, 3.0).pieces[0].front(3.0)
    guided = decks.pieces(deck, deck.cards[:1], measure, 3.0, corners=True).pieces[0].front(3.0)
    outline = guided[-1]
    assert len(guided) == len(plain) + 1
    assert (outline.x, outline.y, outline.w, outline.h, outline.radius) == (0, 0, 63, 88, 3.0)


@pytest.mark.parametrize(("kind", "field", "value"), [
    ("text", "size", -3), ("text", "leading", 0), ("text", "min_size", 0),
    ("rect", "w", -1), ("rect", "width", 50), ("circle", "r", -2),
])
def test_out_of_range_sizes_are_refused(tmp_path, kind, field, value):
    fields = {"text": {"text": '"x"', "x": 0, "y": 0, "w": 10, "h": 10},
              "rect": {"x": 0, "y": 0, "w": 10, "h": 10},
              "circle": {"cx": 5, "cy": 5, "r": 3}}[kind] | {field: value}
    layer = "".join(f"{key} = {val}\n" for key, val in fields.items())
    body = f'[deck]\n[data]\nrows = [{{a = 1}}]\n[[face]]\ntype = "{kind}"\n{layer}'
    with pytest.raises(InputError, match=f"{field} is from"):
        decks.load(write_deck(tmp_path, body))


def test_a_layer_turns_about_its_own_centre(tmp_path):
    """rotate = 180 on the corner rank: drawn upside down about the middle of its box."""
    deck = decks.load(POKER)
    face = decks.pieces(deck, deck.cards[:1], measure, 3.0).pieces[0].front(3.0)
    turned = [s for s in face if getattr(s, "rotate", 0)]
    assert len(turned) == 2  # the rank and the suit below
    rank = turned[0]
    assert rank.rotate == 180 and (rank.dx, rank.dy) == (49 + 11 / 2, 77 + 8 / 2)
    inner = rank.items[0]
    assert (inner.dx, inner.dy) == (-rank.dx, -rank.dy)
    path = build(tmp_path, POKER, "--only", "1")
    with pdfplumber.open(path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] == "A" and c["top"] < 275 * PT]
    assert len(chars) == 2
    assert sorted(c["matrix"][0] < 0 for c in chars) == [False, True]  # one A turned 180°


@pytest.mark.parametrize(("body", "message"), [
    ('[deck]\nextends = "poker-card"\n[data]\nrows = [{title = "t"}]\n[[face]]\nname = [1]\n'
     'type = "rect"\n', "a layer's name is text"),
    ('vars = 3\n[deck]\nextends = "poker-card"\n[data]\nrows = [{title = "t"}]\n',
     "expected a [vars] table"),
    ('faces = 3\n[deck]\nextends = "poker-card"\n[data]\nrows = [{title = "t"}]\n',
     "by card type"),
    ('[deck]\n[data]\nrows = [{a = 1}]\ntype_column = ["k"]\n[[face]]\ntype = "rect"\n'
     'x = 0\ny = 0\nw = 1\nh = 1\n', "type_column is text"),
    ('[deck]\n[data]\nrows = [{a = 1, count = 0}]\n[[face]]\ntype = "rect"\nx = 0\ny = 0\n'
     'w = 1\nh = 1\n', "no cards"),
    ('[deck]\n[data]\nrows = [{a = 1}]\n', "the deck draws nothing"),
    ('[deck]\n[data]\nrows = [{a = "' + "x" * 5000 + '"}]\n[[face]]\ntype = "qr"\n'
     'data = "{{ a }}"\nx = 0\ny = 0\nsize = 20\n', "too many for a QR code"),
])
def test_malformed_decks_end_in_one_line_naming_the_place(tmp_path, body, message):
    deck = write_deck(tmp_path, body)
    output = refuses(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert message in output and "deck.toml" in output and not (tmp_path / "out").exists()


@pytest.mark.skipif(FONT.path is None, reason="no TrueType font: the viewer draws the text")
def test_a_character_the_font_lacks_fails_the_build(tmp_path: Path) -> None:
    """It would print as an empty box: the build stops, naming the character and the
    text it is in, and writes nothing."""
    deck = write_deck(tmp_path, '[deck]\nname = "boxes"\nsize = [60, 80]\n[data]\n'
                      'rows = [{t = "snow ꙮ day"}]\n[[face]]\ntype = "text"\n'
                      'text = "{{ t }}"\nx = 5\ny = 5\nw = 50\nh = 20\n')
    out = tmp_path / "out"
    message = refuses(main, ["deck", str(deck), "--out", str(out)])
    assert "the font has no glyph for 'ꙮ' (U+A66E) in 'snow ꙮ day'" in message
    assert not out.exists() or not list(out.iterdir())


def test_the_jokers_index_is_its_own(tmp_path: Path) -> None:
    """The example deck's jokers carry a star in their corners, not a J (the jack's)."""
    from pnp.deck import pieces
    from pnp.shapes import Text
    from tests.pnp.placed import placed

    deck = decks.load(POKER)
    jokers = [card for card in deck.cards if not card.row.fields.get("suit")]
    assert len(jokers) == 2
    drawn = pieces(deck, jokers, lambda text, size: len(text) * size * 0.2, 3.0)
    words = {s.text for s, _m in placed(drawn.pieces[0].front(3.0)) if isinstance(s, Text)}
    assert "J" not in words and "JOKER" in words


def test_an_emblem_is_made_from_its_seed() -> None:
    """The same seed, the same emblem; another seed, another; never too sparse to read."""
    from pnp import draw
    from pnp.shapes import Rect

    def cells(seed: str) -> list:
        return [(s.x, s.y) for s in draw.emblem(seed, 0, 0, 20, "#123456")[1:]
                if isinstance(s, Rect)]

    assert cells("M01 見習い剣士") == cells("M01 見習い剣士")
    seeds = [f"card {n}" for n in range(40)]
    assert len({tuple(cells(seed)) for seed in seeds}) >= 35
    for seed in seeds:
        found = cells(seed)
        assert len(found) >= 4
        mirrored = {(round(16.8 - x, 6), round(y, 6)) for x, y in found}
        assert mirrored == {(round(x, 6), round(y, 6)) for x, y in found}  # left to right


def test_the_stat_icons_are_drawn_not_written() -> None:
    from pnp.icons import icon
    from pnp.shapes import Path as Drawn

    for name in ("stat-hp", "stat-atk", "stat-def", "stat-spd"):
        (shape,) = icon(name, 0, 0, 5, "#336699")
        assert isinstance(shape, Drawn) and shape.style.fill == "#336699"
        xs = [c[i] for c in shape.commands for i in range(1, len(c), 2)]
        assert min(xs) >= 0 and max(xs) <= 5


# --- the bullets layer, and the games' own deck files ---------------------------------

BULLETS = SIMPLE.replace('''[[face]]
type = "text"
text = "{{ name }}"
x = 5
y = 5
w = 50
h = 10''', '''[[face]]
type = "bullets"
items = "{{ name }}"
x = 5
y = 5
w = 50
h = 60
size = 9
min_size = 7
bullet = "red"''')


def _flat(items) -> list:
    """Every shape among ``items``, into groups and forms."""
    from pnp.shapes import Form, Group

    found = []
    for item in items:
        found += _flat(item.items) if isinstance(item, (Group, Form)) else [item]
    return found


def test_a_bullets_layer_sets_each_line_after_a_dot(tmp_path):
    items = "一つめの項目。\n二つめ、少し長い項目で折り返す。\n三つめ"
    deck = write_deck(tmp_path, BULLETS, f'name\n"{items}"\n')
    built = decks.load(deck)
    drawn = decks.pieces(built, built.cards, measure, 3.0)
    shapes = drawn.pieces[0].front(3.0)
    from pnp.shapes import Circle, Text

    dots = [s for s in _flat(shapes) if isinstance(s, Circle) and s.style.fill == "#c8102e"]
    words = "".join(s.text for s in _flat(shapes) if isinstance(s, Text))
    assert len(dots) == 3 and "一つめの項目。" in words and "三つめ" in words
    assert not drawn.overflow


def test_a_bullets_list_that_cannot_fit_is_reported_and_strict_refuses(tmp_path):
    body = BULLETS.replace("h = 60", "h = 6")
    deck = write_deck(tmp_path, body, 'name\n"一つめ\n二つめ\n三つめ\n四つめ"\n')
    text = succeeds(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert "card 1 (" in text
    refuses(main, ["deck", str(deck), "--out", str(tmp_path / "strict"), "--strict"])
    assert not (tmp_path / "strict").exists()


def test_a_bullets_layer_with_a_negative_gap_is_refused_by_its_place(tmp_path):
    deck = write_deck(tmp_path, BULLETS.replace("bullet = \"red\"", "gap = -3"),
                      "name\none\n")
    message = refuses(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert "face[0].gap" in message and "negative" in message
    assert not (tmp_path / "out").exists()


def test_the_darkhall_tiles_deck_file_holds_the_games_tiles():
    """The file builds on its own with the rows the game prints from its data."""
    from companion.darkhall.pieces import monster_tiles

    spec = load_spec(Path("templates/decks/darkhall-tiles.toml"))
    (table,) = spec.tables
    assert tuple(row["tile"] for row in table.rows) == monster_tiles()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_darkhall_rules_card_carries_every_summary_item(lang):
    from pnp.components import darkhall as dh
    from pnp.shapes import Text

    (piece,) = dh.rules_pieces(lang, measure, 3.0)
    front = "".join(s.text for s in _flat(piece.front(3.0)) if isinstance(s, Text))
    back = "".join(s.text for s in _flat(piece.back(3.0)) if isinstance(s, Text))
    (title, items), (back_title, back_items) = dh.summary_text(lang)
    assert title in front and back_title in back
    for item, side in [*((i, front) for i in items), *((i, back) for i in back_items)]:
        assert item[:6] in side  # each item's start (the rest wraps)
