from __future__ import annotations

import pytest

from companion.darkhall.tokens import move_token
from companion.errors import IllegalMove, InputError
from tests.darkhall.util import make


def test_orthogonal_walk_up_to_the_face_and_the_token_flips():
    state = make(monster="a1 E", tokens={"t": "f5"}, stones=[], pools=[], face=4)
    moved = move_token(state, "t", ["f6", "g6", "h6"])
    assert moved.squares == ("f6", "g6", "h6")
    assert moved.state.token("t").square == "h6" and moved.state.token("t").face == 3


def test_zero_points_is_a_move_and_still_flips():
    state = make(tokens={"t": "f5"}, face=6)
    assert move_token(state, "t", []).state.token("t").face == 1


def test_too_many_points_or_a_diagonal_is_refused():
    state = make(tokens={"t": "f5"}, stones=[], pools=[], face=2)
    with pytest.raises(IllegalMove, match="at most 2 squares"):
        move_token(state, "t", ["f6", "f7", "f8"])
    with pytest.raises(IllegalMove, match="not next to f5"):
        move_token(state, "t", ["g6"])


def test_passes_tokens_but_never_the_monster_and_ends_on_an_empty_square():
    state = make(monster="h5 W", tokens={"t": "f5", "u": "g5"}, stones=[], pools=[], face=3)
    assert move_token(state, "t", ["g5", "g6"]).state.token("t").square == "g6"
    with pytest.raises(IllegalMove, match="must end on an empty square"):
        move_token(state, "t", ["g5"])
    with pytest.raises(IllegalMove, match="never pass"):
        move_token(state, "t", ["g5", "h5"])


def test_entering_counts_p11_as_the_first_point():
    state = make(tokens={"t": None}, face=2)
    assert move_token(state, "t", ["p11", "p10"]).state.token("t").square == "p10"
    with pytest.raises(IllegalMove, match="enters the board on p11"):
        move_token(state, "t", ["p10"])


def test_leaving_needs_one_more_point_after_a1():
    state = make(monster="h6 E", tokens={"t": "b1"}, face=2)
    assert move_token(state, "t", ["a1", "out"]).state.token("t").square == "out"
    short = make(monster="h6 E", tokens={"t": "b1"}, face=1)
    with pytest.raises(IllegalMove, match="at most 1 square"):
        move_token(short, "t", ["a1", "out"])
    with pytest.raises(IllegalMove, match="leaves from the exit a1"):
        move_token(state, "t", ["out"])


def test_pushes_one_stone_if_the_square_beyond_is_empty():
    state = make(monster="a1 E", tokens={"t": "e5"}, stones=["f5"], pools=[], face=1)
    moved = move_token(state, "t", ["f5"])
    assert moved.state.stones == ("g5",)
    blocked = make(monster="a1 E", tokens={"t": "e5"}, stones=["f5", "g5"], pools=[], face=1)
    with pytest.raises(IllegalMove, match="cannot be pushed: g5 is not empty"):
        move_token(blocked, "t", ["f5"])
    wall = make(monster="a1 E", tokens={"t": "o5"}, stones=["p5"], pools=[], face=1)
    with pytest.raises(IllegalMove, match="cannot be pushed: the wall"):
        move_token(wall, "t", ["p5"])
    behind_token = make(monster="a1 E", tokens={"t": "e5", "u": "g5"}, stones=["f5"], face=1)
    with pytest.raises(IllegalMove, match="not empty"):
        move_token(behind_token, "t", ["f5"])


def test_stone_pushed_onto_a_corner_is_removed():
    state = make(monster="h5 E", tokens={"t": "c1"}, stones=["b1"], pools=[], face=1)
    assert move_token(state, "t", ["b1"]).state.stones == ()


def test_slide_costs_one_point_written_either_way():
    state = make(monster="a1 E", tokens={"t": "h4"}, stones=[], face=2)
    for path in (["i4", "l4"], ["k4", "l4"], ["j4", "l4"]):
        moved = move_token(state, "t", path)
        assert moved.squares == ("k4", "l4")
    with pytest.raises(IllegalMove, match="ends on k4, not l4"):
        move_token(state, "t", ["l4"])


