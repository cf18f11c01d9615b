"""Mahjong tile faces as vector art (the project's own drawing): circles, bamboo
sticks, the bird, the white dragon's frame, and the spares' flower and season
ornaments. Kanji (winds, 發, 中, the characters' numerals and 萬) are text in the
embedded font; nothing here uses a font or the Unicode mahjong block.

Each art is registered as an icon (``mahjong-3p``, ``mahjong-1s``,
``mahjong-white``, ``mahjong-flower``, ``mahjong-season-2`` …) drawn in the
icon's square box: a tile's art box is 41 × 55, so it takes the box's full
height and 41/55 of its width, centred.
"""

from __future__ import annotations

from collections.abc import Callable
from math import cos, pi, radians, sin

from pnp.shapes import Circle, Group, Line, Path, Rect, Style, filled

BLUE, RED, GREEN, BLACK = "#1D3F8F", "#C8102E", "#1A7A3C", "#111111"
ASPECT = 41 / 55  # the art box, width / height

Box = tuple[float, float, float, float]  # x, y, w, h
Art = Callable[[Box], list]


def art_box(x: float, y: float, size: float) -> Box:
    w = size * ASPECT
    return x + (size - w) / 2, y, w, size


def _at(box: Box, u: float, v: float) -> tuple[float, float]:
    x, y, w, h = box
    return x + u * w, y + v * h


# --- circles (筒子) ------------------------------------------------------------------


def pip(cx: float, cy: float, r: float, colour: str) -> list:
    """A circle: an outer ring, a second ring at 70 %, a filled centre at 30 %."""
    line = Style(stroke=colour, fill=None, width=r * 0.16)
    return [Circle(cx, cy, r, line), Circle(cx, cy, r * 0.7, line),
            Circle(cx, cy, r * 0.3, filled(colour))]


#: A pip's largest radius (of the box width), and how much of the way to its nearest
#: neighbour it may reach: circles as large as their places allow, as on real tiles.
PIP_MOST, PIP_REACH = 0.3, 0.45
PIP_SPEC = 0.13  # spec §12.2's radius: no pip is drawn smaller
#: The corner the business-card face keeps for its index (templates/decks/jongrogue.toml:
#: the number and suit reach 3.6 mm into the art box's width and 8.7 mm down), with
#: 0.6 mm to spare, in shares of the box: no pip grows into it.
INDEX_CORNER = (4.2 / 41, 9.3 / 55)


def _pips(places: list[tuple[float, float, str]]) -> Art:
    def art(box: Box) -> list:
        r = pip_radius(box, [(u, v) for u, v, _colour in places])
        return [s for u, v, colour in places for s in pip(*_at(box, u, v), r, colour)]
    return art


