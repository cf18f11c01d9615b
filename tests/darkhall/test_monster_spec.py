"""The monster resolver against every worked case and ruling of spec/darkhall.md."""

from __future__ import annotations

import pytest

from companion.darkhall.monster import resolve_monster
from companion.errors import InputError
from tests.darkhall.util import make, walk

# --- the four worked cases --------------------------------------------------


def test_case_1_sees_ahead_walks_and_eats_on_step_5():
    result = resolve_monster(make(tokens={"t": "f1"}), "5")
    assert walk(result) == ["b1", "c1", "d1", "e1", "f1"]
    assert result.steps[0].look.seen[0].distance == 5
    assert [s.eaten for s in result.steps] == [(), (), (), (), ("t",)]
    assert result.final_look.seen == ()
    assert result.state.monster.square == "f1" and result.state.monster.facing == "E"
    assert result.eaten == ("t",)


def test_case_2_tie_of_the_nearest_keeps_heading_and_walks_on():
    result = resolve_monster(make(tokens={"a": "a3", "c": "c1"}), "5")
    first = result.steps[0].look
    assert {(s.token, s.side, s.distance) for s in first.seen} == {
        ("c", "ahead", 2), ("a", "right", 2)}
    assert first.tie and first.facing == "E"
    assert result.steps[1].eaten == ("c",)
    assert walk(result) == ["b1", "c1", "d1", "e1", "f1"]
    assert result.state.monster.facing == "E"


def test_case_3_wall_m_wraps_to_e11_same_heading_same_step():
    result = resolve_monster(make(monster="l1 E"), "5")
    assert result.steps[0].wall == "M"
    assert walk(result) == ["e11", "f11", "g11", "h11", "i11"]
    assert all(step.facing == "E" for step in result.steps)


def test_case_4_pool_crossed_in_one_step_then_stone_pushed():
    result = resolve_monster(make(monster="f4 E"), "5")
    assert walk(result) == ["g4", "h4", "k4", "l4", "m4"]
    assert result.steps[2].slid == ("i4", "j4")
    assert "n4" in result.state.stones and "m4" not in result.state.stones


# --- looking ----------------------------------------------------------------


def test_a_stone_hides_the_token_behind_it():
    state = make(monster="a5 E", stones=["c5"], pools=[], tokens={"t": "e5"})
    result = resolve_monster(state, "5")
    assert result.steps[0].look.seen == ()


def test_sight_passes_over_blood_and_pool_squares_count_for_distance():
    state = make(monster="f3 E", tokens={"t": "l3"}, stones=[])
    look = resolve_monster(state, "5").steps[0].look
    assert [(s.token, s.distance) for s in look.seen] == [("t", 6)]


def test_sight_stops_at_the_edge_and_never_wraps():
    # e11 lies beyond wall M of l1: the monster walking east on row 1 cannot see it
    state = make(monster="j1 E", stones=[], pools=[], tokens={"t": "e11"})
    assert resolve_monster(state, "5").steps[0].look.seen == ()


def test_never_looks_behind():
    state = make(monster="f5 E", stones=[], pools=[], tokens={"t": "b5"})
    result = resolve_monster(state, "5")
    assert result.steps[0].look.seen == ()
    assert walk(result)[0] == "g5"


def test_turns_to_the_single_nearest_token():
    state = make(monster="f5 E", stones=[], pools=[], tokens={"far": "l5", "near": "f2"})
    look = resolve_monster(state, "5").steps[0].look
    assert look.facing == "N" and not look.tie


def test_left_right_tie_with_nothing_ahead_keeps_heading():
    state = make(monster="f5 E", stones=[], pools=[], tokens={"n": "f3", "s": "f7"})
    result = resolve_monster(state, "5")
    assert result.steps[0].look.tie and result.steps[0].facing == "E"
    assert walk(result)[0] == "g5"


def test_only_a_tie_among_the_nearest_counts():
    # two tokens tie at 4, but a single token at 2 is nearer: turn to it
    state = make(monster="f5 E", stones=[], pools=[],
                 tokens={"n": "f1", "s": "f9", "ahead": "h5"})
    look = resolve_monster(state, "5").steps[0].look
    assert not look.tie and look.facing == "E"
    state = make(monster="f5 E", stones=[], pools=[],
                 tokens={"n": "f3", "s": "f9", "ahead": "l5"})
    look = resolve_monster(state, "5").steps[0].look
    assert not look.tie and look.facing == "N"


def test_final_look_turns_but_does_not_move():
    state = make(monster="a5 E", stones=[], pools=[], tokens={"t": "f3"})
    result = resolve_monster(state, "5")
    assert walk(result)[-1] == "f5"
    assert result.final_look.facing == "N"
    assert result.state.monster.square == "f5" and result.state.monster.facing == "N"
    assert result.state.token("t").square == "f3"


