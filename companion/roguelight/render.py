"""A scored Roguelight sheet drawn as text.

Each cell is three characters: what the cell is now (a room's letter, lower
case when the room does not score; ``+`` passage; ``#`` filled; ``.`` open
but off the floor) and the map's symbol under it (``I G V b g``, ``1``–``6``,
``X``; ``L`` for a large monster's cells).
"""

from __future__ import annotations

from companion.grid import column_letters
from companion.roguelight.maps import PLAIN
from companion.roguelight.scoring import Score

_FILLED = {"unicode": "█", "ascii": "#"}


def draw(score: Score, *, ascii_only: bool = False) -> str:
    board = score.sheet.map
    filled = _FILLED["ascii" if ascii_only else "unicode"]
    closed = set(score.sheet.filled) | (set(board.exits) - {score.exit})
    lines = ["    " + "".join(f"{column_letters(x).upper():<3}" for x in range(board.width))]
    for y in range(board.height):
        row = []
        for x in range(board.width):
            cell = (x, y)
            what = _what(score, cell, cell in closed, filled)
            row.append(f"{what}{_symbol(board, cell)} ")
        lines.append(f"{y + 1:>3} " + "".join(row).rstrip())
    return "\n".join(lines)


def _what(score: Score, cell: tuple[int, int], closed: bool, filled: str) -> str:
    if closed:
        return filled
    room = score.room_at(cell)
    if room is not None:
        return room.letter if room.scoring else room.letter.lower()
    if cell in score.passages:
        return "+"
    return "."


def _symbol(board, cell) -> str:
    if board.large_at(cell) is not None:
        return "L"
    symbol = board.symbol(cell)
    return " " if symbol == PLAIN else symbol
