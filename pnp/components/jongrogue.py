"""JongRogue (雀ローグ) print-and-play set: the 144-card tile deck (through the deck
engine and ``templates/decks/jongrogue.toml``), the map sheets, the character sheet
and the rules sheet — each carrying the CC BY-SA credit of the original game."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion import data as shipped_data
from companion.jongrogue import cards, labyrinth, tables
from companion.jongrogue.licence import CREDIT
from pnp import draw
from pnp.impose import Piece
from pnp.shapes import MIN_TEXT, Circle, Line, Rect, Style, Text, filled
from pnp.templates import template_dir

if TYPE_CHECKING:  # the deck engine (and its template engine) loads only to draw decks
    from pnp.deck import Deck
    from pnp.deck.spec import DeckSpec

US_BUSINESS = (88.9, 50.8)
#: The part of the business card's face a tile card shows: the panel, above the band.
TILE_DESIGN = (55.0, 70.0)


def deck_spec(lang: str, paper: str, card: str | None = None) -> DeckSpec:
    """The shipped deck file, its credit in ``lang``: meishi on A4, US business cards on
    Letter, or the ``card`` size asked for — the faces, laid out for meishi, scaled to
    fit and centred."""
    from pnp.deck.spec import load_spec
    from pnp.impose import card_size

    if card == "tile":  # the compact deck: the panel alone, standing as a real tile
        spec = load_spec(template_dir() / "decks" / "jongrogue-tile.toml", rows_given=True)
        return replace(spec, design=TILE_DESIGN)
    spec = load_spec(template_dir() / "decks" / "jongrogue.toml", rows_given=True)
    spec = replace(spec, vars={**spec.vars, "credit": CREDIT[lang]})
    size = card_size(card) if card else US_BUSINESS if paper == "letter" else spec.size
    laid = (max(size), min(size))  # a landscape slot; the tile stands in it
    return spec if laid == spec.size else replace(spec, size=laid, design=spec.size)


def deck(found: tables.Tables, lang: str, paper: str, *, flowers: bool = True,
         card: str | None = None) -> Deck:
    from pnp.deck import Deck
    from pnp.deck.rows import Row

    spec = deck_spec(lang, paper, card)
    rows = [Row(card, f"tile {card['tile']} ({card['serial']})", "", 1)
            for card in cards.rows(found, lang, flowers=flowers)]
    return Deck(spec, rows)


def deck_pieces(found: tables.Tables, lang: str, paper: str, measure, bleed: float
                ) -> tuple[list[Piece], tuple[float, float]]:
    from pnp.deck import pieces

    built = deck(found, lang, paper)
    return pieces(built, built.cards, measure, bleed).pieces, built.spec.size



# --- the sheets ---------------------------------------------------------------------

INK = "#222222"
THIN = Style(stroke="#555555", width=0.3)
DASHED = Style(stroke="#777777", width=0.3, dash=(1.5, 1.0))
FELT = "#0f4d2e"
COUNTER = 6.0
#: Room around a card in its slot, on every side: a slot is the card's trim + 2 × CLEAR.
CLEAR = 1.0
PAD = 1.0  # between a room's frame and its slots
NAME_BAND = 4.5  # the room's number and name above its slots
PASSAGE = 8.0
CREDIT_WIDTH = 45.0  # the narrowest box the licence's web address fits at 6 pt
GAP = 1.5  # between the encounter map's rooms
TOP = 8.0
DOOR_HALF = COUNTER / 2  # east and west doors stand half outside their rooms
#: How much of a fanned card stays visible above the next: the corner index and more.
FAN = 16.0


def card_of(paper: str, card: str | None) -> tuple[float, float]:
    """The trim size of the build's card as the tile stands (portrait, mm): the map
    sheets are made for it."""
    from pnp.impose import card_size

    size = card_size(card) if card else US_BUSINESS if paper == "letter" else (91.0, 55.0)
    return min(size), max(size)


def slot_of(card: tuple[float, float]) -> tuple[float, float]:
    return card[0] + 2 * CLEAR, card[1] + 2 * CLEAR


def words(lang: str) -> dict:
    text = shipped_data.text("jongrogue", "print.toml")
    return tomllib.loads(text)[lang]


def credit_box(x: float, y: float, w: float, lang: str, measure, size: float = 6.5
               ) -> tuple[list, float]:
    """The licence notice in a box; its shapes and height."""
    lines, used = draw.text_box(CREDIT[lang], x + 2, y + 1.5, w - 4, size, measure)
    return [Rect(x, y, w, used + 3, THIN), *lines], used + 3


@dataclass(frozen=True)
class Mat:
    """A map measured for one card (its portrait trim, mm): every slot the card + 2 × CLEAR."""

    card: tuple[float, float]

    @property
    def slot(self) -> tuple[float, float]:
        return slot_of(self.card)


@dataclass(frozen=True)
class Labyrinth(Mat):
    """迷宮マップ: 3 × 3 rooms, each two card slots side by side with the stairs counter
    between them, passages between facing doors, and a column of two card boxes (the
    pile, the discards) at the right."""

    @property
    def room(self) -> tuple[float, float]:
        sw, sh = self.slot
        return 2 * PAD + 2 * sw + COUNTER + 1, NAME_BAND + sh + PAD

    def room_at(self, number: int) -> tuple[float, float]:
        row, col = divmod(number - 1, 3)
        rw, rh = self.room
        return col * (rw + PASSAGE + 2 * DOOR_HALF), TOP + row * (rh + PASSAGE)

    @property
    def rooms_size(self) -> tuple[float, float]:
        """The rooms and the passages between them (the outer walls have no doors)."""
        rw, rh = self.room
        return 3 * rw + 2 * (PASSAGE + 2 * DOOR_HALF), 3 * rh + 2 * PASSAGE

    def slots(self) -> list[tuple[float, float, float, float]]:
        """Every card slot: two a room, then the pile and the discards."""
        sw, sh = self.slot
        found = []
        for number in labyrinth.ROOMS:
            x, y = self.room_at(number)
            cx = x + self.room[0] / 2
            found += [(left, y + NAME_BAND, sw, sh)
                      for left in (cx - COUNTER / 2 - 0.5 - sw, cx + COUNTER / 2 + 0.5)]
        bx = self.rooms_size[0] + 4
        return found + [(bx, TOP + i * (sh + 4), sw, sh) for i in range(2)]

    @property
    def width(self) -> float:
        return self.rooms_size[0] + 4 + self.slot[0]


def labyrinth_sheet(found: tables.Tables, lang: str, measure,
                    card: tuple[float, float] = (55.0, 91.0)) -> tuple[float, float, list]:
    """迷宮マップ for ``card`` (portrait trim): the rooms and their slots, doors,
    hatched passages and stairs circles; the two card boxes; the tile-d9 legend and
    the licence. Larger than a sheet for business cards: the build tiles it."""
    w, mat = words(lang), Labyrinth(card)
    shapes: list = [Text(0, 4.5, w["labyrinth_title"], 13, bold=True),
                    *draw.arrow(52, 6, 52, 0.5, head=2, style=Style(width=0.5)),
                    Text(55, 5, w["north"], 9, bold=True)]
    for number in labyrinth.ROOMS:
        shapes += _room_box(mat, number, lang)
    shapes += _passages(mat)
    slots = mat.slots()
    shapes += [Rect(*slot, DASHED) for slot in slots[:-2]]
    for (bx, by, bw, bh), label in zip(slots[-2:], (w["pile"], w["discards"]), strict=True):
        shapes += [Rect(bx, by, bw, bh, DASHED),
                   Text(bx + bw / 2, by + bh / 2, label, 9, anchor="middle")]
    column = slots[-1][0]  # under the boxes: the tile-d9 legend, then the licence
    legend, used = _d9_legend(found, column, slots[-1][1] + slots[-1][3] + 5, mat.slot[0],
                              w, measure)
    x, top, width = column, slots[-1][1] + slots[-1][3] + 5 + used + 2, mat.slot[0]
    if width < CREDIT_WIDTH:  # a narrow column: the licence goes under the rooms
        x, top, width = 0, TOP + mat.rooms_size[1] + 2, mat.rooms_size[0]
    box, height = credit_box(x, top, width, lang, measure, size=6)
    return mat.width, max(TOP + mat.rooms_size[1], top + height), [*shapes, *legend, *box]


def _room_box(mat: Labyrinth, number: int, lang: str) -> list:
    (x, y), (rw, rh) = mat.room_at(number), mat.room
    cx, cy = x + rw / 2, y + NAME_BAND + mat.slot[1] / 2
    shapes: list = [*_room_frame(number, x, y, rw, rh, lang),
                    Circle(cx, cy, COUNTER / 2, THIN)]  # the stairs counter
    doors = {"N": (cx, y + COUNTER / 2 + 0.5), "S": (cx, y + rh - COUNTER / 2 - 0.5),
             "E": (x + rw, cy), "W": (x, cy)}
    for side in labyrinth.doors(number):
        px, py = doors[side]
        shapes.append(Rect(px - COUNTER / 2, py - COUNTER / 2, COUNTER, COUNTER,
                           Style(stroke=INK, fill="#ffffff", width=0.3)))
    return shapes


def _room_frame(number: int, x: float, y: float, w: float, h: float, lang: str) -> list:
    """A room's frame with its number and name in the top-left corner."""
    name = (labyrinth.NAMES_JA if lang == "ja" else labyrinth.NAMES)[number - 1]
    return [Rect(x, y, w, h, Style(stroke=INK, width=0.5), radius=1.5),
            Text(x + 2, y + 4, f"{number} {name}", 7, bold=True)]


