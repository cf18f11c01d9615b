"""Board files: the format, every refusal, and the shipped boards' requirements."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import InputError
from companion.grid import components
from companion.rakugaaki import board as boards
from companion.rakugaaki.board import FOUR, SIX
from tests.cli import answers, refuses
from tests.rakugaaki.util import EXAMPLE, names

GOOD = 'players = "3-4"\ngrid = """\n. . 4\n . G .\n"""\n'


def refusal(text: str) -> str:
    with pytest.raises(InputError) as caught:
        boards.parse(text, "b.toml")
    return str(caught.value)


def test_the_example_board_is_as_the_spec_describes_it() -> None:
    board = boards.load(EXAMPLE)
    assert len(board.cells) == 34 and len(board.in_use(3)) == 32
    assert names(board.marked(FOUR)) == ["F1", "F2"]
    assert names(board.guard_starts) == ["D4"]
    assert names(board.cells)[-4:] == ["B6", "C6", "D6", "E6"]


def test_board_json_has_every_key_of_the_spec() -> None:
    found = json.loads(answers(main, ["rakugaaki", "board", str(EXAMPLE), "--json"]))
    assert found["name"] == "example" and found["players"] == "3-4"
    assert found["serves"] == [2, 3, 4] and found["cell_count"] == 34
    assert found["in_use"] == {"2": 34, "3": 32, "4": 34}
    assert found["four_only"] == ["F1", "F2"] and found["six_only"] == []
    assert found["guard_starts"] == ["D4"]
    assert found["cells"][:3] == ["A1", "B1", "C1"]
    first, second = found["halves"]
    assert first[:4] == ["A1", "B1", "C1", "A2"] and second[:3] == ["D1", "E1", "F1"]


def test_a_board_without_a_join_has_no_halves(tmp_path: Path) -> None:
    (tmp_path / "b.toml").write_text(GOOD, "utf-8")
    found = json.loads(answers(main, ["rakugaaki", "board", str(tmp_path / "b.toml"), "--json"]))
    assert found["halves"] is None and found["name"] == "b"


def test_whitespace_inside_rows_is_ignored_and_blank_edges_dropped() -> None:
    board = boards.parse('players = "3-4"\ngrid = """\n\n  ..4\n\t. G.\n\n"""', "b.toml")
    assert names(board.cells) == ["A1", "B1", "C1", "A2", "B2", "C2"]


@pytest.mark.parametrize(("text", "expected"), [
    ("players = ", "malformed TOML"),
    (GOOD + 'colour = "red"\n', "unknown key 'colour'"),
    ('grid = "..G"', "b.toml: players"),
    ('players = "2-4"\ngrid = "..G"', "b.toml: players"),
    ('players = "3-4"', "b.toml: grid"),
    ('players = "3-4"\ngrid = "\\n  \\n"', "no rows"),
    ('players = "3-4"\ngrid = """\n..G\n\n...\n"""', "row 2: a blank line"),
    ('players = "3-4"\ngrid = """\n..G\n.x.\n"""', "row 2, column B: unknown mark 'x'"),
    ('players = "3-4"\ngrid = """\n..G\n..6\n"""', "row 2, column C: a 6 cell on a 3-4 board"),
    ('players = "5-6"\ngrid = """\nG.G\n..4\n"""', "row 2, column C: a 4 cell on a 5-6"),
    ('players = "3-4"\ngrid = """\n...\n"""', "0 guard start cells"),
    ('players = "3-4"\ngrid = """\nG.G\n"""', "2 guard start cells"),
    ('players = "5-6"\ngrid = """\nG..\n"""', "exactly 2"),
    ('players = "3-4"\ngrid = "G"', "at least 2 cells"),
    ('players = "3-4"\ngrid = """\nG.-.\n"""', "not all connected: D1"),
    (GOOD + '[join]\nbetween = "diagonal"\nfirst = "B"', "join.between"),
    (GOOD + '[join]\nbetween = "rows"\nfirst = "B"', "join.first"),
    (GOOD + '[join]\nbetween = "columns"\nfirst = 2', "join.first"),
    (GOOD + '[join]\nbetween = "columns"\nfirst = "Z"', "a half with no cells"),
    (GOOD + '[join]\nbetween = "rows"\nfirst = 1', "a half with no cells"),
    (GOOD + '[join]\nbetween = "rows"\nfirst = 2\nlast = 3', "unknown key 'last'"),
    (GOOD + "join = 3", "b.toml: join"),
    (GOOD + "title = 3", "b.toml: title"),
])
def test_a_bad_board_file_is_refused_naming_the_place(text: str, expected: str) -> None:
    assert expected in refusal(text)


def test_a_bad_board_file_ends_in_one_line_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    path.write_text('players = "3-4"\ngrid = """\n..G\n.x.\n"""', "utf-8")
    out = refuses(main, ["rakugaaki", "board", str(path)])
    assert out.count("\n") == 1 and "b.toml: grid: row 2, column B" in out
    assert "no such file" in refuses(main, ["rakugaaki", "board", "missing.toml"])


# --- the shipped boards (spec: "The shipped boards", requirements 1–6) ----------


def in_use_counts(board: boards.Board) -> dict[int, int]:
    return {p: len(board.in_use(p)) for p in board.serves}


def test_requirement_1_standard_34_size() -> None:
    n = in_use_counts(boards.shipped("standard-34"))
    assert n[4] == n[2] and 44 <= n[4] <= 56 and 33 <= n[3] <= 42
    assert abs(n[4] / 4 - n[3] / 3) <= 1


def test_requirement_2_standard_56_size_and_guards() -> None:
    board = boards.shipped("standard-56")
    n = in_use_counts(board)
    assert 66 <= n[6] <= 84 and 55 <= n[5] <= 70 and abs(n[6] / 6 - n[5] / 5) <= 1
    first, second = board.guard_starts
    assert board.join is not None and board.join.second_half(first) != \
        board.join.second_half(second)
    assert _steps(board, first, second) >= 4


def _steps(board: boards.Board, a: tuple[int, int], b: tuple[int, int]) -> int:
    from companion.grid import distances
    return distances([a], board.marks, board.neighbours)[b]


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_11_to_14_cells_per_colour_at_every_player_count(shipped: str) -> None:
    from companion.rakugaaki.state import colour_count
    board = boards.shipped(shipped)
    for players, cells in in_use_counts(board).items():
        assert 11 <= cells / colour_count(players) <= 14, players


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_requirement_3_guard_starts_have_full_zones(shipped: str) -> None:
    board = boards.shipped(shipped)
    for start in board.guard_starts:
        around = board.neighbours(start)
        assert len(around) == 6
        assert all(board.marks[c] not in (FOUR, SIX) for c in around)


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_requirement_4_cells_connected_at_every_player_count(shipped: str) -> None:
    board = boards.shipped(shipped)
    assert len(components(board.marks, board.neighbours)) == 1
    for players in board.serves:
        assert len(components(board.in_use(players), board.neighbours)) == 1, players


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_requirement_5_halves_hold_40_to_60_percent_and_are_connected(shipped: str) -> None:
    board = boards.shipped(shipped)
    assert board.halves is not None
    for half in board.halves:
        assert 0.4 <= len(half) / len(board.cells) <= 0.6
        assert len(components(half, board.neighbours)) == 1


@pytest.mark.parametrize("shipped", boards.SHIPPED)
def test_requirement_6_a_japanese_and_an_english_title(shipped: str) -> None:
    board = boards.shipped(shipped)
    assert any("\u3040" <= ch <= "\u9fff" for ch in board.title)
    assert board.title_en.isascii() and board.title_en
