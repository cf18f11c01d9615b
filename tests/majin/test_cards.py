"""Card folders: the shipped sample set meets the spec's counts, the worked folder is
exactly the spec's table, and every bad cell is refused naming file, line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import i18n
from companion.cli import main
from companion.errors import InputError
from companion.majin import cards as card_files
from companion.majin import effects
from tests.majin.util import WORKED, refused, run

SAMPLE = card_files.load("sample")


def test_cards_json_counts_the_sample_set() -> None:
    found = run("cards")
    assert found["majin"] == {"count": 24, "by_tier": {"100": 10, "500": 8, "1000": 6},
                              "by_rank": found["majin"]["by_rank"]}
    assert found["monsters"] == {"1": 10, "2": 10, "3": 10} and found["bosses"] == 3
    assert found["items"] == {"count": 20, "cursed": 2}
    assert found["treasure_rows"] == 60 and found["events"] == 21
    for floor in ("1", "2", "3"):
        assert found["dungeon"][floor]["corridor"] == 25
        assert (found["dungeon"][floor]["up"], found["dungeon"][floor]["special"]) == (1, 1)
    assert [found["dungeon"][f]["down"] for f in "123"] == [1, 1, 0]


def test_sample_majin_cover_what_the_spec_lists() -> None:
    majin = list(SAMPLE.majin.values())
    ranks = {tier: {c.rank for c in majin if c.tier == tier} for tier in card_files.TIERS}
    assert ranks[100] <= {"C", "UC"} and ranks[500] <= {"UC", "R"}
    assert ranks[1000] <= {"R", "SR", "転校生"} and "転校生" in ranks[1000]
    actives = [c.active for c in majin if c.active]
    assert len(actives) >= 8
    verbs = {(a.verb, a.scope) for a in actives}
    assert {("pure", "one"), ("pure", "all")} <= verbs
    assert {"lp", "heal", "boost", "seal", "remove", "recruit"} <= {a.verb for a in actives}
    assert any(a.yen for a in actives) and any(a.start for a in actives)
    passives = [c.passive for c in majin if c.passive]
    assert len(passives) >= 4 and any(cl.amount < 0 for p in passives for cl in p)
    assert sum(1 for c in majin if c.atk.dice) >= 2


@pytest.mark.parametrize("floor, levels", [(1, {1, 2}), (2, {2, 3}), (3, {3, 4, 5})])
def test_sample_monsters_per_floor(floor: int, levels: set[int]) -> None:
    monsters = [m for m in SAMPLE.monsters.values() if m.floor == floor]
    assert len(monsters) == 10
    assert {m.level for m in monsters} <= levels
    assert all(50 <= m.bounty <= 500 for m in monsters)
    assert sum(1 for m in monsters if m.active or m.passive) >= 3
    assert any(m.active and m.active.attack for m in monsters)
    assert any(m.active and m.active.start for m in monsters)
    assert any(m.atk.dice or m.defence.dice for m in monsters)


def test_sample_bosses_items_and_labels() -> None:
    assert sorted(b.floor for b in SAMPLE.bosses.values()) == [1, 2, 3]
    kinds = [i.kind for i in SAMPLE.items.values()]
    assert len(kinds) == 20 and kinds.count("equip") >= 8 and kinds.count("use") >= 6
    assert kinds.count("other") >= 2 and sum(i.cursed for i in SAMPLE.items.values()) >= 2
    labelled = [*SAMPLE.majin.values(), *SAMPLE.monsters.values(), *SAMPLE.bosses.values(),
                *SAMPLE.items.values(), *SAMPLE.dungeon.values()]
    assert all(card.extra.get("label") == "サンプル" for card in labelled)


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_sample_dungeon_floors(floor: int) -> None:
    cards = [c for c in SAMPLE.dungeon.values() if c.floor == floor and c.kind == "corridor"]
    copies = [c for c in cards for _copy in range(c.count)]
    assert {c.shape for c in copies} == set(card_files.SHAPES)
    assert sum(c.symbol == "down" for c in copies) == (1 if floor < 3 else 0)
    assert 2 <= sum(c.symbol == "battle" for c in copies) <= 4
    assert {c.symbol for c in copies} >= {f"event{n}" for n in range(1, 7)}
    assert sum(1 <= c.enc <= 5 for c in copies) >= 10


def test_sample_treasure_and_events() -> None:
    rows = SAMPLE.treasure
    assert [r.number for r in rows] == list(range(1, 61))
    wanted = {i.id for i in SAMPLE.items.values() if i.kind != "other"}
    assert wanted <= {r.item for r in rows if r.kind == "item"}
    low = rows[:20]
    assert any(r.yen for r in low) and any(r.dice for r in low)
    price = {i.id: i.price for i in SAMPLE.items.values()}
    best = [price[r.item] for r in rows[40:] if r.item]
    cheap = [price[r.item] for r in low if r.item and not SAMPLE.items[r.item].cursed]
    assert max(cheap) < max(best)
    for floor in (1, 2, 3):
        assert {e for f, e in SAMPLE.events if f == floor} == {*"123456", "special"}
    assert "Z3" in SAMPLE.events[(3, "special")][0]


def test_the_worked_folder_is_the_spec_table() -> None:
    found = card_files.load(str(WORKED))
    stats = {c.id: (c.hp, str(c.atk), str(c.defence), c.spd)
             for c in [*found.majin.values(), *found.monsters.values(),
                       *found.bosses.values()]}
    assert stats == {"W1": (6, "5", "3", 4), "W2": (8, "3", "5", 2), "W3": (5, "2", "2", 6),
                     "W4": (7, "1d6+2", "2", 7), "W5": (4, "2", "1", 3),
                     "W6": (9, "6", "4", 5), "X1": (4, "4", "1", 2), "X2": (6, "6", "4", 5),
                     "X3": (5, "3", "2", 6), "X4": (10, "7", "9", 1),
                     "Y1": (12, "8", "6", 3)}
    assert [found.monsters[x].bounty for x in ("X1", "X2", "X3", "X4")] == [50, 120, 150, 300]
    assert [(i.kind, i.price, i.cursed) for i in found.items.values()] == [
        ("equip", 100, False), ("use", 150, False), ("equip", 50, True), ("use", 50, False)]


def test_generated_card_text_in_japanese_and_english() -> None:
    def texts(language: str) -> list[str]:
        i18n.use(language)
        try:
            return [effects.describe_active(effects.parse_active(t, "majin")) for t in
                    ("pure 5 all ok=3", "heal 3", "boost atk 2", "seal", "remove", "recruit",
                     "recruit yen=200")] + [
                effects.describe_active(effects.parse_active("lp 2 attack", "monster")),
                effects.describe_active(effects.parse_active("pure 4 all start", "boss")),
                effects.describe_passive(effects.parse_passive("def +1 front", "majin"),
                                         "majin")]
        finally:
            i18n.use(None)
    assert texts("ja") == [
        "敵全員に純ダメージ5（成功率：1d6で3以上）", "LPを3回復", "1ターンの間、前衛全員の攻撃+2",
        "敵一体の特殊能力を封じる", "敵一体を戦線離脱させる", "敵一体を仲間にする",
        "敵一体を仲間にする（制約：200円消費）", "LP直接ダメージ2、その後通常攻撃",
        "【戦闘開始前】敵全員に純ダメージ4", "【パッシヴ】前衛全員の防御+1"]
    assert texts("en")[0] == "Pure damage 5 to every enemy (success: 1d6 of 3 or more)"


# --- refusals ---------------------------------------------------------------------------


def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "cards"
    shutil.copytree(WORKED, copy)
    return copy


def replace_line(path: Path, number: int, line: str) -> None:
    lines = path.read_text("utf-8").splitlines()
    lines[number - 1] = line
    path.write_text("\n".join(lines) + "\n", "utf-8")


MAJIN_HEADER = "id,name,rank,tier,hp,atk,def,spd,active,passive"


@pytest.mark.parametrize("row, column, expected", [
    ("W1,剣士,C,100,x,5,3,4,,", "hp", 'expected a whole number 1-40, found "x"'),
    ("W1,剣士,C,100,41,5,3,4,,", "hp", "1-40"),
    ("W1,剣士,A,100,6,5,3,4,,", "rank", "expected one of C, UC, R, SR, 転校生"),
    ("W1,剣士,C,200,6,5,3,4,,", "tier", "100, 500, 1000"),
    ("W1,剣士,C,100,6,4d6,3,4,,", "atk", "dice like 1d6"),
    ("W1,剣士,C,100,6,5,1d6+100,4,,", "def", "dice like 1d6"),
    ("W1,剣士,C,100,6,5,3,100,,", "spd", "0-99"),
    ("W1,,C,100,6,5,3,4,,", "name", "1-40 characters"),
    ("W 1,剣士,C,100,6,5,3,4,,", "id", "an id of 1-20"),
    ("W1,剣士,C,100,6,5,3,4,smite 3,", "active", "one of pure, lp"),
    ("W1,剣士,C,100,6,5,3,4,pure 3,", "active", "pure AMOUNT one|all"),
    ("W1,剣士,C,100,6,5,3,4,pure 3 one ok=7,", "active", "ok= takes a whole number 2-6"),
    ("W1,剣士,C,100,6,5,3,4,lp 2 attack,", "active", "attack"),
    ("W1,剣士,C,100,6,5,3,4,boost atk 2 start,", "active", "start"),
    ("W1,剣士,C,100,6,5,3,4,heal 2 start yen=100,", "active", "start"),
    ("W1,剣士,C,100,6,5,3,4,heal 2 ok=3 ok=4,", "active", "given twice"),
    ("W1,剣士,C,100,6,5,3,4,,def +1 all", "passive", "scope 'all'"),
    ("W1,剣士,C,100,6,5,3,4,,def +10 self", "passive", "N 1-9"),
    ("W1,剣士,C,100,6,5,3,4,,atk +1 self; atk +1 self; atk +1 self; atk +1 self", "passive",
     "at most three"),
])
def test_a_bad_majin_cell_names_file_line_and_column(tmp_path: Path, row: str, column: str,
                                                     expected: str) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "majin.csv", 3, row)  # line 1: a comment, 2: the header
    error = refused("cards", str(cards))
    assert f"majin.csv: line 3: {column}: " in error and expected in error, error


def test_an_id_is_unique_across_the_folder(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "majin.csv", 4, "X1,盾役,UC,100,8,3,5,2,,")
    error = refused("cards", str(cards))
    assert "monsters.csv: line 3: id: 'X1' is already the id of " in error
    assert error.endswith("majin.csv: line 4")


@pytest.mark.parametrize("row, column, expected", [
    ("X1,スライム,1,1,4,4,1,2,seal,,50", "active", "not monsters"),
    ("X1,スライム,1,1,4,4,1,2,heal 2 yen=10,,50", "active", "not monsters"),
    ("X1,スライム,1,1,4,4,1,2,heal 2 explore,,50", "active", "explore is not for monsters"),
    ("X1,スライム,1,1,4,4,1,2,lp 2 start attack,,50", "active", "not with start"),
    ("X1,スライム,1,1,4,4,1,2,,def +1 front,50", "passive", "scope 'front'"),
    ("X1,スライム,4,1,4,4,1,2,,,50", "floor", "1-3"),
    ("X1,スライム,1,0,4,4,1,2,,,50", "level", "1-9"),
    ("X1,スライム,1,1,4,4,1,2,,,100000", "bounty", "0-99999"),
])
def test_a_bad_monster_cell(tmp_path: Path, row: str, column: str, expected: str) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "monsters.csv", 3, row)
    error = refused("cards", str(cards))
    assert f"monsters.csv: line 3: {column}: " in error and expected in error, error


@pytest.mark.parametrize("row, column, expected", [
    ("I1,鉄の剣,equip,100,0,heal 2,", "active", "an equip item has no active"),
    ("I1,鉄の剣,equip,100,0,,", "passive", "an equip item needs a passive"),
    ("I1,鉄の剣,use,100,0,,", "active", "a use item needs an active"),
    ("I1,鉄の剣,use,100,0,heal 2,atk +1 self", "passive", "a use item has no passive"),
    ("I1,鉄の剣,use,100,0,heal 2 start,", "active", "start is not for items"),
    ("I1,鉄の剣,other,100,0,heal 2,", "active", "only be explore"),
    ("I1,鉄の剣,other,100,0,,atk +1 self", "passive", "other item has no passive"),
    ("I1,鉄の剣,equip,100,2,,atk +2 self", "cursed", "0, 1"),
    ("I1,鉄の剣,weapon,100,0,,atk +2 self", "kind", "equip, use, other"),
])
def test_a_bad_item_cell(tmp_path: Path, row: str, column: str, expected: str) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "items.csv", 3, row)
    error = refused("cards", str(cards))
    assert f"items.csv: line 3: {column}: " in error and expected in error, error


@pytest.mark.parametrize("row, column, expected", [
    ("F1-UP,1,up,L,0,,1", "shape", "shape is X"),
    ("F1-UP,1,up,X,2,,1", "enc", "has enc 0"),
    ("F1-UP,1,up,X,0,battle,1", "symbol", "has symbol"),
    ("F1-UP,1,stairs,X,0,,1", "kind", "corridor, up, special"),
    ("F1-UP,1,up,X,0,event7,1", "symbol", "event6"),
])
def test_a_bad_dungeon_cell(tmp_path: Path, row: str, column: str, expected: str) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "dungeon.csv", 3, row)
    error = refused("cards", str(cards))
    assert f"dungeon.csv: line 3: {column}: " in error and expected in error, error


def test_dungeon_floors_are_checked(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "dungeon.csv", 5, "F1-I,1,corridor,I,0,,35")
    with (cards / "dungeon.csv").open("a", encoding="utf-8") as handle:
        handle.write("F1-X,1,corridor,X,0,,1\n")
    assert "B1F has 36 corridor cards" in refused("cards", str(cards))
    replace_line(cards / "dungeon.csv", 3, "F1-UP,1,special,D,0,,1")
    assert "second special card for B1F" in refused("cards", str(cards))


@pytest.mark.parametrize("row, column, expected", [
    ("1,item,I9,,", "item", "the id of an item"),
    ("1,money,,100,1d6", "yen", "not both"),
    ("1,money,,,", "yen", "needs yen or dice"),
    ("1,money,,,4d6", "dice", "1-3 dice"),
    ("1,none,I1,,", "item", "not for a none row"),
    ("1,gold,,100,", "kind", "item, money, none"),
])
def test_a_bad_treasure_cell(tmp_path: Path, row: str, column: str, expected: str) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "treasure.csv", 3, row)  # line 1: comment, 2: header
    error = refused("cards", str(cards))
    assert f"treasure.csv: line 3: {column}: " in error and expected in error, error


def test_treasure_rows_must_be_complete(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "treasure.csv", 10, "1,money,,100,")
    assert "row 1 is given twice" in refused("cards", str(cards))
    replace_line(cards / "treasure.csv", 10, "")
    assert "8 missing" in refused("cards", str(cards))


def test_headers_files_and_encodings(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    replace_line(cards / "majin.csv", 2, MAJIN_HEADER + ",colour")
    assert "line 2: column 11: unknown column 'colour'" in refused("cards", str(cards))
    replace_line(cards / "majin.csv", 2, "id,name,rank,tier,hp,atk,def,spd,active")
    assert "line 2: the header lacks the column 'passive'" in refused("cards", str(cards))
    replace_line(cards / "majin.csv", 2, MAJIN_HEADER)
    (cards / "items.csv").unlink()
    assert "items.csv: no such file" in refused("cards", str(cards))
    (cards / "items.csv").write_bytes("id,name\n剣,つるぎ\n".encode("cp932"))
    result = CliRunner().invoke(main, ["--lang", "en", "majin", "cards", str(cards)])
    assert result.exit_code == 2  # read as Shift-JIS, then checked like any file
    assert result.stderr.count("items.csv is Shift-JIS (CP932)") == 1
    assert "items.csv: line 1: the header lacks the column 'kind'" in result.stderr
    (cards / "items.csv").write_bytes(b"id,name\n\xff\xfe\n")
    assert "not UTF-8 text" in refused("cards", str(cards))
    assert "not a card folder" in refused("cards", str(tmp_path / "nowhere"))


def test_quoted_cells_may_span_lines_and_keep_their_line_numbers(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    text = (MAJIN_HEADER + ",ability\n"
            'W1,剣士,C,100,6,5,3,4,,,"一行目\n二行目, with a comma"\n'
            "\n# a comment\n"
            "W2,盾役,UC,100,x,3,5,2,,def +1 front,\n")
    (cards / "majin.csv").write_text(text, "utf-8")
    error = refused("cards", str(cards))
    assert "majin.csv: line 6: hp:" in error  # the quoted cell spans lines 2-3
    (cards / "majin.csv").write_text(text.replace(",x,", ",8,"), "utf-8")
    found = card_files.load(str(cards))
    assert found.majin["W1"].ability == "一行目\n二行目, with a comma"
    (cards / "majin.csv").write_text(MAJIN_HEADER + '\nW1,"剣士,C,100\n', "utf-8")
    assert "line 2: a quoted cell is not closed" in refused("cards", str(cards))


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    data = (cards / "majin.csv").read_bytes()
    (cards / "majin.csv").write_bytes(b"\xef\xbb\xbf" + data)
    assert len(card_files.load(str(cards)).majin) == 6


def test_values_parse_as_the_spec_writes_them() -> None:
    assert [str(effects.value(t)) for t in ("0", "99", "1d6", "3d6+99", "2d6-1")] == [
        "0", "99", "1d6", "3d6+99", "2d6-1"]
    assert [effects.value(t) for t in ("100", "4d6", "d6", "1d8", "1d6+100", "-1")] == [
        None] * 6
    with pytest.raises(InputError):
        effects.parse_active("pure 3 one ok=3 yen=100 yen=100", "majin")