def _passages(mat: Labyrinth) -> list:
    """A hatched passage (#) between every two facing doors."""
    shapes = []
    rw, rh = mat.room
    for number in labyrinth.ROOMS:
        x, y = mat.room_at(number)
        cy = y + NAME_BAND + mat.slot[1] / 2
        if labyrinth.neighbour(number, "E"):
            shapes += _hatch(x + rw + DOOR_HALF, cy - 3, PASSAGE, 6)
        if labyrinth.neighbour(number, "S"):
            shapes += _hatch(x + rw / 2 - 3, y + rh, 6, PASSAGE)
    return shapes


def _hatch(x: float, y: float, w: float, h: float) -> list:
    """A # between two doors: two lines along the passage, two across it."""
    style = Style(stroke="#888888", width=0.25)
    lines = [Line(x, y + h * f, x + w, y + h * f, style) for f in (0.3, 0.7)]
    return lines + [Line(x + w * f, y, x + w * f, y + h, style) for f in (0.3, 0.7)]


def _d9_legend(found: tables.Tables, x: float, y: float, width: float, w: dict, measure
               ) -> tuple[list, float]:
    """Which wall tiles give which room on the tile-d9, from ``rooms.csv``: its title,
    then one line a room; the shapes and the height used."""
    by_room: dict[int, list[str]] = {}
    for tile in tiles_of_wall(found):
        by_room.setdefault(found.room(tile), []).append(tile)
    text = "\n".join(f"{room}: {' '.join(found_tiles)}" for room, found_tiles in
                     sorted(by_room.items()))
    lines, used = draw.text_box(text, x, y + 1.5, width, 6, measure)
    return [Text(x, y, w["d9_title"], 7, bold=True), *lines], used + 1.5


