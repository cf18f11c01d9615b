"""Picture files placed on a page: their size, and where they go in a box.

PNG and JPEG are read with Pillow; SVG art is converted to vector drawing by
svglib. A file that cannot be read is
an error naming it, never a broken page.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.errors import InputError

KINDS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
MAX_PIXELS = 40_000_000  # a 6000 × 6000 photo is plenty for a card


def kind(path: str | Path) -> str:
    found = KINDS.get(Path(path).suffix.lower())
    if found is None:
        raise InputError("a picture is a .png, .jpg or .svg file", str(path))
    return found


@cache
def size(path: str) -> tuple[float, float]:
    """The picture's width and height (pixels, or the SVG's own units)."""
    if not Path(path).is_file():
        raise InputError("no such picture file", path)
    if kind(path) == "svg":
        drawing = svg_drawing(path)
        return float(drawing.width), float(drawing.height)
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as picture:
            width, height = picture.size
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as err:
        raise InputError(f"cannot read the picture: {err}", path) from None
    if width * height > MAX_PIXELS:
        raise InputError(f"{width} × {height} pixels; at most {MAX_PIXELS:,} for a card",
                         path)
    return float(width), float(height)


@cache
def svg_drawing(path: str):
    """The SVG file as a reportlab drawing."""
    try:
        from svglib.svglib import svg2rlg
    except ImportError:
        raise InputError("SVG pictures need svglib (pip install svglib), or use a PNG",
                         path) from None
    drawing = svg2rlg(path)
    if drawing is None or not drawing.width or not drawing.height:
        raise InputError("cannot read this SVG (no size, or not SVG)", path)
    return drawing


def placement(box: tuple[float, float, float, float], natural: tuple[float, float],
              fit: str) -> tuple[float, float, float, float]:
    """Where the picture goes for ``fit``: (x, y, w, h), perhaps beyond the box
    (``cover``, clipped to it by the caller)."""
    x, y, w, h = box
    if fit == "stretch":
        return box
    nw, nh = natural
    scale = (min if fit == "contain" else max)(w / nw, h / nh)
    pw, ph = nw * scale, nh * scale
    return x + (w - pw) / 2, y + (h - ph) / 2, pw, ph
