"""Cells, their names, neighbours and connected groups — shared by every game.

A cell is ``(x, y)``: column ``x`` from 0 at the left, row ``y`` from 0 at the
top. People read cells off the printed page as spreadsheet names: a column
letter (``a``…``z``, then ``aa``…) and a row number from 1. Dark Hall writes
them lower-case (``a1``, the exit corner), play sheets upper-case (``A1``);
parsing accepts either case.

Square grids have four neighbours per cell (``N E S W``). Hex grids use axial
coordinates ``(q, r)`` with six neighbours, and convert from the offset
layouts boards are printed in (``odd-r``, ``even-r``, ``odd-q``, ``even-q``).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import NamedTuple

from companion.errors import InputError
from companion.i18n import _

Cell = tuple[int, int]

#: Headings on a square grid, clockwise from north, with their (dx, dy).
HEADINGS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_CLOCKWISE = "NESW"

_NAME = re.compile(r"([A-Za-z]+)([0-9]+)")


def column_letters(x: int) -> str:
    """Spreadsheet column letters for column ``x``: 0 → ``a``, 26 → ``aa``."""
    if x < 0:
        raise ValueError(f"column {x} is negative")
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def cell_name(cell: Cell, *, upper: bool = False) -> str:
    """The printed name of ``cell``: ``(0, 0)`` → ``a1`` (``A1`` with ``upper``)."""
    x, y = cell
    if y < 0:
        raise ValueError(f"row {y} is negative")
    letters = column_letters(x)
    return f"{letters.upper() if upper else letters}{y + 1}"


def parse_cell(text: str) -> Cell:
    """``"b3"`` or ``"B3"`` → ``(1, 2)``; anything else is an :class:`InputError`."""
    match = _NAME.fullmatch(text.strip()) if isinstance(text, str) else None
    if not match or int(match.group(2)) < 1:
        raise InputError(_("{text!r} is not a cell name (a column letter and a row number, "
                           "like b3)", text=text))
    x = 0
    for letter in match.group(1).lower():
        x = x * 26 + (ord(letter) - ord("a") + 1)
    return (x - 1, int(match.group(2)) - 1)


def turn_left(heading: str) -> str:
    return _CLOCKWISE[(_CLOCKWISE.index(heading) - 1) % 4]


def turn_right(heading: str) -> str:
    return _CLOCKWISE[(_CLOCKWISE.index(heading) + 1) % 4]


def reverse(heading: str) -> str:
    return _CLOCKWISE[(_CLOCKWISE.index(heading) + 2) % 4]


def step(cell: Cell, heading: str) -> Cell:
    """The cell one step from ``cell`` towards ``heading`` (no bounds)."""
    dx, dy = HEADINGS[heading]
    return (cell[0] + dx, cell[1] + dy)


def square_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four edge-sharing cells, clockwise from north (no bounds)."""
    x, y = cell
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def heading_between(a: Cell, b: Cell) -> str | None:
    """The heading from ``a`` to an edge-adjacent ``b``, else ``None``."""
    delta = (b[0] - a[0], b[1] - a[1])
    for heading, d in HEADINGS.items():
        if d == delta:
            return heading
    return None


class Rect(NamedTuple):
    """An axis-aligned rectangle of cells, corners inclusive (``B2:C3``)."""

    left: int
    top: int
    right: int
    bottom: int

    @classmethod
    def around(cls, cells: Iterable[Cell]) -> Rect:
        xs, ys = zip(*cells, strict=True)
        return cls(min(xs), min(ys), max(xs), max(ys))

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @property
    def area(self) -> int:
        return self.width * self.height

    def cells(self) -> list[Cell]:
        return [
            (x, y)
            for y in range(self.top, self.bottom + 1)
            for x in range(self.left, self.right + 1)
        ]

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        x, y = cell
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def contains_rect(self, other: Rect) -> bool:
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: Rect) -> bool:
        return not (
            other.right < self.left
            or self.right < other.left
            or other.bottom < self.top
            or self.bottom < other.top
        )

    def name(self, *, upper: bool = True) -> str:
        return f"{cell_name((self.left, self.top), upper=upper)}:" + cell_name(
            (self.right, self.bottom), upper=upper
        )


