"""Events (§11.11 of the spec) told in words, for the text reports."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import _, language
from companion.jongrogue.tables import Tables

Event = dict[str, Any]


def word(term: str) -> str:
    """A term of the JSON reports (a move's kind, an item's kind, a trap's effect, how
    a floor ends, a search's outcome) in the report's language; others as they are."""
    words = {
        "door": _("door"), "in": _("in"), "passage": _("passage"),
        "back": _("back"), "hidden": _("hidden"), "stairs": _("stairs"),
        "area": _("area"), "gold": _("gold"), "item": _("item"), "amulet": _("amulet"),
        "fall": _("fall"), "held": _("held"), "teleport": _("teleport"),
        "strength": _("strength"), "asleep": _("asleep"), "armour": _("armour"),
        "pit": _("pit"), "check": _("check"), "nothing": _("nothing"),
        "monster": _("monster"), "placed": _("placed"), "none": _("none"),
        "bear": _("bear"), "dart": _("dart"), "gas": _("gas"),
        "water": _("water"), "escaped": _("escaped"), "trap": _("trap"),
        "between floors": _("between floors"),
    }
    return words.get(term, term)


def _slots(event: Event) -> str:
    return ", ".join(f"{slot}:{tile}" for slot, tile in zip(event["slots"], event["tiles"],
                                                              strict=True))


def _trap(event: Event, found: Tables) -> str:
    trap = found.traps[event["trap"]]
    name = trap.name_ja if language() == "ja" else trap.name_en
    how = _(" (sprung on purpose)") if event["deliberate"] else ""
    if event["floating"]:
        return _("Room {room}, slot {slot}: the {tile} {name} springs{how}, but the hero "
                 "floats over it.", room=event["room"], slot=event["slot"], tile=event["tile"],
                 name=name, how=how)
    return _("Room {room}, slot {slot}: the {tile} {name} springs{how}.", room=event["room"],
             slot=event["slot"], tile=event["tile"], name=name, how=how)


TELLERS: dict[str, Callable[[Event, Tables], str]] = {
    "open": lambda e, f: _("Room {room} opens: {pair}; slots {slots}.", room=e["room"],
                           pair=" ".join(e["tiles"]),
                           slots=" ".join(t or "·" for t in e["encounter"])),
    "discard": lambda e, f: _("The 南 plate discards room {room}'s {slots}.", room=e["room"],
                              slots=_slots(e)),
    "house": lambda e, f: _("A monster house! The whole floor is one room."),
    "trap": _trap,
    "held": lambda e, f: _("The hero is held."),
    "asleep": lambda e, f: _("The hero falls asleep."),
    "strength": lambda e, f: _("Strength -1 (now {value}).", value=e["value"])
    if e["value"] is not None else _("Strength -1 (not tracked)."),
    "armour": lambda e, f: _("The armour is protected: no loss.") if e["prevented"] else
    _("Armour -1 (now {value}).", value=e["value"]) if e["value"] is not None else
    _("Armour -1 (not tracked)."),
    "teleport": lambda e, f: _("Teleport: {tile} → room {room}.", tile=e["tile"],
                               room=e["room"]),
    "floor": lambda e, f: _("The floor ends by the {by}: B{start} → B{end}.",
                            by=word(e["by"]), start=e["from"], end=e["to"]),
    "escaped": lambda e, f: _("The hero has escaped the dungeon!"),
    "monsters": lambda e, f: _("Monsters in room {room}: {slots}.", room=e["room"],
                               slots=_slots(e)),
    "items": lambda e, f: _("Items in room {room}: {items}.", room=e["room"], items=", ".join(
        f"{s}:{t} ({word(k)})" for s, t, k in zip(e["slots"], e["tiles"], e["kinds"],
                                                   strict=True))),
    "stairs-search": lambda e, f: _stairs(e),
    "search": lambda e, f: _("Search: {tile} → {roll}: {outcome}.", tile=e["tile"],
                             roll=e["roll"], outcome=word(e["outcome"])),
    "check": lambda e, f: _("Wandering-monster check: {tile}: {result}.", tile=e["tile"],
                            result=word(e["result"])),
    "hidden": lambda e, f: _("A hidden passage is found: any door of this room leads on."),
    "reshuffle": lambda e, f: _("The wall ran dry: the {count} discards are shuffled into a "
                                "new wall.", count=e["tiles"]),
}


def _stairs(event: Event) -> str:
    result = event["result"]
    if result == "stairs":
        return _("Stairs search: {tile} → area {room}: the stairs are found here!",
                 tile=event["tile"], room=event["room"])
    if result == "monster":
        moved = event["moved"]
        return _("Stairs search: {tile} → area {room}: its monster {monster} comes in.",
                 tile=event["tile"], room=event["room"], monster=moved["tile"])
    if result == "full":
        return _("Stairs search: {tile} → area {room}: the hero's area is full.",
                 tile=event["tile"], room=event["room"])
    return _("Stairs search: {tile} → area {room}: nothing.", tile=event["tile"],
             room=event["room"])


def describe(event: Event, found: Tables) -> str:
    return TELLERS[event["event"]](event, found)
