"""A state's history: every change recorded, and undo puts the state back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.darkhall import state as states
from companion.darkhall.history import recorded, undo
from companion.darkhall.monster import TILES
from companion.darkhall.rounds import end_round
from companion.errors import IllegalMove, InputError
from tests.cli import refuses, succeeds
from tests.darkhall.strategies import positions


def _same(a: states.State, b: states.State) -> None:
    assert states.to_dict(a) == states.to_dict(b)


@settings(max_examples=60, deadline=None)
@given(positions(), st.lists(st.sampled_from(TILES), min_size=1, max_size=3),
       st.sampled_from(["json", "toml", "text"]))
def test_undo_takes_back_every_monster_move_in_every_form(start, tiles, form):
    """Record a run of monster moves, write and read the state in one form, then
    undo them one by one: each undo gives the state before, exactly."""
    seen = [start]
    for tile in tiles:
        try:
            ended = end_round(seen[-1], tile)
        except IllegalMove:
            break
        after = recorded(seen[-1], ended.state, f"monster {tile}")
        seen.append(states.parse(states.dump(after, form), f"state.{form}"))
    current = seen[-1]
    for before in reversed(seen[:-1]):
        current, change = undo(current, "state")
        assert change.did.startswith("monster ")
        _same(current, before)
    assert current.history == start.history


def test_only_the_changed_keys_are_kept():
    start = states.basic_setup()
    after = recorded(start, states.with_round(start, 2), "monster 5")
    assert set(after.history[-1].was) == {"round"}
    assert after.history[-1].was["round"] == 1


def test_nothing_to_undo_is_refused():
    with pytest.raises(InputError, match="nothing to undo"):
        undo(states.basic_setup(), "state.json")


@pytest.mark.parametrize(("history", "message"), [
    ([{"did": "x"}], "expected"),
    ([{"did": "x", "was": {"colour": 1}}], "state keys"),
    ([{"did": 3, "was": {}}], "text"),
    ("no", "list"),
])
def test_a_broken_history_names_its_place(history, message):
    with pytest.raises(InputError, match=message) as err:
        states.from_dict({"history": history}, "s.json")
    assert "history" in str(err.value)


def test_a_changed_by_hand_history_is_checked_on_undo():
    """The keys a change puts back are validated like any state."""
    state = states.from_dict({"history": [{"did": "move", "was": {"round": 99}}]}, "s.json")
    with pytest.raises(InputError, match="round"):
        undo(state, "s.json")


# --- the command -----------------------------------------------------------


def run(*args: object) -> str:
    return succeeds(main, [str(a) for a in args])


def test_undo_through_the_command_line(tmp_path):
    """Moves, a deck draw that ends the round, then undo all the way back:
    the state and the game file return to what they were, step by step."""
    state, game = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--players", "2", "--out", state)
    run("darkhall", "deck", "new", game, "--seed", "4")
    files = [(state.read_text(), game.read_text())]
    for move in (["red-6", "p11", "p10"], ["blue-6", "p11"]):
        run("darkhall", "move", state, *move, "--out", state)
        files.append((state.read_text(), game.read_text()))
    run("darkhall", "deck", "draw", game, "--state", state)
    assert "deck draw" in json.loads(state.read_text())["history"][-1]["did"]

    assert "tile" in refuses(main, ["darkhall", "undo", str(state), "--out", str(state)])
    output = run("darkhall", "undo", state, "--game", game, "--out", state)
    assert output.startswith("Undone: deck draw ")
    for text, deck in reversed(files[:-1]):
        assert (state.read_text(), game.read_text()) != (text, deck)
        run("darkhall", "undo", state, "--out", state)
    assert states.to_dict(states.load(str(state))) == json.loads(files[0][0])
    assert game.read_text() == files[0][1]
    assert "nothing to undo" in refuses(main, ["darkhall", "undo", str(state)])


def test_undo_a_mistyped_tile(tmp_path):
    state = tmp_path / "s.toml"
    run("darkhall", "setup", "--players", "3", "--out", state)
    first = state.read_text()
    run("darkhall", "monster", state, "--tile", "XX", "--out", state)
    assert "Undone: monster XX." in run("darkhall", "undo", state, "--out", state)
    assert states.to_dict(states.load(str(state))) == states.to_dict(
        states.parse(first, "s.toml"))


def test_undo_with_a_game_file_needs_out_and_a_drawn_tile(tmp_path):
    state, game = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--players", "2", "--out", state)
    run("darkhall", "deck", "new", game, "--seed", "1")
    run("darkhall", "move", state, "red-6", "p11", "--out", state)
    before = state.read_text()
    assert "--out" in refuses(main, ["darkhall", "undo", str(state), "--game", str(game)])
    assert "did not draw" in refuses(main, ["darkhall", "undo", str(state), "--game",
                                            str(game), "--out", str(state)])
    assert state.read_text() == before
