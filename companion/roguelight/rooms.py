"""Floors, rooms and passages: the geometry of a finished sheet.

The floor is the group of open cells joined to both the open entrance and the
exit. A room is a maximal rectangle of floor cells at least 2 × 2; floor cells
in no room are passage. Which rooms score is decided here too, each refusal
with its reason, so the terminal, JSON and printed forms all say the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from companion.grid import Cell, Rect, cell_name, column_letters, components, square_neighbours
from companion.i18n import _


def floor_cells(open_cells: set[Cell], entrance: Cell, exit_: Cell) -> frozenset[Cell]:
    """The floor: the open group holding both the entrance and the exit (or nothing)."""
    for group in components(open_cells):
        if entrance in group:
            return group if exit_ in group else frozenset()
    return frozenset()


def maximal_rooms(floor: frozenset[Cell]) -> list[Rect]:
    """Every maximal all-floor rectangle at least 2 × 2, in reading order.

    A rectangle is maximal exactly when none of its one-step extensions (a
    row or column more on any side) is all floor.
    """
    if not floor:
        return []
    width = max(x for x, _ in floor) + 1
    height = max(y for _, y in floor) + 1
    full = _Prefix(floor, width, height)
    rooms = []
    for top in range(height - 1):
        for bottom in range(top + 1, height):
            for left in range(width - 1):
                for right in range(left + 1, width):
                    rect = Rect(left, top, right, bottom)
                    if not full.all(rect):
                        break  # widening further to the right cannot help
                    if not any(full.all(grown) for grown in _grown(rect, width, height)):
                        rooms.append(rect)
    return sorted(rooms, key=lambda r: (r.top, r.left, r.bottom, r.right))


def _grown(rect: Rect, width: int, height: int) -> Iterable[Rect]:
    if rect.left > 0:
        yield Rect(rect.left - 1, rect.top, rect.right, rect.bottom)
    if rect.right < width - 1:
        yield Rect(rect.left, rect.top, rect.right + 1, rect.bottom)
    if rect.top > 0:
        yield Rect(rect.left, rect.top - 1, rect.right, rect.bottom)
    if rect.bottom < height - 1:
        yield Rect(rect.left, rect.top, rect.right, rect.bottom + 1)


class _Prefix:
    """Summed-area table: is a rectangle all floor, in constant time."""

    def __init__(self, cells: frozenset[Cell], width: int, height: int) -> None:
        self.sums = [[0] * (width + 1) for _ in range(height + 1)]
        for y in range(height):
            for x in range(width):
                inside = 1 if (x, y) in cells else 0
                self.sums[y + 1][x + 1] = (inside + self.sums[y][x + 1] + self.sums[y + 1][x]
                                           - self.sums[y][x])

    def all(self, rect: Rect) -> bool:
        s = self.sums
        total = (s[rect.bottom + 1][rect.right + 1] - s[rect.top][rect.right + 1]
                 - s[rect.bottom + 1][rect.left] + s[rect.top][rect.left])
        return total == rect.area


def room_letter(index: int) -> str:
    return column_letters(index).upper()


@dataclass(frozen=True)
class RoomCheck:
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
    checks = []
    for rect in rooms:
        reasons = [
            *_joined_directly(rect, rooms, floor, letters),
            *_wide_passages(rect, floor),
            *_dotted_lines(rect, plans),
        ]
        checks.append(RoomCheck(rect, tuple(reasons)))
    return checks


def _joined_directly(rect: Rect, rooms: list[Rect], floor: frozenset[Cell],
                     letters: dict[Rect, str]) -> list[str]:
    reasons = []
    mine = set(rect.cells())
    around = {n for c in mine for n in square_neighbours(c)} - mine
    for other in rooms:
        if other == rect:
            continue
        theirs = set(other.cells())
        name = letters[other]
        if mine & theirs:
            reasons.append(_("overlaps room {room}", room=name))
        elif around & theirs:
            reasons.append(_("shares an edge with room {room}", room=name))
        else:
            doors = sorted((c for c in around & floor
                            if any(n in theirs for n in square_neighbours(c))),
                           key=lambda c: (c[1], c[0]))
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
