"""A deck for Tabletop Simulator, to try it online before printing: the faces as
sprite sheets of 10 × 7 (69 cards a sheet, the last slot — which the table hides —
holding the back), the back on its own, and one picture per card named from a data
column. Pictures are rendered from the same vector cards as the PDF, at the trim (no
bleed, no marks), with pypdfium2.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from pnp.impose import Piece
from pnp.shapes import Document, Group, Page

COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS - 1  # the last slot shows the hidden card: the back


def slug(text: str) -> str:
    """A file name part from card text: letters and digits kept (any script), the rest
    joined by '-'."""
    return re.sub(r"[^\w]+", "-", text).strip("-_")[:60] or "card"


def pictures(pieces: list[Piece], size: tuple[float, float], font, dpi: int) -> list:
    """Each piece's face at the trim, then the first back (if any), as PIL images."""
    import pypdfium2
    from PIL import Image

    from pnp.render_pdf import render_pdf

    w, h = size
    faces = [Page(w, h, [Group(tuple(piece.front(0.0)))], decorate=False) for piece in pieces]
    backs = [piece.back for piece in pieces if piece.back is not None][:1]
    pages = faces + [Page(w, h, [Group(tuple(back(0.0)))], decorate=False) for back in backs]
    data = render_pdf(Document("deck", "tts", "deck", "", (), pages), font)
    document = pypdfium2.PdfDocument(data)
    try:
        images = []
        for index in range(len(pages)):
            bitmap = document[index].render(scale=dpi / 72)
            images.append(bitmap.to_pil().convert("RGB"))
        return images if backs else [*images, Image.new("RGB", images[0].size, "white")]
    finally:
        document.close()


def sprite_sheets(faces: list, back) -> list:
    """The faces 69 a sheet on a 10 × 7 grid, the back in the last slot of each."""
    from PIL import Image

    cw, ch = back.size
    sheets = []
    for start in range(0, len(faces), PER_SHEET):
        sheet = Image.new("RGB", (COLUMNS * cw, ROWS * ch), "white")
        for slot, face in enumerate(faces[start:start + PER_SHEET]):
            sheet.paste(face, ((slot % COLUMNS) * cw, (slot // COLUMNS) * ch))
        sheet.paste(back, ((COLUMNS - 1) * cw, (ROWS - 1) * ch))
        sheets.append(sheet)
    return sheets


def png(image, *, smallest: bool = True) -> bytes:
    """An image as PNG bytes (no date or software stamp: the same deck, the same bytes);
    ``smallest`` spends the time to make the file as small as it goes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=smallest, compress_level=9 if smallest else 1)
    return buffer.getvalue()


def files(name: str, pieces: list[Piece], names: list[str], size: tuple[float, float],
          font, dpi: int) -> dict[Path, bytes]:
    """Every file of the export, by path relative to the output folder."""
    images = pictures(pieces, size, font, dpi)
    faces, back = images[:-1], images[-1]
    out: dict[Path, bytes] = {}
    for number, sheet in enumerate(sprite_sheets(faces, back), start=1):
        out[Path(f"{name}-tts-faces-{number}.png")] = png(sheet)
    out[Path(f"{name}-tts-back.png")] = png(back)
    width = len(str(len(faces)))
    for number, (face, label) in enumerate(zip(faces, names, strict=True), start=1):
        out[Path(f"{name}-tts-cards") / f"{number:0{width}d}-{slug(label)}.png"] = png(face)
    return out
