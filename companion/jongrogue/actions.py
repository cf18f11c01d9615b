"""The hero's moves and actions (§11 of the spec): each takes a state and returns the
new state with the events, or refuses naming the rule."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalMove, InputError
from companion.i18n import _
from companion.jongrogue import labyrinth, tiles
from companion.jongrogue.engine import ITEM_KINDS, Draws, Event, Reveals, Turn, parse_group
from companion.jongrogue.labyrinth import OPPOSITE, doors, neighbour, place
from companion.jongrogue.state import UNKNOWN, Hero, Room, Slot, State
from companion.jongrogue.tables import Tables

MAX_SEED = 2**63


# --- dealing a floor (§11.1) ------------------------------------------------------------


def floor_new(state: State | None, found: Tables, *, seed: int | None = None,
              spec: str | None = None, floor: int | None = None, draws: Draws | None = None,
              reveals: Reveals | None = None) -> tuple[State, list[Event]]:
    """A new game (``state`` None) or the next floor of a game between floors."""
    if (seed is None) == (spec is None):
        raise InputError(_("give --seed S or --tiles SPEC (one of them)"), "--seed")
    if state is None:
        state = State(floor=floor or 1)
    elif floor is not None:
        raise InputError(_("--floor starts a new game; the next floor follows the state"),
                         "--floor")
    elif state.over:
        raise IllegalMove(_("the game is over: the hero escaped"))
    elif not state.between_floors:
        raise IllegalMove(_("floor {floor} is still being played: a new floor is dealt after "
                            "the stairs or a pit", floor=state.floor))
    turn = Turn(state, found, draws, reveals)
    if seed is not None:
        rooms, wall, start = _seeded(found, seed)
        how = f"seed {seed}"
    else:
        rooms, start = _typed(found, spec or "")
        wall, how = None, "tiles typed"
    floor_dealt = turn.state.floor
    turn.state.log.append(f"B{floor_dealt} dealt ({how}); start tile {start} -> room "
                          f"{found.room(start)}")
    turn.deal(rooms, wall, start, "--tiles")
    return turn.done()


def _seeded(found: Tables, seed: int) -> tuple[list[Room], list[str], str]:
    """Exactly §11.1: one ``random.Random(seed)`` shuffles the labyrinth set, then the
    wall; room k gets pair 2k−2, 2k−1 and slots 4k−4…4k−1; the start tile is wall[36]."""
    if not 0 <= seed < MAX_SEED:
        raise InputError(_("a seed from 0 to 2**63 - 1"), "--seed")
    rng = random.Random(seed)
    lab, wall = found.labyrinth_tiles(), found.wall_tiles()
    rng.shuffle(lab)
    rng.shuffle(wall)
    rooms = [Room(lab[2 * k:2 * k + 2], False, [Slot(t) for t in wall[4 * k:4 * k + 4]])
             for k in range(9)]
    return rooms, wall[37:], wall[36]


def _typed(found: Tables, spec: str) -> tuple[list[Room], str]:
    """``"START; G1; …; G9"``: the start tile, then each room's six tiles or ``?``."""
    parts = [p.strip() for p in spec.split(";")]
    if len(parts) != 10:
        raise InputError(_("expected the start tile and nine rooms separated by ';' "
                           "({count} parts found)", count=len(parts)), "--tiles")
    start = tiles.parse(parts[0], "--tiles: start")
    if not found.wall_copies(start):
        raise InputError(_("{tile} is not a wall tile: the start tile is drawn from the wall",
                           tile=start), "--tiles: start")
    rooms = []
    for number, text in enumerate(parts[1:], start=1):
        if text == UNKNOWN:
            rooms.append(Room([UNKNOWN, UNKNOWN], False, [Slot(UNKNOWN) for _i in range(4)]))
            continue
        pair, slots = parse_group(text, found, f"--tiles: room {number}")
        rooms.append(Room(pair, False, [None if t is None else Slot(t) for t in slots]))
    if not rooms[found.room(start) - 1].known:
        raise InputError(_("the start room {room} must be known", room=found.room(start)),
                         "--tiles")
    return rooms, start


# --- legal moves (§11.3) -------------------------------------------------------------------


