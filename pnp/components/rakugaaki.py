"""Rakugaaki (ラクガーキ) print-and-play set: board halves, 96 tiles, guards, the dice
table and the turn-summary cards.

The board's cells, names and halves come from :mod:`companion.rakugaaki.board`
and the table's numbers from :mod:`companion.rakugaaki.odds`, so what is
printed is what the companion computes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from math import sqrt

from companion import data as shipped_data
from companion.grid import column_letters
from companion.rakugaaki.board import FOUR, SIX, Board, Cell, name
from companion.rakugaaki.odds import VALUES, table
from companion.rakugaaki.state import COLOURS, OWNED
from pnp import draw
from pnp.impose import EPSILON, Piece
from pnp.shapes import (
    MIN_TEXT,
    MM_PER_PT,
    Circle,
    Form,
    Group,
    Line,
    Path,
    Rect,
    Style,
    Text,
    filled,
)

CELL = 26.0  # across flats, mm
FRAME = 4.0
ROOT3 = sqrt(3)
PAPER = "#f4f1ea"
INK = "#2b2b2b"
TINT = {FOUR: "#dbe6ef", SIX: "#f0e0d2"}
CUT = Style(stroke="#000000", width=0.3)
THIN = Style(stroke="#8a8478", width=0.25)


@dataclass(frozen=True)
class Team:
    """A colour's print look: its fill, the ink on it, its emblem and names."""

    id: str
    rgb: str
    ink: str
    emblem: str  # a draw.mark shape
    ja: str
    en: str
    light: bool = False  # the ink-saver look: white faces in a ring of the colour, black ink


TEAMS = {t.id: t for t in (
    Team("red", "#d7263d", "#ffffff", "star", "赤", "red"),
    Team("blue", "#1b6ca8", "#ffffff", "diamond", "青", "blue"),
    Team("green", "#2a9d3f", "#ffffff", "triangle", "緑", "green"),
    Team("yellow", "#f2c14e", "#000000", "circle", "黄", "yellow"),
    Team("purple", "#7b4fa0", "#ffffff", "hexagon", "紫", "purple"),
    Team("orange", "#f07f25", "#000000", "square", "橙", "orange"),
)}
assert tuple(TEAMS) == COLOURS


def words(lang: str) -> dict:
    text = shipped_data.text("rakugaaki", "print.toml")
    return tomllib.loads(text)[lang]


# --- hex geometry -------------------------------------------------------------------


def corner_to_corner(flats: float) -> float:
    return flats * 2 / ROOT3


def centre(cell: Cell, flats: float) -> tuple[float, float]:
    """A cell's centre from the top-left of the cell area (odd rows, counted from 0,
    half a cell right)."""
    x, y = cell
    tall = corner_to_corner(flats)
    return flats * (x + 0.5 + 0.5 * (y & 1)), tall / 2 + y * tall * 0.75


