"""Phone photos of played Roguelight sheets, made for testing the photo reader.

A photo is made in three steps, each seeded:

1. **the sheet** — a finished sheet from real play (a shipped example, a
   replayed log) or from random legal play (:func:`random_play`);
2. **the pencil** — the printed sheet (rendered from the PDF ``pnp`` makes) is
   drawn on as players do: cells filled in solid pencil, ballpoint hatching at
   any angle, crossed or scribbled, strokes straying over borders; dotted
   plans with wobble; development numbers struck out; item marks circled and
   their boxes filled when spent; goals outlined; ghost actions struck
   through; erased marks left as smudges;
3. **the camera** — the page bent a little (paper curl), tilted up to 35° and
   turned any way, on a table, under uneven light with a shadow, blurred,
   with sensor noise, at 1–12 megapixels, saved as JPEG at quality 60–95.

The truth (what was drawn) comes back with the photo. A :class:`Style` (one of
``STYLES``) changes the hand, the light and the camera: dashes drawn inside a
plan's lines, a light pencil, a lamp's hard shadow, a paper bowed more than these
tests' own, a photo overexposed, a phone moved as it took it, a lamp's glare, a
phone's tone curve lightening the shadows.
"""

from __future__ import annotations

import math
import random
import tempfile
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from companion.errors import IllegalMove
from companion.grid import Cell, Rect
from companion.roguelight.build import BAT_ADVANCE, Build, orientations, setup
from companion.roguelight.layout import PAGE_W, Box, SheetLayout
from companion.roguelight.maps import BAT, GOALS, ITEM, Map, shipped

PX = 12.0  # pixels per mm of the rendered page


# --- 1. the sheet ----------------------------------------------------------------


@dataclass
class Truth:
    """What a player drew on the sheet: everything the reader must find."""

    board: Map
    filled: set[Cell]
    plans: list[Rect]
    development: int
    circled: set[int]  # item marks circled by the player (printed ones not included)
    spent: set[int]
    goals: list[str] = field(default_factory=list)
    ghosts: set[int] = field(default_factory=set)  # ghost actions struck through (0–2)

    @property
    def exit(self) -> Cell | None:
        open_ = [c for c in self.board.exits if c not in self.filled]
        return open_[0] if len(open_) == 1 else None


def from_build(build: Build, rng: random.Random) -> Truth:
    """The truth of a finished build: the unused exits filled, some marks spent."""
    board = build.map
    open_exits = [c for c in board.exits if c not in build.filled]
    if open_exits:
        keep = rng.choice(open_exits)
        build.filled |= {c for c in open_exits if c != keep}
    circled = set(build.circled) - set(board.items_circled)
    goals = list(build.goals) if build.goals else (
        rng.sample(GOALS, rng.randint(0, 2)) if board.large else [])
    return Truth(board, set(build.filled), list(build.plans), build.development, circled,
                 set(build.spent), goals, set(build.ghosts_used))


def random_play(board: Map, rng: random.Random, rounds: int | None = None) -> Build:
    """A build played with random legal moves until it is over: blocks of the rolled
    face, plans of the rolled area, special cells' effects (:func:`_effect`), marks
    spent."""
    build = setup(board, rng.randint(1, 6), rng.randint(1, 6))
    for _ in range(rounds if rounds is not None else rng.randint(4, 16)):
        if build.development >= board.development_length:
            break  # the last development number crossed: the build part is over
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        if rng.random() < 0.3 and _random_plan(build, white + black, rng):
            continue
        _random_block(build, white, rng)
    marks = sorted(build.circled)
    build.spent = set(rng.sample(marks, rng.randint(0, min(2, len(marks)))))
    return build


