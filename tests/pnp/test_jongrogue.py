"""The printed JongRogue set, opened: the 144-card deck, the map, character and rules
sheets, the credit everywhere, and tables that change what is printed."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from companion import data as shipped_data
from companion.jongrogue import cards, tables
from pnp.build import Options, build_one, context
from pnp.catalog import find
from tests.pnp.conftest import (
    art_forms,
    assert_fonts_embedded,
    inked_near_the_edge,
    needs_poppler,
)
from tests.pnp.conftest import page_texts as texts

PT = 72 / 25.4


def test_the_deck_is_144_cards_on_30_pages_with_every_serial(built):
    pages = texts(built("jongrogue", "deck"))
    assert len(pages) == 30
    serials = set(re.findall(r"(\d{3})/144", " ".join(pages[0::2])))
    assert serials == {f"{n:03d}" for n in range(1, 145)}


def test_serials_follow_the_canonical_order_copies_together() -> None:
    rows = cards.rows(tables.load(), "ja")
    assert [r["label"] for r in rows[:5]] == ["1m · 001/144", "1m · 002/144", "1m · 003/144",
                                              "1m · 004/144", "2m · 005/144"]
    assert rows[36]["label"] == "1p · 037/144" and rows[-1]["label"] == "s4 · 144/144"


def test_without_flowers_136_cards(tmp_path: Path):
    ctx = context(Options(no_flowers=True))
    game, component = find("jongrogue", "deck")
    path = build_one(game, component, ctx, tmp_path)
    assert path.name == "jongrogue-deck-no-flowers.pdf"
    pages = texts(path)
    assert len(pages) == 28 and "136/136" in " ".join(pages)


def test_two_by_five_meishi_on_a4_and_us_business_cards_on_letter(built):
    with pdfplumber.open(built("jongrogue", "deck")) as pdf:
        page = pdf.pages[0]
        assert (round(page.width / PT), round(page.height / PT)) == (210, 297)
    from pnp.impose import impose
    assert impose(210, 297, 91, 55).per_page == 10
    assert impose(215.9, 279.4, 88.9, 50.8).per_page == 10
    letter = texts(built("jongrogue", "deck", paper="letter"))
    assert len(letter) == 30


def test_the_faces_are_turned_into_landscape_slots_and_backs_the_other_way():
    from pnp.components import jongrogue as jr
    from pnp.shapes import Group
    built = jr.deck(tables.load(), "ja", "a4")
    assert built.spec.turned and built.spec.size == (91.0, 55.0)
    assert built.spec.drawn_size == (55.0, 91.0)
    from pnp.deck import pieces
    piece = pieces(built, built.cards[:1], lambda t, s: len(t) * s * 0.35, 3.0).pieces[0]
    face, back = piece.front(3.0)[0], piece.back(3.0)[0]
    assert isinstance(face, Group) and face.rotate == -90 and face.dy == 55
    assert isinstance(back, Group) and back.rotate == 90 and back.dx == 91


def test_one_back_form_for_all_cards(built):
    reader = PdfReader(built("jongrogue", "deck"))
    forms = {name for page in reader.pages[1::2] for name in art_forms(page)}
    assert len(forms) == 1


def test_the_credit_is_on_every_back_footer_sheet_and_in_the_metadata(built):
    deck = built("jongrogue", "deck")
    info = PdfReader(deck).metadata
    assert "CC BY-SA 4.0" in info.subject and "某犬犬" in info.subject
    pages = texts(deck)
    assert all("CC BY-SA 4.0" in page for page in pages)  # every footer
    assert all("提供します" in page for page in pages[1::2])  # the notice on the backs
    for component in ("character", "rules"):
        for page in texts(built("jongrogue", component)):
            assert "二次的著作物" in page, component
    assert "二次的著作物" in "".join("".join(texts(built("jongrogue", "map"))).split())
    assert "this derived print" in texts(built("jongrogue", "rules", lang="en"))[-1]


def test_meaning_bands_mark_the_readings(built):
    text = " ".join(texts(built("jongrogue", "deck"))[0::2])
    assert "迷宮マップの山に積む" in text and "東へ通路（端なら反対）（解釈）" in text
    assert "罠：落とし穴の罠（数字1）（解釈）" in text and "1d9：3 北東" in text
    assert "予備牌（ゲームでは使わない）・PCの目印に" in text.replace("\n", "")  # wrapped
    english = " ".join(texts(built("jongrogue", "deck", lang="en"))[0::2])
    assert "labyrinth pile" in english and "(reading)" in english


def shipped(name: str) -> str:
    return shipped_data.text("jongrogue", name)


def test_replaced_tables_print_replaced_cards_and_rules(tmp_path: Path):
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "traps.csv").write_text(shipped("traps.csv").replace("落とし穴の罠", "奈落の罠"),
                                      "utf-8")
    ctx = context(Options(tables=str(folder)))
    game, deck = find("jongrogue", "deck")
    text = " ".join(texts(build_one(game, deck, ctx, tmp_path / "out")))
    assert "奈落の罠" in text and "落とし穴の罠" not in text
    _, rules = find("jongrogue", "rules")
    assert "奈落の罠" in " ".join(texts(build_one(game, rules, ctx, tmp_path / "out")))


def test_the_map_sheets(built):
    path = built("jongrogue", "map")
    reader = PdfReader(path)
    assert len(reader.pages) == 6  # the labyrinth tiled over 2 × 2, the encounter over 2
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)
    labyrinth, encounter = " ".join(texts(path)[:4]), " ".join(texts(path)[4:])
    assert "迷宮の山札" in labyrinth and "捨て場" in labyrinth and "北西" in labyrinth
    assert "5: 5m 5p 5s Wh G R" in labyrinth  # the tile-d9 legend from rooms.csv
    assert "遭遇マップ" in encounter and "扇形" in encounter
    with pdfplumber.open(path) as pdf:
        slots = [r for page in pdf.pages[:4] for r in page.rects
                 if abs(r["width"] / PT - 57) < 0.1 and abs(r["height"] / PT - 93) < 0.1]
    assert len(slots) >= 20  # 18 room slots and 2 boxes, some seen on two tiles


#: Card sizes the map sheets are made for: the defaults of A4 and Letter, the compact
#: tiles, and sizes of one's own (WxH).
CARDS = [("a4", None), ("letter", None), ("a4", "tile"), ("a4", "poker"), ("letter", "60x95")]


@pytest.mark.parametrize(("paper", "card"), CARDS)
def test_every_slot_holds_the_builds_card_with_room_to_spare(paper, card) -> None:
    """§12.4: every slot is the card's trim plus 2 mm each way; no two slots overlap,
    except the fanned ones, which leave every card's corner index in sight."""
    from pnp.components import jongrogue as jr
    from pnp.paper import PAPERS, usable

    cw, ch = jr.card_of(paper, card)
    labyrinth = jr.Labyrinth((cw, ch))
    slots = labyrinth.slots()
    assert len(slots) == 20
    assert all(w >= cw + 2 - 1e-9 and h >= ch + 2 - 1e-9 for _x, _y, w, h in slots)
    assert not any(_overlap(a, b) for i, a in enumerate(slots) for b in slots[i + 1:])
    encounter = jr.encounter_mat((cw, ch), usable(PAPERS[paper].width, 1)[2])
    for number in range(1, 10):
        four = encounter.slots(number)
        assert all(w >= cw + 2 - 1e-9 and h >= ch + 2 - 1e-9 for _x, _y, w, h in four)
        room = (*encounter.room_at(number), *encounter.room)
        assert all(_inside(slot, room) for slot in four)
        if encounter.fanned:
            assert all(b[1] - a[1] >= INDEX_TALL for a, b in itertools.pairwise(four))
        else:
            assert not any(_overlap(a, b) for i, a in enumerate(four) for b in four[i + 1:])


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(inner, outer) -> bool:
    return (outer[0] <= inner[0] and inner[0] + inner[2] <= outer[0] + outer[2]
            and outer[1] <= inner[1] and inner[1] + inner[3] <= outer[1] + outer[3])


