"""Vector helpers every component shares: die faces, QR codes, icons, text boxes.

No game symbol depends on a font: dice, monsters and items are drawn as paths.
"""

from __future__ import annotations

from collections.abc import Callable
from math import cos, pi, sin

from pnp.shapes import (
    MIN_TEXT,
    MM_PER_PT,
    SAFE_ZONE,
    Circle,
    Group,
    Line,
    Path,
    Rect,
    Style,
    Text,
    filled,
)
from pnp.text import wrap

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def die(x: float, y: float, size: float, face: int, *, fill: str = "#ffffff",
        ink: str = "#000000") -> list:
    """A die showing ``face``, its top-left corner at (x, y)."""
    shapes: list = [Rect(x, y, size, size, Style(stroke=ink, fill=fill, width=size * 0.05),
                         radius=size * 0.15)]
    r = size * 0.09
    shapes += [Circle(x + px * size, y + py * size, r, filled(ink)) for px, py in _PIPS[face]]
    return shapes


def qr_code(data: str, x: float, y: float, size: float) -> list:
    """A QR code as vector squares (runs of dark modules merged per row)."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    module = size / len(matrix)
    shapes: list = []
    ink = filled("#000000")
    for row, bits in enumerate(matrix):
        col = 0
        while col < len(bits):
            if not bits[col]:
                col += 1
                continue
            start = col
            while col < len(bits) and bits[col]:
                col += 1
            shapes.append(Rect(x + start * module, y + row * module, (col - start) * module,
                               module, ink))
    return shapes


def text_box(text: str, x: float, y: float, width: float, size: float,
             measure: Callable[[str, float], float], *, leading: float = 1.35,
             bold: bool = False) -> tuple[list, float]:
    """Wrapped text (kinsoku rules) from (x, y) down; returns the shapes and the height."""
    line_height = size * MM_PER_PT * leading
    lines = wrap(text, width, lambda s: measure(s, size))
    shapes = [Text(x, y + (i + 0.8) * line_height, line, size, bold=bold)
              for i, line in enumerate(lines)]
    return shapes, len(lines) * line_height


def bulleted(items: list[str], x: float, y: float, width: float, height: float,
             measure: Callable[[str, float], float], *, size: float, min_size: float,
             bullet: str = "#000000", gap: float = 1.2) -> list:
    """Paragraphs each after a dot, wrapped with kinsoku, at the largest size from
    ``size`` down to ``min_size`` (0.2 pt steps) at which they fit ``height``."""
    return bullet_list(items, x, y, width, height, measure, size=size, min_size=min_size,
                       bullet=bullet, gap=gap)[0]


def bullet_list(items: list[str], x: float, y: float, width: float, height: float,
                measure: Callable[[str, float], float], *, size: float, min_size: float,
                bullet: str = "#000000", gap: float = 1.2) -> tuple[list, bool]:
    """:func:`bulleted`, and whether the list fits ``height`` (at ``min_size`` it is
    drawn all the same)."""
    points = size
    while True:
        shapes: list = []
        top = y
        for item in items:
            shapes.append(Circle(x + 0.8, top + points * MM_PER_PT * 0.75, 0.55, filled(bullet)))
            lines, used = text_box(item, x + 2.6, top, width - 2.6, points, measure,
                                   leading=1.25)
            shapes += lines
            top += used + gap
        if top - y <= height or points - 0.2 < min_size:
            return shapes, top - y <= height
        points = round(points - 0.2, 1)


FOLD = Style(stroke="#808080", width=0.2, dash=(2.0, 1.5))


def fold_standee(width: float, base: float, panel: float, front: list, back: list,
                 bleed: float, labels: tuple[str, str] = ("", "")) -> list:
    """A fold-up standee ``width`` wide, from the top: a foot, the front panel (drawn
    upside down), the back panel, a foot. Folded on the dashes — the panels back to
    back, the feet outwards — it stands with the front upright. ``front`` and
    ``back`` are drawn in a ``width`` × ``panel`` box; ``labels`` go on the feet."""
    length = 2 * base + 2 * panel
    shapes: list = [Rect(-bleed, -bleed, width + 2 * bleed, length + 2 * bleed,
                         filled("#fbf8f1")),
                     Group(tuple(front), dx=width, dy=base + panel, rotate=180),
                     Group(tuple(back), dy=base + panel)]
    shapes += [Line(0, y, width, y, FOLD) for y in (base, base + panel, base + 2 * panel)]
    inset = max(base * 0.35, SAFE_ZONE + 0.6)  # the words clear of the cut
    if labels[0]:
        shapes.append(Group((Text(0, 0, labels[0], 6, anchor="middle"),), dx=width / 2,
                            dy=inset, rotate=180))
    if labels[1]:
        shapes.append(Text(width / 2, length - inset, labels[1], 6, anchor="middle"))
    return shapes


# --- icons (drawn in a unit box, scaled to ``s`` mm, top-left at x, y) ---------------


def monster(x: float, y: float, s: float, colour: str = "#8c1c13") -> list:
    """Dark Hall's monster: a horned head with two yellow eyes and white teeth."""
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


