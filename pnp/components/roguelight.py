"""Roguelight (ローグライト) print-and-play set: a play sheet for any map, the
summary card and the solo title table.

Everything on the sheet comes from the :class:`~companion.roguelight.maps.Map`:
the grid and its special cells, entrance blocks, the time and development
tracks, item marks, ghost actions, block shapes and armament rows.
"""

from __future__ import annotations

import tomllib
from functools import cache

from companion import data as shipped_data
from companion.grid import cell_name, column_letters
from companion.roguelight import layout
from companion.roguelight.maps import BAT, BLUE, EXIT, GHOST, GREEN, ITEM, Map
from pnp import draw
from pnp.impose import Piece
from pnp.shapes import MIN_TEXT, MM_PER_PT, Circle, Group, Line, Rect, Style, Text, filled

PAGE_W = layout.PAGE_W
FLOOR = "#fbf8f1"
BLOCK = "#d8cfbd"
CELL_NAME = "#5a5448"  # a cell's name in the cell: 4.5:1 on the floor and on a block
COLOURS = {BLUE: "#3d7dd8", GREEN: "#4caf50", GHOST: "#8e8eb5", BAT: "#5b4b66", ITEM: "#d9a441"}
THIN = Style(width=0.2)
ICONS = {
    ITEM: lambda x, y, s: draw.chest(x, y, s),
    GHOST: lambda x, y, s: draw.ghost(x, y, s),
    BAT: lambda x, y, s: draw.bat(x, y, s),
}
#: Slimes carry their colour's initial as well as the colour, so blue and green
#: stay apart in grey print and for colour-blind players.
SLIME_LETTERS = {"ja": {BLUE: "青", GREEN: "緑"}, "en": {BLUE: "B", GREEN: "G"}}


def icon(symbol: str, x: float, y: float, s: float, lang: str) -> list:
    """A special cell's picture in an ``s`` mm box at (x, y)."""
    if symbol in SLIME_LETTERS[lang]:
        return draw.slime(x, y, s, COLOURS[symbol], SLIME_LETTERS[lang][symbol])
    return ICONS[symbol](x, y, s)


@cache
def words(lang: str) -> dict:
    text = shipped_data.text("roguelight", "print.toml")
    return tomllib.loads(text)[lang]


def pt(mm: float) -> float:
    return mm / MM_PER_PT


# --- the play sheet -----------------------------------------------------------------


def sheet(board: Map, lang: str, measure, source: str | None = None) -> tuple[float, list]:
    """The whole sheet, PAGE_W wide from its top-left corner; returns (height, shapes)."""
    w = words(lang)
    title = board.title if lang == "ja" else board.title_en
    at = layout.SheetLayout(board)
    qr = at.qr
    shapes: list = [Text(layout.MARKER + 3, 6, f"{w['game']} — {title}", 14, bold=True),
                    *draw.qr_code(layout.qr_payload(board, source), qr.x, qr.y, qr.w)]
    grid_shapes, _ = map_grid(board, at.cell, lang)
    shapes.append(Group(tuple(grid_shapes), dx=layout.GRID_LEFT, dy=layout.GRID_TOP))
    side, _ = _side_panel(board, lang, measure, at.side_width)
    shapes.append(Group(tuple(side), dx=at.side_x, dy=layout.SIDE_TOP))
    for part, y in ((_time_track, at.time_y), (_development_and_items, at.development_y),
                    (_armament, at.armament_y), (_scores, at.scores_y)):
        shapes.append(Group(tuple(part(board, lang)[0]), dx=0, dy=y))
    codes = layout.marker_codes(board, from_file=source is not None)
    for code, box in zip(codes, at.markers, strict=True):
        shapes += fiducial(code, box.x, box.y, box.w)
    return at.height, shapes


def fiducial(code: int, x: float, y: float, size: float) -> list:
    """An ArUco marker: a black square with the code's 4 × 4 bits in white."""
    module = size / 6
    shapes: list = [Rect(x, y, size, size, filled("#000000"))]
    white = filled("#ffffff")
    for row, bits in enumerate(layout.ARUCO_4X4[code]):
        for col, bit in enumerate(bits):
            if bit == ".":
                shapes.append(Rect(x + (col + 1) * module, y + (row + 1) * module, module, module,
                                   white))
    return shapes


