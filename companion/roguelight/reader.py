"""Reading a played Roguelight sheet from a phone photo.

The sheet printed by ``pnp build roguelight sheet`` carries four ArUco
fiducials (their codes name the corner and the map), a QR code (game, map,
layout, and a map file's hash) and a ring round every cell's picture where a
player's pencil is looked for. The reader:

1. finds the fiducials (where only two read, the others again allowing a
   wrong bit, where those two place them) and sees the sheet straight on;
   printed boxes, circles and cells then correct the paper's curl
   (:mod:`companion.photo`);
2. measures the paper's brightness everywhere (shadows included) from the
   parts of the sheet no pencil has touched;
3. reads what a player writes, by the rules: filled cells (塗り潰し), dotted
   plans (点線で囲う), development numbers struck out (消す), item marks
   circled (○) and their boxes filled when spent, goals outlined (ghost actions
   struck through (斜線) are not read: the finished-sheet file has no place for
   them, and they do not change the score);
4. gives every mark a confidence; anything below ``DOUBT`` is a doubt, listed
   and shown, never silently guessed;
5. holds the marks to the rules that tie them together
   (:mod:`companion.roguelight.ruled`).

The result (:class:`~companion.roguelight.reading.Reading`) becomes the
finished-sheet file that ``companion roguelight score`` reads
(:func:`companion.roguelight.reading.sheet_text`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.grid import Cell, Rect, cell_name, parse_range
from companion.i18n import _
from companion.photo import MARGIN as MARGIN_MM
from companion.photo import PX, Landmark, PhotoError, Sheet, decode, find_markers, more_markers
from companion.roguelight import layout
from companion.roguelight.layout import Area, Box, SheetLayout
from companion.roguelight.maps import BAT, BLUE, GHOST, GOALS, GREEN, ITEM, Map, shipped
from companion.roguelight.reading import DOUBT, Mark, Reading
from companion.roguelight.ruled import held, too_close, track

#: A pixel at least this much darker than the paper (in share of the paper's
#: brightness), and clearly darker than the photo's noise, is ink.
INK = 0.06
#: A pixel this much darker than the paper is pencil however smooth (a solid fill);
#: one lighter than LIGHT only where it is darker than the paper right round it (a
#: line); in between, a share of it.
DARK, LIGHT = 0.25, 0.1
#: Sharpness (≈ 1 / the blur's width in mm) below which a photo is refused.
SHARPEST_BLUR = 0.5
#: The paper's brightness (0–1) below which a photo is too dark to read.
DARKEST_PAPER = 0.16
#: Pixels a millimetre of the sheet in the photo below which it is refused: an item
#: box (4 mm) is then too few pixels to look in clear of its printed line.
SMALLEST = 1.5


# --- finding the sheet ---------------------------------------------------------------------


def read(data: bytes, board: Map | None = None, source: str | None = None,
         map_reference: str | None = None) -> Reading:
    """Read the photo ``data``. ``board`` (with the text of its file, ``source``)
    is the map the player says the sheet is of; the sheet itself says which."""
    gray = decode(data)
    codes, seen_in = find_markers(gray, range(4 * (layout.FILE_CODES // 4 + 1)))
    group, seen = _best_group(codes)
    try:
        board, reference = _the_map(group, board, source, map_reference)
    except PhotoError:
        if len(seen) < 2:  # one mark alone may be a shape read as one
            raise _no_sheet(len(seen)) from None
        raise
    at = SheetLayout(board)
    if len(seen) < 3:  # the others looked for again where those seen place them
        seen = more_markers(seen_in, {group + i: np.array(_corners(box)) for i, box in
                                      enumerate(at.markers)}, seen)
        if len(seen) < 3:
            raise _no_sheet(len(seen))
    points = []
    for i, box in enumerate(at.markers):
        if group + i in seen:
            points += list(zip(_corners(box), seen[group + i], strict=True))
    sheet = Sheet(gray, points, layout.PAGE_W, at.height)
    notes, overexposed, smeared = _check_light(sheet, at)
    _check_flat(sheet, landmarks(at))
    notes += _check_qr(sheet, at, board, source)
    reading = _marks(sheet, at)
    *values, struck, unseen, exits, glare = reading
    return held(Reading(board, reference, *values, notes=notes + glare, sheet=sheet,
                        struck=struck, unseen=unseen, exit_pencil=exits,
                        overexposed=overexposed, smeared=smeared, glare=bool(glare),
                        fine=sheet.photo_scale() >= FINE and not (overexposed or smeared
                                                                  or glare)))


def _best_group(codes: dict[int, np.ndarray]) -> tuple[int, dict[int, np.ndarray]]:
    """The map whose corner marks were seen most: one at least, for the others to
    be looked for again where they place them (three are needed)."""
    groups: dict[int, int] = {}
    for code in codes:
        groups[code // 4 * 4] = groups.get(code // 4 * 4, 0) + 1
    if not groups:
        raise _no_sheet(0)
    group = max(groups, key=lambda g: (groups[g], -g))
    return group, {c: p for c, p in codes.items() if c // 4 * 4 == group}


def _no_sheet(seen: int) -> PhotoError:
    return PhotoError(_("no sheet found: {seen} of the four corner marks seen (the black "
                        "squares in the sheet's corners); photograph the whole sheet, flat, "
                        "in good light", seen=seen))


def _corners(box: Box) -> list[tuple[float, float]]:
    """A marker's corners (mm), clockwise from its top left, as OpenCV gives them."""
    return [(box.x, box.y), (box.x + box.w, box.y), (box.x + box.w, box.y + box.h),
            (box.x, box.y + box.h)]


def _the_map(group: int, board: Map | None, source: str | None,
             reference: str | None) -> tuple[Map, str]:
    printed = layout.map_of_code(group)
    if printed is None:
        if board is None:
            raise PhotoError(_("the sheet was printed from a map file: give it with --map FILE"))
        return board, reference or board.name
    if board is not None and (source is not None or board.name != printed):
        given = reference or board.name
        raise PhotoError(_("the sheet is of the map {printed}, not {given}", printed=printed,
                           given=given))
    return shipped(printed), printed


def _check_light(sheet: Sheet, at: SheetLayout) -> tuple[list[str], bool, bool]:
    """Refuse a photo too dark or too blurred to read, or the sheet too small in it;
    note one where light pencil may not show: the sheet small in it, the photo
    overexposed, or smeared (and say whether it is those two)."""
    sharp = sheet.sharpness(_marker_seen(at))
    paper = float(np.percentile(_the_map_seen(sheet, at), 97))
    if paper < DARKEST_PAPER:
        raise PhotoError(_("too dark to read: the paper's brightness is {paper} (at least "
                           "{least} is needed); more light, or no shadow",
                           paper=f"{paper:.2f}", least=f"{DARKEST_PAPER:.2f}"))
    if sharp < SHARPEST_BLUR:
        raise PhotoError(_("too blurred to read: sharpness {sharp} (at least {least} is "
                           "needed); hold the phone still and let it focus",
                           sharp=f"{sharp:.2f}", least=f"{SHARPEST_BLUR:.2f}"))
    scale = sheet.photo_scale()
    if scale < SMALLEST:
        raise PhotoError(_("the sheet is too small in the photo to read: {scale} pixels a "
                           "millimetre (at least {least} are needed); take the photo closer, "
                           "the sheet filling the frame", scale=f"{scale:.1f}",
                           least=f"{SMALLEST:.1f}"))
    notes = []
    if scale < FINE:
        notes.append(_("the sheet is small in the photo ({scale} pixels a millimetre): light "
                       "pencil may be missed, so look over the cells read open, or take the "
                       "photo closer, the sheet filling the frame", scale=f"{scale:.1f}"))
    smeared = sheet.smear(_marker_seen(at)) < SMEARED
    if smeared:
        notes.append(_("the photo is smeared one way (the phone moved as it was taken): "
                       "light pencil and dashes may be missed, so look over the cells read "
                       "open, or hold the phone still and take the photo again"))
    clipped = _clipped(sheet, at)
    if clipped >= CLIPPED:
        notes.append(_("the photo is overexposed: {share} % of the map is pure white, where "
                       "light pencil fades into the paper, so look over the cells read open, "
                       "or take the photo again out of direct light",
                       share=f"{100 * clipped:.0f}"))
    return notes, clipped >= CLIPPED, smeared


#: How bright (0–1) a pixel of the photo is at the camera's white: paper there is
#: clipped, and how much paler than it the pencil is, is lost.
WHITE = 0.985
#: The share of the map at the camera's white from which a photo is overexposed and
#: a cell read open is not trusted: of 500 photos of the tests' camera 4 reach it (all
#: read exactly: the paper clipped, their pencil still dark), and a page rendered
#: straight, not photographed, 5 %; of 100 exposed 15–35 % brighter
#: (``--style bright``) 76, among them all 24 read wrong with no doubt.
CLIPPED = 0.2


#: How much sharper one way than another (:meth:`Sheet.smear`) a photo may be before
#: it is smeared, the phone moved, and a cell read open is not trusted: of 500
#: photos of the tests' camera (blurred alike every way) none under 0.69; of 100
#: with the phone moved 3–8 pixels (``--style shaken``, 78 read) 34 under 0.6,
#: among them 3 of the 5 read wrong with no doubt. The corner mark's edges run two
#: ways: a move along its diagonals smears both alike and is not seen so (only as
#: the sharpness falls); printed circles would show every way, but the player's
#: pencil crosses them.
SMEARED = 0.6


def _marker_seen(at: SheetLayout) -> tuple[float, float, float, float]:
    """The first corner mark and 2 mm round it (mm): black on white, with sharp edges,
    where the photo's sharpness and smear are measured."""
    marker = at.markers[0]
    return marker.x - 2, marker.y - 2, marker.w + 4, marker.h + 4


def _the_map_seen(sheet: Sheet, at: SheetLayout) -> np.ndarray:
    """The photo's pixels over the map."""
    x0, y0 = sheet.px(at.grid_box.x, at.grid_box.y)
    x1, y1 = sheet.px(at.grid_box.x + at.grid_box.w, at.grid_box.y + at.grid_box.h)
    return sheet.image[int(y0):int(y1), int(x0):int(x1)]


def _clipped(sheet: Sheet, at: SheetLayout) -> float:
    """The share of the map at the camera's white (``WHITE``)."""
    return float(np.mean(_the_map_seen(sheet, at) >= WHITE))


#: How far (mm) nine in ten of the printed landmarks may lie from where the sheet,
#: its curl taken out, puts them: a millimetre off, a plan's dashes and a fill's
#: edge are looked for in the wrong place. On 700 photos the farthest lay 0.7 mm
#: off; papers bowed 12 mm, which the correction cannot follow, 1.2 and 3.9 mm
#: (each way, across and down, is measured apart: a wrong fit is often wrong one
#: way only).
MISFIT = 1.0


def _check_flat(sheet: Sheet, printed: list[Landmark]) -> None:
    """Take the paper's curl out, and refuse a sheet whose printed lines still lie
    off where they are read: bowed or folded more than the correction follows."""
    sheet.uncurl(printed)
    misfit = sheet.misfit(printed)
    if misfit > MISFIT:
        raise PhotoError(_("the sheet is not flat enough to read: its printed lines lie "
                           "{misfit} mm from where they are read (at most {most} will do); "
                           "lay it flat and photograph it from straight above",
                           misfit=f"{misfit:.1f}", most=f"{MISFIT:.1f}"))


