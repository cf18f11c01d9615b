"""A deck's data: rows from CSV, TOML or JSON files (or written in the deck file).

Each row becomes ``count`` cards (the ``count`` column, 1 when absent, 0 to leave
a row out) of a card type: the table's ``type``, or the row's own type column.
Every row remembers where it came from (``cards.csv:5``) so that any problem
with its card names the line.

CSV files are UTF-8 (a byte-order mark is fine), or Shift-JIS (CP932) as Excel
saves "CSV" on a Japanese system: :func:`companion.files.read_text` recognises
it, reads it as such and says so once, never as mojibake.

An Excel workbook (``.xlsx``) is read as it is: each worksheet a table whose first
row names the columns; in a workbook of several sheets, each sheet's rows are cards
of the type named like the sheet (unless the deck names a type or a type column). A
formula gives the value the spreadsheet saved with it; a row is named by its sheet
and row (``cards.xlsx: Monsters row 5``) and a cell by its column too (``B5``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import parse_json, parse_toml, read_text
from pnp.deck import sheets

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


def read_rows(tables: list[Table], base: Path, *, offline: bool = False) -> list[Row]:
    """Every row of every table, in order, with its type and count checked; a
    table from a link is fetched, or with ``offline`` read from its local copy."""
    rows: list[Row] = []
    for table in tables:
        for fields, where in _raw_rows(table, base, offline):
            rows.append(_row(fields, where, table))
    cards = sum(row.count for row in rows)
    if cards > MAX_CARDS:
        raise InputError(f"{cards} cards; a deck has at most {MAX_CARDS}", tables[0].where)
    return rows


def _raw_rows(table: Table, base: Path, offline: bool) -> list[tuple[dict[str, Any], str]]:
    if table.rows is not None:
        return [(row, f"{table.where}[{i}]") for i, row in enumerate(table.rows)]
    if sheets.is_link(str(table.file)):
        sheet = sheets.fetch(str(table.file), table.where, offline=offline)
        return csv_rows(sheet.text, "the sheet")
    path = base / str(table.file)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return read_csv(path)
    if suffix in (".toml", ".json"):
        return _read_records(path, suffix)
    if suffix == ".xlsx":
        return read_workbook(path, typed=not table.type and table.type_column is None)
    raise InputError("data is a .csv, .xlsx, .toml or .json file",
                     f"{table.where}: {table.file}")


def read_csv(path: Path) -> list[tuple[dict[str, Any], str]]:
    """The rows of a CSV file with a header line, each with ``file:line``."""
    return csv_rows(read_text(path, spreadsheet=True), str(path))


def csv_rows(text: str, path: str) -> list[tuple[dict[str, Any], str]]:
    """The rows of CSV text with a header line, each with ``path:line``."""
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


#: The column that carries each row's sheet, in a workbook of several sheets.
SHEET_TYPE = "__sheet__"


def read_workbook(path: Path, *, typed: bool) -> list[tuple[dict[str, Any], str]]:
    """The rows of every worksheet of an .xlsx workbook, each with where it is; with
    ``typed`` and several sheets, each row's type is its sheet's name."""
    sheets = _worksheets(path)
    rows = []
    for title, lines in sheets:
        where = f"{path}: {title}" if len(sheets) > 1 else str(path)
        found = _sheet_rows(lines, where)
        if typed and len(sheets) > 1:
            found = [({**fields, SHEET_TYPE: title}, at) for fields, at in found]
        rows += found
    if not rows:
        raise InputError("the workbook has its header but no rows: a card a row", str(path))
    return rows


def _worksheets(path: Path) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Each worksheet's title and rows of cell values (formulas: their saved values)."""
    import zipfile

    from openpyxl import load_workbook  # only for a deck whose data is a workbook

    if not path.is_file():
        raise InputError("no such file", str(path))
    try:
        values = load_workbook(path, read_only=True, data_only=True)
        formulas = load_workbook(path, read_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as err:
        raise InputError(f"not a readable .xlsx workbook ({err})", str(path)) from None
    try:
        return [(sheet.title, _saved(sheet, written, path))
                for sheet, written in zip(values.worksheets, formulas.worksheets, strict=True)]
    finally:
        values.close()
        formulas.close()


def _saved(sheet, written, path: Path) -> list[tuple[Any, ...]]:
    """A sheet's rows of values; a formula whose value was never saved (a file written by
    a program that does not calculate) is refused, never read as an empty cell."""
    from openpyxl.utils import get_column_letter

    rows = []
    for number, (row, source) in enumerate(zip(sheet.iter_rows(values_only=True),
                                                written.iter_rows(values_only=True),
                                                strict=False), start=1):
        for column, (value, formula) in enumerate(zip(row, source, strict=False), start=1):
            if value is None and isinstance(formula, str) and formula.startswith("="):
                raise InputError(f"{get_column_letter(column)}{number} holds a formula with "
                                 "no saved value: open the workbook in a spreadsheet program "
                                 "and save it", f"{path}: {sheet.title}")
        rows.append(tuple(row))
    return rows


def _sheet_rows(lines: list[tuple[Any, ...]], where: str) -> list[tuple[dict[str, Any], str]]:
    """One worksheet's rows: the first names the columns, empty rows are skipped."""
    from openpyxl.utils import get_column_letter

    lines = [line for line in lines if any(_filled(cell) for cell in line)]
    if not lines:
        return []
    header = [str(cell).strip() if cell is not None else "" for cell in lines[0]]
    while header and not header[-1]:
        header.pop()
    _check_header(header, where)
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        extra = [i for i, cell in enumerate(line[len(header):], start=len(header))
                 if _filled(cell)]
        if extra:
            cell = f"{get_column_letter(extra[0] + 1)}{number}"
            raise InputError(f"{cell} is filled but its column has no name in the header",
                             f"{where} row {number}")
        rows.append(({name: _value(line[i] if i < len(line) else None) for i, name
                      in enumerate(header)}, f"{where} row {number}"))
    return rows


def _filled(cell: Any) -> bool:
    return cell is not None and str(cell).strip() != ""


def _value(cell: Any) -> str:
    """A cell as text, as a CSV file would give it (a whole number without ``.0``), so a
    deck reads the same from either."""
    if cell is None:
        return ""
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return cell.isoformat() if hasattr(cell, "isoformat") else str(cell)


def _check_header(header: list[str], path: Path | str) -> None:
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
    kind = table.type or str(fields.pop(SHEET_TYPE, ""))
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
