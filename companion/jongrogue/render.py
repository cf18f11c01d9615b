"""The floor in the terminal: the labyrinth's nine rooms with their pairs, the ways
between them, the hero, and the encounter map's slots.

::

    +----------+    +----------+    +----------+
    |1 NW      |    |2 N       | -> |3 NE      |
    |  北 東   |    |  ▒▒      |    |  中 西 ▲ |
    |    @     |    |          |    |          |
    +----------+    +----------+    +----------+
         ↓
"""

from __future__ import annotations

from companion.i18n import _
from companion.jongrogue import labyrinth, tiles
from companion.jongrogue.state import UNKNOWN, State
from companion.jongrogue.tables import Tables
from companion.text import ljust

WIDTH = 10  # inside a room box
GLYPHS = {
    False: {"hidden": "▒", "pair": "▒▒", "sprung": "↷", "empty": "·", "stairs": "▲",
            "E": "→", "W": "←", "EW": "↔", "S": "↓", "N": "↑", "NS": "↕"},
    True: {"hidden": "?", "pair": "??", "sprung": "~", "empty": ".", "stairs": "[=]",
           "E": "->", "W": "<-", "EW": "<->", "S": "v", "N": "^", "NS": "^v"},
}


def draw(state: State, found: Tables, *, ascii_only: bool = False, show_all: bool = False
         ) -> str:
    g = GLYPHS[ascii_only]
    lines: list[str] = []
    for row in range(3):
        rooms = [row * 3 + col + 1 for col in range(3)]
        boxes = [_box(state, found, r, g, ascii_only, show_all) for r in rooms]
        for i in range(5):
            parts = [boxes[0][i]]
            for left, box in zip(rooms, boxes[1:], strict=False):
                link = _link(state, found, left, left + 1, "E", "W", g) if i == 2 else ""
                parts.append(f" {link:^4} " if ascii_only else f" {ljust(link, 2)}  ")
                parts.append(box[i])
            lines.append("".join(parts).rstrip())
        if row < 2:
            links = [_link(state, found, r, r + 3, "S", "N", g) for r in rooms]
            lines.append("".join(ljust(" " * 5 + link, WIDTH + 8) for link in links).rstrip())
    return "\n".join([*lines, "", *encounter_lines(state, found, g, show_all)])


def _box(state: State, found: Tables, number: int, g: dict, ascii_only: bool,
         show_all: bool) -> list[str]:
    room = state.room(number)
    name = f"{number} {labyrinth.NAMES[number - 1]}"
    seen = room.open or (show_all and room.known)
    if seen:
        pair = " ".join(t if ascii_only else tiles.kanji(t) for t in room.tiles)
        if labyrinth.has_stairs(room.tiles, found):
            pair += " " + g["stairs"]
    else:
        pair = g["pair"]
    hero = _hero_line(state, number)
    top = bottom = "+" + "-" * WIDTH + "+"
    if hero == "N":
        top = "+" + "-" * 4 + "@" + "-" * (WIDTH - 5) + "+"
    if hero == "S":
        bottom = "+" + "-" * 4 + "@" + "-" * (WIDTH - 5) + "+"
    middle = {"in": " " * 4 + "@", "W": "@", "E": " " * (WIDTH - 1) + "@"}.get(hero or "", "")
    return [top, "|" + ljust(name, WIDTH) + "|", "|" + ljust("  " + pair, WIDTH) + "|",
            "|" + ljust(middle, WIDTH) + "|", bottom]


def _hero_line(state: State, number: int) -> str | None:
    if state.hero.at is None:
        return None
    room, side = state.place
    if room != number:
        return None
    return side or "in"


def _link(state: State, found: Tables, a: int, b: int, forward: str, backward: str,
          g: dict) -> str:
    """The arrow between rooms a and b (b beyond a's ``forward`` side)."""
    if state.in_house:
        return ""
    ways = ""
    if _opens(state, found, a, forward):
        ways += forward
    if _opens(state, found, b, backward):
        ways += backward
    key = "".join(sorted(ways))
    return g.get(key, "") if key else ""


def _opens(state: State, found: Tables, room: int, side: str) -> bool:
    r = state.room(room)
    return r.open and r.known and side in labyrinth.open_sides(r.tiles, room, found)


def encounter_lines(state: State, found: Tables, g: dict, show_all: bool) -> list[str]:
    lines = [_("Encounter map:")]
    for row in range(3):
        groups = []
        for number in range(row * 3 + 1, row * 3 + 4):
            room = state.room(number)
            slots = [_slot(s, room.open or show_all, g) for s in room.encounter]
            groups.append(f"{number}: " + " ".join(ljust(s, 4) for s in slots))
        lines.append("  " + "   ".join(groups).rstrip())
    return lines


def _slot(slot, seen: bool, g: dict) -> str:
    if slot is None:
        return g["empty"]
    if slot.tile == UNKNOWN or not seen:
        return g["hidden"]
    return slot.tile + (g["sprung"] if slot.sprung else "")


def status_lines(state: State) -> list[str]:
    hero = state.hero
    if state.over:
        return [_("The hero escaped the dungeon: the game is over.")]
    plate = "東 (E)" if state.plate == "E" else "南 (S)"
    lines = [_("Floor B{floor}, plate {plate}.", floor=state.floor, plate=plate)]
    if state.between_floors:
        lines.append(_("Between floors: deal the next with 'floor new STATE'."))
    else:
        lines.append(_("The hero is at {at}.", at=hero.at))
    if state.in_house:
        found = state.house and state.house["stairs_found"]
        lines.append(_("A monster house; the stairs are found.") if found
                     else _("A monster house."))
    conditions = [name for name, on in (
        (_("held"), hero.held), (_("asleep"), hero.asleep), (_("floating"), hero.floating),
        (_("armour protected"), hero.armour_protected), (_("ring of armour protection"),
                                                           hero.armour_ring),
        (_("the Amulet of Yendor"), hero.amulet)) if on]
    if hero.search_rings:
        conditions.append(_("rings of searching: {count}", count=hero.search_rings))
    for name, value in ((_("strength"), hero.strength), (_("armour"), hero.armour)):
        if value is not None:
            conditions.append(f"{name} {value}")
    if conditions:
        lines.append(_("Hero: {conditions}.", conditions=", ".join(conditions)))
    if hero.back:
        lines.append(_("The hero may step back through the passage."))
    if hero.hidden:
        lines.append(_("A hidden passage is found in this room."))
    return lines
