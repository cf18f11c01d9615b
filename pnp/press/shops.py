"""The forms print shops ask for (``--for SHOP``), from the one-up pages of a build.

Every build with ``--for`` imposes its pieces one up (a page of trim + bleed per
face, backs after their fronts); a shop's form then makes the files it wants:

* ``japan`` — the common form of Japanese card printers (入稿): one face per PDF,
  trim + 3 mm bleed with トンボ (corner and centre marks) round it, a JPEG proof
  beside each, ASCII file names by part and number, each different back once;
  CMYK, PDF/X-1a:2001 for Japan Color 2001 Coated.
* ``drivethrucards`` — one PDF per deck, front and back alternating, each page
  the card product's size (poker 2.5 × 3.5 in) plus 1/8 in bleed, a 1/8 in safe
  zone, CMYK for SWOP with total ink ≤ 240 %, PDF/X-1a:2003.
* ``printninja`` — one PDF, one face a page: the fronts, then each different
  back once; 1/8 in bleed, CMYK, PDF/X-1a:2001.
* ``gamecrafter`` — one PNG per face at 300 dpi, the card product's size plus
  1/8 in bleed (825 × 1125 px for poker cards), each different back once.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from companion.errors import InputError
from pnp.press import Press
from pnp.shapes import Document, Group, Line, Page, Style

INCH = 25.4
TOMBO = Style(width=0.1)  # hairline trim marks, K100
TOMBO_REACH = 10.0  # mm of paper round the bleed that carries the marks


@dataclass(frozen=True)
class Shop:
    key: str
    name: str
    press: Press | None  # None: RGB pictures, not a PDF
    form: str  # "each-face", "alternating", "backs-once" or "pictures"
    bleed: float  # mm beyond the trim
    needs: str  # what the shop's guide asks, for the help and docs
    note: str = ""  # said after the build
    #: The card products the shop prints (trim in inches): a face is printed as the one
    #: within 1.5 mm of its size, on a page of that size plus bleed. None: any size.
    products: tuple[str, ...] | None = None


#: Card products of the American print-on-demand shops: trim, inches.
PRODUCTS = {"poker": (2.5, 3.5), "bridge": (2.25, 3.5), "mini": (1.75, 2.5),
            "tarot": (2.75, 4.75), "square": (2.5, 2.5), "business": (3.5, 2.0)}


SHOPS = {shop.key: shop for shop in (
    Shop("japan", "Japanese card printers (入稿)",
         Press("japan-color-2001-coated", "x1a", None, 300.0, 3.0, 3.0, 350.0), "each-face",
         3.0,
         "one face per PDF with トンボ, 3 mm bleed, a JPEG proof each, CMYK PDF/X-1a "
         "(Japan Color 2001 Coated)",
         "rounded corners are ordered (角丸, R3 for poker cards), not drawn in the files"),
    Shop("drivethrucards", "DriveThruCards",
         Press("swop2006", "x1a2003", None, 240.0, INCH / 8, INCH / 8), "alternating",
         4.0, "one PDF, front and back alternating, the product's size + 1/8 in bleed, "
         "1/8 in safe zone, CMYK ≤ 240 % ink, PDF/X-1a:2003 (SWOP)",
         products=("poker", "mini", "tarot", "square", "business")),
    Shop("printninja", "PrintNinja",
         Press("gracol2006", "x1a", None, 300.0, INCH / 8, INCH / 8), "backs-once",
         INCH / 8, "one PDF, one face a page, the shared back once, 1/8 in bleed, CMYK "
         "PDF/X-1a"),
    Shop("gamecrafter", "The Game Crafter", None, "pictures", 4.0,
         "a PNG per face at 300 dpi, the product's size + 1/8 in bleed (825 × 1125 px "
         "for poker), the shared back once", products=tuple(PRODUCTS)),
)}

FIT = 1.5  # mm: a card this close to a product's trim is printed as that product
SHOP_BLEED = INCH / 8  # the bleed round a product's trim on its page


def ascii_name(text: str, fallback: str) -> str:
    """A file name of ASCII letters, digits and '-' (shops' systems mangle the rest)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or fallback


def shop_files(shop: Shop, doc: Document, stem: str, render, finish) -> dict[Path, bytes]:
    """The shop's files for a document of one-up pages, by path relative to the output
    folder. ``render(doc)`` gives a PDF's bytes; ``finish(data, title, what)`` makes one
    a checked PDF/X file."""
    faces = doc.pages  # one-up pages, each with its trim (pnp.build refuses sheets)
    if shop.products is not None:
        faces = [as_product(page, shop) for page in faces]
    name = ascii_name(stem, "print")
    if shop.form == "pictures":
        return _pictures(_backs_once(faces), doc, name, render)
    if shop.form == "each-face":
        return _each_face(_backs_once(faces), doc, name, render, finish)
    pages = faces if shop.form == "alternating" else _backs_once(faces)
    return {Path(f"{name}.pdf"): finish(render(_document(doc, pages)), doc.title,
                                        f"{name}.pdf", [page.label for page in pages])}


def _document(doc: Document, pages: list[Page]) -> Document:
    return Document(doc.game, doc.component, doc.title, doc.subject, doc.keywords, pages)


def as_product(page: Page, shop: Shop) -> Page:
    """A one-up face on a page of the shop's product it is printed as: the product's
    trim plus 1/8 in bleed, the face centred on it (its own bleed, which the shops'
    bleed of 4 mm makes wide enough, covering the difference)."""
    bleed, _top, w, h = page.trim or (0.0, 0.0, page.width, page.height)
    pw, ph = _product(w, h, shop)
    b = SHOP_BLEED
    dx, dy = b + (pw - w) / 2 - bleed, b + (ph - h) / 2 - bleed
    return Page(pw + 2 * b, ph + 2 * b, [Group(tuple(page.shapes), dx=dx, dy=dy)],
                trim=(b, b, pw, ph), bleed=(0, 0, pw + 2 * b, ph + 2 * b), label=page.label,
                decorate=False)


def _product(w: float, h: float, shop: Shop) -> tuple[float, float]:
    """The trim (mm) of the shop's product a ``w`` × ``h`` mm card is printed as."""
    for name in shop.products or ():
        tw, th = (v * INCH for v in PRODUCTS[name])
        if abs(tw - w) <= FIT and abs(th - h) <= FIT:
            return tw, th
    sizes = ", ".join(f"{name} {PRODUCTS[name][0]:g} × {PRODUCTS[name][1]:g} in"
                      for name in shop.products or ())
    raise InputError(f"a {round(w, 1):g} × {round(h, 1):g} mm card is none of "
                     f"{shop.name}'s card products ({sizes})")


def _backs_once(pages: list[Page]) -> list[Page]:
    """The fronts in order, then every different back once."""
    fronts = [p for p in pages if not p.label.endswith("(back)")]
    backs: list[Page] = []
    for page in pages:
        if page.label.endswith("(back)") and all(page.shapes != b.shapes for b in backs):
            backs.append(page)
    return fronts + backs


def _each_face(pages: list[Page], doc: Document, name: str, render, finish
               ) -> dict[Path, bytes]:
    """A PDF per face, with トンボ, and its JPEG proof: the faces are made and checked as
    one file, then parted page by page."""
    from pnp.press.pdfx import split

    numbered, counts = [], {"front": 0, "back": 0}
    for page in pages:
        part = "back" if page.label.endswith("(back)") else "front"
        counts[part] += 1
        numbered.append((part, counts[part]))
    whole = finish(render(_document(doc, [tombo_page(page) for page in pages])), doc.title,
                   f"{name}/", [page.label for page in pages])
    titles = [f"{doc.title} {part} {number}" for part, number in numbered]
    out: dict[Path, bytes] = {}
    for (part, number), data, picture in zip(numbered, split(whole, titles),
                                             proofs(whole), strict=True):
        stem = f"{name}-{part}-{number:03d}"
        out[Path(name) / f"{stem}.pdf"] = data
        out[Path(name) / f"{stem}.jpg"] = picture
    return out


def tombo_page(page: Page) -> Page:
    """The one-up page on paper 10 mm larger all round, with トンボ: double corner marks
    (at the trim and at the bleed) and centre marks on every side."""
    bleed, _top, w, h = page.trim or (0, 0, page.width, page.height)
    m = TOMBO_REACH
    width, height = page.width + 2 * m, page.height + 2 * m
    left, top = m + bleed, m + bleed
    marks = _corners(left, top, w, h, bleed, m) + _centres(left, top, w, h, bleed, m)
    shapes = [Group(tuple(page.shapes), dx=m, dy=m), *marks]
    return Page(width, height, shapes, trim=(left, top, w, h),
                bleed=(m, m, w + 2 * bleed, h + 2 * bleed), label=page.label, decorate=False)


def _corners(left: float, top: float, w: float, h: float, bleed: float, m: float
             ) -> list[Line]:
    lines = []
    for cx, sx in ((left, -1), (left + w, 1)):
        for cy, sy in ((top, -1), (top + h, 1)):
            outer = bleed + m - 1  # from the bleed's edge to within 1 mm of the paper's
            for at in (0.0, bleed):  # the trim line, then the bleed line
                lines.append(Line(cx + sx * bleed, cy + sy * at, cx + sx * outer,
                                  cy + sy * at, TOMBO))
                lines.append(Line(cx + sx * at, cy + sy * bleed, cx + sx * at,
                                  cy + sy * outer, TOMBO))
    return lines


def _centres(left: float, top: float, w: float, h: float, bleed: float, m: float
             ) -> list[Line]:
    mx, my = left + w / 2, top + h / 2
    near, far = bleed + 1, bleed + m - 1
    lines = []
    for sy, y in ((-1, top), (1, top + h)):
        lines += [Line(mx, y + sy * near, mx, y + sy * far, TOMBO),
                  Line(mx - 4, y + sy * (near + far) / 2, mx + 4, y + sy * (near + far) / 2,
                       TOMBO)]
    for sx, x in ((-1, left), (1, left + w)):
        lines += [Line(x + sx * near, my, x + sx * far, my, TOMBO),
                  Line(x + sx * (near + far) / 2, my - 4, x + sx * (near + far) / 2, my + 4,
                       TOMBO)]
    return lines


def proofs(data: bytes, dpi: int = 150) -> list[bytes]:
    """A JPEG of each page, for the shop to see what each file should look like."""
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    pictures = []
    try:
        for page in document:
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            buffer = io.BytesIO()
            image.save(buffer, format="JPEG", quality=90, dpi=(dpi, dpi))
            pictures.append(buffer.getvalue())
    finally:
        document.close()
    return pictures


def _pictures(pages: list[Page], doc: Document, name: str, render) -> dict[Path, bytes]:
    """The Game Crafter: each face a PNG of its product's page at 300 dpi (rendered one
    by one, encoded on every core: the encoding is most of the time)."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    import pypdfium2

    from pnp.deck.tts import png

    document = pypdfium2.PdfDocument(render(_document(doc, pages)))
    counts = {"front": 0, "back": 0}
    made = {}
    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as workers:
            for index, page in enumerate(pages):
                part = "back" if page.label.endswith("(back)") else "front"
                counts[part] += 1
                size = (round(page.width / INCH * 300), round(page.height / INCH * 300))
                image = document[index].render(scale=300 / 72).to_pil().convert("RGB")
                if image.size != size:  # a pixel lost to rounding
                    image = image.resize(size)
                made[Path(name) / f"{name}-{part}-{counts[part]:03d}.png"] = workers.submit(
                    png, image, smallest=False)  # uploaded, not kept
    finally:
        document.close()
    return {path: future.result() for path, future in made.items()}
