"""Reading a printed sheet from a phone photo: the mechanisms every game's reader
shares (OpenCV and NumPy, imported only here and only when a photo is read).

- :func:`decode` — the photo's bytes to a grey image (any format OpenCV reads);
- :func:`find_markers` — the ArUco fiducials printed in the sheet's corners, and
  :func:`more_markers` — those missed, looked for again where the others place them;
- :class:`Sheet` — the sheet seen straight on, ``PX`` pixels a millimetre, in
  the sheet's own millimetres: the corner markers give a perspective map, and
  printed landmarks (lines, boxes, circles) then correct the paper's curl;
- :meth:`Sheet.ink` — how much darker than the paper each pixel is, under
  uneven light and shadow;
- :meth:`Sheet.toned` — the sheet with a phone's tone curve undone.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

import cv2
import numpy as np

from companion.i18n import _

#: Pixels a millimetre of the sheet seen straight on.
PX = 6.0
#: Around the sheet, so that marks near its edge stay in the picture.
MARGIN = 6.0
#: The largest photo read (a phone's is 12 to 50 megapixels).
MOST_PIXELS = 64_000_000
#: The longest side at which markers are first looked for (larger photos are shrunk).
SEARCH_SIDE = 1800


class PhotoError(ValueError):
    """A photo that cannot be read, and why, in words for the player."""


def decode(data: bytes) -> np.ndarray:
    """The photo as a grey image (8 bits), or PhotoError."""
    if not data:
        raise PhotoError(_("the photo is empty"))
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    except cv2.error:  # a picture larger than OpenCV decodes, or a broken one
        image = None
    if image is None:
        raise PhotoError(_("not a picture that can be read (JPEG, PNG, WebP, TIFF or BMP)"))
    if image.size > MOST_PIXELS:
        raise PhotoError(_("the photo is {width} × {height} pixels; at most {most} "
                           "megapixels are read", width=image.shape[1], height=image.shape[0],
                           most=MOST_PIXELS // 1_000_000))
    if min(image.shape) < 300:
        raise PhotoError(_("the photo is {width} × {height} pixels; take it at 1 megapixel "
                           "or more", width=image.shape[1], height=image.shape[0]))
    return image


def find_markers(gray: np.ndarray, codes: Iterable[int]
                 ) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """The fiducials of ``codes`` seen in the photo: code → its four corners
    (clockwise from the marker's own top left), in photo pixels; and the image
    they were seen in, to look for those missed again (:func:`more_markers`): the
    photo, or, where it shows fewer than two, the photo with its midtones deepened
    (a phone's tone curve lightening the shadows may pale a small mark) if more
    are seen so."""
    wanted = set(codes)
    found = _found_at_sizes(gray, wanted)
    if len(found) < 2:
        deepened = _deepened(gray)
        more = _found_at_sizes(deepened, wanted)
        if len(more) > len(found):
            return more, deepened
    return found, gray


def _found_at_sizes(gray: np.ndarray, wanted: set[int]) -> dict[int, np.ndarray]:
    """The markers of ``wanted`` seen at the size markers are first looked for,
    then, for small markers, at full size and enlarged: the most seen at one size."""
    scale = min(1.0, SEARCH_SIDE / max(gray.shape))
    found = _detect(cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
                    if scale < 1 else gray, wanted)
    found = {code: corners / scale for code, corners in found.items()}
    for again in (1.0, 2.0):  # small markers: look again at full size, then enlarged
        if len(found) == 4 or (again == 1.0 and scale == 1):
            continue
        image = gray if again == 1 else cv2.resize(gray, None, fx=again, fy=again,
                                                   interpolation=cv2.INTER_CUBIC)
        more = _detect(image, wanted)
        if len(more) > len(found):
            found = {code: corners / again for code, corners in more.items()}
    return found


def _deepened(gray: np.ndarray) -> np.ndarray:
    """``gray`` with its midtones darkened (brightness squared): a blurred mark's
    black cells, paled towards the paper by a tone curve that lightens the
    shadows, stand apart from its white ones again."""
    return cv2.LUT(gray, (np.arange(256) / 255.0) ** 2 * 255).astype(np.uint8)


def _detect(gray: np.ndarray, wanted: set[int]) -> dict[int, np.ndarray]:
    found: dict[int, np.ndarray] = {}
    for code, quad in _quads(gray, wanted):
        found.setdefault(code, quad)
    return found


def _quads(gray: np.ndarray, wanted: set[int], wrong_bits: bool = False
           ) -> list[tuple[int, np.ndarray]]:
    """Every marker of ``wanted`` seen, in the order OpenCV finds them; with
    ``wrong_bits``, one of its bits may read wrong."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    if wrong_bits:
        parameters.errorCorrectionRate = 1.0
    corners, ids, _rejected = cv2.aruco.ArucoDetector(dictionary, parameters).detectMarkers(gray)
    return [(int(code), quad.reshape(4, 2).astype(np.float64))
            for quad, code in zip(corners, [] if ids is None else ids.ravel(), strict=True)
            if int(code) in wanted]


#: A marker found allowing a wrong bit is kept only as large as those found surely
#: (its side between these shares of theirs: a tilted sheet's near and far corners
#: differ so much), no further from where they place it (an affine map, which
#: leaves out the tilt's perspective) than ``ASTRAY`` of the distance between them,
#: and with the sheet seen through all the markers a plane: no corner further than
#: ``FITS`` of a marker's side from where one homography puts it. Printed shapes
#: read as markers (the QR code's squares, pencilled cells) fail these.
SIDE_SHARES, ASTRAY, FITS = (0.65, 1.55), 0.35, 0.11


def more_markers(gray: np.ndarray, expected: dict[int, np.ndarray],
                 found: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """``found``, with those of ``expected`` (code → its corners on the sheet, mm)
    it missed looked for again allowing one wrong bit — a small, blurred marker —
    each kept only where it fits the others: where two at least were found, as
    they place it; where one, only as the largest set that lies with it on one
    plane (:func:`_fitting`)."""
    missing = set(expected) - set(found)
    if not missing or not found:
        return found
    if len(found) == 1:
        return _fitting(expected, found, _wrong_bit_quads(gray, missing))
    placed = _affine(expected, found)
    side = np.mean([_side(quad) for quad in found.values()])
    reach = ASTRAY * max(np.linalg.norm(a.mean(0) - b.mean(0))
                         for a in found.values() for b in found.values())
    nearest: dict[int, tuple[float, np.ndarray]] = {}  # code → (how far off, corners)
    for code, quad in _wrong_bit_quads(gray, missing):
        off = float(np.max(np.linalg.norm(quad - placed(expected[code]), axis=1)))
        if (SIDE_SHARES[0] <= _side(quad) / side <= SIDE_SHARES[1] and off <= reach
                and (code not in nearest or off < nearest[code][0])):
            nearest[code] = (off, quad)
    kept = dict(found)
    for code, (_off, quad) in sorted(nearest.items(), key=lambda item: item[1][0]):
        if _plane(expected, {**kept, code: quad}) <= FITS * side:
            kept[code] = quad
    return kept


def _fitting(expected: dict[int, np.ndarray], found: dict[int, np.ndarray],
             seen: list[tuple[int, np.ndarray]]) -> dict[int, np.ndarray]:
    """The one marker ``found`` with the most of those ``seen`` allowing a wrong bit
    (at most one for each code) that are as large as it and lie with it on one
    plane (one homography puts every corner within ``FITS`` of a marker's side):
    their codes, their places on the sheet and their sizes must all agree, which
    printed shapes read as markers do not. Only ``found`` where fewer than two
    others fit."""
    side = np.mean([_side(quad) for quad in found.values()])
    choices: dict[int, list[np.ndarray]] = {}
    for code, quad in seen:
        if SIDE_SHARES[0] <= _side(quad) / side <= SIDE_SHARES[1]:
            choices.setdefault(code, []).append(quad)
    best = found
    for picked in product(*[[None, *quads] for quads in choices.values()]):
        kept = {**found, **{code: quad for code, quad in zip(choices, picked, strict=True)
                            if quad is not None}}
        if len(kept) > max(len(best), 2) and _plane(expected, kept) <= FITS * side:
            best = kept
    return best


def _wrong_bit_quads(gray: np.ndarray, codes: set[int]) -> list[tuple[int, np.ndarray]]:
    """The markers of ``codes`` seen allowing a wrong bit, at the size markers are
    first looked for, at full size and enlarged (corners in photo pixels)."""
    scale = min(1.0, SEARCH_SIDE / max(gray.shape))
    seen = []
    for zoom in sorted({scale, 1.0, 2.0}):
        image = gray if zoom == 1 else cv2.resize(
            gray, None, fx=zoom, fy=zoom,
            interpolation=cv2.INTER_AREA if zoom < 1 else cv2.INTER_CUBIC)
        seen += [(code, quad / zoom) for code, quad in _quads(image, codes, wrong_bits=True)]
    return seen


def _side(quad: np.ndarray) -> float:
    return float(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1).mean())


def _affine(expected: dict[int, np.ndarray], found: dict[int, np.ndarray]):
    """The affine map from the sheet (mm) to the photo that fits ``found`` best."""
    sheet = np.concatenate([expected[code] for code in found])
    photo = np.concatenate(list(found.values()))
    matrix = np.linalg.lstsq(np.c_[sheet, np.ones(len(sheet))], photo, rcond=None)[0]
    return lambda points: np.c_[points, np.ones(len(points))] @ matrix


def _plane(expected: dict[int, np.ndarray], found: dict[int, np.ndarray]) -> float:
    """How far (photo pixels) the furthest corner of ``found`` is from where the
    homography that fits them all best puts it."""
    sheet = np.concatenate([expected[code] for code in found])
    photo = np.concatenate(list(found.values()))
    homography = cv2.findHomography(sheet, photo, 0)[0]
    if homography is None:
        return float("inf")
    fitted = cv2.perspectiveTransform(sheet[None], homography)[0]
    return float(np.max(np.linalg.norm(fitted - photo, axis=1)))


@dataclass(frozen=True)
class Landmark:
    """A printed shape the curl correction looks for, at (``x``, ``y``) mm, ``w`` ×
    ``h`` mm: ``box`` (an outline), ``solid`` (a black square), ``ring`` (a circle
    of diameter ``w``), or a stretch of a line of thickness ``line``: ``across``
    (a horizontal line: only its height is found) or ``down`` (a vertical one)."""

    kind: str
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    line: float = 0.2

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


#: How far (mm) a pass of the curl correction must move the sheet somewhere for
#: another to follow, and the most passes.
SETTLED, PASSES = 1.0, 3
#: How many landmarks found nearest one tell where to look for it.
FOLLOW = 5


class Sheet:
    """A sheet ``width`` × ``height`` mm seen straight on from ``photo``.

    ``points`` pairs sheet millimetres with photo pixels (the markers' corners).
    """

    def __init__(self, photo: np.ndarray, points: Sequence[tuple[tuple[float, float],
                                                                 tuple[float, float]]],
                 width: float, height: float) -> None:
        self.photo = photo
        self.width, self.height = width, height
        sheet = np.array([self.px(x, y) for (x, y), _ in points], np.float64)
        seen = np.array([p for _, p in points], np.float64)
        self.homography = cv2.findHomography(sheet, seen, 0)[0]
        if self.homography is None:
            raise PhotoError(_("the corner marks do not make a sheet"))
        self.size = (round((width + 2 * MARGIN) * PX), round((height + 2 * MARGIN) * PX))
        self.shift: tuple[np.ndarray, np.ndarray] | None = None
        self.image = self._warp()

    @staticmethod
    def px(x: float, y: float) -> tuple[float, float]:
        return (x + MARGIN) * PX, (y + MARGIN) * PX

    def photo_scale(self) -> float:
        """Photo pixels a millimetre of the sheet, at its centre."""
        cx, cy = self.px(self.width / 2, self.height / 2)
        a, b = self.to_photo(np.array([[cx, cy], [cx + PX * 10, cy]]))
        return float(np.linalg.norm(b - a) / 10)

    def to_photo(self, points: np.ndarray) -> np.ndarray:
        pts = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64),
                                       self.homography)
        return pts.reshape(-1, 2)

    def _warp(self) -> np.ndarray:
        """The sheet, straight on: grey floats, 1 for white."""
        w, h = self.size
        xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
        if self.shift is not None:
            xs, ys = xs + self.shift[0], ys + self.shift[1]
        pts = np.stack([xs, ys, np.ones_like(xs)], -1) @ self.homography.T.astype(np.float32)
        map_x, map_y = pts[..., 0] / pts[..., 2], pts[..., 1] / pts[..., 2]
        source = self.photo
        shrink = self.photo_scale() / PX
        if shrink > 1.3:  # the photo is finer than the sheet's pixels: smooth before sampling
            source = cv2.GaussianBlur(source, (0, 0), 0.4 * shrink)
        warped = cv2.remap(source, map_x, map_y, cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
        return warped.astype(np.float32) / 255

    # --- the paper's curl -----------------------------------------------------------

    def uncurl(self, landmarks: Sequence[Landmark]) -> int:
        """Find each landmark near where the perspective puts it — followed out from
        the corner marks (:meth:`_followed`) — fit a smooth shift to where they were
        found, and warp again; once more, from where they are found then, while a
        pass moved the sheet by ``SETTLED`` mm or more somewhere, up to ``PASSES``
        times. Returns how many were found the last time."""
        located, found = self._followed(landmarks), 0
        for _pass in range(PASSES):
            across = [(lm, d[0]) for lm, d in located if d[0] is not None]
            down = [(lm, d[1]) for lm, d in located if d[1] is not None]
            if len(across) < 12 or len(down) < 12:
                return found
            found = len(located)
            moved = [self._fitted_shift(pairs) for pairs in (across, down)]
            self.shift = (moved[0], moved[1]) if self.shift is None else (
                self.shift[0] + moved[0], self.shift[1] + moved[1])
            self.image = self._warp()
            if max(float(np.abs(m).max()) for m in moved) < SETTLED * PX:
                break
            located = [(lm, d) for lm in landmarks if (d := self._locate(lm)) is not None]
        return found

    def misfit(self, landmarks: Sequence[Landmark]) -> float:
        """How far (mm) the landmarks lie from where the sheet now puts them, across
        or down, whichever is further: nine in ten of those found lie closer that
        way (a way with too few found to tell counts 0)."""
        found = [d for lm in landmarks if (d := self._locate(lm)) is not None]
        off = [[abs(d[k]) for d in found if d[k] is not None] for k in range(2)]
        return max(float(np.percentile(way, 90)) if len(way) >= 12 else 0.0 for way in off)

    def _followed(self, landmarks: Sequence[Landmark]
                  ) -> list[tuple[Landmark, tuple[float | None, float | None]]]:
        """Each landmark found, nearest the corner marks first, within its reach of
        where the landmarks found nearest it (``FOLLOW`` of them) lie off: the
        corner marks place the sheet exactly, and a paper bowed by more than a
        landmark's reach bows little from one landmark to the next."""
        centres = np.array([lm.centre for lm in landmarks], np.float64)
        corners = np.array([lm.kind == "solid" for lm in landmarks])
        gap = np.full(len(landmarks), np.inf)
        if corners.any():
            gap[~corners] = np.min(np.hypot(*(centres[~corners, None] - centres[None, corners]
                                              ).transpose(2, 0, 1)), axis=1)
        gap[corners] = 0.0
        off: list[list[tuple[np.ndarray, float]]] = [[], []]  # where found, how far off
        located = []
        for _step in range(len(landmarks)):
            i = int(np.argmin(gap))
            if not np.isfinite(gap[i]):
                break
            lm, gap[i] = landmarks[i], np.inf
            near = tuple(_nearest(off[k], centres[i]) for k in range(2))
            d = self._locate(lm, near=near)
            if d is not None:
                located.append((lm, d))
                for k in range(2):
                    if d[k] is not None:
                        off[k].append((centres[i], d[k]))
            reach = np.hypot(*(centres - centres[i]).T)
            gap = np.where(np.isfinite(gap), np.minimum(gap, reach), gap)
        return located

    def _fitted_shift(self, pairs: list[tuple[Landmark, float]]) -> np.ndarray:
        """The smooth shift (pixels) at every pixel of the sheet through the
        landmarks' ``pairs`` of where they are and how far (mm) they lie off."""
        w, h = self.size
        gx = (np.arange(w) / PX - MARGIN) / self.width
        gy = (np.arange(h) / PX - MARGIN) / self.height
        xs = np.array([lm.centre[0] for lm, _ in pairs]) / self.width
        ys = np.array([lm.centre[1] for lm, _ in pairs]) / self.height
        coef = _robust_surface(xs, ys, np.array([d for _, d in pairs]))
        return _surface(coef * PX, gx, gy)

    def _locate(self, lm: Landmark, reach: float = 4.0, near: tuple[float, float] = (0.0, 0.0)
                ) -> tuple[float | None, float | None] | None:
        """How far (mm, across and down) a landmark lies from where it should, looked
        for within ``reach`` of ``near`` that far off; None for a direction a line
        cannot tell, or for a landmark not found."""
        template = _template(lm)
        th, tw = template.shape
        cx, cy = self.px(*lm.centre)
        cx, cy = cx + near[0] * PX, cy + near[1] * PX
        reach_x = 0 if lm.kind == "across" else int(reach * PX)
        reach_y = 0 if lm.kind == "down" else int(reach * PX)
        x0, y0 = round(cx - tw / 2) - reach_x, round(cy - th / 2) - reach_y
        x1, y1 = x0 + tw + 2 * reach_x, y0 + th + 2 * reach_y
        if x0 < 0 or y0 < 0 or x1 > self.image.shape[1] or y1 > self.image.shape[0]:
            return None
        window = self.image[y0:y1, x0:x1]
        scores = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED)
        best, (bx, by) = cv2.minMaxLoc(scores)[1::2]
        if best < 0.5:
            return None
        dx = (x0 + bx + tw / 2 - cx) / PX + near[0]
        dy = (y0 + by + th / 2 - cy) / PX + near[1]
        return (None if lm.kind == "across" else dx, None if lm.kind == "down" else dy)

    # --- ink -----------------------------------------------------------------------------

    def paper(self, blank: np.ndarray | None = None) -> np.ndarray:
        """The brightness of bare paper at every pixel: from ``blank`` (a mask of
        pixels known to be bare paper) where given, else from the brightest nearby."""
        small = cv2.resize(self.image, None, fx=1 / PX, fy=1 / PX, interpolation=cv2.INTER_AREA)
        if blank is None:
            level = cv2.dilate(cv2.GaussianBlur(small, (0, 0), 1.0),
                               cv2.getStructuringElement(cv2.MORPH_RECT, (41, 41)))
            level = cv2.GaussianBlur(level, (0, 0), 6)
        else:
            mask = blank.astype(np.float32)
            weight = cv2.resize(mask, small.shape[::-1], interpolation=cv2.INTER_AREA)
            values = cv2.resize(self.image * mask, small.shape[::-1],
                                interpolation=cv2.INTER_AREA)
            level = _spread(values, weight)
        return cv2.resize(level, self.size, interpolation=cv2.INTER_LINEAR)

    def toned(self, power: float) -> Sheet:
        """This sheet with its brightness raised to ``power``: over 1, a phone's tone
        curve that lightened the shadows (brightness to ``1 / power``) undone."""
        sheet = copy.copy(self)
        sheet.image = np.clip(self.image, 0, 1) ** power
        return sheet

    def unveiled(self, paper: np.ndarray, shows: np.ndarray) -> Sheet:
        """This sheet with a veil of light taken off: where only ``shows`` of the
        darkness under ``paper`` shows, all of it."""
        sheet = copy.copy(self)
        sheet.image = paper - (paper - self.image) / shows
        return sheet

    def ink(self, paper: np.ndarray) -> np.ndarray:
        """0 where the sheet is as bright as paper, towards 1 where it is black."""
        return np.clip(1 - self.image / np.maximum(paper, 1e-3), 0, 1)

    def sharpness(self, box: tuple[float, float, float, float]) -> float:
        """How sharp the sheet is in ``box`` (mm): the steepest edges, in share of the
        paper-to-black step a millimetre (about 1 / the blur's width)."""
        gx, gy, step = self._slopes(box)
        return float(np.percentile(np.hypot(gx, gy), 99) / step * PX)

    def smear(self, box: tuple[float, float, float, float]) -> float:
        """How much less sharp the sheet is in ``box`` (mm) one way than another: the
        steepest slope along each of four ways (every 45°), the least over the most
        — near 0.75 where the blur is alike every way (a black square's edges, which
        run two ways, are that much less steep along the diagonals), less where the
        phone moved, most along the square's edges (along its diagonals both edges
        smear alike, and only the sharpness falls)."""
        gx, gy, _step = self._slopes(box)
        steepest = [float(np.percentile(np.abs(gx * math.cos(a) + gy * math.sin(a)), 99))
                    for a in np.radians([0, 45, 90, 135])]
        return min(steepest) / max(max(steepest), 1e-6)

    def _slopes(self, box: tuple[float, float, float, float]
                ) -> tuple[np.ndarray, np.ndarray, float]:
        """The sheet's slope across and down in ``box`` (mm), a pixel at a time, and
        its paper-to-black step."""
        x0, y0 = self.px(box[0], box[1])
        x1, y1 = self.px(box[0] + box[2], box[1] + box[3])
        patch = self.image[int(y0):int(y1), int(x0):int(x1)]
        gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3) / 8
        gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3) / 8
        step = max(float(np.percentile(patch, 95) - np.percentile(patch, 5)), 1e-3)
        return gx, gy, step