def _random_plan(build: Build, area: int, rng: random.Random) -> bool:
    board = build.map
    shapes = [(w, area // w) for w in range(2, area) if area % w == 0 and area // w >= 2]
    for _ in range(200):
        if not shapes:
            return False
        w, h = rng.choice(shapes)
        x, y = rng.randrange(board.width - w + 1), rng.randrange(board.height - h + 1)
        rect = Rect(x, y, x + w - 1, y + h - 1)
        if any(c in build.filled for c in rect.cells()):
            continue
        try:
            build.check_plan(rect, "plan")
        except IllegalMove:
            continue
        build.draw_plan(rect)
        return True
    return False


def _random_block(build: Build, face: int, rng: random.Random) -> None:
    board = build.map
    shapes = sorted(orientations(board.blocks[face]), key=sorted)
    for _ in range(300):
        shape = rng.choice(shapes)
        dx, dy = rng.randrange(board.width), rng.randrange(board.height)
        cells = {(x + dx, y + dy) for x, y in shape}
        try:
            build.check_block(cells, "block")
        except IllegalMove:
            continue
        for cell in build.fill(cells):
            _effect(build, cell, rng)
        return


def _effect(build: Build, cell: Cell, rng: random.Random) -> None:
    """A special cell's effect, as the rules allow: an item circles the leftmost free
    mark (in a section whose boundary is broken), a bat may advance the development
    track by 2, a ghost may use a free ghost action."""
    board, free_section = build.map, build.broken + 1
    kind = build.special_kind(cell)
    if kind == ITEM:
        free = [m for m in range(1, len(board.item_points) + 1)
                if m not in build.circled and board.item_sections[m - 1] <= free_section]
        if free:
            build.circled.add(free[0])
    elif kind == BAT:
        if rng.random() < 0.5:
            build.advance(BAT_ADVANCE)
    elif rng.random() < 0.5:
        unused = [i for i, action in enumerate(board.ghost_actions)
                  if i not in build.ghosts_used and action.section <= free_section]
        if unused:
            build.ghosts_used.add(rng.choice(unused))


# --- the printed page --------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    image: np.ndarray  # RGB float32, 0–1, PX pixels a mm
    origin: tuple[float, float]  # the sheet's top-left corner on the page, mm
    layout: SheetLayout


@cache
def printed_page(map_name: str, lang: str = "ja", paper: str = "a4") -> Page:
    """The blank sheet as printed by ``pnp build roguelight sheet``."""
    import pypdfium2
    from click.testing import CliRunner

    from pnp import paper as papers
    from pnp.cli import main

    board = shipped(map_name)
    with tempfile.TemporaryDirectory() as out:
        result = CliRunner().invoke(main, ["build", "roguelight", "sheet", "--map", map_name,
                                           "--lang", lang, "--paper", paper, "--out", out])
        assert result.exit_code == 0, result.output
        pdf = pypdfium2.PdfDocument(str(next(Path(out).glob("roguelight-sheet*.pdf"))))
        bitmap = pdf[0].render(scale=PX * 25.4 / 72).to_numpy()
        pdf.close()
    image = bitmap[:, :, :3][:, :, ::-1].astype(np.float32) / 255  # BGR(x) → RGB
    layout = SheetLayout(board)
    w, h = papers.paper(paper).oriented(False)
    x, y, uw, uh = papers.usable(w, h)
    return Page(image, (x + (uw - PAGE_W) / 2, y + (uh - layout.height) / 2), layout)


# --- 2. the pencil ---------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How the players draw and the light falls, where photos may differ from these
    tests' own: the pencil's grey and pressure (ranges), how far inside a plan's
    lines its dashes run (mm, a range), how sharp a shadow's edge is (its blur,
    a share of the frame; every photo then has one) and how far the paper bows
    (mm, a range)."""

    grey: tuple[float, float] = (0.18, 0.35)
    pressure: tuple[float, float] = (0.45, 0.9)
    drift: tuple[float, float] = (-0.3, 0.3)
    shadow_edge: float | None = None
    curl: tuple[float, float] = (0, 3)
    #: how much brighter than the camera's own the photo is exposed (a range): the
    #: paper, near white already, clips, and the pencil pales
    exposure: tuple[float, float] | None = None
    #: how far the phone moved as the photo was taken (photo pixels, a range): the
    #: photo smeared along one way
    shake: tuple[float, float] | None = None
    #: how much a lamp's reflection veils the photo at its middle (a range, 0–1): the
    #: paper there lightens, and the print and the pencil pale towards it
    glare: tuple[float, float] | None = None
    #: the phone's tone curve (a range of powers the brightness is raised to; under
    #: 1 the shadows are lightened, as a phone does for a dim room)
    tone: tuple[float, float] | None = None


#: The generator's own style, and others a reader may meet: dashes kept apart from
#: the printed lines, a light hand, a lamp's hard shadow, a paper bowed 3–8 mm, a
#: photo overexposed by 15–35 %, a phone moved 3–8 pixels as it took the photo, a
#: lamp's reflection veiling 30–60 % of the light at its middle, a phone's tone
#: curve lightening the shadows (brightness to the power 0.5–0.8).
STYLES = {"plain": Style(), "inside": Style(drift=(0.4, 1.0)),
          "light": Style(grey=(0.35, 0.55), pressure=(0.35, 0.7)),
          "hard-shadow": Style(shadow_edge=0.012), "bowed": Style(curl=(3, 8)),
          "bright": Style(exposure=(1.15, 1.35)), "shaken": Style(shake=(3, 8)),
          "glare": Style(glare=(0.3, 0.6)), "toned": Style(tone=(0.5, 0.8))}


@dataclass(frozen=True)
class Pen:
    colour: tuple[float, float, float]
    width: float  # mm
    alpha: float
    grain: float  # 0: ink, up to 1: pencil on rough paper


def pencil(rng: random.Random, style: Style = STYLES["plain"]) -> Pen:
    grey = rng.uniform(*style.grey)
    return Pen((grey, grey, grey + 0.02), rng.uniform(0.3, 0.6), rng.uniform(*style.pressure),
               rng.uniform(0.3, 0.7))


def ballpoint(rng: random.Random) -> Pen:
    colour = rng.choice([(0.1, 0.15, 0.5), (0.08, 0.08, 0.1)])
    return Pen(colour, rng.uniform(0.3, 0.5), rng.uniform(0.85, 1.0), 0.1)


class Sheet:
    """The page being drawn on, in the sheet's millimetres."""

    def __init__(self, page: Page, rng: random.Random, style: Style = STYLES["plain"]
                 ) -> None:
        self.image = page.image.copy()
        self.style = style
        self.origin = page.origin
        self.layout = page.layout
        self.rng = rng

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin[0] + x) * PX, (self.origin[1] + y) * PX

    def stroke(self, points: list[tuple[float, float]], pen: Pen,
               clip: Box | None = None) -> None:
        """One stroke through ``points`` (mm), composited where it lands."""
        pts = np.array([self.px(x, y) for x, y in points], np.float32)
        pad = pen.width * PX + 2
        x0, y0 = np.floor(pts.min(0) - pad).astype(int)
        x1, y1 = np.ceil(pts.max(0) + pad).astype(int)
        h, w = self.image.shape[:2]
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if x1 <= x0 or y1 <= y0:
            return
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        shifted = np.round((pts - (x0, y0)) * 16).astype(np.int32)
        cv2.polylines(mask, [shifted], False, 255, max(1, round(pen.width * PX)),
                      cv2.LINE_AA, shift=4)
        m = mask.astype(np.float32) / 255
        if clip is not None:
            m *= self._clip_mask(clip, x0, y0, m.shape)
        if pen.grain:
            noise = self.rng.random()  # a seed for this stroke's grain
            grain = np.random.default_rng(int(noise * 2**32)).random(m.shape, np.float32)
            m *= 1 - pen.grain * grain
        a = (m * pen.alpha)[:, :, None]
        region = self.image[y0:y1, x0:x1]
        region *= 1 - a
        region += a * np.array(pen.colour, np.float32)

    def _clip_mask(self, box: Box, x0: int, y0: int, shape) -> np.ndarray:
        left, top = self.px(box.x, box.y)
        right, bottom = self.px(box.x + box.w, box.y + box.h)
        ys, xs = np.mgrid[y0:y0 + shape[0], x0:x0 + shape[1]]
        return ((xs >= left) & (xs <= right) & (ys >= top) & (ys <= bottom)).astype(np.float32)

    def smudge(self, x: float, y: float, radius: float, strength: float) -> None:
        """An erased mark: a faint grey cloud."""
        cx, cy = self.px(x, y)
        r = radius * PX
        x0, y0 = int(max(cx - 2 * r, 0)), int(max(cy - 2 * r, 0))
        x1 = int(min(cx + 2 * r, self.image.shape[1]))
        y1 = int(min(cy + 2 * r, self.image.shape[0]))
        ys, xs = np.mgrid[y0:y1, x0:x1]
        a = strength * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * r * r))
        self.image[y0:y1, x0:x1] *= 1 - a[:, :, None].astype(np.float32) * 0.6


