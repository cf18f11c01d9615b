"""What happens at the table: drawing tiles, opening rooms, entering them (trap,
monsters, items), trap effects, floors ending, the stairs search.

A :class:`Turn` works on its own copy of a state; the commands in
:mod:`companion.jongrogue.actions` build one, act, and return the new state with
the events in the order they happened (§11.11 of the spec).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

from companion.errors import IllegalMove, InputError
from companion.i18n import _
from companion.jongrogue import labyrinth, tiles
from companion.jongrogue.state import UNKNOWN, Room, Slot, State, check_tiles
from companion.jongrogue.tables import Tables

Event = dict[str, Any]
ITEM_KINDS = ("gold", "item", "amulet")
AMULET_FLOOR = 26


class Draws:
    """Tiles drawn from the wall: first those given with ``--tile`` (in order), then the
    state's wall; on an unknown wall every draw needs a ``--tile``."""

    def __init__(self, given: list[str]) -> None:
        self.given = list(given)

    def draw(self, state: State, found: Tables, why: str) -> str:
        if self.given:
            tile = self.given.pop(0)
            _take_from_wall(state, found, tile)
            return tile
        if state.wall:
            return state.wall.pop(0)
        raise InputError(_("a tile is drawn for {why}, but the wall is unknown or empty: give "
                           "it with --tile", why=why), "--tile")

    def finish(self) -> None:
        if self.given:
            raise InputError(_("{tile} was not drawn: nothing needed it", tile=self.given[0]),
                             "--tile")


def _take_from_wall(state: State, found: Tables, tile: str) -> None:
    if not found.wall_copies(tile):
        raise InputError(_("{tile} is not a wall tile", tile=tile), "--tile")
    if state.wall is not None:
        if tile not in state.wall:
            raise InputError(_("{tile} is not in the wall", tile=tile), "--tile")
        state.wall.remove(tile)
        return
    seen = Counter(state.discards + state.taken)
    seen.update(s.tile for r in state.rooms or [] for s in r.encounter if s)
    if seen[tile] >= found.wall_copies(tile):
        raise InputError(_("all {count} copies of {tile} are already out of the wall",
                           count=found.wall_copies(tile), tile=tile), "--tile")


class Reveals:
    """The tiles of face-down rooms as they open (``--reveal "P P T T T T"``)."""

    def __init__(self, groups: list[str], found: Tables) -> None:
        self.groups = [parse_group(g, found, f"--reveal {g!r}") for g in groups]

    def next(self, room: int) -> tuple[list[str], list[str | None]]:
        if not self.groups:
            raise InputError(_("room {room} opens face down: give its tiles with --reveal "
                               "'P P T T T T' (the pair, then slots 1-4, - for empty)",
                               room=room), "--reveal")
        return self.groups.pop(0)

    def finish(self) -> None:
        if self.groups:
            raise InputError(_("a --reveal was left over: no other face-down room opened"),
                             "--reveal")


def parse_group(text: str, found: Tables, where: str) -> tuple[list[str], list[str | None]]:
    """``"W S 2m 7p 4s Wh"``: a pair of labyrinth tiles and four slots (``-`` empty)."""
    words = text.replace(",", " ").split()
    if len(words) != 6:
        raise InputError(_("expected six tiles: the pair, then slots 1-4 (- for an empty "
                           "slot)"), where)
    pair = [tiles.parse(w, where) for w in words[:2]]
    for tile in pair:
        if not found.labyrinth_copies(tile):
            raise InputError(_("{tile} is not a labyrinth tile", tile=tile), where)
    slots: list[str | None] = []
    for word in words[2:]:
        tile = None if word == "-" else tiles.parse(word, where)
        if tile is not None and not found.wall_copies(tile):
            raise InputError(_("{tile} is not a wall tile", tile=tile), where)
        slots.append(tile)
    return pair, slots


