"""JongRogue (雀ローグ) print-and-play set: the 144-card tile deck (through the deck
engine and ``templates/decks/jongrogue.toml``), the map sheets, the character sheet
and the rules sheet — each carrying the CC BY-SA credit of the original game."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import TYPE_CHECKING

from companion import data as shipped_data
from companion.jongrogue import cards, labyrinth, tables
from companion.jongrogue.licence import CREDIT
from pnp import draw
from pnp.impose import Piece
from pnp.shapes import Circle, Line, Rect, Style, Text, filled
from pnp.templates import template_dir

if TYPE_CHECKING:  # the deck engine (and its template engine) loads only to draw decks
    from pnp.deck import Deck
    from pnp.deck.spec import DeckSpec

US_BUSINESS = (88.9, 50.8)


def deck_spec(lang: str, paper: str, card: str | None = None) -> DeckSpec:
    """The shipped deck file, its credit in ``lang``: meishi on A4, US business cards on
    Letter, or the ``card`` size asked for — the faces, laid out for meishi, scaled to
    fit and centred."""
    from pnp.deck.spec import load_spec
    from pnp.impose import card_size

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
ROOM = (62.0, 46.0)  # two 27 × 36 slots with a 6 mm gap for the door and stairs counters
PASSAGE = 12.0
CARD = (55.0, 91.0)
TILE_SLOT = (27.0, 36.0)
COUNTER = 6.0


def words(lang: str) -> dict:
    text = shipped_data.text("jongrogue", "print.toml")
    return tomllib.loads(text)[lang]


def credit_box(x: float, y: float, w: float, lang: str, measure, size: float = 6.5
               ) -> tuple[list, float]:
    """The licence notice in a box; its shapes and height."""
    lines, used = draw.text_box(CREDIT[lang], x + 2, y + 1.5, w - 4, size, measure)
    return [Rect(x, y, w, used + 3, THIN), *lines], used + 3


def labyrinth_sheet(found: tables.Tables, lang: str, measure) -> tuple[float, float, list]:
    """迷宮マップ: 3 × 3 rooms with two tile slots each, door squares, hatched passages
    and the stairs circle; the two card boxes; the tile-d9 legend. 283 × 184 mm."""
    w = words(lang)
    shapes: list = [Text(0, 4.5, w["labyrinth_title"], 13, bold=True),
                    *draw.arrow(52, 6, 52, 0.5, head=2, style=Style(width=0.5)),
                    Text(55, 5, w["north"], 9, bold=True)]
    for number in labyrinth.ROOMS:
        shapes += _room_box(number, *_room_at(number), lang)
    shapes += _passages()
    width = 283.0
    for i, label in enumerate((w["pile"], w["discards"])):
        bx, by = width - CARD[0], i * (CARD[1] + 2)
        shapes += [Rect(bx, by, *CARD, DASHED),
                   Text(bx + CARD[0] / 2, by + CARD[1] / 2, label, 10, anchor="middle")]
    legend, used = _d9_legend(found, 0, TOP + 3 * ROOM[1] + 2 * PASSAGE + 4, w, measure)
    box, _height = credit_box(0, TOP + 3 * ROOM[1] + 2 * PASSAGE + 5 + used,
                              width - CARD[0] - 4, lang, measure, size=5)
    return width, 184.0, [*shapes, *legend, *box]


TOP = 8.0
DOOR_HALF = COUNTER / 2  # east and west doors stand half outside their rooms


def _room_at(number: int) -> tuple[float, float]:
    row, col = divmod(number - 1, 3)
    return (col * (ROOM[0] + PASSAGE + 2 * DOOR_HALF), TOP + row * (ROOM[1] + PASSAGE))


def _room_box(number: int, x: float, y: float, lang: str) -> list:
    name = (labyrinth.NAMES_JA if lang == "ja" else labyrinth.NAMES)[number - 1]
    cx, cy = x + ROOM[0] / 2, y + ROOM[1] / 2
    shapes: list = [Rect(x, y, *ROOM, Style(stroke=INK, width=0.5), radius=1.5),
                    Text(x + 2, y + 4, f"{number} {name}", 7, bold=True)]
    for left in (cx - COUNTER / 2 - TILE_SLOT[0], cx + COUNTER / 2):  # upright tile slots
        shapes.append(Rect(left, cy - TILE_SLOT[1] / 2, *TILE_SLOT, DASHED))
    shapes.append(Circle(cx, cy, COUNTER / 2, THIN))  # the stairs counter
    doors = {"N": (cx, y + COUNTER / 2), "S": (cx, y + ROOM[1] - COUNTER / 2),
             "E": (x + ROOM[0], cy), "W": (x, cy)}
    for side in labyrinth.doors(number):
        px, py = doors[side]
        shapes.append(Rect(px - COUNTER / 2, py - COUNTER / 2, COUNTER, COUNTER,
                           Style(stroke=INK, fill="#ffffff", width=0.3)))
    return shapes


def _passages() -> list:
    """A hatched passage (#), 12 mm long, between every two facing doors."""
    shapes = []
    for number in labyrinth.ROOMS:
        x, y = _room_at(number)
        if labyrinth.neighbour(number, "E"):
            shapes += _hatch(x + ROOM[0] + DOOR_HALF, y + ROOM[1] / 2 - 3, PASSAGE, 6)
        if labyrinth.neighbour(number, "S"):
            shapes += _hatch(x + ROOM[0] / 2 - 3, y + ROOM[1], 6, PASSAGE)
    return shapes


def _hatch(x: float, y: float, w: float, h: float) -> list:
    """A # between two doors: two lines along the passage, two across it."""
    style = Style(stroke="#888888", width=0.25)
    lines = [Line(x, y + h * f, x + w, y + h * f, style) for f in (0.3, 0.7)]
    return lines + [Line(x + w * f, y, x + w * f, y + h, style) for f in (0.3, 0.7)]


def _d9_legend(found: tables.Tables, x: float, y: float, w: dict, measure
               ) -> tuple[list, float]:
    by_room: dict[int, list[str]] = {}
    for tile in tiles_of_wall(found):
        by_room.setdefault(found.room(tile), []).append(tile)
    text = "  ".join(f"{room}: {' '.join(found_tiles)}" for room, found_tiles in
                     sorted(by_room.items()))
    lines, used = draw.text_box(text, x + 24, y - 2.6, 200, 6, measure)
    return [Text(x, y, w["d9_title"], 7, bold=True), *lines], used


def tiles_of_wall(found: tables.Tables) -> list[str]:
    from companion.jongrogue import tiles
    return [t for t in tiles.GAME if found.wall_copies(t)]


def encounter_sheet(lang: str, measure) -> tuple[float, float, list]:
    """遭遇マップ: 3 × 3 rooms, each with four numbered upright slots."""
    w = words(lang)
    room_w, room_h = 60.0, 75.0
    shapes: list = [Text(0, 5, w["encounter_title"], 13, bold=True)]
    for number in labyrinth.ROOMS:
        row, col = divmod(number - 1, 3)
        x, y = col * (room_w + 3), 9 + row * (room_h + 3)
        name = (labyrinth.NAMES_JA if lang == "ja" else labyrinth.NAMES)[number - 1]
        shapes += [Rect(x, y, room_w, room_h, Style(stroke=INK, width=0.5), radius=1.5),
                   Text(x + 2, y + 5, f"{number} {name}", 8, bold=True)]
        for slot in range(4):
            r, c = divmod(slot, 2)
            sx, sy = x + 2.5 + c * (TILE_SLOT[0] + 1), y + 7 + r * (TILE_SLOT[1] + 0.5)
            shapes += [Rect(sx, sy, *TILE_SLOT, DASHED),
                       Text(sx + 1.5, sy + 4, str(slot + 1), 8, fill="#888888")]
    y = 9 + 3 * (room_h + 3)
    lines, used = draw.text_box(w["slots_note"], 0, y, 186, 8, measure)
    box, height = credit_box(0, y + used + 2, 186, lang, measure)
    return 186.0, y + used + 2 + height, [*shapes, *lines, *box]


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
            shapes.append(Text(cx + cell / 2, y + 5, f"{levels[level]:,}", 4.5, anchor="middle"))
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
