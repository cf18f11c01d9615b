"""Invariants over dealt floors and random play (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InputError
from companion.jongrogue import actions, labyrinth
from companion.jongrogue import state as states
from companion.jongrogue.state import State
from tests.jongrogue.util import FOUND, floor_f

SWAP = {"lr": {"E": "W", "W": "E"}, "tb": {"N": "S", "S": "N"}}


def mirrored_room(number: int, how: str) -> int:
    row, col = divmod(number - 1, 3)
    return (row * 3 + 2 - col if how == "lr" else (2 - row) * 3 + col) + 1


def mirrored_place(text: str, how: str) -> str:
    if text in ("down", "up"):
        return text
    room, side = labyrinth.parse_place(text, "t")
    return labyrinth.place(mirrored_room(room, how), SWAP[how].get(side, side) if side else None)


def mirror(state: State, how: str) -> State:
    new = state.copy()
    assert new.rooms is not None and state.rooms is not None
    for number, room in enumerate(state.rooms, start=1):
        copy = room.__class__([SWAP[how].get(t, t) for t in room.tiles], room.open,
                              list(room.encounter))
        new.rooms[mirrored_room(number, how) - 1] = copy
    new.start = mirrored_room(state.start, how)  # type: ignore[arg-type]
    new.hero.at = mirrored_place(state.hero.at, how)  # type: ignore[arg-type]
    return new


@st.composite
def floors(draw: st.DrawFn) -> State:
    """A dealt floor with every room open and the hero anywhere, with any rights."""
    state, _events = actions.floor_new(None, FOUND, seed=draw(st.integers(0, 2**32)))
    if state.rooms is None or state.in_house:
        return state
    for room in state.rooms:
        room.open = True
    number = draw(st.integers(1, 9))
    side = draw(st.sampled_from([None, *labyrinth.doors(number)]))
    state.hero.at = labyrinth.place(number, side)
    state.hero.back = side is not None and draw(st.booleans())
    state.hero.hidden = draw(st.booleans())
    state.hero.asleep = state.hero.held = False
    return state


@settings(max_examples=150, deadline=None)
@given(floors(), st.sampled_from(["lr", "tb"]))
def test_mirroring_a_floor_mirrors_its_moves(state: State, how: str) -> None:
    if state.rooms is None or state.in_house:
        return
    moves = actions.legal_moves(state, FOUND).moves
    there = actions.legal_moves(mirror(state, how), FOUND).moves
    assert sorted((mirrored_place(to, how), kind) for to, kind in moves) == sorted(there)


def tiles_on_the_floor(state: State) -> Counter:
    found = Counter(state.wall or [])
    found.update(state.discards + state.taken)
    found.update(s.tile for r in state.rooms or [] for s in r.encounter if s)
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_play_conserves_the_wall_and_every_state_reads_back(seed: int, play: int
                                                                   ) -> None:
    state, _events = actions.floor_new(None, FOUND, seed=seed)
    expected = Counter(FOUND.wall_tiles())
    rng = random.Random(play)
    for _action in range(60):
        if state.rooms is None:
            break
        assert tiles_on_the_floor(state) == expected
        again = states.from_dict(json.loads(states.dump(state)), "s.json", FOUND)
        assert again == state
        state = random_action(state, rng)


def random_action(state: State, rng: random.Random) -> State:
    legal = actions.legal_moves(state, FOUND)
    if legal.blocked in ("asleep", "held"):
        return actions.set_hero(state, {"asleep": False, "held": False})
    room, _side = state.place
    monsters = [i + 1 for i, s in enumerate(state.room(room).encounter)
                if s and FOUND.kind(s.tile) == "monster"]
    choices = ["move"] * 4 + ["search"] * legal.search + ["take"] * bool(legal.take) + \
        ["remove"] * bool(monsters) + ["spring"] * bool(legal.spring)
    choice = rng.choice(choices)
    if not state.wall and choice in ("search", "move", "spring"):
        choice = "remove" if monsters else "take" if legal.take else "move"
    if choice == "search":
        return actions.search(state, FOUND)[0]
    if choice == "take":
        return actions.take(state, FOUND, rng.choice(legal.take))[0]
    if choice == "remove":
        return actions.remove(state, FOUND, rng.choice(monsters))[0]
    if choice == "spring":
        return actions.spring(state, FOUND, rng.choice(legal.spring))[0]
    if not legal.moves:
        return actions.search(state, FOUND)[0] if legal.search and state.wall else state
    to, _kind = rng.choice(legal.moves)
    return actions.move(state, FOUND, to)[0]


FIELD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4)
    | st.sampled_from(["5", "5E", "1N", "E", "3m", "?", "f1", "R", "S", "escaped"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["tile", "sprung", "tiles", "open", "encounter", "at", "x"]), inner,
        max_size=3),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_bad_value_in_any_field_is_one_input_error(data: st.DataObject) -> None:
    state = floor_f("5", {5: ["3m", "4s~"]})
    key = data.draw(st.sampled_from([*states.KEYS, "hero.at", "hero.held", "hero.strength",
                                     "rooms.0", "rooms.4.encounter", "rooms.4.tiles"]))
    value = data.draw(FIELD_VALUES)
    target, *rest = key.split(".")
    if not rest:
        state[target] = value
    elif target == "hero":
        state["hero"][rest[0]] = value
    elif len(rest) == 1:
        state["rooms"][int(rest[0])] = value
    else:
        state["rooms"][int(rest[0])][rest[1]] = value
    try:
        states.from_dict(state, "s.json", FOUND)
    except InputError as err:
        assert str(err).startswith("s.json")
