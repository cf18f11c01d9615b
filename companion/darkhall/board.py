"""The Dark Hall board (暗黒の大広間): 156 squares, two staircase cut-outs and
54 wall segments in 27 lettered pairs.

Drawn with the exit at the top left: columns ``a``–``p`` left to right, rows
``1``–``11`` top to bottom; ``a1`` is the exit corner, ``p11`` the entrance.
Square names are the lower-case names of :mod:`companion.grid`.

Everything here is computed once at import: the resolver looks squares up in
plain dicts (``NEXT``, ``RAY``) rather than doing arithmetic per step.
"""

from __future__ import annotations

from companion.errors import InputError
from companion.grid import HEADINGS, Cell, cell_name, distances, parse_cell, step
from companion.i18n import _

WIDTH, HEIGHT = 16, 11
EXIT, ENTRANCE = "a1", "p11"
CORNERS = frozenset({EXIT, ENTRANCE})

#: Squares cut out of the rectangle: the staircases top right and bottom left.
CUTOUTS: frozenset[Cell] = frozenset(
    [(x, 0) for x in range(12, 16)]
    + [(x, 1) for x in range(13, 16)]
    + [(x, 2) for x in range(14, 16)]
    + [(15, 3)]
    + [(0, 7)]
    + [(x, 8) for x in range(2)]
    + [(x, 9) for x in range(3)]
    + [(x, 10) for x in range(4)]
)


def on_board(cell: Cell) -> bool:
    x, y = cell
    return 0 <= x < WIDTH and 0 <= y < HEIGHT and cell not in CUTOUTS


def reflect(cell: Cell) -> Cell:
    """The point reflection that pairs the walls: (x, y) → (15−x, 10−y)."""
    return (WIDTH - 1 - cell[0], HEIGHT - 1 - cell[1])


CELL: dict[str, Cell] = {
    cell_name((x, y)): (x, y) for y in range(HEIGHT) for x in range(WIDTH) if on_board((x, y))
}
#: Every square's name, in reading order (row by row, left to right).
SQUARES: tuple[str, ...] = tuple(CELL)
NAME: dict[Cell, str] = {cell: name for name, cell in CELL.items()}
#: Reading-order rank of each square, to list squares canonically.
ORDER: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}

# The 27 segments of the top and right side, in letter order A…Z, ☆: a square
# and the heading one walks out through that segment.
_FIRST_HALF = (
    [(cell_name((x, 0)), "N") for x in range(12)]
    + [("l1", "E"), ("m2", "N"), ("m2", "E"), ("n3", "N"), ("n3", "E"),
       ("o4", "N"), ("o4", "E"), ("p5", "N")]
    + [(cell_name((15, y)), "E") for y in range(4, 11)]
)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ☆"
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

#: (square, heading out) → the letter on that wall segment; all 54 segments.
WALLS: dict[tuple[str, str], str] = {}
for _letter, (_square, _heading) in zip(LETTERS, _FIRST_HALF, strict=True):
    WALLS[(_square, _heading)] = _letter
    WALLS[(NAME[reflect(CELL[_square])], _OPPOSITE[_heading])] = _letter


def _next(square: str, heading: str) -> str | None:
    target = step(CELL[square], heading)
    return NAME[target] if on_board(target) else None


#: (square, heading) → the neighbouring square, or None at a wall.
NEXT: dict[tuple[str, str], str | None] = {
    (square, heading): _next(square, heading) for square in SQUARES for heading in HEADINGS
}


def _rays() -> dict[tuple[str, str], tuple[str, ...]]:
    """Each square's ray is its neighbour's ray behind that neighbour: squares
    nearest the wall ahead come first, so every ray is one tuple joined."""
    rays: dict[tuple[str, str], tuple[str, ...]] = {}
    nearest_first = {"N": lambda s: CELL[s][1], "S": lambda s: -CELL[s][1],
                     "W": lambda s: CELL[s][0], "E": lambda s: -CELL[s][0]}
    for heading in HEADINGS:
        for square in sorted(SQUARES, key=nearest_first[heading]):
            ahead = NEXT[(square, heading)]
            rays[(square, heading)] = () if ahead is None else (ahead, *rays[(ahead, heading)])
    return rays


#: (square, heading) → the squares seen in a straight line up to the wall.
RAY: dict[tuple[str, str], tuple[str, ...]] = _rays()


def wrap(square: str, heading: str) -> tuple[str, str]:
    """Walking out of ``square`` through the wall ahead: (letter, square entered).

    The monster comes in beside the partner segment with the same letter:
    the point-reflected square, heading unchanged.
    """
    return WALLS[(square, heading)], NAME[reflect(CELL[square])]


def parse_square(text: object) -> str:
    """A square name from a person → its canonical lower-case name.

    Unknown names, squares off the 16 × 11 rectangle and squares in the
    staircase cut-outs are :class:`InputError` saying which.
    """
    if not isinstance(text, str):
        raise InputError(_("expected a square name like 'f4', found {text!r}", text=text))
    cell = parse_cell(text)
    if cell not in NAME:
        x, y = cell
        if 0 <= x < WIDTH and 0 <= y < HEIGHT:
            raise InputError(_("{text} is in a staircase cut-out, not on the board", text=text))
        raise InputError(_("{text} is off the board (columns a–p, rows 1–11)", text=text))
    return NAME[cell]


def path_distances(start: str) -> dict[str, int]:
    """Orthogonal path distance on the board from ``start`` to every square."""
    cells = distances([CELL[start]], NAME)
    return {NAME[cell]: d for cell, d in cells.items()}