#: The corner index's height on the face (mm, from the top of the card): ≥ 12 mm tall.
INDEX_TALL = 15.7


def test_every_face_in_the_game_carries_a_corner_index_12_mm_tall() -> None:
    from pnp.components import jongrogue as jr

    spec = jr.deck_spec("ja", "a4")
    layers = {layer.name: layer.fields for layer in spec.face}
    top, suit = layers["index"], layers["index-suit"]
    assert suit["y"]({}) + suit["h"]({}) <= INDEX_TALL <= jr.FAN
    assert suit["y"]({}) + suit["h"]({}) - top["y"]({}) >= 12
    rows = cards.rows(tables.load(), "ja")
    game = [row for row in rows if row["tile"] not in ("f1", "f2", "f3", "f4", "s1", "s2",
                                                       "s3", "s4")]
    assert len(game) == 136 and all(row["index"] and row["index_suit"] for row in game)
    assert {row["index_suit"] for row in game} >= {"萬", "筒", "索", "E", "Wh"}


@needs_poppler
@pytest.mark.parametrize(("paper", "lang"), [("a4", "ja"), ("letter", "en")])
def test_the_map_sheets_stay_on_the_page(built, paper, lang) -> None:
    """Nothing printed within 6 mm of the paper's edge, on A4 and on Letter (rendered,
    so a tile's clipped art counts only where it shows)."""
    assert inked_near_the_edge(built("jongrogue", "map", paper=paper, lang=lang)) == []


