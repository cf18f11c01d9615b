"""A tolerant picture check: pages rendered at 20 dpi against reference renders.

Geometry tests cannot see that art is upside down or a colour is wrong; this
can. The references were rendered with IPAex Gothic, so the check runs only
when that font is the one embedded. Refresh them after a deliberate change:
``python -m tests.pnp.test_pictures``.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.fonts import choose_font

REFERENCES = Path(__file__).parents[1] / "data" / "renders"
PAGES = [("darkhall", "board", 0), ("darkhall", "tokens", 0), ("darkhall", "pieces", 0),
         ("darkhall", "pieces", 1), ("roguelight", "sheet", 0), ("rakugaaki", "board", 1),
         ("rakugaaki", "tiles", 0), ("rakugaaki", "tiles", 1), ("jongrogue", "deck", 12),
         ("jongrogue", "deck", 26), ("jongrogue", "deck", 1), ("jongrogue", "map", 0)]
DPI = 20


def render(path: Path, index: int) -> Image.Image:
    document = pypdfium2.PdfDocument(str(path))
    image = document[index].render(scale=DPI / 72).to_pil().convert("L")
    document.close()
    return image


needs_ipaex = pytest.mark.skipif("ipaexg" not in (choose_font().path or ""),
                                 reason="the references were rendered with IPAex Gothic")


@needs_ipaex
@pytest.mark.parametrize(("game", "component", "index"), PAGES)
def test_pages_look_like_their_reference(built, game, component, index):
    fresh = render(built(game, component), index)
    reference = Image.open(REFERENCES / f"{game}-{component}-{index + 1}.png").convert("L")
    assert fresh.size == reference.size
    difference = ImageChops.difference(fresh, reference)
    assert ImageStat.Stat(difference).mean[0] < 2.0  # of 255: a tolerant comparison
    changed = sum(difference.histogram()[65:])  # pixels off by more than a quarter
    assert changed < 0.01 * fresh.size[0] * fresh.size[1]


def test_the_comparison_notices_a_real_change(built):
    page = render(built("darkhall", "board"), 0)
    flipped = page.rotate(180)
    assert ImageStat.Stat(ImageChops.difference(page, flipped)).mean[0] > 2.0


def refresh() -> None:
    from pnp.build import Options, build_one, context
    from pnp.catalog import find

    out = REFERENCES.parent / "tmp-build"
    for game, component, index in PAGES:
        found_game, found = find(game, component)
        path = build_one(found_game, found, context(Options()), out)
        render(path, index).save(REFERENCES / f"{game}-{component}-{index + 1}.png",
                                 optimize=True)
        path.unlink()
    out.rmdir()


if __name__ == "__main__":
    refresh()
