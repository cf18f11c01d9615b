"""Drawing a card's layers: each layer's fields rendered for the card, checked,
and turned into the vector shapes both renderers draw.

Coordinates are millimetres from the card's top-left trim corner; text sizes
are points. A text box shrinks its text (0.1 pt steps) until it fits, down to
``min_size``; text that does not fit even then is drawn at the minimum size,
clipped to its box, and reported (``Card.overflow``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import cos, pi, sin
from pathlib import Path as FilePath
from typing import Any

from companion.errors import InputError
from pnp import draw, pictures
from pnp.deck.spec import Layer, check_value
from pnp.deck.templating import truth
from pnp.icons import icon
from pnp.shapes import MM_PER_PT, Circle, Group, Image, Line, Path, Rect, Style, Text
from pnp.text import fit

DEFAULT_WIDTH = 0.25  # mm


@dataclass
class Canvas:
    """What drawing a card needs besides its layers."""

    width: float  # the card's trim size, mm
    height: float
    bleed: float
    measure: Callable[[str, float], float]  # (text, points) → mm
    folder: FilePath = FilePath(".")  # pictures are named relative to the deck file
    overflow: list[str] = field(default_factory=list)  # text boxes that did not fit
    overflowed: list[str] = field(default_factory=list)  # their layers' names


def draw_layers(layers: tuple[Layer, ...], context: dict[str, Any], canvas: Canvas) -> list:
    """The shapes of ``layers`` for one card (``context``: its row and the deck's vars)."""
    shapes: list = []
    for layer in layers:
        if layer.when is not None and not truth(layer.when(context), f"{layer.where}.when"):
            continue
        values = {key: _value(key, render, context, layer.where)
                  for key, render in layer.fields.items()}
        drawn = DRAWERS[layer.kind](values, layer, canvas)
        turn = values.get("rotate", 0.0)
        shapes += _turned(drawn, turn, _pivot(values)) if turn and drawn else drawn
    return shapes


def _pivot(v: dict[str, Any]) -> tuple[float, float]:
    """The centre a layer turns about: its box's, its circle's or its line's middle."""
    if "cx" in v:
        return v["cx"], v["cy"]
    if "x1" in v:
        return (v["x1"] + v["x2"]) / 2, (v["y1"] + v["y2"]) / 2
    if "size" in v and "w" not in v:  # icons and QR codes: a square of side size
        return v["x"] + v["size"] / 2, v["y"] + v["size"] / 2
    return v["x"] + v["w"] / 2, v["y"] + v["h"] / 2


def _turned(shapes: list, degrees: float, pivot: tuple[float, float]) -> list:
    """``shapes`` turned clockwise by ``degrees`` about ``pivot``."""
    px, py = pivot
    return [Group((Group(tuple(shapes), dx=-px, dy=-py),), dx=px, dy=py, rotate=degrees)]


#: Fields whose rendered text is used as it is (the rest are checked like constants).
AS_WRITTEN = frozenset({"text", "data", "file", "items"})


def _value(key: str, render: Callable[[dict[str, Any]], Any], context: dict[str, Any],
           where: str) -> Any:
    value = render(context)
    if isinstance(value, str) and key not in AS_WRITTEN:
        return check_value(key, value, f"{where}.{key}")
    return value


def _style(v: dict[str, Any], *, outline: bool = True) -> Style:
    """Stroke and fill; a shape given neither is outlined in black."""
    stroke = v.get("stroke", "#000000" if outline and "fill" not in v else None)
    return Style(stroke=stroke, fill=v.get("fill"), width=v.get("width", DEFAULT_WIDTH),
                 dash=v.get("dash"))


def _rect(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    x, y, w, h = v["x"], v["y"], v["w"], v["h"]
    if v.get("bleed"):  # edges on the trim line reach out through the bleed
        b = canvas.bleed
        left, top = (x - b if x <= 0 else x), (y - b if y <= 0 else y)
        right = x + w + b if x + w >= canvas.width else x + w
        bottom = y + h + b if y + h >= canvas.height else y + h
        x, y, w, h = left, top, right - left, bottom - top
    return [Rect(x, y, w, h, _style(v), radius=v.get("radius", 0.0))]


def _line(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    style = Style(stroke=v.get("stroke", "#000000"), width=v.get("width", DEFAULT_WIDTH),
                  dash=v.get("dash"))
    return [Line(v["x1"], v["y1"], v["x2"], v["y2"], style)]


def _circle(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    return [Circle(v["cx"], v["cy"], v["r"], _style(v))]


def _hexagon(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    start = -pi / 2 if v.get("pointy", True) else 0.0
    cx, cy, r = v["cx"], v["cy"], v["r"]
    corners = [(cx + r * cos(start + i * pi / 3), cy + r * sin(start + i * pi / 3))
               for i in range(6)]
    commands = (("M", *corners[0]), *(("L", *c) for c in corners[1:]), ("Z",))
    return [Path(commands, _style(v))]


def _icon(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    return icon(v["icon"], v["x"], v["y"], v["size"], v.get("colour"))


def _emblem(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    return draw.emblem(str(v["seed"]), v["x"], v["y"], v["size"], v.get("colour") or "#000000")


def _qr(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    data = str(v["data"])
    if not data:
        raise InputError("a QR code needs data", f"{layer.where}.data")
    from qrcode.exceptions import DataOverflowError

    try:
        return draw.qr_code(data, v["x"], v["y"], v["size"])
    except (ValueError, DataOverflowError):  # more than the largest QR version holds
        raise InputError(f"{len(data)} characters are too many for a QR code (about 2,300 "
                         "fit)", f"{layer.where}.data") from None


ANCHORS = {"left": ("start", 0.0), "center": ("middle", 0.5), "right": ("end", 1.0)}
RAISE = {"top": 0.0, "middle": 0.5, "bottom": 1.0}


def _text(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    x, y, w, h = v["x"], v["y"], v["w"], v["h"]
    size = v.get("size", 9.0)
    leading = v.get("leading", 1.2)
    fitted = fit(str(v["text"]), w, h, size, min(size, v.get("min_size", size)),
                 canvas.measure, leading)
    if not fitted.fits:
        canvas.overflow.append(f"{layer.where} ({fitted.size:g} pt)")
        canvas.overflowed.append(layer.name or "")
    anchor, share = ANCHORS[v.get("align", "left")]
    line_h = fitted.size * MM_PER_PT * leading
    top = y + (h - len(fitted.lines) * line_h) * RAISE[v.get("valign", "top")]
    texts = tuple(Text(x + w * share, top + (i + 0.8) * line_h, line, fitted.size, anchor,
                       bold=v.get("bold", False), fill=v.get("colour") or "#000000")
                  for i, line in enumerate(fitted.lines))
    return [Group(texts, clip=(x, y, w, h))] if not fitted.fits else list(texts)


def _bullets(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    """A list, an item a line of ``items``, each after a dot: shrunk like text to fit."""
    items = [line.strip() for line in str(v["items"]).splitlines() if line.strip()]
    if v.get("gap", 0.0) < 0:
        raise InputError(f"{v['gap']:g}: the gap between items cannot be negative",
                         f"{layer.where}.gap")
    size = v.get("size", 9.0)
    shapes, fits = draw.bullet_list(items, v["x"], v["y"], v["w"], v["h"], canvas.measure,
                                    size=size, min_size=min(size, v.get("min_size", size)),
                                    bullet=v.get("bullet") or "#000000", gap=v.get("gap", 1.2))
    if not fits:
        canvas.overflow.append(f"{layer.where} (list)")
        canvas.overflowed.append(layer.name or "")
        return [Group(tuple(shapes), clip=(v["x"], v["y"], v["w"], v["h"]))]
    return shapes


def _image(v: dict[str, Any], layer: Layer, canvas: Canvas) -> list:
    name = str(v["file"]).strip()
    if not name:
        return []  # no picture for this card
    path = canvas.folder / name
    try:
        pictures.kind(path)
        pictures.size(str(path))
    except InputError as err:
        raise err.at(f"{layer.where}.file") from None
    return [Image(v["x"], v["y"], v["w"], v["h"], str(path), v.get("fit", "contain"))]


DRAWERS: dict[str, Callable[[dict[str, Any], Layer, Canvas], list]] = {
    "rect": _rect, "line": _line, "circle": _circle, "hexagon": _hexagon, "icon": _icon,
    "qr": _qr, "text": _text, "image": _image, "emblem": _emblem, "bullets": _bullets,
}