def hexagon(cx: float, cy: float, flats: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon, clockwise from the top."""
    r = corner_to_corner(flats) / 2
    return [(cx, cy - r), (cx + flats / 2, cy - r / 2), (cx + flats / 2, cy + r / 2),
            (cx, cy + r), (cx - flats / 2, cy + r / 2), (cx - flats / 2, cy - r / 2)]


def polygon(points: list[tuple[float, float]], style: Style) -> Path:
    return Path((("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)), style)


def area_size(board: Board, flats: float) -> tuple[float, float]:
    """The cell area: every column plus the half-cell shift, every row."""
    tall = corner_to_corner(flats)
    return flats * (board.width + 0.5), tall + (board.height - 1) * tall * 0.75


# --- the board halves -------------------------------------------------------------


def halves(board: Board) -> list[tuple[tuple[Cell, ...], int]]:
    """Each half's cells and which side of the join it lies on (0: the whole board,
    1 first half, 2 second)."""
    if board.halves is None:
        return [(board.cells, 0)]
    return [(board.halves[0], 1), (board.halves[1], 2)]


def join_line(board: Board, flats: float) -> list[tuple[float, float]]:
    """The cut between the halves along the hex edges, from frame edge to frame edge
    (board coordinates, the cell area's top-left at 0, 0)."""
    assert board.join is not None
    tall = corner_to_corner(flats)
    width, height = area_size(board, flats)
    first = board.join.first
    if board.join.between == "columns":
        points = [(flats * first, -FRAME)]
        for y in range(board.height):
            x = flats * (first + 0.5 * (y & 1))
            cy = tall / 2 + y * tall * 0.75
            points += [(x, cy - tall / 4), (x, cy + tall / 4)]
        points.append((points[-1][0], height + FRAME))
        points.insert(1, (points[1][0], 0.0))
        points.insert(-1, (points[-2][0], height))
        return points
    cy = tall / 2 + (first - 1) * tall * 0.75
    shift = 0.5 * ((first - 1) & 1)
    points = [(-FRAME, cy + tall / 4), (0.0, cy + tall / 4)]
    for x in range(board.width + 1):
        left = flats * (x + shift)
        points += [(left, cy + tall / 4), (left + flats / 2, cy + tall / 2)]
    points = [p for p in points if p[0] <= width]
    points += [(width, points[-1][1]), (width + FRAME, points[-1][1])]
    return points


def outline(board: Board, side: int, flats: float) -> list[tuple[float, float]]:
    """A half's cut outline: the frame's outer edge, and the join line on its join side."""
    width, height = area_size(board, flats)
    left, top, right, bottom = -FRAME, -FRAME, width + FRAME, height + FRAME
    if side == 0:
        return [(left, top), (right, top), (right, bottom), (left, bottom)]
    line = join_line(board, flats)
    if board.join.between == "columns":  # type: ignore[union-attr]
        return [(left, top), *line, (left, bottom)] if side == 1 else \
            [*line, (right, bottom), (right, top)]
    return [(left, top), (right, top), *reversed(line)] if side == 1 else \
        [*line, (right, bottom), (left, bottom)]


def _join_side(board: Board, side: int) -> str | None:
    """The side of a half's piece that is cut along the hex edges (None: whole)."""
    if not side or board.join is None:
        return None
    if board.join.between == "columns":
        return "right" if side == 1 else "left"
    return "bottom" if side == 1 else "top"


def bled(shape: list[tuple[float, float]], join: str | None) -> list[tuple[float, float]]:
    """A piece's outline with its straight frame sides pushed ``BOARD_BLEED`` outwards,
    so the frame's colour runs past the cut; the join, cut along the hex edges, stays
    (its cells bleed on their own)."""
    x0, y0, x1, y1 = bounds(shape)
    moves = {"left": (x0, -1, 0), "right": (x1, 1, 0), "top": (y0, -1, 1),
             "bottom": (y1, 1, 1)}
    moved = []
    for point in shape:
        p = list(point)
        for where, (edge, sign, axis) in moves.items():
            if where != join and abs(point[axis] - edge) < 1e-9:
                p[axis] = edge + sign * BOARD_BLEED
        moved.append((p[0], p[1]))
    return moved


def bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


#: How far the cells' colours run beyond a half's outline, so a cut along it that
#: strays a little still shows the cell, not white paper.
BOARD_BLEED = 2.0


def half_drawing(board: Board, side: int, flats: float, lang: str
                 ) -> tuple[float, float, list]:
    """One half as (width, height, shapes), its top-left at 0, 0."""
    return _cut_out(board, side, flats, lang, outline(board, side, flats))


def _cut_out(board: Board, side: int, flats: float, lang: str,
             shape: list[tuple[float, float]]) -> tuple[float, float, list]:
    """A half's art on a piece cut along ``shape`` (board coordinates)."""
    x0, y0, x1, y1 = bounds(shape)
    art: list = [polygon(bled(shape, _join_side(board, side)),
                         Style(stroke=None, fill="#cfc8b8"))]
    cells = next(cells for cells, s in halves(board) if s == side)
    for cell in cells:  # each cell's colour beyond the outline: the bleed of the cut
        art.append(polygon(hexagon(*centre(cell, flats), flats + 2 * BOARD_BLEED),
                           Style(stroke=None, fill=TINT.get(board.marks[cell], PAPER))))
    for cell in cells:
        art += cell_art(board, cell, flats, lang)
    if side:
        art += join_marks(board, side, flats)
    art += frame_words(board, side, flats, lang, (x0, y0, x1, y1))
    art.append(polygon(shape, CUT))
    return x1 - x0, y1 - y0, [Group(tuple(art), dx=-x0, dy=-y0)]


@dataclass(frozen=True)
class BackToBack:
    """A half of one board with a half of the other on the back of the same piece, as
    the game's boards are printed: (width, height) of the piece, and each side's
    shapes with the piece's top-left at 0, 0 (the back as seen once turned over)."""

    width: float
    height: float
    front: list
    back: list


def back_to_back(front: Board, back: Board, flats: float, lang: str
                 ) -> list[BackToBack] | None:
    """Both boards' halves paired on two pieces, each cut once along one outline:
    the back half's outline, turned over about the long side, with the front half
    inside it and its join on the same hex edges. None where the boards cannot be
    paired so (a join between rows, or a front half larger than the back's).

    The joins coincide when the front's rows sit an odd number of rows below the
    back's: turning a half over swaps which rows of its join stand out."""
    if not _columns_joined(front) or not _columns_joined(back):
        return None
    shift = _odd_rows(front.height, back.height)
    if shift is None:
        return None
    pairs = [_paired(front, side, back, 3 - side, shift, flats, lang) for side in (1, 2)]
    return None if None in pairs else pairs  # type: ignore[return-value]


def _columns_joined(board: Board) -> bool:
    return board.join is not None and board.join.between == "columns"


def _odd_rows(front: int, back: int) -> int | None:
    """The odd row shift that centres ``front`` rows within ``back`` rows best."""
    shifts = list(range(1, back - front + 1, 2))
    return min(shifts, key=lambda k: abs(2 * k - (back - front))) if shifts else None


def _paired(front: Board, side: int, back: Board, back_side: int, shift: int,
            flats: float, lang: str) -> BackToBack | None:
    # The back's outline turned over (x -> c - x) and moved up by ``shift`` rows into
    # the front's coordinates, c chosen so that the two joins run on the same edges.
    c = flats * (front.join.first + back.join.first + 0.5)  # type: ignore[union-attr]
    dy = shift * corner_to_corner(flats) * 0.75
    turned = [(c - x, y - dy) for x, y in outline(back, back_side, flats)]
    fx0, fy0, fx1, fy1 = bounds(outline(front, side, flats))
    px0, py0, px1, py1 = bounds(turned)
    if (fx0 < px0 - EPSILON or fx1 > px1 + EPSILON or fy0 < py0 - EPSILON
            or fy1 > py1 + EPSILON):
        return None
    width, height, back_art = half_drawing(back, back_side, flats, lang)
    return BackToBack(width, height, _cut_out(front, side, flats, lang, turned)[2], back_art)



def cell_art(board: Board, cell: Cell, flats: float, lang: str) -> list:
    cx, cy = centre(cell, flats)
    mark = board.marks[cell]
    shapes: list = [polygon(hexagon(cx, cy, flats), Style(stroke="#8a8478", fill=TINT.get(
        mark, PAPER), width=0.35))]
    size = max(2.6, flats * 0.12) / MM_PER_PT
    shapes.append(Text(cx, cy - flats * 0.22, name(cell), size, anchor="middle",
                       fill="#5a5448"))
    if mark in TINT:
        label = words(lang)["only"].format(players=mark)
        shapes.append(Text(cx, cy + flats * 0.26, label, size, anchor="middle", bold=True,
                           fill="#4a5a6a" if mark == FOUR else "#7a4a2a"))
    if mark == "G":
        shapes += guard_face(cx - flats * 0.2, cy - flats * 0.12, flats * 0.4)
    return shapes


def join_marks(board: Board, side: int, flats: float) -> list:
    """Labels along the join, the same on both halves: the row number (or column
    letter) where two edges meet, just inside each half."""
    assert board.join is not None
    tall = corner_to_corner(flats)
    inward = -2.4 if side == 1 else 2.4
    first = board.join.first
    if board.join.between == "columns":
        marks = [(flats * (first + 0.5 * (y & 1)) + inward, tall / 2 + y * tall * 0.75 + 1,
                  str(y + 1)) for y in range(board.height)]
    else:
        shift, row = 0.5 * ((first - 1) & 1), tall / 2 + (first - 1) * tall * 0.75
        marks = [(flats * (x + 0.5 + shift), row + tall / 2 + inward + 1,
                  column_letters(x).upper()) for x in range(board.width)]
    return [Text(x, y, label, 6, anchor="middle", bold=True, fill="#9a3b2a")
            for x, y, label in marks]


def frame_words(board: Board, side: int, flats: float, lang: str,
                box: tuple[float, float, float, float]) -> list:
    w = words(lang)
    title = (board.title if lang == "ja" else board.title_en) or board.name
    half = f"  {w['half'].format(number=side)}" if side else ""
    x0, y0, x1, y1 = box
    return [Text(x0 + FRAME + 1, y0 + FRAME - 1.0, f"{title}{half}", 7, fill=INK),
            Text(x1 - FRAME - 1, y1 - 1.1, w["own_board"], 6, anchor="end", fill="#5a5448")]


def guard_face(x: float, y: float, s: float) -> list:
    """The project's guard: a round face under a peaked cap with a badge."""
    navy = "#23395b"
    return [
        Circle(x + s * 0.5, y + s * 0.6, s * 0.34, Style(stroke=INK, fill="#f2d2b0",
                                                         width=s * 0.03)),
        Path((("M", x + s * 0.14, y + s * 0.42), ("L", x + s * 0.22, y + s * 0.1),
              ("L", x + s * 0.78, y + s * 0.1), ("L", x + s * 0.86, y + s * 0.42), ("Z",)),
             Style(stroke=INK, fill=navy, width=s * 0.03)),
        Rect(x + s * 0.08, y + s * 0.4, s * 0.84, s * 0.08, filled("#111111")),
        *draw.mark("star", x + s * 0.5, y + s * 0.25, s * 0.09, "#f2c14e"),
        Circle(x + s * 0.38, y + s * 0.6, s * 0.04, filled(INK)),
        Circle(x + s * 0.62, y + s * 0.6, s * 0.04, filled(INK)),
        Line(x + s * 0.4, y + s * 0.78, x + s * 0.6, y + s * 0.78,
             Style(stroke=INK, width=s * 0.035)),
    ]


# --- tiles ------------------------------------------------------------------------


def tile_size(flats: float, shape: str) -> tuple[float, float]:
    if shape == "square":
        side = round(flats * 0.7, 2)
        return side, side
    across = flats - 2
    return across, corner_to_corner(across)


def tile_pieces(flats: float, shape: str, lang: str, *, light: bool = False) -> list[Piece]:
    """Per colour: five 1s, four 2s, three 3s, two 4s, one 5, and the character tile;
    all sixteen share one back. ``light``: white faces in a ring of the colour, so
    that ink-saver prints stay readable."""
    size = tile_size(flats, shape)
    pieces = []
    for team in TEAMS.values():
        if light:
            team = replace(team, ink="#000000", light=True)
        back = _tile_back(team, size, shape)
        for value, count in OWNED.items():
            pieces += [Piece(_tile_front(team, value, size, shape), back,
                             f"{team.id}-{value}", colour=team.id) for _copy in range(count)]
        pieces.append(Piece(_character(team, size, shape, lang), back, f"{team.id}-character",
                            colour=team.id))
    return pieces


def _ground(team: Team, size: tuple[float, float], shape: str, bleed: float) -> list:
    """The colour over the whole piece and its bleed (a ring of it around a white face
    in the light look), and the cut line of a hex."""
    w, h = size
    shapes: list = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, filled(team.rgb))]
    if team.light and shape == "hex":
        shapes.append(polygon(hexagon(w / 2, h / 2, w - 4.4), filled("#ffffff")))
    elif team.light:
        shapes.append(Rect(1.8, 1.8, w - 3.6, h - 3.6, filled("#ffffff")))
    if shape == "hex":
        shapes.append(polygon(hexagon(w / 2, h / 2, w), Style(stroke="#000000", width=0.2)))
    return shapes


