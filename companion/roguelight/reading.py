"""What the photo reader found — every mark with how sure it is — and that as
people and programs use it: the finished-sheet file (``companion roguelight
score`` reads it), a text picture with the doubts marked, a dictionary for JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.grid import Cell, Rect, column_letters
from companion.i18n import _
from companion.roguelight.maps import Map

if TYPE_CHECKING:
    from companion.photo import Sheet

#: A mark read with less confidence than this is a doubt.
DOUBT = 0.75


@dataclass(frozen=True)
class Mark:
    """One thing read: what it is, which one, what was seen and how sure."""

    what: str  # cell, plan, development, circled, spent, goal, ghost
    name: str  # C7, C1:D2, 7, 2, blue, 1
    value: bool
    confidence: float

    @property
    def doubt(self) -> bool:
        return self.confidence < DOUBT


@dataclass
class Reading:
    board: Map
    map_reference: str
    filled: frozenset[Cell]
    plans: tuple[Rect, ...]
    development: int
    circled: frozenset[int]
    spent: frozenset[int]
    goals: tuple[str, ...]
    marks: list[Mark]
    notes: list[str] = field(default_factory=list)
    sheet: Sheet | None = None
    #: Each development number as it looks, before the count was decided.
    struck: list[Mark] = field(default_factory=list)
    #: The likeliest plans read as not drawn, which the rules may yet add.
    unseen: list[Mark] = field(default_factory=list)
    #: How much pencil (share) each exit's ring shows, by name: the rules choose by it
    #: between exits read open.
    exit_pencil: dict[str, float] = field(default_factory=dict)
    #: The sheet large enough in the photo (the reader's ``FINE`` pixels a mm), and the
    #: photo neither overexposed, smeared nor under a glare, for a cell read open to be
    #: trusted: light pencil on a small sheet, on paper clipped to white, smeared or
    #: veiled by a lamp's reflection, may not show at all.
    fine: bool = True
    #: The photo overexposed: the paper clipped to white over much of the map.
    overexposed: bool = False
    #: The photo smeared one way: the phone moved as it was taken.
    smeared: bool = False
    #: A lamp's reflection veils part of the sheet (taken off, as the notes say).
    glare: bool = False

    @property
    def doubts(self) -> list[Mark]:
        return [m for m in self.marks if m.doubt]

    @property
    def sure(self) -> bool:
        """Read with no doubt: no mark in doubt, and the photo fine enough (the sheet
        large in it, not overexposed, smeared or glared) that a mark not seen was not
        there."""
        return self.fine and not self.doubts

    @property
    def exit(self) -> Cell | None:
        open_ = [c for c in self.board.exits if c not in self.filled]
        return open_[0] if len(open_) == 1 else None



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
        "fine": reading.fine,
        "overexposed": reading.overexposed,
        "smeared": reading.smeared,
        "glare": reading.glare,
    }
