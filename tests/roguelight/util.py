"""Building Roguelight maps and sheets for tests from small pictures."""

from __future__ import annotations

from dataclasses import replace

from companion.grid import Cell, Rect
from companion.roguelight.maps import Map, parse_map
from companion.roguelight.sheet import Sheet, parse_sheet

PLAIN_MAP = parse_map('''
name = "plain"
grid = """
X1.2.3...X
..........
4.........
..........
5.........
..........
6.........
..........
..........
X........X
"""
[entrance_blocks]
"1" = "B1:C2"
"2" = "D1:E2"
"3" = "F1:G2"
"4" = "A3:B4"
"5" = "A5:B6"
"6" = "A7:B8"
[items]
points = [2, 3, 3, 4, 5, 6]
''', "plain.toml")


def sheet_from(picture: str, plans: list[str] | None = None, board: Map = PLAIN_MAP,
               setup: str = "B1:C2", **extra) -> Sheet:
    """A sheet on ``board`` from rows of '#' and '.'; the setup plan is added first."""
    filled = {(x, y) for y, row in enumerate(picture.split()) for x, c in enumerate(row)
              if c == "#"}
    from companion.roguelight.sheet import _open_entrance, _plans

    rects = _plans([setup, *(plans or [])], board, "test")
    defaults = dict(map=board, name="test", exit=None, goals=(), plans=rects,
                    filled=frozenset(filled), circled=board.items_circled, spent=frozenset(),
                    development=None, entrance=_open_entrance(board, frozenset(filled), rects,
                                                              "test"))
    defaults.update(extra)
    return Sheet(**defaults)


def parse(text: str, name: str = "sheet.toml") -> Sheet:
    return parse_sheet(text, name)


# --- mirroring ------------------------------------------------------------


def flip(cell: Cell, board: Map, axis: str) -> Cell:
    x, y = cell
    return (board.width - 1 - x, y) if axis == "x" else (x, board.height - 1 - y)


def flip_rect(rect: Rect, board: Map, axis: str) -> Rect:
    return Rect.around([flip((rect.left, rect.top), board, axis),
                        flip((rect.right, rect.bottom), board, axis)])


def mirror_map(board: Map, axis: str) -> Map:
    return replace(
        board,
        symbols={flip(c, board, axis): s for c, s in board.symbols.items()},
        entrances={f: flip(c, board, axis) for f, c in board.entrances.items()},
        entrance_blocks={f: flip_rect(r, board, axis) for f, r in board.entrance_blocks.items()},
        large=tuple(m._replace(cells=frozenset(flip(c, board, axis) for c in m.cells))
                    for m in board.large),
    )


def mirror_sheet(sheet: Sheet, axis: str) -> Sheet:
    board = sheet.map
    return replace(
        sheet,
        map=mirror_map(board, axis),
        filled=frozenset(flip(c, board, axis) for c in sheet.filled),
        plans=tuple(flip_rect(p, board, axis) for p in sheet.plans),
        exit=flip(sheet.exit, board, axis) if sheet.exit else None,
    )
