"""Numbers and words that matter read at 4.5:1 or more against what is behind them."""

from __future__ import annotations

import pytest

from companion.darkhall.board import SQUARES
from companion.darkhall.pieces import colours
from pnp.colour import READABLE, contrast, ink_on
from pnp.components import darkhall as dh
from pnp.components import roguelight as rl
from pnp.shapes import Text


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert ink_on("#ffffff") == "#000000" and ink_on("#1d3f8f") == "#ffffff"


@pytest.mark.parametrize("colour", colours(), ids=lambda c: c.name)
def test_dark_hall_token_numbers_read_on_both_faces(colour) -> None:
    """The front's number is black on a white disc; the back's, on the colour's inset,
    is black or white, whichever reads (white on purple, blue and brown)."""
    for piece in dh.token_pieces(13.0):
        if piece.colour != colour.name:
            continue
        front = [s for s in piece.front(3.0) if isinstance(s, Text)]
        back = [s for s in piece.back(3.0) if isinstance(s, Text)]
        assert all(contrast(t.fill, "#ffffff") >= READABLE for t in front)
        assert back and all(contrast(t.fill, colour.rgb) >= READABLE for t in back)


def test_dark_hall_square_names_read_on_every_square() -> None:
    for name in SQUARES:
        assert contrast(dh.SQUARE_NAME, dh.square_fill(name)) >= READABLE, name


@pytest.mark.parametrize("ground", [rl.FLOOR, rl.BLOCK])
def test_roguelight_cell_names_read_on_the_floor_and_on_blocks(ground) -> None:
    assert contrast(rl.CELL_NAME, ground) >= READABLE
