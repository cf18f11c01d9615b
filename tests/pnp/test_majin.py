"""The printed 魔人 dungeon set, opened: the card decks over the card files (backs by
tier and floor, stats at least 5 mm, the sample label), the corridor tiles, the map,
LP and treasure sheets, money, tokens and the summary card; text that cannot fit stops
the build naming the file, line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from companion.majin import cards as card_files
from pnp.build import Options, build_one, context
from pnp.catalog import find
from pnp.components import majin as mj
from pnp.impose import impose
from tests.pnp.conftest import art_forms, assert_fonts_embedded, needs_poppler
from tests.pnp.conftest import page_texts as texts

PT = 72 / 25.4
WORKED = Path(__file__).parents[2] / "examples" / "majin" / "worked"
SAMPLE_LINE = "pnp-companion の見本"


def back_forms(path) -> set[str]:
    reader = PdfReader(path)
    return {name for page in reader.pages[1::2] for name in art_forms(page)}


def test_majin_cards_carry_every_sample_card_and_its_label(built):
    pages = texts(built("majin-dungeon", "majin"))
    fronts = " ".join(pages[0::2])
    assert len(pages) == 6  # 24 cards, 9 a sheet, duplex
    for card in card_files.load("sample").majin.values():
        assert card.name in fronts or card.name[:6] in fronts, card.id
        assert f"{card.id} · サンプル" in fronts
    assert fronts.count(SAMPLE_LINE) == 24
    assert "魔人ダス" in " ".join(pages[1::2])
    assert len(back_forms(built("majin-dungeon", "majin"))) == 3  # one back per tier


def test_monsters_have_a_back_per_floor_bosses_and_items_one(built):
    assert len(texts(built("majin-dungeon", "monsters"))) == 8  # 30 cards: 4 sheets
    assert len(back_forms(built("majin-dungeon", "monsters"))) == 3
    assert len(back_forms(built("majin-dungeon", "bosses"))) == 1
    assert len(back_forms(built("majin-dungeon", "items"))) == 1
    fronts = " ".join(texts(built("majin-dungeon", "monsters"))[0::2])
    assert "B1F モンスター・L1・報奨金 50円" in fronts
    items = " ".join(texts(built("majin-dungeon", "items"))[0::2])
    assert "売値" in items and "買戻し" in items and "1200円" in items  # 2 × 600
    assert "装備アイテム・呪い" in items


def _digit_heights(path, page: int = 0) -> list[float]:
    pdf = pdfium.PdfDocument(str(path))
    text = pdf[page].get_textpage()
    heights = []
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1) in "23456789":
            _left, bottom, _right, top = text.get_charbox(i)
            heights.append((top - bottom) / PT)
    return heights


def test_stat_numerals_stand_at_least_5_mm(built):
    heights = [h for h in _digit_heights(built("majin-dungeon", "majin")) if h > 3.5]
    assert len(heights) >= 30 and min(heights) >= 5.0


def test_dungeon_tiles_every_copy_and_a_floor_back_each(built):
    found = card_files.load("sample")
    pieces = mj.tile_pieces(found, "ja")
    assert len(pieces) == 3 * 27  # 25 corridor cards, up stairs and special per floor
    assert impose(210, 297, 30, 30, bleed=0).per_page == 54  # 6 × 9 with shared cuts
    pages = texts(built("majin-dungeon", "dungeon", bleed=0.0))
    assert len(pages) == 4
    backs = " ".join(pages[1::2])
    assert all(f"B{floor}F" in backs for floor in (1, 2, 3))
    fronts = " ".join(pages[0::2])
    assert fronts.count("上り") == 3 and fronts.count("SP") == 3 and fronts.count("下り") == 2
    heights = [h for h in _digit_heights(built("majin-dungeon", "dungeon")) if h > 4]
    assert heights and min(heights) >= 6.0  # encounter numbers at least 6 mm


def test_the_band_opens_exactly_the_sides_of_the_shape():
    from pnp.shapes import Rect
    for shape, sides in (("I", "NS"), ("L", "NE"), ("T", "ESW"), ("X", "NESW"), ("D", "N")):
        card = card_files.Corridor("T1", 1, "corridor", shape, 0, "", 1)
        rects = [r for r in mj._corridor_band(card, 0) if isinstance(r, Rect)]
        reached = {side for side, hit in (("N", any(r.y <= 0 for r in rects)),
                                          ("S", any(r.y + r.h >= 30 for r in rects)),
                                          ("W", any(r.x <= 0 for r in rects)),
                                          ("E", any(r.x + r.w >= 30 for r in rects))) if hit}
        assert reached == set(sides), shape


def test_map_sheets_one_page_each_with_the_track(built):
    path = built("majin-dungeon", "map")
    pages = texts(path)
    assert len(pages) == 3
    for floor, page in enumerate(pages, start=1):
        assert f"B{floor}F" in page and "10 = 戦闘" in page and "6,6" in page
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert page.width < page.height  # portrait
        cells = [r for r in page.rects if abs(r["width"] / PT - 31) < 0.05
                 and abs(r["height"] / PT - 31) < 0.05]
        boxes = [r for r in page.rects if abs(r["width"] / PT - 12) < 0.05
                 and abs(r["height"] / PT - 12) < 0.05]
    assert len(cells) == 36 and len(boxes) == 13


def test_the_lp_sheet_has_two_tracks_of_41_boxes(built):
    from pnp.shapes import Rect
    page = texts(built("majin-dungeon", "lp"))[0]
    assert "魔人 LP" in page and "モンスター LP" in page and page.count("MAX") == 2
    assert all(page.count(str(n)) >= 2 for n in range(41))
    _w, _h, shapes = mj.lp_sheet("ja")
    boxes = [s for s in shapes if isinstance(s, Rect) and (s.w, s.h) == (14.0, 12.0)]
    assert len(boxes) == 82


def test_the_treasure_sheet_lists_every_row(built):
    pages = texts(built("majin-dungeon", "treasure"))
    assert len(pages) == 2  # the treasure table, then the event tables
    assert "火の巻物" in pages[0] and "3000円" in pages[0] and "1d6+1 ×100円" in pages[0]
    english = texts(built("majin-dungeon", "treasure", lang="en"))[0]
    assert "Fire Scroll" in english and "1d6+1 × 100 yen" in english


def test_money_tokens_and_summary(built):
    money = texts(built("majin-dungeon", "money"))
    assert " ".join(money[0::2]).count("円") == 44
    tokens = texts(built("majin-dungeon", "tokens"))
    assert len(tokens) == 2 and "召喚士" in tokens[0] and "全滅" in tokens[1]
    front, back = ("".join(page.split()) for page in texts(built("majin-dungeon", "summary")))
    assert "クリティカル" in front and "転校生3000円" in front
    for rule in ("最前列", "後衛全員", "捨てられない", "切り上げ", "B2F500円", "5枚まで",
                 "用意するもの"):  # what a table without the companion needs (issue 24)
        assert rule in back, rule


def test_english_cards_use_the_english_names_and_texts(built):
    fronts = " ".join(texts(built("majin-dungeon", "majin", lang="en"))[0::2])
    assert "Village Watchdog" in fronts and "Recover 3 LP" in fronts
    assert "Apprentice Swordsm…" in fronts  # too long for the band at 2.8 mm
    assert "gacha 100 yen" in fronts and "HP" in fronts


def test_a_card_folder_of_ones_own(tmp_path):
    ctx = context(Options(cards=str(WORKED)))
    game, component = find("majin-dungeon", "majin")
    path = build_one(game, component, ctx, tmp_path)
    assert path.name == "majin-dungeon-majin-cards-worked.pdf"
    fronts = texts(path)[0].replace("\n", "")
    assert "剣士" in fronts and SAMPLE_LINE not in fronts
    assert "敵一体を仲間にする（成功率：1d6で4以上）（制約：200円消費）" in fronts


def test_text_that_cannot_fit_stops_the_build_naming_file_line_and_column(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(WORKED, cards)
    lines = (cards / "majin.csv").read_text("utf-8").splitlines()
    lines[1] += ",ability"
    lines[2] += "," + "とても長い能力の説明。" * 40
    (cards / "majin.csv").write_text("\n".join(lines) + "\n", "utf-8")
    from click.testing import CliRunner

    from pnp.cli import main
    done = CliRunner().invoke(main, ["build", "majin-dungeon", "majin", "--cards", str(cards),
                                     "--out", str(tmp_path / "out")])
    assert done.exit_code == 2
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert "majin.csv: line 3: ability: the text does not fit" in done.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_a_long_name_is_shortened_at_a_character():
    def measure(text: str, size: float) -> float:
        return len(text) * size * 0.35
    name = "とても長い名前の魔人カードでタイトル帯に入らない"
    short = mj.fitted_title(name, measure)
    assert short.endswith("…") and name.startswith(short[:-1])
    assert measure(short, mj.TITLE[1]) <= mj.TITLE[0]
    assert mj.fitted_title("剣士", measure) == "剣士"


@needs_poppler
def test_majin_fonts_are_embedded(built):
    assert_fonts_embedded(built("majin-dungeon", "majin"))


@pytest.mark.parametrize("component", ["majin", "dungeon", "map"])
def test_majin_builds_are_byte_identical(tmp_path, component):
    game, found = find("majin-dungeon", component)
    first = build_one(game, found, context(Options()), tmp_path / "a").read_bytes()
    second = build_one(game, found, context(Options()), tmp_path / "b").read_bytes()
    assert first == second


def test_cards_belongs_to_majin_and_a_bad_folder_is_refused():
    from companion.errors import InputError
    from pnp.catalog import GAMES
    with pytest.raises(InputError, match="--cards does not apply to darkhall"):
        GAMES["darkhall"].check(Options(cards="sample"))
    with pytest.raises(InputError, match="not a card folder"):
        GAMES["majin-dungeon"].check(Options(cards="/nowhere"))


def test_the_small_pieces_share_sheets(built):
    pages = texts(built("majin-dungeon", "pieces"))
    fronts = " ".join(pages[0::2])
    assert len(pages) == 10  # 81 corridor tiles, 44 money cards, 5 tokens, the summary
    assert fronts.count("円") >= 44 and "早見表" in fronts and "召喚士" in fronts
    assert fronts.count("上り") == 3  # an up-stairs tile a floor


def test_a_card_folder_without_bosses_leaves_the_boss_cards_out(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    cards = tmp_path / "cards"
    shutil.copytree(WORKED, cards)
    (cards / "bosses.csv").unlink()
    whole = CliRunner().invoke(main, ["build", "majin-dungeon", "--cards", str(cards),
                                      "--out", str(tmp_path / "out")])
    assert whole.exit_code == 0, whole.output
    built = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert len(built) == 5 and not any("bosses" in name for name in built)  # cards: no boss
    named = CliRunner().invoke(main, ["build", "majin-dungeon", "bosses", "--cards",
                                      str(cards), "--out", str(tmp_path / "none")])
    assert named.exit_code == 2 and "nothing to print" in named.stderr
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(("lang", "words"), [("ja", ("イベント表", "泉を見つけた", "特別")),
                                              ("en", ("Event tables", "A spring", "special"))])
def test_the_event_tables_print_every_floors_events(built, lang, words) -> None:
    """For a table without the companion: each floor's events 1–6 and special event from
    the card folder, how they fire, and no companion command in the printed text."""
    text = "".join(texts(built("majin-dungeon", "treasure", lang=lang)))
    assert all(word in text for word in words)
    assert text.count("B1F") >= 1 and "B3F" in text and "--open" not in text
    assert "--boss" not in text


def test_the_event_tables_print_on_the_back_of_the_treasure_table(built) -> None:
    """One sheet of plain paper, both sides (the flip named on both pages); with
    --duplex none, two one-sided pages."""
    from pnp.build import Options, context
    from pnp.catalog import find

    reader = PdfReader(built("majin-dungeon", "treasure"))
    assert len(reader.pages) == 2 and b"/DuplexFlipLongEdge" in built(
        "majin-dungeon", "treasure").read_bytes()
    _game, component = find("majin-dungeon", "treasure")
    labels = [page.label for page in component.pages(context(Options(duplex="none")))]
    assert not any(label.endswith("(back)") for label in labels)


def test_the_ability_box_is_sized_to_its_text_and_the_emblem_takes_the_room() -> None:
    from pnp.build import Options, context

    measure = context(Options()).measure
    short = mj.ability_layout("LPを3回復", "M03 薬師の娘", measure)
    long_ = mj.ability_layout("敵一体に純ダメージ3（成功率：1d6で3以上）。" * 6, "x", measure)
    none = mj.ability_layout("", "M01 見習い剣士", measure)
    assert float(short["ability_h"]) == 12 and short["has_emblem"]
    assert 12 < float(long_["ability_h"]) <= 34
    assert float(none["ability_h"]) == 0 and float(none["emblem_size"]) >= 20
    bottom = float(short["emblem_y"]) + float(short["emblem_size"])
    assert float(short["emblem_y"]) >= 44 + 12 and bottom <= 78


@pytest.mark.parametrize("kind", ["majin", "monsters", "bosses", "items"])
def test_every_card_is_framed_in_its_band_colour_and_its_emblem_clears_the_ability(kind):
    """A designed face (issue 24): the band's colour (tier, floor, boss, item kind) frames
    the card out into the bleed, so a slight miscut still shows the frame; the ability
    box is sized to its text and the emblem sits below it, never inside."""
    from pnp.shapes import Rect

    measure = context(Options()).measure
    found = mj.load_cards(None, "ja")
    deck = mj.deck(kind, found, "ja", measure)
    for card, piece in zip(deck.rows, mj.card_pieces(kind, found, "ja", measure, 3.0),
                           strict=True):
        band = card.fields["band"]
        frames = [s for s in _flat(piece.front(3.0)) if isinstance(s, Rect)
                  and s.style.fill == band and s.x <= -3 + 1e-6 and s.y <= -3 + 1e-6
                  and s.w >= 63 + 6 - 1e-6 and s.h >= 88 + 6 - 1e-6]
        assert frames, card.where
        if card.fields.get("has_emblem"):
            box_bottom = float(card.fields["ability_h"]) + (
                mj.ITEM_ABILITY_TOP if kind == "items" else mj.ABILITY_TOP)
            assert float(card.fields["emblem_y"]) >= box_bottom + 2 - 1e-6, card.where


def test_item_prices_carry_no_stat_icon():
    """The item cards' two boxes are prices: no heart or sword beside 売値 and 買戻し."""
    measure = context(Options()).measure
    spec = mj.deck("items", mj.load_cards(None, "ja"), "ja", measure).spec
    names = {layer.name for layer in spec.face}
    assert not names & {"hp-icon", "atk-icon", "def-icon", "spd-icon"}


def _flat(items) -> list:
    from pnp.shapes import Form, Group

    found = []
    for item in items:
        found += _flat(item.items) if isinstance(item, (Group, Form)) else [item]
    return found
