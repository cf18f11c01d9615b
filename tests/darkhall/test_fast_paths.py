"""The resolver against straightforward references, on random positions: the
monster's look and whole moves against the slow reference resolver
(``tests/darkhall/reference.py``), and the new state built afresh from the
table, every token and stone written out."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.darkhall import state as states
from companion.darkhall.monster import Look, Sighting, Step, _Monster, resolve_monster
from companion.darkhall.state import Monster, Token, canonical
from tests.darkhall.reference import Position, move_as_data, reference_move
from tests.darkhall.strategies import positions


@settings(max_examples=300, deadline=None)
@given(positions(max_tokens=20), st.sampled_from("NESW"))
def test_the_look_equals_a_square_by_square_walk(state: states.State, facing: str) -> None:
    turned = replace(state, monster=Monster(state.monster.square, facing))
    look = _Monster(turned).look()
    seen, heading, tie = Position(turned).look()
    assert [tuple(s) for s in look.seen] == seen
    assert (look.facing, look.tie) == (heading, tie)


def reference_state(table: _Monster) -> states.State:
    """Every token written out from the changes recorded, every stone from the board;
    the tokens on the board must be just those the board holds."""
    origin = table.origin
    tokens = tuple(Token(t.id, table.where.get(t.id, t.square), table.faces.get(t.id, t.face))
                   for t in origin.tokens if table.where.get(t.id, t.square) != "eaten")
    assert {t.square: t.id for t in tokens if t.on_board} == {
        square: token for square, token in table.at.items() if token is not None}
    kept = {t.id for t in tokens}
    stones = [square for square, token in table.at.items() if token is None]
    return replace(origin, monster=Monster(table.square, table.facing),
                   stones=canonical(stones), tokens=tokens,
                   moved=tuple(t for t in origin.moved if t in kept))


@settings(max_examples=200, deadline=None)
@given(positions(max_tokens=20), st.sampled_from(["5", "7", "8", "10", "X", "XX"]))
def test_the_new_state_equals_one_built_afresh(state: states.State, tile: str) -> None:
    result = resolve_monster(state, tile)
    table = _Monster(state)
    for number in range(1, len(result.steps) + 1):
        table.step(number)
    table.facing = table.look().facing
    assert result.state == reference_state(table)
    looks = [s.look for s in result.steps] + [result.final_look]
    assert all(len(s) == len(Step._fields) for s in result.steps)  # the records made directly
    assert all(len(look) == len(Look._fields) for look in looks)
    assert all(len(seen) == len(Sighting._fields) for look in looks for seen in look.seen)


@settings(max_examples=400, deadline=None)
@given(positions(max_tokens=28), st.sampled_from(["5", "7", "8", "10", "X", "XX"]))
def test_every_move_equals_the_slow_reference_resolver(state: states.State, tile: str) -> None:
    assert move_as_data(resolve_monster(state, tile)) == reference_move(state, tile)
