from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.darkhall import deck
from companion.darkhall.setup import manual_setup_problems
from companion.errors import InputError
from tests.darkhall.util import BASIC_POOLS, make


@given(st.integers(0, 2**40))
def test_first_tile_is_a_number_and_each_stage_draws_from_all_eight(seed):
    stage1, stage2 = deck.game_tiles(seed)
    assert stage1[0] not in ("X", "XX")
    for stage in (stage1, stage2):
        assert len(stage) == 7
        assert not Counter(stage) - Counter(deck.DECK)  # never more copies than the deck has


def test_every_tile_can_come_first_except_x_and_xx():
    firsts = {deck.game_tiles(seed)[0][0] for seed in range(300)}
    assert firsts == {"5", "7", "8", "10"}


def test_game_draws_seven_then_seven_more_then_ends():
    game = deck.Game(7)
    draws = []
    for _ in range(14):
        game, drawn = game.draw()
        draws.append(drawn)
    assert [(d.stage, d.move) for d in draws][6:8] == [(1, 7), (2, 1)]
    assert draws[6].left == 1 and draws[7].left == 7
    assert game.over
    with pytest.raises(InputError, match="game is over"):
        game.draw()


def test_game_file_round_trips_and_detects_edits():
    game = deck.Game(3)
    for _ in range(4):
        game, _ = game.draw()
    data = deck.to_dict(game)
    assert deck.from_dict(data, "g.json") == game
    data["drawn"][2]["tile"] = "X" if data["drawn"][2]["tile"] != "X" else "5"
    with pytest.raises(InputError, match=r"drawn\[2\].*changed by hand"):
        deck.from_dict(data, "g.json")
    with pytest.raises(InputError, match="seed"):
        deck.from_dict({"drawn": []}, "g.json")
    with pytest.raises(InputError, match="seed"):
        deck.from_dict({"seed": True}, "g.json")


def manual(stones, pools=BASIC_POOLS):
    return manual_setup_problems(make(monster="a1 E", stones=stones, pools=pools))


GOOD_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "n8", "f10", "i10"]


def test_a_legal_manual_setup_has_no_problems():
    assert manual(GOOD_STONES) == []


def test_basic_setup_is_a_legal_manual_setup_within_n_means_below_n():
    # spec ruling: "within 3 squares" counts the corner itself, so o9 (3 steps
    # from p11) is allowed and the publisher's own layout passes.
    assert manual_setup_problems(make()) == []


def test_nothing_closer_than_3_steps_to_either_corner():
    problems = manual([*GOOD_STONES[:-1], "b2"])
    assert problems == [
        "stone on b2 is 2 steps from a1; nothing within 3 squares (closer than 3 steps)"]
    assert manual([*GOOD_STONES[:-1], "b3"]) == []  # 3 steps: allowed
    assert manual([*GOOD_STONES[:-1], "o10"]) != []  # 2 steps from p11


def test_pools_keep_at_least_8_steps_from_the_entrance():
    near = [["i3", "j3", "i4", "j4"], ["l7", "l8", "l9", "l10"]]
    problems = manual([*GOOD_STONES[:7], "c5", "d6", "f10", "i10"], near)
    assert "pool on l10 is 5 steps from the entrance p11; pools stay at least 8 steps away" \
        in problems
    # l8 is 7 steps from p11 (refused); k8 is 8 (allowed)
    assert any("pool on l8 is 7 steps" in p
               for p in manual(GOOD_STONES, [BASIC_POOLS[0], ["l5", "l6", "l7", "l8"]]))
    assert manual(GOOD_STONES, [BASIC_POOLS[0], ["k5", "k6", "k7", "k8"]]) == []


def test_a_piece_placed_on_a_pool_is_refused():
    on_blood = [*GOOD_STONES[:-1], "f9"]
    assert manual(on_blood) == ["stone on f9 stands on a pool square; nothing is placed on blood"]


def test_setup_lists_every_pool_problem_with_the_rest(tmp_path):
    from companion.darkhall import state as states

    layout = tmp_path / "layout.json"
    layout.write_text(json.dumps({
        "stones": [*GOOD_STONES[:-1], "b2"],
        "pools": [["i3", "j3", "i4", "j4"], ["k4", "l4", "k5", "l5"]],
    }))
    with pytest.raises(InputError, match="pools must not touch"):
        states.load(str(layout))  # as a game state it is refused outright
    problems = manual_setup_problems(states.load(str(layout), pool_checks=False))
    assert any("j4 is next to k4" in p for p in problems)
    assert any("one 2×2 and one 4×1" in p for p in problems)
    assert any("b2 is 2 steps from a1" in p for p in problems)


def test_counts_of_stones_and_pool_shapes():
    assert "10 stones placed" in manual(GOOD_STONES[:-1])[0]
    two_squares = [["i3", "j3", "i4", "j4"], ["f6", "g6", "f7", "g7"]]
    assert any("one 2×2 and one 4×1" in p for p in manual(GOOD_STONES, two_squares))


def test_token_sets_by_player_count():
    from companion.darkhall.pieces import colours, starting_tokens, token_faces

    assert token_faces(4) == (6, 4, 3, 2) and token_faces(5) == (6, 3, 2)
    four = starting_tokens(4)
    assert len(four) == 16 and four[0].id == "red-6" and four[0].square is None
    assert len(starting_tokens(7)) == 21 and len(colours()) == 7
    with pytest.raises(InputError, match="2–7"):
        token_faces(8)


def test_winning_is_all_but_one_token_out():
    from companion.darkhall.standing import leaders, needed_out, player_of, standing

    assert player_of("red-6") == "red" and player_of("dark-blue-3") == "dark-blue"
    assert player_of("x") == "x"
    assert (needed_out(2), needed_out(4), needed_out(5), needed_out(7)) == (3, 3, 2, 2)
    state = make(tokens={"red-6": "out", "red-4": "out", "red-3": "f5", "red-2": None,
                         "blue-6": "out"})
    table = standing(state)
    red, _blue = table
    assert (red.out, red.on_board, red.waiting, red.needed, red.won) == (2, 1, 1, 3, False)
    assert leaders(state) == ("red",)
    state = make(tokens={"red-6": "out", "red-4": "out", "red-3": "out", "red-2": "f5"})
    assert standing(state)[0].won
    five = standing(make(tokens={"red-6": "out", "red-3": "out"}), players=5)
    assert five[0].won and five[0].needed == 2