@dataclass(frozen=True)
class Moves:
    blocked: str | None
    moves: tuple[tuple[str, str], ...]  # (to, kind)
    search: bool
    spring: tuple[int, ...]
    take: tuple[int, ...]


def blocked(state: State) -> str | None:
    if state.over:
        return "escaped"
    if state.between_floors:
        return "between floors"
    if state.hero.asleep:
        return "asleep"
    if state.hero.held:
        return "held"
    return None


def legal_moves(state: State, found: Tables) -> Moves:
    stop = blocked(state)
    moves: list[tuple[str, str]] = []
    if stop is None:
        moves = _house_moves(state) if state.in_house else _floor_moves(state, found)
    on_floor = state.rooms is not None
    return Moves(stop, tuple(_ordered(moves)),
                 on_floor and search_problem(state, found) is None,
                 tuple(respringable(state, found)) if on_floor else (),
                 tuple(takeable(state, found)) if on_floor else ())


def _floor_moves(state: State, found: Tables) -> list[tuple[str, str]]:
    room, side = state.place
    pair = state.room(room).tiles
    if side is None:
        moves = [(place(room, d), "door") for d in doors(room)]
        if labyrinth.has_stairs(pair, found):
            moves.append(("down" if state.plate == "E" else "up", "stairs"))
        return moves
    moves = [(str(room), "in")]
    way = through(state, found)
    if way:
        moves.append((place(neighbour(room, side), OPPOSITE[side]), way))  # type: ignore[arg-type]
    return moves


def through(state: State, found: Tables) -> str | None:
    """How the hero on a door may go through it (ruling 4): ``passage``, ``back``,
    ``hidden`` — the first that applies — or None."""
    room, side = state.place
    if side in labyrinth.open_sides(state.room(room).tiles, room, found):
        return "passage"
    if state.hero.back:
        return "back"
    if state.hero.hidden:
        return "hidden"
    return None


def _house_moves(state: State) -> list[tuple[str, str]]:
    room, _side = state.place
    moves = [(str(area), "area") for area in labyrinth.around(room)]
    if state.house and state.house["stairs_found"]:
        moves.append(("down" if state.plate == "E" else "up", "stairs"))
    return moves


def _ordered(moves: list[tuple[str, str]]) -> list[tuple[str, str]]:
    def key(move: tuple[str, str]) -> tuple:
        to = move[0]
        if to in ("down", "up"):
            return (10, 0 if to == "down" else 1)
        room, side = labyrinth.parse_place(to, "move")
        return (room, -1 if side is None else "NESW".index(side))
    return sorted(dict(moves).items(), key=key)


def search_problem(state: State, found: Tables) -> str | None:
    """Why a search is not allowed now (ruling 8), or None."""
    if state.over or state.rooms is None:
        return _("there is no floor to search")
    if state.in_house:
        return _("a monster house has no hidden passages")
    if state.hero.asleep:
        return _("the hero is asleep")
    room, _side = state.place
    if _slots_of(state, room, {"monster"}, found):
        return _("room {room} holds a monster: fight or flee first", room=room)
    return None


def respringable(state: State, found: Tables) -> list[int]:
    """Ruling 13: in the room, not held or asleep, the room's traps all sprung."""
    if state.hero.held or state.hero.asleep or state.rooms is None:
        return []
    room, side = state.place
    if side is not None:
        return []
    traps = [i for i, s in enumerate(state.room(room).encounter)
             if s and found.kind(s.tile) == "trap"]
    if not traps or not all(state.room(room).encounter[i].sprung for i in traps):  # type: ignore[union-attr]
        return []
    return [i + 1 for i in traps]


def takeable(state: State, found: Tables) -> list[int]:
    """Ruling 22: in the room, awake, no monster tile in the room."""
    if state.hero.asleep or state.rooms is None:
        return []
    room, side = state.place
    if side is not None or _slots_of(state, room, {"monster"}, found):
        return []
    return [i + 1 for i in _slots_of(state, room, set(ITEM_KINDS), found)]


def _slots_of(state: State, room: int, kinds: set[str], found: Tables) -> list[int]:
    return [i for i, s in enumerate(state.room(room).encounter)
            if s and s.tile != UNKNOWN and found.kind(s.tile) in kinds]