def tiles_of_wall(found: tables.Tables) -> list[str]:
    from companion.jongrogue import tiles
    return [t for t in tiles.GAME if found.wall_copies(t)]


@dataclass(frozen=True)
class Encounter(Mat):
    """遭遇マップ: 3 × 3 rooms of four numbered slots, 2 × 2 when they fit the page's
    width, else **fanned**: one column of four cards, each lying ``FAN`` below the one
    before, so every card's corner index stays in sight."""

    fanned: bool = False

    @property
    def room(self) -> tuple[float, float]:
        sw, sh = self.slot
        if self.fanned:
            return 2 * PAD + sw, NAME_BAND + sh + 3 * FAN + PAD
        return 2 * PAD + 2 * sw, NAME_BAND + 2 * sh + PAD  # the four slots share edges

    def room_at(self, number: int) -> tuple[float, float]:
        row, col = divmod(number - 1, 3)
        return col * (self.room[0] + GAP), 9 + row * (self.room[1] + GAP)

    def slots(self, number: int) -> list[tuple[float, float, float, float]]:
        """The four slots of a room, 1 to 4: where each card lies."""
        (x, y), (sw, sh) = self.room_at(number), self.slot
        top = y + NAME_BAND
        if self.fanned:
            return [(x + PAD, top + k * FAN, sw, sh) for k in range(4)]
        return [(x + PAD + c * sw, top + r * sh, sw, sh)
                for r, c in ((0, 0), (0, 1), (1, 0), (1, 1))]

    @property
    def width(self) -> float:
        return 3 * self.room[0] + 2 * GAP


