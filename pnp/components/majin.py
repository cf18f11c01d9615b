"""The 魔人 dungeon card game's print set: the cards through the deck engine
(``templates/decks/majin-*.toml`` over the card files), corridor tiles, the map
sheets, the LP sheet, the treasure sheet, tokens and a rules summary card."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion import data as shipped_data
from companion import i18n
from companion.errors import InputError
from companion.majin import cards as card_files
from companion.majin import corridors, treasure
from companion.majin.cards import Cards, Character, Corridor, Item
from pnp import draw
from pnp.impose import Piece
from pnp.shapes import MIN_TEXT, MM_PER_PT, SAFE_ZONE, Circle, Line, Path, Rect, Style, Text, filled
from pnp.templates import template_dir

if TYPE_CHECKING:
    from pnp.deck import Deck

INK = "#222222"
PAPER = "#fbf8f1"
THIN = Style(stroke="#555555", width=0.3)
RANK_BANDS = {"C": "#5f6f7f", "UC": "#2f7a4f", "R": "#2d5fa8", "SR": "#7a3fa0",
              "転校生": "#b0841a"}
FLOOR_BANDS = {1: "#2f5d3a", 2: "#7a2e2e", 3: "#2e2540"}
ITEM_BANDS = {"equip": "#3d5a80", "use": "#2a7f7a", "other": "#7a5a3a"}
BOSS_BAND = "#8a1c24"
TITLE = (42.0, 11.0)  # the title's width (mm) and smallest size (pt): 2.8 mm cap height
TILE = 30.0
BAND = 10.0


def words(lang: str) -> dict[str, Any]:
    return tomllib.loads(shipped_data.text("majin", "print.toml"))[lang]


def load_cards(folder: str | None, lang: str) -> Cards:
    """The card folder, its generated texts in the printed language."""
    with i18n.speaking(lang):
        return card_files.load(folder or card_files.SAMPLE)


# --- the cards (the deck engine) ------------------------------------------------------------


def deck(kind: str, found: Cards, lang: str, measure) -> Deck:
    """The deck of ``kind`` (majin, monsters, bosses, items) over the card files."""
    from pnp.deck import Deck
    from pnp.deck.rows import Row
    from pnp.deck.spec import load_spec

    spec = load_spec(template_dir() / "decks" / f"majin-{kind}.toml", rows_given=True)
    w = words(lang)
    labels = {"l_hp": w["stats"]["hp"], "l_atk": w["stats"]["atk"],
              "l_def": w["stats"]["def"], "l_spd": w["stats"]["spd"], "l_sell": w["sell"],
              "l_buy": w["buy"], "yen": w["yen"]}
    if lang == "en":
        labels.update(back_title={"majin": "魔人 gacha", "monsters": "monster",
                                  "bosses": "BOSS", "items": "item"}[kind])
    spec = replace(spec, vars={**spec.vars, **labels})
    sample = found.folder == card_files.SAMPLE
    make = {"majin": _majin_row, "monsters": _monster_row, "bosses": _monster_row,
            "items": _item_row}[kind]
    table = {"majin": found.majin, "monsters": found.monsters, "bosses": found.bosses,
             "items": found.items}[kind]
    rows = []
    for card in table.values():
        fields, kind_of = make(card, w, lang)
        fields["name"] = fitted_title(_name(card, lang), measure)
        fields["footer"] = " · ".join(filter(None, (card.id, card.extra.get("label", ""))))
        fields["sample"] = w["sample"] if sample else ""
        fields.update(ability_layout(str(fields.get("ability", "")), f"{card.id} {card.name}",
                                     measure, ITEM_ABILITY_TOP if kind == "items"
                                     else ABILITY_TOP))
        rows.append(Row(fields, card.where, kind_of, 1))
    return Deck(spec, rows)


#: The ability box of majin-card.toml: its top, its widest height, the text's size and
#: leading, and the bottom of the room it shares with the card's emblem (mm, pt).
ABILITY_TOP, ABILITY_MOST, ABILITY_SIZE, ABILITY_LEADING, ROOM_BOTTOM = 44.0, 34.0, 9.07, \
    1.25, 78.0
ITEM_ABILITY_TOP = 32.0  # majin-items.toml: two price boxes, not four stats, above it


def ability_layout(text: str, seed: str, measure, start: float = ABILITY_TOP
                   ) -> dict[str, str]:
    """The ability box (its top at ``start``) sized to its text (no large empty box),
    and the card's emblem — made from its id and name, so a card of one's own gets one
    too — in the room left."""
    from pnp.text import fit

    most = ABILITY_MOST + ABILITY_TOP - start
    if text.strip():
        fitted = fit(text, 51, most - 4, ABILITY_SIZE, 5.67, measure, ABILITY_LEADING)
        used = len(fitted.lines) * fitted.size * MM_PER_PT * ABILITY_LEADING
        box = min(most, max(12.0, used + 4.5))
    else:
        box = 0.0
    room = ROOM_BOTTOM - start - box - (2 if box else 0)
    size = min(22.0, room - 3)
    top = start + box + (2 if box else 0) + (room - size) / 2
    return {"ability_h": f"{box:.2f}", "ability_text_h": f"{max(box - 4, 1):.2f}",
            "emblem_seed": seed, "emblem_size": f"{max(size, 0):.2f}",
            "emblem_x": f"{4 + (55 - max(size, 0)) / 2:.2f}", "emblem_y": f"{top:.2f}",
            "has_emblem": "1" if size >= 10 else ""}


def _name(card: Character | Item, lang: str) -> str:
    return card.extra.get("name_en", card.name) if lang == "en" else card.name


def fitted_title(name: str, measure) -> str:
    """The name as it fits the title band at the smallest size: cut at a character
    and marked with … when even that is too wide."""
    width, size = TITLE
    if measure(name, size) <= width:
        return name
    while name and measure(name + "…", size) > width:
        name = name[:-1]
    return name + "…"


def _fighter(card: Character, lang: str) -> dict[str, Any]:
    ability = card.extra.get("ability_en") if lang == "en" else None
    return {"hp": str(card.hp), "atk": str(card.atk), "def": str(card.defence),
            "spd": str(card.spd), "ability": ability or card.ability}


def _majin_row(card: Character, w: dict, lang: str) -> tuple[dict[str, Any], str]:
    return ({**_fighter(card, lang), "badge": card.rank, "band": RANK_BANDS[card.rank],
             "sub": w["tier"].format(tier=card.tier)}, str(card.tier))


def _monster_row(card: Character, w: dict, lang: str) -> tuple[dict[str, Any], str]:
    boss = card.kind == "boss"
    sub = w["boss" if boss else "monster"].format(floor=card.floor, level=card.level,
                                                   bounty=card.bounty)
    return ({**_fighter(card, lang), "badge": f"L{card.level}", "sub": sub,
             "band": BOSS_BAND if boss else FLOOR_BANDS[card.floor]},
            "" if boss else str(card.floor))


def _item_row(card: Item, w: dict, lang: str) -> tuple[dict[str, Any], str]:
    kind = w["item_kinds"][card.kind]
    text = card.extra.get("text_en") if lang == "en" else None
    return ({"badge": kind, "band": ITEM_BANDS[card.kind],
             "sub": w["item_sub"].format(kind=kind) + (w["cursed"] if card.cursed else ""),
             "price": str(card.price), "buyback": str(2 * card.price),
             "cursed": "1" if card.cursed else "0",
             "ability": "\n".join([text or card.text, *_item_rules(card, w)]),
             "hp": "", "atk": "", "def": "", "spd": ""}, "")


def _item_rules(card: Item, w: dict) -> list[str]:
    """What the card itself must say for a table without the companion: a cursed item
    cannot be discarded, a use item is spent when used."""
    return [w[rule] for rule, applies in (("cursed_rule", card.cursed),
                                          ("use_rule", card.kind == "use")) if applies]


def card_pieces(kind: str, found: Cards, lang: str, measure, bleed: float) -> list[Piece]:
    """The cards of ``kind`` drawn; text that does not fit at 2.0 mm stops the build,
    naming the file, the line and the column."""
    from pnp.deck import pieces

    built = deck(kind, found, lang, measure)
    drawn = pieces(built, built.cards, measure, bleed)
    for where, layer in drawn.overflowed:
        column = {"ability": "text" if kind == "items" else "ability"}.get(layer, layer)
        raise InputError(_too_long(layer), f"{where}: {column}")
    return drawn.pieces


def _too_long(layer: str) -> str:
    if layer == "ability":
        return "the text does not fit its box even at 2.0 mm: shorten it"
    return f"the text does not fit the card's {layer} box: shorten it"


def money_pieces(lang: str, measure, bleed: float) -> list[Piece]:
    from pnp.deck import shipped

    words = {"yen": "yen", "label": "魔人 dungeon"} if lang == "en" else {}
    return shipped("majin-money", measure, bleed, vars=words)


# --- corridor tiles ---------------------------------------------------------------------


def tile_pieces(found: Cards, lang: str) -> list[Piece]:
    """Every dungeon card, ``count`` copies each, floor by floor: face and floor back."""
    made = []
    for card in found.dungeon.values():
        front = _tile_front(card)
        for copy in range(card.count):
            made.append(Piece(front, _tile_back(card.floor),
                              name=f"tile {card.id}" + (f" #{copy + 1}" if card.count > 1
                                                        else ""),
                              colour=f"B{card.floor}F"))
    return made


def _tile_front(card: Corridor):
    def art(bleed: float) -> list:
        tint = {1: "#e6efe3", 2: "#f2e3df", 3: "#e5e1ee"}[card.floor]
        shapes: list = [Rect(-bleed, -bleed, TILE + 2 * bleed, TILE + 2 * bleed, filled(tint))]
        shapes += _corridor_band(card, bleed)
        shapes += _tile_marks(card)
        shapes.append(Path((("M", 13.5, 0), ("L", 16.5, 0), ("L", 15, 2), ("Z",)),
                           filled(INK)))  # the 0° top edge
        return shapes
    return art


def _corridor_band(card: Corridor, bleed: float) -> list:
    """A 10 mm band from the centre to each open edge, through the bleed."""
    low, high = (TILE - BAND) / 2, (TILE + BAND) / 2
    stone = filled("#a89f91")
    shapes: list = [Rect(low, low, BAND, BAND, stone)]
    reach = {"N": (low, -bleed, BAND, high + bleed), "S": (low, low, BAND, high + bleed),
             "W": (-bleed, low, high + bleed, BAND), "E": (low, low, high + bleed, BAND)}
    for side in sorted(corridors.openings(card.shape, 0)):
        shapes.append(Rect(*reach[side], stone))
    return shapes


def _tile_marks(card: Corridor) -> list:
    centre = TILE / 2
    symbol = _symbol(card, centre)
    shapes = list(symbol)
    if card.enc:
        corner = SAFE_ZONE + 4.8  # the encounter value, clear of the cut
        cx, cy = (corner, corner) if symbol else (centre, centre)
        shapes += [Circle(cx, cy, 4.8, Style(stroke=INK, fill="#ffffff", width=0.4)),
                   Text(cx, cy + 3.1, str(card.enc), 24.5, anchor="middle", bold=True)]
    return shapes


def _symbol(card: Corridor, centre: float) -> list:
    if card.kind == "up":
        return [Rect(centre - 6, centre - 4, 12, 8, Style(stroke=INK, fill="#ffffff")),
                Text(centre, centre + 2.2, "上り", 11, anchor="middle", bold=True)]
    if card.kind == "special":
        return [Circle(centre, centre, 5.5, Style(stroke="#8a1c24", fill="#ffffff", width=0.6)),
                Text(centre, centre + 2.2, "SP", 12, anchor="middle", bold=True,
                     fill="#8a1c24")]
    if card.symbol == "battle":
        return _swords(centre)
    if card.symbol == "down":
        return [*(Rect(centre - 5 + 2 * i, centre - 1 + 2 * i, 10 - 2 * i, 2,
                       Style(stroke=INK, fill="#ffffff", width=0.3)) for i in range(3)),
                Text(centre, centre - 2.2, "下り", 9, anchor="middle", bold=True)]
    if card.symbol.startswith("event"):
        return [*draw.mark("star", centre, centre, 5.8, "#d9a441"),
                Text(centre, centre + 2.2, card.symbol.removeprefix("event"), 11,
                     anchor="middle", bold=True)]
    return []


def _swords(centre: float) -> list:
    blade = Style(stroke="#8a1c24", width=0.9)
    hilt = Style(stroke=INK, width=0.9)
    shapes = []
    for sign in (1, -1):
        shapes += [Line(centre - 4.5 * sign, centre - 4.5, centre + 4.5 * sign, centre + 4.5,
                        blade),
                   Line(centre + 2.5 * sign, centre + 4.5, centre + 4.5 * sign, centre + 2.5,
                        hilt)]
    return [Circle(centre, centre, 5.8, Style(stroke=None, fill="#ffffff")), *shapes]


def _tile_back(floor: int):
    def art(bleed: float) -> list:
        return [Rect(-bleed, -bleed, TILE + 2 * bleed, TILE + 2 * bleed,
                     filled(FLOOR_BANDS[floor])),
                Text(TILE / 2, TILE / 2 + 3.5, f"B{floor}F", 20, anchor="middle", bold=True,
                     fill="#f0e6d2")]
    return art


# --- the sheets -------------------------------------------------------------------------

CELL = 31.0
TRACK_BOX = 12.0


def map_sheet(floor: int, lang: str) -> tuple[float, float, list]:
    """B1F…: the 6 × 6 grid of 31 mm cells, numbered, and the encounter track 0–12."""
    w = words(lang)
    left, top = 7.0, 16.0
    shapes: list = [Text(0, 6, w["map_title"].format(floor=floor), 14, bold=True),
                    Text(0, 11, w["map_note"], 7)]
    for index in range(6):
        x = left + index * CELL + CELL / 2
        shapes += [Text(x, top - 1.5, str(index + 1), 10, anchor="middle", bold=True),
                   Text(left - 2, top + index * CELL + CELL / 2 + 1.5, str(index + 1), 10,
                        anchor="end", bold=True)]
    for col in range(6):
        for row in range(6):
            x, y = left + col * CELL, top + row * CELL
            shapes += [Rect(x, y, CELL, CELL, Style(stroke="#777777", width=0.3)),
                       Text(x + 1.2, y + 3, f"{col + 1},{row + 1}", 6, fill="#888888")]
    shapes.append(Rect(left, top, 6 * CELL, 6 * CELL, Style(stroke=INK, width=0.6)))
    track_top = top + 6 * CELL + 8
    shapes.append(Text(left, track_top - 2, w["encounter"], 9, bold=True))
    for value in range(13):
        x = left + value * (TRACK_BOX + 1.5)
        battle = value == 10
        shapes += [Rect(x, track_top, TRACK_BOX, TRACK_BOX,
                        Style(stroke="#8a1c24" if battle else INK,
                              fill="#f6dcdc" if battle else None,
                              width=0.6 if battle else 0.3)),
                   Text(x + TRACK_BOX / 2, track_top + 8, str(value), 12, anchor="middle",
                        bold=battle)]
    shapes.append(Text(left + 10 * (TRACK_BOX + 1.5) + TRACK_BOX / 2, track_top + TRACK_BOX + 4,
                       w["battle_at"], 8, anchor="middle", fill="#8a1c24", bold=True))
    return left + 6 * CELL, track_top + TRACK_BOX + 6, shapes


LP_BOX = (14.0, 12.0)


def lp_sheet(lang: str) -> tuple[float, float, list]:
    """Two tracks of 41 boxes (0, then 1–40 in rows of 10); 40 is marked MAX."""
    w = words(lang)
    shapes: list = [Text(0, 6, w["lp_title"], 14, bold=True), Text(0, 11, w["lp_note"], 7)]
    top = 16.0
    for title, colour in ((w["lp_party"], "#2d5fa8"), (w["lp_monsters"], "#8a1c24")):
        shapes += _lp_track(title, colour, top)
        top += 5 * (LP_BOX[1] + 1.5) + 16
    return 10 * (LP_BOX[0] + 1.5), top - 10, shapes


def _lp_track(title: str, colour: str, top: float) -> list:
    bw, bh = LP_BOX
    shapes: list = [Text(0, top + 4, title, 12, bold=True, fill=colour)]
    for value in range(41):
        if value == 0:
            x, y = 0.0, top + 7
        else:
            row, col = divmod(value - 1, 10)
            x, y = col * (bw + 1.5), top + 7 + (row + 1) * (bh + 1.5)
        shapes += [Rect(x, y, bw, bh, Style(stroke=colour, width=0.5 if value in (0, 40)
                                            else 0.3), radius=1),
                   Text(x + bw / 2, y + 7.8, str(value), 12, anchor="middle", bold=True)]
        if value == 40:
            shapes.append(Text(x + bw / 2, y + 11, "MAX", MIN_TEXT, anchor="middle",
                               fill=colour, bold=True))
    return shapes


ROW_HEIGHT = 5.6


def treasure_sheets(found: Cards, lang: str, measure) -> list[tuple[float, float, list]]:
    """The treasure table in two columns of up to 30 rows a page, and the chest rules."""
    w = words(lang)
    rows = found.treasure
    pages = []
    for start in range(0, len(rows), 60):
        chunk = rows[start:start + 60]
        shapes: list = [Text(0, 6, w["treasure_title"], 14, bold=True)]
        for index, row in enumerate(chunk):
            column, line = divmod(index, 30)
            shapes += _treasure_row(found, row, column * 93.0, 12 + line * ROW_HEIGHT, lang,
                                    measure)
        height = 12 + 30 * ROW_HEIGHT + 4
        box, used = _rules_box(w["treasure_rules"], height, measure)
        pages.append((186.0, height + used, [*shapes, *box]))
    return pages


def events_sheet(found: Cards, lang: str, measure) -> tuple[float, float, list]:
    """The event tables: each floor's events 1–6 and its special event, as the card
    folder has them, with how they fire — for a table without the companion."""
    w = words(lang)
    shapes: list = [Text(0, 6, w["events_title"], 14, bold=True)]
    box, y = _rules_box(w["events_rules"], 10, measure)
    shapes += box
    y += 16
    for floor in (1, 2, 3):
        shapes.append(Text(0, y, f"B{floor}F", 11, bold=True, fill="#8a1c24"))
        y += 2
        for event in ("1", "2", "3", "4", "5", "6", "special"):
            texts = found.events.get((floor, event))
            if texts is None:
                continue
            label = w["event_special"] if event == "special" else event
            lines, used = draw.text_box(_printed(texts[0 if lang == "ja" else 1]), 20, y,
                                        166, 8, measure)
            shapes += [Text(2, y + 2.9, label, 8, bold=True), *lines]
            y += max(used, ROW_HEIGHT) + 0.8
        y += 5
    return 186.0, y, shapes


def _printed(text: str) -> str:
    """An event's text for paper: without the companion's command in brackets."""
    import re

    return re.sub(r"\s*[（(][^（）()]*--[^（）()]*[）)]", "", text).strip()


def _treasure_row(found: Cards, row, x: float, y: float, lang: str, measure) -> list:
    with i18n.speaking(lang):
        text = treasure.row_text(found, row)
    if row.kind == "money" and row.dice is not None:
        text = words(lang)["money_dice"].format(dice=row.dice)
    size = 8.0
    while measure(text, size) > 72 and size > MIN_TEXT:  # smaller before shorter
        size = max(MIN_TEXT, size - 0.5)
    while measure(text, size) > 72 and len(text) > 1:
        text = text[:-2] + "…"
    return [Rect(x, y, 90, ROW_HEIGHT, Style(stroke="#aaaaaa", width=0.2,
                                             fill="#f4efe3" if row.number % 2 else None)),
            Text(x + 10, y + 4, str(row.number), 9, anchor="end", bold=True),
            Text(x + 14, y + 4, text, size)]


def _rules_box(rules: list[str], top: float, measure) -> tuple[list, float]:
    lines = draw.bulleted(rules, 3, top + 3, 180, 60, measure, size=8, min_size=6,
                          bullet="#8a1c24")
    used = max((s.y for s in lines if isinstance(s, Text)), default=top) - top + 4
    return [Rect(0, top, 186, used, THIN, radius=1.5), *lines], used


# --- tokens and the summary card -----------------------------------------------------------

TOKEN = 20.0
TOKENS = ("summoner", "wipe", "party", "monsters", "encounter")


def token_pieces(lang: str) -> list[Piece]:
    names = words(lang)["tokens"]
    return [Piece(_token_front(name, names[name]), _token_back(names[name]), name=name)
            for name in TOKENS]


def _token_front(name: str, label: str):
    colour = {"summoner": "#2d5fa8", "wipe": "#3a0d12", "party": "#2d5fa8",
              "monsters": "#8a1c24", "encounter": "#b0841a"}[name]

    def art(bleed: float) -> list:
        return [Rect(-bleed, -bleed, TOKEN + 2 * bleed, TOKEN + 2 * bleed, filled(PAPER)),
                Circle(TOKEN / 2, TOKEN / 2, 9.2, Style(stroke=colour, width=0.6)),
                *_emblem(name, colour),
                Rect(1.0, TOKEN - 5.6, TOKEN - 2.0, 3.4, filled(PAPER)),  # a band on the ring
                Text(TOKEN / 2, TOKEN - SAFE_ZONE - 0.9, label, MIN_TEXT, anchor="middle",
                     bold=True, fill=colour)]
    return art


def _emblem(name: str, colour: str) -> list:
    c = TOKEN / 2
    if name == "summoner":  # a hooded figure
        return [Circle(c, c - 3.5, 2.6, filled(colour)),
                Path((("M", c - 5, c + 5), ("L", c - 2.5, c - 1), ("L", c + 2.5, c - 1),
                      ("L", c + 5, c + 5), ("Z",)), filled(colour))]
    if name == "wipe":  # crossed bones under a skull
        bone = Style(stroke=colour, width=1.2)
        return [Line(c - 5, c + 5, c + 5, c - 1, bone), Line(c - 5, c - 1, c + 5, c + 5, bone),
                Circle(c, c - 3, 3.5, filled(colour)), Circle(c - 1.3, c - 3.3, 0.8,
                                                               filled(PAPER)),
                Circle(c + 1.3, c - 3.3, 0.8, filled(PAPER))]
    if name == "encounter":
        return draw.mark("triangle", c, c - 0.5, 5.5, colour)
    return draw.mark("circle" if name == "party" else "diamond", c, c - 0.5, 5.5, colour)


def _token_back(label: str):
    def art(bleed: float) -> list:
        return [Rect(-bleed, -bleed, TOKEN + 2 * bleed, TOKEN + 2 * bleed, filled("#e9e2d0")),
                Text(TOKEN / 2, TOKEN / 2 + 1.6, label, 6, anchor="middle", bold=True)]
    return art


CARD = (63.0, 88.0)  # poker: the 魔人, monster, boss and item cards
SUMMARY = (148.0, 105.0)  # A6 landscape: the rules summary, both sides


def summary_pieces(lang: str, measure) -> list[Piece]:
    w = words(lang)
    width, height = SUMMARY

    def front(bleed: float) -> list:
        return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, filled(PAPER)),
                Text(5, 8, w["summary_title"], 10, bold=True, fill=BOSS_BAND),
                *draw.bulleted(w["summary"], 5, 11, width - 14, height - 16, measure,
                               size=10.5, min_size=7, bullet=BOSS_BAND)]

    def back(bleed: float) -> list:  # the rest of the rules, and what else to bring
        return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, filled(PAPER)),
                Text(5, 8, w["summary_more_title"], 10, bold=True, fill=BOSS_BAND),
                *draw.bulleted(w["summary_more"], 5, 11, width - 14, height - 21, measure,
                               size=10.5, min_size=7, bullet=BOSS_BAND),
                Text(width / 2, height - SAFE_ZONE - 2, w["bring"], 7, anchor="middle",
                     bold=True, fill=BOSS_BAND)]

    return [Piece(front, back, name="summary")]
