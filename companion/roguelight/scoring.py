"""Scoring a finished Roguelight sheet: items, rooms, the all-rooms bonus, goals.

:func:`score_sheet` scores one choice of exit; :func:`score_exits` tries every
open corner and returns the results best first, as the scorer's suggestion.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.grid import Cell, Rect
from companion.i18n import _
from companion.roguelight.maps import BAT, BLUE, GHOST, GREEN, LargeMonster
from companion.roguelight.rooms import check_rooms, floor_cells, maximal_rooms, room_letter
from companion.roguelight.sheet import Sheet

ROOM_POINTS = 3
ALL_ROOMS_BONUS = 10
#: goal → (points per room, does the room meet it?) on a room's monster counts
GOAL_RULES = {
    "blue": (3, lambda n: n[BLUE] > n[GREEN]),
    "green": (3, lambda n: n[GREEN] > n[BLUE]),
    "ghost": (4, lambda n: n[GHOST] >= 1),
    "bat": (2, lambda n: n[BAT] >= 1),
}


class Room(NamedTuple):
    letter: str
    rect: Rect
    scoring: bool
    reasons: tuple[str, ...]
    monsters: dict[str, int]  # by symbol, large monsters counted once
    items: int  # item cells in the room

    @property
    def strength(self) -> int:
        """Monster strength in a battle: every monster in the room."""
        return sum(self.monsters.values())


class GoalResult(NamedTuple):
    goal: str
    valid: bool
    why: str
    rooms: tuple[str, ...]  # letters of the rooms that score it
    points: int


class Score(NamedTuple):
    sheet: Sheet
    exit: Cell | None  # None: every exit is filled, so there is no floor
    floor: frozenset[Cell]
    rooms: tuple[Room, ...]
    passages: frozenset[Cell]
    items: int
    room_points: int
    bonus: int
    goals: tuple[GoalResult, ...]

    @property
    def goal_points(self) -> int:
        return sum(g.points for g in self.goals)

    @property
    def total(self) -> int:
        return self.items + self.room_points + self.bonus + self.goal_points

    @property
    def has_floor(self) -> bool:
        return bool(self.floor)

    def room_at(self, cell: Cell) -> Room | None:
        for room in self.rooms:
            if cell in room.rect:
                return room
        return None


def open_cells(sheet: Sheet, exit_: Cell | None) -> set[Cell]:
    """Open cells once the chosen exit stays open and the other three are filled."""
    closed = set(sheet.filled) | (set(sheet.map.exits) - {exit_})
    return {c for c in sheet.map.cells if c not in closed}


def score_sheet(sheet: Sheet, exit_: Cell | None) -> Score:
    """The sheet scored with ``exit_`` open (None: every exit filled, no floor)."""
    board = sheet.map
    floor = frozenset() if exit_ is None else floor_cells(
        open_cells(sheet, exit_), board.entrances[sheet.entrance], exit_)
    checks = check_rooms(maximal_rooms(floor), floor, sheet.plans)
    rooms = tuple(
        Room(room_letter(i), c.rect, c.scoring, c.reasons,
             board.count_monsters(set(c.rect.cells())),
             sum(1 for cell in c.rect.cells() if board.symbol(cell) == "I"))
        for i, c in enumerate(checks)
    )
    in_rooms = {cell for room in rooms for cell in room.rect.cells()}
    scoring = [r for r in rooms if r.scoring]
    bonus = ALL_ROOMS_BONUS if rooms and len(scoring) == len(rooms) else 0
    return Score(
        sheet=sheet, exit=exit_, floor=floor, rooms=rooms, passages=floor - in_rooms,
        items=sheet.item_points, room_points=ROOM_POINTS * len(scoring), bonus=bonus,
        goals=tuple(_goal(sheet, goal, rooms) for goal in sheet.goals),
    )


def score_exits(sheet: Sheet) -> list[Score]:
    """The sheet scored with each open corner as the exit (or the chosen one), best
    first; a sheet whose every exit is filled is scored once, with no floor."""
    exits = [sheet.exit] if sheet.exit is not None else sheet.open_exits or [None]
    scores = [score_sheet(sheet, exit_) for exit_ in exits]
    order = {cell: i for i, cell in enumerate(sheet.map.exits)}
    return sorted(scores, key=lambda s: (-s.total, order.get(s.exit, 0)))


def _goal(sheet: Sheet, goal: str, rooms: tuple[Room, ...]) -> GoalResult:
    monsters = [m for m in sheet.map.large if m.goal == goal]
    why = _goal_invalid(sheet, monsters, rooms)
    if why:
        return GoalResult(goal, False, why, (), 0)
    points, met = GOAL_RULES[goal]
    letters = tuple(r.letter for r in rooms if r.scoring and met(r.monsters))
    return GoalResult(goal, True, "", letters, points * len(letters))


def _goal_invalid(sheet: Sheet, monsters: list[LargeMonster], rooms: tuple[Room, ...]) -> str:
    """Empty when some large monster of the goal was planned and stands in a scoring room."""
    if not monsters:
        return _("the map has no large monster for this goal")
    reasons = []
    for monster in monsters:
        if not any(all(c in plan for c in monster.cells) for plan in sheet.plans):
            reasons.append(_("its large monster was never enclosed by a plan"))
        elif any(c in sheet.filled for c in monster.cells):
            reasons.append(_("its large monster was filled"))
        elif not any(r.scoring and all(c in r.rect for c in monster.cells) for r in rooms):
            reasons.append(_("its large monster is not in a scoring room"))
        else:
            return ""
    return reasons[0]