def encounter_mat(card: tuple[float, float], room_width: float) -> Encounter:
    """The encounter map for ``card``: slots side by side where the page is wide enough."""
    full = Encounter(card, fanned=False)
    return full if full.width <= room_width else Encounter(card, fanned=True)


def encounter_sheet(lang: str, measure, card: tuple[float, float] = (27.0, 36.0),
                    room_width: float = 190.0) -> tuple[float, float, list]:
    """遭遇マップ for ``card``: each room's four numbered slots (fanned where full slots
    would not fit ``room_width``), the note on sprung traps, and the licence."""
    w, mat = words(lang), encounter_mat(card, room_width)
    shapes: list = [Text(0, 5, w["encounter_title"], 13, bold=True)]
    for number in labyrinth.ROOMS:
        (x, y), (rw, rh) = mat.room_at(number), mat.room
        shapes += [*_room_frame(number, x, y, rw, rh, lang),
                   *_slots(mat.slots(number), mat.fanned)]
    note = w["slots_note"] + (" " + w["fan_note"] if mat.fanned else "")
    lines, _used = draw.text_box(note, 36, 0.5, mat.width - 36, 7, measure)
    y = 9 + 3 * (mat.room[1] + GAP)
    box, height = credit_box(0, y, mat.width, lang, measure, size=6)
    return mat.width, y + height, [*shapes, *lines, *box]


def _slots(slots: list[tuple[float, float, float, float]], fanned: bool) -> list:
    """Slot outlines with their numbers; a fan shows where each card's top edge lies."""
    if not fanned:
        return [shape for k, (sx, sy, sw, sh) in enumerate(slots, start=1)
                for shape in (Rect(sx, sy, sw, sh, DASHED),
                              Text(sx + sw / 2, sy + sh / 2 + 3, str(k), 9,
                                   anchor="middle", fill="#888888"))]
    (x, top, sw, _h), (*_rest, (_x, last, _w, sh)) = slots[0], slots
    shapes: list = [Rect(x, top, sw, last + sh - top, DASHED)]
    for k, (_sx, sy, _sw, _sh) in enumerate(slots, start=1):
        if k > 1:
            shapes.append(Line(x, sy, x + sw, sy, DASHED))
        shapes.append(Text(x + sw - 2, sy + 6, str(k), 9, anchor="end", fill="#888888"))
    return shapes


def character_sheet(found: tables.Tables, lang: str, measure) -> tuple[float, float, list]:
    """The character sheet: levels and experience, strength, armour, rings, conditions,
    the stairs box with the plate's two places, the floor, the amulet, gold, inventory."""
    w = words(lang)
    width = 186.0
    shapes: list = [Text(0, 6, w["character_title"], 14, bold=True),
                    Text(0, 16, w["name"], 9), Line(20, 17, width, 17, THIN)]
    y = 24.0
    shapes += _levels(found, 0, y, width, w)
    y += 30
    shapes += _boxes([(w["strength"], 30), (f"{w['armour']} / {w['rank']}", 40),
                      (w["gold"], 40)], 0, y)
    y += 20
    shapes += [Text(0, y, w["rings"], 9, bold=True)]
    for i, label in enumerate((w["ring_search"], w["ring_search"], w["ring_armour"])):
        shapes += [Rect(22 + i * 55, y - 4, 4, 4, THIN), Text(28 + i * 55, y - 0.5, label, 8)]
    y += 10
    shapes += [Text(0, y, w["conditions"], 9, bold=True)]
    for i, label in enumerate(w["condition_names"]):
        shapes += [Rect(22 + i * 40, y - 4, 4, 4, THIN), Text(28 + i * 40, y - 0.5, label, 8)]
    y += 8
    shapes += _stairs_box(0, y, w)
    shapes += [Rect(100, y, 86, 30, THIN), Text(102, y + 5, w["amulet"], 9, bold=True)]
    y += 36
    shapes += [Text(0, y, w["inventory"], 9, bold=True)]
    shapes += [Line(0, y + 8 * i, width, y + 8 * i, THIN) for i in range(1, 10)]
    y += 84
    box, used = credit_box(0, y, width, lang, measure)
    return width, y + used, [*shapes, *box]


