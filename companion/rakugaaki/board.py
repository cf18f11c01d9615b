"""A Rakugaaki board: hex cells in rows, which player counts use them, the halves.

A board file (TOML, ``docs/rakugaaki.md``) draws the whole play area as text,
one line per row, even rows indented half a cell::

    players = "3-4"
    grid = \"\"\"
    . . . . . 4
     . . . G . 4
    \"\"\"

Marks: ``.`` a cell, ``4`` a 4-player cell, ``6`` a 6-player cell, ``G`` a
guard start cell, ``-`` no cell. Cells are pointy-top hexagons, even rows
(2, 4, …) half a cell to the right — the ``odd-r`` layout of
:mod:`companion.grid` with rows counted from 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from companion import data as shipped_data
from companion.errors import InputError, refuse_unknown_keys
from companion.files import parse_toml, read_text
from companion.grid import Cell, cell_name, column_letters, components, hex_offset_neighbours
from companion.grid import parse_cell as parse_grid_cell
from companion.i18n import _

CELL, FOUR, SIX, GUARD, HOLE = ".", "4", "6", "G", "-"
MARKS = (CELL, FOUR, SIX, GUARD, HOLE)
#: Board kinds → the player counts they serve, and their guards.
SERVES = {"3-4": (2, 3, 4), "5-6": (5, 6)}
GUARDS = {"3-4": 1, "5-6": 2}
SHIPPED = ("standard-34", "standard-56")
_KEYS = ("name", "title", "title_en", "players", "grid", "join")


@dataclass(frozen=True)
class Join:
    """Where the two printed halves meet: the second half starts at column or row
    ``first`` (counted from 0)."""

    between: str  # "columns" or "rows"
    first: int

    def second_half(self, cell: Cell) -> bool:
        return (cell[0] if self.between == "columns" else cell[1]) >= self.first


@dataclass(frozen=True)
class Board:
    name: str
    players: str  # "3-4" or "5-6"
    marks: dict[Cell, str]  # every cell → CELL, FOUR, SIX or GUARD
    title: str = ""
    title_en: str = ""
    join: Join | None = None

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell in board order: by row, then by column."""
        return tuple(sorted(self.marks, key=board_order))

    @cached_property
    def _neighbours(self) -> dict[Cell, tuple[Cell, ...]]:
        return {cell: tuple(sorted((n for n in hex_offset_neighbours(cell, "odd-r")
                                    if n in self.marks), key=board_order))
                for cell in self.marks}

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The board cells touching ``cell``, in board order."""
        return self._neighbours[cell]

    def around(self, cell: Cell) -> frozenset[Cell]:
        """``cell`` and its neighbours: a guard's zone (R2)."""
        return frozenset((cell, *self._neighbours[cell]))

    @property
    def serves(self) -> tuple[int, ...]:
        return SERVES[self.players]

    @property
    def guard_count(self) -> int:
        return GUARDS[self.players]

    def in_use(self, players: int) -> frozenset[Cell]:
        """The cells tiles may go on at ``players`` players."""
        return self._in_use[players]

    @cached_property
    def _in_use(self) -> dict[int, frozenset[Cell]]:
        unused = {3: FOUR, 5: SIX}
        return {p: frozenset(c for c, m in self.marks.items() if m != unused.get(p))
                for p in self.serves}

    def marked(self, mark: str) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if self.marks[c] == mark)

    @property
    def guard_starts(self) -> tuple[Cell, ...]:
        return self.marked(GUARD)

    @cached_property
    def halves(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...]] | None:
        if self.join is None:
            return None
        second = tuple(c for c in self.cells if self.join.second_half(c))
        return tuple(c for c in self.cells if not self.join.second_half(c)), second

    @cached_property
    def width(self) -> int:
        return 1 + max(x for x, _y in self.marks)

    @cached_property
    def height(self) -> int:
        return 1 + max(y for _x, y in self.marks)

    def parse_cell(self, text: Any, where: str) -> Cell:
        """A cell name of this board (``c4`` or ``C4``), else an error at ``where``."""
        try:
            cell = parse_grid_cell(text)
        except InputError as err:
            raise err.at(where) from None
        if cell not in self.marks:
            raise InputError(_("{cell} is not a cell of board {board}", cell=name(cell),
                               board=self.name), where)
        return cell


