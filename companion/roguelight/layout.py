"""Where everything sits on a printed Roguelight sheet, in millimetres from the
sheet's top-left corner (y down).

One geometry, two users: ``pnp`` draws the sheet from it, and the photo reader
(:mod:`companion.roguelight.photo`) looks for a player's marks where it says.
The sheet is ``PAGE_W`` wide; its height depends on the map.

The four corner fiducials are ArUco markers (OpenCV's 4 × 4 dictionary, 50
codes): their codes say which corner they mark and which map the sheet is for,
so a photo is placed and its map known even where the QR code is too small to
read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from companion.grid import Cell, cell_name
from companion.roguelight.maps import Map

#: The layout's version, printed in the QR code: a reader knows the sheets it can read.
LAYOUT = 1
PAGE_W = 190.0  # the usable width of A4 and Letter alike
CELL = 11.0
MARKER = 10.0  # a fiducial's side (6 × 6 modules: a black border round 4 × 4 bits)
QR = 22.0
GRID_TOP = 16.0
GRID_LEFT = 5.0
SIDE_TOP = 28.0
GAP = 4.0  # between the sections below the map
#: A cell's picture is inset by this share of the cell on every side (a die by
#: DIE), leaving a ring where a player's pencil is read.
ICON = 0.25
DIE = 0.25
EXIT_SIDE, EXIT_TOP = 0.25, 0.22  # the exit's stairs and EXIT, inset from the sides and top

#: A fiducial's 4 × 4 inner bits, '#' black, for the codes 0–11 of OpenCV's
#: DICT_4X4_50 (a test compares them with OpenCV's own).
ARUCO_4X4 = (
    (".#..", "#.#.", "##..", "##.#"), ("####", "....", ".##.", ".#.#"),
    ("##..", "##..", "##.#", "..#."), (".##.", ".##.", "#.##", "#..#"),
    ("#.#.", "#.##", ".##.", "...#"), ("#...", ".##.", "..##", "..#."),
    (".##.", "...#", "##.#", "...#"), ("..##", "#.##", "....", "##.#"),
    ("....", "...#", "..#.", ".#.#"), ("..##", "....", "#.#.", "#..#"),
    ("....", ".##.", ".##.", "###."), ("###.", "###.", ".#.#", "#..."),
)
#: The corners in the order of their codes: top left, top right, bottom right, bottom left.
CORNERS = ("top left", "top right", "bottom right", "bottom left")
#: The first code of each map's four: the shipped maps, then any map file.
MAP_CODES = {"basic": 0, "advanced": 4}
FILE_CODES = 8


def marker_codes(board: Map, from_file: bool) -> tuple[int, int, int, int]:
    first = FILE_CODES if from_file or board.name not in MAP_CODES else MAP_CODES[board.name]
    return (first, first + 1, first + 2, first + 3)


def map_of_code(code: int) -> str | None:
    """The shipped map a corner code names, or None for a map file."""
    for name, first in MAP_CODES.items():
        if first <= code < first + 4:
            return name
    return None


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float


def cell_size(board: Map) -> float:
    return min(CELL, 120 / max(board.width, board.height))


def development_step(board: Map) -> float:
    return PAGE_W / board.development_length


def item_centres(board: Map) -> list[float]:
    """The x of each item mark (1 = leftmost), spread over its development section."""
    step = development_step(board)
    by_section: dict[int, list[int]] = {}
    for i, section in enumerate(board.item_sections, start=1):
        by_section.setdefault(section, []).append(i)
    edges = [0, *board.boundaries]
    centres = {}
    for section, marks in by_section.items():
        left = edges[section - 1] * step + 12
        right = edges[section] * step if section < len(edges) else PAGE_W
        span = (right - left) / len(marks)
        for j, mark in enumerate(marks):
            centres[mark] = left + (j + 0.5) * span
    return [centres[m] for m in sorted(centres)]


def time_box(board: Map) -> tuple[float, float]:
    """A time number's box and the gap between boxes (at least 0.6 box)."""
    count = board.time_length
    box = min(7.0, PAGE_W / (count + 0.6 * (count - 1)))
    return box, (PAGE_W - count * box) / (count - 1)


def armament_beside(width: float, levels: int) -> bool:
    """Whether a level's number fits beside its box (else it stands above it)."""
    return (width - 22) / levels >= 8.5


def armament_height(board: Map, width: float = PAGE_W) -> float:
    rows = [0 if armament_beside(width, len(row)) else 2.5 for row in board.armament.values()]
    return 5.0 + sum(extra + 6 for extra in rows)


GHOST_TOP = 4 + 3 * 15 + 2  # below the six block shapes, in the side panel
GHOST_STEP = 13.0
GOAL_TOP = GHOST_TOP + 3 + 3 * GHOST_STEP + 3
DEVELOPMENT_HEIGHT = 27.0
SCORES_HEIGHT = 18.0


