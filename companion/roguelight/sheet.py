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

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import InputError, refuse_unknown_keys
from companion.files import parse_toml, read_text, stem, toml_value
from companion.grid import Cell, Rect, cell_name, column_letters, parse_cell, parse_range
from companion.i18n import _
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
    entrances = ["#   " + _("{face} on {cell}, setup plan {plan}", face=face,
                                cell=board.name_of(cell), plan=board.entrance_blocks[face].name())
                 for face, cell in sorted(board.entrances.items())]
    columns = "".join(column_letters(x).upper() for x in range(board.width))
    corners = " ".join(board.name_of(c) for c in board.exits)
    lines = [
        "# " + _("A blank sheet of the map {title} ({width} × {height}).",
                 title=board.title_en, width=board.width, height=board.height),
        "# " + _("Copy your paper sheet into it, then: companion roguelight score THIS-FILE"),
        f"map = {toml_value(map_reference)}",
        f"name = {toml_value(name)}",
        f'# exit = "{board.name_of(board.exits[-1])}"   # '
        + _("the exit you leave by, one of {corners}; omitted, every open corner is tried",
            corners=corners),
    ]
    if board.large:
        lines.append('# goals = ["blue"]   # ' + _("the goals you chose: {goals}",
                                                 goals=", ".join(GOALS)))
    lines += [
        "plans = []   # " + _('every plan you drew as a range ("C1:D2"), the setup plan '
                             "included"),
        "development = 0   # " + _("development numbers crossed, 0–{length}",
                                   length=board.development_length),
        "# " + _("Each cell: '#' filled, '.' open. Fill the entrances you did not use."),
        "# " + _("The entrances (keep the one you entered by open):"), *entrances,
        f"# {'':{BLANK_INDENT - 2}}{columns}",
        'filled = """',
        *(" " * BLANK_INDENT + OPEN * board.width for _ in range(board.height)),
        '"""',
        "",
        "[items]",
        "# " + _("item marks 1–{count} from the left, worth {points}",
                 count=len(board.item_points), points=" ".join(map(str, board.item_points))),
        "circled = []",
        "spent = []",
    ]
    return "\n".join(lines) + "\n"


#: Rows of a blank sheet are indented to line up under the column letters.
BLANK_INDENT = 4


def sheet_text(board: Map, comments: list[str], map_reference: str, name: str, *,
               filled, plans, development: int, circled, spent, goals=(),
               exit: str | None = None) -> str:
    """A finished sheet in the format ``score`` reads, after ``comments`` (each a
    line of its own)."""
    rows = ["".join(FILLED if (x, y) in filled else OPEN for x in range(board.width))
            for y in range(board.height)]
    lines = ["# " + c for c in comments]
    lines += [f"map = {toml_value(map_reference)}", f"name = {toml_value(name)}"]
    if exit:
        lines.append(f'exit = "{exit}"')
    if goals:
        lines.append("goals = [" + ", ".join(f'"{g}"' for g in goals) + "]")
    lines += [
        "plans = [" + ", ".join(f'"{p.name()}"' for p in plans) + "]",
        f"development = {development}",
        'filled = """', *rows, '"""',
        "",
        "[items]",
        f"circled = {sorted(circled)}",
        f"spent = {sorted(spent)}",
    ]
    return "\n".join(lines) + "\n"


def load_sheet(path: str | os.PathLike[str]) -> Sheet:
    return parse_sheet(read_text(path), str(path))


