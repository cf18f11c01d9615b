"""The board in the terminal, plain ASCII::

         A   B   C   D   E   F
      1  ..  ..  ..  ..  ..  xx
      2    ..  r1  ..  ..  ..  xx
      3  ..  ..  b2  ..' ..' ..
      4    ..  ..  ..' ..G ..' ..

Each cell is its tile (``r2``: red 2), ``..`` when empty and in use, ``xx``
when not in use at this player count; a guard's cell is marked ``G``, other
cells of a zone ``'``; even rows are indented half a cell.
"""

from __future__ import annotations

from companion.grid import column_letters
from companion.rakugaaki.board import CELL, GUARD, Board, Cell
from companion.rakugaaki.rules import zone
from companion.rakugaaki.state import INITIALS, State

_PITCH = 4


def draw(state: State) -> str:
    return draw_board(state.board, state)


def draw_board(board: Board, state: State | None = None) -> str:
    """The board with ``state``'s tiles and guards; without a state, its marks
    (``44`` a 4-player cell, ``66`` a 6-player cell, ``G`` a guard start)."""
    in_use = state.in_use if state else frozenset(c for c, m in board.marks.items()
                                                  if m in (CELL, GUARD))
    guards = set(state.guards) if state else set(board.guard_starts)
    zoned = zone(state) if state else frozenset()
    header = " " * 5 + "".join(column_letters(x).upper().ljust(_PITCH)
                                for x in range(board.width))
    lines = [header.rstrip()]
    for y in range(board.height):
        row = f"{y + 1:>3}  " + ("  " if y % 2 else "")
        for x in range(board.width):
            row += _cell((x, y), board, state, in_use, guards, zoned)
        lines.append(row.rstrip())
    return "\n".join(lines)


def _cell(cell: Cell, board: Board, state: State | None, in_use: frozenset[Cell],
          guards: set[Cell], zoned: frozenset[Cell]) -> str:
    if cell not in board.marks:
        return " " * _PITCH
    tile = state.tiles.get(cell) if state else None
    face = (f"{INITIALS[tile.colour]}{tile.value}" if tile else ".." if cell in in_use
            else "xx" if state else board.marks[cell] * 2)
    mark = "G" if cell in guards else "'" if cell in zoned else " "
    return f"{face}{mark} "
