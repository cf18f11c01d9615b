"""Roguelight maps: the grid with its special cells, and the sheet's tracks.

A map is a TOML file (``docs/roguelight.md``). Only the grid and the entrance
blocks are required (and item points when items are to be scored); the time
and development tracks, ghost actions, block shapes, armament rows and solo
titles default to the shipped basic map's. Loading checks everything and
names the file, the row and column or the key, and what is wrong.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from companion import data as shipped_data
from companion.errors import InputError, refuse_unknown_keys
from companion.files import parse_toml, read_text, stem
from companion.grid import Cell, Rect, cell_name, components, parse_cell, parse_range
from companion.i18n import _

PLAIN, ITEM, GHOST, BAT, BLUE, GREEN, EXIT = ".", "I", "G", "V", "b", "g", "X"
MONSTERS = frozenset({GHOST, BAT, BLUE, GREEN})
SYMBOLS = frozenset({PLAIN, ITEM, EXIT, *MONSTERS, *"123456"})
FACES = (1, 2, 3, 4, 5, 6)
#: Large monsters' kinds and the grid symbol each counts as.
LARGE_KINDS = {"blue": BLUE, "green": GREEN, "ghost": GHOST, "bat": BAT}
GOALS = ("blue", "green", "ghost", "bat")
GHOST_EFFECTS = ("plan", "block", "singles")
BANDS = ("1-2", "3-4", "5-6")
SHIPPED = ("basic", "advanced")
MAX_SIDE = 26


class LargeMonster(NamedTuple):
    kind: str  # blue, green, ghost, bat
    cells: frozenset[Cell]
    goal: str

    @property
    def symbol(self) -> str:
        return LARGE_KINDS[self.kind]


class GhostAction(NamedTuple):
    effect: str  # plan, block or singles
    section: int
    size: int = 0  # the block action's exact size


@dataclass(frozen=True)
class Map:
    name: str
    title: str
    title_en: str
    kind: str  # basic or advanced: which solo titles apply
    width: int
    height: int
    symbols: dict[Cell, str]
    large: tuple[LargeMonster, ...]
    entrances: dict[int, Cell]
    entrance_blocks: dict[int, Rect]
    item_points: tuple[int, ...]
    item_sections: tuple[int, ...]
    items_circled: frozenset[int]  # 1-based item marks circled at the start
    time_length: int
    time_marks: tuple[tuple[int, int], ...]  # (face, gap)
    development_length: int
    boundaries: tuple[int, ...]
    ghost_actions: tuple[GhostAction, ...]
    blocks: dict[int, frozenset[Cell]]
    armament: dict[str, tuple[int, ...]]
    solo: dict[str, tuple[tuple[int, str], ...]]

    @property
    def cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    @property
    def exits(self) -> tuple[Cell, ...]:
        right, bottom = self.width - 1, self.height - 1
        return ((0, 0), (right, 0), (0, bottom), (right, bottom))

    def symbol(self, cell: Cell) -> str:
        return self.symbols[cell]

    def large_at(self, cell: Cell) -> LargeMonster | None:
        for monster in self.large:
            if cell in monster.cells:
                return monster
        return None

    def is_monster(self, cell: Cell) -> bool:
        return self.symbols[cell] in MONSTERS or self.large_at(cell) is not None

    def monster_kind(self, cell: Cell) -> str | None:
        """The monster symbol a cell counts as (a large monster's cells count as its kind)."""
        large = self.large_at(cell)
        if large is not None:
            return large.symbol
        symbol = self.symbols[cell]
        return symbol if symbol in MONSTERS else None

    def count_monsters(self, cells: set[Cell] | frozenset[Cell]) -> dict[str, int]:
        """Monsters on ``cells`` by symbol; a large monster counts once."""
        counts = dict.fromkeys(sorted(MONSTERS), 0)
        seen_large = set()
        for cell in cells:
            large = self.large_at(cell)
            if large is not None:
                if large not in seen_large:
                    seen_large.add(large)
                    counts[large.symbol] += 1
            elif self.symbols[cell] in MONSTERS:
                counts[self.symbols[cell]] += 1
        return counts

    def name_of(self, cell: Cell) -> str:
        return cell_name(cell, upper=True)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def solo_title(self, total: int) -> str:
        title = ""
        for lowest, name in self.solo[self.kind]:
            if total >= lowest:
                title = name
        return title


# --- loading ------------------------------------------------------------


def load_map(source: str | os.PathLike[str], relative_to: str | None = None) -> Map:
    """A shipped map by name (``basic``, ``advanced``) or a map file (relative to
    the folder ``relative_to`` when given)."""
    if str(source) in SHIPPED and not os.path.exists(source):
        return shipped(str(source))
    path = os.fspath(source)
    if relative_to and not os.path.isabs(path):
        path = os.path.join(relative_to, path)
    return parse_map(read_text(path), path)


@cache
def shipped(name: str) -> Map:
    text = shipped_data.text("roguelight", f"{name}.toml")
    return parse_map(text, f"{name}.toml")


@cache
def _defaults() -> dict[str, Any]:
    text = shipped_data.text("roguelight", "basic.toml")
    return tomllib.loads(text)


_KEYS = {"name", "title", "title_en", "kind", "grid", "large", "entrance_blocks", "items",
         "time", "development", "ghost_actions", "blocks", "armament", "solo"}


def parse_map(text: str, where: str) -> Map:
    data = parse_toml(text, where)
    refuse_unknown_keys(sorted(data), sorted(_KEYS), where)
    base = _defaults()
    symbols, width, height = _grid(data.get("grid"), where)
    entrances = _entrances(symbols, width, height, where)
    large = _large(data.get("large", []), symbols, where)
    development = _table(data, base, "development", where)
    boundaries = _boundaries(development, where)
    points, sections, circled = _items(data.get("items", {}), len(boundaries), where)
    time = _table(data, base, "time", where)
    name = data.get("name", stem(where))
    return Map(
        name=str(name),
        title=str(data.get("title", name)),
        title_en=str(data.get("title_en", data.get("title", name))),
        kind=_kind(data, large, where),
        width=width, height=height, symbols=symbols, large=large, entrances=entrances,
        entrance_blocks=_entrance_blocks(data.get("entrance_blocks"), entrances, symbols, where),
        item_points=points, item_sections=sections, items_circled=circled,
        time_length=_positive(time.get("length", 16), f"{where}: time.length"),
        time_marks=_time_marks(time, where),
        development_length=_positive(development.get("length", 20),
                                     f"{where}: development.length"),
        boundaries=boundaries,
        ghost_actions=_ghost_actions(data.get("ghost_actions", base["ghost_actions"]),
                                     len(boundaries), where),
        blocks=_blocks(data.get("blocks", base["blocks"]), where),
        armament=_armament(data.get("armament", base["armament"]), where),
        solo=_solo(data.get("solo", base["solo"]), where),
    )


def _table(data: dict[str, Any], base: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key, base[key])
    if not isinstance(value, dict):
        raise InputError(_("expected a table [{key}]", key=key), f"{where}: {key}")
    return value


def _whole(value: Any) -> bool:
    """A TOML integer (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _positive(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(_("expected a positive whole number, found {value!r}", value=value),
                         where)
    return value


def _grid(value: Any, where: str) -> tuple[dict[Cell, str], int, int]:
    if not isinstance(value, str) or not value.strip():
        raise InputError(_('the map needs a grid = """…""" with one line per row'), where)
    rows = [row.strip() for row in value.strip().splitlines()]
    width = len(rows[0])
    if not 4 <= width <= MAX_SIDE or not 4 <= len(rows) <= MAX_SIDE:
        raise InputError(_("a grid of {width} × {height}; maps are 4 to {most} cells each way",
                           width=width, height=len(rows), most=MAX_SIDE), f"{where}: grid")
    symbols = {}
    for y, row in enumerate(rows):
        if len(row) != width:
            raise InputError(_("{count} cells, expected {width} like row 1", count=len(row),
                               width=width), f"{where}: " + _("grid row {row}", row=y + 1))
        for x, symbol in enumerate(row):
            if symbol not in SYMBOLS:
                raise InputError(
                    _("unknown symbol {symbol!r}; use . I G V b g 1-6 X", symbol=symbol),
                    f"{where}: " + _("grid row {row}, column {column} ({cell})", row=y + 1,
                                     column=x + 1, cell=cell_name((x, y), upper=True)))
            symbols[(x, y)] = symbol
    _check_exits(symbols, width, len(rows), where)
    return symbols, width, len(rows)


def _check_exits(symbols: dict[Cell, str], width: int, height: int, where: str) -> None:
    corners = {(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)}
    for cell, symbol in symbols.items():
        name = f"{where}: grid {cell_name(cell, upper=True)}"
        if cell in corners and symbol != EXIT:
            raise InputError(_("every corner is an exit: expected X"), name)
        if cell not in corners and symbol == EXIT:
            raise InputError(_("exits (X) stand only in the four corners"), name)


def _entrances(symbols: dict[Cell, str], width: int, height: int, where: str) -> dict[int, Cell]:
    entrances: dict[int, Cell] = {}
    for cell, symbol in symbols.items():
        if symbol.isdigit():
            name = f"{where}: grid {cell_name(cell, upper=True)}"
            if int(symbol) in entrances:
                other = cell_name(entrances[int(symbol)], upper=True)
                raise InputError(_("a second entrance {face} (the first is on {other})",
                                   face=symbol, other=other), name)
            x, y = cell
            if x not in (0, width - 1) and y not in (0, height - 1):
                raise InputError(_("entrance {face} must be on the border", face=symbol), name)
            entrances[int(symbol)] = cell
    missing = [str(f) for f in FACES if f not in entrances]
    if missing:
        raise InputError(_("no entrance with die mark {faces}; a map has six, 1–6",
                           faces=", ".join(missing)), f"{where}: grid")
    return entrances


def _entrance_blocks(value: Any, entrances: dict[int, Cell], symbols: dict[Cell, str],
                     where: str) -> dict[int, Rect]:
    if not isinstance(value, dict):
        raise InputError(_('expected [entrance_blocks] with "1" = "C1:D2" … for faces 1–6'),
                         where)
    blocks: dict[int, Rect] = {}
    for face in FACES:
        place = f"{where}: entrance_blocks.{face}"
        text = value.get(str(face))
        if text is None:
            raise InputError(_("no entrance block for die face {face}", face=face), place)
        try:
            rect = parse_range(text)
        except InputError as err:
            raise err.at(place) from None
        if (rect.width, rect.height) != (2, 2):
            raise InputError(_("{text} is {width}×{height}; an entrance block is 2×2", text=text,
                               width=rect.width, height=rect.height), place)
        if not all(c in symbols for c in rect.cells()):
            raise InputError(_("{text} reaches off the map", text=text), place)
        if entrances[face] not in rect:
            entrance = cell_name(entrances[face], upper=True)
            raise InputError(_("{text} does not hold entrance {face} ({entrance})", text=text,
                               face=face, entrance=entrance), place)
        for other, taken in blocks.items():
            if rect.overlaps(taken):
                raise InputError(_("{text} overlaps the block of entrance {other}", text=text,
                                   other=other), place)
        blocks[face] = rect
    return blocks


def _large(value: Any, symbols: dict[Cell, str], where: str) -> tuple[LargeMonster, ...]:
    if not isinstance(value, list):
        raise InputError(_('expected large = [{{kind = "blue", cells = ["C3", "D3"], goal = '
                           '"blue"}}]'), f"{where}: large")
    monsters: list[LargeMonster] = []
    for i, entry in enumerate(value):
        monster = _large_one(entry, symbols, f"{where}: large[{i}]")
        for j, other in enumerate(monsters):
            if monster.cells & other.cells:
                raise InputError(_("overlaps large[{other}]", other=j), f"{where}: large[{i}]")
        monsters.append(monster)
    return tuple(monsters)


def _large_one(entry: Any, symbols: dict[Cell, str], where: str) -> LargeMonster:
    if not isinstance(entry, dict) or set(entry) != {"kind", "cells", "goal"}:
        raise InputError(_('expected {{kind = "…", cells = ["…"], goal = "…"}}'), where)
    if entry["kind"] not in LARGE_KINDS:
        raise InputError(_("kind {kind!r}; expected {kinds}", kind=entry["kind"],
                           kinds=", ".join(LARGE_KINDS)), where)
    if entry["goal"] not in GOALS:
        raise InputError(_("goal {goal!r}; expected {goals}", goal=entry["goal"],
                           goals=", ".join(GOALS)), where)
    if not isinstance(entry["cells"], list):
        raise InputError(_('cells = ["C3", "D3"]: a list of cell names'), f"{where}.cells")
    cells = set()
    for name in entry["cells"]:
        try:
            cell = parse_cell(name)
        except InputError as err:
            raise err.at(f"{where}.cells") from None
        if symbols.get(cell) != PLAIN:
            raise InputError(_("{name} must be a plain '.' cell of the grid", name=name),
                             f"{where}.cells")
        cells.add(cell)
    if len(cells) < 2 or len(components(cells)) != 1:
        raise InputError(_("a large monster is two or more connected cells"),
                         f"{where}.cells")
    return LargeMonster(entry["kind"], frozenset(cells), entry["goal"])


def _kind(data: dict[str, Any], large: tuple[LargeMonster, ...], where: str) -> str:
    kind = data.get("kind", "advanced" if large else "basic")
    if kind not in ("basic", "advanced"):
        raise InputError(_("kind {kind!r}; expected {kinds}", kind=kind,
                           kinds="basic, advanced"), f"{where}: kind")
    return kind


def _boundaries(development: dict[str, Any], where: str) -> tuple[int, ...]:
    value = development.get("boundaries", [5, 10, 15, 20])
    length = _positive(development.get("length", 20), f"{where}: development.length")
    ok = isinstance(value, list) and value and all(_whole(v) for v in value)
    if not ok or sorted(set(value)) != value or value[0] < 1 or value[-1] > length:
        raise InputError(_("expected ascending numbers within 1–{length}", length=length),
                         f"{where}: development.boundaries")
    return tuple(value)


def _items(value: Any, sections: int, where: str) -> tuple[tuple[int, ...], tuple[int, ...],
                                                           frozenset[int]]:
    if not isinstance(value, dict):
        raise InputError(_("expected a table [{key}]", key="items"), f"{where}: items")
    points = value.get("points", [])
    if not isinstance(points, list) or not all(_whole(p) and p >= 0 for p in points):
        raise InputError(_("expected a list of points, like [2, 3, 3, 4]"),
                         f"{where}: items.points")
    n = len(points)
    spread = [1 + i * sections // n for i in range(n)]
    marks = value.get("sections", spread)
    if not isinstance(marks, list) or len(marks) != n or not all(
            _whole(s) and 1 <= s <= sections for s in marks):
        raise InputError(_("one section (1–{sections}) per item mark", sections=sections),
                         f"{where}: items.sections")
    circled = value.get("circled", [1] if n else [])
    if not isinstance(circled, list) or not all(_whole(c) and 1 <= c <= n for c in circled):
        raise InputError(_("item marks are numbered 1–{count}", count=n),
                         f"{where}: items.circled")
    return tuple(points), tuple(marks), frozenset(circled)


def _time_marks(time: dict[str, Any], where: str) -> tuple[tuple[int, int], ...]:
    length = time.get("length", 16)
    marks = time.get("marks")
    place = f"{where}: time.marks"
    if not isinstance(marks, list) or len(marks) != 12:
        raise InputError(_("expected 12 die marks [face, gap]"), place)
    result = []
    for i, mark in enumerate(marks):
        if (not isinstance(mark, list) or len(mark) != 2 or mark[0] not in FACES
                or not isinstance(mark[1], int) or not 1 <= mark[1] < length):
            raise InputError(_("mark {number}: expected [face 1–6, gap 1–{last}]", number=i + 1,
                               last=length - 1), place)
        result.append((mark[0], mark[1]))
    faces = sorted(face for face, _ in result)
    if faces != sorted(FACES * 2) or len({gap for _, gap in result}) != 12:
        raise InputError(_("each die face twice, each in its own gap"), place)
    for face in FACES:
        first, second = sorted(gap for f, gap in result if f == face)
        if second - first == 1:
            raise InputError(_(
                "face {face} sits in the adjacent gaps {first} and {second}: a black roll would "
                "circle three numbers instead of four", face=face, first=first, second=second),
                place)
    return tuple(result)


def _ghost_actions(value: Any, sections: int, where: str) -> tuple[GhostAction, ...]:
    if not isinstance(value, list) or len(value) != 3:
        raise InputError(_("expected three [[ghost_actions]]"), f"{where}: ghost_actions")
    actions = []
    for i, entry in enumerate(value):
        place = f"{where}: ghost_actions[{i}]"
        if not isinstance(entry, dict) or entry.get("effect") not in GHOST_EFFECTS:
            raise InputError(_("effect must be one of {effects}",
                               effects=", ".join(GHOST_EFFECTS)), place)
        section = entry.get("section", i + 1)
        if not isinstance(section, int) or not 1 <= section <= sections:
            raise InputError(_("section {section!r}; expected 1–{sections}", section=section,
                               sections=sections), place)
        size = entry.get("size", 0)
        if entry["effect"] == "block":
            size = _positive(size, f"{place}.size")
        actions.append(GhostAction(entry["effect"], section, size))
    return tuple(actions)


def _blocks(value: Any, where: str) -> dict[int, frozenset[Cell]]:
    if not isinstance(value, dict):
        raise InputError(_("expected a table [{key}]", key="blocks"), f"{where}: blocks")
    blocks = {}
    for face in FACES:
        place = f"{where}: blocks.{face}"
        rows = value.get(str(face))
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise InputError(_('expected a list of rows like ["##", "#."]'), place)
        cells = frozenset((x, y) for y, row in enumerate(rows)
                          for x, c in enumerate(row) if c == "#")
        if not cells or len(components(cells)) != 1:
            raise InputError(_("a block is one or more connected '#' cells"), place)
        blocks[face] = cells
    return blocks


def _armament(value: Any, where: str) -> dict[str, tuple[int, ...]]:
    if not isinstance(value, dict):
        raise InputError(_("expected a table [{key}]", key="armament"), f"{where}: armament")
    rows = {}
    for band in BANDS:
        row = value.get(band)
        place = f"{where}: armament.{band}"
        whole = isinstance(row, list) and all(_whole(v) for v in row)
        levels = [v for v in row if v] if whole else []
        if not levels or row[0] != 1 or levels != sorted(set(levels)) or levels[-1] > 6:
            raise InputError(_("expected marks with rising levels from 1 (first mark) up to 6; "
                               "0 for a mark without a level"), place)
        rows[band] = tuple(row)
    return rows


def _solo(value: Any, where: str) -> dict[str, tuple[tuple[int, str], ...]]:
    result = {}
    for kind in ("basic", "advanced"):
        rows = value.get(kind) if isinstance(value, dict) else None
        good = isinstance(rows, list) and all(
            isinstance(r, list) and len(r) == 2 and _whole(r[0]) and isinstance(r[1], str)
            for r in rows)
        if not good or not rows or rows[0][0] != 0:
            raise InputError(_("expected [[lowest total, title], …] starting at 0"),
                             f"{where}: solo.{kind}")
        result[kind] = tuple((int(lowest), str(title)) for lowest, title in rows)
    return result