def board_order(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def name(cell: Cell) -> str:
    """``(2, 3)`` → ``C4``."""
    return cell_name(cell, upper=True)


def names(cells: Any) -> list[str]:
    """Cell names in board order."""
    return [name(c) for c in sorted(cells, key=board_order)]


# --- reading ----------------------------------------------------------------


def load(source: str | Path, relative_to: Path | None = None) -> Board:
    """A shipped board by name (``standard-34``, ``standard-56``) or a board file."""
    if str(source) in SHIPPED and not Path(source).exists():
        return shipped(str(source))
    path = Path(source)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    return parse(read_text(path), str(path), default_name=path.stem)


@cache
def shipped(board: str) -> Board:
    text = shipped_data.text("rakugaaki", f"{board}.toml")
    return parse(text, f"{board}.toml", default_name=board)


def parse(text: str, where: str, *, default_name: str = "board") -> Board:
    """A board from the text of its file; every problem names ``where`` and the place."""
    data = parse_toml(text, where)
    refuse_unknown_keys(sorted(data), _KEYS, where)
    players = data.get("players")
    if players not in SERVES:
        raise InputError(_('expected "3-4" or "5-6", found {found!r}', found=players),
                         f"{where}: players")
    marks = _grid(data.get("grid"), players, f"{where}: grid")
    board = Board(name=_text(data, "name", where) or default_name, players=players, marks=marks,
                  title=_text(data, "title", where), title_en=_text(data, "title_en", where),
                  join=_join(data.get("join"), marks, where))
    _check_whole(board, where)
    return board


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > 200:
        raise InputError(_("expected a text of at most 200 characters"), f"{where}: {key}")
    return value


MAX_SIDE = 100


def _grid(grid: Any, players: str, where: str) -> dict[Cell, str]:
    if not isinstance(grid, str):
        raise InputError(_("expected the board drawn as a multi-line text"), where)
    rows = grid.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise InputError(_("the grid has no rows"), where)
    if len(rows) > MAX_SIDE:
        raise InputError(_("more than {most} rows", most=MAX_SIDE), where)
    wrong = {"3-4": SIX, "5-6": FOUR}[players]
    marks: dict[Cell, str] = {}
    for y, row in enumerate(rows):
        line = "".join(row.split())
        if not line:
            raise InputError(_("a blank line between rows"),
                             f"{where}: " + _("row {row}", row=y + 1))
        if len(line) > MAX_SIDE:
            raise InputError(_("more than {most} positions", most=MAX_SIDE),
                             f"{where}: " + _("row {row}", row=y + 1))
        for x, mark in enumerate(line):
            place = f"{where}: " + _("row {row}, column {column}", row=y + 1,
                                     column=column_letters(x).upper())
            if mark not in MARKS:
                raise InputError(_("unknown mark {mark!r}; expected one of . 4 6 G -",
                                   mark=mark), place)
            if mark == wrong:
                raise InputError(_("a {mark} cell on a {players} board", mark=mark,
                                   players=players), place)
            if mark != HOLE:
                marks[(x, y)] = mark
    return marks


def _join(value: Any, marks: dict[Cell, str], where: str) -> Join | None:
    if value is None:
        return None
    place = f"{where}: join"
    if not isinstance(value, dict):
        raise InputError(_("expected a table with 'between' and 'first'"), place)
    refuse_unknown_keys(value, ("between", "first"), place)
    between = value.get("between")
    if between not in ("columns", "rows"):
        raise InputError(_('expected "columns" or "rows", found {found!r}', found=between),
                         f"{place}.between")
    first = _join_first(value.get("first"), between, f"{place}.first")
    join = Join(between, first)
    second = sum(1 for cell in marks if join.second_half(cell))
    if second in (0, len(marks)):
        raise InputError(_("the join leaves a half with no cells"), f"{place}.first")
    return join


def _join_first(first: Any, between: str, where: str) -> int:
    if between == "rows":
        if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= MAX_SIDE:
            raise InputError(_("expected the first row of the second half, a number"), where)
        return first - 1
    if not isinstance(first, str) or not first.isalpha() or not first.isascii():
        raise InputError(_('expected the first column of the second half, letters like "D"'),
                         where)
    return parse_grid_cell(f"{first}1")[0]


def _check_whole(board: Board, where: str) -> None:
    starts = len(board.guard_starts)
    if starts != board.guard_count:
        raise InputError(_("{found} guard start cells (G); a {players} board has exactly "
                           "{count}", found=starts, players=board.players,
                           count=board.guard_count), f"{where}: grid")
    if len(board.marks) < 2:
        raise InputError(_("a board has at least 2 cells"), f"{where}: grid")
    groups = components(board.marks, board.neighbours)
    if len(groups) > 1:
        apart = min(groups[1], key=board_order)
        raise InputError(_("the cells are not all connected: {cell} cannot be reached from "
                           "{first}", cell=name(apart), first=name(board.cells[0])),
                         f"{where}: grid")