def _jitter(rng: random.Random, s: float) -> float:
    return rng.gauss(0, s)


def fill_cell(sheet: Sheet, box: Box, rng: random.Random, style: str | None = None) -> None:
    """A cell filled as a player fills it."""
    style = style or rng.choices(["solid", "hatch", "cross", "scribble"], [4, 4, 1, 1])[0]
    pen = ballpoint(rng) if style == "hatch" and rng.random() < 0.5 else pencil(rng, sheet.style)
    over = rng.uniform(-0.4, 1.0) if rng.random() < 0.85 else rng.uniform(1.0, 2.0)
    reach = Box(box.x - over, box.y - over, box.w + 2 * over, box.h + 2 * over)
    if style == "cross":
        for (x0, y0), (x1, y1) in (((0, 0), (1, 1)), ((1, 0), (0, 1))):
            sheet.stroke(_line(box, x0, y0, x1, y1, rng, over), pen)
        return
    if style == "scribble":
        points = [(reach.x + rng.random() * reach.w, reach.y + rng.random() * reach.h)
                  for _ in range(rng.randint(25, 40))]
        sheet.stroke(_smooth(points), pen)
        sheet.stroke(_smooth(points[::-1]), pen)
        return
    spacing = pen.width * rng.uniform(0.7, 1.0) if style == "solid" else rng.uniform(0.8, 1.6)
    angle = rng.uniform(0, math.pi)
    for line in _hatch(reach, angle, spacing, rng):
        sheet.stroke(line, pen, clip=reach)


