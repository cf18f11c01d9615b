"""The shipped maps meet the spec's constraints; bad maps and sheets are named."""

from __future__ import annotations

import pytest

from companion.errors import InputError
from companion.grid import cell_name
from companion.roguelight.maps import GOALS, parse_map, shipped
from companion.roguelight.sheet import parse_sheet

MINIMAL = '''
grid = """
X.1..2...X
.I..G..b..
..........
..........
3........4
..........
..........
..........
......g...
X...5.6..X
"""
large = []
[entrance_blocks]
"1" = "C1:D2"
"2" = "F1:G2"
"3" = "A5:B6"
"4" = "I5:J6"
"5" = "E9:F10"
"6" = "G9:H10"
[items]
points = [2, 3, 3, 4, 5, 6]
'''


@pytest.mark.parametrize("name", ["basic", "advanced"])
def test_shipped_maps_meet_the_constraints(name):
    board = shipped(name)
    corners = {board.name_of(c) for c in board.exits}
    assert {board.name_of(c) for c in board.cells if board.symbol(c) == "X"} == corners
    for face, block in board.entrance_blocks.items():
        assert board.entrances[face] in block
        assert sum(board.count_monsters(set(block.cells())).values()) == 2, face
    ghosts = sum(1 for c in board.cells if board.symbol(c) == "G")
    ghosts += sum(1 for m in board.large if m.kind == "ghost")
    assert ghosts == {"basic": 7, "advanced": 8}[name]
    if name == "advanced":
        assert {m.goal for m in board.large} == set(GOALS)


def test_a_minimal_map_loads_with_the_basic_maps_tracks():
    board = parse_map(MINIMAL, "mine.toml")
    basic = shipped("basic")
    assert board.name == "mine" and board.kind == "basic"
    assert board.time_marks == basic.time_marks and board.blocks == basic.blocks
    assert board.armament == basic.armament and board.ghost_actions == basic.ghost_actions
    assert board.item_points == (2, 3, 3, 4, 5, 6) and board.items_circled == {1}
    assert board.item_sections == (1, 1, 2, 3, 3, 4)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ((".I..G..b..", ".I..G..b..."), "mine.toml: grid row 2: 11 cells, expected 10"),
        ((".I..G..b..", ".I..Z..b.."), "grid row 2, column 5 (E2): unknown symbol 'Z'"),
        (("X.1..2...X", "..1..2...X"), "grid A1: every corner is an exit"),
        ((".I..G..b..", ".I..X..b.."), "grid E2: exits (X) stand only in the four corners"),
        (("3........4", "3.........", ), "no entrance with die mark 4"),
        ((".I..G..b..", ".I..3..b.."), "grid E2: entrance 3 must be on the border"),
        ((".I..G..b..", ".I..G..b.5"), "a second entrance 5"),
        (('"1" = "C1:D2"', '"1" = "C1:E2"'), "entrance_blocks.1: C1:E2 is 3×2"),
        (('"1" = "C1:D2"', '"1" = "D2:E3"'), "does not hold entrance 1 (C1)"),
        (('"1" = "C1:D2"', ''), "no entrance block for die face 1"),
        (('"6" = "G9:H10"', '"6" = "F9:G10"'), "overlaps the block of entrance 5"),
        (('large = []', 'large = [{kind = "blue", cells = ["B2", "C2"], goal = "blue"}]'),
         "B2 must be a plain '.' cell"),
        (('large = []', 'large = [{kind = "wolf", cells = ["C3", "D3"], goal = "blue"}]'),
         "kind 'wolf'"),
        (('large = []', 'large = [{kind = "blue", cells = ["C3", "E3"], goal = "blue"}]'),
         "two or more connected cells"),
        (("[items]", "[items]\nsections = [1]"), "one section (1–4) per item mark"),
        (("large = []", "large = []\nsurprise = 1"), "unknown key 'surprise'"),
    ],
)
def test_bad_maps_name_the_place(change, message):
    old, new = change
    assert old in MINIMAL
    with pytest.raises(InputError) as info:
        parse_map(MINIMAL.replace(old, new, 1), "mine.toml")
    assert message in str(info.value)


