"""The build part's rules, one round at a time (spec/roguelight.md, "Build part")."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import IllegalMove, InputError
from companion.grid import parse_cell
from companion.roguelight.build import orientations, setup
from companion.roguelight.maps import shipped
from companion.roguelight.replay import load_log, play_round, replay, sheet_toml
from companion.roguelight.scoring import score_exits
from companion.roguelight.sheet import parse_sheet

BASIC = shipped("basic")
ADVANCED = shipped("advanced")
EXAMPLES = Path(__file__).parents[2] / "examples" / "roguelight"


def cells(*names):
    return {parse_cell(n) for n in names}


def basic(white=1, black=4):
    return setup(BASIC, white, black)


def play(build, **entry):
    entry.setdefault("dice", [1, 3])
    return play_round(build, entry, build.round)[0]


def refused(build, message, **entry):
    before = build.copy()
    entry.setdefault("dice", [1, 3])
    with pytest.raises(InputError, match=message):
        play_round(build, entry, build.round)
    assert build == before  # a refused round changes nothing


# --- setup ------------------------------------------------------------------


def test_setup_plans_the_white_entrance_and_fills_the_other_five():
    build = basic(white=1, black=4)
    assert [p.name() for p in build.plans] == ["C1:D2"]
    assert build.filled == cells("H1", "A4", "J5", "D10", "G10")
    assert build.development == 2  # ① and ② are checked at setup
    assert build.special_rounds == {2, 3, 14, 15}  # beside the two marks of face 4
    assert build.circled == {1}


# --- action A: blocks ----------------------------------------------------------


def test_block_is_the_faces_shape_turned_or_flipped_or_one_cell():
    assert len(orientations(BASIC.blocks[3])) == 4  # the L tromino
    assert len(orientations(BASIC.blocks[4])) == 1  # the square
    build = play(basic(), dice=[3, 1], block=["E1", "E2", "F2"])
    assert cells("E1", "E2", "F2") <= build.filled
    play(basic(), dice=[6, 1], block=["E1"])  # a single cell instead
    refused(basic(), "not the block of face 1", dice=[1, 3], block=["E1", "E2", "E3"])


def test_block_must_share_an_edge_with_a_filled_cell_or_a_plan():
    play(basic(), block=["I1", "I2"])  # beside the filled entrance H1
    refused(basic(), "shares no edge with a filled cell or a plan", block=["F5", "F6"])
    refused(basic(), "shares no edge", block=["E3", "F3"], dice=[1, 1])  # D2 touches at a corner
    refused(basic(), "shares no edge", block=["A6", "A7"])  # only the outer wall


def test_block_may_not_overlap_cross_a_plan_or_touch_it_from_inside():
    refused(basic(), "overlaps filled cells H1", block=["H1", "I1"])
    refused(basic(), "crosses the dotted line of plan C1:D2", block=["D2", "E2"])
    refused(basic(), "touches plan C1:D2 from the inside", block=["C1"], dice=[6, 2])
    wide = play(play(basic(), block=["E1", "E2"]), dice=[6, 6], plan="E3:H5")
    refused(wide, "touches plan E3:H5 from the inside", block=["F3"], dice=[6, 2])
    # inside a plan, away from its line, a block needs a filled neighbour
    refused(wide, "shares no edge with a filled cell", block=["F4"], dice=[6, 2])


def test_black_die_needs_a_special_round_or_a_spent_item_mark():
    build = basic()  # round 1 is not special
    refused(build, "not special: the black die needs", dice=[6, 1], block=["E1", "E2"],
            die="black")
    spent = play(build, dice=[6, 1], block=["E1", "E2"], die="black", spend=1)
    assert spent.spent == {1}
    spent.round = 4  # not special either
    refused(spent, "mark 1 is not circled and unspent", dice=[6, 1], block=["B1", "B2"],
            die="black", spend=1)
    special = play(build, block=["E1", "E2"])  # round 2 is special: black allowed
    assert play(special, dice=[6, 1], block=["B1", "B2"], die="black").round == 3
    refused(special, "special already", dice=[6, 1], block=["B1", "B2"], die="black", spend=1)
    refused(build, "spent only to use the black die", block=["E1", "E2"], spend=1)


# --- action B: plans -----------------------------------------------------------


def test_plan_area_is_white_plus_black_and_at_least_2x2():
    refused(basic(), "has 6 cells; white \\+ black is 4", dice=[1, 3], plan="E1:G2")
    refused(basic(), "plans are at least 2×2", dice=[1, 3], plan="I1:I4")


def test_plan_shares_an_edge_with_a_filled_cell_but_not_with_another_plan():
    build = play(basic(), dice=[2, 2], plan="I1:J2")  # beside the filled H1
    assert build.development == 3  # the ghost I2
    refused(basic(), "shares no edge with a filled cell", dice=[2, 2], plan="E5:F6")
    refused(basic(), "shares an edge with plan C1:D2", dice=[2, 2], plan="E1:F2")
    refused(basic(), "shares no edge", dice=[2, 2], plan="E3:F4")  # corner only: no filled


def test_plan_corner_touching_another_plan_is_allowed():
    build = play(basic(), dice=[1, 3], block=["G2", "H2"])
    build = play(build, dice=[2, 2], plan="I1:J2")
    build = play(build, dice=[2, 2], plan="G3:H4")  # H3 meets I2 at a corner only
    assert [p.name() for p in build.plans] == ["C1:D2", "I1:J2", "G3:H4"]


def test_development_advances_by_monsters_and_stops_at_the_last_number():
    build = play(basic(), dice=[2, 2], plan="I1:J2")  # the ghost I2
    assert build.development == 3
    build.development = 17
    assert play(build, dice=[2, 4], plan="H5:I7").development == 19  # b I5, G I6
    build.development = 19
    assert play(build, dice=[2, 4], plan="H5:I7").development == 20  # not 21: ⑳ is the end


def test_boundaries_break_as_their_numbers_are_crossed():
    build = basic()
    assert build.broken == 0
    build.development = 5
    assert build.broken == 1
    build.development = 20
    assert build.broken == 4 and build.over


# --- special cells ---------------------------------------------------------------


def test_item_circles_a_mark_within_the_broken_boundaries():
    build = play(basic(), dice=[1, 3], block=["E2", "F2"], effects=[{"cell": "F2", "circle": 2}])
    assert build.circled == {1, 2}
    refused(basic(), "beyond an unbroken boundary", dice=[1, 3], block=["E2", "F2"],
            effects=[{"cell": "F2", "circle": 3}])
    refused(basic(), "already circled", dice=[1, 3], block=["E2", "F2"],
            effects=[{"cell": "F2", "circle": 1}])


def test_effects_are_optional_and_only_for_cells_filled_this_round():
    build = play(basic(), dice=[1, 3], block=["E2", "F2"])  # item effect forgone
    assert build.circled == {1}
    refused(basic(), "E5 is not a special cell filled", dice=[1, 3], block=["E2", "F2"],
            effects=[{"cell": "E5", "circle": 2}])


def test_bat_gives_a_single_cell_or_two_development():
    build = play(basic(), dice=[1, 3], block=["H2", "H3"],
                 effects=[{"cell": "H2", "bat": "develop"}])
    assert build.development == 4
    cell = play(basic(), dice=[1, 3], block=["H2", "H3"],
                effects=[{"cell": "H2", "bat": "cell", "block": ["H4"]}])
    assert parse_cell("H4") in cell.filled
    refused(basic(), "one single cell", dice=[1, 3], block=["H2", "H3"],
            effects=[{"cell": "H2", "bat": "cell", "block": ["H4", "H5"]}])


def test_ghost_actions_once_each_within_the_boundaries():
    ghost_plan = play(basic(), dice=[1, 3], block=["I1", "I2"],
                      effects=[{"cell": "I2", "ghost": 1, "plan": "G2:H3"}])
    assert [p.name() for p in ghost_plan.plans][-1] == "G2:H3"
    assert ghost_plan.ghosts_used == {1}
    refused(basic(), "at most 12", dice=[1, 3], block=["I1", "I2"],
            effects=[{"cell": "I2", "ghost": 1, "plan": "E3:H6"}])
    refused(basic(), "ghost action 2 lies beyond an unbroken boundary", dice=[1, 3],
            block=["I1", "I2"], effects=[{"cell": "I2", "ghost": 2, "block": ["I4"]}])
    refused(ghost_plan, "already used", dice=[1, 3], block=["I6", "J6"],
            effects=[{"cell": "I6", "ghost": 1, "plan": "A5:B6"}])


def test_ghost_block_has_its_exact_size_and_chains_effects():
    build = basic()
    build.development = 10  # two boundaries broken
    chained = play(build, dice=[1, 3], block=["I1", "I2"], effects=[
        {"cell": "I2", "ghost": 2, "block": ["E1", "E2", "F2", "G2", "G3"]},
        {"cell": "F2", "circle": 3},
    ])
    assert chained.circled == {1, 3}
    refused(build, "has 5 cells, not 2", dice=[1, 3], block=["I1", "I2"],
            effects=[{"cell": "I2", "ghost": 2, "block": ["E1", "E2"]}])


def test_ghost_singles_draw_exactly_one_cell_per_ghost_left():
    build = basic()
    build.development = 15
    left = build.ghosts_left() - 1  # the ghost filled this round is gone
    targets = ["E1", "F1", "G1", "J1", "J2", "E2"]
    assert left == len(targets)
    done = play(build, dice=[1, 3], block=["I1", "I2"],
                effects=[{"cell": "I2", "ghost": 3, "singles": targets}])
    assert {parse_cell(t) for t in targets} <= done.filled
    refused(build, f"exactly {left} single cells, not 1", dice=[1, 3], block=["I1", "I2"],
            effects=[{"cell": "I2", "ghost": 3, "singles": ["E1"]}])


# --- large monsters (advanced) -------------------------------------------------------


def test_filling_part_of_a_large_monster_fills_all_of_it():
    build = setup(ADVANCED, 1, 4)
    build.filled |= cells("D3")
    filled = play(build, dice=[6, 1], block=["E3"])
    assert cells("E3", "F3") <= filled.filled


def test_plan_encloses_a_large_monster_whole_and_may_choose_its_goal():
    build = setup(ADVANCED, 1, 4)
    build.filled |= cells("D2")
    refused(build, "encloses only part of the large blue", dice=[2, 2], plan="D3:E4")
    chose = play(build, dice=[3, 3], plan="D3:F4", goals=["blue"])
    assert chose.goals == ["blue"] and chose.development == 2 + 3
    refused(build, "goal 'green' needs its large monster", dice=[3, 3], plan="D3:F4",
            goals=["green"])


# --- whole logs ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["basic", "advanced"])
def test_each_shipped_map_can_be_built_into_a_floor_with_scoring_rooms(name, tmp_path):
    log = load_log(EXAMPLES / f"{name}-log.toml")
    build, reports = replay(log)
    assert len(reports) == 16 and build.over
    sheet = parse_sheet(sheet_toml(build, log), str(tmp_path / "sheet.toml"))
    best = score_exits(sheet)[0]
    assert best.has_floor and sum(room.scoring for room in best.rooms) >= 2


def test_the_build_part_ends_and_later_rounds_are_refused():
    build = basic()
    build.development = 20
    with pytest.raises(IllegalMove, match="already over"):
        play_round(build, {"dice": [1, 1], "block": ["E1"]}, 1)


def test_a_bad_round_names_its_number(tmp_path):
    text = (EXAMPLES / "basic-log.toml").read_text().replace('block = ["C3", "C4"]',
                                                              'block = ["H4", "H5"]')
    path = tmp_path / "log.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=r"log\.toml: round 4: the block H4 H5 shares no edge"):
        replay(load_log(path))


def test_ruling_the_ghosts_plan_advances_the_development_track():
    build = play(basic(), dice=[1, 3], block=["I1", "I2"],
                 effects=[{"cell": "I2", "ghost": 1, "plan": "G2:H3"}])
    assert build.development == 3  # the bat H2 inside the ghost's plan


def test_ruling_a_plan_touches_a_filled_cell_across_its_line_from_either_side():
    build = basic()
    build.filled |= cells("F5")  # a filled cell on the plan's own edge, nothing outside
    assert play(build, dice=[2, 2], plan="F5:G6").plans[-1].name() == "F5:G6"


def test_ruling_a_large_ghost_owes_one_effect_for_the_whole_monster():
    build = setup(ADVANCED, 3, 4)  # entrance 3 on A6: its plan A6:B7
    build.filled |= cells("B5")
    owed = build.copy().fill(cells("C5"))
    assert owed == [parse_cell("C5")]  # C5 and D5 filled, one ghost effect
    done = play(build, dice=[6, 1], block=["C5"],
                effects=[{"cell": "D5", "ghost": 1, "plan": "E5:F6"}])
    assert cells("C5", "D5") <= done.filled and done.ghosts_used == {1}


def test_ruling_a_plan_side_on_the_outer_wall_is_its_dotted_line():
    # spec ruling: a block may not touch that side from inside either. A5 lies
    # inside A4:C6 and touches only the wall on the plan's left side.
    build = play(basic(), dice=[4, 5], plan="A4:C6")
    refused(build, "the block A5 touches plan A4:C6 from the inside", block=["A5"])