class Turn:
    """One command's work on a copy of the state."""

    def __init__(self, state: State, found: Tables, draws: Draws | None = None,
                 reveals: Reveals | None = None) -> None:
        self.state = state.copy()
        self.found = found
        self.draws = draws or Draws([])
        self.reveals = reveals or Reveals([], found)
        self.events: list[Event] = []
        #: Only report that a fall or a teleport takes the hero away (``enter``).
        self.leave_only = False

    def done(self) -> tuple[State, list[Event]]:
        self.draws.finish()
        self.reveals.finish()
        return self.state, self.events

    def note(self, event: str, **keys: Any) -> None:
        self.events.append({"event": event, **keys})

    def draw(self, why: str) -> str:
        if self._wall_dry():
            self._reshuffle(why)
        return self.draws.draw(self.state, self.found, why)

    def _wall_dry(self) -> bool:
        """No tile left in the wall: a known wall is empty, or every tile of an unknown
        one is out (on the encounter map, discarded or taken)."""
        state = self.state
        if state.wall is not None:
            return not state.wall
        out = len(state.discards) + len(state.taken) + sum(
            r.filled() for r in state.rooms or [])
        return out >= len(self.found.wall_tiles())

    def _reshuffle(self, why: str) -> None:
        """The wall has run dry (the source is silent; the project's ruling 31): the
        floor's discards are shuffled into a new wall. A known wall is shuffled with a
        seed made from the floor and the discards, so the same state draws the same
        tiles; at a real table the players shuffle their own discards."""
        state = self.state
        if not state.discards:
            raise IllegalMove(_("{why} draws a tile, but the wall and the discards are both "
                                "empty", why=why))
        tiles_back, seed = state.discards, None
        if state.wall is not None:
            seed = reshuffle_seed(state.floor, tiles_back)
            state.wall = list(tiles_back)
            random.Random(seed).shuffle(state.wall)
        state.discards = []
        self.note("reshuffle", tiles=len(tiles_back), seed=seed)
        state.log.append(f"the wall ran dry: {len(tiles_back)} discards shuffled into a new "
                         f"wall" + ("" if seed is None else f" (seed {seed})"))

    def d9(self, why: str) -> tuple[str, int]:
        """The tile-d9: a tile drawn and discarded, read as a room number."""
        tile = self.draw(why)
        self.state.discards.append(tile)
        return tile, self.found.room(tile)

    # --- rooms ---------------------------------------------------------------

    def open(self, number: int) -> None:
        """The room turns face up (§4.4); under the 南 plate its items go at once."""
        room = self.state.room(number)
        if room.open:
            return
        room.open = True
        if not room.known:
            pair, slots = self.reveals.next(number)
            room.tiles = pair
            room.encounter = [None if t is None else Slot(t) for t in slots]
            self._check_revealed()
        self.note("open", room=number, tiles=list(room.tiles),
                  encounter=[s.tile if s else None for s in room.encounter])
        if self.state.plate == "S":
            self._discard_items(number, room)

    def _check_revealed(self) -> None:
        check_tiles(self.state, self.found, "--reveal")

    def _discard_items(self, number: int, room: Room) -> None:
        slots = [i for i, s in enumerate(room.encounter)
                 if s and self.found.kind(s.tile) in ITEM_KINDS]
        if not slots:
            return
        gone = [room.encounter[i].tile for i in slots]  # type: ignore[union-attr]
        for i in slots:
            room.encounter[i] = None
        self.state.discards += gone
        self.note("discard", room=number, slots=[i + 1 for i in slots], tiles=gone)

    # --- an entry (§6.1) -----------------------------------------------------------

    def enter(self, number: int) -> None:
        """The hero comes in the room: one trap, then monsters, then items."""
        room = self.state.room(number)
        armed = [i for i, s in enumerate(room.encounter) if s and not s.sprung
                 and self.found.kind(s.tile) == "trap"]
        if armed:
            slot = max(armed, key=lambda i: (tiles.number(room.encounter[i].tile), -i))  # type: ignore[union-attr]
            if self.spring(number, slot, deliberate=False):
                return
        self.found_here(number)

    def found_here(self, number: int) -> None:
        room = self.state.room(number)
        monsters = [i for i, s in enumerate(room.encounter)
                    if s and self.found.kind(s.tile) == "monster"]
        if monsters:
            self.note("monsters", room=number, slots=[i + 1 for i in monsters],
                      tiles=[room.encounter[i].tile for i in monsters])  # type: ignore[union-attr]
        items = [i for i, s in enumerate(room.encounter)
                 if s and self.found.kind(s.tile) in ITEM_KINDS]
        if items:
            self.note("items", room=number, slots=[i + 1 for i in items],
                      tiles=[room.encounter[i].tile for i in items],  # type: ignore[union-attr]
                      kinds=[self.item_kind(room.encounter[i].tile) for i in items])  # type: ignore[union-attr]

    def item_kind(self, tile: str) -> str:
        """``gold``, ``item``, or ``amulet``: the Amulet of Yendor is the first amulet
        tile taken on floor 26 or deeper (ruling 21)."""
        kind = self.found.kind(tile)
        if kind == "amulet":
            return "amulet" if self.state.floor >= AMULET_FLOOR and \
                not self.state.hero.amulet else "item"
        return kind

    # --- traps (§6.4) ------------------------------------------------------------------

    def spring(self, number: int, slot: int, *, deliberate: bool) -> bool:
        """Spring the trap in ``slot``; True when it took the hero away."""
        tile = self.state.room(number).encounter[slot]
        assert tile is not None
        tile.sprung = True
        trap = self.found.trap(tile.tile)
        assert trap is not None
        hero = self.state.hero
        self.note("trap", room=number, slot=slot + 1, tile=tile.tile, trap=trap.id,
                  deliberate=deliberate, floating=hero.floating)
        if hero.floating:
            return False
        if self.leave_only and trap.effect in ("fall", "teleport"):
            return True
        return getattr(self, f"_{trap.effect}")()

    def _fall(self) -> bool:
        self.end_floor(down=True, by="pit")
        return True

    def _held(self) -> bool:
        self.state.hero.held = True
        self.note("held")
        return False

    def _asleep(self) -> bool:
        self.state.hero.asleep = True
        self.note("asleep")
        return False

    def _strength(self) -> bool:
        hero = self.state.hero
        if hero.strength is not None:
            hero.strength = max(0, hero.strength - 1)
        self.note("strength", value=hero.strength)
        return False

    def _armour(self) -> bool:
        hero = self.state.hero
        prevented = hero.armour_ring or hero.armour_protected
        if not prevented and hero.armour is not None:
            hero.armour = max(0, hero.armour - 1)
        self.note("armour", value=hero.armour, prevented=prevented)
        return False

    def _teleport(self) -> bool:
        tile, room = self.d9(_("the teleport trap"))
        self.note("teleport", tile=tile, room=room)
        hero = self.state.hero
        hero.at, hero.back, hero.hidden = str(room), False, False
        self.open(room)
        self.enter(room)
        return True

    # --- floors (§7) ---------------------------------------------------------------------

    def end_floor(self, *, down: bool, by: str) -> None:
        state = self.state
        before = state.floor
        after = before + 1 if down else before - 1
        self.note("floor", **{"from": before, "to": after, "by": by})
        state.rooms = state.start = state.wall = state.house = None
        state.hero.at, state.hero.back, state.hero.hidden = None, False, False
        state.discards, state.taken = [], []
        state.floor = after
        if after == 0:
            state.over = "escaped"
            self.note("escaped")

    def deal(self, rooms: list[Room], wall: list[str] | None, start_tile: str,
             where: str) -> None:
        """A fresh floor: the rooms, the wall, the start tile drawn and discarded; the
        start room opens, a stairs+stairs start is a monster house, the hero enters."""
        state = self.state
        state.rooms, state.wall, state.discards, state.taken = rooms, wall, [start_tile], []
        check_tiles(state, self.found, where)
        state.start = self.found.room(start_tile)
        state.hero.at, state.hero.back, state.hero.hidden = str(state.start), False, False
        self.open(state.start)
        if labyrinth.is_house(state.room(state.start).tiles, self.found):
            state.house = {"stairs_found": False}
            self.note("house")
            for number in labyrinth.ROOMS:
                self.open(number)
        self.enter(state.start)

    # --- the monster house (§8) -----------------------------------------------------------

    def stairs_search(self) -> Event:
        """One stairs search: the hero's own area finds the stairs; another area's first
        monster moves in unless the hero's area is full (ruling 24)."""
        state = self.state
        assert state.house is not None
        state.house["stairs_found"] = False
        tile, area = self.d9(_("the stairs search"))
        here = int(state.hero.at)  # type: ignore[arg-type]
        moved = None
        if area == here:
            state.house["stairs_found"] = True
            result = "stairs"
        elif state.room(here).filled() >= 4:
            result = "full"
        else:
            result, moved = self._monster_moves(area, here)
        event = {"event": "stairs-search", "tile": tile, "room": area, "result": result,
                 "moved": moved}
        self.events.append(event)
        return event

    def _monster_moves(self, area: int, here: int) -> tuple[str, dict | None]:
        source, target = self.state.room(area), self.state.room(here)
        slot = next((i for i, s in enumerate(source.encounter)
                     if s and self.found.kind(s.tile) == "monster"), None)
        if slot is None:
            return "none", None
        to_slot = target.lowest_empty()
        assert to_slot is not None
        monster = source.encounter[slot]
        source.encounter[slot], target.encounter[to_slot] = None, monster
        return "monster", {"from": area, "slot": slot + 1, "tile": monster.tile,  # type: ignore[union-attr]
                           "to_slot": to_slot + 1}

    def after_house_action(self) -> None:
        """Ruling 26: after the hero's action in a monster house, one stairs search."""
        if self.state.house is not None and self.state.rooms is not None:
            self.stairs_search()


def reshuffle_seed(floor: int, discards: list[str]) -> int:
    """The seed of a reshuffled wall: the first 63 bits of SHA-256 over the floor and the
    discards in order."""
    text = f"B{floor}:" + " ".join(discards)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def refuse(message: str) -> IllegalMove:
    return IllegalMove(message)


__all__ = ["UNKNOWN", "Draws", "Reveals", "Turn", "parse_group", "refuse"]
