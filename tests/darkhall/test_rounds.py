"""Rounds, turns, escapes and the winner (spec: token movement, winning)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings

from companion.darkhall import state as states
from companion.darkhall.rounds import end_round, take_turn
from companion.darkhall.standing import outcome
from companion.errors import IllegalMove, InputError
from tests.darkhall.strategies import positions
from tests.darkhall.util import make


def game(tokens: dict[str, str | None], round: int = 1, **fields) -> states.State:
    """A state in ``round`` with the given tokens (face 6), the monster on d5."""
    return replace(states.with_round(make("d5 E", tokens=tokens), round), **fields)


def test_first_round_each_player_moves_only_two_tokens():
    state = game({"red-6": None, "red-4": None, "red-3": None, "blue-6": None}, players=2)
    state = take_turn(state, "red-6", ["p11"]).state
    state = take_turn(state, "blue-6", ["p11", "p10"]).state
    state = take_turn(state, "red-4", []).state  # a move of 0 counts as one of the two
    with pytest.raises(IllegalMove, match="in round 1 each player moves only 2 tokens; "
                                          "red has moved red-6 and red-4"):
        take_turn(state, "red-3", ["p11"])


def test_no_token_moves_twice_in_a_round():
    state = game({"red-6": "f5"}, round=3)
    state = take_turn(state, "red-6", ["f6"]).state
    assert state.moved == ("red-6",)
    with pytest.raises(IllegalMove, match="red-6 has already moved in round 3"):
        take_turn(state, "red-6", ["f5"])


def test_the_monster_move_ends_the_round_and_flips_every_unmoved_token():
    state = game({"red-6": "p5", "red-4": None, "blue-6": None}, round=1)
    state = take_turn(state, "red-6", ["p6"]).state  # now shows 1
    ended = end_round(state, "5")
    assert ended.flipped == ("red-4", "blue-6")  # round 1: those left waiting flip too
    after = ended.state
    faces = {t.id: t.face for t in after.tokens}
    assert faces == {"red-6": 1, "red-4": 1, "blue-6": 1}
    assert (after.round, after.moved, after.stage) == (2, (), 1)


def test_from_round_2_every_token_moves_once_and_unmoved_ones_flip_as_a_move_of_0():
    state = game({"red-6": "f5", "red-4": None}, round=2)
    ended = end_round(take_turn(state, "red-6", []).state, "5")
    assert ended.flipped == ("red-4",)
    assert {t.id: t.face for t in ended.state.tokens} == {"red-6": 1, "red-4": 1}


def test_after_the_seventh_monster_move_the_state_is_in_stage_2():
    state = game({"red-6": "p5"}, round=7)
    ended = end_round(state, "5")
    assert ended.stage_1_over
    assert (ended.state.round, ended.state.stage) == (8, 2)


def test_round_and_stage_must_agree():
    with pytest.raises(InputError, match="round 9 is in stage 2, not 1"):
        states.from_dict({"round": 9, "stage": 1}, "s.json")
    assert states.from_dict({"stage": 2}, "s.json").round == states.STAGE_2_ROUND
    assert states.from_dict({"round": 8}, "s.json").stage == 2
    with pytest.raises(InputError, match="round: 16; expected a whole number 1–15"):
        states.from_dict({"round": 16}, "s.json")


def test_escapes_are_recorded_in_order_with_their_round():
    state = game({"red-6": "b1", "blue-6": "a2"}, round=4)
    state = take_turn(state, "blue-6", ["a1", "out"]).state
    state = take_turn(state, "red-6", ["a1", "out"]).state
    assert [(e.token, e.round) for e in state.escapes] == [("blue-6", 4), ("red-6", 4)]
    assert states.parse(states.to_json(state), "s.json") == state


def test_escapes_must_list_exactly_the_tokens_out():
    base = {"tokens": [{"id": "red-6", "square": "out"}, {"id": "red-4", "square": "f5"}],
            "round": 3}
    with pytest.raises(InputError, match="red-6 is out but not in escapes"):
        states.from_dict({**base, "escapes": []}, "s.json")
    with pytest.raises(InputError, match="'red-4' is not a token that is out"):
        states.from_dict({**base, "escapes": [{"id": "red-4", "round": 1}]}, "s.json")
    with pytest.raises(InputError, match=r"escapes\[0\].round: 4"):
        states.from_dict({**base, "escapes": [{"id": "red-6", "round": 4}]}, "s.json")
    # omitted: the tokens out, in file order, before the record began
    assert states.from_dict(base, "s.json").escapes == (states.Escape("red-6", 0),)


def _out(state: states.State, *order: str, at: int) -> states.State:
    tokens = [replace(t, square="out") if t.id in order else t for t in state.tokens]
    return replace(state, tokens=tuple(tokens),
                   escapes=tuple(states.Escape(t, at) for t in order))


def test_exactly_one_winner_the_first_to_meet_the_condition():
    four = {f"{c}-{n}": "f5" if (c, n) == ("red", 2) else None
            for c in ("red", "blue") for n in (6, 4, 3, 2)}
    four["blue-2"] = "h6"
    state = game(four, round=6, players=2)
    both = _out(state, "blue-6", "red-6", "red-4", "blue-4", "red-3", "blue-3", at=6)
    result = outcome(both)
    assert (result.winner, result.over) == ("red", False)  # the round is played out
    assert "first to get 3 tokens out" in result.why


def test_the_game_is_over_once_the_winning_round_is_closed():
    state = game({"red-6": None, "red-4": None, "red-3": None, "red-2": "p5", "blue-6": "p7"},
                 round=5, players=2)
    won = _out(state, "red-6", "red-4", "red-3", at=5)
    assert not outcome(won).over
    take_turn(won, "blue-6", ["p8"])  # the round goes on
    after = end_round(won, "5").state
    result = outcome(after)
    assert (result.winner, result.over) == ("red", True)
    with pytest.raises(IllegalMove, match="the game is over: red has won"):
        take_turn(after, "blue-6", ["p8"])
    with pytest.raises(IllegalMove, match="the game is over"):
        end_round(after, "5")


def test_winning_count_is_set_by_the_players_at_the_start():
    state = game({"red-6": None, "red-3": None, "red-2": "f5"}, round=4)
    two_out = _out(state, "red-6", "red-3", at=2)
    assert outcome(replace(two_out, players=5)).winner == "red"  # 5–7 players: 2 out
    assert outcome(replace(two_out, players=4)).winner is None  # 2–4 players: 3 out


def test_stage_2_ends_when_no_token_is_left_most_out_wins_first_to_reach_breaks_ties():
    state = game({"red-6": None, "red-4": None, "blue-6": None, "blue-4": None},
                 round=10, players=2)
    tied = _out(state, "blue-6", "red-6", "red-4", "blue-4", at=9)
    result = outcome(tied)
    assert result.over and result.winner == "red"  # red reached 2 before blue
    assert "no token is left on the board or waiting" in result.why
    assert result.leaders == ("red", "blue")


def test_stage_2_ends_after_its_seven_monster_moves():
    state = game({"red-6": "f5", "blue-6": None}, round=15, players=2)
    ahead = _out(state, "blue-6", at=9)
    result = outcome(ahead)
    assert (result.over, result.winner) == (True, "blue")
    assert "seven monster moves of stage 2" in result.why


def test_most_out_is_only_a_leader_while_the_game_goes_on():
    state = game({"red-6": None, "red-4": "f5", "blue-6": "h6"}, round=3, players=2)
    result = outcome(_out(state, "red-6", at=2))
    assert (result.winner, result.over, result.leaders) == (None, False, ("red",))


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_bookkeeping_round_trips_in_every_form(state):
    for form in ("json", "toml", "text"):
        assert states.parse(states.dump(state, form), f"s.{form}") == state


@settings(max_examples=60, deadline=None)
@given(positions(resting=False))
def test_ending_a_round_flips_exactly_the_unmoved_tokens_and_advances(state):
    if outcome(state).over or state.round >= states.LAST_ROUND:
        return
    ended = end_round(state, "5")
    unmoved = {t.id for t in state.tokens if t.square != "out" and t.id not in state.moved}
    assert set(ended.flipped) == unmoved
    assert ended.state.round == state.round + 1 and ended.state.moved == ()
    assert ended.state.stage == states.stage_of(state.round + 1)