def _line(box: Box, u0: float, v0: float, u1: float, v1: float, rng: random.Random,
          over: float) -> list[tuple[float, float]]:
    dx, dy = (u1 - u0) * box.w, (v1 - v0) * box.h
    n = math.hypot(dx, dy)
    ex, ey = dx / n * over, dy / n * over
    a = (box.x + u0 * box.w - ex + _jitter(rng, 0.4), box.y + v0 * box.h - ey + _jitter(rng, 0.4))
    b = (box.x + u1 * box.w + ex + _jitter(rng, 0.4), box.y + v1 * box.h + ey + _jitter(rng, 0.4))
    mid = ((a[0] + b[0]) / 2 + _jitter(rng, 0.3), (a[1] + b[1]) / 2 + _jitter(rng, 0.3))
    return [a, mid, b]


def _hatch(box: Box, angle: float, spacing: float, rng: random.Random):
    """Parallel strokes at ``angle`` over ``box``, each a little wobbly."""
    cx, cy = box.centre
    half = math.hypot(box.w, box.h) / 2
    ux, uy = math.cos(angle), math.sin(angle)
    n = int(2 * half / spacing) + 1
    for i in range(n):
        d = -half + i * spacing + _jitter(rng, spacing * 0.1)
        ox, oy = cx - uy * d, cy + ux * d
        yield [(ox - ux * half, oy - uy * half),
               (ox + _jitter(rng, 0.15), oy + _jitter(rng, 0.15)),
               (ox + ux * half, oy + uy * half)]


