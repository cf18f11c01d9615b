"""Drawing a :class:`~pnp.shapes.Document` with reportlab.

Each page is set up in millimetres with y growing downwards, exactly like
the shapes, so nothing is converted shape by shape; text is flipped back
upright where it is drawn. Output is deterministic (reportlab's invariant
mode: no dates or random ids) so the same inputs give the same bytes.
"""

from __future__ import annotations

import io
import math
from functools import cache

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as pdfcanvas

from companion.errors import InputError
from pnp import __version__, fonts, pictures
from pnp.fonts import FontChoice, missing_glyphs
from pnp.paper import decoration, flip_words, footer_text, standard_margins
from pnp.press.separation import K100, OVERPRINT, Separation
from pnp.shapes import (
    MM_PER_PT,
    Circle,
    Document,
    Form,
    Group,
    Image,
    Line,
    Page,
    Path,
    Rect,
    Text,
)

PT_PER_MM = 72 / 25.4


def render_pdf(doc: Document, font: FontChoice, *, lang: str = "ja",
               ink_saver: bool = False, missing: dict[str, str] | None = None,
               press: Separation | None = None) -> bytes:
    """The PDF's bytes; characters the font lacks are added to ``missing`` (each with
    the first text it was in). With ``press`` every colour is separated to CMYK
    (black text and lines K100 overprinting, large black fills rich black), and
    reportlab refuses any RGB colour that would still reach the file; such a file is
    finished by :func:`pnp.press.pdfx.make_pdfx`, which adds the overprint states."""
    buffer = io.BytesIO()
    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85 text
    canvas = pdfcanvas.Canvas(buffer, invariant=1, pageCompression=1,
                              initialFontName=font.name,
                              enforceColorSpace="cmyk" if press else None)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setKeywords(", ".join(doc.keywords))
    canvas.setAuthor("pnp-companion")
    canvas.setCreator(f"pnp-companion {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    if doc.flip:  # the print dialog offers the right two-sided setting
        canvas.setViewerPreference("Duplex", {"long": "DuplexFlipLongEdge",
                                              "short": "DuplexFlipShortEdge"}[doc.flip])
    painter = _Painter(canvas, font, ink_saver, press)
    numbers = doc.numbers or range(1, len(doc.pages) + 1)
    total = doc.page_count or len(doc.pages)
    for number, page in zip(numbers, doc.pages, strict=True):
        _page(canvas, painter, doc, page, number, total, lang)
    canvas.save()
    if missing is not None:
        missing.update(painter.missing)
    return buffer.getvalue()


def _page(canvas, painter: _Painter, doc: Document, page: Page, number: int, total: int,
          lang: str) -> None:
    canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    for box, setter in ((page.trim, canvas.setTrimBox), (page.bleed, canvas.setBleedBox)):
        if box is not None:
            x, y, w, h = box
            setter(_pdf_box(x, y, w, h, page.height))
    painter.begin(f"q {fp_str(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)} cm")
    painter.draw_all(page.shapes)
    if page.decorate:
        footer = footer_text(doc.game, page.label or doc.component, number, total,
                             flip_words(doc.flip, lang))
        margins = page.margins or standard_margins(page.width, page.height)
        painter.draw_all(decoration(margins, footer, lang, painter.measure))
    painter.emit("Q")
    canvas.showPage()


def _pdf_box(x: float, y: float, w: float, h: float, height: float) -> tuple:
    return (x * PT_PER_MM, (height - y - h) * PT_PER_MM, (x + w) * PT_PER_MM,
            (height - y) * PT_PER_MM)


def ink_saving(colour: str, ink: bool = False) -> str:
    """Fills become a pale grey of their lightness, so large areas cost little ink;
    black and white stay as they are. Lines and text (``ink``) print black, so words
    stay readable on the pale fills (a white number on a coloured inset too)."""
    if ink:
        return "#000000"
    c = HexColor(colour)
    if (c.red, c.green, c.blue) in ((0, 0, 0), (1, 1, 1)):
        return colour
    grey = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
    level = round((0.55 + 0.45 * grey) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"


@cache
def _rgb(value: str, ink: bool, ink_saver: bool) -> str:
    """A colour's three operands, parsed and formatted once per process."""
    c = HexColor(ink_saving(value, ink) if ink_saver else value)
    return fp_str(c.red, c.green, c.blue)


#: (stroked, filled) → the operator that paints a path.
_PAINT = {(False, False): "n", (True, False): "S", (False, True): "f", (True, True): "B"}


class _Painter:
    """Writes the page's operators itself, keeping track of the graphics state so
    that a colour, width or font already in force is never set again, and runs of
    lines in one style become one path: the same drawing in far fewer bytes.

    The state starts unknown on each page and in each form (a form inherits the
    state of wherever it is placed); ``q``/``Q`` save and restore it."""

    def __init__(self, canvas, font: FontChoice, ink_saver: bool,
                 press: Separation | None = None) -> None:
        self.canvas = canvas
        self.font = font
        self.face = pdfmetrics.getFont(font.name)
        self.ink_saver = ink_saver
        self.press = press
        self.forms: set[str] = set()
        self.missing: dict[str, str] = {}  # character → the first text it is in
        self.state: dict[str, str] = {}
        self.saved: list[dict[str, str]] = []

    # -- the operator stream and its state ------------------------------------

    def measure(self, text: str, size: float) -> float:
        """The width of ``text`` at ``size`` points in this font, in mm."""
        return fonts.string_width(text, self.font, size)

    def emit(self, code: str) -> None:
        self.canvas._code.append(code)  # the current page's (or form's) stream

    def begin(self, setup: str = "") -> None:
        """A fresh stream (a page or a form): nothing is known of its state."""
        self.state = {}
        if setup:
            self.emit(setup)

    def push(self) -> None:
        self.saved.append(dict(self.state))
        self.emit("q")

    def pop(self) -> None:
        self.state = self.saved.pop()
        self.emit("Q")

    def set(self, operator: str, operands: str) -> None:
        if self.state.get(operator) != operands:
            self.state[operator] = operands
            self.emit(f"{operands} {operator}")

    def stroke_colour(self, value: str) -> None:
        if self.press is None:
            self.set("RG", _rgb(value, True, self.ink_saver))
            return
        ink = self.press.ink(value, line=True)
        self.set("K", fp_str(*ink))
        self.overprint(ink == K100)

    def fill_colour(self, value: str, *, ink: bool = False, area: float = 0.0) -> None:
        """The fill colour; ``ink`` for text (black under --ink-saver), ``area`` (mm²)
        tells a large black fill (rich black in press output)."""
        if self.press is None:
            self.set("rg", _rgb(value, ink, self.ink_saver))
            return
        inks = self.press.ink(value, area=area, line=ink)
        self.set("k", fp_str(*inks))
        self.overprint(inks == K100)

    def overprint(self, on: bool) -> None:
        """Black ink alone prints over what is beneath (no knock-out to misregister)."""
        if self.state.get("overprint") != str(on):
            self.state["overprint"] = str(on)
            # the states themselves are added to every page and form by pnp.press.pdfx
            # (reportlab's forms carry no graphics states of their own)
            self.emit(" ".join(f"/{name} gs" for name in OVERPRINT[on]))

    def paint(self, style, area: float = 0.0) -> str:
        """Sets what ``style`` needs and gives the operator that paints a path."""
        if style.stroke:
            self.stroke_colour(style.stroke)
            self.set("w", fp_str(style.width))
            self.set("d", f"[{fp_str(*style.dash)}] 0" if style.dash else "[] 0")
        if style.fill:
            self.fill_colour(style.fill, area=area)
        return _PAINT[bool(style.stroke), bool(style.fill)]

    # -- shapes -----------------------------------------------------------------

    def draw_all(self, shapes) -> None:
        run: list[Line] = []
        for shape in shapes:
            if type(shape) is Line and (not run or shape.style == run[0].style):
                run.append(shape)
                continue
            if run:
                self.lines(run)
                run = []
            if type(shape) is Line:
                run.append(shape)
            else:
                self.draw(shape)
        if run:
            self.lines(run)

    def draw(self, shape) -> None:
        handler = {Line: lambda s: self.lines([s]), Rect: self.rect, Circle: self.circle,
                   Path: self.path, Text: self.text, Image: self.image, Group: self.group,
                   Form: self.form}[type(shape)]
        handler(shape)

    def lines(self, run: list[Line]) -> None:
        """Lines in one style: one path, stroked once."""
        if not run[0].style.stroke:
            return
        self.paint(run[0].style)
        segments = " ".join(f"{fp_str(s.x1, s.y1)} m {fp_str(s.x2, s.y2)} l" for s in run)
        self.emit(f"{segments} S")

    def rect(self, s: Rect) -> None:
        if s.radius:
            outline = self._outline(lambda p: p.roundRect(s.x, s.y, s.w, s.h, s.radius))
        else:
            outline = f"{fp_str(s.x, s.y, s.w, s.h)} re"
        self.emit(f"{outline} {self.paint(s.style, abs(s.w * s.h))}")

    def circle(self, s: Circle) -> None:
        outline = self._outline(lambda p: p.circle(s.cx, s.cy, s.r))
        self.emit(f"{outline} {self.paint(s.style, math.pi * s.r * s.r)}")

    def path(self, s: Path) -> None:
        def trace(p) -> None:
            for command in s.commands:
                op, *args = command
                {"M": p.moveTo, "L": p.lineTo, "C": p.curveTo, "Z": p.close}[op](*args)

        self.emit(f"{self._outline(trace)} {self.paint(s.style, _extent(s))}")

    def _outline(self, trace) -> str:
        """A path's construction operators, traced by reportlab's path object."""
        p = self.canvas.beginPath()
        trace(p)
        return p.getCode()

    def text(self, s: Text) -> None:
        for char in missing_glyphs(s.text, self.font):
            self.missing.setdefault(char, s.text)
        size = s.size * MM_PER_PT
        width = pdfmetrics.stringWidth(s.text, self.font.name, size)
        x = s.x - {"start": 0, "middle": width / 2, "end": width}[s.anchor]
        self.fill_colour(s.fill, ink=True)
        if s.bold:
            self.stroke_colour(s.fill)
            self.set("w", fp_str(size * 0.04))
        self.emit(f"BT 1 0 0 -1 {fp_str(x, s.y)} Tm")  # upright again in the y-down page
        self.set("Tr", "2" if s.bold else "0")
        self._show(s.text, size)
        self.emit("ET")

    def _show(self, text: str, size: float) -> None:
        """The text in the font's encoding; a TrueType font is split into its
        subsets of 256 characters, each its own PDF font."""
        doc = self.canvas._doc
        face = self.face
        if face._dynamicFont:
            for subset, chunk in face.splitString(text, doc):
                self.set("Tf", f"{face.getSubsetInternalName(subset, doc)} {fp_str(size)}")
                self.emit(f"({escapePDF(chunk)}) Tj")
        else:
            self.set("Tf", f"{doc.getInternalFontName(face.fontName)} {fp_str(size)}")
            self.emit(f"({face.formatForPdf(text)}) Tj")

    def image(self, s: Image) -> None:
        """The picture in its place; reportlab stores each file once per PDF."""
        x, y, w, h = pictures.placement((s.x, s.y, s.w, s.h), pictures.size(s.path), s.fit)
        self.push()
        if s.fit == "cover":
            self.emit(f"{fp_str(s.x, s.y, s.w, s.h)} re W n")
        self.emit(f"1 0 0 -1 {fp_str(x, y + h)} cm")  # pictures are drawn y-up
        if pictures.kind(s.path) == "svg":
            drawing = pictures.svg_drawing(s.path)
            self.emit(f"{fp_str(w / drawing.width)} 0 0 {fp_str(h / drawing.height)} 0 0 cm")
            self._svg(drawing if self.press is None else _separated_drawing(drawing,
                                                                             self.press))
        elif self.press is not None:
            self.canvas.drawImage(_separated_picture(s.path, self.press), 0, 0, w, h)
        else:
            self.canvas.drawImage(s.path, 0, 0, w, h, mask="auto")
        self.pop()

    def _svg(self, drawing) -> None:
        """Draw converted SVG art, its default font being ours (so no unembedded
        Helvetica enters the PDF for art without text)."""
        from reportlab.graphics import renderPDF
        from reportlab.graphics import shapes as drawing_state

        default = drawing_state.STATE_DEFAULTS["fontName"]
        drawing_state.STATE_DEFAULTS["fontName"] = self.font.name
        try:
            renderPDF.draw(drawing, self.canvas, 0, 0)
        finally:
            drawing_state.STATE_DEFAULTS["fontName"] = default

    def group(self, s: Group) -> None:
        self.push()
        matrix = _placement(s.dx, s.dy, s.rotate, s.scale)
        if matrix:
            self.emit(f"{matrix} cm")
        if s.clip is not None:
            self.emit(f"{fp_str(*s.clip)} re W n")
        self.draw_all(s.items)
        self.pop()

    def form(self, s: Form) -> None:
        c = self.canvas
        name = "pnp" + "".join(ch if ch.isalnum() else "_" for ch in s.name)
        if name not in self.forms:
            outside = self.state
            c.beginForm(name, lowerx=-1000, lowery=-1000, upperx=1000, uppery=1000)
            self.begin()
            self.draw_all(s.items)
            c.endForm()
            self.state = outside
            self.forms.add(name)
        self.push()
        matrix = _placement(s.dx, s.dy, 0, 1)
        if matrix:
            self.emit(f"{matrix} cm")
        c.doForm(name)
        self.pop()


def _extent(s: Path) -> float:
    """The area of a path's bounding box (mm²): how large a fill it is."""
    xs = [v for command in s.commands for v in command[1::2]]
    ys = [v for command in s.commands for v in command[2::2]]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) if xs else 0.0


def _separated_picture(path: str, press: Separation):
    """A picture file separated to CMYK; one with transparent parts is refused (a
    print file carries none)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    with Image.open(path) as picture:
        if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
            alpha = picture.convert("RGBA").getchannel("A")
            if alpha.getextrema()[0] < 255:
                raise InputError("the picture has transparent parts, which a print file "
                                 "cannot carry: flatten it onto its background", path)
        return ImageReader(press.picture(picture))


def _separated_drawing(drawing, press: Separation):
    """SVG art with every colour separated to CMYK (a copy; the cached art stays)."""
    import copy

    from reportlab.lib.colors import CMYKColor, Color

    art = copy.deepcopy(drawing)

    def walk(node) -> None:
        for name in ("fillColor", "strokeColor"):
            colour = getattr(node, name, None)
            if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
                inks = press.ink(colour.hexval().replace("0x", "#"))
                setattr(node, name, CMYKColor(*inks, alpha=colour.alpha))
        for child in getattr(node, "contents", ()):
            walk(child)

    walk(art)
    return art


def _placement(dx: float, dy: float, rotate: float, scale: float) -> str:
    """The ``cm`` operands that move to (dx, dy), turn ``rotate`` degrees clockwise
    on the y-down page and scale; empty when nothing moves."""
    if not (dx or dy or rotate or scale != 1):
        return ""
    turn = math.radians(rotate)
    cos, sin = round(math.cos(turn), 12) * scale, round(math.sin(turn), 12) * scale
    return fp_str(cos, sin, -sin, cos, dx, dy)
