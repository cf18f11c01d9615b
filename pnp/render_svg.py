"""Drawing shapes as SVG (svgwrite): the same geometry as the PDF, in millimetres."""

from __future__ import annotations

import base64

import svgwrite

from pnp import pictures
from pnp.shapes import MM_PER_PT, Circle, Form, Group, Image, Line, Path, Rect, Style, Text

FONT_FAMILY = "IPAexGothic, 'IPAexゴシック', 'Noto Sans CJK JP', sans-serif"


def render_svg(width: float, height: float, shapes) -> str:
    drawing = svgwrite.Drawing(size=(f"{width}mm", f"{height}mm"), debug=False)
    drawing.viewbox(0, 0, width, height)
    drawing.add(drawing.rect((0, 0), (width, height), fill="#ffffff"))
    painter = _Painter(drawing)
    for shape in shapes:
        drawing.add(painter.draw(shape))
    return drawing.tostring() + "\n"


def _style(style: Style) -> dict[str, object]:
    attrs: dict[str, object] = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = style.width
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(f"{d:g}" for d in style.dash)
    return attrs


class _Painter:
    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.d = drawing
        self.forms: set[str] = set()
        self.clips: list[str] = []

    def draw(self, shape):
        handler = {Line: self.line, Rect: self.rect, Circle: self.circle, Path: self.path,
                   Text: self.text, Image: self.image, Group: self.group,
                   Form: self.form}[type(shape)]
        return handler(shape)

    def line(self, s: Line):
        return self.d.line((s.x1, s.y1), (s.x2, s.y2), **_style(s.style))

    def rect(self, s: Rect):
        extra = {"rx": s.radius, "ry": s.radius} if s.radius else {}
        return self.d.rect((s.x, s.y), (s.w, s.h), **extra, **_style(s.style))

    def circle(self, s: Circle):
        return self.d.circle((s.cx, s.cy), s.r, **_style(s.style))

    def path(self, s: Path):
        parts = []
        for op, *args in s.commands:
            parts.append(op + " ".join(f"{a:.3f}" for a in args))
        return self.d.path(d=" ".join(parts), **_style(s.style))

    def text(self, s: Text):
        anchor = {"start": "start", "middle": "middle", "end": "end"}[s.anchor]
        return self.d.text(s.text, insert=(s.x, s.y), font_size=f"{s.size * MM_PER_PT:.3f}",
                           font_family=FONT_FAMILY, text_anchor=anchor, fill=s.fill,
                           font_weight="bold" if s.bold else "normal")

    def image(self, s: Image):
        x, y, w, h = pictures.placement((s.x, s.y, s.w, s.h), pictures.size(s.path), s.fit)
        mime = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
        with open(s.path, "rb") as picture_file:
            data = base64.b64encode(picture_file.read()).decode("ascii")
        picture = self.d.image(f"data:{mime[pictures.kind(s.path)]};base64,{data}",
                               insert=(x, y), size=(w, h), preserveAspectRatio="none")
        if s.fit != "cover":
            return picture
        group = self.group(Group(clip=(s.x, s.y, s.w, s.h)))
        group.add(picture)
        return group

    def group(self, s: Group):
        transform = f"translate({s.dx:.3f},{s.dy:.3f})"
        if s.rotate:
            transform += f" rotate({s.rotate:g})"
        if s.scale != 1:
            transform += f" scale({s.scale:g})"
        group = self.d.g(transform=transform)
        if s.clip is not None:
            ident = f"clip-{len(self.clips)}"
            self.clips.append(ident)
            clip = self.d.clipPath(id=ident)
            clip.add(self.d.rect(s.clip[:2], s.clip[2:]))
            self.d.defs.add(clip)
            group["clip-path"] = f"url(#{ident})"
        for item in s.items:
            group.add(self.draw(item))
        return group

    def form(self, s: Form):
        ident = "form-" + "".join(ch if ch.isalnum() else "-" for ch in s.name)
        if ident not in self.forms:
            symbol = self.d.symbol(id=ident, overflow="visible")
            for item in s.items:
                symbol.add(self.draw(item))
            self.d.defs.add(symbol)
            self.forms.add(ident)
        return self.d.use(f"#{ident}", insert=(s.dx, s.dy))
