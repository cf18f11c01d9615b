from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import InputError
from companion.grid import (
    HEX_LAYOUTS,
    Rect,
    axial_to_offset,
    cell_name,
    column_letters,
    components,
    distances,
    heading_between,
    hex_distance,
    hex_neighbours,
    hex_offset_neighbours,
    offset_to_axial,
    parse_cell,
    parse_range,
    reverse,
    square_neighbours,
    turn_left,
    turn_right,
)

cells = st.tuples(st.integers(0, 200), st.integers(0, 200))


def test_names_lower_for_dark_hall_upper_for_sheets():
    assert cell_name((0, 0)) == "a1"
    assert cell_name((15, 10)) == "p11"
    assert cell_name((1, 2), upper=True) == "B3"
    assert column_letters(25) == "z" and column_letters(26) == "aa" and column_letters(701) == "zz"


@given(cells)
def test_names_round_trip_in_either_case(cell):
    assert parse_cell(cell_name(cell)) == cell
    assert parse_cell(cell_name(cell, upper=True)) == cell


@pytest.mark.parametrize("bad", ["", "a", "1", "a0", "3b", "b-1", "b 3 4", "é1"])
def test_bad_names_are_input_errors(bad):
    with pytest.raises(InputError, match="not a cell name"):
        parse_cell(bad)


def test_ranges_in_any_corner_order():
    rect = parse_range("C3:B2")
    assert rect == Rect(1, 1, 2, 2) and rect.name() == "B2:C3"
    assert rect.area == 4 and rect.cells() == [(1, 1), (2, 1), (1, 2), (2, 2)]
    assert parse_range("D4") == Rect(3, 3, 3, 3)
    with pytest.raises(InputError):
        parse_range("A1:B2:C3")


def test_rect_relations():
    a, b = Rect(0, 0, 2, 2), Rect(2, 2, 3, 3)
    assert a.overlaps(b) and not a.overlaps(Rect(3, 0, 4, 1))
    assert Rect(0, 0, 5, 5).contains_rect(a) and not a.contains_rect(b)
    assert (1, 1) in a and (3, 3) not in a


def test_headings_turn_and_reverse():
    assert turn_left("E") == "N" and turn_right("E") == "S" and reverse("W") == "E"
    assert heading_between((1, 1), (1, 0)) == "N" and heading_between((1, 1), (2, 2)) is None
    assert list(square_neighbours((1, 1))) == [(1, 0), (2, 1), (1, 2), (0, 1)]


def test_components_largest_first_and_distances():
    cells_ = {(0, 0), (1, 0), (1, 1), (5, 5), (7, 7), (7, 8)}
    groups = components(cells_)
    assert [len(g) for g in groups] == [3, 2, 1]
    assert groups[0] == {(0, 0), (1, 0), (1, 1)}
    assert distances([(0, 0)], cells_) == {(0, 0): 0, (1, 0): 1, (1, 1): 2}


@given(st.sets(cells.map(lambda c: (c[0] % 8, c[1] % 8)), max_size=40))
def test_components_partition_the_cells(cells_):
    groups = components(cells_)
    assert set().union(*groups) == cells_ if groups else not cells_
    assert sum(len(g) for g in groups) == len(cells_)


@pytest.mark.parametrize("layout", HEX_LAYOUTS)
@given(cell=cells)
def test_hex_offset_round_trip_and_six_neighbours_at_distance_one(layout, cell):
    assert axial_to_offset(offset_to_axial(cell, layout), layout) == cell
    axial = offset_to_axial(cell, layout)
    around = list(hex_offset_neighbours(cell, layout))
    assert len(set(around)) == 6
    assert all(hex_distance(axial, offset_to_axial(n, layout)) == 1 for n in around)


def test_hex_odd_r_neighbours_of_an_odd_row():
    # odd rows are shoved right: (1, 1) touches (1, 0) and (2, 0) above
    assert set(hex_offset_neighbours((1, 1), "odd-r")) == {
        (0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)}
    assert len(list(hex_neighbours((0, 0)))) == 6