def test_heading_is_re_decided_every_step():
    # heading east for the far token, it meets a nearer one to the south on the way
    state = make(monster="a5 E", stones=[], pools=[], tokens={"far": "k5", "near": "c7"})
    result = resolve_monster(state, "7")
    assert [s.facing for s in result.steps][:3] == ["E", "E", "S"]


# --- pushing ----------------------------------------------------------------


def test_pushes_the_whole_chain_of_stones_and_tokens():
    state = make(monster="b5 E", stones=["c5", "e5"], pools=[], tokens={"t": "d5"})
    result = resolve_monster(state, "5")
    step = result.steps[0]
    assert step.to == "c5"
    assert {(p.piece, p.start, p.to) for p in step.pushes} == {
        ("stone", "c5", "d5"), ("t", "d5", "e5"), ("stone", "e5", "f5")}


def test_stone_pushed_off_the_board_leaves_the_game():
    state = make(monster="k5 E", stones=["p5"], pools=[])
    result = resolve_monster(state, "5")
    assert result.steps[4].pushes[0].to is None
    assert "p5" not in result.state.stones and len(result.state.stones) == 0


def test_token_pushed_off_the_board_is_eaten_and_counts_for_x():
    state = make(monster="n5 E", stones=["o5"], pools=[], tokens={"t": "p5"})
    result = resolve_monster(state, "X")
    assert len(result.steps) == 1
    assert result.eaten == ("t",)
    assert result.state.token("t").square is None


def test_pushed_stone_slides_over_blood_to_the_square_beyond():
    state = make(monster="g4 E", stones=["h4"], tokens={})
    # h4 stone pushed east onto the pool i4 j4, slides to k4
    result = resolve_monster(state, "5")
    push = result.steps[0].pushes[0]
    assert (push.start, push.to, push.fate) == ("h4", "k4", "slid")


def test_pushed_stone_stays_on_last_pool_square_when_beyond_is_occupied():
    state = make(monster="g4 E", stones=["h4", "k4"])
    result = resolve_monster(state, "5")
    push = result.steps[0].pushes[0]
    assert (push.start, push.to) == ("h4", "j4")


def test_pushed_token_slides_and_pushes_a_stone_beyond_the_pool():
    state = make(monster="f4 E", stones=["g4", "k4"], tokens={"t": "h4"})
    result = resolve_monster(state, "5")
    moved = {(p.piece, p.start, p.to) for p in result.steps[0].pushes}
    assert ("t", "h4", "k4") in moved and ("stone", "k4", "l4") in moved


def test_pushed_token_stays_on_pool_when_the_stone_beyond_cannot_move():
    state = make(monster="f4 E", stones=["g4", "k4", "l4"], tokens={"t": "h4"})
    step = resolve_monster(state, "5").steps[0]
    moved = {(p.piece, p.start, p.to) for p in step.pushes}
    assert ("t", "h4", "j4") in moved


def test_ruling_stone_pushed_by_the_monster_onto_the_exit_corner_is_removed():
    state = make(monster="d1 W", stones=["c1"], pools=[])
    result = resolve_monster(state, "5")
    # c1 → b1 on step 1; b1 → a1 on step 2: removed on the corner
    assert result.steps[1].pushes[0].fate == "corner"
    assert result.state.stones == ()


def test_stone_pushed_onto_the_entrance_corner_is_removed_wherever_in_the_chain():
    state = make(monster="p8 S", stones=["p9", "p10"], pools=[], tokens={"t": "p11"})
    step = resolve_monster(state, "5").steps[0]
    fates = {(p.piece, p.fate) for p in step.pushes}
    assert ("stone", "corner") in fates
    assert ("t", "off the board") in fates
    assert ("stone", "p9", "p10") in {(p.piece, p.start, p.to) for p in step.pushes}


# --- blood ------------------------------------------------------------------


def test_sliding_monster_sees_nothing_while_sliding():
    # a token beside the 4x1 pool is never seen from the pool squares
    state = make(monster="d9 E", stones=[], tokens={"t": "g10"})
    result = resolve_monster(state, "5")
    assert result.steps[0].slid == ("e9", "f9", "g9", "h9")
    assert result.steps[0].to == "i9"
    assert result.steps[1].look.seen == ()


def test_after_a_slide_a_stone_on_the_landing_square_is_pushed():
    state = make(monster="h4 E", stones=["k4"])
    step = resolve_monster(state, "5").steps[0]
    assert step.to == "k4" and step.pushes[0].to == "l4"


def test_after_a_slide_a_token_on_the_landing_square_is_eaten():
    state = make(monster="h4 E", stones=[], tokens={"t": "k4"})
    step = resolve_monster(state, "5").steps[0]
    assert step.to == "k4" and step.eaten == ("t",)


def test_ruling_token_resting_on_the_pool_is_eaten_by_the_slide():
    state = make(monster="h4 E", stones=[], tokens={"t": "j4"})
    step = resolve_monster(state, "5").steps[0]
    assert step.eaten == ("t",) and step.to == "k4"