def _nearest(off: list[tuple[np.ndarray, float]], centre: np.ndarray) -> float:
    """How far off (mm) the ``FOLLOW`` landmarks found nearest ``centre`` lie, on
    average (0 with none found yet)."""
    if not off:
        return 0.0
    places = np.array([p for p, _ in off])
    nearest = np.argsort(np.hypot(*(places - centre).T))[:FOLLOW]
    return float(np.mean([off[i][1] for i in nearest]))


def _spread(values: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Fill in ``values`` where ``weight`` is 0 from the weighted ones nearby
    (normalised convolution over growing reaches)."""
    result = np.zeros_like(values)
    known = np.zeros_like(weight)
    for sigma in (4.0, 10.0, 25.0, 60.0):
        v = cv2.GaussianBlur(values, (0, 0), sigma)
        w = cv2.GaussianBlur(weight, (0, 0), sigma)
        here = w > 1e-3
        take = here & (known < 0.5)
        result[take] = v[take] / w[take]
        known[take] = 1
    fallback = values.sum() / max(weight.sum(), 1e-6)
    result[known < 0.5] = fallback
    return result


def _template(lm: Landmark) -> np.ndarray:
    """The landmark drawn dark on white, with a rim of paper round it, softened as a
    photo softens it."""
    rim = 1.5
    w, h = round((lm.w + 2 * rim) * PX), round((lm.h + 2 * rim) * PX)
    image = np.ones((max(h, 1), max(w, 1)), np.float32)
    r = round(rim * PX)
    stroke = max(1, round(lm.line * PX))
    if lm.kind == "ring":
        cv2.circle(image, (w // 2, h // 2), round(lm.w / 2 * PX), 0.0, stroke, cv2.LINE_AA)
    elif lm.kind in ("box", "solid"):
        cv2.rectangle(image, (r, r), (w - r, h - r), 0.0,
                      -1 if lm.kind == "solid" else stroke, cv2.LINE_AA)
    elif lm.kind == "across":
        cv2.line(image, (0, h // 2), (w, h // 2), 0.0, stroke, cv2.LINE_AA)
    else:
        cv2.line(image, (w // 2, 0), (w // 2, h), 0.0, stroke, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), 0.8)


def _terms(x: np.ndarray, y: np.ndarray) -> list[np.ndarray]:
    return [np.ones_like(x), x, y, x * x, x * y, y * y, x * x * y, x * y * y, x ** 3, y ** 3]


def _surface(coef: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The cubic of ``coef`` (over :func:`_terms`) at every point of the grid of
    columns ``x`` and rows ``y``: as a cubic in y whose coefficients are cubics in x,
    so that only four sums run over the whole grid."""
    c = coef
    by_x = [c[0] + c[1] * x + c[3] * x * x + c[8] * x ** 3, c[2] + c[4] * x + c[6] * x * x,
            c[5] + c[7] * x, np.full_like(x, c[9])]
    rows = [np.ones_like(y), y, y * y, y ** 3]
    return sum(np.outer(r.astype(np.float32), b.astype(np.float32))
               for r, b in zip(rows, by_x, strict=True))


def _robust_surface(x: np.ndarray, y: np.ndarray, d: np.ndarray) -> np.ndarray:
    """A cubic surface through the shifts ``d``, refitted without the worst misfits."""
    keep = np.ones(len(d), bool)
    a = np.stack(_terms(x, y), 1)
    coef = np.zeros(a.shape[1])
    for _round in range(4):
        coef = np.linalg.lstsq(a[keep], d[keep], rcond=None)[0]
        misfit = np.abs(a @ coef - d)
        limit = max(3 * np.median(misfit[keep]), 0.3)
        keep = misfit <= limit
    return coef