def test_malformed_toml_is_named():
    with pytest.raises(InputError, match=r"mine\.toml: malformed TOML"):
        parse_map("grid = '''", "mine.toml")


SHEET = '''
map = "basic"
plans = ["C1:D2"]
filled = """
###.######
##..######
###.######
###.######
###.######
###.######
###.######
###.######
###.......
#########.
"""
'''


def test_a_good_sheet_loads():
    sheet = parse_sheet(SHEET, "s.toml")
    assert sheet.entrance == 1 and sheet.exit is None
    assert [cell_name(c, upper=True) for c in sheet.open_exits] == ["J10"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('map = "basic"', 'map = "nowhere.toml"'), "s.toml: map: "),
        (("#########.", "########."), "filled row 10: 9 cells"),
        (("#########.\n", "#########.\n#########.\n"), "11 rows; the map basic has 10"),
        (("###.......", "###....x.."), "filled row 9, column 8 (H9): 'x'"),
        (('plans = ["C1:D2"]', 'plans = ["C1:D2", "D2:E3"]'), "plans[1]: D2:E3 overlaps"),
        (('plans = ["C1:D2"]', 'plans = ["C1:D2", "I9:K10"]'), "runs off the 10 × 10 map"),
        (('plans = ["C1:D2"]', 'plans = ["C1:D2", "F5:F8"]'), "a plan is at least 2×2"),
        (('plans = ["C1:D2"]', 'plans = []'), "setup plan C1:D2 is not among the plans"),
        (("###.######\n##..", "###.###.##\n##.."), "open entrances 1 (D1), 2 (H1)"),
        (("###.######\n##..", "##########\n##.."), "no open entrance"),
        (('map = "basic"', 'map = "basic"\nexit = "A1"'), "the exit A1 is filled"),
        (('map = "basic"', 'map = "basic"\nexit = "E5"'), "E5 is not an exit"),
        (('map = "basic"', 'map = "basic"\ngoals = ["blue"]'), "has no large monsters"),
        (('map = "basic"', 'map = "basic"\n[items]\nspent = [2]'), "mark 2 is spent but"),
        (('map = "basic"', 'map = "basic"\n[items]\ncircled = [9]'), "numbered 1–8"),
        (('map = "basic"', 'map = "basic"\ndevelopment = 21'), "0–20"),
    ],
)
def test_bad_sheets_name_the_place(change, message):
    old, new = change
    assert old in SHEET
    text = SHEET.replace(old, new, 1)
    if "[items]" in new:  # move the table after the top-level keys
        text = SHEET.replace(old, old, 1) + new.split("\n", 1)[1]
    with pytest.raises(InputError) as info:
        parse_sheet(text, "s.toml")
    assert message in str(info.value)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("armament", '{"1-2" = [1, "a", 2], "3-4" = [1], "5-6" = [1]}', "armament.1-2"),
    ("solo", '{basic = [[0]], advanced = [[0, "x"]]}', "solo.basic"),
    ("development", '{length = "x"}', "development.length"),
    ("large", '[{kind = "blue", cells = "C3", goal = "blue"}]', "a list of cell names"),
    ("items", '{points = [1, 2], circled = [true]}', "items.circled"),
])
def test_malformed_values_in_any_table_are_named(key, value, message):
    text = MINIMAL.replace("large = []", "large = []" if key != "large" else "", 1)
    if key in ("armament", "solo", "development", "items"):
        text = f"{key} = {value}\n" + text.replace("[items]\npoints = [2, 3, 3, 4, 5, 6]\n", "")
    else:
        text = f"{key} = {value}\n" + text
    with pytest.raises(InputError) as info:
        parse_map(text, "mine.toml")
    assert message in str(info.value)
