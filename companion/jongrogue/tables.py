"""The game's tables as data (``companion/data/jongrogue/*.csv``), replaceable with
``--tables DIR``: the labyrinth tiles, the tile-d9, the encounter kinds, the traps,
the hidden-passage search, and the levels of the character sheet.

Format of every file: UTF-8; ``#`` lines and blank lines are ignored; the first
other line is the header, exactly as documented; fields are separated by
commas, no quoting, spaces around them stripped. Every problem is reported as
``FILE:LINE: what is wrong``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion import data as shipped_data
from companion.errors import InputError
from companion.files import read_text
from companion.i18n import _, _n
from companion.jongrogue import tiles

DIRECTIONS = ("N", "E", "S", "W")
ROLES = (*DIRECTIONS, "stairs")
KINDS = ("monster", "trap", "gold", "amulet", "item")
EFFECTS = ("fall", "held", "teleport", "strength", "asleep", "armour")
OUTCOMES = ("nothing", "passage", "check", "check+passage")
LABYRINTH_SIZE = 18
_TRAP_ID = re.compile(r"[a-z][a-z0-9-]*")
HEADERS = {
    "labyrinth.csv": "tile,role,copies",
    "rooms.csv": "tile,room",
    "encounters.csv": "tile,kind,trap",
    "traps.csv": "trap,effect,name_ja,name_en",
    "search.csv": "roll,rings0,rings1,rings2",
    "levels.csv": "level,experience",
}


@dataclass(frozen=True)
class Trap:
    id: str
    effect: str
    name_ja: str
    name_en: str


@dataclass(frozen=True)
class Tables:
    labyrinth: dict[str, tuple[str, int]]  # tile → (role, copies)
    rooms: dict[str, int]  # tile → room; "*" → every other tile's room
    encounters: dict[str, tuple[str, str | None]]  # tile → (kind, trap id)
    traps: dict[str, Trap]
    search: dict[int, tuple[str, str, str]]  # roll → outcome with 0, 1, 2 rings
    levels: tuple[tuple[int, int], ...]
    sources: dict[str, str]  # file → where it was read from

    def role(self, tile: str) -> str | None:
        return self.labyrinth[tile][0] if tile in self.labyrinth else None

    def labyrinth_copies(self, tile: str) -> int:
        return self.labyrinth[tile][1] if tile in self.labyrinth else 0

    def wall_copies(self, tile: str) -> int:
        return 4 - self.labyrinth_copies(tile) if tile in tiles.GAME else 0

    def labyrinth_tiles(self) -> list[str]:
        """The labyrinth set in canonical order, each tile repeated by its copies."""
        return [t for t in tiles.GAME for _copy in range(self.labyrinth_copies(t))]

    def wall_tiles(self) -> list[str]:
        return [t for t in tiles.GAME for _copy in range(self.wall_copies(t))]

    def room(self, tile: str) -> int:
        """The tile-d9: the room number a drawn tile reads as."""
        return self.rooms.get(tile, self.rooms["*"])

    def kind(self, tile: str) -> str:
        return self.encounters.get(tile, self.encounters.get("*", ("item", None)))[0]

    def trap(self, tile: str) -> Trap | None:
        trap = self.encounters.get(tile, self.encounters.get("*", ("item", None)))[1]
        return self.traps[trap] if trap else None

    def outcome(self, roll: int, rings: int) -> str:
        return self.search[roll][rings]


# --- loading --------------------------------------------------------------------


def load(folder: str | Path | None = None) -> Tables:
    """The shipped tables, each replaced by the file of the same name in ``folder``."""
    if folder is not None and not Path(folder).is_dir():
        raise InputError(_("not a folder of tables"), str(folder))
    rows, sources = {}, {}
    for name in HEADERS:
        path = Path(folder) / name if folder is not None else None
        if path is not None and path.is_file():
            text, where = read_text(path), str(path)
        else:
            text, where = shipped_data.text("jongrogue", name), name
        rows[name] = _rows(text, where, HEADERS[name])
        sources[name] = where
    traps = _traps(rows["traps.csv"], sources["traps.csv"])
    labyrinth = _labyrinth(rows["labyrinth.csv"], sources["labyrinth.csv"])
    found = Tables(labyrinth, _rooms(rows["rooms.csv"], sources["rooms.csv"]),
                   _encounters(rows["encounters.csv"], sources["encounters.csv"], traps),
                   traps, _search(rows["search.csv"], sources["search.csv"]),
                   _levels(rows["levels.csv"], sources["levels.csv"]), sources)
    _check_wall_kinds(found, sources["encounters.csv"])
    return found


Row = tuple[str, list[str]]  # where ("FILE:LINE"), fields


def _rows(text: str, where: str, header: str) -> list[Row]:
    rows: list[Row] = []
    seen_header = False
    width = len(header.split(","))
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [field.strip() for field in line.split(",")]
        place = f"{where}:{number}"
        if not seen_header:
            if ",".join(fields) != header:
                raise InputError(_("the header must be exactly {header}", header=header), place)
            seen_header = True
            continue
        if len(fields) != width:
            raise InputError(_n("expected {count} field ({header})",
                                "expected {count} fields ({header})", width, header=header),
                             place)
        rows.append((place, fields))
    if not seen_header:
        raise InputError(_("no header line ({header})", header=header), where)
    return rows


def _number(text: str, low: int, high: int, what: str, where: str) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise InputError(_("{what} must be a whole number from {low} to {high}, not {text!r}",
                           what=what, low=low, high=high, text=text), where)
    return int(text)


def _once(key: str, seen: set[str], where: str) -> None:
    if key in seen:
        raise InputError(_("{key} is listed twice", key=key), where)
    seen.add(key)


def _labyrinth(rows: list[Row], source: str) -> dict[str, tuple[str, int]]:
    found: dict[str, tuple[str, int]] = {}
    for where, (tile_text, role, copies) in rows:
        tile = tiles.parse(tile_text, where)
        _once(tile, set(found), where)
        if role not in ROLES:
            raise InputError(_("role {role!r}; expected N, E, S, W or stairs", role=role), where)
        found[tile] = (role, _number(copies, 1, 4, "copies", where))
    total = sum(copies for _role, copies in found.values())
    if total != LABYRINTH_SIZE:
        raise InputError(_("the copies add up to {total}; the labyrinth has {size} tiles",
                           total=total, size=LABYRINTH_SIZE), source)
    return found


def _rooms(rows: list[Row], source: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for where, (tile_text, room) in rows:
        tile = "*" if tile_text == "*" else tiles.parse(tile_text, where)
        _once(tile, set(found), where)
        found[tile] = _number(room, 1, 9, "room", where)
    if "*" not in found:
        raise InputError(_("a '*' row (the room of every other tile) is required"), source)
    return found


def _encounters(rows: list[Row], source: str, traps: dict[str, Trap]
                ) -> dict[str, tuple[str, str | None]]:
    found: dict[str, tuple[str, str | None]] = {}
    for where, (tile_text, kind, trap) in rows:
        tile = "*" if tile_text == "*" else tiles.parse(tile_text, where)
        _once(tile, set(found), where)
        if kind not in KINDS:
            raise InputError(_("kind {kind!r}; expected one of {kinds}", kind=kind,
                               kinds=", ".join(KINDS)), where)
        if (kind == "trap") != bool(trap):
            raise InputError(_("a trap is named exactly when the kind is trap"), where)
        if trap and trap not in traps:
            raise InputError(_("no trap {trap!r} in traps.csv", trap=trap), where)
        found[tile] = (kind, trap or None)
    return found


def _traps(rows: list[Row], source: str) -> dict[str, Trap]:
    found: dict[str, Trap] = {}
    for where, (trap, effect, name_ja, name_en) in rows:
        if not _TRAP_ID.fullmatch(trap):
            raise InputError(_("trap id {trap!r}: lower-case letters, digits and -", trap=trap),
                             where)
        _once(trap, set(found), where)
        if effect not in EFFECTS:
            raise InputError(_("effect {effect!r}; expected one of {effects}", effect=effect,
                               effects=", ".join(EFFECTS)), where)
        found[trap] = Trap(trap, effect, name_ja, name_en)
    return found


def _search(rows: list[Row], source: str) -> dict[int, tuple[str, str, str]]:
    found: dict[int, tuple[str, str, str]] = {}
    for where, (roll, *outcomes) in rows:
        number = _number(roll, 1, 9, "roll", where)
        _once(str(number), {str(n) for n in found}, where)
        for outcome in outcomes:
            if outcome not in OUTCOMES:
                raise InputError(_("outcome {outcome!r}; expected one of {outcomes}",
                                   outcome=outcome, outcomes=", ".join(OUTCOMES)), where)
        found[number] = (outcomes[0], outcomes[1], outcomes[2])
    missing = [n for n in range(1, 10) if n not in found]
    if missing:
        raise InputError(_("no row for roll {roll}: every roll 1-9 needs one", roll=missing[0]),
                         source)
    return found


def _levels(rows: list[Row], source: str) -> tuple[tuple[int, int], ...]:
    found = []
    for where, (level, experience) in rows:
        found.append((_number(level, 1, 99, "level", where),
                      _number(experience, 0, 10**9, "experience", where)))
    return tuple(found)


def _check_wall_kinds(found: Tables, source: str) -> None:
    for tile in tiles.GAME:
        if found.wall_copies(tile) and tile not in found.encounters and \
                "*" not in found.encounters:
            raise InputError(_("{tile} can be in the wall but has no kind (add a row, or a "
                               "'*' row)", tile=tile), source)
