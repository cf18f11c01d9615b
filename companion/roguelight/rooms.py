"""Floors, rooms and passages: the geometry of a finished sheet.

The floor is the group of open cells joined to both the open entrance and the
exit. A room is a maximal rectangle of floor cells at least 2 × 2; floor cells
in no room are passage. Which rooms score is decided here too, each refusal
with its reason, so the terminal, JSON and printed forms all say the same.
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from companion.grid import Cell, Rect, cell_name, column_letters, flood
from companion.i18n import _


def floor_cells(open_cells: set[Cell], entrance: Cell, exit_: Cell) -> frozenset[Cell]:
    """The floor: the open group holding both the entrance and the exit (or nothing)."""
    group = flood(entrance, open_cells)
    return frozenset(group) if exit_ in group else frozenset()


def maximal_rooms(floor: frozenset[Cell]) -> list[Rect]:
    """Every maximal all-floor rectangle at least 2 × 2, in reading order.

    The histogram-and-stack method, O(cells): for each row as the bottom, the
    column heights of floor above it form a histogram; a stack of rising bars
    yields every rectangle that cannot grow up, left or right; it is maximal
    when the row below cannot extend it either.
    """
    if not floor:
        return []
    width = max(x for x, _ in floor) + 1
    height = max(y for _, y in floor) + 1
    heights = [0] * width
    rooms = []
    for y in range(height):
        heights = [h + 1 if (x, y) in floor else 0 for x, h in enumerate(heights)]
        below = _row_sums(floor, y + 1, width)
        rooms += [Rect(left, y - tall + 1, right, y)
                  for left, right, tall in _bars(heights)
                  if tall >= 2 and right > left
                  and below[right + 1] - below[left] < right - left + 1]
    return sorted(rooms, key=lambda r: (r.top, r.left, r.bottom, r.right))


def _bars(heights: list[int]) -> list[tuple[int, int, int]]:
    """(left, right, height) of every rectangle under the histogram ``heights`` that
    cannot widen left or right nor grow taller."""
    found = []
    stack: list[tuple[int, int]] = []  # (first column, height), heights rising
    for x, h in enumerate([*heights, 0]):
        start = x
        while stack and stack[-1][1] >= h:
            first, tall = stack.pop()
            if tall > h:
                found.append((first, x - 1, tall))
            start = first
        if h and (not stack or stack[-1][1] < h):
            stack.append((start, h))
    return found


def _row_sums(floor: frozenset[Cell], y: int, width: int) -> list[int]:
    """Prefix counts of floor cells along row ``y``."""
    sums = [0]
    for x in range(width):
        sums.append(sums[-1] + ((x, y) in floor))
    return sums


def room_letter(index: int) -> str:
    return column_letters(index).upper()


class RoomCheck(NamedTuple):
    """Why a room does not score (empty: it scores)."""

    rect: Rect
    reasons: tuple[str, ...]

    @property
    def scoring(self) -> bool:
        return not self.reasons


def check_rooms(rooms: list[Rect], floor: frozenset[Cell], plans: tuple[Rect, ...]
                ) -> list[RoomCheck]:
    """Apply the three refusals to every room, naming the other room, cells or plan."""
    letters = {rect: room_letter(i) for i, rect in enumerate(rooms)}
    cells = {rect: frozenset(rect.cells()) for rect in rooms}  # each room's cells, once
    rings = {rect: _ring(rect) for rect in rooms}
    checks = []
    for rect in rooms:
        reasons = [
            *_joined_directly(rect, cells, rings, floor, letters),
            *_wide_passages(rect, floor),
            *_dotted_lines(rect, plans),
        ]
        checks.append(RoomCheck(rect, tuple(reasons)))
    return checks


def _ring(rect: Rect) -> frozenset[Cell]:
    """The cells sharing an edge with ``rect`` from outside: its four sides' neighbours."""
    xs, ys = range(rect.left, rect.right + 1), range(rect.top, rect.bottom + 1)
    return frozenset([*((x, rect.top - 1) for x in xs), *((x, rect.bottom + 1) for x in xs),
                      *((rect.left - 1, y) for y in ys), *((rect.right + 1, y) for y in ys)])


def _joined_directly(rect: Rect, cells: dict[Rect, frozenset[Cell]],
                     rings: dict[Rect, frozenset[Cell]], floor: frozenset[Cell],
                     letters: dict[Rect, str]) -> list[str]:
    """Rooms this one overlaps, touches, or reaches through a single door cell (a floor
    cell outside both that borders both)."""
    reasons = []
    mine, around = cells[rect], rings[rect]
    for other, theirs in cells.items():
        if other == rect:
            continue
        name = letters[other]
        if mine & theirs:
            reasons.append(_("overlaps room {room}", room=name))
        elif around & theirs:
            reasons.append(_("shares an edge with room {room}", room=name))
        else:
            doors = sorted(around & rings[other] & floor, key=lambda c: (c[1], c[0]))
            if doors:
                door = cell_name(doors[0], upper=True)
                reasons.append(_("the door {door} joins it directly to room {room}", door=door,
                                 room=name))
    return reasons


def _wide_passages(rect: Rect, floor: frozenset[Cell]) -> list[str]:
    sides = {
        _("top"): [(x, rect.top - 1) for x in range(rect.left, rect.right + 1)],
        _("bottom"): [(x, rect.bottom + 1) for x in range(rect.left, rect.right + 1)],
        _("left"): [(rect.left - 1, y) for y in range(rect.top, rect.bottom + 1)],
        _("right"): [(rect.right + 1, y) for y in range(rect.top, rect.bottom + 1)],
    }
    reasons = []
    for side, cells in sides.items():
        for a, b in pairwise(cells):
            if a in floor and b in floor:
                pair = f"{cell_name(a, upper=True)} {cell_name(b, upper=True)}"
                reasons.append(_("a passage two wide ({pair}) joins its {side} side", pair=pair,
                                 side=side))
                break
    return reasons


def _dotted_lines(rect: Rect, plans: tuple[Rect, ...]) -> list[str]:
    return [_("the dotted line of plan {plan} runs inside it", plan=plan.name())
            for plan in plans if rect.overlaps(plan) and not plan.contains_rect(rect)]