def _smooth(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A Catmull–Rom curve through ``points``."""
    out = []
    for i in range(1, len(points) - 2):
        p0, p1, p2, p3 = points[i - 1:i + 3]
        for t in np.linspace(0, 1, 6, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * ((2 * p1[k]) + (-p0[k] + p2[k]) * t
                                    + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                                    + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3)
                             for k in range(2)))
    return out or points


def dotted_rect(sheet: Sheet, left: float, top: float, right: float, bottom: float,
                rng: random.Random, drift: float | None = None) -> None:
    """A plan: dashes along a rectangle's sides, drawn freehand, ``drift`` mm inside
    the lines (outside where less than 0)."""
    pen = pencil(rng, sheet.style) if rng.random() < 0.7 else ballpoint(rng)
    dash, gap = rng.uniform(0.6, 2.2), rng.uniform(0.6, 1.8)
    drift = rng.uniform(*sheet.style.drift) if drift is None else drift
    for (x0, y0), (x1, y1) in (((left, top), (right, top)), ((right, top), (right, bottom)),
                               ((right, bottom), (left, bottom)), ((left, bottom), (left, top))):
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        s = rng.uniform(0, gap)
        while s < length:
            e = min(s + dash * rng.uniform(0.7, 1.3), length)
            off = drift + _jitter(rng, 0.2)
            sheet.stroke([(x0 + ux * s - uy * off, y0 + uy * s + ux * off),
                          (x0 + ux * e - uy * (off + _jitter(rng, 0.1)),
                           y0 + uy * e + ux * (off + _jitter(rng, 0.1)))], pen)
            s = e + gap * rng.uniform(0.7, 1.3)


def ring(sheet: Sheet, box: Box, rng: random.Random, margin: float = 0.8,
         pen: Pen | None = None) -> None:
    """A hand-drawn loop round ``box``: an ellipse that may not quite close, in
    ``pen`` or one chosen at random."""
    pen = pen or (pencil(rng, sheet.style) if rng.random() < 0.6 else ballpoint(rng))
    cx, cy = box.centre
    rx = box.w / 2 + margin + rng.uniform(0, 0.8)
    ry = box.h / 2 + margin + rng.uniform(0, 0.8)
    start = rng.uniform(0, 2 * math.pi)
    sweep = rng.uniform(2 * math.pi * 0.95, 2 * math.pi * 1.12)
    points = []
    for t in np.linspace(start, start + sweep, 40):
        wob = 1 + _jitter(rng, 0.03)
        points.append((cx + rx * wob * math.cos(t), cy + ry * wob * math.sin(t)))
    sheet.stroke(points, pen)


def outline(sheet: Sheet, box: Box, rng: random.Random) -> None:
    """A goal outlined: a freehand rectangle round its box."""
    pen = pencil(rng, sheet.style)
    m = rng.uniform(0.4, 1.2)
    corners = [(box.x - m, box.y - m), (box.x + box.w + m, box.y - m),
               (box.x + box.w + m, box.y + box.h + m), (box.x - m, box.y + box.h + m)]
    points = [(x + _jitter(rng, 0.25), y + _jitter(rng, 0.25)) for x, y in corners]
    sheet.stroke([*points, points[0]], pen)


def strike(sheet: Sheet, box: Box, rng: random.Random) -> None:
    """A slash across ``box`` (a used ghost action, a crossed-out number)."""
    pen = pencil(rng, sheet.style) if rng.random() < 0.7 else ballpoint(rng)
    if rng.random() < 0.5:
        sheet.stroke(_line(box, 0.1, 0.9, 0.9, 0.1, rng, 0.3), pen)
    else:
        sheet.stroke(_line(box, 0.1, 0.1, 0.9, 0.9, rng, 0.3), pen)
    if rng.random() < 0.3:
        sheet.stroke(_line(box, 0.9, 0.9, 0.1, 0.1, rng, 0.3), pen)


def draw(truth: Truth, page: Page, rng: random.Random, style: Style = STYLES["plain"]
         ) -> np.ndarray:
    """The printed page with the truth drawn on it."""
    sheet = Sheet(page, rng, style)
    at = page.layout
    board = truth.board
    done: set[Cell] = set()
    for monster in board.large:
        if monster.cells & truth.filled:  # a large monster is filled whole, as one area
            xs, ys = [c[0] for c in monster.cells], [c[1] for c in monster.cells]
            a, b = at.cell_box((min(xs), min(ys))), at.cell_box((max(xs), max(ys)))
            fill_cell(sheet, Box(a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y), rng)
            done |= monster.cells
    for cell in sorted(truth.filled - done):
        fill_cell(sheet, at.cell_box(cell), rng)
    for plan in truth.plans:
        a, b = at.cell_box((plan.left, plan.top)), at.cell_box((plan.right, plan.bottom))
        dotted_rect(sheet, a.x, a.y, b.x + b.w, b.y + b.h, rng)
    for number in range(1, truth.development + 1):
        c = at.development(number)
        strike(sheet, Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r), rng)
    for mark in truth.circled:
        ring(sheet, at.item_ring(mark), rng, margin=0.3)
    for mark in truth.spent:
        fill_cell(sheet, at.item_box(mark), rng, rng.choice(["solid", "hatch", "cross"]))
    for goal in truth.goals:
        outline(sheet, at.goal_box(GOALS.index(goal)), rng)
    for index in truth.ghosts:
        strike(sheet, at.ghost_box(index), rng)
    for _ in range(rng.randint(0, 4)):  # erased marks
        sheet.smudge(rng.uniform(0, 190), rng.uniform(0, at.height), rng.uniform(2, 8),
                     rng.uniform(0.05, 0.25))
    return sheet.image


# --- 3. the camera ----------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """How the photo is taken."""

    megapixels: float
    tilt: float  # degrees from looking straight down
    turn: float  # the sheet's rotation in the frame, degrees
    fill: float  # how much of the frame the sheet takes
    curl: float  # mm the paper bows
    light: float  # darkest / brightest of the uneven light
    shadow: float  # how dark the shadow across the sheet is (1: none)
    blur: float  # Gaussian sigma, in photo pixels
    noise: float  # sensor noise, in levels of 255
    quality: int  # JPEG
    edge: float = 0.05  # how soft the shadow's edge is: its blur, a share of the frame
    exposure: float = 1.0  # brighter than the camera's own exposure by this
    shake: float = 0.0  # photo pixels the phone moved, at ``shake_angle`` degrees
    shake_angle: float = 0.0
    glare: float = 0.0  # how much a reflection veils the photo at its middle
    glare_at: tuple[float, float, float] = (0.5, 0.5, 0.1)  # its middle and reach, frame shares
    tone: float = 1.0  # the power the phone raises the brightness to (under 1: lighter)


def random_shot(rng: random.Random, style: Style = STYLES["plain"]) -> Shot:
    shot = Shot(megapixels=math.exp(rng.uniform(math.log(1), math.log(12))),
                tilt=rng.uniform(0, 35), turn=rng.uniform(0, 360), fill=rng.uniform(0.6, 0.92),
                curl=rng.uniform(*style.curl), light=rng.uniform(0.55, 1), shadow=rng.choice(
                    [1, 1, rng.uniform(0.55, 0.9)]), blur=rng.uniform(0, 1.3),
                noise=rng.uniform(1, 5), quality=rng.randint(60, 95))
    if style.exposure is not None:
        shot = replace(shot, exposure=rng.uniform(*style.exposure))
    if style.shake is not None:
        shot = replace(shot, shake=rng.uniform(*style.shake), shake_angle=rng.uniform(0, 180))
    if style.glare is not None:
        shot = replace(shot, glare=rng.uniform(*style.glare), glare_at=(
            rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7), rng.uniform(0.05, 0.12)))
    if style.tone is not None:
        shot = replace(shot, tone=rng.uniform(*style.tone))
    if style.shadow_edge is None:
        return shot
    return replace(shot, shadow=rng.uniform(0.55, 0.75), edge=style.shadow_edge)


def photograph(page: np.ndarray, shot: Shot, rng: random.Random) -> bytes:
    """A JPEG of ``page`` as a phone would take it."""
    h, w = page.shape[:2]
    width = int(math.sqrt(shot.megapixels * 1e6 * 4 / 3))
    size = (width, int(width * 3 / 4)) if rng.random() < 0.5 else (int(width * 3 / 4), width)
    corners = _projected_corners(w, h, shot, size, rng)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    # warp from a copy of the page near the photo's scale, to avoid aliasing
    scale = min(1.0, 1.6 * np.linalg.norm(corners[1] - corners[0]) / w)
    small = cv2.resize(page, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    homography = cv2.getPerspectiveTransform(corners, src * scale)
    map_x, map_y = _curled_maps(homography, size, small.shape, shot.curl * PX * scale, rng)
    background = _table(size, rng)
    photo = cv2.remap(small, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=(-1, -1, -1))
    outside = photo[:, :, 0] < 0
    photo[outside] = background[outside]
    photo *= _light(size, shot, rng)[:, :, None] * shot.exposure
    photo *= np.array([rng.uniform(0.92, 1.08) for _ in range(3)], np.float32)
    if shot.glare:
        photo += (1 - photo) * shot.glare * _glare(size, shot.glare_at)[:, :, None]
    if shot.blur > 0.2:
        photo = cv2.GaussianBlur(photo, (0, 0), shot.blur)
    if shot.shake:
        photo = _shaken(photo, shot.shake, shot.shake_angle)
    if shot.tone != 1:
        photo = np.clip(photo, 0, 1) ** shot.tone
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0, shot.noise / 255, photo.shape)
    photo = np.clip((photo + noise.astype(np.float32)) * 255, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", photo[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return jpeg.tobytes()


def _shaken(photo: np.ndarray, length: float, angle: float) -> np.ndarray:
    """``photo`` smeared ``length`` pixels along ``angle`` degrees: the phone moved."""
    side = 2 * math.ceil(length / 2) + 1
    kernel = np.zeros((side, side), np.float32)
    kernel[side // 2, (side - round(length)) // 2:(side + round(length)) // 2 + 1] = 1
    turn = cv2.getRotationMatrix2D((side // 2, side // 2), angle, 1)
    kernel = cv2.warpAffine(kernel, turn, (side, side))
    return cv2.filter2D(photo, -1, kernel / kernel.sum())


def _projected_corners(w: int, h: int, shot: Shot, size, rng: random.Random) -> np.ndarray:
    """The page's corners in the photo: tilted in 3-D, seen through a lens, turned."""
    axis = rng.uniform(0, 2 * math.pi)
    tilt = math.radians(shot.tilt)
    ax, ay = math.cos(axis), math.sin(axis)
    # Rodrigues rotation about the in-plane axis (ax, ay, 0)
    c, s = math.cos(tilt), math.sin(tilt)
    rot = np.array([[c + ax * ax * (1 - c), ax * ay * (1 - c), ay * s],
                    [ax * ay * (1 - c), c + ay * ay * (1 - c), -ax * s],
                    [-ay * s, ax * s, c]])
    turn = math.radians(shot.turn)
    spin = np.array([[math.cos(turn), -math.sin(turn), 0], [math.sin(turn), math.cos(turn), 0],
                     [0, 0, 1]])
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0],
                        [-w / 2, h / 2, 0]])
    world = corners @ spin.T @ rot.T
    focal = 1.1 * max(w, h)
    z = world[:, 2] + 2.2 * max(w, h)
    flat = np.stack([focal * world[:, 0] / z, focal * world[:, 1] / z], 1)
    span = flat.max(0) - flat.min(0)
    k = shot.fill * min(size[0] / span[0], size[1] / span[1])
    flat = (flat - flat.min(0)) * k
    room = np.array(size) - (flat.max(0))
    flat += np.array([rng.uniform(0, max(room[0], 0)), rng.uniform(0, max(room[1], 0))])
    return flat.astype(np.float32)