def _check_qr(sheet: Sheet, at: SheetLayout, board: Map, source: str | None) -> list[str]:
    """Read the QR code where it is printed; refuse one for another game, map or file."""
    text = _qr_text(sheet, at.qr)
    if text is None:
        if source is None:
            return [_("the QR code could not be read (too small in the photo); the map is "
                      "known from the corner marks")]
        return [_("the QR code could not be read (too small in the photo): the map file "
                  "could not be checked against the sheet")]
    fields = layout.parse_qr(text)
    if fields.get("game") != "roguelight":
        raise PhotoError(_("the QR code is not a Roguelight sheet's: {text}", text=text[:60]))
    if fields.get("map") != board.name:
        raise PhotoError(_("the QR code says map {printed}, not {given}",
                           printed=fields.get("map"), given=board.name))
    if source is not None and fields.get("sha") != layout.map_fingerprint(source):
        raise PhotoError(_("the map file differs from the one the sheet was printed from (the "
                           "sheet's hash {printed}, the file's {given})",
                           printed=fields.get("sha"), given=layout.map_fingerprint(source)))
    if fields.get("layout") != str(layout.LAYOUT):
        raise PhotoError(_("the sheet's layout {printed} is not one this reader knows "
                           "({known}); print the sheet again", printed=fields.get("layout"),
                           known=layout.LAYOUT))
    return []


def _qr_text(sheet: Sheet, box: Box) -> str | None:
    """The QR code, seen straight on from the photo at up to 12 pixels a module."""
    scale = 12.0
    corners = np.array([sheet.px(box.x - 2, box.y - 2), sheet.px(box.x + box.w + 2, box.y - 2),
                        sheet.px(box.x + box.w + 2, box.y + box.h + 2),
                        sheet.px(box.x - 2, box.y + box.h + 2)])
    seen = sheet.to_photo(corners).astype(np.float32)
    side = int((box.w + 4) * scale)
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    patch = cv2.warpPerspective(sheet.photo, cv2.getPerspectiveTransform(seen, square),
                                (side, side), flags=cv2.INTER_CUBIC)
    detector = cv2.QRCodeDetector()
    for image in (patch, cv2.threshold(patch, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]):
        text = detector.detectAndDecode(image)[0]
        if text:
            return text
    return None


def landmarks(at: SheetLayout) -> list[Landmark]:
    """The printed shapes the curl correction looks for: the map's thick border,
    the tracks' circles and boxes, the block dice, the fiducials."""
    board = at.board
    grid = at.grid_box
    found = []
    for i in range(board.width):  # the grid's lines, cell by cell (the border is thicker)
        x = grid.x + (i + 0.25) * at.cell
        found += [Landmark("across", x, grid.y + j * at.cell - 1.5, at.cell / 2, 3,
                           0.6 if j in (0, board.height) else 0.2)
                  for j in range(board.height + 1)]
    for j in range(board.height):
        y = grid.y + (j + 0.25) * at.cell
        found += [Landmark("down", grid.x + i * at.cell - 1.5, y, 3, at.cell / 2,
                           0.6 if i in (0, board.width) else 0.2)
                  for i in range(board.width + 1)]
    for n in range(1, board.development_length + 1):
        c = at.development(n)
        found.append(Landmark("ring", c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r))
    for m in range(1, len(board.item_points) + 1):
        b = at.item_box(m)
        found.append(Landmark("box", b.x, b.y, b.w, b.h))
    box, gap = layout.time_box(board)
    found += [Landmark("box", (n - 1) * (box + gap), at.time_y + 5, box, box)
              for n in range(1, board.time_length + 1)]
    found += [Landmark("solid", b.x, b.y, b.w, b.h) for b in at.markers]
    return found


# --- reading the marks ----------------------------------------------------------------------


def _marks(sheet: Sheet, at: SheetLayout):
    """Everything a player writes, read: the values and every mark with its confidence."""
    sheet, pencil = _untoned(sheet, at)
    areas = layout.areas(at)
    fills = [pencil.fill(area) for area in areas]
    sheet, pencil, fills, glare = _unveiled(sheet, at, pencil, areas, fills)
    painted = frozenset(c for area, (value, _sure) in zip(areas, fills, strict=True) if value
                        for c in area.cells)
    marks = _dim_cells(sheet, pencil, areas, [
        Mark("cell", area.name, *_cell(pencil, area, fill, _strayed(area, painted)))
        for area, fill in zip(areas, fills, strict=True)])
    marks = _crossed_over_pictures(pencil, at, areas, marks, painted)
    filled = frozenset(c for area, m in zip(areas, marks, strict=True) if m.value
                       for c in area.cells)
    plans, plan_marks, unseen = _plans(pencil, at, filled)
    coarse = max(1.0, FINE / sheet.photo_scale())  # a small sheet in the photo: less sure
    struck = _struck(pencil, at)
    development, crossed = track(struck)
    circled, spent, item_marks = _items(pencil, at, small=sheet.photo_scale() < FINE)
    goal_marks = _goals(pencil, at)
    marks = (_coarser(marks + plan_marks, coarse) + crossed
             + _coarser(item_marks + goal_marks, coarse))
    goals = tuple(m.name for m in goal_marks if m.value)
    return (filled, plans, development, circled, spent, goals, marks, struck,
            _coarser(unseen, coarse),
            _exit_pencil(pencil, [a for a in areas if a.cells[0] in at.board.exits]), glare)


#: A phone's tone curve may lighten the shadows — raise the brightness to a power
#: under 1 — and pale pencil towards the paper as a light hand does. The entrance
#: blocks' tint, ``TINT`` of the paper as the camera shows it, then shows lighter,
#: and tells the power: under ``TONED`` (where the tint shows 0.87 of the paper or
#: more) the photo is taken back to the camera's own tones before the pencil is
#: read, the power taken as no less than ``LEAST_TONE``. Not on a photo with
#: ``UNCLIPPED`` of the map or more at the camera's white: clipped paper shows the
#: tint lighter too. Of 100 photos toned 0.5–0.8 (``--style toned``) 76 were read
#: exactly and 14 wrong with no doubt before, 86 and 3 with it; no plain photo of 200 is
#: taken back. A glare over most of the map shows the tint lighter too and is taken
#: back as well: some glare photos read better so, some worse (docs/roguelight.md).
TONED, LEAST_TONE, UNCLIPPED = 0.8, 0.4, 0.05


def _untoned(sheet: Sheet, at: SheetLayout) -> tuple[Sheet, Pencil]:
    """The sheet in the camera's own tones, and its pencil (``TONED``)."""
    pencil = Pencil.of(sheet, at)
    tone = math.log(pencil.tint) / math.log(TINT)
    if tone >= TONED or _clipped(sheet, at) >= UNCLIPPED:
        return sheet, pencil
    sheet = sheet.toned(1 / max(tone, LEAST_TONE))
    return sheet, Pencil.of(sheet, at)


#: A lamp's reflection veils part of the photo: it adds light over print and
#: pencil alike, and pales both towards the paper. The pictures printed in the
#: open cells show it, each lighter than the others of its kind. Where those round
#: a place (``REACH`` cells, ``AROUND`` at least) are on average under ``GLARED``
#: of their kind's darkest (the ``KIND`` percentile), the pencil is read with what
#: the veil took away put back; a sheet with no glare shows its pictures within
#: ``ALIKE`` of their kind's darkest (its plain cells' names, thin, vary too much
#: to tell). Of 100 photos with a glare (``--style glare``) 78 were read exactly
#: and 9 wrong with no doubt before; now 82 and 4; no glare is found on the 200
#: plain photos.
GLARED, ALIKE, REACH, AROUND, KIND = 0.8, 0.9, 2.5, 3, 80


def _unveiled(sheet: Sheet, at: SheetLayout, pencil: Pencil, areas: list[Area], fills: list
              ) -> tuple[Sheet, Pencil, list, list[str]]:
    """The sheet with a glare's veil taken off, its pencil and its fills, and a note
    naming where the glare lies (``GLARED``)."""
    gains = _picture_gains(pencil, at, [a for a, (value, _sure) in zip(areas, fills, strict=True)
                                        if not value])
    around = {cell: float(np.mean(near)) for cell, centre, _g in gains
              if len(near := [g for _c, other, g in gains
                              if math.dist(centre, other) <= REACH * at.cell]) >= AROUND}
    paled = [cell for cell, gain in around.items() if gain < GLARED]
    if not paled:
        return sheet, pencil, fills, []
    sheet = sheet.unveiled(pencil.lit, _veil(sheet, at, gains))
    pencil = Pencil.of(sheet, at)
    where = Rect(min(x for x, _y in paled), min(y for _x, y in paled),
                 max(x for x, _y in paled), max(y for _x, y in paled))
    return sheet, pencil, [pencil.fill(area) for area in areas], [_(
        "a glare pales the sheet over {cells} (its printed pictures there show as little as "
        "{least} % of their darkness): the pencil there is read with the glare taken off; look "
        "over those cells, or take the photo again out of the lamp's reflection",
        cells=where.name(), least=round(100 * min(around.values())))]


def _picture_gains(pencil: Pencil, at: SheetLayout, open_areas: list[Area]
                   ) -> list[tuple[Cell, tuple[float, float], float]]:
    """The picture printed in each cell read open: its cell, its middle (mm) and how
    dark it shows against the darkest of its kind (``KIND`` percentile)."""
    board = at.board
    seen: dict[str, list] = {}
    for area in open_areas:
        if len(area.cells) != 1 or board.symbol(area.cells[0]) not in PICTURES:
            continue
        picture = area.pictures[0]
        x0, y0, x1, y1 = _pixels(picture)
        seen.setdefault(board.symbol(area.cells[0]), []).append((
            area.cells[0], (picture.x + picture.w / 2, picture.y + picture.h / 2),
            float(np.percentile(pencil.shade[y0:y1, x0:x1], 90))))
    gains = []
    for pictures in seen.values():
        darkest = max(float(np.percentile([d for *_where, d in pictures], KIND)), 1e-3)
        gains += [(cell, centre, min(d / darkest, 1.0)) for cell, centre, d in pictures]
    return gains


def _veil(sheet: Sheet, at: SheetLayout, gains: list) -> np.ndarray:
    """How much of the pencil's darkness shows at every pixel of the sheet (1 where
    the pictures show no veil), from the pictures' gains spread a cell round each,
    towards 1 away from them."""
    values = np.zeros(sheet.image.shape, np.float32)
    weight = np.zeros(sheet.image.shape, np.float32)
    for _cell, (x, y), gain in gains:
        px, py = (int(v) for v in sheet.px(x, y))
        values[py, px] += min(gain / ALIKE, 1.0)
        weight[py, px] += 1.0
    sigma = at.cell * PX
    values = cv2.GaussianBlur(values, (0, 0), sigma)
    weight = cv2.GaussianBlur(weight, (0, 0), sigma)
    prior = 0.3 * weight.max()
    return np.clip((values + prior) / (weight + prior), 0.2, 1.0)


def _exit_pencil(pencil: Pencil, exits: list[Area]) -> dict[str, float]:
    """How much pencil (share) each exit's ring round its stairs shows, all of it:
    the picture leaves too thin a ring for its emptiest quarter to tell a fill, so
    the rules choose between exits read open by it (:func:`ruled.with_one_exit`)."""
    found = {}
    for area in exits:
        ink, clear = pencil._ink(area)
        box, free = _free(area, inset=1.0, clear=clear)
        x0, y0, x1, y1 = _pixels(box)
        found[area.name] = float(ink[y0:y1, x0:x1][free].mean()) if free.any() else 0.0
    return found


def _coarser(marks: list[Mark], coarse: float) -> list[Mark]:
    """``marks`` less sure by ``coarse`` (a sheet small in the photo)."""
    return [Mark(m.what, m.name, m.value, 0.5 + (m.confidence - 0.5) / coarse) for m in marks]