@dataclass(frozen=True)
class SheetLayout:
    """Every position on the sheet of ``board``."""

    board: Map

    @cached_property
    def cell(self) -> float:
        return cell_size(self.board)

    @property
    def side_x(self) -> float:
        return GRID_LEFT + self.board.width * self.cell + 10

    @property
    def side_width(self) -> float:
        return PAGE_W - self.side_x

    @property
    def side_height(self) -> float:
        goals = 3 + 2.5 + 2 * 9 if self.board.large else 0
        return GHOST_TOP + 3 + 3 * GHOST_STEP + goals

    @property
    def grid_height(self) -> float:
        return self.board.height * self.cell + 4  # the column letters below

    @cached_property
    def time_y(self) -> float:
        return max(GRID_TOP + self.grid_height, SIDE_TOP + self.side_height) + 6

    @property
    def development_y(self) -> float:
        return self.time_y + 5 + time_box(self.board)[0] + GAP

    @property
    def armament_y(self) -> float:
        return self.development_y + DEVELOPMENT_HEIGHT + GAP

    @property
    def scores_y(self) -> float:
        return self.armament_y + armament_height(self.board) + GAP

    @property
    def height(self) -> float:
        return self.scores_y + SCORES_HEIGHT

    # --- what a reader looks at --------------------------------------------------

    def cell_box(self, cell: Cell) -> Box:
        x, y = cell
        return Box(GRID_LEFT + x * self.cell, GRID_TOP + y * self.cell, self.cell, self.cell)

    @property
    def grid_box(self) -> Box:
        return Box(GRID_LEFT, GRID_TOP, self.board.width * self.cell,
                   self.board.height * self.cell)

    def development(self, number: int) -> Circle:
        step = development_step(self.board)
        return Circle((number - 0.5) * step, self.development_y + 9, step * 0.38)

    def item_box(self, mark: int) -> Box:
        """The small box of item mark ``mark`` (1 = leftmost), filled when spent."""
        cx = item_centres(self.board)[mark - 1]
        return Box(cx - 2, self.development_y + 21.5, 4, 4)

    def item_ring(self, mark: int) -> Box:
        """Where the circle round an item mark's points and box runs."""
        cx = item_centres(self.board)[mark - 1]
        return Box(cx - 3.2, self.development_y + 17.4, 6.4, 9.0)

    def ghost_box(self, index: int) -> Box:
        """Ghost action ``index`` (0–2), struck through when used."""
        return Box(self.side_x, SIDE_TOP + GHOST_TOP + 3 + index * GHOST_STEP,
                   self.side_width, 11)

    def goal_box(self, index: int) -> Box:
        """Goal ``index`` (blue, green, ghost, bat), outlined when chosen."""
        half = self.side_width / 2
        return Box(self.side_x + (index % 2) * half,
                   SIDE_TOP + GOAL_TOP + 2.5 + (index // 2) * 9, half - 1, 8)

    @property
    def markers(self) -> tuple[Box, Box, Box, Box]:
        """The four fiducials, in the order of their codes."""
        right, bottom = PAGE_W - MARKER, self.height - MARKER
        return (Box(0, 0, MARKER, MARKER), Box(right, 0, MARKER, MARKER),
                Box(right, bottom, MARKER, MARKER), Box(0, bottom, MARKER, MARKER))

    @property
    def qr(self) -> Box:
        return Box(PAGE_W - MARKER - 3 - QR, 0, QR, QR)


def map_fingerprint(source: str) -> str:
    """What the QR code carries of a map file: the start of its text's SHA-256."""
    import hashlib

    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:12]


def qr_payload(board: Map, source: str | None) -> str:
    """Game, map, layout and version — and for a map file, a hash of it, so a
    scanned sheet knows exactly which map it is."""
    from companion import __version__

    payload = f"pnp-companion;game=roguelight;map={board.name};layout={LAYOUT};v={__version__}"
    if source is not None:
        payload += ";sha=" + map_fingerprint(source)
    return payload


def parse_qr(text: str) -> dict[str, str]:
    """The fields of a QR payload (empty if it is not one of the project's)."""
    parts = text.split(";")
    if not parts or parts[0] != "pnp-companion":
        return {}
    return dict(part.split("=", 1) for part in parts[1:] if "=" in part)


# --- what is printed inside the map's cells (where a reader must not look for pencil) ----

#: Each cell's picture as a share of the cell (left, top, right, bottom).
_ICON_BOX = (ICON, ICON, 1 - ICON, 1 - ICON)
_PICTURES = {
    **dict.fromkeys("bg", (ICON, ICON - 0.04, 1 - ICON + 0.04, 1 - ICON)),  # a slime's badge
    "X": (EXIT_SIDE, EXIT_TOP, 1 - EXIT_SIDE, 0.97),  # the exit's stairs and EXIT
    **{face: (DIE, DIE, 1 - DIE, 1 - DIE) for face in "123456"},
}


@dataclass(frozen=True)
class Area:
    """What a player fills at once: one cell, or a large monster's cells together."""

    cells: tuple[Cell, ...]
    box: Box
    pictures: tuple[Box, ...]  # what is printed inside it

    @property
    def name(self) -> str:
        from companion.grid import cell_name

        first, last = self.cells[0], self.cells[-1]
        if len(self.cells) == 1:
            return cell_name(first, upper=True)
        return f"{cell_name(first, upper=True)}:{cell_name(last, upper=True)}"


def areas(at: SheetLayout) -> list[Area]:
    """Every cell of the map, a large monster as one area, in reading order."""
    board = at.board
    large = {c: m for m in board.large for c in m.cells}
    found: list[Area] = []
    for monster in board.large:
        cells = tuple(sorted(monster.cells, key=lambda c: (c[1], c[0])))
        first, last = at.cell_box(cells[0]), at.cell_box(cells[-1])
        box = Box(first.x, first.y, last.x + last.w - first.x, last.y + last.h - first.y)
        found.append(Area(cells, box, _large_pictures(box)))
    for cell in board.cells:
        if cell not in large:
            box = at.cell_box(cell)
            symbol = board.symbol(cell)
            share = _name_share(cell) if symbol == "." else _PICTURES.get(symbol, _ICON_BOX)
            found.append(Area((cell,), box, (_part(box, share),)))
    return sorted(found, key=lambda a: (a.cells[0][1], a.cells[0][0]))


def _name_share(cell: Cell) -> tuple[float, float, float, float]:
    """Where a plain cell's name is printed, as a share of the cell: 0.07 of it
    wide a character, round the middle, just above the name's baseline (0.62).
    Held tight, so that an X's strokes are seen up to the name."""
    half = 0.07 * len(cell_name(cell, upper=True)) + 0.01
    return (0.5 - half, 0.45, 0.5 + half, 0.64)


def _part(box: Box, share: tuple[float, float, float, float]) -> Box:
    left, top, right, bottom = share
    return Box(box.x + left * box.w, box.y + top * box.h, (right - left) * box.w,
               (bottom - top) * box.h)


def _large_pictures(box: Box) -> tuple[Box, ...]:
    """A large monster's frame (0.8 mm in), its picture and its 'L'."""
    inner = Box(box.x + 0.8, box.y + 0.8, box.w - 1.6, box.h - 1.6)
    size = min(inner.w, inner.h) * 0.95
    picture = Box(inner.x + (inner.w - size) / 2, inner.y + (inner.h - size) / 2, size, size)
    letter = Box(inner.x + inner.w - 3.5, inner.y + inner.h - 3.5, 3, 3)
    frame = [Box(inner.x - 0.6, inner.y - 0.6, inner.w + 1.2, 1.4),
             Box(inner.x - 0.6, inner.y + inner.h - 0.8, inner.w + 1.2, 1.4),
             Box(inner.x - 0.6, inner.y - 0.6, 1.4, inner.h + 1.2),
             Box(inner.x + inner.w - 0.8, inner.y - 0.6, 1.4, inner.h + 1.2)]
    return (picture, letter, *frame)


def bare_strips(at: SheetLayout) -> list[Box]:
    """Strips of the sheet where nothing is printed and nobody writes: above the
    map, beside it (clear of its row numbers), below its letters and between the
    tracks (each cut round the lines between the development sections, which run
    down through the items). The reader measures the light on the paper there, and
    the photo's grain."""
    grid = at.grid_box
    right = grid.x + grid.w
    development = at.development_y
    below_time = at.time_y + 5 + time_box(at.board)[0] + 0.7
    return [Box(MARKER + 4, 8.6, at.qr.x - MARKER - 8, 3.0),
            Box(0.5, below_time, PAGE_W - 1, 2.4),
            *_between_sections(at, development + 13.2, 1.4),
            *_between_sections(at, development + 27.1, GAP - 1.5),
            Box(right + 5.5, grid.y, at.side_x - right - 6.5, grid.h),
            Box(grid.x + 2, grid.y + grid.h + 4.6, grid.w - 4, 3.0)]


def margin_strips(at: SheetLayout) -> list[Box]:
    """The paper's own margins either side of the sheet, outside what is printed on
    A4 and Letter alike: the reader measures the light there, but not the photo's
    grain (a margin in the camera's white would say there is none)."""
    return [Box(-5.0, 0.0, 4.5, at.height), Box(PAGE_W + 0.5, 0.0, 4.5, at.height)]


def _between_sections(at: SheetLayout, y: float, h: float) -> list[Box]:
    """A strip across the sheet at ``y``, cut 1.5 mm either side of each line between
    the development sections."""
    step = development_step(at.board)
    cuts = [0.5, *(n * step + side for n in at.board.boundaries
                   if n < at.board.development_length for side in (-1.5, 1.5)), PAGE_W - 0.5]
    return [Box(left, y, right - left, h) for left, right in zip(cuts[::2], cuts[1::2],
                                                                   strict=True)]
