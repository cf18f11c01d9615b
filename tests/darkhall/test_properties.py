"""Invariants of the monster and of token moves over random legal positions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.darkhall import state as states
from companion.darkhall.board import NEXT
from companion.darkhall.monster import HUNGER, TILES, resolve_monster
from companion.darkhall.tokens import move_token
from companion.errors import IllegalMove
from companion.grid import HEADINGS
from tests.darkhall.strategies import positions

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions(), st.sampled_from(TILES))
def test_the_result_is_a_legal_position_and_the_monster_never_ends_on_blood(state, tile):
    result = resolve_monster(state, tile)
    states.validate(result.state, "result")
    assert all(step.to not in state.blood for step in result.steps)
    assert result.state.monster.square not in state.blood


@SETTINGS
@given(positions(), st.sampled_from(TILES))
def test_no_piece_is_duplicated_or_lost_except_by_the_rules(state, tile):
    result = resolve_monster(state, tile)
    after = result.state
    assert len(set(result.eaten)) == len(result.eaten)
    on_board_before = {t.id for t in state.tokens if t.on_board}
    assert set(result.eaten) <= on_board_before
    if state.stage == 1:
        assert [t.id for t in after.tokens] == [t.id for t in state.tokens]
        assert all(after.token(i).square is None for i in result.eaten)
    else:
        assert [t.id for t in after.tokens] == [
            t.id for t in state.tokens if t.id not in result.eaten]
    assert {t.id: t.face for t in after.tokens} == {
        t.id: t.face for t in state.tokens if t.id in {u.id for u in after.tokens}}
    removed = sum(1 for s in result.steps for p in s.pushes if p.piece == "stone" and p.to is None)
    assert len(after.stones) == len(state.stones) - removed


@SETTINGS
@given(positions(), st.sampled_from(TILES))
def test_length_of_a_move(state, tile):
    result = resolve_monster(state, tile)
    if tile in HUNGER:
        assert len(result.steps) <= 20
        assert len(result.eaten) >= HUNGER[tile] or len(result.steps) == 20
        eaten_before_last = sum(len(s.eaten) for s in result.steps[:-1])
        assert eaten_before_last < HUNGER[tile]
    else:
        assert len(result.steps) == int(tile)


@SETTINGS
@given(positions(), st.sampled_from(TILES))
def test_same_state_and_tile_always_give_the_same_result(state, tile):
    assert resolve_monster(state, tile) == resolve_monster(state, tile)


@SETTINGS
@given(positions())
def test_every_step_moves_one_square_or_wraps_or_slides(state):
    for step in resolve_monster(state, "10").steps:
        if step.wall:
            continue
        if step.slid:
            assert NEXT[(step.slid[-1], step.facing)] == step.to
        else:
            assert NEXT[(step.start, step.facing)] == step.to


@SETTINGS
@given(positions())
def test_text_json_and_toml_forms_round_trip(state):
    for form, name in (("json", "s.json"), ("toml", "s.toml"), ("text", "s.txt")):
        assert states.parse(states.dump(state, form), name) == state


@SETTINGS
@given(positions(resting=False), st.data())
def test_a_token_move_is_refused_or_keeps_every_piece(state, data):
    movable = [t for t in state.tokens if t.square != "out"]
    if not movable:
        return
    token = data.draw(st.sampled_from(movable))
    path, square = [], token.square or "p11"
    if token.square is None:
        path.append("p11")
    for _ in range(data.draw(st.integers(0, token.face - len(path)))):
        square = NEXT[(square, data.draw(st.sampled_from(list(HEADINGS))))] or square
        path.append(square)
    try:
        moved = move_token(state, token.id, path)
    except IllegalMove:
        return
    after = moved.state
    states.validate(after, "after")
    assert [t.id for t in after.tokens] == [t.id for t in state.tokens]
    assert after.token(token.id).face == 7 - token.face
    assert len(state.stones) - 1 <= len(after.stones) <= len(state.stones)
    assert after.token(token.id).square not in state.blood
