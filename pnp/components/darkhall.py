"""Dark Hall (暗黒の大広間) print-and-play set: the board and every piece.

The board's geometry comes from :mod:`companion.darkhall.board`, so the wall
letters and square names printed are the ones the companion uses.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace

from companion import data as shipped_data
from companion.darkhall.board import CELL, ENTRANCE, EXIT, HEIGHT, NAME, SQUARES, WALLS, WIDTH
from companion.darkhall.pieces import Colour, colours, monster_tiles, token_faces
from pnp import draw
from pnp.colour import ink_on
from pnp.impose import Piece
from pnp.shapes import MIN_TEXT, MM_PER_PT, SAFE_ZONE, Circle, Line, Path, Rect, Style, Text, filled

SQUARE_NAME = "#5a5448"  # a square's name: 4.5:1 on every square
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
        ground = Style(stroke="#6b6458", fill=square_fill(name), width=0.2)
        shapes.append(Rect(left, top, square, square, ground))
        shapes.append(Text(left + 0.8, top + 2.5, name,
                           max(MIN_TEXT, square * 0.13 / MM_PER_PT), fill=SQUARE_NAME))
    shapes += _corners(square, lang)
    shapes += _walls(square)
    shapes += _pillars(square)
    return shapes


def square_fill(name: str) -> str:
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
            pieces.append(Piece(_token_face(size, colour, face, front=True),
                                _token_face(size, colour, 7 - face, front=False),
                                f"{colour.name}-{face}", colour=colour.name))
    return pieces


def _token_face(size: float, colour: Colour, number: int, *, front: bool):
    """The front: the colour with a white disc and the number in black; the back:
    black with a coloured inset. Both carry the colour's mark (a shape) in a
    corner, so tokens stay apart in grey print and for colour-blind players."""
    def art(bleed: float) -> list:
        whole = Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed,
                     filled(colour.rgb if front else "#111111"))
        if front:
            inner = Circle(size / 2, size / 2, size * 0.36, filled("#ffffff"))
        else:
            inner = Rect(size * 0.12, size * 0.12, size * 0.76, size * 0.76, filled(colour.rgb),
                         radius=size * 0.08)
        ink = "#000000" if front else ink_on(colour.rgb)  # on the white disc, the inset
        numeral = Text(size / 2, size * 0.69, str(number), size * 0.5 / MM_PER_PT,
                       anchor="middle", bold=True, fill=ink)
        radius = size * (0.085 if front else 0.075)
        corner = SAFE_ZONE + radius  # the mark carries the colour: clear of the cut
        mark = draw.mark(colour.mark, corner, corner, radius, ink)
        halo = draw.mark(colour.mark, corner, corner, size * 0.12, "#ffffff") if front else []
        return [whole, inner, numeral, *halo, *mark]
    return art


TILE = 35.0  # the monster movement tiles, mm
TILE_NOTES = {"ja": {"x_note": "1個捕まえるまで", "xx_note": "2個捕まえるまで"},
              "en": {"x_note": "until 1 caught", "xx_note": "until 2 caught"}}


def tile_pieces(lang: str, measure, bleed: float) -> list[Piece]:
    """The monster tiles through their deck file (``templates/decks/darkhall-tiles``),
    one a tile of the game's data."""
    from pnp.deck import shipped

    return shipped("darkhall-tiles", measure, bleed, vars=TILE_NOTES[lang],
                   rows=[{"tile": tile} for tile in monster_tiles()], size=(TILE, TILE))


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
    return width, 2 * width * STANDEE_BASE + 2 * width * STANDEE_PANEL


STANDEE_BASE, STANDEE_PANEL = 0.45, 1.1


def standee_piece(width: float, lang: str) -> Piece:
    """A fold-up monster: from the top, the front foot with an arrow the way the
    monster faces, the face (upside down), the back of the head, the back foot.
    Fold on the dashes: the two panels back to back, the feet outwards."""
    base, panel = width * STANDEE_BASE, width * STANDEE_PANEL
    length = 2 * base + 2 * panel
    front, back = {"ja": ("前", "後ろ"), "en": ("front", "back")}[lang]

    def art(bleed: float) -> list:
        face = draw.monster(width * 0.1, panel * 0.1, width * 0.8, BLOOD)
        back_of_head = _monster_back(width * 0.1, panel * 0.1, width * 0.8, BLOOD)
        shapes = draw.fold_standee(width, base, panel, face, back_of_head, bleed)
        shapes += draw.arrow(width / 2, base * 0.85, width / 2, base * 0.15, head=2.5,
                             style=Style(width=0.8))
        shapes.append(Text(width * 0.72, base * 0.62, front, 7, anchor="middle", bold=True))
        shapes.append(Text(width / 2, length - base * 0.4, back, 7, anchor="middle"))
        return shapes
    return Piece(art, name="standee")


def _monster_back(x: float, y: float, s: float, colour: str) -> list:
    """The back of the monster's head: the same outline, no face, a ridge of spines."""
    head = draw.monster(x, y, s, colour)[0]
    spines = [Line(x + s * f, y + s * 0.35, x + s * f, y + s * 0.9,
                   Style(stroke="#000000", width=s * 0.025)) for f in (0.3, 0.5, 0.7)]
    return [head, *spines]


# --- the rules summary card ---------------------------------------------------------

def summary_text(lang: str) -> list[tuple[str, list[str]]]:
    """The rules summary card's two sides from ``data/darkhall/summary.toml``."""
    text = shipped_data.text("darkhall", "summary.toml")
    return [(side["title"], side["items"]) for side in tomllib.loads(text)[lang]]


RULES_CARD = (95.0, 135.0)


def rules_pieces(lang: str, measure, bleed: float) -> list[Piece]:
    """The rules summary card through its deck file (``templates/decks/darkhall-rules``),
    its two sides' words from the game's summary text."""
    from pnp.deck import shipped

    (front, front_items), (back, back_items) = summary_text(lang)
    words = {"front_title": front, "front_items": "\n".join(front_items),
             "back_title": back, "back_items": "\n".join(back_items)}
    return [replace(piece, name="rules") for piece in
            shipped("darkhall-rules", measure, bleed, vars=words, size=RULES_CARD)]