def _curled_maps(homography, size, shape, curl: float, rng: random.Random):
    """Where each photo pixel comes from on the page, the paper bowed by ``curl``."""
    xs, ys = np.meshgrid(np.arange(size[0], dtype=np.float32),
                         np.arange(size[1], dtype=np.float32))
    pts = np.stack([xs, ys, np.ones_like(xs)], -1) @ homography.T.astype(np.float32)
    u, v = pts[..., 0] / pts[..., 2], pts[..., 1] / pts[..., 2]
    h, w = shape[:2]
    phase = rng.uniform(0, math.pi)
    u = u + curl * np.sin(np.pi * v / h + phase) * (u / w - 0.5)
    v = v + curl * np.sin(np.pi * u / w) * rng.choice([-1, 1])
    return u.astype(np.float32), v.astype(np.float32)


def _table(size, rng: random.Random) -> np.ndarray:
    colour = np.array([rng.uniform(0.2, 0.7) for _ in range(3)], np.float32)
    width, height = size
    grain = np.random.default_rng(rng.getrandbits(32)).random((height // 8 + 1, 1), np.float32)
    stripes = cv2.resize(grain, (width, height), interpolation=cv2.INTER_LINEAR)
    return colour * (0.8 + 0.3 * stripes)[:, :, None]


def _light(size, shot: Shot, rng: random.Random) -> np.ndarray:
    """Uneven light: a gradient across the frame and perhaps a soft shadow."""
    width, height = size
    xs, ys = np.meshgrid(np.linspace(0, 1, width, dtype=np.float32),
                         np.linspace(0, 1, height, dtype=np.float32))
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xs - 0.5) * math.cos(angle) + (ys - 0.5) * math.sin(angle) + 0.5
    light = shot.light + (1 - shot.light) * ramp
    if shot.shadow < 1:
        mask = np.zeros((height, width), np.float32)
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        axes = (int(rng.uniform(0.2, 0.6) * width), int(rng.uniform(0.2, 0.6) * height))
        cv2.ellipse(mask, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), shot.edge * max(size))
        light *= 1 - (1 - shot.shadow) * mask
    return light


