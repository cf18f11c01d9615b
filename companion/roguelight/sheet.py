"""A finished Roguelight sheet: what a player drew on one map.

TOML (``docs/roguelight.md``)::

    map = "basic"            # a shipped map, or a map file relative to this file
    exit = "J10"             # optional: omitted, every open corner is tried
    goals = ["blue"]         # advanced maps only
    plans = ["C1:D2", "E5:G6"]
    development = 12         # development numbers crossed (for stacking sheets)
    filled = \"\"\"
    ##........
    ...
    \"\"\"
    [items]
    circled = [1, 3]         # item marks, 1 = leftmost (the start mark is circled anyway)
    spent = [3]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import parse_toml, read_text
from companion.grid import Cell, Rect, cell_name, column_letters, parse_cell, parse_range
from companion.roguelight.maps import GOALS, Map, load_map

FILLED, OPEN = "#", "."


@dataclass(frozen=True)
class Sheet:
    map: Map
    name: str
    exit: Cell | None
    goals: tuple[str, ...]
    plans: tuple[Rect, ...]
    filled: frozenset[Cell]
    circled: frozenset[int]  # every circled item mark, the start mark included
    spent: frozenset[int]
    development: int | None
    entrance: int  # the die face of the open entrance

    def is_open(self, cell: Cell) -> bool:
        return self.map.on_map(cell) and cell not in self.filled

    @property
    def open_exits(self) -> list[Cell]:
        return [c for c in self.map.exits if c not in self.filled]

    @property
    def item_points(self) -> int:
        marks = self.circled - self.spent
        return sum(self.map.item_points[i - 1] for i in marks)


_KEYS = {"map", "name", "exit", "goals", "plans", "development", "filled", "items"}


def blank_sheet(board: Map, map_reference: str, name: str) -> str:
    """A sheet file to fill in from a paper sheet of ``board``: every cell open,
    no plans, and a comment on each key saying what to write."""
    entrances = [f"#   {face} on {board.name_of(cell)}, setup plan "
                 f"{board.entrance_blocks[face].name()}"
                 for face, cell in sorted(board.entrances.items())]
    columns = "".join(column_letters(x).upper() for x in range(board.width))
    corners = " ".join(board.name_of(c) for c in board.exits)
    lines = [
        f"# A blank sheet of the map {board.title_en} ({board.width} × {board.height}).",
        "# Copy your paper sheet into it, then: companion roguelight score THIS-FILE",
        f"map = {json.dumps(map_reference, ensure_ascii=False)}",
        f"name = {json.dumps(name, ensure_ascii=False)}",
        f'# exit = "{board.name_of(board.exits[-1])}"   # the exit you leave by, one of '
        f"{corners}; omitted, every open corner is tried",
    ]
    if board.large:
        lines.append('# goals = ["blue"]   # the goals you chose: ' + ", ".join(GOALS))
    lines += [
        "plans = []   # every plan you drew as a range (\"C1:D2\"), the setup plan included",
        f"development = 0   # development numbers crossed, 0–{board.development_length}",
        "# Each cell: '#' filled, '.' open. Fill the entrances you did not use.",
        "# The entrances (keep the one you entered by open):", *entrances,
        f"# {'':{BLANK_INDENT - 2}}{columns}",
        'filled = """',
        *(" " * BLANK_INDENT + OPEN * board.width for _ in range(board.height)),
        '"""',
        "",
        "[items]",
        f"# item marks 1–{len(board.item_points)} from the left, worth "
        + " ".join(str(p) for p in board.item_points),
        "circled = []",
        "spent = []",
    ]
    return "\n".join(lines) + "\n"


#: Rows of a blank sheet are indented to line up under the column letters.
BLANK_INDENT = 4


def load_sheet(path: str | Path) -> Sheet:
    return parse_sheet(read_text(path), str(path))


def parse_sheet(text: str, where: str) -> Sheet:
    data = parse_toml(text, where)
    if "rounds" in data or "setup" in data:
        raise InputError("this is a play log, not a finished sheet; make the sheet with "
                         f"companion roguelight replay {where} --out sheet.toml", where)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}; known: {', '.join(sorted(_KEYS))}", where)
    if "map" not in data or not isinstance(data["map"], str):
        raise InputError('missing map = "basic" (a shipped map or a map file)', where)
    try:
        board = load_map(data["map"], relative_to=Path(where).parent)
    except InputError as err:
        raise err.at(f"{where}: map") from None
    filled = _filled(data.get("filled"), board, where)
    plans = _plans(data.get("plans", []), board, where)
    circled, spent = _items(data.get("items", {}), board, where)
    return Sheet(
        map=board,
        name=str(data.get("name", Path(where).stem)),
        exit=_exit(data.get("exit"), board, filled, where),
        goals=_goals(data.get("goals", []), board, where),
        plans=plans,
        filled=filled,
        circled=circled,
        spent=spent,
        development=_development(data.get("development"), board, where),
        entrance=_open_entrance(board, filled, plans, where),
    )


