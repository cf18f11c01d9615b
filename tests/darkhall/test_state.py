from __future__ import annotations

import pytest

from companion.darkhall import state as states
from companion.errors import InputError
from tests.darkhall.util import BASIC_POOLS, BASIC_STONES


def test_default_state_is_the_basic_setup():
    basic = states.from_dict({}, "x")
    assert basic.monster == states.Monster("a1", "E")
    assert set(basic.stones) == set(BASIC_STONES)
    assert [sorted(p) for p in basic.pools] == [sorted(p) for p in BASIC_POOLS]
    assert basic.tokens == () and basic.stage == 1


def test_omitted_keys_default_but_given_keys_replace():
    only_tokens = states.from_dict({"tokens": [{"id": "red-6", "square": "f1"}]}, "x")
    assert only_tokens.stones == states.basic_setup().stones
    assert only_tokens.token("red-6") == states.Token("red-6", "f1", 6)
    assert states.from_dict({"stones": []}, "x").stones == ()


def test_token_waiting_and_out_and_face_from_id():
    state = states.from_dict({"tokens": [
        {"id": "red-6", "square": None}, {"id": "blue-3", "square": "out"},
        {"id": "x", "square": "f1", "face": 2}]}, "x")
    assert [t.square for t in state.tokens] == [None, "out", "f1"]
    assert [t.face for t in state.tokens] == [6, 3, 2]


def test_three_forms_read_back_to_the_same_state():
    sample = states.load("sample")
    assert states.parse(states.to_json(sample), "s.json") == sample
    assert states.parse(states.to_toml(sample), "s.toml") == sample
    assert states.parse(states.to_text(sample), "s.txt") == sample


def test_text_form_comments_and_defaults():
    text = "# a game\nmonster f4 N\ntoken red-6 f1   # six up\ntoken b-2 - 2\n"
    state = states.parse(text, "g.txt")
    assert state.monster == states.Monster("f4", "N")
    assert state.token("b-2").square is None and state.stones == states.basic_setup().stones


def bad(data, where="s.json"):
    with pytest.raises(InputError) as info:
        states.from_dict(data, where)
    return str(info.value)


def test_unknown_and_off_board_squares_name_the_field():
    assert bad({"stones": ["c3", "q3"]}) == (
        "s.json: stones[1]: q3 is off the board (columns a–p, rows 1–11)")
    assert "monster.square" in bad({"monster": {"square": "m1"}})
    assert "tokens[0].square" in bad({"tokens": [{"id": "a-1", "square": "zz9"}]})
    assert "pools[0][2]" in bad({"pools": [["f5", "g5", "x", "h5"]]})


def test_two_pieces_on_one_square():
    assert "both on c3" in bad({"tokens": [{"id": "a-1", "square": "c3"}]})
    assert "both on a1" in bad({"tokens": [{"id": "a-1", "square": "a1"}]})
    assert "both on f5" in bad({"tokens": [{"id": "a-1", "square": "f5"},
                                           {"id": "b-1", "square": "f5"}]})
    assert "both on f5" in bad({"stones": ["f5", "f5"]})


def test_pools_must_be_2x2_or_4x1_and_keep_off_the_edge_and_each_other():
    assert "not a 2×2 or 4×1" in bad({"pools": [["f5", "g5", "h5", "f6"]]})
    assert "not a 2×2 or 4×1" in bad({"pools": [["f5", "g5", "h5"]]})
    assert "touches the board edge" in bad({"pools": [["a4", "b4", "a5", "b5"]]})
    assert "o4 touches the board edge" in bad({"pools": [["n4", "o4", "n5", "o5"]]})  # o3 cut out
    assert "must not touch" in bad({"pools": [["f5", "g5", "f6", "g6"], ["h5", "h6", "h7", "h8"]]})
    overlap = [["f5", "g5", "f6", "g6"], ["g6", "g7", "g8", "g9"]]
    assert "also in pools[0]" in bad({"pools": overlap})
    vertical = states.from_dict({"pools": [["f3", "f4", "f5", "f6"]], "stones": []}, "x")
    assert vertical.blood == {"f3", "f4", "f5", "f6"}


def test_impossible_positions():
    assert "never stands on blood" in bad({"monster": {"square": "i3"}})
    assert "corner a1" in bad({"stones": ["a1"], "monster": {"square": "b2"}})
    assert "the game has 11" in bad({"stones": [f"{c}5" for c in "abcdefghijkl"]})
    assert "used twice" in bad({"tokens": [{"id": "a-1"}, {"id": "a-1"}]})
    assert "stage 3" in bad({"stage": 3})
    assert "facing 'Q'" in bad({"monster": {"square": "a1", "facing": "Q"}})
    assert "needs a face" in bad({"tokens": [{"id": "red"}]})
    assert "face 7" in bad({"tokens": [{"id": "red", "face": 7}]})
    assert "no spaces" in bad({"tokens": [{"id": "red 6"}]})
    assert "unknown key 'stone'" in bad({"stone": []})
    assert "object" in bad([1, 2])


def test_malformed_files_name_the_line():
    with pytest.raises(InputError, match=r"s\.json:2:\d+: malformed JSON"):
        states.parse('{"stones":\n [c3]}', "s.json")
    with pytest.raises(InputError, match=r"s\.toml: malformed TOML"):
        states.parse("stones = [", "s.toml")
    with pytest.raises(InputError, match=r"g\.txt:2: cannot read 'monstr a1'"):
        states.parse("stage 1\nmonstr a1\n", "g.txt")


def test_missing_file_is_named(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        states.load(str(tmp_path / "nothing.json"))


def test_text_form_pools_as_ranges_and_an_empty_line_for_none():
    state = states.parse("pools f3:f6 k6:l7\nstones\n", "g.txt")
    assert state.pools == (("f3", "f4", "f5", "f6"), ("k6", "l6", "k7", "l7"))
    assert state.stones == ()
    assert states.parse("pools\n", "g.txt").pools == ()
    assert "pools f3:f6 k6:l7" in states.to_text(state)
    with pytest.raises(InputError, match=r"g\.txt: pools"):
        states.parse("pools f3:g5\n", "g.txt")


def test_ruling_pools_touching_only_at_a_corner_are_allowed():
    state = states.from_dict({"pools": [["f5", "g5", "f6", "g6"], ["h7", "h8", "h9", "h10"]],
                              "stones": []}, "x")
    assert len(state.pools) == 2