def ghost(x: float, y: float, s: float, colour: str = "#6b6b8f") -> list:
    w = s * 0.7
    left, top = x + (s - w) / 2, y + s * 0.12
    bottom = y + s * 0.88
    body = Path((
        ("M", left, bottom), ("L", left, top + w / 2),
        ("C", left, top - w * 0.05, left + w, top - w * 0.05, left + w, top + w / 2),
        ("L", left + w, bottom),
        ("L", left + w * 0.75, bottom - s * 0.1), ("L", left + w / 2, bottom),
        ("L", left + w * 0.25, bottom - s * 0.1), ("Z",),
    ), Style(stroke="#000000", fill=colour, width=s * 0.03))
    eyes = [Circle(left + w * 0.33, top + w * 0.45, s * 0.06, filled("#ffffff")),
            Circle(left + w * 0.67, top + w * 0.45, s * 0.06, filled("#ffffff"))]
    return [body, *eyes]


def bat(x: float, y: float, s: float, colour: str = "#4a3b52") -> list:
    cx, cy = x + s / 2, y + s * 0.45
    wing = Path((
        ("M", cx, cy - s * 0.1), ("L", x + s * 0.08, cy - s * 0.18),
        ("L", x + s * 0.2, cy + s * 0.05), ("L", x + s * 0.3, cy - s * 0.02),
        ("L", cx - s * 0.08, cy + s * 0.22), ("L", cx, cy + s * 0.12),
        ("L", cx + s * 0.08, cy + s * 0.22), ("L", x + s * 0.7, cy - s * 0.02),
        ("L", x + s * 0.8, cy + s * 0.05), ("L", x + s * 0.92, cy - s * 0.18), ("Z",),
    ), Style(stroke="#000000", fill=colour, width=s * 0.025))
    return [wing, Circle(cx, cy - s * 0.02, s * 0.09, filled(colour))]


def slime(x: float, y: float, s: float, colour: str, letter: str = "") -> list:
    """A slime; ``letter`` in a white badge on it names its colour."""
    left, right, base = x + s * 0.15, x + s * 0.85, y + s * 0.8
    body = Path((
        ("M", left, base), ("C", left, y + s * 0.2, right, y + s * 0.2, right, base), ("Z",),
    ), Style(stroke="#000000", fill=colour, width=s * 0.03))
    eyes = [Circle(x + s * 0.4, y + s * 0.55, s * 0.05, filled("#000000")),
            Circle(x + s * 0.6, y + s * 0.55, s * 0.05, filled("#000000"))]
    if not letter:
        return [body, *eyes]
    high = max(s * 0.26, MIN_TEXT * MM_PER_PT)  # the letter never under 6 pt
    badge = [Circle(x + s * 0.82, y + s * 0.22, max(s * 0.2, high * 0.62),
                    Style(fill="#ffffff", width=s * 0.02)),
             Text(x + s * 0.82, y + s * 0.22 + high * 0.38, letter, high / MM_PER_PT,
                  anchor="middle", bold=True)]
    return [body, *eyes, *badge]


def chest(x: float, y: float, s: float, colour: str = "#d9a441") -> list:
    body = Rect(x + s * 0.18, y + s * 0.38, s * 0.64, s * 0.42,
                Style(stroke="#000000", fill=colour, width=s * 0.03))
    lid = Path((("M", x + s * 0.18, y + s * 0.38), ("C", x + s * 0.18, y + s * 0.15,
                                                    x + s * 0.82, y + s * 0.15,
                                                    x + s * 0.82, y + s * 0.38), ("Z",)),
               Style(stroke="#000000", fill=colour, width=s * 0.03))
    lock = Rect(x + s * 0.46, y + s * 0.34, s * 0.08, s * 0.12, filled("#000000"))
    return [body, lid, lock]