def _filled(value: Any, board: Map, where: str) -> frozenset[Cell]:
    if not isinstance(value, str):
        raise InputError(f'missing filled = """…""": {board.height} rows of {board.width} '
                         "'#' (filled) or '.' (open)", where)
    rows = [row.strip() for row in value.strip().splitlines()]
    if len(rows) != board.height:
        raise InputError(f"{len(rows)} rows; the map {board.name} has {board.height}",
                         f"{where}: filled")
    cells = set()
    for y, row in enumerate(rows):
        if len(row) != board.width:
            raise InputError(f"{len(row)} cells; the map has {board.width} columns",
                             f"{where}: filled row {y + 1}")
        for x, mark in enumerate(row):
            if mark not in (FILLED, OPEN):
                raise InputError(f"{mark!r}: use '#' for filled, '.' for open",
                                 f"{where}: filled row {y + 1}, column {x + 1} "
                                 f"({cell_name((x, y), upper=True)})")
            if mark == FILLED:
                cells.add((x, y))
    return frozenset(cells)


def _plans(value: Any, board: Map, where: str) -> tuple[Rect, ...]:
    if not isinstance(value, list):
        raise InputError('expected plans = ["B2:C3", …]', f"{where}: plans")
    plans: list[Rect] = []
    for i, text in enumerate(value):
        place = f"{where}: plans[{i}]"
        try:
            rect = parse_range(text)
        except InputError as err:
            raise err.at(place) from None
        if not (board.on_map((rect.left, rect.top)) and board.on_map((rect.right, rect.bottom))):
            raise InputError(f"{text} runs off the {board.width} × {board.height} map", place)
        if rect.width < 2 or rect.height < 2:
            raise InputError(f"{text} is {rect.width}×{rect.height}; a plan is at least 2×2",
                             place)
        for j, other in enumerate(plans):
            if rect.overlaps(other):
                raise InputError(f"{text} overlaps plans[{j}] {other.name()}", place)
        plans.append(rect)
    return tuple(plans)


def _items(value: Any, board: Map, where: str) -> tuple[frozenset[int], frozenset[int]]:
    if not isinstance(value, dict) or set(value) - {"circled", "spent"}:
        raise InputError("expected [items] with circled = […] and spent = […]", f"{where}: items")
    marks = len(board.item_points)
    found = {}
    for key in ("circled", "spent"):
        numbers = value.get(key, [])
        if not isinstance(numbers, list) or not all(
                isinstance(n, int) and 1 <= n <= marks for n in numbers):
            raise InputError(f"item marks are numbered 1–{marks} on map {board.name}",
                             f"{where}: items.{key}")
        found[key] = frozenset(numbers)
    circled = found["circled"] | board.items_circled
    stray = sorted(found["spent"] - circled)
    if stray:
        raise InputError(f"mark {stray[0]} is spent but was never circled", f"{where}: items.spent")
    return circled, found["spent"]


def _exit(value: Any, board: Map, filled: frozenset[Cell], where: str) -> Cell | None:
    """The chosen exit, or None: every open corner is tried (every exit may also be
    filled — legal, as exits may be filled early — and the sheet has no floor)."""
    if value is None:
        return None
    try:
        cell = parse_cell(value)
    except InputError as err:
        raise err.at(f"{where}: exit") from None
    corners = ", ".join(board.name_of(c) for c in board.exits)
    if cell not in board.exits:
        raise InputError(f"{value} is not an exit; the exits are {corners}", f"{where}: exit")
    if cell in filled:
        raise InputError(f"the exit {value} is filled", f"{where}: exit")
    return cell


def _goals(value: Any, board: Map, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(g in GOALS for g in value):
        raise InputError(f"goals are a list of {', '.join(GOALS)}", f"{where}: goals")
    if value and not board.large:
        raise InputError(f"map {board.name} has no large monsters, so no goals",
                         f"{where}: goals")
    if len(set(value)) != len(value):
        raise InputError("a goal is chosen once", f"{where}: goals")
    return tuple(value)


def _development(value: Any, board: Map, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value <= board.development_length):
        raise InputError(f"development numbers crossed, 0–{board.development_length}",
                         f"{where}: development")
    return value


def _open_entrance(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...],
                   where: str) -> int:
    open_ = [face for face, cell in sorted(board.entrances.items()) if cell not in filled]
    if len(open_) != 1:
        names = ", ".join(f"{f} ({board.name_of(board.entrances[f])})" for f in open_)
        found = f"open entrances {names}" if open_ else "no open entrance"
        raise InputError(f"{found}; a finished sheet has exactly one", f"{where}: filled")
    face = open_[0]
    block = board.entrance_blocks[face]
    if block not in plans:
        raise InputError(f"entrance {face} is open but its setup plan {block.name()} is not "
                         "among the plans", f"{where}: plans")
    return face
