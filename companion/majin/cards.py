"""A card folder: the CSV files that hold a scenario's cards (``majin.csv``,
``monsters.csv``, ``bosses.csv``, ``items.csv``, ``dungeon.csv``,
``treasure.csv``, ``events.csv``), read and checked cell by cell.

Every problem names the file, the line (the header is line 1) and the column:
``cards/majin.csv: line 4: hp: expected a whole number 1-40, found "x"``.
``sample`` names the set shipped in ``companion/data/majin/``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.csvfile import records
from companion.errors import InputError
from companion.files import read_text, shown_path
from companion.i18n import _, _n, language
from companion.majin import effects
from companion.majin.effects import Active, Clause, Value

SAMPLE = "sample"
RANKS = ("C", "UC", "R", "SR", "転校生")
TIERS = (100, 500, 1000)
FLOORS = (1, 2, 3)
SHAPES = ("I", "L", "T", "X", "D")
SYMBOLS = ("battle", "event1", "event2", "event3", "event4", "event5", "event6", "down")
ITEM_KINDS = ("equip", "use", "other")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,19}")
_TREASURE_DICE = re.compile(r"([1-3])d6(?:\+([0-9]))?")


@dataclass(frozen=True)
class Character:
    """A card that fights: a 魔人 (``kind`` majin), a monster or a boss."""

    id: str
    kind: str
    name: str
    hp: int
    atk: Value
    defence: Value
    spd: int
    active: Active | None
    passive: tuple[Clause, ...]
    ability: str  # as printed ("" in the file: made from the effects)
    rank: str = ""  # 魔人
    tier: int = 0  # 魔人
    floor: int = 0  # monsters and bosses
    level: int = 0  # monsters and bosses
    bounty: int = 0  # monsters and bosses
    extra: dict[str, str] = field(default_factory=dict, compare=False)  # name_en, label, …
    where: str = ""  # file and line

    @property
    def is_majin(self) -> bool:
        return self.kind == "majin"


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    kind: str  # equip | use | other
    price: int
    cursed: bool
    active: Active | None
    passive: tuple[Clause, ...]
    text: str
    extra: dict[str, str] = field(default_factory=dict, compare=False)
    where: str = ""


@dataclass(frozen=True)
class Corridor:
    """A dungeon card: a corridor, the up stairs or the special event card."""

    id: str
    floor: int
    kind: str  # corridor | up | special
    shape: str
    enc: int
    symbol: str  # "" for none
    count: int
    extra: dict[str, str] = field(default_factory=dict, compare=False)
    where: str = ""


@dataclass(frozen=True)
class TreasureRow:
    number: int
    kind: str  # item | money | none
    item: str | None
    yen: int | None
    dice: Value | None  # money = result × 100 yen
    text: str
    text_en: str


@dataclass(frozen=True)
class Cards:
    folder: str
    majin: dict[str, Character]
    monsters: dict[str, Character]
    bosses: dict[str, Character]
    items: dict[str, Item]
    dungeon: dict[str, Corridor]
    treasure: tuple[TreasureRow, ...]  # row n at index n - 1
    events: dict[tuple[int, str], tuple[str, str]]  # (floor, "1"…"6"|"special") → texts

    def character(self, card: str) -> Character | None:
        return self.majin.get(card) or self.monsters.get(card) or self.bosses.get(card)

    def fighter(self, card: str) -> Character:
        found = self.character(card)
        if found is None:
            raise KeyError(card)
        return found

    def up(self, floor: int) -> Corridor:
        return next(c for c in self.dungeon.values() if c.floor == floor and c.kind == "up")

    def special(self, floor: int) -> Corridor | None:
        return next((c for c in self.dungeon.values()
                     if c.floor == floor and c.kind == "special"), None)


# --- the folder -----------------------------------------------------------------------------


def sample_folder() -> Path:
    return Path(__file__).resolve().parents[1] / "data" / "majin"


def folder_path(name: str, base: str | os.PathLike[str] | None = None) -> Path:
    """The folder ``name`` means: the sample set, or a path (relative to ``base``)."""
    if name == SAMPLE:
        return sample_folder()
    path = Path(name)
    return path if path.is_absolute() or base is None else Path(base) / path


FILES = ("majin.csv", "monsters.csv", "bosses.csv", "items.csv", "dungeon.csv",
         "treasure.csv", "events.csv")
_read: dict[tuple[Any, ...], Cards] = {}


def load(name: str = SAMPLE, base: str | os.PathLike[str] | None = None) -> Cards:
    """Read and check every file of a card folder (once per process while its files stay
    the same: a folder read again is the same :class:`Cards`)."""
    path = folder_path(name, base)
    shown = SAMPLE if name == SAMPLE else shown_path(path)
    if not path.is_dir():
        raise InputError(_("not a card folder (expected a folder holding majin.csv, "
                           "monsters.csv, items.csv, dungeon.csv and treasure.csv)"), shown)
    key = (shown, language(), *(_contents(path / file) for file in FILES))
    if key not in _read:
        if len(_read) >= 8:
            _read.clear()
        _read[key] = _load(path, shown)
    return _read[key]


def _contents(path: Path) -> int | None:
    """A fingerprint of the file's bytes (None: no such file)."""
    try:
        return hash(path.read_bytes())
    except OSError:
        return None


