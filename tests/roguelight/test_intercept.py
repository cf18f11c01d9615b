"""The interception part: battles, armament, stacking, routes, exact points, solo."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import InputError
from companion.grid import parse_range
from companion.roguelight import intercept
from companion.roguelight.intercept import THROWS, Battle, level_at, plan, run
from companion.roguelight.maps import shipped
from companion.roguelight.report import solo_result
from companion.roguelight.routes import fewest_room_routes
from companion.roguelight.scoring import score_sheet
from companion.roguelight.sheet import load_sheet
from tests.roguelight.util import sheet_from

EXAMPLES = Path(__file__).parents[2] / "examples" / "roguelight"


def example(name: str):
    return load_sheet(EXAMPLES / f"{name}.toml")


# --- battles -----------------------------------------------------------------


def test_battle_scores_when_monsters_reach_the_adventurer_or_on_doubles():
    battle = Battle("A", strength=2, level=1)
    assert battle.scores(1, 6)  # 1 + 1 = 2 <= 2
    assert not battle.scores(2, 6)  # 2 + 1 = 3 > 2
    assert battle.scores(5, 5)  # doubles
    assert battle.chance == Fraction(16, 36)
    assert battle.need() == "min ≤ 1 or doubles: 16/36"


def test_battle_needs_read_for_every_case():
    assert Battle("A", 1, 1).need() == "doubles only: 6/36"
    assert Battle("A", 7, 1).need() == "any throw: 36/36"
    assert Battle("A", 3, 1).need() == "min ≤ 2 or doubles: 24/36"


@given(st.integers(1, 12), st.integers(1, 6))
def test_battle_chance_counts_the_36_throws(strength, level):
    battle = Battle("A", strength, level)
    hits = [(w, b) for w, b in THROWS if w == b or strength >= min(w, b) + level]
    assert battle.chance == Fraction(len(hits), 36)
    assert battle.chance >= Fraction(6, 36)  # doubles always score, never 10


def test_armament_level_is_the_highest_level_crossed_and_never_above_6():
    row = shipped("basic").armament["1-2"]
    assert [level_at(m, row) for m in range(12)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert level_at(99, row) == 6


# --- the examples: bob on top, alice below ------------------------------------


def test_stack_least_development_on_top_and_armament_carried_down():
    result = plan([example("alice"), example("bob")])
    assert [d.sheet.name for d in result.descents] == ["bob", "alice"]
    bob, alice = result.descents
    assert bob.route == ("A", "B") and bob.marks_in == 0
    assert [v.items for v in bob.visits] == [0, 1]
    assert alice.marks_in == 1  # the item bob's room B gave is carried down
    assert alice.route == ("A", "C")  # room B sits off the fewest-rooms route


def test_exact_points_are_the_sum_of_independent_five_point_chances():
    bob = plan([example("bob")]).descents[0]
    assert [(b.strength, b.level) for b in bob.battles] == [(2, 1), (1, 1)]
    assert bob.expected == 5 * (Fraction(16, 36) + Fraction(6, 36))
    dist = bob.distribution
    assert dist.probability(10) == Fraction(16, 36) * Fraction(6, 36)
    assert dist.probability(0) == Fraction(20, 36) * Fraction(30, 36)
    assert dist.mean == bob.expected and sum(dist.counts.values()) == dist.outcomes


def test_seeded_run_replays_and_scores_by_the_rule():
    stacked = plan([example("alice"), example("bob")])
    first = run(stacked, intercept_roller(3))
    assert run(stacked, intercept_roller(3)) == first
    assert len(first) == 4
    for fight in first:
        assert fight.scored == (fight.white == fight.black
                                or fight.battle.strength >= min(fight.white, fight.black)
                                + fight.battle.level)


def intercept_roller(seed):
    import random

    rng = random.Random(seed)
    return lambda descent, battle: (rng.randint(1, 6), rng.randint(1, 6))


def test_typed_dice_out_of_range_are_refused():
    stacked = plan([example("bob")])
    with pytest.raises(InputError, match="1–6"):
        run(stacked, lambda d, b: (7, 1))


def test_stacking_ties_break_on_items_then_the_order_given():
    alice, bob = example("alice"), example("bob")
    from dataclasses import replace

    even = [replace(alice, development=7), bob]  # development tie; alice has fewer items
    assert [d.sheet.name for d in plan(even).descents] == ["alice", "bob"]
    tied = [replace(alice, development=7), replace(bob, circled=alice.circled,
                                                   spent=alice.spent)]
    result = plan(tied, order=["bob", "alice"])
    assert [d.sheet.name for d in result.descents] == ["bob", "alice"]
    assert "tie on development and items" in result.tie_notes[0]


def test_sheets_without_a_floor_are_left_out_and_multi_sheet_stacks_need_development():
    from dataclasses import replace

    blocked = replace(example("alice"), name="carol",
                      filled=example("alice").filled | {(3, 2)})  # D3 closes the way
    result = plan([example("bob"), blocked])
    assert [s.name for s in result.left_out] == ["carol"]
    with pytest.raises(InputError, match="add development = N"):
        plan([replace(example("bob"), development=None), example("alice")])
    with pytest.raises(InputError, match="0 players"):
        plan([example("bob")], players=0)
    with pytest.raises(InputError, match="no sheet named 'dave'"):
        plan([example("bob")], order=["dave"])


# --- routes -----------------------------------------------------------------

TWO_WAYS = """
    #.########
    #.########
    #......###
    #.#..#.###
    #.####.###
    #.####.###
    #......###
    #.#..#.###
    ######.###
    ######....