def test_ruling_stones_on_the_pool_go_beyond_the_landing_square_in_order():
    state = make(monster="h4 E", stones=["i4", "k4"])
    step = resolve_monster(state, "5").steps[0]
    assert step.to == "k4"
    moved = sorted((p.start, p.to) for p in step.pushes)
    assert moved == [("i4", "l4"), ("k4", "m4")]
    # the stone already on m4 (basic setup has none here) — all three in a row
    state = make(monster="h4 E", stones=["i4", "j4", "l4"])
    step = resolve_monster(state, "5").steps[0]
    assert sorted((p.start, p.to) for p in step.pushes) == [
        ("i4", "l4"), ("j4", "m4"), ("l4", "n4")]


def test_monster_never_stops_on_blood_when_its_move_ends_on_a_slide():
    result = resolve_monster(make(monster="e4 E"), "5")
    assert all(step.to not in result.state.blood for step in result.steps)


# --- wrapping ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "facing", "wall", "entered"),
    [("a1", "N", "A", "p11"), ("a1", "W", "☆", "p11"), ("p5", "E", "U", "a7"),
     ("m2", "N", "N", "d10"), ("b8", "W", "S", "o4"), ("e11", "W", "M", "l1")],
)
def test_wrap_enters_the_reflected_square_with_the_same_heading(start, facing, wall, entered):
    state = make(monster=f"{start} {facing}", stones=[], pools=[])
    step = resolve_monster(state, "5").steps[0]
    assert (step.wall, step.to, step.facing) == (wall, entered, facing)


def test_wrap_onto_a_stone_pushes_it_in_the_same_step():
    state = make(monster="l1 E", stones=["e11"], pools=[])
    step = resolve_monster(state, "5").steps[0]
    assert step.to == "e11" and step.pushes[0].to == "f11"


def test_wrap_onto_a_token_eats_it():
    state = make(monster="l1 E", stones=[], pools=[], tokens={"t": "e11"})
    step = resolve_monster(state, "5").steps[0]
    assert step.eaten == ("t",)


# --- length and eating --------------------------------------------------------


@pytest.mark.parametrize("tile", ["5", "7", "8", "10"])
def test_numbered_tile_takes_exactly_that_many_steps_even_after_eating(tile):
    state = make(monster="a5 E", stones=[], pools=[], tokens={"t": "c5"})
    result = resolve_monster(state, tile)
    assert len(result.steps) == int(tile) and result.eaten == ("t",)


def test_x_stops_after_one_eaten_xx_after_two():
    state = make(monster="a5 E", stones=[], pools=[], tokens={"a": "c5", "b": "h5"})
    assert len(resolve_monster(state, "X").steps) == 2
    result = resolve_monster(state, "XX")
    assert result.eaten == ("a", "b") and len(result.steps) == 7


def test_x_and_xx_stop_after_20_steps():
    state = make(monster="a5 E", stones=[], pools=[])
    assert len(resolve_monster(state, "X").steps) == 20
    assert len(resolve_monster(state, "XX").steps) == 20


def test_stage_1_eaten_token_waits_in_front_of_the_entrance_with_its_face():
    state = make(monster="a5 E", stones=[], pools=[], tokens={"t": "c5"}, face=4)
    token = resolve_monster(state, "5").state.token("t")
    assert token.square is None and token.face == 4


def test_stage_2_eaten_token_leaves_the_game():
    state = make(monster="a5 E", stones=[], pools=[], tokens={"t": "c5", "u": "h9"}, stage=2)
    result = resolve_monster(state, "5")
    assert [t.id for t in result.state.tokens] == ["u"]
    with pytest.raises(InputError):
        result.state.token("t")


def test_unknown_tile_is_refused():
    with pytest.raises(InputError, match="unknown tile"):
        resolve_monster(make(), "6")


# --- the project's own rulings (docs/darkhall.md) ----------------------------


def test_ruling_a_token_on_the_landing_square_is_pushed_with_stones_met_on_the_pool():
    state = make(monster="h4 E", stones=["i4"], tokens={"t": "k4"})
    result = resolve_monster(state, "5")
    step = result.steps[0]
    assert step.to == "k4" and step.eaten == ()
    assert {(p.piece, p.start, p.to) for p in step.pushes} == {
        ("stone", "i4", "l4"), ("t", "k4", "m4")}


def test_ruling_only_the_front_piece_of_a_chain_slides():
    state = make(monster="g4 E", stones=["h4", "i4", "j4"])
    step = resolve_monster(state, "5").steps[0]
    assert sorted((p.start, p.to, p.fate) for p in step.pushes) == [
        ("h4", "i4", "moved"), ("i4", "j4", "moved"), ("j4", "k4", "moved")]


def test_ruling_a_slide_stops_at_a_piece_resting_on_the_pool():
    state = make(monster="g4 E", stones=["h4", "j4"])
    step = resolve_monster(state, "5").steps[0]
    assert [(p.start, p.to) for p in step.pushes] == [("h4", "i4")]