def _cell(pencil: Pencil, area: Area, fill: tuple[bool, float], strayed: frozenset[str]
          ) -> tuple[bool, float]:
    """A cell filled, or crossed out, and how sure. Pencil in a band the whole
    length of a side with a filled cell beyond it (``strayed``) is that cell's
    fill run over the line: a cell read filled is read again clear of such bands
    (:meth:`Pencil.unstrayed`). With no pencil at all left it is open; with
    pencil in two quarters at most it is a doubt: a scribble straying in over
    another line, or an X whose ends the bands hide — crossed out if its
    diagonals, bands and all, show one. A fill reaches every part of a cell: with
    a quarter left bare it is a doubt — filled where the other three carry pencil
    (a loose scribble missing a corner, as in :meth:`Pencil.fill`) — unless,
    looked at again clear of the strokes its filled neighbours' hatching runs in
    over the lines (too ragged for a band, :func:`_shallow`), nothing is left: then
    it is open — and where the bands leave two quarters at most to look at (round
    a picture), crossed out only if its diagonals show an X, as above. A cell read
    open is looked at for an X ``STRAY`` clear of those sides, and then for one
    drawn freehand, its strokes' ends off the corners (read crossed, as a doubt),
    and last for faint lines all over it, a light hand's hatching (``FAINT``:
    filled, as a doubt), or strokes too faint for that running parallel all over
    it (:meth:`Pencil.hatched`). ``fill`` is what :meth:`Pencil.fill` saw."""
    if fill[0]:
        bands = pencil.bands(area, strayed)
        left = pencil.unstrayed(area, bands)
        if left and left[0] <= CLEAN:  # a quarter bare: strokes run over the lines may be all
            left = pencil.unstrayed(area, bands, strayed)
        if not left:
            return fill
        if left[-1] <= CLEAN:
            return _decide(left[-1], FILLED, FILLED_BAND)
        bare = left[0] <= CLEAN  # a quarter bare: a fill reaches every part of a cell
        if len(left) >= 3 and left[1] >= FILLED:
            return (True, min(fill[1], LIKELIER)) if bare else fill
        if len(left) < 3 and not bare:
            return fill
        crossed, _sure = pencil.crossed(area, halves=True, pencilled=True) or (False, 1.0)
        return crossed, LIKELIER
    halves = bool(strayed) and len(area.cells) == 1  # a large monster's frame keeps strays out
    shielded = {side: STRAY for side in strayed} or None
    crossed = pencil.crossed(area, shielded, halves) or pencil.crossed(area, halves=halves)
    bands = pencil.bands(area, strayed) if strayed else None
    if not crossed[0] and len(area.cells) == 1 and pencil.freehand(area, bands):
        crossed = True, LIKELIER
    seen = min(fill, crossed, key=lambda seen: (not seen[0], seen[1]))
    if not seen[0]:
        faint = pencil.faint(area, bands)
        if len(faint) >= 3 and faint[0] >= FAINT:  # hatched by a light hand
            return True, LIKELIER
        if len(area.cells) == 1 and pencil.hatched(area, bands):
            return True, LIKELIER
    return seen


