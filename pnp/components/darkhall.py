"""Dark Hall (暗黒の大広間) print-and-play set: the board and every piece.

The board's geometry comes from :mod:`companion.darkhall.board`, so the wall
letters and square names printed are the ones the companion uses.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from companion.darkhall.board import CELL, ENTRANCE, EXIT, HEIGHT, NAME, SQUARES, WALLS, WIDTH
from companion.darkhall.pieces import colours, monster_tiles, token_faces
from pnp.draw import text_box
from pnp.impose import Piece
from pnp.shapes import MM_PER_PT, Circle, Line, Path, Rect, Style, Text, filled

SQUARE = 15.0  # default square size: the board fits one A4 or Letter landscape page
LETTER_RING = 6.0
FLOOR = "#e9e3d2"
WALL = "#2b2b2b"
BLOOD = "#8c1c13"
STONE = "#8d8d8d"
_OUT = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def board_size(square: float) -> tuple[float, float]:
    return WIDTH * square + 2 * LETTER_RING, HEIGHT * square + 2 * LETTER_RING


def board(square: float, lang: str) -> list:
    """The 156 squares, the lettered walls, pillars, the exit and the entrance."""
    shapes: list = []
    ring = LETTER_RING
    for name in SQUARES:
        x, y = CELL[name]
        left, top = ring + x * square, ring + y * square
        shapes.append(Rect(left, top, square, square, Style(stroke="#6b6458", fill=_floor(name),
                                                            width=0.2)))
        shapes.append(Text(left + 0.8, top + 2.4, name, square * 0.13 / MM_PER_PT,
                           fill="#5a5448"))
    shapes += _corners(square, lang)
    shapes += _walls(square)
    shapes += _pillars(square)
    return shapes


def _floor(name: str) -> str:
    return {EXIT: "#cfe3c8", ENTRANCE: "#e6d3a8"}.get(name, FLOOR)


def _corners(square: float, lang: str) -> list:
    words = {"ja": ("出口", "入口"), "en": ("EXIT", "START")}[lang]
    shapes = []
    for name, word in zip((EXIT, ENTRANCE), words, strict=True):
        x, y = CELL[name]
        cx = LETTER_RING + (x + 0.5) * square
        cy = LETTER_RING + (y + 0.62) * square
        shapes.append(Text(cx, cy, word, square * 0.22 / MM_PER_PT, anchor="middle", bold=True))
    return shapes


def _walls(square: float) -> list:
    shapes = []
    size = min(3.2, LETTER_RING * 0.6) / MM_PER_PT
    for (name, heading), letter in sorted(WALLS.items()):
        x, y = CELL[name]
        left, top = LETTER_RING + x * square, LETTER_RING + y * square
        (x1, y1), (x2, y2) = _edge(left, top, square, heading)
        shapes.append(Line(x1, y1, x2, y2, Style(stroke=WALL, width=0.9)))
        ux, uy = _OUT[heading]
        cx = (x1 + x2) / 2 + ux * LETTER_RING * 0.5
        cy = (y1 + y2) / 2 + uy * LETTER_RING * 0.5 + 1.1
        shapes.append(Text(cx, cy, letter, size, anchor="middle", bold=True))
    return shapes


def _edge(left: float, top: float, s: float, heading: str):
    return {"N": ((left, top), (left + s, top)), "S": ((left, top + s), (left + s, top + s)),
            "W": ((left, top), (left, top + s)), "E": ((left + s, top), (left + s, top + s))}[
        heading]


def _pillars(square: float) -> list:
    """Small pillars on the grid corners inside the hall."""
    shapes = []
    size = square * 0.12
    for gy in range(1, HEIGHT):
        for gx in range(1, WIDTH):
            around = [(gx - 1, gy - 1), (gx, gy - 1), (gx - 1, gy), (gx, gy)]
            if all(c in NAME for c in around):
                x, y = LETTER_RING + gx * square, LETTER_RING + gy * square
                shapes.append(Rect(x - size / 2, y - size / 2, size, size, filled("#55504a")))
    return shapes


# --- pieces ---------------------------------------------------------------------


def token_pieces(size: float) -> list[Piece]:
    """Every colour's four tokens (6/1, 4/3, 3/4, 2/5), fronts and backs."""
    pieces = []
    for colour in colours():
        for face in token_faces(2):
            pieces.append(Piece(_token_face(size, colour.rgb, face, front=True),
                                _token_face(size, colour.rgb, 7 - face, front=False),
                                f"{colour.name}-{face}"))
    return pieces


def _token_face(size: float, rgb: str, number: int, *, front: bool):
    def art(bleed: float) -> list:
        if front:
            ground = [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, filled(rgb))]
            ink = "#ffffff"
        else:
            ground = [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, filled("#111111")),
                      Rect(size * 0.14, size * 0.14, size * 0.72, size * 0.72, filled(rgb),
                           radius=size * 0.08)]
            ink = "#000000"
        numeral = Text(size / 2, size * 0.7, str(number), size * 0.55 / MM_PER_PT,
                       anchor="middle", bold=True, fill=ink)
        return [*ground, numeral]
    return art


def tile_pieces(size: float, lang: str) -> list[Piece]:
    notes = {"ja": {"X": "1個捕まえるまで", "XX": "2個捕まえるまで"},
             "en": {"X": "until 1 caught", "XX": "until 2 caught"}}[lang]
    back = _tile_back(size)
    return [Piece(_tile_front(size, tile, notes.get(tile, "")), back, f"tile-{tile}")
            for tile in monster_tiles()]


