from __future__ import annotations

from collections import Counter

import pytest

from companion.darkhall.board import (
    CUTOUTS,
    SQUARES,
    WALLS,
    parse_square,
    path_distances,
    reflect,
    wrap,
)
from companion.errors import InputError


def test_156_squares_and_the_two_staircases():
    assert len(SQUARES) == 156
    assert len(CUTOUTS) == 10 + 10
    for name in ("m1", "p1", "n2", "o3", "p4", "a8", "b9", "c10", "d11"):
        with pytest.raises(InputError, match="cut-out"):
            parse_square(name)
    for name in ("l1", "m2", "n3", "o4", "p5", "a7", "b8", "c9", "d10", "e11"):
        assert parse_square(name) == name


def test_54_wall_segments_in_27_lettered_pairs():
    assert len(WALLS) == 54
    counts = Counter(WALLS.values())
    assert len(counts) == 27 and set(counts.values()) == {2}


@pytest.mark.parametrize(
    ("square", "heading", "letter"),
    [("a1", "N", "A"), ("l1", "N", "L"), ("l1", "E", "M"), ("m2", "N", "N"), ("m2", "E", "O"),
     ("n3", "N", "P"), ("n3", "E", "Q"), ("o4", "N", "R"), ("o4", "E", "S"), ("p5", "N", "T"),
     ("p5", "E", "U"), ("p11", "E", "☆"), ("p11", "S", "A"), ("e11", "S", "L"),
     ("e11", "W", "M"), ("d10", "S", "N"), ("d10", "W", "O"), ("c9", "S", "P"),
     ("c9", "W", "Q"), ("b8", "S", "R"), ("b8", "W", "S"), ("a7", "S", "T"),
     ("a7", "W", "U"), ("a1", "W", "☆")],
)
def test_wall_letters_as_the_spec_lists_them(square, heading, letter):
    assert WALLS[(square, heading)] == letter


def test_partner_segments_are_point_reflections():
    for (square, heading), letter in WALLS.items():
        entered = wrap(square, heading)
        assert entered[0] == letter
        assert entered[1] == SQUARES[len(SQUARES) - 1 - SQUARES.index(square)]
    assert reflect((0, 0)) == (15, 10)


@pytest.mark.parametrize(("text", "message"), [("q3", "off the board"), ("a12", "off the board"),
                                              ("zz", "not a cell name"), (3, "square name")])
def test_bad_square_names(text, message):
    with pytest.raises(InputError, match=message):
        parse_square(text)


def test_path_distance_walks_round_the_staircase():
    # p5 to l1 is blocked by the top-right staircase: 4 + 4 squares the long way
    assert path_distances("p5")["l1"] == 8
    assert path_distances("p11")["o9"] == 3