#: How far (mm) past a cell's line a neighbour's pencil is taken to run in, and
#: the farthest a band of it along a side may reach to be a neighbour's, not a fill.
STRAY, DEEPEST = 2.2, 3.0
#: The most pencil (share) a cell's part clear of its neighbours' strays may show
#: for the cell to be read open, and how much of it (mm²) must be left to tell, and
#: of a quarter of it for the quarter to count.
CLEAN, LEFT, QUARTER = 0.008, 4.0, 2.0
#: A cell read open with faint lines (:meth:`Pencil.faint`) over this share of each
#: of three quarters or more is hatched by a light hand: read filled, as a doubt. A
#: light hatch's strokes stand out from the paper beside them by less than a
#: pencil line must (``Pencil.level``), but by more than the paper's own grain
#: (``FAINT_LINE`` of it: twice the bare paper's, where three times makes a line).
FAINT, FAINT_LINE = 0.2, 2 / 3
#: The slants (degrees) a light hand's hatching is looked for at: every ``SLANT``,
#: those within ``AXIS`` of a cell's lines left out — the printed lines, the
#: photo's rows and its JPEG blocks run so, and a little of them is left in any
#: cell. How far (mm) the sheet's rise and fall across a slant is looked at, round
#: each point (what changes more slowly is the light), and how far in from the ends
#: of the cell across it (mm) it is left out (a line along a side).
SLANT, AXIS, SWELL, ENDS = 6, 12, 3.0, 1.0
#: How many times more the sheet rises and falls across the likeliest slant than
#: across the median one, over a cell with parallel strokes all over it: over the
#: whole cell, over each of three of its quarters and over the fourth. Measured on
#: 27,800 open cells of photos in the plain and ``light`` styles: none above 2.8
#: whole with 2.2 in three quarters; a light hand's hatch up to 7.
HATCHED = 3.0, 2.2, 1.2
#: The least of a cell (mm²) left to look at for a hatch, and of a quarter of it.
HATCH_SEEN, HATCH_QUARTER = 20.0, 3.0
#: How sure a reading is that the pencil's shape makes only likelier than not: a
#: doubt (a cell with pencil clear of its neighbours' strays in half of it, an X
#: with half a diagonal hidden, a scribble missing a corner).
LIKELIER = 0.6
SIDES = {"left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1)}


def _strayed(area: Area, filled: frozenset[Cell]) -> frozenset[str]:
    """The sides of ``area`` with a filled cell beyond them."""
    return frozenset(side for side, (dx, dy) in SIDES.items()
                     if any((x + dx, y + dy) in filled and (x + dx, y + dy) not in area.cells
                            for x, y in area.cells))


def _crossed_over_pictures(pencil: Pencil, at: SheetLayout, areas: list[Area],
                           marks: list[Mark], painted: frozenset[Cell]) -> list[Mark]:
    """The cells with a picture read open, looked at once more for an X drawn over
    the picture, where most of it runs: the picture as this photo shows it — the
    median relief of the other cells printed with it and surely read open, two at
    least (on the paper, or on the entrance blocks' tint, as the cell is, where
    two such are) — is taken off the cell's relief, and the X looked for as one drawn
    freehand over the whole cell, ``PICTURED`` darker (read crossed, as a doubt).
    Only the picture is taken off: round it, the other cells' pencil and lines
    would show in this one as their negative."""
    board = at.board
    x0, y0, x1, y1 = _pixels(at.cell_box(board.cells[0]))
    size = (y1 - y0, x1 - x0)  # every cell's pixels, from its top left

    def tinted(area: Area) -> bool:
        return area.cells[0] in pencil.tinted_cells

    def relief_of(area: Area) -> np.ndarray:
        left, top, _right, _bottom = _pixels(area.box)
        return relief[top:top + size[0], left:left + size[1]]

    singles = [(a, m) for a, m in zip(areas, marks, strict=True)
               if len(a.cells) == 1 and board.symbol(a.cells[0]) in PICTURES]
    found = {}
    relief = pencil.relief
    residue = replace(pencil, relief=relief.copy())  # a cell's relief, its picture taken off
    for area, mark in singles:
        alike = [] if mark.value else [
            other for other, seen in singles if other is not area
            and board.symbol(other.cells[0]) == board.symbol(area.cells[0])
            and not seen.value and seen.confidence >= DOUBT]
        same = [other for other in alike if tinted(other) == tinted(area)]
        printed = [relief_of(other) for other in (same if len(same) >= 2 else alike)]
        if len(printed) < 2:
            continue
        left, top, _right, _bottom = _pixels(area.box)
        window = (slice(top, top + size[0]), slice(left, left + size[1]))
        residue.relief[window] = np.where(_pictured(area, area.box, size, pencil.clear),
                                          relief[window] - np.median(printed, axis=0),
                                          relief[window])
        strayed = _strayed(area, painted)
        if residue.freehand(Area(area.cells, area.box, ()),
                            pencil.bands(area, strayed) if strayed else None, PICTURED):
            found[area.name] = Mark("cell", area.name, True, LIKELIER)
        residue.relief[window] = relief[window]
    return [found.get(m.name, m) for m in marks]


def _pictured(area: Area, box: Box, size: tuple[int, int], clear: float) -> np.ndarray:
    """Where in ``box`` (``size`` pixels from its top left) ``area``'s pictures are
    printed, ``clear`` mm round each for the photo's blur."""
    left, top, _right, _bottom = _pixels(box)
    mask = np.zeros(size, bool)
    for picture in area.pictures:
        x0, y0, x1, y1 = _pixels(Box(picture.x - clear, picture.y - clear,
                                     picture.w + 2 * clear, picture.h + 2 * clear))
        mask[max(y0 - top, 0):max(y1 - top, 0), max(x0 - left, 0):max(x1 - left, 0)] = True
    return mask


#: The pictures printed in the map's cells (a monster, an item).
PICTURES = frozenset({ITEM, GHOST, BAT, BLUE, GREEN})
#: How much darker than beside them an X drawn over a picture, the picture taken
#: off, is along each half of each diagonal: more than over bare paper, as the
#: picture taken off is another cell's, a little apart.
PICTURED = 0.05


#: A cell read open but this much darker than the open cells round it (within
#: ``NEAR`` cells either way; on the entrance blocks' tint, for the tint) may be a
#: light fill the paper's estimate took in: a doubt; on a sheet small in the photo,
#: with no open cell beside it to show a fill's edge, from ``DARKER`` on it is read
#: filled, as a doubt. A shadow or the light's fall darkens the cells round it too.
DIM, DARKER, NEAR = 0.07, 0.10, 2


def _dim_cells(sheet: Sheet, pencil: Pencil, areas: list[Area], marks: list[Mark]
               ) -> list[Mark]:
    """The cells read open, looked at once more by their plain brightness against
    the open cells round them: one clearly darker is a doubt, not a sure "open" —
    on a sheet small in the photo, where light pencil may show as nothing else,
    filled if darker still; there also by their darkness in every quarter against
    the other open cells' (on the entrance blocks' tint against the other tinted
    ones). There a cell ``DIM`` darker is read filled where it shows a fill's edge
    against an open cell beside it (:func:`_edged`), and open where it does not
    (an erased mark's smudge, a shadow); with no open cell beside it, where it is
    ``DARKER`` — on the tint, where a cell's plain brightness tells less (the tint
    is known only as the photo shows it), where it is evenly darker."""
    opened = [a for a, m in zip(areas, marks, strict=True) if not m.value]
    darker = _darker_than_round(sheet, pencil, opened)
    dim = {name for name, dip in darker.items() if dip >= DIM}
    filled = set()
    if sheet.photo_scale() < FINE:
        even = _evenly_darker(pencil, opened)
        tinted = {a.name for a in opened if a.cells[0] in pencil.tinted_cells}
        edged = _edged(sheet, pencil, opened)
        filled = {name for name, dip in darker.items() if dip >= DIM and (
            edged[name] >= EDGE if name in edged
            else name in even if name in tinted else dip >= DARKER)}
        dim |= even
    return [Mark(m.what, m.name, True, LIKELIER) if m.name in filled
            else Mark(m.what, m.name, m.value, min(m.confidence, 0.6)) if m.name in dim else m
            for m in marks]


#: A light fill stops at its cell's lines, where an erased mark's smudge or a
#: shadow runs on over them: the band along a side (1–2.5 mm in, the middle 60 % of
#: the side) this much darker than the band beyond the line, in an open cell, is
#: a fill's edge.
EDGE = 0.055


def _edged(sheet: Sheet, pencil: Pencil, areas: list[Area]) -> dict[str, float]:
    """For each single cell of ``areas`` (those read open), how much darker (share)
    than beyond the line the band along its side is, on the side where most (on
    the entrance blocks, over their tint); only those with another of ``areas``
    beside them."""
    single = {a.cells[0]: a for a in areas if len(a.cells) == 1}
    found = {}
    for cell, area in single.items():
        steps = [_step(sheet, pencil, area, single[(cell[0] + dx, cell[1] + dy)], side)
                 for side, (dx, dy) in SIDES.items() if (cell[0] + dx, cell[1] + dy) in single]
        if steps:
            found[area.name] = max(steps)
    return found


def _step(sheet: Sheet, pencil: Pencil, area: Area, beyond: Area, side: str) -> float:
    """How much darker than the band beyond ``side`` of ``area`` (in ``beyond``,
    along its facing side) the band inside it is."""
    inside, outside = (_median(sheet.image, _along(a.box, along))
                       / (pencil.tint if a.cells[0] in pencil.tinted_cells else 1.0)
                       for a, along in ((area, side), (beyond, FACING[side])))
    return 1 - inside / max(outside, 1e-3)


#: The side of the next cell that faces each side of a cell.
FACING = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def _along(box: Box, side: str) -> Box:
    """The band 1–2.5 mm in from ``side`` of ``box``, over the middle 60 % of it."""
    if side in ("left", "right"):
        x = box.x + 1.0 if side == "left" else box.x + box.w - 2.5
        return Box(x, box.y + 0.2 * box.h, 1.5, 0.6 * box.h)
    y = box.y + 1.0 if side == "top" else box.y + box.h - 2.5
    return Box(box.x + 0.2 * box.w, y, 0.6 * box.w, 1.5)


def _median(image: np.ndarray, box: Box) -> float:
    x0, y0, x1, y1 = _pixels(box)
    return float(np.median(image[y0:y1, x0:x1]))


def _darker_than_round(sheet: Sheet, pencil: Pencil, areas: list[Area]) -> dict[str, float]:
    """How much darker (share) each of ``areas`` is than the median of those of them
    within ``NEAR`` cells, by their plain brightness (on the entrance blocks, over
    their tint); only for those with three such areas round them."""
    brightness = {}
    for area in areas:
        box, free = _free(area, inset=1.0, clear=pencil._ink(area)[1])
        x0, y0, x1, y1 = _pixels(box)
        tint = pencil.tint if area.cells[0] in pencil.tinted_cells else 1.0
        brightness[area] = float(np.median(sheet.image[y0:y1, x0:x1][free])) / tint
    darker = {}
    for area, seen in brightness.items():
        near = [b for other, b in brightness.items() if other is not area
                and min(max(abs(u - x), abs(v - y)) for u, v in other.cells
                        for x, y in area.cells) <= NEAR]
        if len(near) >= 3:
            darker[area.name] = 1 - seen / float(np.median(near))
    return darker


#: A cell read open darker than the other open cells (on the paper, or on the
#: entrance blocks' tint) by this much (share of the paper) in every quarter, as a
#: light fill is and a neighbour's stray or a plan's dashes are not, is a doubt.
EVEN = 0.04


def _evenly_darker(pencil: Pencil, open_areas: list[Area]) -> set[str]:
    """The names of the areas read open that are evenly darker than the others."""
    found = set()
    for tinted in (False, True):
        least = {}
        for area in open_areas:
            if any(c in pencil.tinted_cells for c in area.cells) == tinted:
                box, free = _free(area, inset=1.0, clear=pencil._ink(area)[1])
                x0, y0, x1, y1 = _pixels(box)
                seen = [q for q in _quarters(pencil.shade[y0:y1, x0:x1], free, least=3)
                        if q is not None]
                if seen:
                    least[area.name] = min(seen)
        if len(least) >= 4:
            usual = float(np.median(list(least.values())))
            found |= {name for name, seen in least.items() if seen > usual + EVEN}
    return found


def _items(pencil: Pencil, at: SheetLayout, small: bool
           ) -> tuple[frozenset[int], frozenset[int], list[Mark]]:
    """The item marks circled (the printed start mark aside) and spent."""
    marks = range(1, len(at.board.item_points) + 1)
    spent = [Mark("spent", str(m), *_spent(pencil, at.item_box(m), small)) for m in marks]
    circled = [Mark("circled", str(m), *_decide(pencil.ringed(at.item_ring(m), 0.25, 2.25),
                                                LOOPED, LOOPED_BAND))
               for m in marks if m not in at.board.items_circled]
    ringed = {int(m.name) for m in circled if m.value} | set(at.board.items_circled)
    if small:
        spent = _darker_than_unringed(pencil, at, spent, ringed)
    return (frozenset(int(m.name) for m in circled if m.value),
            frozenset(int(m.name) for m in spent if m.value), circled + spent)


def _darker_than_unringed(pencil: Pencil, at: SheetLayout, spent: list[Mark],
                          ringed: set[int]) -> list[Mark]:
    """On a sheet small in the photo a light hatch over an item box may show as no
    more than a box a shade darker: an item circled, read unspent, whose box is
    darker than every box of an item not circled (none of which can be spent) is
    a doubt."""
    shade = {int(m.name): pencil.share(_in_box(pencil, at.item_box(int(m.name))), pencil.shade)
             for m in spent}
    unringed = [shade[m] for m in shade if m not in ringed]
    if not unringed:
        return spent
    return [Mark(m.what, m.name, False, min(m.confidence, LIKELIER))
            if not m.value and int(m.name) in ringed and shade[int(m.name)] > max(unringed)
            else m for m in spent]


def _spent(pencil: Pencil, box: Box, small: bool) -> tuple[bool, float]:
    """An item box filled, and how sure: pencil in it, measured as in a cell, filled
    all over — the share of pencil in the second emptiest quarter, so that a dot or
    a line's end in one corner leaves it unspent; on a sheet small in the photo,
    where light hatching has few pixels dark enough to count, a box darker than the
    paper by ``SHADED`` on average is filled, as a doubt; and so is a box hatched by
    a light hand, its faint lines (``Pencil.faint_lines``, as a cell's) over
    ``FAINT`` of the second emptiest quarter."""
    inside = _in_box(pencil, box)
    x0, y0, x1, y1 = _pixels(inside)
    inked = pencil.inked[y0:y1, x0:x1]
    everywhere = np.ones(inked.shape, bool)
    value, confidence = _decide(sorted(_quarters(inked, everywhere))[1], SPENT, SPENT_BAND)
    if not value and small and pencil.share(inside, pencil.shade) >= SHADED:
        return True, LIKELIER
    faint = sorted(_quarters(pencil.faint_lines[y0:y1, x0:x1], everywhere))
    if not value and faint[1] >= FAINT:
        return True, LIKELIER
    return value, confidence


def _in_box(pencil: Pencil, box: Box) -> Box:
    """Where an item box is read: inside its printed line, clear of it."""
    return _inside(box, 0.3 + pencil.clear)


#: How much darker than the paper (0-1, on average) an item box on a sheet small in
#: the photo is when filled lightly (an empty one's JPEG noise and strays stay under).
SHADED = 0.055


def _goals(pencil: Pencil, at: SheetLayout) -> list[Mark]:
    """The goals outlined (advanced maps): along the outer sides of a goal's box (the
    others face the next box, a millimetre off), at 12 places each, the black across
    the printed line and out to where an outline runs; its median against the
    median of the same measure on printed lines no player outlines (the ghost
    actions' sides): an outline adds black along most of a box's sides, where a
    stray stroke or a slash across adds it at a place or two."""
    if not at.board.large:
        return []
    plain = np.concatenate([pencil.across(at.ghost_box(i), side)
                            for i in range(3) for side in ("left", "right")])
    level = float(np.median(plain))
    return [Mark("goal", goal, *_decide(float(np.median(np.concatenate(
                [pencil.across(at.goal_box(i), side) for side in _outer(i)]))) - level,
                OUTLINED, OUTLINED_BAND))
            for i, goal in enumerate(GOALS)]


def _outer(index: int) -> tuple[str, str]:
    """The sides of goal ``index``'s box that face no other goal (two to a row)."""
    return ("left" if index % 2 == 0 else "right", "top" if index < 2 else "bottom")


#: Pixels a millimetre of the sheet in the photo below which every reading is less
#: sure, in proportion.
FINE = 3.5
#: Where each reading turns from no to yes, and how far either side it is sure.
FILLED, FILLED_BAND = 0.04, 0.14
#: How much darker than beside them both diagonals of a crossed-out cell are (the
#: sheet's darkness, 0–1, averaged along them), and the band to being sure.
CROSSED, CROSSED_BAND = 0.012, 0.03
#: How far (mm) off a diagonal a stroke drawn askew is looked for.
ASKEW = (-1.0, -0.5, 0.5, 1.0)
#: A stroke drawn freehand from corner to corner may end this far (mm) either side
#: of each corner; so found, both halves of both diagonals must be this much darker
#: than beside them — the likeliest of 25 lines is darker by chance than one is.
SWAY, FREEHAND = (-1.0, -0.5, 0.0, 0.5, 1.0), 0.04
PLANNED, PLANNED_BAND = 0.28, 0.5
STRUCK, STRUCK_BAND = 0.035, 0.03
SPENT, SPENT_BAND = FILLED, FILLED_BAND  # an item box is filled as a cell is
LOOPED, LOOPED_BAND = 0.5, 0.25
#: A ring's band is darker than round it by at least this share of the least a line
#: is (``Pencil.level``), on average along the band.
RINGED = 0.45
#: How much black (mm) a goal's outline adds across its box's printed line, on
#: most of its sides, and the band to being sure: the middle of the gap measured on
#: 1,428 goal boxes of 700 photos in the plain style — none not outlined above 0.050,
#: every one outlined from 0.056 but one (0.03, on a sheet 1.8 pixels a mm).
OUTLINED, OUTLINED_BAND = 0.053, 0.04


def _struck(pencil: Pencil, at: SheetLayout) -> list[Mark]:
    """Each development number, struck out or not: by the pencil clear of its
    printed number."""
    return [Mark("development", str(n), *_decide(pencil.struck(at.development(n), n),
                                                 STRUCK, STRUCK_BAND))
            for n in range(1, at.board.development_length + 1)]


def _inside(box: Box, inset: float) -> Box:
    return Box(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset)


# --- plans ---------------------------------------------------------------------------------


def _plans(pencil: Pencil, at: SheetLayout, filled: frozenset[Cell]
           ) -> tuple[tuple[Rect, ...], list[Mark], list[Mark]]:
    """The dotted rectangles: every rectangle of open cells a plan could be, scored
    by the dashes along its sides (looked for just inside them; a side against a
    filled cell, where pencil hides them, counts ``BUSY``, and a line along the whole
    of it, which may be the fill's own edge, half; a side counts the less the more
    of it a neighbour's pencil runs over, down to ``UNHIDDEN``; a rectangle nothing
    tells from a pocket of open cells counts ``UNTOLD`` and is a doubt, read a plan
    or not), the best taken first
    as long as they keep apart as plans must; and the likeliest of the rest, apart
    from the plans read, that the rules may yet add (``UNSEEN``)."""
    board = at.board
    dashes, hidden = _dashes(pencil, at, filled)
    scored, untold = [], set()
    for rect in _candidates(board, filled):
        # a side along the outer wall counts as dotted whether drawn or not (the rules)
        kinds = [(_dotted(dashes[side], kind), kind, hidden[side]) for side in _perimeter(rect)
                 for kind in [_edge_kind(board, filled, side)]]
        sides = np.array([seen for seen, kind, _h in kinds if not kind[0]])
        if sides.size:
            weights = np.array([(BUSY if kind[1] else 1.0) * max(1 - hid, UNHIDDEN)
                                for _seen, kind, hid in kinds if not kind[0]])
            mean = float(np.average(sides, weights=weights))
            spread = float(np.sqrt(np.average((sides - mean) ** 2, weights=weights)))
            inner = [dashes.get(side, 0.0) for side in _inner_edges(rect)]
            told = _told(board, rect, kinds) or rect in board.entrance_blocks.values()
            untold |= set() if told else {rect}
            score = (mean - 0.5 * spread) * (1.0 if told else UNTOLD)
            scored.append((score - INNER * (float(np.mean(inner)) if inner else 0.0), rect))
    scored.sort(key=lambda sr: (-sr[0], sr[1].top, sr[1].left))
    taken: dict[Rect, float] = {}
    marks, unseen = [], []
    doubted: list[Rect] = []
    for score, rect in scored:
        if any(too_close(rect, other) for other in taken):
            marks = _crowded(rect, score, taken, marks)
            continue
        value, confidence = _decide(score, PLANNED, PLANNED_BAND)
        if rect in untold:  # a pocket of open cells: a plan or not, a doubt either way
            confidence = min(confidence, LIKELIER)
        if value:
            taken[rect] = score
            marks += _rivalled(rect, score, confidence, scored, list(taken))
        elif sum(rect.overlaps(o) for o in doubted) < PER_PLACE:
            doubted.append(rect)  # the likeliest plans of a place, not each overlapping one
            mark = Mark("plan", rect.name(), value, confidence)
            if confidence < DOUBT:
                marks.append(mark)
            else:
                unseen.append((rect, mark))
    unseen = [m for rect, m in unseen if not any(too_close(rect, t) for t in taken)]
    return tuple(sorted(taken, key=lambda r: (r.top, r.left))), marks, unseen[:UNSEEN]


def _crowded(rect: Rect, score: float, taken: dict[Rect, float], marks: list[Mark]
             ) -> list[Mark]:
    """``marks`` with ``rect`` — kept out by a likelier plan read beside or over it,
    as plans keep apart — a doubt where it scores nearly as well (``RIVAL``) and
    would be read a plan itself, or, too faint for that, is the likeliest rectangle
    just beside that plan; and so that plan: dashes seen a cell off, two plans one
    of which the rules drop for the track, or the plan drawn beside a faint one
    read, which the rules may take instead."""
    other = next(t for t in taken if too_close(rect, t))
    near = 0.5 + max(taken[other] - score, 0.0) / (2 * RIVAL)
    if near >= DOUBT or any(m.name == rect.name() for m in marks):
        return marks
    if score < PLANNED and (rect.overlaps(other) or any(
            m.what == "plan" and not m.value and _beside(parse_range(m.name), other)
            for m in marks)):
        return marks
    return [Mark(m.what, m.name, m.value, min(m.confidence, near))
            if m.name == other.name() else m for m in marks] + [
        Mark("plan", rect.name(), False, near)]


def _beside(rect: Rect, other: Rect) -> bool:
    """Whether ``rect`` lies beside ``other``, too close to be a plan with it."""
    return too_close(rect, other) and not rect.overlaps(other)


#: How many of the likeliest rectangles read as no plan the rules may still add,
#: to agree with the development track.
UNSEEN = 6

#: How much a side against a filled cell counts towards a plan, against a side by
#: open cells: the neighbour's pencil, running up to the line, hides dashes there.
BUSY = 0.5
#: How much the dashes of a rectangle count where nothing tells it from a pocket of
#: open cells walled by fills (:func:`_told`).
UNTOLD = 0.5


def _told(board: Map, rect: Rect, kinds: list) -> bool:
    """Whether anything could tell a plan ``rect`` from a pocket of open cells: a
    side between open cells, where dashes show alone, or a monster inside, whose
    advance on the development track the rules hold the plans to. Along the wall
    and fills, the line seen may as well be the fills' edges."""
    return (any(not (kind[0] or kind[1]) for _seen, kind, _hidden in kinds)
            or any(board.is_monster(cell) for cell in rect.cells()))


#: How much a side a neighbour's pencil runs over the whole of still counts: where
#: the pencil hides them, no dashes seen says little.
UNHIDDEN = 0.3
#: A line along this much of a side or more has no gaps between dashes.
UNBROKEN = 0.95


def _dotted(dashes: float, kind: tuple[bool, bool, bool]) -> float:
    """How dotted a side looks: the share of it dashed, but a line unbroken along a
    side against a filled cell, which may as well be the fill's edge (a fill run up
    to the line, or a little over it) as a plan's dashes, half."""
    return 0.5 if kind[1] and dashes >= UNBROKEN else dashes


#: How many rectangles over one place of the sheet may be doubted as unread plans
#: (the likeliest, and its likeliest neighbour: a side seen one cell off).
PER_PLACE = 2
#: A plan read whose likeliest rival (a rectangle over the same cells, a row or a
#: column more or less) scores within this much of it is a doubt, and so is the rival.
RIVAL = 0.3


def _rivalled(rect: Rect, score: float, confidence: float, scored: list, taken: list[Rect]
              ) -> list[Mark]:
    """The plan as read; where rival rectangles over mostly the same cells score
    nearly as well (a dash seen on the wrong side of a line: a side moved by one),
    the plan and its likeliest rival as doubts, so the player looks at that corner
    of the sheet whichever was drawn."""
    rivals = sorted(((s, r) for s, r in scored if r != rect and r not in taken
                     and r.overlaps(rect) and 2 * len(set(r.cells()) & set(rect.cells()))
                     >= min(r.area, rect.area)), key=lambda sr: -sr[0])
    mark = Mark("plan", rect.name(), True, confidence)
    close = [(s, r) for s, r in rivals[:1] if 0.5 + max(score - s, 0.0) / (2 * RIVAL) < DOUBT]
    if not close:
        return [mark]
    near = 0.5 + max(score - close[0][0], 0.0) / (2 * RIVAL)
    return [Mark("plan", rect.name(), True, min(near, confidence)),
            *(Mark("plan", r.name(), False, 0.5 + max(score - s, 0.0) / (2 * RIVAL))
              for s, r in close)]


def _dashes(pencil: Pencil, at: SheetLayout, filled: frozenset[Cell]) -> tuple[dict, dict]:
    """For each cell edge seen from an open cell, the share of its length along
    which a dash runs: a line wider than the sheet's bare edges carry, that does
    not run on into the cell (``RUNS_ON``); and the share along which pencil runs
    on into the cell, hiding any dash. Edges are measured in four kinds, as they are printed
    and seen apart: the map's border or an inner line, with the cell outside open
    or filled (then only the inner half of the line is looked at)."""
    board = at.board
    seen = {}
    for cell in board.cells:
        if cell in filled and cell not in board.exits:
            continue
        whole = Rect(cell[0], cell[1], cell[0], cell[1])
        for side in _perimeter(whole):
            kind = _edge_kind(board, filled, side)
            seen[side] = (kind, pencil.along(at, *side, *kind[1:]))
    result, hidden = {}, {}
    for kind in {k for k, _values in seen.values()}:
        group = [side for side, (k, _) in seen.items() if k == kind]
        base = float(np.percentile(np.concatenate([seen[s][1][0] for s in group]), 25))
        limit = base + (DASH / 2 if kind[1] or kind[2] else DASH)
        result.update({side: _dashed((seen[side][1][0] > limit) & (seen[side][1][1] < RUNS_ON),
                                     kind[1], at.cell) for side in group})
        hidden.update({side: float(np.mean(seen[side][1][1] >= RUNS_ON)) for side in group})
    return result, hidden


def _dashed(dark: np.ndarray, busy: bool, cell: float) -> float:
    """The share of a side's places ``dark`` with a line (a dash's, if a plan's). On a
    side against a filled cell, a line unbroken for longer than a hand's dash
    (``LONGEST_DASH`` mm) along part of it is rather the neighbour's pencil strayed
    along the line than dashes: it counts ``STRAYED`` of its length. A line along
    all of the side is weighed apart (:func:`_dotted`)."""
    share = float(np.mean(dark))
    if not busy or share >= UNBROKEN:
        return share
    step = cell * (ALONG[1] - ALONG[0]) / (dark.size - 1)  # mm between two places
    edges = np.flatnonzero(np.diff(np.concatenate([[0], dark.astype(int), [0]])))
    runs = edges[1::2] - edges[::2]
    return float(sum(r * (1.0 if r * step <= LONGEST_DASH else STRAYED) for r in runs)
                 ) / dark.size


#: The longest dash (mm) a hand draws a plan's dotted line with, and how much of
#: a line running on longer along part of a side against a fill counts as dashes.
LONGEST_DASH, STRAYED = 4.5, 0.25


def _edge_kind(board: Map, filled: frozenset[Cell], side) -> tuple[bool, bool, bool]:
    """(on the map's border; the cell outside filled, off the map or framed as a
    large monster's; the cell inside framed)."""
    (x0, y0, x1, y1), (ix, iy) = side
    border = (x0 == x1 and x0 in (0, board.width)) or (y0 == y1 and y0 in (0, board.height))
    inside = (min(x0, x1 - 1) if iy else x0 - (ix < 0), min(y0, y1 - 1) if ix else y0 - (iy < 0))
    outside = (inside[0] - ix, inside[1] - iy)
    framed = {c for m in board.large for c in m.cells}
    busy = border or outside in filled or outside in framed
    return border, busy, inside in framed


def _candidates(board: Map, filled: frozenset[Cell]):
    """Every rectangle a plan could be by the rules: at least 2 × 2, at most 12 cells
    (white + black), its cells open (but the exits, filled at the end), sharing an
    edge with a filled cell (but the setup plans), and a large monster enclosed whole
    or not at all."""
    for top in range(board.height - 1):
        for left in range(board.width - 1):
            for bottom in range(top + 1, board.height):
                for right in range(left + 1, board.width):
                    rect = Rect(left, top, right, bottom)
                    if rect.width * rect.height > 12:
                        break
                    if any(c in filled and c not in board.exits for c in rect.cells()):
                        break  # a plan's cells stay open, but for the exits filled at the end
                    if _drawable(board, filled, rect):
                        yield rect


def _drawable(board: Map, filled: frozenset[Cell], rect: Rect) -> bool:
    if rect in board.entrance_blocks.values():
        return True  # the setup plan, drawn before anything was filled
    cells = set(rect.cells())
    beside = {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    if not (beside - cells) & filled:
        return False  # a plan is drawn against filled cells (the outer wall does not count)
    return all(not (m.cells & cells) or m.cells <= cells for m in board.large)


def _perimeter(rect: Rect):
    """Each unit edge of ``rect``'s outline, as (x0, y0, x1, y1) in cells, with the
    direction into the rectangle."""
    for x in range(rect.left, rect.right + 1):
        yield (x, rect.top, x + 1, rect.top), (0, 1)
        yield (x, rect.bottom + 1, x + 1, rect.bottom + 1), (0, -1)
    for y in range(rect.top, rect.bottom + 1):
        yield (rect.left, y, rect.left, y + 1), (1, 0)
        yield (rect.right + 1, y, rect.right + 1, y + 1), (-1, 0)


#: How much dashes inside a rectangle count against its being a plan.
INNER = 0.5


def _inner_edges(rect: Rect):
    """The unit edges between a rectangle's own cells (a plan has no line there)."""
    for x in range(rect.left + 1, rect.right + 1):
        for y in range(rect.top, rect.bottom + 1):
            yield (x, y, x, y + 1), (1, 0)
            yield (x, y, x, y + 1), (-1, 0)
    for y in range(rect.top + 1, rect.bottom + 1):
        for x in range(rect.left, rect.right + 1):
            yield (x, y, x + 1, y), (0, 1)
            yield (x, y, x + 1, y), (0, -1)


# --- the pencil on the sheet -----------------------------------------------------------------


#: An area whose free part is smoother than this many times the smoothest fifth
#: of the sheet's areas is bare paper: pencil and ink are rough, light and shadow
#: smooth.
SMOOTH = 1.5
#: The entrance blocks' tint over bare paper, where the photo shows no bare block.
TINT = 0.84
#: The entrance blocks' tint is measured on each block's barest cell (a fill on the
#: tint is darker) and taken from the blocks a little above their middle (this
#: percentile, the nearest block's): a block with every cell filled lightly is
#: darker, one under a glare lighter, and either would set it wrong for the rest.
TINTED = 60


def _tint(image: np.ndarray, paper: np.ndarray,
          tinted: list[tuple[Rect, Box, np.ndarray]]) -> float:
    """The entrance blocks' tint over bare paper, from ``tinted``: each tinted cell's
    block, box and mask of its free pixels (``TINTED``)."""
    barest: dict[Rect, float] = {}
    for block, box, free in tinted:
        x0, y0, x1, y1 = _pixels(box)
        barest[block] = max(barest.get(block, 0.0), float(np.median(
            image[y0:y1, x0:x1][free] / paper[y0:y1, x0:x1][free])))
    if not barest:
        return TINT
    return float(np.clip(np.percentile(list(barest.values()), TINTED, method="nearest"),
                         0.6, 0.97))


@dataclass
class Pencil:
    """Where the sheet carries a player's pencil: ``inked`` (pixels darker than
    paper, on the plain paper and on the entrance blocks' tint) and ``stroke``
    (lines: pixels darker than the paper right round them)."""

    inked: np.ndarray
    tinted: np.ndarray
    stroke: np.ndarray
    level: float
    clear: float  # how far round a printed picture the photo's blur reaches, mm
    tint: float  # the entrance blocks' tint over bare paper
    tinted_cells: frozenset[Cell]
    shade: np.ndarray  # how much darker than the paper (and tint) each pixel is, 0–1
    #: as ``shade``, but below 0 where brighter than the paper's estimate, so that
    #: a faint line still shows against what is beside it where that estimate is
    #: too dark (among dense fills)
    relief: np.ndarray
    #: lines ``FAINT_LINE`` as dark as ``level`` (a light hand's), specks aside
    faint_lines: np.ndarray
    #: the paper's brightness at every pixel, the entrance blocks' tint in it
    lit: np.ndarray | None = None

    @classmethod
    def of(cls, sheet: Sheet, at: SheetLayout) -> Pencil:
        image = sheet.image
        detail = np.abs(image - cv2.GaussianBlur(image, (0, 0), PX))
        block_of = {c: rect for rect in at.board.entrance_blocks.values() for c in rect.cells()}
        tinted_cells = frozenset(block_of)
        areas = layout.areas(at)
        found = []
        for area in areas:
            box, free = _free(area)
            x0, y0, x1, y1 = _pixels(box)
            values = image[y0:y1, x0:x1][free]
            rough = float(detail[y0:y1, x0:x1][free].mean() / max(np.median(values), 1e-3))
            found.append((box, free, rough, any(c in tinted_cells for c in area.cells)))
        smooth = SMOOTH * float(np.percentile([f[2] for f in found], 20))
        paper, bare = _paper(sheet, at, [(box, free) for box, free, rough, tinted in found
                                         if rough < smooth and not tinted])
        tint = _tint(image, paper, [(block_of[area.cells[0]], box, free) for area, (
            box, free, _rough, tinted) in zip(areas, found, strict=True) if tinted])
        lit = paper.copy()  # the paper's brightness with the entrance blocks' tint
        for cell in tinted_cells:
            x0, y0, x1, y1 = _pixels(at.cell_box(cell))
            lit[y0:y1, x0:x1] *= tint
        stroke = _strokes(image / np.maximum(lit, 1e-3))
        level = max(INK, 3 * float(np.percentile(stroke[bare], 90)))
        lines = _strokes_long(stroke > level).astype(np.float32)
        return cls(np.maximum(_darkness(sheet.ink(paper)), lines),
                   np.maximum(_darkness(sheet.ink(paper * tint)), lines),
                   stroke, level, 0.35 + 1.5 / sheet.photo_scale(), tint, tinted_cells,
                   sheet.ink(lit), np.minimum(1 - sheet.image / np.maximum(lit, 1e-3), 1),
                   _strokes_long(stroke > FAINT_LINE * level), lit)

    def fill(self, area: Area) -> tuple[bool, float]:
        """Whether ``area`` is filled and how sure. Pencil counts where it is dark
        (a solid fill, which a blurred photo shows smooth) or a line (hatching, a
        cross, a scribble); a cell darkened evenly by less than a fill — an erased
        fill's smudge, a shadow the light missed — counts only in part, and is a
        doubt however much of it there is (:meth:`smudged`), never a guess; so is a
        scribble leaving a corner bare."""
        least, second = _fill_score(*self._ink(area), area)
        value, confidence = _decide(least, FILLED, FILLED_BAND)
        if not value and second >= LOOSE:  # three quarters pencilled: a loose scribble
            return True, LIKELIER
        if value and self.smudged(area):
            return True, min(confidence, LIKELIER)
        return value, confidence

    def smudged(self, area: Area) -> bool:
        """Darkened evenly, by less than a solid fill somewhere, with too few lines
        in it to read it filled by them alone: as like an erased fill's smudge as a
        light fill."""
        box, mask = _free(area, inset=1.0, clear=self._ink(area)[1])
        x0, y0, x1, y1 = _pixels(box)
        shade = [q for q in _quarters(self.shade[y0:y1, x0:x1], mask, 3) if q is not None]
        lines = [q for q in _quarters(self.stroke[y0:y1, x0:x1] > self.level, mask, 3)
                 if q is not None]
        return bool(shade) and min(shade) < DARK and max(lines) < FILLED

    def _ink(self, area: Area) -> tuple[np.ndarray, float]:
        """The pencil measure for ``area`` (on the paper or the tint), and how far
        clear of its pictures to keep (a white die on the tint shows wider)."""
        if any(c in self.tinted_cells for c in area.cells):
            return self.tinted, max(self.clear, 0.8)
        return self.inked, self.clear

    def unstrayed(self, area: Area, strayed: dict[str, float] | None,
                  beside: frozenset[str] = frozenset()) -> list[float] | None:
        """The pencil in each quarter of ``area`` clear of the ``strayed`` bands
        and of the strokes that reach in over a line with a filled cell beyond it
        (``beside``) no deeper than a band may (:func:`_shallow`), least first (those
        with ``QUARTER`` mm² left; else in the whole of what is left): a cell's own
        fill reaches three quarters or more, where a neighbour's scribble straying
        over another line darkens the half beside it at most. ``None`` where there
        is nothing to leave out, or too little is left."""
        if not strayed and not beside:
            return None
        ink, clear = self._ink(area)
        box, mask = _free(area, inset=1.0, clear=clear, strayed=strayed)
        if mask.sum() < LEFT * PX * PX:
            return None
        x0, y0, x1, y1 = _pixels(box)
        inked = ink[y0:y1, x0:x1]
        mask &= ~_shallow(inked > 0, beside, round((DEEPEST - 1.0) * PX))
        return sorted(share for share in _quarters(inked, mask, least=round(QUARTER * PX * PX))
                      if share is not None) or [float(inked[mask].mean())]

    def faint(self, area: Area, strayed: dict[str, float] | None) -> list[float]:
        """The share of ``area`` (clear of the ``strayed`` bands) in each quarter that
        shows a line ``FAINT_LINE`` as dark as a pencil line must be (specks, a
        JPEG's, aside), least first: none where too little is left to tell."""
        box, mask = _free(area, inset=1.0, clear=self._ink(area)[1], strayed=strayed)
        if mask.sum() < LEFT * PX * PX:
            return []
        x0, y0, x1, y1 = _pixels(box)
        lines = self.faint_lines[y0:y1, x0:x1]
        return sorted(q for q in _quarters(lines, mask, least=round(QUARTER * PX * PX))
                      if q is not None)

    def hatched(self, area: Area, strayed: dict[str, float] | None) -> bool:
        """Whether ``area`` (clear of the ``strayed`` bands) is hatched by a hand too
        light for any stroke to count as a line: across the strokes, at their slant,
        the sheet rises and falls (by the ``relief``) more than across any other —
        noise, the paper's grain and the photo's, averages out along any slant,
        strokes only along their own — over the whole cell and over its every
        quarter but one (``HATCHED``)."""
        box, mask = _free(area, inset=1.0, clear=self._ink(area)[1], strayed=strayed)
        if mask.sum() < HATCH_SEEN * PX * PX:
            return False
        x0, y0, x1, y1 = _pixels(box)
        ys, xs = np.nonzero(mask)
        relief = self.relief[y0:y1, x0:x1][ys, xs].astype(np.float64)
        rise = _rise_and_fall(xs, ys, relief, ENDS)
        slant = int(np.argmax(np.where(_SLANTS_LOOKED_AT, rise, -1)))
        whole, three, four = HATCHED
        if rise[slant] < whole * np.median(rise):
            return False
        h, w = mask.shape
        quarters = []
        for upper in (ys < h / 2, ys >= h / 2):
            for left in (xs < w / 2, xs >= w / 2):
                part = upper & left
                if part.sum() >= HATCH_QUARTER * PX * PX:
                    rise = _rise_and_fall(xs[part], ys[part], relief[part], 0.3)
                    quarters.append(rise[slant] / max(float(np.median(rise)), 1e-9))
        quarters.sort()
        return len(quarters) == 4 and quarters[1] >= three and quarters[0] >= four

    def bands(self, area: Area, sides: frozenset[str]) -> dict[str, float] | None:
        """How far in from the line (mm) pencil runs the whole length of each of
        ``sides``, as a neighbour's fill run over the line does (an X reaches a
        side only at its ends), with the blur of the band's edge; ``None`` where
        a band reaches ``DEEPEST``: the cell's own fill."""
        ink, clear = self._ink(area)
        inset = 1.0
        box, free = _free(area, inset=inset, clear=clear)
        x0, y0, x1, y1 = _pixels(box)
        dark = ink[y0:y1, x0:x1] > 0.8
        deepest = round((DEEPEST - inset) * PX)
        found = {}
        for side in sides:
            rows = zip(_from_side(dark, side)[:deepest], _from_side(free, side)[:deepest],
                       strict=True)
            depth = next((i for i, (d, f) in enumerate(rows)
                          if not _runs_along(d[None], f[None])), deepest)
            if depth >= deepest:
                return None
            if depth:
                found[side] = inset + depth / PX + self.clear
        return found

    def crossed(self, area: Area, strayed: dict[str, float] | None = None,
                halves: bool = False, pencilled: bool = False) -> tuple[bool, float] | None:
        """Whether ``area`` is crossed out (an X from corner to corner) and how sure:
        along both diagonals the sheet is darker than beside them — beside filled
        cells (``halves``), along each half of them, as a neighbour's pencil
        straying in darkens one half only. On a sheet small in the photo a pencil X
        is too faint for any pixel to count as pencil, but a whole diagonal,
        averaged, still shows. Looked at clear of the ``strayed`` sides, ``None``
        where too little of the diagonals is left. In a cell known to carry pencil
        (``pencilled``), where the choice is between an X and a neighbour's stray,
        a stroke is looked for up to a millimetre off the diagonal too (drawn
        askew), and a third of the darkness will do."""
        ends = [(off, off) for off in (0.0, *(ASKEW if pencilled else ()))]
        found = self._diagonals(area, strayed, halves, ends, self.shade)
        if found is None:
            return None if strayed else (False, 1.0)
        darker, whole = found
        value, confidence = _decide(darker, CROSSED / 3 if pencilled else CROSSED,
                                    CROSSED_BAND)
        if value and not (whole or strayed):  # one half hidden: it may be a neighbour's
            return False, LIKELIER
        return value, confidence

    def freehand(self, area: Area, bands: dict[str, float] | None,
                 darker: float = FREEHAND) -> bool:
        """Whether ``area`` is crossed out by strokes drawn freehand, each ending up
        to a millimetre either side of its corner: along the likeliest such line
        on each diagonal, each half is ``darker`` than beside it (each half left
        clear of the ``bands`` its neighbours' fills run in along its sides), by the
        ``relief``: a faint stroke among dense fills, where the paper's estimate is
        too dark, shows no shade at all."""
        found = self._diagonals(area, bands, True, [(a, b) for a in SWAY for b in SWAY],
                                self.relief)
        return found is not None and (found[1] or bool(bands)) and found[0] >= darker

    def _diagonals(self, area: Area, strayed: dict[str, float] | None, halves: bool,
                   ends: list[tuple[float, float]], measure: np.ndarray
                   ) -> tuple[float, bool] | None:
        """How much darker (by ``measure``) than beside it the lesser diagonal of
        ``area`` is, along the likeliest of the lines whose ``ends`` lie so far (mm)
        off its corners (in its lesser half, for ``halves``), and whether every half
        was seen; ``None`` where too little of a diagonal is left."""
        box, free = _free(area, inset=0.8, clear=self.clear, strayed=strayed)
        x0, y0, x1, y1 = _pixels(box)
        h, w = free.shape
        ys, xs = np.nonzero(free)
        u, v = xs / max(w - 1, 1), ys / max(h - 1, 1)
        end = 0.1 if halves else 0.15  # each half judged alone: seen further out
        central = (u > end) & (u < 1 - end)
        u, v = u[central], v[central]
        shade = measure[y0:y1, x0:x1][ys[central], xs[central]]
        width = max(0.5, self.clear - 0.4)  # a stroke's half width, blurred
        a, b = (np.array(ends, np.float32).T)[:, :, None]  # each line's ends, mm
        darker, whole = [], True
        for slope in (v - u, v - (1 - u)):
            away = slope * (h * w / np.hypot(h, w) / PX) - a * (1 - u) - b * u  # lines × pixels
            seen = _darker_along(shade, away, (u < 0.5) if halves else None, width)
            count = np.sum(~np.isnan(seen), axis=1)
            if not count.any():
                return None
            least = np.where(count > 0, np.where(np.isnan(seen), np.inf, seen).min(axis=1), 0.0)
            best = np.lexsort((least, count))[-1]  # the most halves seen, then the darkest
            darker.append(float(least[best]))
            whole &= count[best] == 2 or not halves
        return min(darker), bool(whole)

    def share(self, box: Box, measure: np.ndarray | None = None) -> float:
        """The share of inked pixels in ``box`` (or the mean of another ``measure``)."""
        x0, y0, x1, y1 = _pixels(box)
        return float((self.inked if measure is None else measure)[y0:y1, x0:x1].mean())

    def struck(self, circle, number_of: int) -> float:
        """How much darker than the rest of a development circle a line through its
        centre is, in the likeliest of 18 directions, clear of its number: a slash
        crossing the number out, however faint (on a sheet small in the photo few
        of its pixels count as pencil alone, but the line, averaged, still shows),
        where a smudge or a JPEG's ringing darkens no line."""
        x0, y0, x1, y1 = _pixels(Box(circle.x - circle.r, circle.y - circle.r, 2 * circle.r,
                                     2 * circle.r))
        ys, xs = np.mgrid[y0:y1, x0:x1]
        cx, cy = Sheet.px(circle.x, circle.y)
        dx, dy = (xs - cx) / PX, (ys - cy) / PX
        half = 0.85 * len(str(number_of)) + self.clear / 2  # the printed number
        number = (np.abs(dx) < half) & (np.abs(dy) < 1.3 + self.clear / 2)
        free = (np.hypot(dx, dy) < circle.r - 0.3 - self.clear / 2) & ~number
        shade = self.shade[y0:y1, x0:x1]
        darker = [0.0]
        for angle in np.radians(np.arange(0, 180, 10)):
            away = np.abs(np.cos(angle) * dy - np.sin(angle) * dx)  # mm from the line
            on, off = free & (away < 0.5), free & (away > 1.2)
            if on.sum() > 5 and off.sum() > 5:
                darker.append(float(shade[on].mean() - shade[off].mean()))
        return max(darker)

    def ringed(self, box: Box, near: float, far: float) -> float:
        """The share of 16 directions round ``box`` in which a line runs between
        ``near`` and ``far`` mm outside it: where, along some band 0.25 mm wide at one
        distance, the sheet is darker than round it by ``RINGED`` of a line's least,
        on average — a ring drawn round it, however light, runs so in them all."""
        outer = Box(box.x - far, box.y - far, box.w + 2 * far, box.h + 2 * far)
        x0, y0, x1, y1 = _pixels(outer)
        ys, xs = np.mgrid[y0:y1, x0:x1]
        mx, my = (xs / PX - MARGIN_MM), (ys / PX - MARGIN_MM)
        gap = np.maximum(np.maximum(box.x - mx, mx - box.x - box.w),
                         np.maximum(box.y - my, my - box.y - box.h))
        cx, cy = box.centre
        sector = ((np.arctan2(my - cy, mx - cx) + np.pi) / (2 * np.pi) * 16).astype(int) % 16
        bands = round((far - near) / 0.25)
        band = np.floor((gap - near) / 0.25).astype(int)
        inside = (band >= 0) & (band < bands)
        label = (sector * bands + band)[inside]
        count = np.bincount(label, minlength=16 * bands)
        dark = np.bincount(label, self.stroke[y0:y1, x0:x1][inside], minlength=16 * bands)
        mean = (dark / np.maximum(count, 1)).reshape(16, bands)
        return float(np.mean(mean.max(axis=1) > RINGED * self.level))

    def across(self, box: Box, side: str) -> np.ndarray:
        """At 12 places along ``side`` of ``box``: the black (mm) across its printed
        line, from ``ACROSS[0]`` mm inside to ``ACROSS[1]`` outside, where an outline
        drawn round the box runs."""
        t = np.linspace(0.1, 0.9, 12)[:, None]
        out = np.arange(-ACROSS[0], ACROSS[1] + 0.01, 1 / PX)[None, :]
        along = {"top": (box.x + box.w * t, box.y - out), "left": (box.x - out, box.y + box.h * t),
                 "bottom": (box.x + box.w * t, box.y + box.h + out),
                 "right": (box.x + box.w + out, box.y + box.h * t)}[side]
        xs, ys = (np.broadcast_to(a, (t.size, out.size)) for a in along)
        inked = self.stroke[np.round((ys + MARGIN_MM) * PX).astype(int),
                            np.round((xs + MARGIN_MM) * PX).astype(int)]
        return inked.sum(axis=1) / PX

    def along(self, at: SheetLayout, edge, inward, outside_busy: bool, inside_framed: bool
              ) -> tuple[np.ndarray, np.ndarray]:
        """At 12 places along a cell edge: how much line runs on it or just inside it
        (mm of black from 0.7 mm outside to ``WITHIN`` mm inside) and how much
        further in (``BEYOND``): a dash, drawn on the line or a little inside it,
        darkens and widens the printed line, a stray stroke runs on into the cell.
        Where the cell outside is filled or a large monster's (its frame), only the
        inner half is looked at; where the cell inside is a large monster's, only
        the outer half, and not further in."""
        (x0, y0, x1, y1), (ix, iy) = edge, inward
        grid = at.grid_box
        ax, ay = grid.x + x0 * at.cell, grid.y + y0 * at.cell
        bx, by = grid.x + x1 * at.cell, grid.y + y1 * at.cell
        t = np.linspace(*ALONG, 12)[:, None]

        def inked(depths: np.ndarray) -> np.ndarray:
            xs = (ax + (bx - ax) * t + ix * depths[None, :] + MARGIN_MM) * PX
            ys = (ay + (by - ay) * t + iy * depths[None, :] + MARGIN_MM) * PX
            return self.stroke[np.round(ys).astype(int), np.round(xs).astype(int)]

        def line(depths: np.ndarray) -> np.ndarray:  # mm of black across the edge
            return inked(depths).sum(axis=1) / PX

        def further(depths: np.ndarray) -> np.ndarray:  # mm of line further in
            return (inked(depths) > self.level).sum(axis=1) / PX

        start = -0.15 if outside_busy else -0.7
        stop = 0.25 if inside_framed else WITHIN
        beyond = np.zeros(12) if inside_framed else further(np.arange(*BEYOND, 1 / PX))
        return line(np.arange(start, stop + 0.01, 1 / PX)), beyond


#: Where along a cell edge (shares of it) its 12 places are measured, end to end.
ALONG = (0.12, 0.88)
#: A dash adds at least this much black (mm) across a cell edge's printed line.
DASH = 0.06
#: How far inside a cell's line (mm) a plan's dashes are looked for: players draw
#: them on the line or up to a millimetre inside it, to keep them apart from it.
WITHIN = 1.4
#: A line across a cell edge with ``RUNS_ON`` mm of it ``BEYOND`` (mm in) runs on
#: into the cell (a fill's stroke), where a dash drawn along the line, within
#: ``WITHIN`` and blurred, reaches in no further than the first sample.
BEYOND, RUNS_ON = (WITHIN + 0.3, WITHIN + 0.81), 0.2
#: Where a goal's outline is looked for: mm inside its box's line, and outside.
ACROSS = (0.4, 2.3)


def _decide(score: float, threshold: float, band: float) -> tuple[bool, float]:
    """A yes or no from ``score`` (from 0, nothing seen) and how sure: 0.5 at the
    threshold, 1 once ``band`` above it, and 1 at nothing seen at all."""
    if score >= threshold:
        return True, min(1.0, 0.5 + (score - threshold) / (2 * band))
    return False, min(1.0, 0.5 + (threshold - score) / (2 * min(band, threshold)))


def _darker_along(shade: np.ndarray, away: np.ndarray, first: np.ndarray | None,
                  width: float) -> np.ndarray:
    """How much darker than beside it each line is (``away``: mm from it, a row for
    each line, a column for each pixel of ``shade``): along the whole of it, or in
    each of its halves (``first`` the one): a stroke from corner to corner darkens
    both, where a neighbour's pencil, straying in at one side, darkens one. NaN
    for a half that cannot be seen, and for a line too little of which, or of
    beside it, is seen."""
    near = np.abs(away)
    on = (near < width).astype(np.float32)
    beside = ((near > width + 0.9) & (near < width + 2.5)).astype(np.float32)
    seen = (on.sum(axis=1) >= 5) & (beside.sum(axis=1) >= 5)
    parts, least = ([np.ones_like(shade, bool)], 5) if first is None else ([first, ~first], 4)
    found = []
    for part in parts:
        counted = [(band * part).sum(axis=1) for band in (on, beside)]
        means = [(band @ (shade * part)) / np.maximum(n, 1)
                 for band, n in zip((on, beside), counted, strict=True)]
        found.append(np.where(seen & (counted[0] >= least) & (counted[1] >= least),
                              means[0] - means[1], np.nan))
    return np.stack(found, axis=1)


_DEGREES = np.arange(0, 180, SLANT)
_SLANTS = np.radians(_DEGREES)
_SLANTS_LOOKED_AT = np.minimum(_DEGREES % 90, 90 - _DEGREES % 90) >= AXIS


def _rise_and_fall(xs: np.ndarray, ys: np.ndarray, values: np.ndarray, ends: float
                   ) -> np.ndarray:
    """For each of ``_SLANTS``: how much the mean of ``values`` (at pixels ``xs``,
    ``ys``) along lines at that slant, a pixel apart, rises and falls across them
    round its mean within ``SWELL`` mm, ``ends`` mm from either end left out — each
    line's mean weighed by its length, so that noise gives its own spread (a
    pixel's) whatever the slant and however long the lines."""
    found = np.zeros(len(_SLANTS))
    for i, angle in enumerate(_SLANTS):
        across = xs * np.cos(angle) + ys * np.sin(angle)
        line = np.floor(across - across.min()).astype(int)
        count, total = np.bincount(line), np.bincount(line, values)
        seen = count >= max(3, count.max() / 4)
        mean = total[seen] / count[seen]
        swing = mean - cv2.blur(mean.reshape(-1, 1), (1, max(3, round(SWELL * PX))),
                                borderType=cv2.BORDER_REPLICATE).ravel()
        cut = round(ends * PX)
        swing, count = swing[cut:len(swing) - cut], count[seen][cut:len(swing) - cut]
        if len(swing) >= 3:
            found[i] = np.sqrt(np.mean(count * swing ** 2))
    return found


def _pixels(box: Box) -> tuple[int, int, int, int]:
    x0, y0 = Sheet.px(box.x, box.y)
    x1, y1 = Sheet.px(box.x + box.w, box.y + box.h)
    return round(x0), round(y0), round(x1), round(y1)


def _free(area: Area, inset: float = 0.7, clear: float = 0.5,
          strayed: dict[str, float] | None = None) -> tuple[Box, np.ndarray]:
    """Where pencil is looked for in ``area``: inside its lines, clear of its pictures
    (and of the ``strayed`` sides as far in as each reaches, mm from the line)."""
    box = Box(area.box.x + inset, area.box.y + inset, area.box.w - 2 * inset,
              area.box.h - 2 * inset)
    x0, y0, x1, y1 = _pixels(box)
    mask = ~_pictured(area, box, (y1 - y0, x1 - x0), clear)
    for side, reach in (strayed or {}).items():
        _from_side(mask, side)[:max(round((reach - inset) * PX), 0)] = False
    return box, mask


def _shallow(inked: np.ndarray, sides: frozenset[str], deepest: int) -> np.ndarray:
    """The pieces of ``inked`` that touch one of ``sides`` and reach no further in
    from it than ``deepest`` pixels: a neighbour's strokes run over the line."""
    count, pieces, stats, _centres = cv2.connectedComponentsWithStats(
        inked.astype(np.uint8), connectivity=8)
    h, w = inked.shape
    x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    x1, y1 = x + stats[:, cv2.CC_STAT_WIDTH], y + stats[:, cv2.CC_STAT_HEIGHT]
    reach = {"left": (x == 0, x1), "right": (x1 == w, w - x), "top": (y == 0, y1),
             "bottom": (y1 == h, h - y)}
    shallow = np.zeros(count, bool)
    for side in sides:
        touches, depth = reach[side]
        shallow |= touches & (depth <= deepest)
    shallow[0] = False  # the background
    return shallow[pieces]


def _from_side(image: np.ndarray, side: str) -> np.ndarray:
    """A view of ``image`` whose rows run along ``side``, the first at that side."""
    return {"left": image.T, "right": image.T[::-1], "top": image, "bottom": image[::-1]}[side]


def _runs_along(dark: np.ndarray, free: np.ndarray) -> bool:
    """Whether a band (along its second axis) is dark nearly all its length: in all
    but one of eight stretches, where at least four can be seen."""
    stretches = [d[f].mean() for d, f in zip(np.array_split(dark, 8, axis=1),
                                             np.array_split(free, 8, axis=1), strict=True)
                 if f.any()]
    return len(stretches) >= 4 and sum(s > 0.2 for s in stretches) >= len(stretches) - 1


#: The least a line (mm²) must cover to be pencil: a JPEG's specks round a printed
#: picture, on the entrance blocks' tint most, are smaller; a pencil stroke is not.
SPECK = 0.5


def _strokes_long(lines: np.ndarray) -> np.ndarray:
    """``lines`` without the specks: the pieces covering less than ``SPECK`` mm²."""
    _count, pieces, stats, _centres = cv2.connectedComponentsWithStats(
        lines.astype(np.uint8), connectivity=8)
    kept = stats[:, cv2.CC_STAT_AREA] >= SPECK * PX * PX
    kept[0] = False  # the background
    return kept[pieces]


def _darkness(ink: np.ndarray) -> np.ndarray:
    """How surely each pixel is pencil by its darkness alone: none below LIGHT (a
    smudge, a shadow the paper estimate missed), surely from DARK, in between a
    share — so that a cell evenly darkened in between is a doubt, not a guess."""
    return np.clip((ink - LIGHT) / (DARK - LIGHT), 0, 1).astype(np.float32)


def _strokes(image: np.ndarray) -> np.ndarray:
    """How much darker each pixel is than the brightest within 0.75 mm: a pencil or
    pen line stands out, a smudge, a shadow or a cell's tint does not."""
    size = round(1.5 * PX) | 1
    around = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    return np.clip(1 - image / np.maximum(around, 1e-3), 0, 1)


#: A smooth area at least this bright against the paper round it is bare paper
#: (a cell filled evenly is darker — on a small photo light hatching is smooth too,
#: a tenth darker; a soft shadow changes less than this from cell to cell).
BARE = 0.9
#: On a sheet this large in the photo (pixels a mm) or larger, where pencil shows
#: its strokes and grain, a smooth area is bare paper down to ``SHADOWED``: the edge
#: of a hard shadow (a lamp's, a phone's) darkens open cells by more than a tenth
#: from one cell to the next.
SHARP, SHADOWED = 4.5, 0.8


def _paper(sheet: Sheet, at: SheetLayout, smooth: list[tuple[Box, np.ndarray]]
           ) -> tuple[np.ndarray, np.ndarray]:
    """The paper's brightness everywhere, and a mask of the bare paper it was
    measured on: the strips where nothing is printed, then the smooth areas bright
    enough to be bare paper (``BARE``; ``SHADOWED`` on a sheet ``SHARP`` in the
    photo) — a pixel darker than the bare paper's noise is ink. The paper's margins
    either side of the sheet show a shadow (over the map's left side, where its open
    cells may all be walled in by fills), not the photo's grain (:func:`_lit`)."""
    image = sheet.image
    blank = _covering(image.shape, layout.bare_strips(at))
    margin = _covering(image.shape, layout.margin_strips(at))
    taken = [False] * len(smooth)
    paper = _lit(sheet, blank, margin)
    enough = SHADOWED if sheet.photo_scale() >= SHARP else BARE
    for _round in range(4):
        grown = False
        for i, (box, free) in enumerate(smooth):
            x0, y0, x1, y1 = _pixels(box)
            if not taken[i] and np.median(image[y0:y1, x0:x1][free]
                                          / paper[y0:y1, x0:x1][free]) >= enough:
                blank[y0:y1, x0:x1] |= free
                taken[i] = grown = True
        if not grown:
            break
        paper = _lit(sheet, blank, margin)
    return paper, blank


def _covering(shape: tuple[int, ...], boxes: list[Box]) -> np.ndarray:
    """A mask of the sheet's pixels inside ``boxes``."""
    mask = np.zeros(shape, bool)
    for box in boxes:
        x0, y0, x1, y1 = _pixels(box)
        mask[y0:y1, x0:x1] = True
    return mask


def _lit(sheet: Sheet, blank: np.ndarray, margin: np.ndarray) -> np.ndarray:
    """The paper's brightness measured on ``blank``, darker where the ``margin``
    shows a shadow there: the margin, far from any print, is brighter than paper
    beside printed lines in the photo (their blur and the JPEG's ringing) and never
    lightens it."""
    return np.minimum(sheet.paper(blank), sheet.paper(blank | margin))


#: Pencil (share) in three quarters of a cell or more, the fourth bare, that reads
#: the cell filled, as a doubt: a loose scribble may miss a corner, where a
#: neighbour's pencil straying in reaches the half beside it at most.
LOOSE = 0.3


def _fill_score(ink: np.ndarray, clear: float, area: Area) -> tuple[float, float]:
    """How filled an area looks. A fill reaches every part of a cell, where a stray
    stroke or a plan's dotted line only runs in from its edges (at a plan's corner,
    from two): the share of inked pixels in the emptiest quarter, or, where the
    cell's middle is free of print, in the middle if that is less; and in the second
    emptiest quarter (``LOOSE``)."""
    box, mask = _free(area, inset=1.0, clear=clear)
    x0, y0, x1, y1 = _pixels(box)
    inked = ink[y0:y1, x0:x1]
    h, w = mask.shape
    seen = sorted(share for share in _quarters(inked, mask, least=round(QUARTER * PX * PX))
                  if share is not None)  # a quarter the pictures fill says little
    if not seen:
        seen = [float(inked[mask].mean()) if mask.any() else 0.0]
    score, second = seen[0], (seen[1] if len(seen) >= 3 else 0.0)
    edge = round(1.2 * PX)  # the middle: 2.2 mm in from the cell's lines
    middle = mask[edge:h - edge, edge:w - edge]
    if middle.sum() > 0.25 * mask.sum():
        score = min(score, float(inked[edge:h - edge, edge:w - edge][middle].mean()))
    return score, second


def _quarters(inked: np.ndarray, mask: np.ndarray, least: int = 1) -> list[float | None]:
    """The share of ``inked`` in each quarter's ``mask``: ``None`` for a quarter
    with fewer than ``least`` pixels to look at."""
    h, w = mask.shape
    quarters = [(ys, xs) for ys in (slice(0, h // 2), slice(h // 2, h))
                for xs in (slice(0, w // 2), slice(w // 2, w))]
    return [float(inked[ys, xs][mask[ys, xs]].mean()) if mask[ys, xs].sum() >= least else None
            for ys, xs in quarters]


__all__ = ["DOUBT", "PX", "Mark", "PhotoError", "Reading", "cell_name", "read"]


# --- what was read, drawn over the photo --------------------------------------------------


def overlay(reading: Reading) -> bytes:
    """The photo seen straight on, with what was read drawn over it (PNG): filled
    cells shaded red, plans outlined in blue, crossed numbers, circled and spent
    items and chosen goals in green, and every doubt ringed in orange."""
    sheet = reading.sheet
    at = SheetLayout(reading.board)
    picture = cv2.cvtColor((np.clip(sheet.image, 0, 1) * 255).astype(np.uint8),
                           cv2.COLOR_GRAY2BGR)
    shade = picture.copy()
    for area in layout.areas(at):
        if area.cells[0] in reading.filled:
            x0, y0, x1, y1 = _pixels(area.box)
            cv2.rectangle(shade, (x0, y0), (x1, y1), (40, 40, 220), -1)
    picture = cv2.addWeighted(shade, 0.35, picture, 0.65, 0)
    for plan in reading.plans:
        x0, y0 = _pixels(at.cell_box((plan.left, plan.top)))[:2]
        x1, y1 = _pixels(at.cell_box((plan.right, plan.bottom)))[2:]
        cv2.rectangle(picture, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), (220, 90, 20), 2)
    green = (40, 160, 40)
    for n in range(1, reading.development + 1):
        c = at.development(n)
        cx, cy = Sheet.px(c.x, c.y)
        r = int(c.r * PX)
        cv2.line(picture, (int(cx - r), int(cy + r)), (int(cx + r), int(cy - r)), green, 2)
    for m in reading.circled:
        x0, y0, x1, y1 = _pixels(at.item_ring(m))
        cv2.ellipse(picture, ((x0 + x1) // 2, (y0 + y1) // 2), ((x1 - x0) // 2 + 4,
                                                               (y1 - y0) // 2 + 4),
                    0, 0, 360, green, 2)
    for m in reading.spent:
        x0, y0, x1, y1 = _pixels(at.item_box(m))
        cv2.rectangle(picture, (x0, y0), (x1, y1), green, -1)
    for goal in reading.goals:
        x0, y0, x1, y1 = _pixels(at.goal_box(GOALS.index(goal)))
        cv2.rectangle(picture, (x0 - 4, y0 - 4), (x1 + 4, y1 + 4), green, 2)
    for mark in reading.doubts:
        box = _where(at, mark)
        if box is not None:
            x0, y0, x1, y1 = _pixels(box)
            cv2.rectangle(picture, (x0 - 3, y0 - 3), (x1 + 3, y1 + 3), (0, 140, 255), 3)
            cv2.putText(picture, mark.name, (x0, max(y0 - 6, 10)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.45, (0, 110, 230), 1, cv2.LINE_AA)
    ok, png = cv2.imencode(".png", picture)
    if not ok:  # pragma: no cover - OpenCV always encodes an 8-bit picture
        raise PhotoError(_("the overlay could not be made"))
    return png.tobytes()


def _where(at: SheetLayout, mark: Mark) -> Box | None:
    """Where on the sheet a mark is."""
    if mark.what == "cell":
        for area in layout.areas(at):
            if area.name == mark.name:
                return area.box
    if mark.what == "plan":
        from companion.grid import parse_range

        rect = parse_range(mark.name)
        a, b = at.cell_box((rect.left, rect.top)), at.cell_box((rect.right, rect.bottom))
        return Box(a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y)
    if mark.what == "development":
        c = at.development(int(mark.name))
        return Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r)
    if mark.what in ("circled", "spent"):
        return at.item_ring(int(mark.name))
    if mark.what == "goal":
        return at.goal_box(GOALS.index(mark.name))
    return None
