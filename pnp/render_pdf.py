"""Drawing a :class:`~pnp.shapes.Document` with reportlab.

Each page is set up in millimetres with y growing downwards, exactly like
the shapes, so nothing is converted shape by shape; text is flipped back
upright where it is drawn. Output is deterministic (reportlab's invariant
mode: no dates or random ids) so the same inputs give the same bytes.
"""

from __future__ import annotations

import io
from functools import cache

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as pdfcanvas

from pnp import __version__, pictures
from pnp.fonts import FontChoice, missing_glyphs
from pnp.paper import decoration, footer_text, standard_margins
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
               ink_saver: bool = False, missing: set[str] | None = None) -> bytes:
    """The PDF's bytes; characters the font lacks are added to ``missing``."""
    buffer = io.BytesIO()
    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85 text
    canvas = pdfcanvas.Canvas(buffer, invariant=1, pageCompression=1,
                              initialFontName=font.name)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setKeywords(", ".join(doc.keywords))
    canvas.setAuthor("pnp-companion")
    canvas.setCreator(f"pnp-companion {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    painter = _Painter(canvas, font, ink_saver)
    numbers = doc.numbers or range(1, len(doc.pages) + 1)
    total = doc.page_count or len(doc.pages)
    for number, page in zip(numbers, doc.pages, strict=True):
        _page(canvas, painter, doc, page, number, total, lang)
    canvas.save()
    if missing is not None:
        missing |= painter.missing
    return buffer.getvalue()


def _page(canvas, painter: _Painter, doc: Document, page: Page, number: int, total: int,
          lang: str) -> None:
    canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    for box, setter in ((page.trim, canvas.setTrimBox), (page.bleed, canvas.setBleedBox)):
        if box is not None:
            x, y, w, h = box
            setter(_pdf_box(x, y, w, h, page.height))
    canvas.saveState()
    canvas.translate(0, page.height * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    painter.draw_all(page.shapes)
    if page.decorate:
        footer = footer_text(doc.game, page.label or doc.component, number, total)
        margins = page.margins or standard_margins(page.width, page.height)
        painter.draw_all(decoration(margins, footer, lang))
    canvas.restoreState()
    canvas.showPage()


def _pdf_box(x: float, y: float, w: float, h: float, height: float) -> tuple:
    return (x * PT_PER_MM, (height - y - h) * PT_PER_MM, (x + w) * PT_PER_MM,
            (height - y) * PT_PER_MM)


def ink_saving(colour: str, ink: bool = False) -> str:
    """Fills become a pale grey of their lightness, so large areas cost little ink;
    black and white stay as they are. Lines and text (``ink``) darker than middle
    grey print black, so coloured words stay readable on the pale fills."""
    c = HexColor(colour)
    if (c.red, c.green, c.blue) in ((0, 0, 0), (1, 1, 1)):
        return colour
    grey = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
    if ink and grey < 0.5:
        return "#000000"
    level = round((0.55 + 0.45 * grey) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"


@cache
def _colour(value: str, ink: bool, ink_saver: bool) -> Color:
    """A colour parsed once per process, however many shapes use it."""
    return HexColor(ink_saving(value, ink) if ink_saver else value)


class _Painter:
    def __init__(self, canvas, font: FontChoice, ink_saver: bool) -> None:
        self.canvas = canvas
        self.font = font
        self.ink_saver = ink_saver
        self.forms: set[str] = set()
        self.missing: set[str] = set()

    def colour(self, value: str, ink: bool = False) -> Color:
        return _colour(value, ink, self.ink_saver)

    def draw_all(self, shapes) -> None:
        for shape in shapes:
            self.draw(shape)

    def draw(self, shape) -> None:
        handler = {Line: self.line, Rect: self.rect, Circle: self.circle, Path: self.path,
                   Text: self.text, Image: self.image, Group: self.group,
                   Form: self.form}[type(shape)]
        handler(shape)

    def _style(self, style) -> tuple[int, int]:
        c = self.canvas
        if style.stroke:
            c.setStrokeColor(self.colour(style.stroke, ink=True))
            c.setLineWidth(style.width)
            c.setDash(list(style.dash) if style.dash else [])
        if style.fill:
            c.setFillColor(self.colour(style.fill))
        return (1 if style.stroke else 0), (1 if style.fill else 0)

    def line(self, s: Line) -> None:
        if self._style(s.style)[0]:
            self.canvas.line(s.x1, s.y1, s.x2, s.y2)

    def rect(self, s: Rect) -> None:
        stroke, fill = self._style(s.style)
        if s.radius:
            self.canvas.roundRect(s.x, s.y, s.w, s.h, s.radius, stroke=stroke, fill=fill)
        else:
            self.canvas.rect(s.x, s.y, s.w, s.h, stroke=stroke, fill=fill)

    def circle(self, s: Circle) -> None:
        stroke, fill = self._style(s.style)
        self.canvas.circle(s.cx, s.cy, s.r, stroke=stroke, fill=fill)

    def path(self, s: Path) -> None:
        stroke, fill = self._style(s.style)
        p = self.canvas.beginPath()
        for command in s.commands:
            op, *args = command
            {"M": p.moveTo, "L": p.lineTo, "C": p.curveTo, "Z": p.close}[op](*args)
        self.canvas.drawPath(p, stroke=stroke, fill=fill)

    def text(self, s: Text) -> None:
        c = self.canvas
        self.missing |= missing_glyphs(s.text, self.font)
        size = s.size * MM_PER_PT
        width = pdfmetrics.stringWidth(s.text, self.font.name, size)
        x = s.x - {"start": 0, "middle": width / 2, "end": width}[s.anchor]
        c.saveState()
        c.translate(x, s.y)
        c.scale(1, -1)
        c.setFillColor(self.colour(s.fill, ink=True))
        t = c.beginText(0, 0)
        t.setFont(self.font.name, size)
        if s.bold:
            c.setStrokeColor(self.colour(s.fill, ink=True))
            c.setLineWidth(size * 0.04)
            t.setTextRenderMode(2)
        t.textOut(s.text)
        c.drawText(t)
        c.restoreState()

    def image(self, s: Image) -> None:
        """The picture in its place; reportlab stores each file once per PDF."""
        x, y, w, h = pictures.placement((s.x, s.y, s.w, s.h), pictures.size(s.path), s.fit)
        c = self.canvas
        c.saveState()
        if s.fit == "cover":
            box = c.beginPath()
            box.rect(s.x, s.y, s.w, s.h)
            c.clipPath(box, stroke=0, fill=0)
        c.translate(x, y + h)
        c.scale(1, -1)  # pictures are drawn y-up
        if pictures.kind(s.path) == "svg":
            drawing = pictures.svg_drawing(s.path)
            c.scale(w / drawing.width, h / drawing.height)
            self._svg(drawing)
        else:
            c.drawImage(s.path, 0, 0, w, h, mask="auto")
        c.restoreState()

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
        c = self.canvas
        c.saveState()
        c.translate(s.dx, s.dy)
        if s.rotate:
            c.rotate(s.rotate)  # y grows downwards here, so a positive angle turns clockwise
        if s.scale != 1:
            c.scale(s.scale, s.scale)
        if s.clip is not None:
            box = c.beginPath()
            box.rect(*s.clip)
            c.clipPath(box, stroke=0, fill=0)
        self.draw_all(s.items)
        c.restoreState()

    def form(self, s: Form) -> None:
        c = self.canvas
        name = "pnp" + "".join(ch if ch.isalnum() else "_" for ch in s.name)
        if name not in self.forms:
            c.beginForm(name, lowerx=-1000, lowery=-1000, upperx=1000, uppery=1000)
            self.draw_all(s.items)
            c.endForm()
            self.forms.add(name)
        c.saveState()
        c.translate(s.dx, s.dy)
        c.doForm(name)
        c.restoreState()