def map_grid(board: Map, cell: float, lang: str = "ja") -> tuple[list, float]:
    """The grid with names on all four edges, special cells, blocks, exits."""
    shapes: list = []
    blocks = {c for rect in board.entrance_blocks.values() for c in rect.cells()}
    for (x, y), symbol in board.symbols.items():
        left, top = x * cell, y * cell
        fill = BLOCK if (x, y) in blocks else FLOOR
        shapes.append(Rect(left, top, cell, cell, Style(stroke="#7a7263", fill=fill, width=0.2)))
        shapes += _cell_mark(board, (x, y), symbol, left, top, cell, lang)
    for monster in board.large:
        shapes += _large(monster, cell, lang)
    shapes.append(Rect(0, 0, board.width * cell, board.height * cell, Style(width=0.6)))
    shapes += _edge_names(board, cell)
    return shapes, board.height * cell + 4


def _cell_mark(board: Map, cell, symbol: str, left: float, top: float, size: float,
               lang: str) -> list:
    if symbol in COLOURS:
        inset = size * layout.ICON  # a ring left round it, where a player's fill is read
        return icon(symbol, left + inset, top + inset, size - 2 * inset, lang)
    if symbol.isdigit():
        inset = size * layout.DIE
        return draw.die(left + inset, top + inset, size - 2 * inset, int(symbol))
    if symbol == EXIT:
        return _exit(left, top, size)
    return [Text(left + size / 2, top + size * 0.62, cell_name(cell, upper=True),
                 pt(size * 0.22), anchor="middle", fill=CELL_NAME)]


def _exit(left: float, top: float, size: float) -> list:
    """Three steps down and EXIT below, clear of the cell's sides and top, where a
    player's pencil is read."""
    inner = size * (1 - 2 * layout.EXIT_SIDE)
    steps = []
    for i in range(3):
        w = inner * (1 - i * 0.25)
        steps.append(Rect(left + (size - w) / 2, top + size * (layout.EXIT_TOP + 0.03 + i * 0.15),
                          w, size * 0.13, filled("#555555")))
    return [*steps, Text(left + size / 2, top + size * 0.92, "EXIT", MIN_TEXT, anchor="middle")]


def _large(monster, cell: float, lang: str) -> list:
    xs = [x for x, _ in monster.cells]
    ys = [y for _, y in monster.cells]
    left, top = min(xs) * cell + 0.8, min(ys) * cell + 0.8
    w = (max(xs) - min(xs) + 1) * cell - 1.6
    h = (max(ys) - min(ys) + 1) * cell - 1.6
    colour = COLOURS[monster.symbol]
    size = min(w, h) * 0.95
    return [Rect(left, top, w, h, Style(stroke=colour, fill="#ffffff", width=0.8), radius=2),
            *icon(monster.symbol, left + (w - size) / 2, top + (h - size) / 2, size, lang),
            Text(left + w - 1, top + h - 1, "L", 6, anchor="end", bold=True, fill=colour)]


def _edge_names(board: Map, cell: float) -> list:
    shapes = []
    size = pt(3.0)
    for x in range(board.width):
        letter = column_letters(x).upper()
        cx = (x + 0.5) * cell
        shapes += [Text(cx, -1.2, letter, size, anchor="middle"),
                   Text(cx, board.height * cell + 3.4, letter, size, anchor="middle")]
    for y in range(board.height):
        cy = (y + 0.5) * cell + 1.1
        shapes += [Text(-1.2, cy, str(y + 1), size, anchor="end"),
                   Text(board.width * cell + 1.2, cy, str(y + 1), size)]
    return shapes