def _tile_front(team: Team, value: int, size: tuple[float, float], shape: str):
    w, h = size
    square = shape == "square"
    # a hex has room above the numeral for the emblem; a square keeps it in a corner
    middle = h / 2 - (0.5 if square else -1.6)
    emblem_at = (2.6, 2.6) if square else (w / 2, middle - NUMERAL_MM * 0.46 - 2.6)

    def art(bleed: float) -> list:
        numeral = Text(w / 2, middle + NUMERAL_MM * 0.34, str(value), NUMERAL_MM / MM_PER_PT,
                       anchor="middle", bold=True, fill=team.ink)
        emblem = draw.mark(team.emblem, *emblem_at, 1.9 if square else 2.4, team.ink)
        pips = _pips(team, value, w, h - 1.6 if square else middle + NUMERAL_MM * 0.34 + 2.6)
        return [*_ground(team, size, shape, bleed), numeral, *emblem, *pips]
    return art


#: The value's numeral, in mm of type size: its figures stand 11 mm tall or more.
NUMERAL_MM = 15.5


def _pips(team: Team, value: int, w: float, y: float) -> list:
    gap, r = 2.4, 0.75
    first = w / 2 - gap * (value - 1) / 2
    return [Circle(first + i * gap, y, r, filled(team.ink)) for i in range(value)]


