"""Where drawn shapes land on the page: groups' moves, turns and scales applied, so
tests can measure a piece's text against its cut lines."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from pnp.shapes import Circle, Form, Group, Text

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def placed(items, matrix: Matrix = IDENTITY) -> Iterator[tuple[object, Matrix]]:
    """Every drawn shape with the matrix that puts it on the page."""
    for item in items:
        if isinstance(item, Group):
            turn, k = math.radians(item.rotate), item.scale
            local = (math.cos(turn) * k, math.sin(turn) * k, -math.sin(turn) * k,
                     math.cos(turn) * k, item.dx, item.dy)
            yield from placed(item.items, _times(matrix, local))
        elif isinstance(item, Form):
            yield from placed(item.items, _times(matrix, (1, 0, 0, 1, item.dx, item.dy)))
        else:
            yield item, matrix


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    na, nb, nc, nd, ne, nf = n
    return (a * na + c * nb, b * na + d * nb, a * nc + c * nd, b * nc + d * nd,
            a * ne + c * nf + e, b * ne + d * nf + f)


def box(shape, matrix: Matrix, measure: Callable[[str, float], float]
        ) -> tuple[float, float, float, float] | None:
    """The page box (x0, y0, x1, y1) of a text (its glyphs' height from the baseline:
    0.8 of the size above, 0.15 below) or a circle; None for other shapes."""
    if isinstance(shape, Text):
        width, high = measure(shape.text, shape.size), shape.size * 25.4 / 72
        shift = {"end": width, "middle": width / 2}.get(shape.anchor, 0.0)
        x0, y0, x1, y1 = shape.x - shift, shape.y - 0.8 * high, shape.x - shift + width, \
            shape.y + 0.15 * high
    elif isinstance(shape, Circle):
        x0, y0, x1, y1 = shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, \
            shape.cy + shape.r
    else:
        return None
    a, b, c, d, e, f = matrix
    xs, ys = zip(*((a * x + c * y + e, b * x + d * y + f)
                   for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))), strict=True)
    return min(xs), min(ys), max(xs), max(ys)
