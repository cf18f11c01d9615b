"""CSV files people write in a spreadsheet: RFC 4180 records, each with the line it
starts on (a quoted cell may run over several lines), so that every problem can
name the line a person sees in their editor."""

from __future__ import annotations

import csv
import io

from companion.errors import InputError
from companion.i18n import _


def records(text: str, where: str, *, comments: bool = True) -> list[tuple[int, list[str]]]:
    """(line, cells) of every record of ``text``, the header included.

    Blank lines are skipped, and with ``comments`` so are lines whose first
    character is ``#`` — only between records, never inside a quoted cell.
    """
    lines = io.StringIO(text.removeprefix("\ufeff"), newline="").readlines()
    found: list[tuple[int, list[str]]] = []
    index = 0
    while index < len(lines):
        start, chunk = index + 1, lines[index]
        index += 1
        if not chunk.strip() or (comments and chunk.startswith("#")):
            continue
        while chunk.count('"') % 2 and index < len(lines):
            chunk += lines[index]
            index += 1
        found.append((start, _cells(chunk, f"{where}: line {start}")))
    return found


def _cells(chunk: str, where: str) -> list[str]:
    if chunk.count('"') % 2:
        raise InputError(_("a quoted cell is not closed (a \" without its partner)"), where)
    try:
        return next(csv.reader(io.StringIO(chunk, newline=""), strict=True))
    except csv.Error as err:
        raise InputError(_("malformed CSV: {why}", why=err), where) from None
