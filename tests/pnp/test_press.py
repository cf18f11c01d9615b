"""Print-shop files read back: CMYK separation, PDF/X, overprint, preflight."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InputError
from pnp.cli import main
from pnp.press.preflight import Rules, check
from pnp.press.separation import K100, RICH_BLACK, Separation, shipped_profile
from tests.cli import refuses, succeeds

POKER = Path(__file__).parents[2] / "examples" / "decks" / "poker" / "poker.toml"
MM = 72 / 25.4
FOGRA = Separation(shipped_profile("FOGRA39-pnp.icc"))
LIMITED = Separation(shipped_profile("GRACoL2006-pnp.icc"), ink_limit=240)
colours = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


def test_the_options_name_every_shop_and_condition():
    from pnp.press.separation import CONDITIONS
    from pnp.press.shops import SHOPS
    from pnp.settings import CONDITION_NAMES, SHOP_NAMES

    assert tuple(SHOPS) == SHOP_NAMES and tuple(CONDITIONS) == CONDITION_NAMES


def test_black_is_black_ink_alone_and_large_black_areas_are_rich():
    assert FOGRA.ink("#000000") == K100
    assert FOGRA.ink("#000000", area=150.0) == RICH_BLACK == (0.30, 0.15, 0.15, 1.0)
    assert FOGRA.ink("#ffffff") == (0.0, 0.0, 0.0, 0.0)


@given(st.integers(0, 254), st.integers(1, 255))
def test_greys_are_black_ink_alone_darker_for_darker_greys(level, step):
    lighter = min(level + step, 255)
    c, m, y, k = FOGRA.ink(f"#{level:02x}{level:02x}{level:02x}")
    assert (c, m, y) == (0, 0, 0)
    assert k >= FOGRA.ink(f"#{lighter:02x}{lighter:02x}{lighter:02x}")[3]


@settings(max_examples=200)
@given(colours)
def test_no_colour_takes_more_ink_than_the_limit_in_whole_percents(colour):
    for separation, limit in ((FOGRA, 3.0), (LIMITED, 2.4)):
        inks = separation.ink(colour)
        assert sum(inks) <= limit + 1e-9
        assert all(0 <= v <= 1 and abs(v * 100 - round(v * 100)) < 1e-6 for v in inks)


def test_a_profile_that_is_not_for_cmyk_is_refused():
    from PIL import ImageCms

    rgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    with pytest.raises(InputError, match="for CMYK printing is needed; this one is for RGB"):
        Separation(rgb)
    with pytest.raises(InputError, match="not an ICC profile"):
        Separation(b"not a profile at all")


def build(tmp_path: Path, *args: str) -> tuple[Path, str]:
    said = succeeds(main, ["deck", str(POKER), "--out", str(tmp_path), *args])
    return tmp_path, said


def operators(pdf) -> list[tuple[list, str]]:
    """Every operator of every page and form, in order."""
    found = []
    streams = [page.obj for page in pdf.pages] + [
        o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]
    for stream in streams:
        found += [(list(ops), str(op)) for ops, op in pikepdf.parse_content_stream(stream)]
    return found


def test_press_makes_a_checked_pdf_x1a_for_japan_color(tmp_path):
    folder, _said = build(tmp_path, "--press")
    data = (folder / "poker-press.pdf").read_bytes()
    pdf = pikepdf.open(io.BytesIO(data))
    assert pdf.pdf_version == "1.3"
    info = pdf.docinfo
    assert str(info.GTS_PDFXVersion) == str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
    assert info.Trapped == pikepdf.Name("/False") and str(info.Title) == "Poker deck"
    intent = pdf.Root.OutputIntents[0]
    assert str(intent.OutputConditionIdentifier) == "JC200103"
    assert str(intent.RegistryName) == "http://www.color.org"
    assert "/DestOutputProfile" not in intent  # a registered condition, named
    with pdf.open_metadata() as meta:
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-1a:2001"
    assert len(pdf.pages) == 108
    for page in pdf.pages:
        trim = [float(v) for v in page.obj.TrimBox]
        bleed = [float(v) for v in page.obj.BleedBox]
        assert trim[0] - bleed[0] == pytest.approx(3 * MM, abs=0.01)
        assert (trim[2] - trim[0]) / MM == pytest.approx(63, abs=0.01)
    used = {op for _ops, op in operators(pdf)}
    assert not used & {"rg", "RG", "sc", "scn", "SC", "SCN", "cs", "CS"}
    assert check(data) == []
    assert build(tmp_path / "again", "--press")[0].joinpath("poker-press.pdf").read_bytes() \
        == data


def test_black_text_and_lines_print_k100_over_what_is_beneath(tmp_path):
    folder, _ = build(tmp_path, "--press")
    pdf = pikepdf.open(folder / "poker-press.pdf")
    states = pdf.pages[0].obj.Resources.ExtGState
    overprinting, fill = False, None
    texts = []
    for ops, op in operators(pdf)[:400]:
        if op == "gs" and "/OP" in states[str(ops[0])]:
            overprinting = bool(states[str(ops[0])].OP)
        if op == "k":
            fill = tuple(float(v) for v in ops)
        if op == "Tj":
            texts.append((fill, overprinting))
    assert texts and all(fill == K100 and on for fill, on in texts if fill == K100)
    assert any(fill == K100 for fill, _on in texts)


def test_large_black_areas_take_the_rich_black_given(tmp_path):
    folder, _ = build(tmp_path, "--press", "--rich-black", "60,40,40,100")
    fills = {tuple(float(v) for v in ops) for ops, op in
             operators(pikepdf.open(folder / "poker-press.pdf")) if op == "k"}
    assert (0.6, 0.4, 0.4, 1.0) in fills and RICH_BLACK not in fills


def test_pdf_x4_embeds_the_conditions_profile(tmp_path):
    folder, _ = build(tmp_path, "--press", "--condition", "fogra39")
    pdf = pikepdf.open(folder / "poker-press.pdf")
    assert pdf.pdf_version == "1.6"
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
    intent = pdf.Root.OutputIntents[0]
    assert str(intent.OutputConditionIdentifier) == "FOGRA39"
    profile = intent.DestOutputProfile
    assert int(profile.N) == 4 and profile.read_bytes() == shipped_profile("FOGRA39-pnp.icc")
    assert check((folder / "poker-press.pdf").read_bytes()) == []


def test_pdf_x4_for_japan_color_needs_its_profile_given(tmp_path):
    said = refuses(main, ["deck", str(POKER), "--press", "--pdfx", "x4", "--out",
                          str(tmp_path)])
    assert "none may ship for Japan Color 2001 Coated: give --icc" in said
    own = tmp_path / "JapanColor.icc"
    own.write_bytes(shipped_profile("FOGRA39-pnp.icc"))  # stands in for one's own profile
    folder, _ = build(tmp_path, "--press", "--pdfx", "x4", "--icc", str(own))
    pdf = pikepdf.open(folder / "poker-press.pdf")
    intent = pdf.Root.OutputIntents[0]
    assert str(intent.OutputConditionIdentifier) == "JC200103"
    assert intent.DestOutputProfile.read_bytes() == own.read_bytes()


@pytest.mark.parametrize(("args", "words"), [
    (["--condition", "fogra39"], "--condition is for print-shop files: give --press"),
    (["--for", "gamecrafter", "--pdfx", "x1a"], "--for gamecrafter makes RGB pictures"),
    (["--press", "--fold"], "--fold, --ink-saver and --copies do not apply"),
    (["--press", "--icc", "missing.icc"], "missing.icc"),
    (["--press", "--rich-black", "60,40,40"], "four percentages C,M,Y,K"),
    (["--press", "--rich-black", "100,100,100,100"], "400 % of ink, over the limit of 300 %"),
])
def test_press_options_that_do_not_go_together_are_refused(tmp_path, args, words):
    assert words in refuses(main, ["deck", str(POKER), "--out", str(tmp_path), *args])
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize("shop", ["japan", "drivethrucards", "printninja", "gamecrafter"])
def test_the_quiz_example_goes_to_every_shop(tmp_path, shop):
    quiz = POKER.parents[1] / "quiz" / "quiz.toml"
    said = succeeds(main, ["deck", str(quiz), "--for", shop, "--out", str(tmp_path)])
    assert f"quiz-{shop}" in said
    for pdf in tmp_path.rglob("*.pdf"):  # read back with the shop's own rules
        rules = Rules(3.175, 3.175, 240) if shop == "drivethrucards" else Rules()
        assert check(pdf.read_bytes(), rules) == []
    assert any(tmp_path.rglob("*.png" if shop == "gamecrafter" else "*.pdf"))


def test_tabletop_simulator_pictures_are_for_decks(tmp_path):
    said = refuses(main, ["build", "darkhall", "tiles", "--for", "tts", "--out", str(tmp_path)])
    assert "use it with pnp deck" in said


def test_japanese_printers_get_a_file_per_face_with_tombo_and_a_proof(tmp_path):
    folder, said = build(tmp_path, "--for", "japan")
    files = sorted(p.name for p in (folder / "poker-japan").iterdir())
    pdfs = [n for n in files if n.endswith(".pdf")]
    assert len(pdfs) == 55  # 54 fronts, the shared back once
    assert pdfs[0] == "poker-japan-back-001.pdf" and pdfs[-1] == "poker-japan-front-054.pdf"
    assert all(n.isascii() for n in files) and len(files) == 110
    pdf = pikepdf.open(folder / "poker-japan" / "poker-japan-front-001.pdf")
    page = pdf.pages[0].obj
    media = [float(v) / MM for v in page.MediaBox]
    trim = [float(v) / MM for v in page.TrimBox]
    assert media[2] == pytest.approx(63 + 2 * 13, abs=0.01)  # trim + 3 mm bleed + 10 mm
    assert trim[0] == pytest.approx(13, abs=0.01) and trim[2] - trim[0] == pytest.approx(63)
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2001"
    from PIL import Image

    with Image.open(folder / "poker-japan" / "poker-japan-front-001.jpg") as proof:
        assert proof.format == "JPEG" and proof.size[0] == round((63 + 26) / 25.4 * 150)
    assert "55 files" not in said and "110 files for Japanese card printers" in said


def test_drivethrucards_gets_one_pdf_alternating_within_240_percent(tmp_path):
    folder, _ = build(tmp_path, "--for", "drivethrucards")
    data = (folder / "poker-drivethrucards.pdf").read_bytes()
    pdf = pikepdf.open(io.BytesIO(data))
    assert len(pdf.pages) == 108
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003" and pdf.pdf_version == "1.4"
    intent = pdf.Root.OutputIntents[0]
    assert str(intent.OutputConditionIdentifier) == "CGATS TR 003"
    assert intent.DestOutputProfile.read_bytes() == shipped_profile("SWOP2006-pnp.icc")
    media = [float(v) / 72 for v in pdf.pages[0].obj.MediaBox]
    assert media[2:] == pytest.approx([2.75, 3.75])  # poker 2.5 × 3.5 in + 1/8 in bleed
    labels = [str(page.label) for page in pdf.pages[:2]]
    assert labels == ["deck: card 1", "deck: card 1 (back)"]  # front, then its back
    bleed = float(pdf.pages[0].obj.TrimBox[0]) - float(pdf.pages[0].obj.BleedBox[0])
    assert bleed / MM == pytest.approx(25.4 / 8, abs=0.01)
    totals = [sum(float(v) for v in ops) for ops, op in operators(pdf) if op in ("k", "K")]
    assert max(totals) <= 2.4 + 1e-9
    assert check(data, Rules(bleed=3.175, safe=3.175, ink_limit=240)) == []


def test_printninja_gets_the_fronts_then_the_shared_back_once(tmp_path):
    folder, _ = build(tmp_path, "--for", "printninja")
    assert len(pikepdf.open(folder / "poker-printninja.pdf").pages) == 55


def test_the_game_crafter_gets_a_png_per_face_of_its_template_size(tmp_path):
    from PIL import Image

    folder, _ = build(tmp_path, "--for", "gamecrafter")
    pictures = sorted((folder / "poker-gamecrafter").glob("*.png"))
    assert len(pictures) == 55  # the fronts, and the shared back once
    with Image.open(pictures[0]) as picture:
        assert picture.size == (825, 1125) and picture.mode == "RGB"
    again, _ = build(tmp_path / "again", "--for", "gamecrafter", "--only", "1-3")
    for made in sorted((again / "poker-gamecrafter").glob("*.png")):
        assert made.read_bytes() == (folder / "poker-gamecrafter" / made.name).read_bytes()


def test_game_pieces_of_no_card_product_are_refused_by_drivethrucards(tmp_path):
    said = refuses(main, ["build", "darkhall", "tokens", "--for", "drivethrucards", "--out",
                          str(tmp_path)])
    assert "is none of DriveThruCards's card products (poker 2.5 × 3.5 in" in said


def test_a_card_of_no_game_crafter_product_is_refused(tmp_path):
    deck = tmp_path / "odd.toml"
    deck.write_text(POKER.read_text("utf-8").replace('size = "poker"', "size = [40, 40]"),
                    "utf-8")
    said = refuses(main, ["deck", str(deck), "--data", str(POKER.parent / "cards.csv"),
                          "--for", "gamecrafter", "--out", str(tmp_path / "out")])
    assert "a 40 × 40 mm card is none of The Game Crafter's card products" in said
    assert not (tmp_path / "out").exists()


def test_game_pieces_go_to_a_shop_and_whole_sheets_are_refused(tmp_path):
    said = succeeds(main, ["build", "darkhall", "tokens", "--for", "printninja", "--out",
                           str(tmp_path)])
    pdf = tmp_path / "darkhall-tokens-printninja.pdf"
    assert check(pdf.read_bytes(), Rules(bleed=3.175, safe=3.175)) == [], said
    said = refuses(main, ["build", "roguelight", "sheet", "--press", "--out", str(tmp_path)])
    assert "whole sheets for a home or copy-shop printer" in said


def test_the_majin_pieces_pass_an_eighth_inch_safe_zone(tmp_path):
    succeeds(main, ["build", "majin-dungeon", "pieces", "--for", "printninja", "--out",
                    str(tmp_path)])
    made = (tmp_path / "majin-dungeon-pieces-printninja.pdf").read_bytes()
    assert check(made, Rules(bleed=3.175, safe=3.175)) == []


def test_a_finding_names_the_piece_its_page_prints(tmp_path):
    said = refuses(main, ["build", "rakugaaki", "guards", "--for", "printninja", "--out",
                          str(tmp_path)])
    assert "page 2 (guards: guard-2): text within 3.175 mm of the trim (at x " in said


def test_a_games_set_for_a_shop_leaves_its_sheets_out_with_a_note(tmp_path):
    said = succeeds(main, ["build", "roguelight", "--for", "japan", "--out", str(tmp_path)])
    assert "roguelight sheet: whole sheets for a home or copy-shop printer" in said
    assert "(left out)" in said
    files = sorted(p.name for p in (tmp_path / "roguelight-pieces-japan").glob("*.pdf"))
    assert files == ["roguelight-pieces-japan-back-001.pdf",
                     "roguelight-pieces-japan-front-001.pdf",
                     "roguelight-pieces-japan-front-002.pdf"]


def test_near_black_text_and_lines_print_in_black_ink_alone():
    dark_red = "#2a0808"
    assert FOGRA.ink(dark_red)[:3] != (0, 0, 0)  # a fill keeps its colour
    assert FOGRA.ink(dark_red, line=True) == K100


def test_check_reads_a_home_print_file_and_names_what_a_shop_refuses(tmp_path):
    succeeds(main, ["deck", str(POKER), "--one-up", "--out", str(tmp_path)])
    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["check", str(tmp_path / "poker-one-up.pdf")])
    assert result.exit_code == 2
    assert "page 1: RGB colour in a fill" in result.stdout and "(at x " in result.stdout
    assert "… and" in result.stdout
    result = CliRunner().invoke(main, ["check", str(tmp_path / "poker-one-up.pdf"), "--json"])
    import json

    found = json.loads(result.stdout)
    assert found["passed"] is False and found["findings"][0]["page"] == 1
    (tmp_path / "note.pdf").write_text("hello", "utf-8")
    assert "not a PDF file" in refuses(main, ["check", str(tmp_path / "note.pdf")])
    with pikepdf.open(tmp_path / "poker-one-up.pdf") as pdf:
        pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(owner="o", user="u"))
    assert "locked with a password" in refuses(main, ["check", str(tmp_path / "locked.pdf")])
    (tmp_path / "cut.pdf").write_bytes((tmp_path / "poker-one-up.pdf").read_bytes()[:3000])
    said = refuses(main, ["check", str(tmp_path / "cut.pdf")])
    assert "cut.pdf" in said and "Traceback" not in said


def made_pdf(draw, *, trim: bool = True, bleed: float = 3.0) -> bytes:
    """A one-page 63 × 88 mm card drawn by ``draw(canvas)`` in points."""
    from reportlab.pdfgen import canvas as pdfcanvas

    buffer = io.BytesIO()
    w, h = (63 + 2 * bleed) * MM, (88 + 2 * bleed) * MM
    c = pdfcanvas.Canvas(buffer, pagesize=(w, h), invariant=1)
    if trim:
        c.setTrimBox((bleed * MM, bleed * MM, w - bleed * MM, h - bleed * MM))
        c.setBleedBox((0, 0, w, h))
    draw(c)
    c.showPage()
    c.save()
    return buffer.getvalue()


def found(data: bytes, **rules) -> list[str]:
    return [str(f) for f in check(data, Rules(**rules))]


def test_check_finds_each_problem_with_its_page_and_place():
    def registration(c):
        c.setFillColorCMYK(1, 1, 1, 1)
        c.rect(30 * MM, 30 * MM, 5 * MM, 5 * MM, stroke=0, fill=1)

    assert any("registration black" in f and "at x 27.0 mm, y" in f
               for f in found(made_pdf(registration)))

    def heavy(c):
        c.setFillColorCMYK(1, 0.9, 0.9, 0.5)
        c.rect(20 * MM, 20 * MM, 10 * MM, 10 * MM, stroke=0, fill=1)

    assert any("total ink 330 %" in f for f in found(made_pdf(heavy)))
    assert found(made_pdf(heavy), ink_limit=340) == []

    def rich_text(c):
        c.setFillColorCMYK(0.6, 0.4, 0.4, 1)
        c.setFont("Helvetica", 8)
        c.drawString(20 * MM, 40 * MM, "Attack 3")

    problems = found(made_pdf(rich_text))
    assert any("8.0 pt text in rich black" in f for f in problems)
    assert any("the font Helvetica is not embedded" in f for f in problems)

    def near_trim(c):
        c.setFillColorCMYK(0, 0, 0, 1)
        c.setFont("Helvetica", 9)
        c.drawString(4 * MM, 50 * MM, "edge")

    assert any("text within 3 mm of the trim" in f and "x 1.0 mm" in f
               for f in found(made_pdf(near_trim)))
    assert not any("within" in f for f in found(made_pdf(near_trim), safe=0.5))


def test_check_finds_missing_boxes_thin_bleed_and_coarse_pictures():
    assert any("no TrimBox" in f for f in found(made_pdf(lambda c: None, trim=False)))
    assert any("bleed 1.0 mm beyond the trim; the shop needs 3 mm" in f
               for f in found(made_pdf(lambda c: None, bleed=1.0)))
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    picture = ImageReader(Image.new("CMYK", (100, 100), (0, 0, 0, 128)))

    def coarse(c):
        c.drawImage(picture, 10 * MM, 10 * MM, 25.4 * MM, 25.4 * MM)

    assert any("a picture of 100 dpi at its printed size" in f
               for f in found(made_pdf(coarse)))
    rgb = ImageReader(Image.new("RGB", (600, 600), (200, 10, 10)))
    assert any("an RGB picture" in f for f in found(made_pdf(
        lambda c: c.drawImage(rgb, 10 * MM, 10 * MM, 25.4 * MM, 25.4 * MM))))


@pytest.fixture(scope="module")
def small_print_file(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("small")
    succeeds(main, ["deck", str(POKER), "--press", "--only", "1-2", "--out", str(folder)])
    with pikepdf.open(next(folder.glob("*.pdf"))) as pdf:
        out = io.BytesIO()
        pdf.save(out, compress_streams=False,
                 stream_decode_level=pikepdf.StreamDecodeLevel.generalized)
    return out.getvalue()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)),
                min_size=1, max_size=30))
def test_a_damaged_pdf_is_said_to_be_damaged_never_a_traceback(small_print_file, changes):
    data = bytearray(small_print_file)
    for place, value in changes:
        data[int(place * len(data))] = value
    try:
        check(bytes(data))
    except InputError as err:
        assert "the PDF" in str(err) or "cannot be read" in str(err)