def _levels(found: tables.Tables, x: float, y: float, width: float, w: dict) -> list:
    shapes: list = [Text(x, y, w["level"], 9, bold=True)]
    cell = (width - 20) / 20
    levels = dict(found.levels)
    for level in range(1, 21):
        cx = x + 20 + (level - 1) * cell
        shapes += [Rect(cx, y - 4, cell, 11, THIN),
                   Text(cx + cell / 2, y, str(level), 7, anchor="middle", bold=True)]
        if level in levels:
            shapes.append(Text(cx + cell / 2, y + 5.5, f"{levels[level]:,}", MIN_TEXT,
                               anchor="middle"))
    shapes.append(Text(x, y + 17, w["experience"], 9, bold=True))
    for i, place in enumerate(w["places"]):
        bx = x + 30 + i * 20
        shapes += [Rect(bx, y + 12, 16, 8, THIN),
                   Text(bx + 8, y + 23.5, place, 6, anchor="middle")]
    return shapes


def _boxes(items: list[tuple[str, float]], x: float, y: float) -> list:
    shapes: list = []
    for label, width in items:
        shapes += [Rect(x, y, width, 12, THIN), Text(x + 1.5, y + 4, label, 8)]
        x += width + 6
    return shapes


def _stairs_box(x: float, y: float, w: dict) -> list:
    """The stairs box: the round-wind plate's two places, the floor counter."""
    shapes: list = [Rect(x, y, 94, 30, THIN), Text(x + 2, y + 5, w["stairs"], 9, bold=True)]
    for i, label in enumerate((w["plate_east"], w["plate_south"])):
        cx = x + 10 + i * 42
        shapes += [Circle(cx, y + 14, COUNTER / 2, THIN), Text(cx + 5, y + 15, label, 7.5)]
    shapes += [Text(x + 4, y + 26, w["floor"], 9), Text(x + 50, y + 26, w["floor_note"], 7)]
    return shapes


def rules_pages(found: tables.Tables, lang: str, measure) -> list[tuple[float, float, list]]:
    """The map chapter in the project's own words, then the tables from the data files."""
    text = shipped_data.text("jongrogue", "rules.toml")
    sections = tomllib.loads(text)[lang]
    w = words(lang)
    width = 186.0
    pages, shapes, y = [], [Text(0, 7, w["rules_title"], 14, bold=True)], 14.0
    for section in sections:
        if y > 200:
            pages.append((width, 268.0, shapes))
            shapes, y = [], 4.0
        shapes.append(Text(0, y + 4, section["title"], 11, bold=True, fill=FELT))
        y += 7
        for item in section["items"]:
            lines, used = draw.text_box(item, 3, y, width - 3, 8.5, measure)
            shapes += [Circle(1, y + 2.2, 0.6, filled(FELT)), *lines]
            y += used + 1.5
        y += 3
    table_shapes, used = _search_table(found, 0, y, lang)
    shapes += table_shapes
    y += used + 3
    encounters, used = draw.text_box(_encounter_list(found, lang), 0, y, width, 7.5, measure)
    shapes += encounters
    y += used + 3
    note, used = draw.text_box(w["reading_note"], 0, y, width, 7.5, measure)
    box, box_h = credit_box(0, y + used + 3, width, lang, measure)
    pages.append((width, y + used + 3 + box_h, [*shapes, *note, *box]))
    return pages


def _encounter_list(found: tables.Tables, lang: str) -> str:
    """Every wall tile's meaning on the encounter map, from the tables in use."""
    w = cards.words(lang)
    shipped = {name: found.sources[name] == name for name in tables.HEADERS}
    return "  ".join(f"{tile}: {cards.meaning(found, tile, 4, w, shipped)[0]}"
                     for tile in tiles_of_wall(found))


def _search_table(found: tables.Tables, x: float, y: float, lang: str) -> tuple[list, float]:
    """The hidden-passage table from ``search.csv``, its outcomes in the sheet's words."""
    w = words(lang)
    shapes: list = [Text(x, y + 4, w["search_title"], 9, bold=True)]
    top = y + 6
    for c, head in enumerate(w["search_heads"]):
        shapes.append(Text(x + 2 + c * 40, top + 4, head, 8, bold=True))
    for r, (roll, outcomes) in enumerate(sorted(found.search.items()), start=1):
        said = (str(roll), *(w["search_outcomes"][o] for o in outcomes))
        for c, value in enumerate(said):
            shapes.append(Text(x + 2 + c * 40, top + 4 + r * 4.5, value, 8))
    height = 6 + 4 + 10 * 4.5
    return [Rect(x, top, 160, height - 6, THIN), *shapes], height