# --- moving (§11.4) ------------------------------------------------------------------------


def move(state: State, found: Tables, target: str, draws: Draws | None = None,
         reveals: Reveals | None = None) -> tuple[State, str, list[Event]]:
    """The hero moves to ``target`` (a place, ``down`` or ``up``); the move's kind."""
    wanted = parse_target(target)
    legal = dict(legal_moves(state, found).moves)
    if wanted not in legal:
        raise IllegalMove(why_not(state, found, wanted, legal))
    kind = legal[wanted]
    turn = Turn(state, found, draws, reveals)
    hero = turn.state.hero
    before = hero.at
    if kind == "stairs":
        turn.end_floor(down=wanted == "down", by="stairs")
    elif kind == "area":
        turn.state.house["stairs_found"] = False  # type: ignore[index]
        hero.at = wanted
        turn.enter(int(wanted))
        turn.after_house_action()
    elif kind in ("door", "in"):
        hero.at, hero.back = wanted, False
        if kind == "in":
            turn.enter(int(wanted))
    else:  # passage, back, hidden: to the facing door of the next room
        hero.at, hero.back, hero.hidden = wanted, True, False
        turn.open(int(wanted[0]))
    turn.state.log.append(f"move {before} -> {wanted} ({kind})")
    new, events = turn.done()
    return new, kind, events


def parse_target(text: str) -> str:
    """A move's target as written in the state: ``5E``, ``down``, ``up``."""
    lowered = text.strip().lower()
    if lowered in ("down", "up"):
        return lowered
    return place(*labyrinth.parse_place(text, "TARGET"))


def why_not(state: State, found: Tables, wanted: str, legal: dict[str, str]) -> str:
    """The rule a move breaks, in words."""
    stop = blocked(state)
    if stop is not None:
        return {"escaped": _("the game is over: the hero escaped"),
                "between floors": _("between floors: deal the next floor with floor new"),
                "asleep": _("the hero is asleep: no moves (ruling 17)"),
                "held": _("the hero is held: no moves (ruling 17)")}[stop]
    room, side = state.place
    choices = " ".join(legal) or _("none")
    if wanted in ("down", "up"):
        return _stairs_problem(state, found, wanted, room, side) + " " + \
            _("(legal: {moves})", moves=choices)
    if state.in_house:
        return _("in a monster house the hero moves to a neighbouring area (legal: {moves})",
                 moves=choices)
    to_room, to_side = labyrinth.parse_place(wanted, "TARGET")
    if side is not None and to_side is not None and to_room == room:
        return _("from a door to another door the hero goes in the room first (legal: "
                 "{moves})", moves=choices)
    if side is not None and to_side is not None and neighbour(room, side) == to_room:
        return _("room {room}'s pair does not open {side}, and there is no step back or "
                 "hidden passage (legal: {moves})", room=room, side=side, moves=choices)
    return _("not a move from {at} (legal: {moves})", at=state.hero.at, moves=choices)


def _stairs_problem(state: State, found: Tables, wanted: str, room: int,
                    side: str | None) -> str:
    if state.in_house:
        return _("the stairs of a monster house are found by the stairs search first")
    if not labyrinth.has_stairs(state.room(room).tiles, found):
        return _("room {room} has no stairs", room=room)
    if side is not None:
        return _("the stairs are used from in the room, not from a door (ruling 18)")
    return _("the plate shows {plate}: the stairs go {way} only (ruling 18)",
             plate="東" if state.plate == "E" else "南",
             way=_("down") if state.plate == "E" else _("up"))


# --- searching (§11.5) ----------------------------------------------------------------------