def _side_panel(board: Map, lang: str, measure, width: float) -> tuple[list, float]:
    w = words(lang)
    shapes: list = [Text(0, 0, w["blocks"], 7, bold=True)]
    for i, face in enumerate(sorted(board.blocks)):
        x, y = (i % 2) * width / 2, 4 + (i // 2) * 15
        shapes += draw.die(x, y, 7, face)
        shapes += _polyomino(board.blocks[face], x + 9, y, 3.2)
    y = 4 + 3 * 15 + 2
    shapes.append(Text(0, y, w["ghosts"], 7, bold=True))
    for i, action in enumerate(board.ghost_actions):
        top = y + 3 + i * 13
        shapes.append(Rect(0, top, width, 11, THIN, radius=1))
        shapes += draw.ghost(1, top + 1, 9)
        keys = action.section - 1
        shapes += _keys(keys, width - 2, top + 1)
        text = w[action.effect].format(size=action.size)
        shapes += _fitted(text, 11, top + 1.5, width - 14 - keys * 5, 9.5, measure)
    y += 3 + 3 * 13
    if board.large:
        drawn, used = _goals(lang, y + 3, width)
        shapes += drawn
        y += 3 + used
    return shapes, y


def _fitted(text: str, x: float, y: float, width: float, height: float, measure) -> list:
    """Wrapped text at the largest size from 7 pt down to 6 that fits the box."""
    for size in (7.0, 6.5, MIN_TEXT):
        lines, used = draw.text_box(text, x, y, width, size, measure)
        if used <= height and all(measure(t.text, size) <= width + 0.01 for t in lines):
            return lines
    return lines


def _polyomino(cells, x: float, y: float, size: float) -> list:
    return [Rect(x + cx * size, y + cy * size, size, size, Style(fill="#555555", width=0.2,
                                                                 stroke="#ffffff"))
            for cx, cy in cells]


def _keys(count: int, right: float, top: float) -> list:
    shapes = []
    for i in range(count):
        shapes += draw.key(right - (i + 1) * 5, top, 5)
    return shapes


def _goals(lang: str, y: float, width: float) -> tuple[list, float]:
    """The four goals, two to a row, each a box to outline when chosen."""
    w = words(lang)
    shapes: list = [Text(0, y, w["goals"], 7, bold=True)]
    half = width / 2
    for i, goal in enumerate(("blue", "green", "ghost", "bat")):
        left, top = (i % 2) * half, y + 2.5 + (i // 2) * 9
        symbol = {"blue": BLUE, "green": GREEN, "ghost": GHOST, "bat": BAT}[goal]
        shapes.append(Rect(left, top, half - 1, 8, THIN, radius=1))
        shapes += icon(symbol, left + 0.5, top + 1, 6, lang)
        shapes.append(Text(left + 7.5, top + 5.2, w["goal_text"][goal], MIN_TEXT))
    return shapes, 2.5 + 2 * 9


def _time_track(board: Map, lang: str) -> tuple[list, float]:
    w = words(lang)
    count = board.time_length
    box, gap = layout.time_box(board)
    mark = min(4.0, gap * 0.9)  # the die marks sit in the gaps
    shapes: list = [Text(0, 3, w["time"], 7, bold=True)]
    for n in range(1, count + 1):
        x = (n - 1) * (box + gap)
        shapes += [Rect(x, 5, box, box, THIN),
                   Text(x + box / 2, 5 + box * 0.7, str(n), pt(box * 0.45), anchor="middle")]
    for face, slot in board.time_marks:
        x = slot * (box + gap) - (gap + mark) / 2
        shapes += draw.die(x, 5 + (box - mark) / 2, mark, face)
    return shapes, 5 + box


def _development_and_items(board: Map, lang: str) -> tuple[list, float]:
    w = words(lang)
    step = layout.development_step(board)
    shapes: list = [Text(0, 3, w["development"], 7, bold=True)]
    for n in range(1, board.development_length + 1):
        cx = (n - 0.5) * step
        shapes += [Circle(cx, 9, step * 0.38, THIN),
                   Text(cx, 10.2, str(n), 7.5, anchor="middle")]
        if n in board.boundaries:
            x = n * step
            shapes.append(Line(x, 4, x, 26, Style(width=0.8)))
            shapes += draw.key(x - 5.5, 15, 5) if n < board.development_length else []
    shapes.append(Text(0, 18.5, w["items"], 7, bold=True))
    shapes += _item_marks(board, step)
    return shapes, 27


def _item_marks(board: Map, step: float) -> list:
    shapes = []
    for mark, cx in enumerate(layout.item_centres(board), start=1):
        shapes += [Text(cx, 20.5, str(board.item_points[mark - 1]), 7, anchor="middle"),
                   Rect(cx - 2, 21.5, 4, 4, THIN)]
        if mark in board.items_circled:  # around the points and the box alike
            shapes.append(Rect(cx - 3.2, 17.4, 6.4, 9.0, Style(width=0.35), radius=3.2))
    return shapes


def _armament(board: Map, lang: str, width: float = PAGE_W) -> tuple[list, float]:
    """The armament track, ``width`` mm wide: a row of levels a player count, each level's
    number beside its box, or above it where the boxes stand close."""
    w = words(lang)
    shapes: list = [Text(0, 3, w["armament"], 7, bold=True)]
    y = 5.0
    for band, row in board.armament.items():
        step = (width - 22) / len(row)
        beside = layout.armament_beside(width, len(row))  # a number clear of the next box
        y += 0 if beside else 2.5
        shapes.append(Text(0, y + 3.6, w["bands"][band], 6.5))
        for i, level in enumerate(row):
            x = 22 + i * step
            shapes.append(Rect(x, y, 3.5, 3.5, THIN))
            if level and beside:  # clear of the start circle (4.35 mm right of x)
                shapes.append(Text(x + (5.2 if i == 0 else 4.6), y + 3, str(level), 6.5,
                                   bold=True))
            elif level:
                shapes.append(Text(x + 1.75, y - 1.1, str(level), 6.5, anchor="middle",
                                   bold=True))
            if i == 0:
                shapes.append(Circle(x + 1.75, y + 1.75, 2.6, Style(width=0.3)))
        y += 6
    return shapes, y


def _scores(board: Map, lang: str) -> tuple[list, float]:
    """The score boxes, clear of the fiducials in the sheet's bottom corners."""
    w = words(lang)
    labels = w["score_boxes"] if board.large else [b for i, b in enumerate(w["score_boxes"])
                                                   if i != 3]
    left = layout.MARKER + 2
    width = (PAGE_W - 2 * left) / len(labels)
    shapes: list = [Text(0, 3, w["score"], 7, bold=True)]
    for i, label in enumerate(labels):
        x = left + i * width
        shapes += [Rect(x + 1, 5, width - 2, 13, Style(width=0.4 if i < len(labels) - 1
                                                       else 0.8), radius=1),
                   Text(x + 2.5, 9, label, 6.5)]
    return shapes, layout.SCORES_HEIGHT


# --- the summary card and the solo table -------------------------------------------------


def summary_pieces(board: Map, lang: str, measure, size: tuple[float, float]) -> list[Piece]:
    return [Piece(_summary_front(lang, measure, size), _summary_back(board, lang, measure, size),
                  "summary")]


def _card(size: tuple[float, float], bleed: float) -> Rect:
    return Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed, filled("#fbf8f1"))


def _text_side(title: str, items: list[str], measure, size: tuple[float, float],
               bleed: float) -> tuple[list, float]:
    """A card side: background, title and wrapped paragraphs; returns the shapes and
    where the text ends."""
    shapes: list = [_card(size, bleed), Text(5, 9, title, 11, bold=True)]
    y = 12.0
    for item in items:
        lines, used = draw.text_box(item, 5, y, size[0] - 10, 7, measure)
        shapes += lines
        y += used + 1.2
    return shapes, y


def _summary_front(lang: str, measure, size: tuple[float, float]):
    def art(bleed: float) -> list:
        w = words(lang)
        return _text_side(w["summary_title"], w["summary"], measure, size, bleed)[0]
    return art


def _summary_back(board: Map, lang: str, measure, size: tuple[float, float]):
    def art(bleed: float) -> list:
        w = words(lang)
        shapes, y = _text_side(w["back_title"], w["back"], measure, size, bleed)
        shapes.append(Text(5, y + 4, w["track"], 7, bold=True))
        box = (size[0] - 10) / 11
        for i in range(11):
            x = 5 + i * box
            shapes += [Rect(x, y + 6, box - 1, 7, THIN),
                       Text(x + (box - 1) / 2, y + 11, str(5 * i), 8, anchor="middle")]
        drawn, _ = _armament(board, lang, size[0] - 10)
        shapes.append(Group(tuple(drawn), dx=5, dy=y + 17))
        return shapes
    return art


def solo_piece(board: Map, lang: str) -> tuple[Piece, tuple[float, float]]:
    """The solo title table as a card to cut out (printed beside the summary card)."""
    width, height, table = solo_table(board, lang)
    size = (width + 8, height + 8)

    def art(bleed: float) -> list:
        return [Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed,
                     filled("#ffffff")), Group(tuple(table), dx=4, dy=4)]
    return Piece(art, name="solo"), size


def solo_table(board: Map, lang: str) -> tuple[float, float, list]:
    w = words(lang)
    shapes: list = [Text(0, 6, w["solo"], 12, bold=True)]
    for col, kind in enumerate(("basic", "advanced")):
        x = col * 70
        shapes.append(Text(x, 14, w["kinds"][kind], 9, bold=True))
        rows = board.solo[kind]
        for i, (lowest, title) in enumerate(rows):
            upper = rows[i + 1][0] - 1 if i + 1 < len(rows) else None
            span = f"{lowest}–{upper}" if upper is not None else f"{lowest}+"
            shapes += [Rect(x, 16 + i * 8, 62, 8, THIN), Text(x + 2, 21.5 + i * 8, span, 9),
                       Text(x + 30, 21.5 + i * 8, title, 9)]
    return 132, 16 + 6 * 8, shapes