def _character(team: Team, size: tuple[float, float], shape: str, lang: str):
    w, h = size

    def art(bleed: float) -> list:
        ring = Circle(w / 2, h / 2 - 1, w * 0.3, Style(stroke=team.ink, fill=None, width=0.8))
        spray = [Circle(w / 2 + dx, h / 2 - 1 + dy, 0.35, filled(team.ink))
                 for dx, dy in ((-7.5, -5), (7.2, -5.6), (-8, 3.5), (7.8, 4.2), (0, -9.2))]
        emblem = draw.mark(team.emblem, w / 2, h / 2 - 1, w * 0.2, team.ink)
        label = Text(w / 2, h / 2 + w * 0.3 + 2.6, words(lang)["team"].format(
            colour=team.ja if lang == "ja" else team.en), MIN_TEXT, anchor="middle", bold=True,
            fill=team.ink)
        return [*_ground(team, size, shape, bleed), ring, *spray, *emblem, label]
    return art


def _tile_back(team: Team, size: tuple[float, float], shape: str):
    w, h = size

    def art(bleed: float) -> list:
        disc = "#ffffff" if team.ink == "#ffffff" or team.light else "#222222"
        items = (*_ground(team, size, shape, bleed), Circle(w / 2, h / 2, w * 0.3, filled(disc)),
                 *draw.mark(team.emblem, w / 2, h / 2, w * 0.2,
                            team.ink if team.light else team.rgb))
        look = "light" if team.light else "full"
        return [Form(f"rakugaaki-back-{team.id}-{shape}-{look}-{w:g}-{bleed:g}", items)]
    return art