def parse_sheet(text: str, where: str, find_map: Callable[[str], Map] | None = None
                ) -> Sheet:
    """The sheet in ``text``; its ``map`` is found by ``find_map`` when given (a server
    finds only its own maps), else as a shipped name or a file beside the sheet."""
    data = parse_toml(text, where)
    if "rounds" in data or "setup" in data:
        raise InputError(_("this is a play log, not a finished sheet; make the sheet with "
                           "companion roguelight replay {log} --out sheet.toml", log=where), where)
    refuse_unknown_keys(sorted(data), sorted(_KEYS), where)
    if "map" not in data or not isinstance(data["map"], str):
        raise InputError(_('missing map = "basic" (a shipped map or a map file)'), where)
    try:
        board = (find_map(data["map"]) if find_map is not None else
                 load_map(data["map"], relative_to=os.path.dirname(where)))
    except InputError as err:
        raise err.at(f"{where}: map") from None
    filled = _filled(data.get("filled"), board, where)
    plans = _plans(data.get("plans", []), board, where)
    circled, spent = _items(data.get("items", {}), board, where)
    return Sheet(
        map=board,
        name=str(data.get("name", stem(where))),
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
        raise InputError(_('missing filled = """…""": {height} rows of {width} \'#\' (filled) '
                           "or '.' (open)", height=board.height, width=board.width), where)
    rows = [row.strip() for row in value.strip().splitlines()]
    if len(rows) != board.height:
        raise InputError(_("{count} rows; the map {map} has {height}", count=len(rows),
                           map=board.name, height=board.height), f"{where}: filled")
    cells = set()
    for y, row in enumerate(rows):
        if len(row) != board.width:
            raise InputError(_("{count} cells; the map has {width} columns", count=len(row),
                               width=board.width), f"{where}: " + _("filled row {row}", row=y + 1))
        for x, mark in enumerate(row):
            if mark not in (FILLED, OPEN):
                raise InputError(_("{mark!r}: use '#' for filled, '.' for open", mark=mark),
                                 f"{where}: " + _("filled row {row}, column {column} ({cell})",
                                                  row=y + 1, column=x + 1,
                                                  cell=cell_name((x, y), upper=True)))
            if mark == FILLED:
                cells.add((x, y))
    return frozenset(cells)


def _plans(value: Any, board: Map, where: str) -> tuple[Rect, ...]:
    if not isinstance(value, list):
        raise InputError(_('expected plans = ["B2:C3", …]'), f"{where}: plans")
    plans: list[Rect] = []
    for i, text in enumerate(value):
        place = f"{where}: plans[{i}]"
        try:
            rect = parse_range(text)
        except InputError as err:
            raise err.at(place) from None
        if not (board.on_map((rect.left, rect.top)) and board.on_map((rect.right, rect.bottom))):
            raise InputError(_("{text} runs off the {width} × {height} map", text=text,
                               width=board.width, height=board.height), place)
        if rect.width < 2 or rect.height < 2:
            raise InputError(_("{text} is {width}×{height}; a plan is at least 2×2", text=text,
                               width=rect.width, height=rect.height),
                             place)
        for j, other in enumerate(plans):
            if rect.overlaps(other):
                raise InputError(_("{text} overlaps plans[{index}] {other}", text=text, index=j,
                                   other=other.name()), place)
        plans.append(rect)
    return tuple(plans)


def _items(value: Any, board: Map, where: str) -> tuple[frozenset[int], frozenset[int]]:
    if not isinstance(value, dict) or set(value) - {"circled", "spent"}:
        raise InputError(_("expected [items] with circled = […] and spent = […]"),
                         f"{where}: items")
    marks = len(board.item_points)
    found = {}
    for key in ("circled", "spent"):
        numbers = value.get(key, [])
        if not isinstance(numbers, list) or not all(
                isinstance(n, int) and 1 <= n <= marks for n in numbers):
            raise InputError(_("item marks are numbered 1–{count} on map {map}", count=marks,
                               map=board.name),
                             f"{where}: items.{key}")
        found[key] = frozenset(numbers)
    circled = found["circled"] | board.items_circled
    stray = sorted(found["spent"] - circled)
    if stray:
        raise InputError(_("mark {mark} is spent but was never circled", mark=stray[0]),
                         f"{where}: items.spent")
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
        raise InputError(_("{value} is not an exit; the exits are {corners}", value=value,
                           corners=corners), f"{where}: exit")
    if cell in filled:
        raise InputError(_("the exit {value} is filled", value=value), f"{where}: exit")
    return cell


def _goals(value: Any, board: Map, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(g in GOALS for g in value):
        raise InputError(_("goals are a list of {goals}", goals=", ".join(GOALS)),
                         f"{where}: goals")
    if value and not board.large:
        raise InputError(_("map {map} has no large monsters, so no goals", map=board.name),
                         f"{where}: goals")
    if len(set(value)) != len(value):
        raise InputError(_("a goal is chosen once"), f"{where}: goals")
    return tuple(value)


def _development(value: Any, board: Map, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value <= board.development_length):
        raise InputError(_("development numbers crossed, 0–{length}",
                           length=board.development_length),
                         f"{where}: development")
    return value


def _open_entrance(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...],
                   where: str) -> int:
    open_ = [face for face, cell in sorted(board.entrances.items()) if cell not in filled]
    if len(open_) != 1:
        names = ", ".join(f"{f} ({board.name_of(board.entrances[f])})" for f in open_)
        found = _("open entrances {names}", names=names) if open_ else _("no open entrance")
        raise InputError(_("{found}; a finished sheet has exactly one", found=found),
                         f"{where}: filled")
    face = open_[0]
    block = board.entrance_blocks[face]
    if block not in plans:
        raise InputError(_("entrance {face} is open but its setup plan {plan} is not among "
                           "the plans", face=face, plan=block.name()), f"{where}: plans")
    return face
