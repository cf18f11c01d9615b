"""Preflight: what a print shop checks before it accepts a file (``pnp check``).

The PDF is read back (pikepdf) and every page's drawing is followed operator by
operator — the graphics state, the current colours, the text position, forms
and pictures — so each finding names its page and where on it (millimetres
from the trim's top-left corner):

* the trim and bleed boxes: a TrimBox on every page, bleed of at least 3 mm;
* text within the safe zone: nothing written within 3 mm of the trim (or 5);
* colour: no RGB anywhere (paths, text, pictures); no colour over the total ink
  limit; no registration black (all four inks full); no small text in rich
  black (four plates that must meet exactly on a thin letter);
* pictures of at least 300 dpi at the size they print;
* fonts: every font embedded;
* transparency, where the file is PDF/X-1a (which cannot carry it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from companion.errors import InputError

MM = 25.4 / 72  # mm per point
SMALL_TEXT = 12.0  # pt: text under this size must not be in rich black


@dataclass(frozen=True)
class Rules:
    bleed: float = 3.0  # mm
    safe: float = 3.0  # mm
    ink_limit: float = 300.0  # %
    dpi: float = 300.0


@dataclass(frozen=True)
class Finding:
    page: int
    what: str
    where: str = ""  # "x 2.0 mm, y 3.5 mm" from the trim's top-left
    piece: str = ""  # the page's label where it names its piece ("deck: card 7 (back)")

    def __str__(self) -> str:
        page = f"page {self.page}" + (f" ({self.piece})" if self.piece else "")
        return f"{page}: {self.what}" + (f" (at {self.where})" if self.where else "")


@dataclass
class _State:
    ctm: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    fill_space: str = "DeviceGray"
    stroke_space: str = "DeviceGray"
    fill: tuple[float, ...] = (0.0,)
    stroke: tuple[float, ...] = (0.0,)
    font: object = None
    size: float = 0.0
    leading: float = 0.0

    def copy(self) -> _State:
        return _State(**self.__dict__)


@dataclass
class _Page:
    number: int
    piece: str
    trim: tuple[float, float, float, float]  # x0, y0, x1, y1 in points
    rules: Rules
    x1a: bool
    findings: list[Finding] = field(default_factory=list)
    said: set[str] = field(default_factory=set)
    #: What a form placed the same way on the same trim found before: (form, place) →
    #: its findings (a deck's shared back is read once, not on every page).
    forms: dict = field(default_factory=dict)
    widths: dict = field(default_factory=dict)  # a font's advance table, read once

    def find(self, what: str, x: float | None = None, y: float | None = None,
             once: str | None = None) -> None:
        """A finding at page point (x, y); ``once``: a key said once a page."""
        if once is not None:
            if once in self.said:
                return
            self.said.add(once)
        where = ""
        if x is not None and y is not None:
            where = f"x {(x - self.trim[0]) * MM:.1f} mm, y {(self.trim[3] - y) * MM:.1f} mm"
        self.findings.append(Finding(self.number, what, where, self.piece))


def check(data: bytes, rules: Rules = Rules(), *, source: str = "the PDF") -> list[Finding]:
    """Every finding of the file, page by page; a file that is not a PDF is refused."""
    import io

    import pikepdf

    try:
        pdf = pikepdf.Pdf.open(io.BytesIO(data))
    except pikepdf.PasswordError:
        raise InputError("the PDF is locked with a password: a print shop cannot open it "
                         "either", source) from None
    except (pikepdf.PdfError, RuntimeError) as err:
        why = str(err).split(": ", 1)[-1]  # without qpdf's name for the stream
        raise InputError(f"not a PDF that can be read ({why})", source) from None
    x1a = "PDF/X-1a" in str(pdf.docinfo.get("/GTS_PDFXVersion", ""))  # :2001 and :2003
    findings: list[Finding] = []
    forms: dict = {}
    widths: dict = {}
    number = 0
    try:
        for number, page in enumerate(pdf.pages, start=1):
            findings += _page(page, number, rules, x1a, forms, widths)
    except (pikepdf.PdfError, RuntimeError, ValueError, KeyError, TypeError, AttributeError,
            IndexError) as err:  # a damaged file: said, never a traceback
        where = f"page {number + 1}" if number else "its pages"
        raise InputError(f"{where} cannot be read ({str(err)[:120]})", source) from None
    return findings


def _page(page, number: int, rules: Rules, x1a: bool, forms: dict, widths: dict
          ) -> list[Finding]:
    box = [float(v) for v in page.obj.get("/TrimBox", page.obj.MediaBox)]
    seen = _Page(number, _piece(page, number), (box[0], box[1], box[2], box[3]), rules, x1a,
                 forms=forms, widths=widths)
    _boxes(page, seen)
    _walk(page.obj, page.obj.get("/Resources", {}), _State(), seen, depth=0)
    return seen.findings


def _piece(page, number: int) -> str:
    """What the page's label says it is, where it says more than its number."""
    try:
        label = str(page.label)
    except (ValueError, AttributeError):
        return ""
    return "" if label in ("", str(number)) else label


