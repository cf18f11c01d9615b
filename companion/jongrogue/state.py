"""A JongRogue game: the floor, the plate, the hero, the nine rooms with their pairs
and encounter slots, the wall, the discards — one JSON file (``docs/jongrogue.md``).

Reading checks every rule of the state (§9.2 of the spec) against the tables in
use and names the file and the field of the first problem.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import dump_json, parse_json, read_text
from companion.i18n import _
from companion.jongrogue import labyrinth, tiles
from companion.jongrogue.tables import Tables

UNKNOWN = tiles.UNKNOWN
FORMAT = 1


@dataclass
class Slot:
    tile: str  # a wall tile, or "?"
    sprung: bool = False


@dataclass
class Room:
    tiles: list[str]  # the pair; ["?", "?"] when unknown
    open: bool = False
    encounter: list[Slot | None] = field(default_factory=lambda: [None] * 4)

    @property
    def known(self) -> bool:
        return UNKNOWN not in self.tiles

    def filled(self) -> int:
        return sum(1 for slot in self.encounter if slot is not None)

    def lowest_empty(self) -> int | None:
        return next((i for i, slot in enumerate(self.encounter) if slot is None), None)


@dataclass
class Hero:
    at: str | None = None
    back: bool = False
    hidden: bool = False
    search_rings: int = 0
    armour_ring: bool = False
    armour_protected: bool = False
    floating: bool = False
    held: bool = False
    asleep: bool = False
    strength: int | None = None
    armour: int | None = None
    amulet: bool = False


@dataclass
class State:
    floor: int = 1
    plate: str = "E"
    over: str | None = None
    start: int | None = None
    hero: Hero = field(default_factory=Hero)
    rooms: list[Room] | None = None
    house: dict[str, bool] | None = None
    wall: list[str] | None = None
    discards: list[str] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def copy(self) -> State:
        return copy.deepcopy(self)

    @property
    def between_floors(self) -> bool:
        return self.rooms is None and self.over is None

    def room(self, number: int) -> Room:
        assert self.rooms is not None
        return self.rooms[number - 1]

    @property
    def place(self) -> tuple[int, str | None]:
        assert self.hero.at is not None
        return labyrinth.parse_place(self.hero.at, "hero.at")

    @property
    def in_house(self) -> bool:
        return self.house is not None


HERO_KEYS = tuple(Hero.__dataclass_fields__)
KEYS = ("game", "format", "floor", "plate", "over", "start", "hero", "rooms", "house", "wall",
        "discards", "taken", "log")


# --- reading --------------------------------------------------------------------------


def load(path: str | Path, found: Tables) -> State:
    return from_dict(parse_json(read_text(path), str(path)), str(path), found)


def from_dict(data: Any, where: str, found: Tables) -> State:
    reader = _Reader(where)
    data = reader.object(data, KEYS, "")
    if data.get("game") != "jongrogue":
        reader.fail("game", _('expected "jongrogue"'))
    if data.get("format") != FORMAT:
        reader.fail("format", _("expected {format}", format=FORMAT))
    state = State(
        floor=reader.whole(data.get("floor", 1), "floor", 0, 10_000),
        plate=reader.choice(data.get("plate", "E"), "plate", ("E", "S")),
        over=reader.choice(data.get("over"), "over", (None, "escaped")),
        start=None if data.get("start") is None else reader.whole(data["start"], "start", 1, 9),
        hero=_hero(reader, data.get("hero")),
        rooms=None if data.get("rooms") is None else _rooms(reader, data["rooms"]),
        house=_house(reader, data.get("house")),
        wall=None if data.get("wall") is None else reader.tiles(data["wall"], "wall"),
        discards=reader.tiles(data.get("discards", []), "discards"),
        taken=reader.tiles(data.get("taken", []), "taken"),
        log=reader.texts(data.get("log", []), "log"),
    )
    check(state, found, where)
    return state


class _Reader:
    """Type checks that name the field."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, key: str, message: str) -> None:
        raise InputError(message, f"{self.where}: {key}" if key else self.where)

    def object(self, value: Any, keys: tuple[str, ...], key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(key, _("expected an object with keys {keys}", keys=", ".join(keys)))
        unknown = [k for k in value if k not in keys]
        if unknown:
            self.fail(key, _("unknown key {key!r}; known: {keys}", key=unknown[0],
                             keys=", ".join(keys)))
        return value

    def whole(self, value: Any, key: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(key, _("expected a whole number from {low} to {high}, found {found!r}",
                             low=low, high=high, found=value))
        return value

    def flag(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            self.fail(key, _("expected true or false, found {found!r}", found=value))
        return value

    def choice(self, value: Any, key: str, allowed: tuple) -> Any:
        if value not in allowed or isinstance(value, bool):
            shown = ", ".join("null" if a is None else repr(a) for a in allowed)
            self.fail(key, _("expected one of {allowed}, found {found!r}", allowed=shown,
                             found=value))
        return value

    def list(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(key, _("expected a list"))
        return value

    def tiles(self, value: Any, key: str, *, unknown: bool = False) -> list[str]:
        return [tiles.parse(t, f"{self.where}: {key}[{i}]", unknown=unknown)
                for i, t in enumerate(self.list(value, key))]

    def texts(self, value: Any, key: str) -> list[str]:
        items = self.list(value, key)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                self.fail(f"{key}[{i}]", _("expected a text"))
        return items


def _hero(reader: _Reader, value: Any) -> Hero:
    data = reader.object(value, HERO_KEYS, "hero")
    if "at" not in data:
        reader.fail("hero", _("missing key 'at'"))
    hero = Hero()
    at = data["at"]
    if at is not None:
        hero.at = labyrinth.place(*labyrinth.parse_place(at, f"{reader.where}: hero.at"))
    for key in ("back", "hidden", "armour_ring", "armour_protected", "floating", "held",
                "asleep", "amulet"):
        setattr(hero, key, reader.flag(data.get(key, False), f"hero.{key}"))
    hero.search_rings = reader.whole(data.get("search_rings", 0), "hero.search_rings", 0, 2)
    for key in ("strength", "armour"):
        if data.get(key) is not None:
            setattr(hero, key, reader.whole(data[key], f"hero.{key}", 0, 10_000))
    return hero


def _rooms(reader: _Reader, value: Any) -> list[Room]:
    items = reader.list(value, "rooms")
    if len(items) != 9:
        reader.fail("rooms", _("expected nine rooms, room 1 first; found {count}",
                               count=len(items)))
    return [_room(reader, item, f"rooms[{i}]") for i, item in enumerate(items)]


def _room(reader: _Reader, value: Any, key: str) -> Room:
    data = reader.object(value, ("tiles", "open", "encounter"), key)
    for required in ("tiles", "encounter"):
        if required not in data:
            reader.fail(key, _("missing key {key!r}", key=required))
    pair = reader.tiles(data["tiles"], f"{key}.tiles", unknown=True)
    if len(pair) != 2:
        reader.fail(f"{key}.tiles", _("expected a pair of tiles"))
    slots = reader.list(data["encounter"], f"{key}.encounter")
    if len(slots) != 4:
        reader.fail(f"{key}.encounter", _("expected four slots (null for an empty one)"))
    return Room(pair, reader.flag(data.get("open", False), f"{key}.open"),
                [_slot(reader, s, f"{key}.encounter[{i}]") for i, s in enumerate(slots)])


def _slot(reader: _Reader, value: Any, key: str) -> Slot | None:
    if value is None:
        return None
    data = reader.object(value, ("tile", "sprung"), key)
    tile = tiles.parse(data.get("tile"), f"{reader.where}: {key}.tile", unknown=True)
    return Slot(tile, reader.flag(data.get("sprung", False), f"{key}.sprung"))


def _house(reader: _Reader, value: Any) -> dict[str, bool] | None:
    if value is None:
        return None
    data = reader.object(value, ("stairs_found",), "house")
    return {"stairs_found": reader.flag(data.get("stairs_found", False), "house.stairs_found")}


# --- the rules of a state (§9.2) ----------------------------------------------------------


def check(state: State, found: Tables, where: str) -> None:
    def fail(key: str, message: str) -> None:
        raise InputError(message, f"{where}: {key}")

    hero = state.hero
    if state.plate == "S" and not hero.amulet:
        fail("plate", _("the plate turns to S (南) only with the Amulet of Yendor"))
    if state.over == "escaped":
        if state.floor != 0 or state.rooms is not None:
            fail("over", _("an escaped hero has floor 0 and no rooms"))
        return
    if state.floor == 0:
        fail("floor", _("floor 0 means the hero escaped: set over to \"escaped\""))
    if state.rooms is None:
        _check_between(state, fail)
        return
    if state.start is None:
        fail("start", _("the start room is required with rooms"))
    if hero.at is None:
        fail("hero.at", _("the hero's place is required on a floor"))
    _check_rooms(state, found, fail)
    _check_counts(state, found, fail)
    _check_hero(state, found, fail)


def check_tiles(state: State, found: Tables, where: str) -> None:
    """The rooms' tiles and the copies on the floor (revealed tiles are checked so)."""
    def fail(key: str, message: str) -> None:
        raise InputError(message, f"{where}: {key}")

    _check_rooms(state, found, fail)
    _check_counts(state, found, fail)


def _check_between(state: State, fail) -> None:
    if state.start is not None or state.hero.at is not None or state.wall is not None:
        fail("rooms", _("between floors, start, hero.at and wall are null as well"))
    if state.house is not None or state.hero.hidden or state.hero.back:
        fail("hero", _("between floors there is no house, door or hidden passage"))
    if state.discards or state.taken:
        fail("discards", _("between floors, discards and taken are empty"))


def _check_rooms(state: State, found: Tables, fail) -> None:
    for number, room in enumerate(state.rooms or [], start=1):
        key = f"rooms[{number - 1}]"
        slots = [s for s in room.encounter if s is not None]
        unknown = [t == UNKNOWN for t in room.tiles] + [s.tile == UNKNOWN for s in slots]
        if any(unknown) and not (all(unknown) and len(slots) == 4):
            fail(key, _("a room is wholly known, or its pair and its four slots are all ?"))
        if any(unknown) and room.open:
            fail(key, _("an open room cannot hold ? tiles"))
        for i, tile in enumerate(room.tiles):
            if tile != UNKNOWN and not found.labyrinth_copies(tile):
                fail(f"{key}.tiles[{i}]", _("{tile} is not a labyrinth tile", tile=tile))
        for i, slot in enumerate(room.encounter):
            if slot is None or slot.tile == UNKNOWN:
                continue
            if not found.wall_copies(slot.tile):
                fail(f"{key}.encounter[{i}]", _("{tile} is not a wall tile", tile=slot.tile))
            if slot.sprung and found.kind(slot.tile) != "trap":
                fail(f"{key}.encounter[{i}]", _("only a trap can be sprung"))


def _check_counts(state: State, found: Tables, fail) -> None:
    rooms = state.rooms or []
    on_floor = Counter(state.discards + state.taken + (state.wall or []))
    on_floor.update(s.tile for r in rooms for s in r.encounter if s and s.tile != UNKNOWN)
    for tile, count in on_floor.items():
        if count > found.wall_copies(tile):
            fail("wall", _("{count} copies of {tile} on the floor; the wall holds {most}",
                           count=count, tile=tile, most=found.wall_copies(tile)))
    pairs = Counter(t for r in rooms for t in r.tiles if t != UNKNOWN)
    for tile, count in pairs.items():
        if count > found.labyrinth_copies(tile):
            fail("rooms", _("{count} copies of {tile} in the pairs; the labyrinth holds {most}",
                            count=count, tile=tile, most=found.labyrinth_copies(tile)))
    if all(r.known for r in rooms) and sum(pairs.values()) != len(found.labyrinth_tiles()):
        fail("rooms", _("the nine pairs must be the {size} labyrinth tiles",
                        size=len(found.labyrinth_tiles())))


def _check_hero(state: State, found: Tables, fail) -> None:
    hero = state.hero
    room, side = state.place
    if not state.room(state.start).open:  # type: ignore[arg-type]
        fail("start", _("the start room is not open"))
    if not state.room(room).open:
        fail("hero.at", _("the hero's room {room} is not open", room=room))
    if hero.back and side is None:
        fail("hero.back", _("a step back needs the hero on a door"))
    if state.house is not None:
        if side is not None:
            fail("hero.at", _("a monster house has no doors"))
        if hero.hidden:
            fail("hero.hidden", _("a monster house has no hidden passages"))
        if not labyrinth.is_house(state.room(state.start).tiles, found):  # type: ignore[arg-type]
            fail("house", _("a monster house needs a stairs+stairs start room"))
        if not all(r.open for r in state.rooms or []):
            fail("house", _("in a monster house every area is open"))


# --- writing --------------------------------------------------------------------------


def to_dict(state: State) -> dict[str, Any]:
    hero = state.hero
    return {
        "game": "jongrogue", "format": FORMAT, "floor": state.floor, "plate": state.plate,
        "over": state.over, "start": state.start,
        "hero": {key: getattr(hero, key) for key in HERO_KEYS},
        "rooms": None if state.rooms is None else [_room_dict(r) for r in state.rooms],
        "house": state.house, "wall": state.wall, "discards": state.discards,
        "taken": state.taken, "log": state.log,
    }


def _room_dict(room: Room) -> dict[str, Any]:
    return {"tiles": room.tiles, "open": room.open,
            "encounter": [None if s is None else
                          {"tile": s.tile} if s.tile == UNKNOWN else
                          {"tile": s.tile, "sprung": s.sprung} for s in room.encounter]}


def dump(state: State) -> str:
    return dump_json(to_dict(state))