def test_the_character_sheet(built):
    page = texts(built("jongrogue", "character"))[0]
    for word in ("キャラクタ・シート", "東風", "南風", "26階", "イェンダーの魔除け", "探索の指輪",
                 "鎧保護の指輪", "拘束", "睡眠", "浮遊", "80,000"):
        assert word in page, word


@needs_poppler
def test_jongrogue_fonts_are_embedded(built):
    assert_fonts_embedded(built("jongrogue", "deck"))


def test_jongrogue_builds_are_byte_identical(tmp_path: Path):
    game, component = find("jongrogue", "deck")
    first = build_one(game, component, context(Options()), tmp_path / "a").read_bytes()
    second = build_one(game, component, context(Options()), tmp_path / "b").read_bytes()
    assert first == second


def test_a_bad_tables_folder_stops_the_build_before_it_starts(tmp_path: Path):
    from click.testing import CliRunner

    from pnp.cli import main
    (tmp_path / "rooms.csv").write_text("tile,room\n1m,1\n", "utf-8")
    result = CliRunner().invoke(main, ["build", "jongrogue", "--tables", str(tmp_path),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "rooms.csv" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("icon", ["mahjong-1p", "mahjong-9p", "mahjong-1s", "mahjong-8s",
                                  "mahjong-white", "mahjong-flower", "mahjong-season-4"])
def test_the_mahjong_art_stays_inside_its_box(icon: str):
    from pnp.icons import icon as draw_icon
    from tests.pnp.test_pieces import flatten
    shapes = draw_icon(icon, 10, 20, 55)
    assert shapes
    for shape, dx, dy in flatten(shapes):
        for x, y in _points(shape):
            assert 10 - 0.5 <= x + dx <= 65 + 0.5 and 20 - 0.5 <= y + dy <= 75 + 0.5, icon


def _points(shape) -> list[tuple[float, float]]:
    from pnp.shapes import Circle, Group, Line, Path, Rect
    if isinstance(shape, Circle):
        return [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy + shape.r)]
    if isinstance(shape, Rect):
        return [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    if isinstance(shape, Line):
        return [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    if isinstance(shape, Path):
        return [(c[i], c[i + 1]) for c in shape.commands for i in range(1, len(c) - 1, 2)]
    if isinstance(shape, Group):  # a turned stick: its centre
        return [(shape.dx, shape.dy)]
    return []


def test_a_restyled_deck_extends_the_shipped_one_with_exported_rows(tmp_path: Path):
    from click.testing import CliRunner

    from companion.cli import main as companion
    from pnp.cli import main as pnp
    exported = CliRunner().invoke(companion, ["jongrogue", "cards", "--out",
                                              str(tmp_path / "tiles.csv")])
    assert exported.exit_code == 0, exported.output
    (tmp_path / "my.toml").write_text('[deck]\nextends = "jongrogue"\nname = "mine"\n\n'
                                      '[vars]\nfelt = "#5a1a2a"\n\n[data]\nfile = "tiles.csv"\n',
                                      "utf-8")
    result = CliRunner().invoke(pnp, ["deck", str(tmp_path / "my.toml"), "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pages = texts(tmp_path / "out" / "mine.pdf")
    assert len(pages) == 30 and "037/144" in " ".join(pages)


def test_card_positions_and_mirrored_backs_within_a_tenth_of_a_millimetre(built):
    from pnp.impose import impose
    layout = impose(210, 297, 91, 55).for_count(10)
    with pdfplumber.open(built("jongrogue", "deck")) as pdf:
        pages = [[(r["x0"] / PT + 3, r["top"] / PT + 3) for r in pdf.pages[i].rects
                  if abs(r["width"] / PT - 97) < 0.1 and abs(r["height"] / PT - 61) < 0.1]
                 for i in (0, 1)]
    fronts, backs = pages
    for x, y in layout.trims():
        assert any(abs(x - fx) <= 0.1 and abs(y - fy) <= 0.1 for fx, fy in fronts)
        mx = 210 - x - 91  # long-edge duplex
        assert any(abs(mx - bx) <= 0.1 and abs(y - by) <= 0.1 for bx, by in backs)


def test_one_up_print_shop_pages(built):
    reader = PdfReader(built("jongrogue", "deck", one_up=True))
    assert len(reader.pages) == 288
    assert [round(float(v) / PT, 2) for v in reader.pages[0].trimbox] == [3.0, 3.0, 94.0, 58.0]


def test_on_letter_the_faces_are_scaled_to_us_business_cards_and_stay_inside(built):
    from pnp.deck import Fit
    fit = Fit((55.0, 91.0), (50.8, 88.9), 3.0)
    assert fit.scale == pytest.approx(50.8 / 55)
    assert fit.offset[0] == pytest.approx(0) and fit.offset[1] > 0
    assert fit.bleed * fit.scale == pytest.approx(3.0 + fit.offset[1])
    from pnp.impose import impose
    layout = impose(215.9, 279.4, 88.9, 50.8).for_count(10)
    boxes = [(x, y, x + 88.9, y + 50.8) for x, y in layout.trims()]
    with pdfplumber.open(built("jongrogue", "deck", paper="letter")) as pdf:
        chars = pdf.pages[0].chars
    def inside(c: dict) -> bool:
        return any(x0 - 0.1 <= c["x0"] / PT and c["x1"] / PT <= x1 + 0.1
                   and y0 - 0.1 <= c["top"] / PT and c["bottom"] / PT <= y1 + 0.1
                   for x0, y0, x1, y1 in boxes)
    strays = [c["text"] for c in chars if not inside(c) and c["top"] / PT < 265]
    assert strays == []  # every letter on a card, but the footer's


@pytest.mark.parametrize(("card", "slot"), [("meishi", (91.0, 55.0)),
                                             ("us-business", (88.9, 50.8)),
                                             ("63x88", (88.0, 63.0))])
def test_any_card_size_takes_the_tile_faces_scaled(card: str, slot: tuple[float, float]):
    from pnp.components import jongrogue as jr
    spec = jr.deck_spec("ja", "a4", card)
    assert spec.size == slot and spec.turned
    assert spec.design in (None, (91.0, 55.0))


@pytest.mark.parametrize(("card", "expected"), [("5x5", "--card 5"), ("nanx60", "card size"),
                                                 ("huge", "card size")])
def test_a_bad_card_size_is_refused(card: str, expected: str):
    from companion.errors import InputError
    with pytest.raises(InputError, match=expected):
        Options(card=card).check()


def test_the_rules_sheet_prints_the_search_table_in_its_own_words(built):
    """Ruling 9: rolls 1-3 check unless two rings are worn, 4-6 need a ring, 7-9 find it;
    the Japanese sheet says it in Japanese words, never the data file's ids."""
    ja = " ".join(texts(built("jongrogue", "rules")))
    assert "徘徊モンスター判定" in ja and "通路を発見" in ja and "何もなし" in ja
    assert not re.search(r"\b(check|passage|nothing)\b", ja)
    en = " ".join(texts(built("jongrogue", "rules", lang="en")))
    assert "wandering check" in en and "check+passage" not in en


def test_the_compact_deck_is_tile_sized_and_its_maps_take_a_sheet_each(built) -> None:
    """--card tile (spec 12.4): 144 portrait 27 × 36 mm cards without the meaning band
    (the meanings are on the maps and the rules), on 3 duplex sheets, and maps of one
    sheet each, as real tiles have."""
    deck = built("jongrogue", "deck", card="tile")
    pages = texts(deck)
    assert len(pages) == 6
    assert "迷宮マップの山に積む" not in " ".join(pages[0::2])
    from pnp.components import jongrogue as jr

    spec = jr.deck_spec("ja", "a4", "tile")
    assert spec.size == (27.0, 36.0) and not spec.turned
    assert not {"meaning", "label"} & {layer.name for layer in spec.face}
    assert len(PdfReader(built("jongrogue", "map", card="tile")).pages) == 2


def test_the_compact_maps_take_a_sheet_each_on_letter_too(built) -> None:
    """On Letter the labyrinth (262 mm) runs out to the 6 mm side edges above the footer,
    and the encounter map (266 mm tall) out to the top and bottom edges, its scale mark
    and footer up the side margins: a sheet each, nothing within 6 mm of the edge."""
    path = built("jongrogue", "map", card="tile", paper="letter", lang="en")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        for page in pdf.pages:
            marks = [*page.chars, *page.lines, *page.rects, *page.curves]
            width, height = page.width / PT, page.height / PT
            assert all(m["x0"] / PT >= 6 - 0.05 and m["x1"] / PT <= width - 6 + 0.05
                       and m["top"] / PT >= 6 - 0.05 and m["bottom"] / PT <= height - 6 + 0.05
                       for m in marks)
        words = pdf.pages[1].extract_text()
    assert "Encounter map" in words


def test_pips_fill_the_face_as_far_as_their_places_allow() -> None:
    """Issue 24: circles as large as real tiles have them — one radius a tile, the
    largest that keeps every pip clear of its neighbours and inside the art box (the
    spec's 0.13 of the width where they crowd, 8p and 9p), up to 0.3 (2p)."""
    from pnp import mahjong

    box = (0.0, 0.0, 41.0, 55.0)
    for number in range(2, 10):
        shapes = mahjong.CIRCLES[number](box)
        rings = [s for s in shapes if s.style.fill is None and s.style.stroke
                 and abs(s.r - max(c.r for c in shapes)) < 1e-9]
        r = rings[0].r
        for i, a in enumerate(rings):
            assert r <= a.cx <= 41 - r and r <= a.cy <= 55 - r, number
            for b in rings[i + 1:]:
                assert ((a.cx - b.cx) ** 2 + (a.cy - b.cy) ** 2) ** 0.5 > 2 * r, number
        if number in (8, 9):
            assert 0.13 * 41 - 0.01 <= r <= 0.16 * 41
        if number == 2:
            assert r >= 0.25 * 41


def test_sticks_are_as_long_as_their_rows_allow() -> None:
    from pnp import mahjong

    assert mahjong.stick_length([(0.5, 0.27), (0.5, 0.73)]) > 0.4  # 2s: two long sticks
    nine = [(u, v) for v in (0.17, 0.5, 0.83) for u in (0.2, 0.5, 0.8)]
    assert abs(mahjong.stick_length(nine) - 0.3) < 0.01  # 9s: the spec's 0.3
    for places in ([(0.5, 0.27), (0.3, 0.73), (0.7, 0.73)], nine):
        length = mahjong.stick_length(places)
        for i, (au, av) in enumerate(places):
            assert length / 2 <= min(av, 1 - av)
            for bu, bv in places[i + 1:]:
                if abs(au - bu) < 0.25 and av != bv:
                    assert abs(av - bv) >= length  # clear of the stick above or below


def test_grown_pips_keep_clear_of_the_business_cards_corner_index() -> None:
    """Where a tile's circles grow past the spec's 0.13, none reaches the corner index
    of the business-card face (its number and suit boxes, read from the deck file);
    nowhere is a pip drawn smaller than the spec's."""
    from pnp import mahjong
    from pnp.deck.spec import load_spec
    from pnp.templates import template_dir

    spec = load_spec(template_dir() / "decks" / "jongrogue.toml", rows_given=True)
    layers = {layer.name: layer for layer in spec.face}

    def value(layer: str, key: str) -> float:
        return float(layers[layer].fields[key]({}))

    right = max(value(n, "x") + value(n, "w") for n in ("index", "index-suit"))
    bottom = max(value(n, "y") + value(n, "h") for n in ("index", "index-suit"))
    size = value("art", "size")
    box = mahjong.art_box(value("art", "x"), value("art", "y"), size)
    for number in range(2, 10):
        rings = [s for s in mahjong.CIRCLES[number](box) if s.style.fill is None]
        r = max(ring.r for ring in rings)
        assert r >= 0.13 * box[2] - 1e-9, number
        if r > 0.13 * box[2] + 1e-9:
            for ring in rings:
                gap = (max(0.0, ring.cx - right) ** 2 + max(0.0, ring.cy - bottom) ** 2) ** 0.5
                assert gap >= ring.r, (number, ring)
