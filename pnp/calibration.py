"""The duplex calibration page: it measures a printer's back offset.

The front has crosses; the back has millimetre rulers where the crosses
should fall. Printed duplex and held to the light, the back's rulers read
where each cross really fell: that reading, seen from the back, is the
``--back-offset dx,dy`` to pass, as it is (+x to the right and +y down on the
back).
"""

from __future__ import annotations

from pnp.impose import MARK_STYLE
from pnp.shapes import Line, Page, Text

RULER = 5  # mm each way from the centre
LABEL = 5.0  # pt

TITLE = {
    "ja": ("両面印刷の位置合わせ：この用紙を両面印刷し、光にかざして裏から見る",
           "裏面の目盛りで表の十字が落ちた位置 (mm) を読み、そのまま --back-offset dx,dy に指定"
           "（裏面で見て右が +x、下が +y）"),
    "en": ("Duplex calibration: print this sheet double-sided, hold it to the light, look "
           "from the back",
           "Read where each front cross falls on the back's rulers (mm) and pass it as "
           "--back-offset dx,dy (+x right, +y down, as seen on the back)"),
}


def calibration_pages(page_w: float, page_h: float, duplex: str, lang: str) -> list[Page]:
    """A front with crosses and a back with rulers under them."""
    targets = [(40.0, 40.0), (page_w - 40.0, 40.0), (40.0, page_h - 50.0),
               (page_w - 40.0, page_h - 50.0), (page_w / 2, page_h / 2)]
    front, back = [], []
    for x, y in targets:
        front += crosshair(x, y)
        bx, by = (page_w - x, y) if duplex == "long" else (x, page_h - y)
        back += _rulers(bx, by)
    first, second = TITLE[lang]
    heading = [Text(page_w / 2, 20, first, 8, anchor="middle"),
               Text(page_w / 2, 25, second, 7, anchor="middle")]
    return [Page(page_w, page_h, [*heading, *front], label="duplex calibration (front)"),
            Page(page_w, page_h, [*heading, *back], label="duplex calibration (back)")]


def crosshair(x: float, y: float) -> list:
    return [Line(x - 8, y, x + 8, y, MARK_STYLE), Line(x, y - 8, x, y + 8, MARK_STYLE)]


def _rulers(x: float, y: float) -> list:
    """A horizontal and a vertical ruler through (x, y), each labelled beyond its
    own ends so no two labels meet."""
    shapes: list = []
    for step in range(-RULER, RULER + 1):
        tick = 2.5 if step % 5 == 0 else 1.5
        shapes.append(Line(x + step, y - tick, x + step, y + tick, MARK_STYLE))
        shapes.append(Line(x - tick, y + step, x + tick, y + step, MARK_STYLE))
    end = RULER + 1.5
    shapes += [Text(x - end, y + 0.7, f"−{RULER}", LABEL, anchor="end"),
               Text(x + end, y + 0.7, f"+{RULER}", LABEL),
               Text(x, y - end, f"−{RULER}", LABEL, anchor="middle"),
               Text(x, y + end + 1.6, f"+{RULER}", LABEL, anchor="middle")]
    return shapes
