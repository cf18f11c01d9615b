"""Rulings R1–R24 of the spec, one test (or more) each, named after them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.errors import IllegalMove, InputError
from companion.rakugaaki import odds, rules
from companion.rakugaaki import state as states
from companion.rakugaaki.board import parse as parse_board
from companion.rakugaaki.state import Tile
from tests.rakugaaki.util import EXAMPLES, cell, example_board, make, names


def test_r1_layout_even_rows_sit_half_a_cell_right() -> None:
    board = example_board()
    assert names(board.neighbours(cell("C3"))) == ["B2", "C2", "B3", "D3", "B4", "C4"]
    assert names(board.neighbours(cell("C4"))) == ["C3", "D3", "B4", "D4", "C5", "D5"]
    assert names(board.neighbours(cell("A5"))) == ["A4", "B5"]  # A6 is a hole here
    full = parse_board('players = "3-4"\ngrid = """\n...\n...\n.G.\n...\n...\n...\n"""',
                       "full.toml")
    assert names(full.neighbours((0, 4))) == ["A4", "B5", "A6"]  # A5 touches A6, not B4


def test_r1_names_are_case_insensitive_and_written_upper_case() -> None:
    state = make({"c3": "red-1"})
    assert states.to_dict(state)["tiles"] == {"C3": "red-1"}


def test_r1_columns_after_z_are_aa_ab() -> None:
    row = "." * 28
    board = parse_board(f'players = "3-4"\ngrid = """\n{row}\n{row[:-1]}G\n"""', "wide.toml")
    assert names(board.cells)[26:28] == ["AA1", "AB1"]


def test_r2_the_zone_shrinks_at_the_edge_and_beside_holes() -> None:
    state = make(guards=["B6"])
    assert names(rules.zone(state)) == ["B5", "C5", "B6", "C6"]


def test_r3_guards_go_onto_tiles_other_guards_and_unused_cells() -> None:
    three = {"players": 3, "colours": ["red", "blue", "green"]}
    onto_unused = rules.step_guards(make(guards=["E2"], **three), "red",
                                    [(cell("E2"), cell("F2"))])
    assert onto_unused.guards == (cell("F2"),)
    onto_tile = rules.step_guards(make({"D3": "blue-1"}), "red", [(cell("D4"), cell("D3"))])
    assert onto_tile.guards == (cell("D3"),)
    with pytest.raises(InputError, match="not a board cell next to"):
        rules.step_guards(make(guards=["B6"]), "red", [(cell("B6"), (0, 5))])


def test_r3_a_guard_may_start_a_state_anywhere_on_the_board() -> None:
    assert make(guards=["F1"], players=3, colours=["red", "blue", "green"]).guards == (
        cell("F1"),)


def test_r4_two_players_use_the_4_player_cells() -> None:
    assert len(make(players=2).in_use) == 34
    assert cell("F1") in rules.options(make(players=2), "red").ones


def test_r5_colours_not_players_own_islands() -> None:
    state = make({"B2": "red-1", "C2": "green-1"}, players=2)
    assert [(i.colour, names(i.cells)) for i in rules.islands(state)] == [
        ("red", ["B2"]), ("green", ["C2"])]


def test_r6_strength_is_counted_before_the_change() -> None:
    state = make({"A1": "red-1", "B1": "red-1"})  # strength 2: one die for a 2
    assert rules.declare(state, "red", 2, cell("A1")).dice == 1


def test_r7_no_dice_no_challenge() -> None:
    with pytest.raises(IllegalMove, match="R7"):
        rules.declare(make({"A1": "red-2"}), "red", 3, cell("A1"))


def test_r8_hands_come_from_the_board() -> None:
    state = make({"A1": "red-1", "B1": "red-2", "C1": "blue-1"})
    assert rules.hand(state, "red") == {1: 4, 2: 3, 3: 3, 4: 2, 5: 1}
    assert rules.hand(state, "green") == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}


def test_r9_every_value_needs_a_tile_in_hand_a_1_included() -> None:
    ones = {c: "red-1" for c in ("A1", "C1", "E1", "A3", "C3")}
    state = make(ones)
    assert rules.options(state, "red").ones == ()
    with pytest.raises(IllegalMove, match="no 1 in hand"):
        rules.declare(state, "red", 1, cell("A5"))


def test_r10_a_failed_challenge_is_action_1() -> None:
    state = make({"A1": "red-1", "B1": "red-1"})
    done = rules.place(state, rules.declare(state, "red", 2, cell("A1")), "red", faces=[1])
    assert not done.success and done.state.action == 2 and done.state.tiles == state.tiles


def test_r11_two_player_turns_pass_colour_by_colour() -> None:
    state = make(players=2)
    assert [state.owner(c) for c in state.colours] == [1, 2, 1, 2]
    order = []
    for _turn in range(5):
        order.append(state.turn)
        state = rules.step_guards(state, state.turn, [(state.guards[0], cell("D3")),
                                                      (cell("D3"), state.guards[0])])
    assert order == ["red", "blue", "green", "yellow", "red"]


def test_r12_batches_of_three_then_the_rest() -> None:
    assert odds.batch_sizes(4) == [3, 1]
    assert odds.batch_sizes(7) == [3, 3, 1]
    assert odds.batch_sizes(15) == [3, 3, 3, 3, 3]
    assert odds.batch_sizes(2) == [2]


def test_r13_the_win_is_immediate_and_final() -> None:
    state = make({"C1": "red-1", "D1": "red-4"})
    done = rules.place(state, rules.declare(state, "red", 5, cell("D1")), "red", faces=[6])
    assert done.winner == "red" and rules.winner(done.state) == "red"
    with pytest.raises(IllegalMove, match="red has won"):
        rules.step_guards(done.state, "red", [(cell("D4"), cell("D3"))])


def test_r13_a_board_holds_at_most_one_5() -> None:
    with pytest.raises(InputError, match="two 5s"):
        make({"A1": "red-5", "C1": "blue-5"})


def test_r14_blocked_position() -> None:
    # A two-cell board: each colour's lone 1 sits on a cell whose zone is the
    # whole board, so no tile could ever be placed again.
    text = 'players = "3-4"\ngrid = """\nG .\n"""'
    board = parse_board(text, "tiny.toml")
    tiles = {(0, 0): Tile("red", 1), (1, 0): Tile("blue", 1)}
    state = states.State(board, 4, states.COLOURS[:4], "red", 1, board.guard_starts, tiles)
    assert rules.blocked(state) and rules.over(state) and rules.winner(state) is None
    with pytest.raises(IllegalMove, match="blocked"):
        rules.refuse_if_over(state)
    found = rules.options(state, "red")
    assert found.ones == () and found.challenges == ()
    assert [(r.value, r.why) for r in found.refused] == [(2, ("guard", "dice"))]


def test_r14_not_blocked_while_a_guard_could_move_away() -> None:
    state = make({c: "red-1" for c in ("A1", "C1", "E1", "A3", "C3")})
    assert not rules.blocked(state)


def test_r15_the_start_player_is_the_first_colour() -> None:
    assert make(colours=["blue", "red", "green", "yellow"]).turn == "blue"


def test_r16_states_are_checked_statically() -> None:
    assert make({"C3": "red-3"}).tiles[cell("C3")] == Tile("red", 3)  # a lone 3 is accepted


def test_r17_options_ignore_whose_turn_it_is() -> None:
    state = make({"B2": "blue-1", "C2": "blue-1"}, action=2)
    assert [c.value for c in rules.options(state, "blue").challenges] == [2, 2]


def test_r18_typed_dice_must_be_exactly_the_dice_rolled() -> None:
    assert odds.typed([1, 1, 1, 2], 4, 2, "--dice").success
    with pytest.raises(InputError, match="batch 1 is incomplete"):
        odds.typed([1, 1], 4, 2, "--dice")
    with pytest.raises(InputError, match="batch 2 is incomplete"):
        odds.typed([1, 1, 1], 4, 2, "--dice")
    with pytest.raises(InputError, match="already succeeded"):
        odds.typed([6, 1, 1, 1], 4, 2, "--dice")
    with pytest.raises(InputError, match="already rolled"):
        odds.typed([1, 1, 1, 1, 1], 4, 2, "--dice")
    with pytest.raises(InputError, match="not a die face"):
        odds.typed([7], 1, 2, "--dice")


def test_r19_halves_print_only_cells_connect_across_the_join() -> None:
    board = example_board()
    assert board.halves is not None
    assert cell("D3") in board.neighbours(cell("C3"))  # C3 in half 1, D3 in half 2


@pytest.mark.parametrize(("p", "k", "printed"), [
    (Fraction(15, 16), 4, "93.8%"), (Fraction(1295, 1296), 4, "99.9%"),
    (Fraction(7775, 7776), 5, ">99.9%"), (Fraction(0), 0, "—"), (Fraction(1, 3), 1, "33.3%"),
    (Fraction(1, 2), 1, "50.0%"), (Fraction(5, 6), 1, "83.3%")])
def test_r20_printed_chances(p: Fraction, k: int, printed: str) -> None:
    assert odds.percent(p, k) == printed


def test_r20_rounding_is_half_up() -> None:
    assert odds.percent(Fraction(1, 2000), 1) == "0.1%"  # exactly 0.05 %
    assert odds.percent(Fraction(999, 2000), 1) == "50.0%"  # 49.95 %


def test_r21_colour_ids_and_defaults() -> None:
    three = states.from_dict({"board": "example.toml", "players": 3}, "s.json", EXAMPLES)
    assert three.colours == ("red", "blue", "green")
    two = states.from_dict({"board": "example.toml", "players": 2}, "s.json", EXAMPLES)
    assert two.colours == ("red", "blue", "green", "yellow")
    assert [two.owner(c) for c in ("red", "green")] == [1, 1]


def test_r22_after_a_win_show_and_options_still_work() -> None:
    state = make({"C1": "red-1", "D1": "red-5"})
    found = rules.options(state, "blue")
    assert found.ones == () and found.challenges == () and found.refused == ()


def test_r23_every_hand_is_open() -> None:
    state = make({"A1": "blue-1"})
    assert rules.options(state, "blue").hand[1] == 4  # asked while it is red's turn


def test_r24_guards_default_to_their_start_cells() -> None:
    state = states.from_dict({"board": "example.toml", "players": 4}, "s.json", EXAMPLES)
    assert state.guards == (cell("D4"),)
