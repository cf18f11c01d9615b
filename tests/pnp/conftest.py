"""Building PDFs once per session for the tests that open them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pnp.build import Options, build_one, context
from pnp.catalog import find


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """build(game, component, **options) → the PDF's path, cached per arguments."""
    root = tmp_path_factory.mktemp("pdfs")
    cache: dict = {}

    def build(game: str, component: str, **options) -> Path:
        key = (game, component, tuple(sorted(options.items())))
        if key not in cache:
            out = root / str(len(cache))
            ctx = context(Options(**options))
            found_game, found = find(game, component)
            cache[key] = build_one(found_game, found, ctx, out)
        return cache[key]

    return build


needs_poppler = pytest.mark.skipif(shutil.which("pdffonts") is None,
                                   reason="poppler-utils is not installed")


def assert_fonts_embedded(path) -> None:
    """Every font of the PDF embedded and subset (``pdffonts``), or, without a
    TrueType font on this machine, the viewer's Japanese CID font named."""
    from pnp.fonts import choose_font

    report = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    assert report
    for line in report:
        if choose_font().embedded:
            assert " yes yes " in line, line
        else:
            assert "HeiseiKakuGo" in line, line


def page_texts(path) -> list[str]:
    """The text of each page of a PDF."""
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(path).pages]


SHEET_FORM = "/FormXob.pnpsheet_of_backs_"


def art_forms(page) -> dict[str, int]:
    """The forms a page draws (name → object number), looking inside the form of a
    whole sheet of backs, which only places them."""
    found: dict[str, int] = {}
    resources = [page["/Resources"]]
    while resources:
        xobjects = resources.pop().get("/XObject", {})
        for name in xobjects:
            obj = xobjects[name].get_object()
            if obj["/Subtype"] != "/Form":
                continue
            if name.startswith(SHEET_FORM):
                resources.append(obj["/Resources"])
            else:
                found[name] = xobjects.raw_get(name).idnum
    return found


def inked_near_the_edge(path, edge: float = 6.0, dpi: int = 50) -> list[str]:
    """Pages with ink within ``edge`` mm of the paper's edge, as rendered (clipping
    and all) by ``pdftoppm``: '<page>: <side>' for each (one pixel of tolerance)."""
    import subprocess
    import tempfile
    from pathlib import Path

    found = []
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(path), f"{folder}/p"],
                       check=True)
        for number, image in enumerate(sorted(Path(folder).glob("p-*.pgm")), start=1):
            width, height, pixels = _pgm(image.read_bytes())
            band = int(edge / 25.4 * dpi) - 1
            sides = {"left": [(x, y) for y in range(height) for x in range(band)],
                     "right": [(x, y) for y in range(height) for x in range(width - band, width)],
                     "top": [(x, y) for y in range(band) for x in range(width)],
                     "bottom": [(x, y) for y in range(height - band, height)
                                for x in range(width)]}
            found += [f"{number}: {side}" for side, spots in sides.items()
                      if any(pixels[y * width + x] < 200 for x, y in spots)]
    return found


def _pgm(data: bytes) -> tuple[int, int, bytes]:
    """A binary PGM (P5): width, height and its grey bytes."""
    fields, at = [], 2
    while len(fields) < 3:
        while data[at:at + 1].isspace():
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(int(data[start:at]))
    width, height, _most = fields
    return width, height, data[at + 1:]