def test_slide_pushes_a_stone_beyond_when_it_can():
    state = make(monster="a1 E", tokens={"t": "h4"}, stones=["k4"], face=1)
    moved = move_token(state, "t", ["k4"])
    assert moved.state.stones == ("l4",) and moved.state.token("t").square == "k4"


def test_ruling_a_token_never_stops_on_blood_a_pool_with_a_blocked_far_side_is_closed():
    # spec ruling: a token may not enter a pool whose slide cannot end beyond it
    blocked = make(monster="a1 E", tokens={"t": "h4"}, stones=["k4", "l4"], face=2)
    with pytest.raises(IllegalMove, match="the stone on k4 beyond the pool cannot be pushed"):
        move_token(blocked, "t", ["j4", "j5"])
    with pytest.raises(IllegalMove, match="the stone on k4 beyond the pool cannot be pushed"):
        move_token(blocked, "t", ["i4"])


def test_ruling_a_token_may_not_enter_a_pool_with_the_monster_beyond():
    # with the monster on k4, "i4 j5" would stop on j4 and turn: refused at i4
    state = make(monster="k4 W", tokens={"red-3": "h4"}, stones=[], face=3)
    with pytest.raises(IllegalMove, match="the monster stands on k4 beyond the pool"):
        move_token(state, "red-3", ["i4", "j5"])
    with pytest.raises(IllegalMove, match="the monster stands on k4 beyond the pool"):
        move_token(state, "red-3", ["k4"])


def test_ruling_a_token_may_not_slide_into_a_token_resting_on_the_pool():
    # a token left on blood by a monster's push blocks the slide
    state = make(monster="a1 E", tokens={"t": "h4", "u": "j4"}, stones=[], face=2)
    with pytest.raises(IllegalMove, match="u resting on the blood at j4 blocks the slide"):
        move_token(state, "t", ["i4"])


def test_a_stone_beyond_the_pool_that_can_be_pushed_is_pushed():
    state = make(monster="a1 E", tokens={"t": "h4"}, stones=["k4"], face=1)
    moved = move_token(state, "t", ["i4"])
    assert moved.squares == ("k4",) and "l4" in moved.state.stones


def test_token_beyond_the_pool_is_passed_but_not_with_the_last_point():
    state = make(monster="a1 E", tokens={"t": "h4", "u": "k4"}, stones=[], face=2)
    assert move_token(state, "t", ["k4", "l4"]).state.token("t").square == "l4"
    one = make(monster="a1 E", tokens={"t": "h4", "u": "k4"}, stones=[], face=1)
    with pytest.raises(IllegalMove, match="may not enter the pool with its last point"):
        move_token(one, "t", ["i4"])


def test_unknown_token_and_squares_are_named():
    state = make(tokens={"t": "f5"})
    with pytest.raises(InputError, match="no token 'x'"):
        move_token(state, "x", [])
    with pytest.raises(InputError, match=r"point 1 \(q5\): q5 is off the board"):
        move_token(state, "t", ["q5"])
    out = make(tokens={})
    out = out.with_tokens([*out.tokens, type(state.tokens[0])("o", "out", 3)])
    with pytest.raises(IllegalMove, match="already out"):
        move_token(out, "o", [])


def test_ruling_a_token_cannot_enter_a_pool_square_where_a_stone_rests():
    state = make(monster="a1 E", tokens={"t": "h4"}, stones=["i4"], face=2)
    with pytest.raises(IllegalMove, match="resting on the blood"):
        move_token(state, "t", ["i4"])


def test_ruling_a_stone_pushed_by_a_token_onto_blood_slides():
    state = make(monster="a1 E", tokens={"t": "g4"}, stones=["h4"], face=1)
    assert move_token(state, "t", ["h4"]).state.stones == ("k4",)
