"""The terminal board stays aligned whatever the token ids: 赤-6, Ｒ-3, emoji."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.darkhall import state as states
from companion.darkhall.board import SQUARES, WIDTH
from companion.darkhall.render import draw
from companion.text import display_width

ROW = 4 + 3 * WIDTH  # row number, then three columns a square


def _column_of(line: str, index: int) -> int:
    return display_width(line[:index])


def _state(ids: list[str]) -> states.State:
    free = [s for s in SQUARES if s not in states.basic_setup().stones][2:]
    tokens = [{"id": f"{i}-{n % 6 + 1}", "square": free[n * 7 % len(free)]}
              for n, i in enumerate(ids)]
    return states.from_dict({"tokens": tokens}, "test")


def test_display_width_counts_wide_characters_twice():
    assert display_width("r6") == 2
    assert display_width("赤6") == 3
    assert display_width("Ｒ") == 2
    assert display_width("e\u0301") == 1  # e + combining acute


ids = st.text(st.characters(exclude_categories=("Z", "C", "M")), min_size=1, max_size=4
              ).filter(lambda s: "-" not in s and "#" not in s)


@given(st.lists(ids, min_size=1, max_size=6, unique_by=lambda s: s[0]), st.booleans())
def test_every_row_is_as_wide_as_with_plain_ids(token_ids, ascii_only):
    """Each row takes as many columns as the same board with one-letter ASCII ids."""
    board = draw(_state(token_ids), ascii_only=ascii_only).splitlines()[:12]
    plain = draw(_state([chr(ord("a") + i) for i in range(len(token_ids))]),
                 ascii_only=ascii_only).splitlines()[:12]
    for line, expected in zip(board, plain, strict=True):
        assert display_width(line) == display_width(expected), line
    if ascii_only:
        assert all(ch.isascii() for line in board for ch in line)


def test_a_wide_token_id_sits_in_its_own_square():
    state = states.from_dict({"tokens": [{"id": "赤-6", "square": "f2"},
                                         {"id": "red-5", "square": "g2"},
                                         {"id": "青-4", "square": "i3"}]}, "test")
    lines = draw(state).splitlines()
    row_2, row_3 = lines[2], lines[3]
    assert _column_of(row_2, row_2.index("赤6")) == 4 + 3 * 5 + 0
    assert _column_of(row_2, row_2.index("r5")) == 4 + 3 * 6 + 1
    assert _column_of(row_3, row_3.index("青4")) == 4 + 3 * 8  # on blood: no room for ≈
    assert "青-4 on i3 (blood)" in draw(state)
    assert display_width(row_2) <= ROW and display_width(row_3) <= ROW