def search(state: State, found: Tables, draws: Draws | None = None
           ) -> tuple[State, dict[str, Any], list[Event]]:
    problem = search_problem(state, found)
    if problem is not None:
        raise IllegalMove(_("no search: {why} (ruling 8)", why=problem))
    turn = Turn(state, found, draws)
    rings = state.hero.search_rings
    tile, roll = turn.d9(_("the search"))
    outcome = found.outcome(roll, rings)
    turn.note("search", tile=tile, roll=roll, outcome=outcome)
    check = _wandering_check(turn) if outcome.startswith("check") else None
    if outcome.endswith("passage"):
        turn.state.hero.hidden = True
        turn.note("hidden")
    turn.state.log.append(f"search at {state.hero.at}: {tile} -> {roll}, {outcome}")
    new, events = turn.done()
    return new, {"tile": tile, "roll": roll, "rings": rings, "outcome": outcome,
                 "found": outcome.endswith("passage"), "check": check}, events


def _wandering_check(turn: Turn) -> dict[str, Any]:
    """Draw a tile: not a monster, or a full room → discarded; else it comes in."""
    tile = turn.draw(_("the wandering-monster check"))
    room_number, _side = turn.state.place
    room = turn.state.room(room_number)
    slot = None
    if turn.found.kind(tile) != "monster":
        result = "not-monster"
    elif room.filled() >= 4:
        result = "full"
    else:
        result, slot = "placed", room.lowest_empty()
    if slot is None:
        turn.state.discards.append(tile)
    else:
        room.encounter[slot] = Slot(tile)
    check = {"tile": tile, "result": result, "slot": None if slot is None else slot + 1}
    turn.note("check", **check)
    if slot is not None:
        turn.note("monsters", room=room_number, slots=[slot + 1], tiles=[tile])
    return check


# --- the room's tiles: spring, take, remove (§11.8) --------------------------------------------


def spring(state: State, found: Tables, slot: int, draws: Draws | None = None,
           reveals: Reveals | None = None) -> tuple[State, list[Event]]:
    if slot not in respringable(state, found):
        raise IllegalMove(_("slot {slot} cannot be sprung again now: only in the room, not "
                            "held or asleep, when every trap of the room is sprung (ruling 13)",
                            slot=slot))
    turn = _house_turn(state, found, draws, reveals)
    room, _side = state.place
    turn.spring(room, slot - 1, deliberate=True)
    turn.after_house_action()
    turn.state.log.append(f"spring slot {slot} of room {room}")
    return turn.done()


def take(state: State, found: Tables, slot: int) -> tuple[State, dict[str, Any]]:
    if slot not in takeable(state, found):
        raise IllegalMove(_("slot {slot} cannot be taken now: an item, gold or amulet, from in "
                            "the room, no monster there, the hero awake (ruling 22)", slot=slot))
    turn = _house_turn(state, found)
    room, _side = state.place
    tile = turn.state.room(room).encounter[slot - 1].tile  # type: ignore[union-attr]
    item = turn.item_kind(tile)
    if item == "amulet":
        turn.state.hero.amulet = True
    turn.state.room(room).encounter[slot - 1] = None
    turn.state.taken.append(tile)
    turn.state.log.append(f"take {tile} ({item}) from slot {slot} of room {room}")
    new, _events = turn.done()
    return new, {"slot": slot, "tile": tile, "item": item}


def remove(state: State, found: Tables, slot: int) -> tuple[State, dict[str, Any]]:
    if state.rooms is None or state.over:
        raise IllegalMove(_("there is no floor: nothing to remove"))
    room, _side = state.place
    there = state.room(room).encounter[slot - 1] if 1 <= slot <= 4 else None
    if there is None or found.kind(there.tile) != "monster":
        raise IllegalMove(_("slot {slot} of room {room} holds no monster", slot=slot,
                            room=room))
    turn = _house_turn(state, found)
    turn.state.room(room).encounter[slot - 1] = None
    turn.state.discards.append(there.tile)
    turn.state.log.append(f"remove {there.tile} from slot {slot} of room {room}")
    new, _events = turn.done()
    return new, {"slot": slot, "tile": there.tile}


def _house_turn(state: State, found: Tables, draws: Draws | None = None,
                reveals: Reveals | None = None) -> Turn:
    """A turn for an action: in a monster house it loses found stairs (ruling 25)."""
    turn = Turn(state, found, draws, reveals)
    if turn.state.house is not None:
        turn.state.house["stairs_found"] = False
    return turn


