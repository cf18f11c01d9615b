"""Invariants over random positions and random play (hypothesis)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InputError
from companion.grid import components
from companion.rakugaaki import board as boards
from companion.rakugaaki import rules
from companion.rakugaaki import state as states
from companion.rakugaaki.board import Board, Cell
from companion.rakugaaki.state import OWNED, State, Tile
from tests.rakugaaki.util import EXAMPLE, example_board

BOARDS = [example_board(), boards.shipped("standard-34"), boards.shipped("standard-56")]


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A random position a game could hold: owned counts respected, at most one 5."""
    board = draw(st.sampled_from(BOARDS))
    players = draw(st.sampled_from(board.serves))
    colours = states.default_colours(players)
    free = sorted(board.in_use(players), key=boards.board_order)
    cells = draw(st.lists(st.sampled_from(free), unique=True, max_size=len(free)))
    left = {c: dict(OWNED) for c in colours}
    left_5 = draw(st.booleans()) and draw(st.integers(0, 9)) == 0
    tiles: dict[Cell, Tile] = {}
    for cell in cells:
        colour = draw(st.sampled_from(colours))
        values = [v for v in (1, 2, 3, 4) if left[colour][v]] + ([5] if left_5 else [])
        if not values:
            continue
        value = draw(st.sampled_from(values))
        left_5 = left_5 and value != 5
        left[colour][value] -= 1
        tiles[cell] = Tile(colour, value)
    guards = tuple(draw(st.sampled_from(board.cells)) for _g in range(board.guard_count))
    turn = draw(st.sampled_from(colours))
    ref = board.name if board.name in boards.SHIPPED else str(EXAMPLE)
    return State(board, players, colours, turn, draw(st.sampled_from((1, 2))), guards, tiles,
                 ref)


@given(positions())
def test_hand_and_board_hold_15_tiles_per_colour(state: State) -> None:
    for colour in state.colours:
        on_board = sum(1 for t in state.tiles.values() if t.colour == colour)
        assert sum(rules.hand(state, colour).values()) + on_board == 15


@given(positions())
def test_islands_partition_the_tiles_and_sum_their_values(state: State) -> None:
    found = rules.islands(state)
    covered = [c for island in found for c in island.cells]
    assert sorted(covered) == sorted(state.tiles)
    for island in found:
        assert island.strength == sum(state.tiles[c].value for c in island.cells)
        assert {state.tiles[c].colour for c in island.cells} == {island.colour}


@given(positions())
def test_written_states_read_back_the_same_in_json_and_toml(state: State) -> None:
    for suffix in (".json", ".toml"):
        text = states.dump(state, Path(f"game{suffix}"))
        data = (states.parse_toml(text, "t") if suffix == ".toml"
                else states.parse_json(text, "t"))
        again = states.from_dict(data, f"game{suffix}", Path("."))
        assert (again.tiles, again.guards, again.turn, again.action, again.colours) == (
            state.tiles, state.guards, state.turn, state.action, state.colours)


def mirror(board: Board) -> tuple[Board, dict[Cell, Cell]]:
    """The board seen in a mirror, left to right, and where each cell goes.

    A cell's centre lies at x + ½ on odd (0-based) rows; reflected, x' = W − x − (y mod 2).
    """
    where = {(x, y): (board.width - x - (y & 1), y) for x, y in board.marks}
    marks = {where[c]: m for c, m in board.marks.items()}
    return Board(board.name, board.players, marks), where


@given(positions())
def test_mirroring_a_board_maps_zones_islands_and_options_onto_each_other(state: State
                                                                          ) -> None:
    board, where = mirror(state.board)
    mirrored = State(board, state.players, state.colours, state.turn, state.action,
                     tuple(where[g] for g in state.guards),
                     {where[c]: t for c, t in state.tiles.items()})
    assert rules.zone(mirrored) == {where[c] for c in rules.zone(state)}
    assert {(i.colour, frozenset(i.cells), i.strength) for i in rules.islands(mirrored)} == {
        (i.colour, frozenset(where[c] for c in i.cells), i.strength)
        for i in rules.islands(state)}
    for colour in state.colours:
        here, there = rules.options(state, colour), rules.options(mirrored, colour)
        assert set(there.ones) == {where[c] for c in here.ones}
        assert {(c.at, c.value, c.dice, c.chance) for c in there.challenges} == {
            (where[c.at], c.value, c.dice, c.chance) for c in here.challenges}
    assert rules.blocked(mirrored) == rules.blocked(state)


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_random_play_never_lowers_a_strength_and_a_challenge_adds_exactly_1(
        state: State, seed: int) -> None:
    rng = random.Random(seed)
    for _action in range(40):
        if rules.over(state):
            break
        before = {colour: rules.strengths(state, colour) for colour in state.colours}
        state = play_one_action(state, rng)
        for colour, strengths in before.items():
            after = rules.strengths(state, colour)
            assert all(after[cell] >= strength for cell, strength in strengths.items())
        for colour in state.colours:
            assert sum(rules.hand(state, colour).values()) + sum(
                1 for t in state.tiles.values() if t.colour == colour) == 15


def play_one_action(state: State, rng: random.Random) -> State:
    """A random legal action by the colour whose turn it is; checks a challenge's effect."""
    colour = state.turn
    if state.action == 1:
        found = rules.options(state, colour)
        choices = [(1, c) for c in found.ones] + [(c.value, c.at) for c in found.challenges]
        if choices and rng.random() < 0.8:
            value, at = rng.choice(choices)
            declared = rules.declare(state, colour, value, at)
            done = rules.place(state, declared, colour, seed=rng.randrange(2**32))
            if value > 1:
                check_challenge(state, done)
            return done.state
    guard = rng.choice(state.guards)
    return rules.step_guards(state, colour, [(guard, rng.choice(state.board.neighbours(guard)))])


def check_challenge(before: State, done: rules.Placement) -> None:
    island = rules.island_at(before, done.challenge.at)
    after = rules.island_at(done.state, done.challenge.at)
    assert after.cells == island.cells
    assert after.strength == island.strength + (1 if done.success else 0)


# --- arbitrary input: an InputError naming the place, never a traceback --------------

FIELD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=6)
    | st.sampled_from(["D4", "d4", "F1", "Z9", "red-1", "blue-5", "red", "standard-34",
                       "example.toml", "3-4", "5-6", "columns", "rows", "..G", "D"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["A1", "D4", "B3", "between", "first", "x"]), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from([*states.KEYS, "extra"]), FIELD_VALUES,
                       max_size=8))
def test_any_state_object_loads_or_names_its_problem(data: dict) -> None:
    data.setdefault("board", "example.toml")
    try:
        state = states.from_dict(data, "s.json", EXAMPLE.parent)
    except InputError as err:
        assert str(err).startswith("s.json")
        return
    assert sum(1 for t in state.tiles.values() if t.value == 5) <= 1


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "title", "title_en", "players", "grid",
                                        "join"]), FIELD_VALUES, max_size=6),
       st.text(alphabet=".46G- \n", max_size=40))
def test_any_board_file_loads_or_names_its_problem(data: dict, grid: str) -> None:
    data.setdefault("grid", grid)
    text = "\n".join(f"{k} = {json.dumps(v)}" for k, v in data.items()
                     if v is not None and not isinstance(v, dict | list))
    try:
        board = boards.parse(text, "b.toml")
    except InputError as err:
        assert str(err).startswith("b.toml")
        return
    assert len(components(board.marks, board.neighbours)) == 1
