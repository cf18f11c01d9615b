"""Scoring a finished sheet: the worked cases and rules of spec/roguelight.md."""

from __future__ import annotations

from pathlib import Path

from companion.roguelight.maps import shipped
from companion.roguelight.scoring import score_exits, score_sheet
from tests.roguelight.util import PLAIN_MAP, sheet_from

EXIT = (9, 9)  # J10

# The plain test map: entrances on B1 (open here) and on D1 F1 A3 A5 A7 (filled);
# a one-wide passage runs down column B and along row 10 to the exit J10.


def rooms_of(score):
    return {r.rect.name(): r for r in score.rooms}


def test_case_1_closed_room_with_one_doorway_scores_3():
    sheet = sheet_from("""
        #.########
        #.########
        #.########
        #.#..#####
        #....#####
        #.########
        #.########
        #.########
        #.########
        #.........
    """)
    score = score_sheet(sheet, EXIT)
    assert [(r.rect.name(), r.scoring) for r in score.rooms] == [("D4:E5", True)]
    assert score.room_points == 3 and score.bonus == 10


def test_case_2_long_side_on_a_two_wide_passage_does_not_score():
    sheet = sheet_from("""
        #.########
        #.########
        #.########
        #.#...####
        #.....####
        #.##..####
        #.########
        #.########
        #.########
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D4:F5", "E4:F6"}
    assert not rooms["D4:F5"].scoring
    assert any("passage two wide (E6 F6) joins its bottom side" in r
               for r in rooms["D4:F5"].reasons)
    assert "overlaps room B" in rooms["D4:F5"].reasons


def test_case_3_a_single_open_cell_between_rooms_joins_them_directly():
    sheet = sheet_from("""
        #.########
        #.########
        #.########
        #....#####
        #.#..#####
        #.#.######
        #.#..#####
        #.#..#####
        #.########
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D4:E5", "D7:E8"}
    assert not rooms["D4:E5"].scoring and not rooms["D7:E8"].scoring
    assert "the door D6 joins it directly to room B" in rooms["D4:E5"].reasons


def test_case_3_two_passage_cells_between_rooms_let_both_score():
    sheet = sheet_from("""
        #.########
        #.########
        #....#####
        #.#..#####
        #.#.######
        #.#.######
        #.#..#####
        #.#..#####
        #.########
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D3:E4", "D7:E8"}
    assert all(r.scoring for r in rooms.values()), [r.reasons for r in rooms.values()]


def test_case_4_rooms_offset_by_one_column_share_an_edge():
    sheet = sheet_from("""
        #.########
        #.########
        #....#####
        #.#..#####
        #.##..####
        #.##..####
        #.########
        #.########
        #.########
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D3:E4", "E5:F6"}
    assert "shares an edge with room B" in rooms["D3:E4"].reasons
    assert not rooms["E5:F6"].scoring


def test_rooms_touching_only_at_a_corner_both_score():
    sheet = sheet_from("""
        #.########
        #.########
        #....#####
        #.#..#####
        #.###..###
        #.###..###
        #.####.###
        #.####.###
        #.####.###
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D3:E4", "F5:G6"}
    assert all(r.scoring for r in rooms.values()), [r.reasons for r in rooms.values()]


def test_case_5_three_by_three_with_a_corner_filled_gives_two_overlapping_rooms():
    sheet = sheet_from("""
        #.########
        #.########
        #.....####
        #.#...####
        #.#..#####
        #.########
        #.########
        #.########
        #.########
        #.........
    """)
    rooms = rooms_of(score_sheet(sheet, EXIT))
    assert set(rooms) == {"D3:F4", "D3:E5"}
    assert all(not r.scoring for r in rooms.values())
    assert all(any(reason.startswith("overlaps") for reason in r.reasons)
               for r in rooms.values())


def test_case_6_room_opened_across_two_corner_touching_plans_has_a_dotted_line_inside():
    picture = """
        #.########
        #.########
        #......###
        #.#....###
        #.#....###
        #.#....###
        #.########
        #.########
        #.########
        #.........
    """
    sheet = sheet_from(picture, plans=["D3:E4", "F5:G6"])
    (room,) = score_sheet(sheet, EXIT).rooms
    assert room.rect.name() == "D3:G6" and not room.scoring
    assert "the dotted line of plan D3:E4 runs inside it" in room.reasons
    # a plan exactly on the room is no line inside
    assert score_sheet(sheet_from(picture, plans=["D3:G6"]), EXIT).rooms[0].scoring


def test_no_floor_means_no_room_points_no_bonus_but_items_score():
    sheet = sheet_from("""
        #.########
        #.########
        #..#######
        #.#..#####
        #.#..#####
        ##########
        #.########
        #.########
        #.########
        #.........
    """, circled=frozenset({1, 2, 4}), spent=frozenset({2}))
    score = score_sheet(sheet, EXIT)
    assert not score.has_floor and score.rooms == ()
    assert (score.room_points, score.bonus, score.items) == (0, 0, 2 + 4)
    assert score.total == 6


def test_bonus_needs_at_least_one_room_all_scoring():
    corridor = sheet_from("""
        #.########
        #.########
        #.########
        #.########
        #.########
        #.########
        #.########
        #.########
        #.########
        #.........
    """)
    score = score_sheet(corridor, EXIT)
    assert score.has_floor and score.rooms == () and score.bonus == 0


def test_rooms_off_the_floor_do_not_count():
    sheet = sheet_from("""
        #.########
        #.########
        #.########
        #.##..####
        #.##..####
        #.########
        #.########
        #.########
        #.########
        #.........
    """)
    score = score_sheet(sheet, EXIT)
    assert score.rooms == () and (4, 3) not in score.floor


def test_every_open_corner_is_tried_best_first():
    sheet = sheet_from("""
        #.#######.
        #........#
        #.#..#####
        #.#..#####
        #.########
        #.########
        #.########
        #.########
        #.########
        ..........
    """)
    scores = score_exits(sheet)
    assert [PLAIN_MAP.name_of(s.exit) for s in scores][:1] in (["J1"], ["A10"], ["J10"])
    assert [s.total for s in scores] == sorted((s.total for s in scores), reverse=True)
    assert {PLAIN_MAP.name_of(s.exit) for s in scores} == {"J1", "A10", "J10"}


# --- the advanced map: goals ------------------------------------------------

ADVANCED = shipped("advanced")
GOAL_SHEET = """
    ##.#######
    ##.#######
    ##....####
    ###...####
    #####.####
    #####.####
    #####.####
    #####.####
    #####.....
    #########.
"""


def advanced(plans, goals):
    return sheet_from(GOAL_SHEET, plans=plans, board=ADVANCED, setup="B1:C2", goals=goals)


def test_valid_goal_scores_for_each_scoring_room_that_meets_it():
    score = score_sheet(advanced(["D3:F4"], ("blue", "ghost")), EXIT)
    (room,) = score.rooms
    assert room.rect.name() == "D3:F4" and room.scoring
    blue, ghost = score.goals
    assert blue.valid and blue.rooms == ("A",) and blue.points == 3
    assert not ghost.valid and ghost.why == "its large monster was never enclosed by a plan"
    assert score.total == 1 + 3 + 10 + 3


def test_goal_without_the_plan_around_its_large_monster_is_not_valid():
    score = score_sheet(advanced([], ("blue",)), EXIT)
    assert not score.goals[0].valid and score.goal_points == 0


def test_goal_whose_large_monster_is_in_no_scoring_room_is_not_valid():
    picture = """
        ##.#######
        ##.#..####
        ##....####
        ###...####
        #####.####
        #####.####
        #####.####
        #####.####
        #####.....
        #########.
    """  # E2 F2 open: room E2:F4 overlaps D3:F4, so neither scores
    sheet = sheet_from(picture, plans=["D3:F4"], board=ADVANCED, goals=("blue",))
    score = score_sheet(sheet, EXIT)
    assert {r.rect.name() for r in score.rooms} == {"D3:F4", "E2:F4"}
    assert not score.goals[0].valid
    assert score.goals[0].why == "its large monster is not in a scoring room"


def test_large_monster_counts_once_and_monsters_on_filled_cells_are_gone():
    score = score_sheet(advanced(["D3:F4"], ()), EXIT)
    room = score.rooms[0]
    assert room.monsters["b"] == 2  # D3 and the large blue on E3 F3
    assert room.monsters["G"] == 1 and room.strength == 3


def test_ruling_the_start_item_mark_counts_as_circled_when_not_listed(tmp_path):
    from companion.roguelight.sheet import parse_sheet

    text = (Path(__file__).parents[2] / "examples" / "roguelight" / "alice.toml").read_text()
    text = text[: text.index("[items]")]
    sheet = parse_sheet(text, str(tmp_path / "s.toml"))
    assert sheet.circled == {1} and sheet.item_points == 1