def parse_range(text: str) -> Rect:
    """``"B2:C3"`` (corners in any order) or a single cell ``"B2"`` → :class:`Rect`."""
    if not isinstance(text, str):
        raise InputError(_("{text!r} is not a cell range (like B2:C3)", text=text))
    corners = text.split(":")
    if len(corners) > 2:
        raise InputError(_("{text!r} is not a cell range (like B2:C3)", text=text))
    cells = [parse_cell(corner) for corner in corners]
    return Rect.around(cells)


def components(
    cells: Iterable[Cell],
    neighbours: Callable[[Cell], Iterable[Cell]] = square_neighbours,
) -> list[frozenset[Cell]]:
    """The connected groups of ``cells`` under ``neighbours``, largest first.

    Ties keep a stable order (by each group's smallest cell in row order), so
    results are deterministic.
    """
    remaining = set(cells)
    groups: list[frozenset[Cell]] = []
    for seed in sorted(remaining, key=lambda c: (c[1], c[0])):
        if seed not in remaining:
            continue
        group = _flood(seed, remaining, neighbours)
        remaining -= group
        groups.append(frozenset(group))
    groups.sort(key=len, reverse=True)
    return groups


def flood(seed: Cell, allowed: Collection[Cell],
          neighbours: Callable[[Cell], Iterable[Cell]] = square_neighbours) -> set[Cell]:
    """The connected group of ``allowed`` cells holding ``seed``."""
    return _flood(seed, allowed, neighbours) if seed in allowed else set()


def _flood(
    seed: Cell, allowed: Collection[Cell], neighbours: Callable[[Cell], Iterable[Cell]]
) -> set[Cell]:
    seen = {seed}
    todo = [seed]
    while todo:
        for other in neighbours(todo.pop()):
            if other in allowed and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def distances(
    starts: Iterable[Cell],
    allowed: Collection[Cell],
    neighbours: Callable[[Cell], Iterable[Cell]] = square_neighbours,
) -> dict[Cell, int]:
    """Path distance (in steps through ``allowed`` cells) from the nearest start."""
    dist = {cell: 0 for cell in starts if cell in allowed}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        for other in neighbours(cell):
            if other in allowed and other not in dist:
                dist[other] = dist[cell] + 1
                queue.append(other)
    return dist


# --- hex grids ------------------------------------------------------------

#: Axial neighbour offsets (q, r), clockwise from east.
HEX_DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

HEX_LAYOUTS = ("odd-r", "even-r", "odd-q", "even-q")


def hex_neighbours(axial: Cell) -> Iterator[Cell]:
    """The six axial neighbours of ``(q, r)``."""
    q, r = axial
    for dq, dr in HEX_DIRECTIONS:
        yield (q + dq, r + dr)


def offset_to_axial(cell: Cell, layout: str = "odd-r") -> Cell:
    """A printed offset cell ``(col, row)`` → axial ``(q, r)``."""
    col, row = cell
    if layout == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if layout == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    if layout == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    if layout == "even-q":
        return (col, row - (col + (col & 1)) // 2)
    raise ValueError(f"unknown hex layout {layout!r}; expected one of {', '.join(HEX_LAYOUTS)}")


def axial_to_offset(axial: Cell, layout: str = "odd-r") -> Cell:
    """Axial ``(q, r)`` → the offset cell ``(col, row)`` of ``layout``."""
    q, r = axial
    if layout == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if layout == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    if layout == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    if layout == "even-q":
        return (q, r + (q + (q & 1)) // 2)
    raise ValueError(f"unknown hex layout {layout!r}; expected one of {', '.join(HEX_LAYOUTS)}")


def hex_offset_neighbours(cell: Cell, layout: str = "odd-r") -> Iterator[Cell]:
    """The six neighbours of a printed offset cell, in the same layout."""
    for axial in hex_neighbours(offset_to_axial(cell, layout)):
        yield axial_to_offset(axial, layout)


def hex_distance(a: Cell, b: Cell) -> int:
    """Steps between two axial cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