def _tile_front(size: float, tile: str, note: str):
    def art(bleed: float) -> list:
        shapes = [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, filled("#f3ecdc")),
                  Rect(1.5, 1.5, size - 3, size - 3, Style(stroke=BLOOD, width=0.6), radius=2),
                  Text(size / 2, size * 0.62, tile, size * 0.42 / MM_PER_PT, anchor="middle",
                       bold=True, fill=BLOOD)]
        if note:
            shapes.append(Text(size / 2, size * 0.86, note, size * 0.1 / MM_PER_PT,
                               anchor="middle"))
        return shapes
    return art


def _tile_back(size: float):
    from pnp.shapes import Form

    def art(bleed: float) -> list:
        items = (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, filled("#2d1b1b")),
                 *_monster_face(size * 0.2, size * 0.2, size * 0.6, "#8c1c13"))
        return [Form(f"darkhall-tile-back-{size:g}-{bleed:g}", items)]
    return art


def _monster_face(x: float, y: float, s: float, colour: str) -> list:
    head = Path((("M", x, y + s), ("L", x, y + s * 0.35), ("L", x + s * 0.2, y),
                 ("L", x + s * 0.35, y + s * 0.25), ("L", x + s * 0.65, y + s * 0.25),
                 ("L", x + s * 0.8, y), ("L", x + s, y + s * 0.35), ("L", x + s, y + s),
                 ("Z",)), Style(stroke="#000000", fill=colour, width=s * 0.03))
    eyes = [Circle(x + s * 0.33, y + s * 0.5, s * 0.08, filled("#ffe680")),
            Circle(x + s * 0.67, y + s * 0.5, s * 0.08, filled("#ffe680"))]
    teeth = Path((("M", x + s * 0.2, y + s * 0.75), ("L", x + s * 0.3, y + s * 0.88),
                  ("L", x + s * 0.4, y + s * 0.75), ("L", x + s * 0.5, y + s * 0.88),
                  ("L", x + s * 0.6, y + s * 0.75), ("L", x + s * 0.7, y + s * 0.88),
                  ("L", x + s * 0.8, y + s * 0.75)), Style(stroke="#ffffff", width=s * 0.03))
    return [head, *eyes, teeth]


def stone_pieces(size: float) -> list[Piece]:
    def art(bleed: float) -> list:
        return [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, filled(STONE)),
                Path((("M", size * 0.15, size * 0.3), ("L", size * 0.5, size * 0.15),
                      ("L", size * 0.85, size * 0.35), ("L", size * 0.8, size * 0.8),
                      ("L", size * 0.3, size * 0.85), ("Z",)),
                     Style(stroke="#5f5f5f", fill="#a8a8a8", width=0.3))]
    return [Piece(art, name=f"stone-{i + 1}") for i in range(11)]


def pool_pieces(square: float) -> list[Piece]:
    def pool(cols: int, rows: int):
        w, h = cols * square - 1, rows * square - 1

        def art(bleed: float) -> list:
            return [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, filled(BLOOD)),
                    *[Line(1.5, y, w - 1.5, y + 1.2, Style(stroke="#b3382c", width=0.4))
                      for y in _ripples(h)]]
        return art
    return [Piece(pool(2, 2), name="pool-2x2"), Piece(pool(4, 1), name="pool-4x1")]


def _ripples(h: float) -> list[float]:
    return [h * f for f in (0.25, 0.5, 0.75)]


def standee_size(width: float) -> tuple[float, float]:
    return width, 2 * width * 0.45 + 2 * width * 1.1


def standee(width: float, lang: str) -> list:
    """A fold-up monster: base, front, back (upside down), base — fold on the dashes."""
    panel = width * 1.1
    base = width * 0.45
    fold = Style(stroke="#808080", width=0.2, dash=(2.0, 1.5))
    shapes: list = [Rect(0, 0, width, 2 * base + 2 * panel, Style(width=0.3))]
    for y in (base, base + panel, base + 2 * panel):
        shapes.append(Line(0, y, width, y, fold))
    shapes += _monster_face(width * 0.1, base + panel * 0.1, width * 0.8, BLOOD)
    back = _monster_face(0, 0, width * 0.8, BLOOD)
    from pnp.shapes import Group

    shapes.append(Group(tuple(back), dx=width * 0.9, dy=base + 2 * panel - panel * 0.1,
                        rotate=180))
    label = {"ja": "前", "en": "front"}[lang]
    shapes.append(Text(width / 2, base * 0.6, label, 8, anchor="middle"))
    shapes.append(Text(width / 2, 2 * base + 2 * panel - base * 0.4, label, 8,
                       anchor="middle"))
    return shapes


# --- the rules summary card ---------------------------------------------------------

def summary_text(lang: str) -> list[tuple[str, list[str]]]:
    """The rules summary card's two sides from ``data/darkhall/summary.toml``."""
    text = resources.files("companion.data.darkhall").joinpath("summary.toml").read_text("utf-8")
    return [(side["title"], side["items"]) for side in tomllib.loads(text)[lang]]


def rules_pieces(width: float, height: float, lang: str, measure) -> list[Piece]:
    sides = [_rules_side(title, items, width, height, measure)
             for title, items in summary_text(lang)]
    return [Piece(sides[0], sides[1], "rules")]


def _rules_side(title: str, items: list[str], width: float, height: float, measure):
    def art(bleed: float) -> list:
        shapes: list = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed,
                             filled("#fbf8f1")),
                        Text(5, 10, title, 12, bold=True, fill=BLOOD)]
        y = 15.0
        for item in items:
            shapes.append(Circle(6, y + 1.6, 0.7, filled(BLOOD)))
            lines, used = text_box(item, 8, y, width - 13, 7.6, measure)
            shapes += lines
            y += used + 1.6
        return shapes
    return art