def _glare(size, at: tuple[float, float, float]) -> np.ndarray:
    """A lamp's reflection: 1 at its middle (``at``: across and down, shares of the
    frame), falling off as a Gaussian of ``at[2]`` of the frame's longer side."""
    width, height = size
    xs, ys = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    reach = at[2] * max(size)
    return np.exp(-((xs - at[0] * width) ** 2 + (ys - at[1] * height) ** 2) / (2 * reach ** 2))


# --- all three ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Photo:
    jpeg: bytes
    truth: Truth
    shot: Shot
    lang: str
    paper: str


def photo(seed: int, map_name: str | None = None, build: Build | None = None,
          style: Style = STYLES["plain"]) -> Photo:
    """A photo made from ``seed`` alone (in ``style``): the map, the play, the pencil
    and the camera."""
    rng = random.Random(seed)
    map_name = map_name or rng.choice(["basic", "advanced"])
    lang, paper = rng.choice(["ja", "en"]), rng.choice(["a4", "letter"])
    board = shipped(map_name)
    truth = from_build(build if build is not None else random_play(board, rng), rng)
    drawn = draw(truth, printed_page(map_name, lang, paper), rng, style)
    shot = random_shot(rng, style)
    return Photo(photograph(drawn, shot, rng), truth, shot, lang, paper)


