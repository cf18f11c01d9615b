"""The labyrinth's geometry: nine rooms in reading order, their doors, the sides a
pair of tiles opens, and the hero's places (``5`` in room 5, ``5E`` on its east door).

::

    1 北西 NW   2 北 N    3 北東 NE
    4 西 W      5 中央 C  6 東 E
    7 南西 SW   8 南 S    9 南東 SE
"""

from __future__ import annotations

import re

from companion.errors import InputError
from companion.i18n import _
from companion.jongrogue.tables import DIRECTIONS, Tables

ROOMS = tuple(range(1, 10))
NAMES = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")
NAMES_JA = ("北西", "北", "北東", "西", "中央", "東", "南西", "南", "南東")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_STEP = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
_PLACE = re.compile(r"([1-9])([NESW]?)")


def neighbour(room: int, side: str) -> int | None:
    """The room beyond ``side`` of ``room``, or ``None`` off the map."""
    row, col = divmod(room - 1, 3)
    dr, dc = _STEP[side]
    if 0 <= row + dr < 3 and 0 <= col + dc < 3:
        return (row + dr) * 3 + col + dc + 1
    return None


def doors(room: int) -> tuple[str, ...]:
    """The sides of ``room`` that face another room, in N E S W order."""
    return tuple(side for side in DIRECTIONS if neighbour(room, side) is not None)


def around(room: int) -> list[int]:
    """The up to eight areas around ``room`` (diagonals too), in room order."""
    row, col = divmod(room - 1, 3)
    return [r for r in ROOMS if r != room and abs((r - 1) // 3 - row) <= 1
            and abs((r - 1) % 3 - col) <= 1]


def open_sides(pair: tuple[str, str] | list[str], room: int, found: Tables) -> tuple[str, ...]:
    """The sides a room's pair opens (ruling 3): a wind opens its direction, or the
    opposite one where it points off the map; a doubled wind opens both sides of its
    axis where rooms lie; stairs open nothing."""
    sides: set[str] = set()
    for tile in pair:
        role = found.role(tile)
        if role in DIRECTIONS:
            sides.add(role if neighbour(room, role) else OPPOSITE[role])
    first, second = pair
    role = found.role(first)
    if first == second and role in DIRECTIONS:
        sides |= {s for s in (role, OPPOSITE[role]) if neighbour(room, s)}
    return tuple(s for s in DIRECTIONS if s in sides)


def has_stairs(pair: tuple[str, str] | list[str], found: Tables) -> bool:
    return any(found.role(tile) == "stairs" for tile in pair)


def is_house(pair: tuple[str, str] | list[str], found: Tables) -> bool:
    return all(found.role(tile) == "stairs" for tile in pair)


# --- places ---------------------------------------------------------------------------


def parse_place(text: object, where: str) -> tuple[int, str | None]:
    """``"5"`` → (5, None); ``"5e"`` → (5, "E"); a side must face a room."""
    match = _PLACE.fullmatch(text.strip().upper()) if isinstance(text, str) else None
    if not match:
        raise InputError(_("{text!r} is not a place: a room 1-9, or a room and a door "
                           "like 5E", text=text), where)
    room, side = int(match.group(1)), match.group(2) or None
    if side and side not in doors(room):
        raise InputError(_("room {room} has no {side} door (its doors: {doors})", room=room,
                           side=side, doors=" ".join(doors(room))), where)
    return room, side


def place(room: int, side: str | None) -> str:
    return f"{room}{side or ''}"