def key(x: float, y: float, s: float) -> list:
    ring = Circle(x + s * 0.3, y + s * 0.5, s * 0.17, Style(width=s * 0.07))
    shaft = Line(x + s * 0.47, y + s * 0.5, x + s * 0.92, y + s * 0.5, Style(width=s * 0.07))
    teeth = [Line(x + s * 0.8, y + s * 0.5, x + s * 0.8, y + s * 0.66, Style(width=s * 0.07)),
             Line(x + s * 0.68, y + s * 0.5, x + s * 0.68, y + s * 0.62, Style(width=s * 0.07))]
    return [ring, shaft, *teeth]


def arrow(x1: float, y1: float, x2: float, y2: float, head: float = 2.0,
          style: Style | None = None) -> list:
    style = style or Style(width=0.4)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    left = (x2 - head * ux + head * 0.5 * uy, y2 - head * uy - head * 0.5 * ux)
    right = (x2 - head * ux - head * 0.5 * uy, y2 - head * uy + head * 0.5 * ux)
    tip = Path((("M", x2, y2), ("L", *left), ("L", *right), ("Z",)),
               Style(stroke=None, fill=style.stroke or "#000000"))
    return [Line(x1, y1, x2, y2, style), tip]


def mark(shape: str, cx: float, cy: float, r: float, colour: str) -> list:
    """A solid shape of radius ``r`` centred on (cx, cy): the mark that tells
    pieces apart without their colour (circle, square, triangle, diamond, star,
    cross, hexagon). Outlined in its own colour, so it stays in sight in ink-saver
    print, where lines print black."""
    style = Style(stroke=colour, fill=colour, width=0.15)
    if shape == "circle":
        return [Circle(cx, cy, r * 0.85, style)]
    if shape == "square":
        side = r * 1.5
        return [Rect(cx - side / 2, cy - side / 2, side, side, style)]
    if shape == "cross":
        bar = r * 0.6
        return [Rect(cx - r, cy - bar / 2, 2 * r, bar, style),
                Rect(cx - bar / 2, cy - r, bar, 2 * r, style)]
    corners = {"triangle": (3, 1.0, 1.0), "diamond": (4, 1.0, 1.0), "hexagon": (6, 1.0, 1.0),
               "star": (5, 1.0, 0.45)}
    if shape not in corners:
        raise ValueError(f"no mark {shape!r}")
    points, outer, inner = corners[shape]
    return [_polygon(cx, cy, r, points, outer, inner, style)]


def _polygon(cx: float, cy: float, r: float, points: int, outer: float, inner: float,
             style: Style) -> Path:
    """A regular polygon (or, with ``inner`` < ``outer``, a star), one point up."""
    steps = points if inner == outer else 2 * points
    corners = []
    for i in range(steps):
        radius = r * (outer if i % 2 == 0 or inner == outer else inner)
        angle = -pi / 2 + 2 * pi * i / steps
        corners.append((cx + radius * cos(angle), cy + radius * sin(angle)))
    commands = [("M", *corners[0]), *[("L", *c) for c in corners[1:]], ("Z",)]
    return Path(tuple(commands), style)


def emblem(seed: str, x: float, y: float, size: float, colour: str) -> list:
    """A card's own emblem, made from its data: a 5 × 5 pattern, mirrored left to right,
    its cells chosen by the SHA-256 of ``seed`` (the same seed, the same emblem), in a
    ``size`` mm square at (x, y)."""
    import hashlib

    bits = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:4], "big")
    cells = [(col, row) for row in range(5) for col in range(3) if bits >> (row * 3 + col) & 1]
    if len(cells) < 4:  # too sparse to read as a mark: its complement
        cells = [(c, r) for r in range(5) for c in range(3) if (c, r) not in cells]
    step = size / 5
    shapes = [Rect(x, y, size, size, Style(stroke=colour, width=0.3), radius=step / 3)]
    for col, row in cells:
        for mirrored in {col, 4 - col}:
            shapes.append(Rect(x + mirrored * step + step * 0.1, y + row * step + step * 0.1,
                               step * 0.8, step * 0.8, filled(colour), radius=step * 0.15))
    return shapes