def _boxes(page, seen: _Page) -> None:
    obj = page.obj
    if "/TrimBox" not in obj:
        seen.find("no TrimBox: the shop cannot tell where the piece is cut")
        return
    trim = [float(v) for v in obj.TrimBox]
    bleed = [float(v) for v in obj.get("/BleedBox", obj.MediaBox)]
    media = [float(v) for v in obj.MediaBox]
    sides = (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
    least = min(sides) * MM
    if least < seen.rules.bleed - 0.01:
        seen.find(f"bleed {max(least, 0):.1f} mm beyond the trim; the shop needs "
                  f"{seen.rules.bleed:g} mm on every side")
    if any(b < m - 0.01 for b, m in zip(bleed[:2], media[:2], strict=True)) or any(
            b > m + 0.01 for b, m in zip(bleed[2:], media[2:], strict=True)):
        seen.find("the BleedBox reaches beyond the page")


def _walk(obj, resources, state: _State, seen: _Page, depth: int) -> None:
    """Follow one content stream (a page's or a form's)."""
    import pikepdf

    if depth > 12:
        return
    try:
        operations = pikepdf.parse_content_stream(obj)
    except pikepdf.PdfError as err:
        seen.find(f"a drawing that cannot be read ({err})")
        return
    stack: list[_State] = []
    text = _Text(resources, seen.widths)
    path: list[tuple[float, float]] = []
    for operands, operator in operations:
        op = str(operator)
        if op == "q":
            stack.append(state.copy())
        elif op == "Q" and stack:
            state = stack.pop()
        elif op == "cm":
            state.ctm = _concat([float(v) for v in operands], state.ctm)
        elif op in _COLOUR:
            _colour(op, operands, state, resources)
        elif op in ("m", "l"):
            path.append((float(operands[0]), float(operands[1])))
        elif op in ("c", "v", "y"):
            values = [float(v) for v in operands]
            path += list(zip(values[::2], values[1::2], strict=True))
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            path += [(x, y), (x + w, y + h)]
        elif op in _PAINT:
            _painted(op, path, state, seen)
            path = []
        elif op == "gs":
            _extgstate(resources, operands[0], seen)
        elif op == "Do":
            _xobject(resources, operands[0], state, seen, depth)
        elif op == "INLINE IMAGE":
            _picture(operands[0], state, seen, inline=True)
        else:
            text.operate(op, operands, state, seen)


_COLOUR = frozenset({"g", "G", "rg", "RG", "k", "K", "cs", "CS", "sc", "scn", "SC", "SCN"})
_PAINT = frozenset({"f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "n"})
_SPACE_OF = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}


def _colour(op: str, operands, state: _State, resources) -> None:
    stroke = op.isupper()
    values = tuple(float(v) for v in operands if not _is_name(v))
    if op.lower() in _SPACE_OF:
        space = _SPACE_OF[op.lower()]
    elif op.lower() == "cs":
        space = _space_name(resources, operands[0])
        values = {"DeviceCMYK": (0.0, 0.0, 0.0, 1.0), "DeviceRGB": (0.0, 0.0, 0.0)}.get(
            space, (0.0,))
    else:
        space = state.stroke_space if stroke else state.fill_space
    if stroke:
        state.stroke_space, state.stroke = space, values
    else:
        state.fill_space, state.fill = space, values


def _is_name(value) -> bool:
    import pikepdf

    return isinstance(value, pikepdf.Name)


def _space_name(resources, name) -> str:
    """The family of a named colour space: DeviceRGB for RGB of any kind."""
    import pikepdf

    text = str(name)
    if text in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
        return text[1:]
    space = resources.get("/ColorSpace", {}).get(text) if "/ColorSpace" in resources else None
    return _family(space) if isinstance(space, pikepdf.Array | pikepdf.Name) else "Unknown"


def _family(space) -> str:
    import pikepdf

    if isinstance(space, pikepdf.Name):
        return {"/DeviceRGB": "DeviceRGB", "/CalRGB": "DeviceRGB", "/DeviceCMYK": "DeviceCMYK",
                "/DeviceGray": "DeviceGray", "/CalGray": "DeviceGray"}.get(str(space),
                                                                            str(space)[1:])
    kind = str(space[0])
    if kind == "/ICCBased":
        return {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}.get(int(space[1].N), "Lab")
    if kind == "/Indexed":
        return _family(space[1])
    if kind in ("/Separation", "/DeviceN"):
        return "Separation"
    return {"/CalRGB": "DeviceRGB", "/Lab": "Lab", "/CalGray": "DeviceGray"}.get(kind, kind[1:])


def _painted(op: str, path: list[tuple[float, float]], state: _State, seen: _Page) -> None:
    if op == "n" or not path:
        return
    x, y = _apply(state.ctm, *path[0])
    fills = op not in ("S", "s")
    strokes = op not in ("f", "F", "f*")
    if fills:
        _inks(state.fill_space, state.fill, "fill", x, y, seen)
    if strokes:
        _inks(state.stroke_space, state.stroke, "line", x, y, seen)


def _inks(space: str, values: tuple[float, ...], what: str, x: float, y: float,
          seen: _Page) -> None:
    if space == "DeviceRGB":
        seen.find(f"RGB colour in a {what} ({_values(values)}): a print file is CMYK",
                  x, y, once=f"rgb {what} {values}")
    elif space == "Lab":
        seen.find(f"Lab colour in a {what}: a print file is CMYK", x, y, once=f"lab {what}")
    elif space == "DeviceCMYK" and len(values) == 4:
        total = sum(values) * 100
        if min(values) >= 0.99:
            seen.find(f"registration black (C100 M100 Y100 K100) in a {what}", x, y,
                      once=f"registration {what}")
        elif total > seen.rules.ink_limit + 0.5:
            seen.find(f"total ink {total:.0f} % in a {what} ({_cmyk(values)}); the limit is "
                      f"{seen.rules.ink_limit:g} %", x, y, once=f"ink {what} {values}")


def _values(values: tuple[float, ...]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def _cmyk(values: tuple[float, ...]) -> str:
    return " ".join(f"{letter}{v * 100:.0f}" for letter, v in zip("CMYK", values, strict=True))


def _extgstate(resources, name, seen: _Page) -> None:
    if not seen.x1a:
        return
    state = resources.get("/ExtGState", {}).get(str(name)) if "/ExtGState" in resources \
        else None
    if state is None:
        return
    alpha = min(float(state.get("/CA", 1)), float(state.get("/ca", 1)))
    soft = state.get("/SMask")
    blend = str(state.get("/BM", "/Normal"))
    if alpha < 1 or (soft is not None and str(soft) != "/None") or blend not in (
            "/Normal", "/Compatible"):
        seen.find("transparency, which PDF/X-1a cannot carry", once="transparency")


def _xobject(resources, name, state: _State, seen: _Page, depth: int) -> None:
    xobjects = resources.get("/XObject", {}) if "/XObject" in resources else {}
    obj = xobjects.get(str(name))
    if obj is None:
        return
    kind = str(obj.get("/Subtype", ""))
    if kind == "/Image":
        _picture(obj, state, seen)
    elif kind == "/Form":
        inner = state.copy()
        if "/Matrix" in obj:
            inner.ctm = _concat([float(v) for v in obj.Matrix], inner.ctm)
        key = (obj.objgen, tuple(round(v, 3) for v in inner.ctm), seen.trim, inner.fill,
               inner.fill_space, inner.stroke, inner.stroke_space)
        if obj.objgen != (0, 0) and key in seen.forms:
            for what, where in seen.forms[key]:
                if what not in seen.said:  # said once a page, as the form would
                    seen.said.add(what)
                    seen.findings.append(Finding(seen.number, what, where, seen.piece))
            return
        before = len(seen.findings)
        _walk(obj, obj.get("/Resources", resources), inner, seen, depth + 1)
        seen.forms[key] = [(f.what, f.where) for f in seen.findings[before:]]


def _picture(image, state: _State, seen: _Page, inline: bool = False) -> None:
    import pikepdf

    width = int(image.get("/Width", image.get("/W", 0)))
    height = int(image.get("/Height", image.get("/H", 0)))
    if image.get("/ImageMask", False):
        return  # a stencil: painted in the fill colour, no colour of its own
    x, y = _apply(state.ctm, 0, 0)
    across = math.hypot(state.ctm[0], state.ctm[1]) / 72  # inches the picture spans
    down = math.hypot(state.ctm[2], state.ctm[3]) / 72
    if across > 0 and down > 0:
        dpi = min(width / across, height / down)
        if dpi < seen.rules.dpi - 0.5:
            seen.find(f"a picture of {dpi:.0f} dpi at its printed size ({width} × {height} "
                      f"px over {across * 25.4:.1f} × {down * 25.4:.1f} mm); the shop needs "
                      f"{seen.rules.dpi:g} dpi", x, y)
    space = image.get("/ColorSpace", image.get("/CS"))
    family = _family(space) if isinstance(space, pikepdf.Array | pikepdf.Name) else "Unknown"
    if family == "DeviceRGB":
        seen.find("an RGB picture: a print file is CMYK", x, y)
    if seen.x1a and "/SMask" in image:
        seen.find("a picture with transparent parts, which PDF/X-1a cannot carry", x, y)
    if family == "DeviceCMYK" and not inline:
        _picture_ink(image, x, y, seen)


def _picture_ink(image, x: float, y: float, seen: _Page) -> None:
    import numpy as np
    from pikepdf import PdfImage

    try:
        pixels = np.asarray(PdfImage(image).as_pil_image(), dtype=np.float32)
    except Exception:
        return
    if pixels.ndim == 3 and pixels.shape[2] == 4:
        most = float(pixels.sum(axis=2).max()) / 255 * 100
        if most > seen.rules.ink_limit + 0.5:
            seen.find(f"a picture with total ink up to {most:.0f} %; the limit is "
                      f"{seen.rules.ink_limit:g} %", x, y)


def _embedded(font, name: str, seen: _Page) -> None:
    """A font text is shown in must be embedded (a Type 3 font is drawn, not named)."""
    if font is None:
        return
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return
    described = font.DescendantFonts[0] if subtype == "/Type0" else font
    descriptor = described.get("/FontDescriptor")
    if descriptor is None or not any(key in descriptor
                                     for key in ("/FontFile", "/FontFile2", "/FontFile3")):
        base = str(font.get("/BaseFont", name))[1:]
        seen.find(f"the font {base} is not embedded", once=f"font {base}")


class _Text:
    """The text state: where the next letters go, and what they are checked for."""

    def __init__(self, resources, cache: dict) -> None:
        self.cache = cache
        self.fonts = resources.get("/Font", {}) if "/Font" in resources else {}
        self.matrix = (1.0, 0, 0, 1, 0, 0)
        self.line = self.matrix

    def operate(self, op: str, operands, state: _State, seen: _Page) -> None:
        if op == "BT":
            self.matrix = self.line = (1.0, 0, 0, 1, 0, 0)
        elif op == "Tf":
            state.font, state.size = operands[0], float(operands[1])
        elif op == "TL":
            state.leading = float(operands[0])
        elif op == "Tm":
            self.matrix = self.line = tuple(float(v) for v in operands)
        elif op in ("Td", "TD"):
            tx, ty = float(operands[0]), float(operands[1])
            if op == "TD":
                state.leading = -ty
            self.matrix = self.line = _concat([1, 0, 0, 1, tx, ty], self.line)
        elif op in ("T*", "'", '"'):
            self.matrix = self.line = _concat([1, 0, 0, 1, 0, -state.leading], self.line)
        if op in ("Tj", "TJ", "'", '"'):
            self._shown(operands[-1], state, seen)

    def _shown(self, shown, state: _State, seen: _Page) -> None:
        import pikepdf

        parts = shown if isinstance(shown, pikepdf.Array) else [shown]
        font = self.fonts.get(str(state.font)) if state.font is not None else None
        _embedded(font, str(state.font), seen)
        table = _widths(font, self.cache)
        ems = sum(_advance(table, bytes(part)) if isinstance(part, pikepdf.String)
                  else -float(part) for part in parts) / 1000
        whole = _concat(self.matrix, state.ctm)
        size = state.size * math.hypot(whole[2], whole[3])
        width = ems * state.size
        x0, y0 = _apply(whole, 0, 0)
        x1, y1 = _apply(whole, width, state.size * 0.75)  # to the top of a capital
        _inks(state.fill_space, state.fill, "text", x0, y0, seen)
        self._rich_black(state, size, x0, y0, seen)
        self._safe(size, (x0, y0), (x1, y1), seen)
        self.matrix = _concat([1, 0, 0, 1, width, 0], self.matrix)

    @staticmethod
    def _rich_black(state: _State, size: float, x: float, y: float, seen: _Page) -> None:
        fill = state.fill
        if (state.fill_space == "DeviceCMYK" and len(fill) == 4 and fill[3] >= 0.9
                and max(fill[:3]) > 0 and size < SMALL_TEXT):
            seen.find(f"{size:.1f} pt text in rich black ({_cmyk(fill)}): small text "
                      "prints in black ink alone", x, y, once=f"rich {fill}")

    @staticmethod
    def _safe(size: float, start: tuple[float, float], end: tuple[float, float],
              seen: _Page) -> None:
        if size <= 0:
            return
        x0, y0, x1, y1 = seen.trim
        margin = seen.rules.safe / MM
        xs, ys = sorted((start[0], end[0])), sorted((start[1], end[1]))
        inside = xs[1] > x0 and xs[0] < x1 and ys[1] > y0 and ys[0] < y1
        if inside and (xs[0] < x0 + margin or xs[1] > x1 - margin or ys[0] < y0 + margin
                       or ys[1] > y1 - margin):
            seen.find(f"text within {seen.rules.safe:g} mm of the trim", start[0], start[1],
                      once=f"safe {round(start[0])} {round(start[1])}")


def _widths(font, cache: dict) -> tuple[int, list[float], float, float]:
    """A font's advances, read once: (first code, widths, missing width, bytes a code)."""
    key = font.objgen if font is not None else None
    if key in cache and key != (0, 0):
        return cache[key]
    if font is None:
        table = (0, [], 500.0, 1)
    elif str(font.get("/Subtype", "")) == "/Type0":
        table = (0, [], float(font.DescendantFonts[0].get("/DW", 1000)), 2)
    else:
        widths = font.get("/Widths")
        table = (int(font.get("/FirstChar", 0)),
                 [float(w) for w in widths] if widths is not None else [], 500.0, 1)
    cache[key] = table
    return table


def _advance(table: tuple[int, list[float], float, float], data: bytes) -> float:
    """The advance of ``data``, in thousandths of an em."""
    first, widths, missing, size = table
    if size == 2 or not widths:
        return missing * (len(data) // int(size))
    last = len(widths)
    return sum(widths[c - first] if 0 <= c - first < last else missing for c in data)


def _concat(m: list[float] | tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """The matrix m × n (PDF's row-vector convention: m applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