# --- guards -----------------------------------------------------------------------


def guard_size(flats: float) -> tuple[float, float]:
    """A figure 20 × 30 mm per face (narrower on small cells, so its base fits a cell)."""
    width = min(20.0, flats - 4)
    return width, width * 1.5


def guard_pieces(flats: float, lang: str) -> list[Piece]:
    width, height = guard_size(flats)
    base = width * 0.35
    w = words(lang)

    def art(bleed: float) -> list:  # each panel's colour runs into the bleed at the sides
        face = [Rect(-bleed, 0, width + 2 * bleed, height, filled("#dfe7f2")),
                *guard_figure(width, height)]
        back = [Rect(-bleed, 0, width + 2 * bleed, height, filled("#c9d4e4")),
                *guard_figure(width, height, back=True)]
        return draw.fold_standee(width, base, height, face, back, bleed,
                                 (w["guard_front"], w["guard_back"]))
    return [Piece(art, name=f"guard-{i + 1}") for i in range(2)]


def guard_figure(width: float, height: float, *, back: bool = False) -> list:
    """The guard standing: cap, face (or the back of the head), uniform, legs."""
    navy, s = "#23395b", width
    head = [*guard_face(s * 0.2, height * 0.04, s * 0.6)] if not back else [
        Circle(s * 0.5, height * 0.04 + s * 0.36, s * 0.2, Style(stroke=INK, fill="#5b3a22",
                                                                  width=0.2)),
        Path((("M", s * 0.28, height * 0.04 + s * 0.25), ("L", s * 0.33, height * 0.04 + s * 0.06),
              ("L", s * 0.67, height * 0.04 + s * 0.06), ("L", s * 0.72, height * 0.04 + s * 0.25),
              ("Z",)), filled(navy))]
    body_top = height * 0.04 + s * 0.6
    return [
        Path((("M", s * 0.18, height * 0.78), ("L", s * 0.22, body_top), ("L", s * 0.78, body_top),
              ("L", s * 0.82, height * 0.78), ("Z",)), Style(stroke=INK, fill=navy, width=0.25)),
        Rect(s * 0.3, height * 0.78, s * 0.15, height * 0.2, filled("#1c2333")),
        Rect(s * 0.55, height * 0.78, s * 0.15, height * 0.2, filled("#1c2333")),
        *([] if back else draw.mark("star", s * 0.36, body_top + s * 0.18, s * 0.06,
                                    "#f2c14e")),
        *head,
    ]


