"""A deck's data: rows from CSV, TOML or JSON files (or written in the deck file).

Each row becomes ``count`` cards (the ``count`` column, 1 when absent, 0 to leave
a row out) of a card type: the table's ``type``, or the row's own type column.
Every row remembers where it came from (``cards.csv:5``) so that any problem
with its card names the line.

CSV files are UTF-8 (a byte-order mark is fine). A file Excel saved as
"CSV" on a Japanese system is Shift-JIS: :func:`companion.files.read_text`
recognises it and refuses it with the way to convert it, never as mojibake.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import parse_json, parse_toml, read_text

MAX_CARDS = 5000
MAX_COUNT = 999


@dataclass(frozen=True)
class Row:
    fields: dict[str, Any]
    where: str  # the file and line (or key) the row came from
    type: str  # the card type; "" for the deck's default face and back
    count: int


@dataclass(frozen=True)
class Table:
    """One source of rows: a file (relative to the deck) or rows in the deck file."""

    file: str | None
    rows: tuple[dict[str, Any], ...] | None
    type: str
    type_column: str | None
    count_column: str
    where: str


def read_rows(tables: list[Table], base: Path) -> list[Row]:
    """Every row of every table, in order, with its type and count checked."""
    rows: list[Row] = []
    for table in tables:
        for fields, where in _raw_rows(table, base):
            rows.append(_row(fields, where, table))
    cards = sum(row.count for row in rows)
    if cards > MAX_CARDS:
        raise InputError(f"{cards} cards; a deck has at most {MAX_CARDS}", tables[0].where)
    return rows


def _raw_rows(table: Table, base: Path) -> list[tuple[dict[str, Any], str]]:
    if table.rows is not None:
        return [(row, f"{table.where}[{i}]") for i, row in enumerate(table.rows)]
    path = base / str(table.file)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return read_csv(path)
    if suffix in (".toml", ".json"):
        return _read_records(path, suffix)
    raise InputError("data is a .csv, .toml or .json file", f"{table.where}: {table.file}")


def read_csv(path: Path) -> list[tuple[dict[str, Any], str]]:
    """The rows of a CSV file with a header line, each with ``file:line``."""
    text = read_text(path)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        lines = list(reader)
    except csv.Error as err:
        raise InputError(f"malformed CSV: {err}", f"{path}:{reader.line_num}") from None
    if not lines or not any(cell.strip() for cell in lines[0]):
        raise InputError("the first line names the columns (name,count,…)", str(path))
    header = [cell.strip() for cell in lines[0]]
    _check_header(header, path)
    rows = []
    line = 1
    for cells in lines[1:]:
        line += 1
        if not any(cell.strip() for cell in cells):
            continue  # a blank line
        if len(cells) > len(header):
            raise InputError(f"{len(cells)} cells but {len(header)} columns in the header",
                             f"{path}:{line}")
        rows.append((dict(zip(header, [*cells, *[""] * (len(header) - len(cells))],
                              strict=True)), f"{path}:{line}"))
    if not rows:
        raise InputError("the file has its header but no rows: a card a row", str(path))
    return rows


def _check_header(header: list[str], path: Path) -> None:
    for column, name in enumerate(header, start=1):
        if not name:
            raise InputError(f"column {column} has no name in the header", f"{path}:1")
        if header.index(name) != column - 1:
            raise InputError(f"column {name!r} is named twice in the header", f"{path}:1")


def _read_records(path: Path, suffix: str) -> list[tuple[dict[str, Any], str]]:
    text = read_text(path)
    data = parse_toml(text, str(path)) if suffix == ".toml" else parse_json(text, str(path))
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        shape = ("[[cards]] tables" if suffix == ".toml"
                 else 'a list of objects (or {"cards": [...]})')
        raise InputError(f"expected {shape}", str(path))
    return [(record, f"{path}: cards[{i}]") for i, record in enumerate(records)]


def _row(fields: dict[str, Any], where: str, table: Table) -> Row:
    for key, value in fields.items():
        if isinstance(value, dict):
            raise InputError(f"{key}: a value, a list or text; not a table", where)
    count = _count(fields.get(table.count_column, 1), f"{where}: {table.count_column}")
    kind = table.type
    if table.type_column is not None:
        kind = str(fields.get(table.type_column, "")).strip()
        if not kind:
            raise InputError(f"no card type in column {table.type_column!r}", where)
    return Row(fields, where, kind, count)


def _count(value: Any, where: str) -> int:
    if isinstance(value, str):
        value = value.strip() or "1"
        if not value.isdigit():
            raise InputError(f"{value!r}: the number of copies is a whole number", where)
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise InputError(f"{value!r}: the number of copies is 0 to {MAX_COUNT}", where)
    return value