def pip_radius(box: Box, places: list[tuple[float, float]]) -> float:
    """One radius for a tile's pips: the spec's 0.13 of the width, grown as far as
    every pip stays clear of the others, of the corner index and inside the art box
    (up to 0.3: 2p, 4p, 5p and 6p grow; 3p and 7p, by the index, and the crowded 8p
    and 9p keep about the spec's)."""
    _x, _y, w, h = box
    centres = [(u * w, v * h) for u, v in places]
    apart = min((((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 * PIP_REACH
                 for i, (ax, ay) in enumerate(centres) for bx, by in centres[i + 1:]),
                default=PIP_MOST * w)
    inside = min(min(x, w - x, y, h - y) for x, y in centres)
    corner_x, corner_y = INDEX_CORNER[0] * w, INDEX_CORNER[1] * h
    clear = min(((max(0.0, x - corner_x) ** 2 + max(0.0, y - corner_y) ** 2) ** 0.5
                 for x, y in centres))
    return max(PIP_SPEC * w, min(PIP_MOST * w, apart, inside, clear))


def _one_circle(box: Box) -> list:
    """1p: one large ornate circle with an eight-petal band and a red centre."""
    cx, cy = _at(box, 0.5, 0.5)
    r = 0.42 * box[2]
    line = Style(stroke=GREEN, fill=None, width=r * 0.05)
    shapes: list = [Circle(cx, cy, r, line), Circle(cx, cy, r * 0.62, line)]
    for i in range(8):
        angle = i * pi / 4
        px, py = cx + r * 0.81 * cos(angle), cy + r * 0.81 * sin(angle)
        shapes.append(_petal(px, py, r * 0.17, angle, BLUE))
    return [*shapes, *pip(cx, cy, r * 0.5, RED)]


def _petal(cx: float, cy: float, length: float, angle: float, colour: str) -> Path:
    """A pointed oval along ``angle``."""
    ux, uy = cos(angle), sin(angle)
    wx, wy = -uy * length * 0.45, ux * length * 0.45
    tip, tail = (cx + ux * length, cy + uy * length), (cx - ux * length, cy - uy * length)
    return Path((("M", *tail), quad(tail, (cx + wx, cy + wy), tip),
                 quad(tip, (cx - wx, cy - wy), tail), ("Z",)), filled(colour))


def quad(start: tuple[float, float], control: tuple[float, float],
         end: tuple[float, float]) -> tuple:
    """A quadratic curve as the cubic the renderers draw."""
    (x0, y0), (cx, cy), (x1, y1) = start, control, end
    return ("C", x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
            x1 + 2 / 3 * (cx - x1), y1 + 2 / 3 * (cy - y1), x1, y1)


CIRCLES: dict[int, Art] = {
    1: _one_circle,
    2: _pips([(0.5, 0.27, GREEN), (0.5, 0.73, BLUE)]),
    3: _pips([(0.22, 0.2, BLUE), (0.5, 0.5, RED), (0.78, 0.8, GREEN)]),
    4: _pips([(0.28, 0.27, BLUE), (0.72, 0.73, BLUE), (0.72, 0.27, GREEN), (0.28, 0.73, GREEN)]),
    5: _pips([(0.24, 0.24, BLUE), (0.76, 0.76, BLUE), (0.76, 0.24, GREEN), (0.24, 0.76, GREEN),
              (0.5, 0.5, RED)]),
    6: _pips([(0.3, 0.16, GREEN), (0.7, 0.16, GREEN)]
             + [(u, v, RED) for v in (0.58, 0.84) for u in (0.3, 0.7)]),
    7: _pips([(0.2, 0.12, GREEN), (0.5, 0.24, GREEN), (0.8, 0.36, GREEN)]
             + [(u, v, RED) for v in (0.62, 0.86) for u in (0.3, 0.7)]),
    8: _pips([(u, v, BLUE) for v in (0.13, 0.38, 0.62, 0.87) for u in (0.3, 0.7)]),
    9: _pips([(u, v, colour) for v, colour in ((0.18, BLUE), (0.5, RED), (0.82, GREEN))
              for u in (0.2, 0.5, 0.8)]),
}


# --- bamboo (索子) --------------------------------------------------------------------


def stick(box: Box, u: float, v: float, colour: str = GREEN, tilt: float = 0.0,
          length: float = 0.3) -> list:
    """A stick ``length`` of the box tall (0.3) and 0.3 as wide as tall in box units
    (0.09), joints at 1/3 and 2/3 and a centre line."""
    cx, cy = _at(box, u, v)
    w, h = 0.3 * length * box[2], length * box[3]
    line = Style(stroke="#ffffff", width=w * 0.12)
    items = (Rect(-w / 2, -h / 2, w, h, filled(colour), radius=w * 0.45),
             Line(-w / 2, -h / 6, w / 2, -h / 6, line), Line(-w / 2, h / 6, w / 2, h / 6, line),
             Line(0, -h / 2 + w * 0.5, 0, h / 2 - w * 0.5, Style(stroke="#ffffff",
                                                                 width=w * 0.08)))
    return [Group(items, dx=cx, dy=cy, rotate=tilt)]


#: A stick's longest (of the box height), and how much of the way to the stick above
#: or below it may reach: as long as the rows allow, as on real tiles.
STICK_MOST, STICK_REACH = 0.42, 0.9


def _sticks(places: list[tuple[float, float, str]]) -> Art:
    length = stick_length([(u, v) for u, v, _colour in places])
    return lambda box: [s for u, v, colour in places
                        for s in stick(box, u, v, colour, length=length)]


def stick_length(places: list[tuple[float, float]]) -> float:
    """One length for a tile's upright sticks: the largest that keeps each clear of the
    stick above or below it (those less than a quarter of the box apart across) and
    inside the box (the spec's 0.3 where three rows crowd, as on 7s and 9s)."""
    above = [abs(av - bv) * STICK_REACH for i, (au, av) in enumerate(places)
             for bu, bv in places[i + 1:] if abs(au - bu) < 0.25 and av != bv]
    inside = min(2 * min(v, 1 - v) for _u, v in places)
    return min(STICK_MOST, inside, *above)


def _eight_sticks(box: Box) -> list:
    """8s: four on top drawing an M (outer pair leaning in, inner out), a W below."""
    shapes = []
    for v, sign in ((0.27, 1), (0.73, -1)):
        for u, lean in ((0.14, 18), (0.38, -18), (0.62, 18), (0.86, -18)):
            shapes += stick(box, u, v, GREEN, sign * lean)
    return shapes


def _bird(box: Box) -> list:
    """1s: a bird of simple shapes — oval body, round head with an eye, a beak, and a
    fan tail of three feathers."""
    x, y, w, h = box
    body = Path((("M", x + 0.22 * w, y + 0.62 * h),
                 ("C", x + 0.25 * w, y + 0.42 * h, x + 0.7 * w, y + 0.4 * h, x + 0.72 * w,
                  y + 0.58 * h),
                 ("C", x + 0.72 * w, y + 0.74 * h, x + 0.3 * w, y + 0.8 * h, x + 0.22 * w,
                  y + 0.62 * h), ("Z",)), filled(GREEN))
    head = Circle(x + 0.7 * w, y + 0.38 * h, 0.11 * w, filled(GREEN))
    eye = [Circle(x + 0.73 * w, y + 0.36 * h, 0.035 * w, filled("#ffffff")),
           Circle(x + 0.735 * w, y + 0.36 * h, 0.018 * w, filled(BLACK))]
    beak = Path((("M", x + 0.8 * w, y + 0.36 * h), ("L", x + 0.95 * w, y + 0.4 * h),
                 ("L", x + 0.8 * w, y + 0.43 * h), ("Z",)), filled(RED))
    tail = [_petal(x + 0.2 * w + 0.15 * w * cos(radians(a)),
                   y + 0.6 * h + 0.15 * w * sin(radians(a)), 0.17 * w, radians(a),
                   colour) for a, colour in ((200, RED), (225, GREEN), (250, RED))]
    legs = [Line(x + px * w, y + 0.74 * h, x + px * w, y + 0.86 * h,
                 Style(stroke=RED, width=0.02 * w)) for px in (0.42, 0.52)]
    return [*tail, body, *legs, head, *eye, beak]


BAMBOO: dict[int, Art] = {
    1: _bird,
    2: _sticks([(0.5, 0.27, GREEN), (0.5, 0.73, GREEN)]),
    3: _sticks([(0.5, 0.27, GREEN), (0.3, 0.73, GREEN), (0.7, 0.73, GREEN)]),
    4: _sticks([(u, v, GREEN) for v in (0.27, 0.73) for u in (0.3, 0.7)]),
    5: _sticks([(u, v, GREEN) for v in (0.27, 0.73) for u in (0.22, 0.78)] + [(0.5, 0.5, RED)]),
    6: _sticks([(u, v, GREEN) for v in (0.27, 0.73) for u in (0.2, 0.5, 0.8)]),
    7: _sticks([(0.5, 0.16, RED)] + [(u, v, GREEN) for v in (0.5, 0.83) for u in (0.2, 0.5, 0.8)]),
    8: _eight_sticks,
    9: _sticks([(u, v, RED if u == 0.5 else GREEN) for v in (0.17, 0.5, 0.83)
                for u in (0.2, 0.5, 0.8)]),
}


# --- the white dragon, the spares ----------------------------------------------------------


def white_frame(box: Box) -> list:
    """白: a blue double frame, outer 30 × 42 mm in the 41 × 55 box, lines 1 mm, 2 mm apart."""
    x, y, w, h = box
    scale = w / 41
    ow, oh = 30 * scale, 42 * scale
    line = Style(stroke=BLUE, fill=None, width=1 * scale)
    left, top = x + (w - ow) / 2, y + (h - oh) / 2
    inset = 3 * scale  # one line width plus the 2 mm gap
    return [Rect(left + scale / 2, top + scale / 2, ow - scale, oh - scale, line),
            Rect(left + inset + scale / 2, top + inset + scale / 2, ow - 2 * inset - scale,
                 oh - 2 * inset - scale, line)]


def flower(box: Box) -> list:
    """A five-petal flower behind a spare's kanji."""
    cx, cy = _at(box, 0.5, 0.5)
    r = 0.4 * box[2]
    petals = [Circle(cx + r * 0.55 * cos(-pi / 2 + i * 2 * pi / 5),
                     cy + r * 0.55 * sin(-pi / 2 + i * 2 * pi / 5), r * 0.45,
                     filled("#f6c9cf")) for i in range(5)]
    return [*petals, Circle(cx, cy, r * 0.25, filled("#f3a4ae"))]


def _rays(box: Box, count: int, inner: float, outer: float, colour: str,
          width: float = 0.02, turn: float = 0.0) -> list:
    cx, cy = _at(box, 0.5, 0.5)
    r = box[2]
    style = Style(stroke=colour, width=width * r)
    return [Line(cx + inner * r * cos(a), cy + inner * r * sin(a), cx + outer * r * cos(a),
                 cy + outer * r * sin(a), style)
            for a in (turn + i * 2 * pi / count for i in range(count))]


def season(number: int) -> Art:
    """Spring a sun, summer a leaf, autumn a maple-style star, winter a snow crystal —
    all of lines, behind the season's kanji."""
    pale = "#b9c7e6"

    def art(box: Box) -> list:
        cx, cy = _at(box, 0.5, 0.5)
        r = box[2]
        if number == 1:
            return [Circle(cx, cy, 0.2 * r, Style(stroke=pale, width=0.02 * r)),
                    *_rays(box, 12, 0.26, 0.45, pale)]
        if number == 2:
            top, bottom = (cx, cy - 0.45 * r), (cx, cy + 0.45 * r)
            return [Path((("M", *top), quad(top, (cx + 0.4 * r, cy), bottom),
                          quad(bottom, (cx - 0.4 * r, cy), top), ("Z",)),
                         Style(stroke=pale, width=0.02 * r)),
                    Line(cx, cy - 0.45 * r, cx, cy + 0.45 * r, Style(stroke=pale, width=0.015 * r)),
                    *_rays(box, 4, 0.0, 0.2, pale, 0.012, pi / 4)]
        if number == 3:
            return _rays(box, 5, 0.0, 0.45, pale, 0.03, -pi / 2) + \
                _rays(box, 5, 0.15, 0.3, pale, 0.02, -pi / 2 + pi / 5)
        return [*_rays(box, 6, 0.0, 0.45, pale, 0.025),
                *[s for a in range(6) for s in _branch(cx, cy, r, a * pi / 3, pale)]]
    return art


def _branch(cx: float, cy: float, r: float, angle: float, colour: str) -> list:
    style = Style(stroke=colour, width=0.018 * r)
    bx, by = cx + 0.28 * r * cos(angle), cy + 0.28 * r * sin(angle)
    return [Line(bx, by, bx + 0.1 * r * cos(angle + side), by + 0.1 * r * sin(angle + side),
                 style) for side in (pi / 4, -pi / 4)]


def lattice(x: float, y: float, size: float, colour: str | None) -> list:
    """A diamond lattice filling the square box: the card back's pattern."""
    style = Style(stroke=colour or "#2f7a52", width=size * 0.006)
    step = size / 8
    lines = []
    for i in range(-8, 9):
        lines += [_clipped(x, y, size, x + i * step, y, x + i * step + size, y + size, style),
                  _clipped(x, y, size, x + i * step + size, y, x + i * step, y + size, style)]
    return [line for line in lines if line is not None]


def _clipped(x: float, y: float, size: float, x1: float, y1: float, x2: float, y2: float,
             style: Style) -> Line | None:
    """The part of a 45° line inside the square box, or None."""
    def inside(t: float) -> tuple[float, float]:
        return x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
    ts = [t / 200 for t in range(201) if x - 1e-9 <= inside(t / 200)[0] <= x + size + 1e-9]
    if len(ts) < 2:
        return None
    return Line(*inside(ts[0]), *inside(ts[-1]), style)


# --- the icon set ------------------------------------------------------------------------


def _icon(art: Art) -> Callable[[float, float, float, str | None], list]:
    return lambda x, y, size, _colour: art(art_box(x, y, size))


ICONS = {
    **{f"mahjong-{n}p": _icon(CIRCLES[n]) for n in CIRCLES},
    **{f"mahjong-{n}s": _icon(BAMBOO[n]) for n in BAMBOO},
    "mahjong-white": _icon(white_frame),
    "mahjong-flower": _icon(flower),
    **{f"mahjong-season-{n}": _icon(season(n)) for n in range(1, 5)},
    "lattice": lattice,
}
