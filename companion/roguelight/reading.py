"""What the photo reader found, as people and programs use it: the finished-sheet
file (``companion roguelight score`` reads it), a text picture with the doubts
marked, a dictionary for JSON, and the overlay picture."""

from __future__ import annotations

from typing import Any

from companion.grid import Rect, column_letters
from companion.i18n import _
from companion.roguelight.reader import Mark, Reading


def sheet_text(reading: Reading, name: str, photo: str) -> str:
    """The finished sheet as read, in the format ``score`` reads; each doubt is a
    comment at the top."""
    from companion.roguelight.sheet import sheet_text as finished

    comments = [_("Read from the photo {photo} by companion roguelight read.", photo=photo)]
    comments += [_("Check on the sheet: {doubt}", doubt=doubt_words(m)) for m in reading.doubts]
    return finished(reading.board, comments, reading.map_reference, name,
                    filled=reading.filled, plans=reading.plans,
                    development=reading.development, circled=reading.circled,
                    spent=reading.spent, goals=reading.goals)


def doubt_words(mark: Mark) -> str:
    """'C7: filled? 0.58' — what was read, as a question, and how sure."""
    what = {
        "cell": _("filled") if mark.value else _("open"),
        "plan": _("a plan") if mark.value else _("no plan"),
        "development": _("crossed") if mark.value else _("not crossed"),
        "circled": _("circled") if mark.value else _("not circled"),
        "spent": _("spent") if mark.value else _("not spent"),
        "goal": _("chosen") if mark.value else _("not chosen"),
    }[mark.what]
    place = {"development": _("development {number}", number=mark.name),
             "circled": _("item mark {number}", number=mark.name),
             "spent": _("item mark {number}", number=mark.name),
             "goal": _("goal {goal}", goal=mark.name)}.get(mark.what, mark.name)
    return f"{place}: {what}? {mark.confidence:.2f}"


def picture(reading: Reading) -> str:
    """The map as read: '#' filled, '.' open, a '?' beside a cell in doubt, plans'
    corners as '+'."""
    board = reading.board
    doubtful = {m.name for m in reading.doubts if m.what == "cell"}
    corners = {c for p in reading.plans for c in ((p.left, p.top), (p.right, p.top),
                                                  (p.left, p.bottom), (p.right, p.bottom))}
    from companion.grid import cell_name

    lines = ["    " + "".join(f"{column_letters(x).upper():<3}" for x in range(board.width))]
    for y in range(board.height):
        row = []
        for x in range(board.width):
            mark = "#" if (x, y) in reading.filled else ("+" if (x, y) in corners else ".")
            doubt = "?" if _in(cell_name((x, y), upper=True), (x, y), doubtful) else " "
            row.append(f"{mark}{doubt} ")
        lines.append(f"{y + 1:>3} " + "".join(row).rstrip())
    return "\n".join(lines)


def _in(name: str, cell, doubtful: set[str]) -> bool:
    """Whether ``cell`` is in doubt, alone or as part of a large monster's area."""
    if name in doubtful:
        return True
    for area in doubtful:
        if ":" in area:
            from companion.grid import parse_range

            rect: Rect = parse_range(area)
            if cell in rect:
                return True
    return False


def to_dict(reading: Reading) -> dict[str, Any]:
    return {
        "map": reading.map_reference,
        "filled": sorted(m.name for m in reading.marks if m.what == "cell" and m.value),
        "plans": [p.name() for p in reading.plans],
        "development": reading.development,
        "items": {"circled": sorted(reading.circled), "spent": sorted(reading.spent)},
        "goals": list(reading.goals),
        "doubts": [{"what": m.what, "name": m.name, "read": m.value,
                    "confidence": round(m.confidence, 3)} for m in reading.doubts],
        "notes": list(reading.notes),
        "sure": reading.sure,
    }