def played_basic(seed: int, **shot) -> Photo:
    """A photo of a random play of the basic map, large in the frame, taken as
    ``shot`` changes it (a glare, a tone curve, the phone further off)."""
    rng = random.Random(seed)
    board = shipped("basic")
    truth = from_build(random_play(board, rng), rng)
    drawn = draw(truth, printed_page("basic"), rng)
    taken = replace(Shot(megapixels=6, tilt=10, turn=30, fill=0.85, curl=0, light=0.95,
                         shadow=1, blur=0.5, noise=2, quality=90), **shot)
    return Photo(photograph(drawn, taken, rng), truth, taken, "ja", "a4")


def of_sheet(sheet, seed: int, shot: Shot | None = None, lang: str = "ja",
             paper: str = "a4") -> Photo:
    """A photo of a finished sheet (a parsed sheet file: a shipped example, a replay)."""
    rng = random.Random(seed)
    board = sheet.map
    truth = Truth(board, set(sheet.filled), list(sheet.plans), sheet.development or 0,
                  set(sheet.circled) - set(board.items_circled), set(sheet.spent),
                  list(sheet.goals))
    drawn = draw(truth, printed_page(board.name, lang, paper), rng)
    shot = shot or random_shot(rng)
    return Photo(photograph(drawn, shot, rng), truth, shot, lang, paper)