"""


def test_tied_routes_are_listed_and_one_is_chosen():
    sheet = sheet_from(TWO_WAYS)
    score = score_sheet(sheet, (9, 9))
    assert [r.rect.name() for r in score.rooms] == ["D3:E4", "D7:E8"]
    routes = fewest_room_routes(score)
    assert routes.rooms == 1 and routes.choices == (("A",), ("B",)) and routes.total == 2
    chosen = intercept._choose(sheet, routes, ("B",))
    assert chosen == ("B",)
    with pytest.raises(InputError, match="not one of the fewest-rooms routes: A; B"):
        intercept._choose(sheet, routes, ("A", "B"))


def test_route_through_a_passage_only_visits_no_room():
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
    routes = fewest_room_routes(score_sheet(sheet, (9, 9)))
    assert routes.rooms == 0 and routes.choices == ((),)


def test_non_scoring_rooms_on_the_route_are_visited_without_battle():
    bob = plan([example("bob")]).descents[0]
    assert all(v.scoring for v in bob.visits)
    from dataclasses import replace

    # a plan drawn inside room B (C6:E7) leaves a dotted line in it: it no longer scores
    spoiled = replace(example("bob"), plans=(bob.sheet.plans[0], parse_range("D6:E7")))
    visits = plan([spoiled]).descents[0].visits
    room_b = next(v for v in visits if v.room == "B")
    assert not room_b.scoring and room_b.battle is None and room_b.items == 0


# --- solo ---------------------------------------------------------------------


@pytest.mark.parametrize(("total", "basic", "advanced"), [
    (0, "使い魔", "使い魔"), (39, "使い魔", "使い魔"), (40, "魔兵", "使い魔"),
    (60, "魔騎士", "魔兵"), (80, "魔将軍", "魔騎士"), (100, "魔公", "魔将軍"),
    (110, "魔王", "魔将軍"), (120, "魔王", "魔公"), (130, "魔王", "魔王")])
def test_solo_titles(total, basic, advanced):
    assert shipped("basic").solo_title(total) == basic
    assert shipped("advanced").solo_title(total) == advanced


def test_solo_play_reports_total_and_title():
    alone = plan([example("alice")])
    assert alone.players == 1 and alone.band == "1-2"
    expected = solo_result(alone, None)
    assert expected["expected"] and expected["title"] == "使い魔"
    fights = run(alone, lambda d, b: (3, 3))  # doubles: every battle scores
    rolled = solo_result(alone, fights)
    assert rolled["total"] == 20 + 5 * len(fights)