def stairs_search(state: State, found: Tables, draws: Draws | None = None
                  ) -> tuple[State, Event]:
    if not state.in_house or state.rooms is None:
        raise IllegalMove(_("a stairs search happens only in a monster house"))
    turn = Turn(state, found, draws)
    event = turn.stairs_search()
    turn.state.log.append(f"stairs search: {event['tile']} -> {event['room']}, "
                          f"{event['result']}")
    new, _events = turn.done()
    return new, event


# --- the hero and the plate (§11.9) -----------------------------------------------------------


def set_hero(state: State, changes: dict[str, Any]) -> State:
    if state.over:
        raise IllegalMove(_("the game is over: the hero escaped"))
    new = state.copy()
    for key, value in changes.items():
        setattr(new.hero, key, value)
    if changes:
        new.log.append("hero: " + ", ".join(f"{k} {v}" for k, v in changes.items()))
    return new


def turn_plate(state: State) -> State:
    if state.over:
        raise IllegalMove(_("the game is over: the hero escaped"))
    if state.plate == "S":
        raise IllegalMove(_("the plate already shows 南; it never turns back (ruling 20)"))
    if not state.hero.amulet:
        raise IllegalMove(_("the plate turns to 南 only with the Amulet of Yendor (ruling 20)"))
    new = state.copy()
    new.plate = "S"
    new.log.append("plate turned to S")
    return new


# --- one entry without a state (§11.6) ------------------------------------------------------------


def enter_alone(found: Tables, slots: list[str | None], sprung: list[int], *, floor: int,
                plate: str, floating: bool, amulet: bool) -> dict[str, Any]:
    """The encounter order applied to one room's four slots."""
    room = Room(["R", "R"], True, [None if t is None else Slot(t) for t in slots])
    for number in sprung:
        if room.encounter[number - 1] is None or found.kind(
                room.encounter[number - 1].tile) != "trap":  # type: ignore[union-attr]
            raise InputError(_("slot {slot} holds no trap", slot=number), "--sprung")
        room.encounter[number - 1].sprung = True  # type: ignore[union-attr]
    state = State(floor=floor, plate=plate, hero=Hero(at="1", floating=floating, amulet=amulet),
                  rooms=[room] + [Room(["R", "R"], True) for _i in range(8)], start=1,
                  wall=[])
    turn = Turn(state, found, Draws([]))
    discarded: list[int] = []
    if plate == "S":
        turn._discard_items(1, turn.state.room(1))
        discarded = next((e["slots"] for e in turn.events if e["event"] == "discard"), [])
    turn.events.clear()
    avoided = [i + 1 for i, s in enumerate(room.encounter) if s and s.sprung]
    turn.leave_only = True  # a fall or a teleport ends the entry; where to is not asked
    turn.enter(1)
    return _entry_report(turn, slots, discarded, avoided)


def _entry_report(turn: Turn, slots: list[str | None], discarded: list[int],
                  avoided: list[int]) -> dict[str, Any]:
    found = turn.found
    trap_event = next((e for e in turn.events if e["event"] == "trap"), None)
    leaves = None
    if trap_event and not trap_event["floating"]:
        effect = found.traps[trap_event["trap"]].effect
        leaves = effect if effect in ("fall", "teleport") else None
    room = turn.state.room(1) if turn.state.rooms else None
    armed = [i + 1 for i, s in enumerate(room.encounter if room else [])
             if s and not s.sprung and found.kind(s.tile) == "trap"]
    monsters = next((e["slots"] for e in turn.events if e["event"] == "monsters"), [])
    items = next((e for e in turn.events if e["event"] == "items"), None)
    return {
        "tiles": [t or "-" for t in slots], "discarded": discarded, "avoided": avoided,
        "trap": None if trap_event is None else {
            "slot": trap_event["slot"], "tile": trap_event["tile"], "trap": trap_event["trap"],
            "effect": found.traps[trap_event["trap"]].effect,
            "floating": trap_event["floating"]},
        "armed": armed, "leaves": leaves,
        "monsters": [] if leaves else monsters,
        "items": [] if leaves or items is None else [
            {"slot": s, "tile": t, "item": k}
            for s, t, k in zip(items["slots"], items["tiles"], items["kinds"], strict=True)],
    }