# --- the dice table -----------------------------------------------------------------


def dice_table(width: float, lang: str) -> tuple[float, list]:
    """The table page's drawing: (height, shapes) at ``width`` mm wide."""
    w = words(lang)
    row, head = 5.6, 8.0
    first = 26.0
    column = (width - first) / len(VALUES)
    shapes: list = [Text(0, 8, w["table_title"], 16, bold=True)]
    top = 14.0
    shapes.append(Rect(0, top, width, head, filled("#e6e0d2")))
    shapes.append(Text(first / 2, top + 5.6, w["strength"], 9, anchor="middle", bold=True))
    for i, value in enumerate(VALUES):
        shapes.append(Text(first + (i + 0.5) * column, top + 5.6,
                           w["value"].format(value=value), 9, anchor="middle", bold=True))
    entries = table()
    for r in range(30):
        y = top + head + r * row
        if r % 2:
            shapes.append(Rect(0, y, width, row, filled("#f3f0e8")))
        shapes.append(Text(first / 2, y + 4.1, str(r + 1), 9.5, anchor="middle", bold=True))
        for i, entry in enumerate(entries[r * len(VALUES):(r + 1) * len(VALUES)]):
            text = "—" if entry.dice == 0 else w["entry"].format(dice=entry.dice,
                                                                 percent=entry.percent)
            shapes.append(Text(first + (i + 0.5) * column, y + 4.1, text, 9.5,
                               anchor="middle"))
    bottom = top + head + 30 * row
    shapes += [Rect(0, top, width, bottom - top, THIN),
               *[Line(first + i * column, top, first + i * column, bottom, THIN)
                 for i in range(len(VALUES))]]
    for n, note in enumerate(w["table_notes"]):
        shapes.append(Text(0, bottom + 6 + n * 4.6, note, 8.5))
    return bottom + 6 + len(w["table_notes"]) * 4.6, shapes


# --- the turn-summary cards -----------------------------------------------------------

SUMMARY = (63.0, 88.0)


def summary_pieces(lang: str, measure) -> list[Piece]:
    w = words(lang)
    front = _summary_front(w, measure)
    return [Piece(front, _summary_back(team, lang), f"summary-{team.id}", colour=team.id)
            for team in TEAMS.values()]


def _summary_front(w: dict, measure):
    width, height = SUMMARY

    def art(bleed: float) -> list:
        shapes: list = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed,
                             filled("#fbf8f1")),
                        Text(4, 7.5, w["summary_title"], 9.5, bold=True, fill="#9a3b2a")]
        shapes += draw.bulleted(w["summary"], 4, 10.5, width - 8, height - 14, measure,
                                size=7.2, min_size=MIN_TEXT, bullet="#9a3b2a")
        return shapes
    return art


def _summary_back(team: Team, lang: str):
    width, height = SUMMARY

    def art(bleed: float) -> list:
        label = words(lang)["team"].format(colour=team.ja if lang == "ja" else team.en)
        return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, filled(team.rgb)),
                Text(width / 2, 10, words(lang)["bring"], 7, anchor="middle", fill=team.ink),
                Circle(width / 2, height / 2 - 4, 20, Style(stroke=team.ink, width=1.2)),
                *draw.mark(team.emblem, width / 2, height / 2 - 4, 14, team.ink),
                Text(width / 2, height - 14, label, 12, anchor="middle", bold=True,
                     fill=team.ink),
                Text(width / 2, height - 8, "Rakugaaki ラクガーキ", 7, anchor="middle",
                     fill=team.ink)]
    return art