def _load(path: Path, shown: str) -> Cards:
    reader = _Reader(path, shown)
    items = reader.table("items.csv", ITEM_COLUMNS, _item)
    cards = Cards(
        shown,
        majin=reader.table("majin.csv", MAJIN_COLUMNS, _majin),
        monsters=reader.table("monsters.csv", MONSTER_COLUMNS, _monster("monster")),
        bosses=reader.table("bosses.csv", MONSTER_COLUMNS, _monster("boss"), required=False),
        items=items,
        dungeon=reader.table("dungeon.csv", DUNGEON_COLUMNS, _corridor),
        treasure=_treasure(reader, items),
        events=_events(reader),
    )
    _check_floors(cards, reader.name("dungeon.csv"))
    return cards


class _Reader:
    """Reads the folder's files, remembering every id (unique across all files)."""

    def __init__(self, path: Path, shown: str) -> None:
        self.path, self.shown = path, shown
        self.ids: dict[str, str] = {}
        self.short: dict[str, tuple[int, list[str]]] = {}  # rows with cells left out

    def name(self, file: str) -> str:
        return f"{self.shown}/{file}"

    def rows(self, file: str, columns: dict[str, bool], required: bool = True
             ) -> list[tuple[str, dict[str, str]]]:
        """(place, cells by column) of each row; [] for a missing optional file."""
        path = self.path / file
        if not path.is_file() and not required:
            return []
        shown = self.name(file)
        if not path.is_file():
            raise InputError(_("no such file: a card folder needs it"), shown)
        found = records(read_text(path, spreadsheet=True), shown)
        if not found:
            raise InputError(_("the file is empty"), shown)
        header = _header(found[0][1], columns, f"{shown}: line {found[0][0]}")
        if required and len(found) == 1:
            raise InputError(_("the file has its header but no rows: a card folder needs at "
                               "least one"), shown)
        rows = []
        for line, cells in found[1:]:
            where = f"{shown}: line {line}"
            if len(cells) > len(header):
                raise InputError(_("{count} cells, but the header names {columns} columns",
                                   count=len(cells), columns=len(header)), where)
            if len(cells) < len(header):
                self.short[where] = (len(cells), header[len(cells):])
            padded = [*cells, *[""] * (len(header) - len(cells))]
            rows.append((where, {h: c.strip() for h, c in zip(header, padded, strict=True)}))
        return rows

    def made(self, make: Callable[..., Any], row: dict[str, str], where: str) -> Any:
        """``make(row)``; a row too short to make a card says which cells it lacks."""
        try:
            return make(row, where)
        except InputError:
            if where not in self.short:
                raise
            count, lacking = self.short[where]
            raise InputError(_n("{count} cell, but the header names {columns} columns: "
                                "{missing} missing", "{count} cells, but the header names "
                                "{columns} columns: {missing} missing", count,
                                columns=count + len(lacking), missing=", ".join(lacking)),
                             where) from None

    def table(self, file: str, columns: dict[str, bool], make: Callable[..., Any],
              required: bool = True) -> dict[str, Any]:
        cards: dict[str, Any] = {}
        for where, row in self.rows(file, columns, required):
            card = self.made(make, row, where)
            if card.id in self.ids:
                raise InputError(_("{id!r} is already the id of {other}", id=card.id,
                                   other=self.ids[card.id]), f"{where}: id")
            self.ids[card.id] = where
            cards[card.id] = card
        return cards


def _header(cells: list[str], columns: dict[str, bool], where: str) -> list[str]:
    header = [cell.strip() for cell in cells]
    for number, name in enumerate(header, start=1):
        place = f"{where}: column {number}"
        if name not in columns:
            raise InputError(_("unknown column {name!r}; this file has the columns {columns}",
                               name=name, columns=", ".join(columns)), place)
        if header.index(name) != number - 1:
            raise InputError(_("the column {name!r} is named twice", name=name), place)
    missing = [name for name, needed in columns.items() if needed and name not in header]
    if missing:
        raise InputError(_("the header lacks the column {name!r}", name=missing[0]), where)
    return header


# --- cells ----------------------------------------------------------------------------------


def _cell(row: dict[str, str], column: str, where: str, parse: Callable[[str], Any]) -> Any:
    """``parse`` the cell; an InputError from it (or ValueError) is placed at the cell."""
    text = row.get(column, "")
    try:
        return parse(text)
    except InputError as err:
        raise InputError(err.message, f"{where}: {column}") from None


def _int(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not re.fullmatch(r"\d+", text) or not low <= int(text) <= high:
            raise InputError(_("expected a whole number {low}-{high}, found \"{found}\"",
                               low=low, high=high, found=text))
        return int(text)
    return parse


def _choice(*allowed: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in allowed:
            raise InputError(_("expected one of {allowed}, found \"{found}\"",
                               allowed=", ".join(a or '""' for a in allowed), found=text))
        return text
    return parse


def _value(text: str) -> Value:
    found = effects.value(text)
    if found is None:
        raise InputError(_("expected a whole number 0-99 or dice like 1d6, 2d6+3 or 1d6-1 "
                           "(1-3 dice), found \"{found}\"", found=text))
    return found


def _id(text: str) -> str:
    if not _ID.fullmatch(text):
        raise InputError(_("expected an id of 1-20 letters, digits, _ or - (starting with a "
                           "letter or digit), found \"{found}\"", found=text))
    return text


def _name(text: str) -> str:
    if not 1 <= len(text) <= 40:
        raise InputError(_("expected a name of 1-40 characters, found {count}",
                           count=len(text)))
    return text


def _extra(row: dict[str, str], *names: str) -> dict[str, str]:
    return {name: row[name] for name in names if row.get(name)}


TEXTS = ("name_en", "ability_en", "label", "note")
FIGHTER = {"id": True, "name": True, "hp": True, "atk": True, "def": True, "spd": True,
           "active": True, "passive": True, "ability": False, **dict.fromkeys(TEXTS, False)}
MAJIN_COLUMNS = {**FIGHTER, "rank": True, "tier": True}
MONSTER_COLUMNS = {**FIGHTER, "floor": True, "level": True, "bounty": True}
ITEM_COLUMNS = {"id": True, "name": True, "kind": True, "price": True, "cursed": True,
                "active": True, "passive": True, "text": False, "name_en": False,
                "text_en": False, "label": False, "note": False}
DUNGEON_COLUMNS = {"id": True, "floor": True, "kind": True, "shape": True, "enc": True,
                   "symbol": True, "count": True, "label": False, "note": False}
TREASURE_COLUMNS = {"number": True, "kind": True, "item": False, "yen": False, "dice": False,
                    "text": False, "text_en": False}
EVENT_COLUMNS = {"floor": True, "event": True, "text": True, "text_en": False}


def _fighter(row: dict[str, str], where: str, kind: str) -> dict[str, Any]:
    card = "majin" if kind == "majin" else kind
    fields = {
        "id": _cell(row, "id", where, _id), "kind": kind,
        "name": _cell(row, "name", where, _name),
        "hp": _cell(row, "hp", where, _int(1, 40)),
        "atk": _cell(row, "atk", where, _value), "defence": _cell(row, "def", where, _value),
        "spd": _cell(row, "spd", where, _int(0, 99)),
        "active": _cell(row, "active", where, lambda t: effects.parse_active(t, card)),
        "passive": _cell(row, "passive", where, lambda t: effects.parse_passive(t, card)),
        "extra": _extra(row, *TEXTS), "where": where,
    }
    fields["ability"] = row.get("ability") or _ability_text(fields["active"],
                                                            fields["passive"], card)
    return fields


def _ability_text(active: Active | None, passive: tuple[Clause, ...], card: str) -> str:
    parts = [effects.describe_active(active)] if active else []
    if passive:
        parts.append(effects.describe_passive(passive, card))
    return _("; ").join(parts)


def _majin(row: dict[str, str], where: str) -> Character:
    fields = _fighter(row, where, "majin")
    return Character(**fields, rank=_cell(row, "rank", where, _choice(*RANKS)),
                     tier=int(_cell(row, "tier", where, _choice(*map(str, TIERS)))))


def _monster(kind: str) -> Callable[[dict[str, str], str], Character]:
    def make(row: dict[str, str], where: str) -> Character:
        fields = _fighter(row, where, kind)
        return Character(**fields, floor=_cell(row, "floor", where, _int(1, 3)),
                         level=_cell(row, "level", where, _int(1, 9)),
                         bounty=_cell(row, "bounty", where, _int(0, 99999)))
    return make


def _item(row: dict[str, str], where: str) -> Item:
    kind = _cell(row, "kind", where, _choice(*ITEM_KINDS))
    active = _cell(row, "active", where, lambda t: effects.parse_active(t, "item"))
    passive = _cell(row, "passive", where, lambda t: effects.parse_passive(t, "item"))
    _check_item_effects(kind, active, passive, where)
    text = row.get("text") or _ability_text(active, passive, "item")
    return Item(_cell(row, "id", where, _id), _cell(row, "name", where, _name), kind,
                _cell(row, "price", where, _int(0, 99999)),
                _cell(row, "cursed", where, _choice("0", "1")) == "1", active, passive, text,
                _extra(row, "name_en", "text_en", "label", "note"), where)


def _check_item_effects(kind: str, active: Active | None, passive: tuple[Clause, ...],
                        where: str) -> None:
    if kind == "use" and active is None:
        raise InputError(_("a use item needs an active effect"), f"{where}: active")
    if kind == "use" and passive:
        raise InputError(_("a use item has no passive effect"), f"{where}: passive")
    if kind == "equip" and active is not None:
        raise InputError(_("an equip item has no active effect"), f"{where}: active")
    if kind == "equip" and not passive:
        raise InputError(_("an equip item needs a passive effect"), f"{where}: passive")
    if kind == "other" and passive:
        raise InputError(_("an other item has no passive effect"), f"{where}: passive")
    if kind == "other" and active is not None and not active.explore:
        raise InputError(_("an other item's active effect can only be explore"),
                         f"{where}: active")


def _corridor(row: dict[str, str], where: str) -> Corridor:
    kind = _cell(row, "kind", where, _choice("corridor", "up", "special"))
    fixed = {"up": "X", "special": "D"}.get(kind)
    shape = _cell(row, "shape", where, _choice(*SHAPES, *(("",) if fixed else ())))
    if fixed and shape not in (fixed, ""):
        raise InputError(_("the {kind} card's shape is {shape} (or empty)", kind=kind,
                           shape=fixed), f"{where}: shape")
    enc = _cell(row, "enc", where, _int(0, 9))
    symbol = _cell(row, "symbol", where, _choice("", *SYMBOLS))
    count = _cell(row, "count", where, _int(1, 35))
    if fixed:
        for column, found, plain in (("enc", enc, 0), ("symbol", symbol, ""),
                                     ("count", count, 1)):
            if found != plain:
                raise InputError(_("the {kind} card has {column} {plain!r}", kind=kind,
                                   column=column, plain=plain), f"{where}: {column}")
    return Corridor(_cell(row, "id", where, _id), _cell(row, "floor", where, _int(1, 3)), kind,
                    shape or fixed or "", enc, symbol, count, _extra(row, "label", "note"), where)


def _check_floors(cards: Cards, where: str) -> None:
    for floor in FLOORS:
        on_floor = [c for c in cards.dungeon.values() if c.floor == floor]
        for kind, most in (("up", 1), ("special", 1)):
            found = [c for c in on_floor if c.kind == kind]
            if len(found) > most:
                raise InputError(_("a second {kind} card for B{floor}F (the first: {first})",
                                   kind=kind, floor=floor, first=found[0].where),
                                 found[1].where)
        if not any(c.kind == "up" for c in on_floor):
            raise InputError(_("B{floor}F has no up-stairs card (kind up)", floor=floor), where)
        corridors = sum(c.count for c in on_floor if c.kind == "corridor")
        if not 1 <= corridors <= 35:
            raise InputError(_("B{floor}F has {count} corridor cards (copies counted); a "
                               "floor has 1-35", floor=floor, count=corridors), where)


def _treasure(reader: _Reader, items: dict[str, Item]) -> tuple[TreasureRow, ...]:
    rows: dict[int, TreasureRow] = {}
    for where, row in reader.rows("treasure.csv", TREASURE_COLUMNS):
        number = _cell(row, "number", where, _int(1, 999))
        if number in rows:
            raise InputError(_("row {number} is given twice", number=number),
                             f"{where}: number")
        rows[number] = _treasure_row(row, where, number, items)
    last = max(rows, default=0)
    missing = [n for n in range(1, last + 1) if n not in rows]
    if missing or last < 20:
        raise InputError(_("the rows must be 1, 2, … T with T at least 20 (found {count} rows"
                           "{gap})", count=len(rows),
                           gap=_(", {row} missing", row=missing[0]) if missing else ""),
                         reader.name("treasure.csv"))
    return tuple(rows[n] for n in range(1, last + 1))


def _treasure_row(row: dict[str, str], where: str, number: int, items: dict[str, Item]
                  ) -> TreasureRow:
    kind = _cell(row, "kind", where, _choice("item", "money", "none"))
    item, yen, dice = row.get("item", ""), row.get("yen", ""), row.get("dice", "")
    for column, found, wanted in (("item", item, kind == "item"),
                                  ("yen", yen, kind == "money" and not dice),
                                  ("dice", dice, kind == "money" and not yen)):
        if found and not wanted:
            raise InputError(_("not for a {kind} row{both}", kind=kind,
                               both=_(" (money: yen or dice, not both)") if kind == "money"
                               else ""), f"{where}: {column}")
    if kind == "item" and item not in items:
        raise InputError(_("expected the id of an item in items.csv, found \"{found}\"",
                           found=item), f"{where}: item")
    if kind == "money" and not (yen or dice):
        raise InputError(_("a money row needs yen or dice"), f"{where}: yen")
    return TreasureRow(number, kind, item or None,
                       _cell(row, "yen", where, _int(0, 99999)) if yen else None,
                       _cell(row, "dice", where, _treasure_dice) if dice else None,
                       row.get("text", ""), row.get("text_en", ""))


def _treasure_dice(text: str) -> Value:
    match = _TREASURE_DICE.fullmatch(text.lower())
    if match is None:
        raise InputError(_("expected money dice like 1d6, 2d6 or 1d6+1 (1-3 dice, +0-9), "
                           "found \"{found}\"", found=text))
    return Value(int(match.group(1)), int(match.group(2) or 0))


def _events(reader: _Reader) -> dict[tuple[int, str], tuple[str, str]]:
    found: dict[tuple[int, str], tuple[str, str]] = {}
    for where, row in reader.rows("events.csv", EVENT_COLUMNS, required=False):
        key = (_cell(row, "floor", where, _int(1, 3)),
               _cell(row, "event", where, _choice("1", "2", "3", "4", "5", "6", "special")))
        if key in found:
            raise InputError(_("B{floor}F event {event} is given twice", floor=key[0],
                               event=key[1]), f"{where}: event")
        found[key] = (row["text"], row.get("text_en", ""))
    return found
