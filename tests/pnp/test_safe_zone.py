"""The safe zone (printing.md): nothing that carries game information — text, the
colour marks, the encounter value — within 2.5 mm of a cut line."""

from __future__ import annotations

import pytest

from pnp.build import Options, context
from pnp.catalog import GAMES
from pnp.shapes import SAFE_ZONE, Text
from tests.pnp.placed import box, placed

PIECES = [(game.name, name) for game in GAMES.values()
          for name, component in game.components.items() if not component.sheet]


def _too_close(component, ctx, keep) -> list[str]:
    """What ``keep`` picks among a component's shapes, lying on a piece but within the
    safe zone of its cut lines."""
    close = []
    for page in component.pages(ctx):
        for shape, matrix in placed(page.shapes):
            if not keep(shape):
                continue
            found = box(shape, matrix, ctx.measure)
            if found is None:
                continue
            x0, y0, x1, y1 = found
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            for tx, ty, tw, th in page.trims or []:
                if tx < cx < tx + tw and ty < cy < ty + th:
                    gap = min(x0 - tx, y0 - ty, tx + tw - x1, ty + th - y1)
                    if gap < SAFE_ZONE - 0.05:
                        close.append(f"{page.label}: {getattr(shape, 'text', shape)!r} "
                                     f"{gap:.1f} mm from the cut")
                    break
    return close


@pytest.mark.parametrize(("paper", "lang"), [("a4", "ja"), ("letter", "en")])
@pytest.mark.parametrize(("game", "component"), PIECES, ids=[f"{g}-{c}" for g, c in PIECES])
def test_no_text_on_a_piece_within_2_5_mm_of_its_cut(game, component, paper, lang) -> None:
    ctx = context(Options(paper=paper, lang=lang))
    found = GAMES[game].components[component]
    assert _too_close(found, ctx, lambda shape: isinstance(shape, Text)) == []


def test_dark_hall_colour_marks_keep_the_safe_zone() -> None:
    """The shape that tells a token's colour without its colour sits 2.5 mm inside."""
    from companion.darkhall.pieces import colours
    from pnp.colour import ink_on
    from pnp.components import darkhall as dh
    from pnp.shapes import Circle, Path, Rect

    size = 13.0
    inks = {c.name: ink_on(c.rgb) for c in colours()}
    for piece in dh.token_pieces(size):
        for side, ink in ((piece.front, "#000000"), (piece.back, inks[piece.colour])):
            marks = [s for s in side(3.0) if getattr(s, "style", None) is not None
                     and s.style.fill == ink and s.style.stroke == ink
                     and isinstance(s, Circle | Path | Rect)]
            assert marks
            for shape in marks:
                xs, ys = _extent(shape)
                assert min(xs) >= SAFE_ZONE - 1e-6 and min(ys) >= SAFE_ZONE - 1e-6


def _extent(shape):
    from pnp.shapes import Circle, Path

    if isinstance(shape, Circle):
        return (shape.cx - shape.r, shape.cx + shape.r), (shape.cy - shape.r, shape.cy + shape.r)
    if isinstance(shape, Path):
        points = [c[1:] for c in shape.commands if len(c) == 3]
        return [p[0] for p in points], [p[1] for p in points]
    return (shape.x, shape.x + shape.w), (shape.y, shape.y + shape.h)


def test_the_majin_encounter_value_keeps_the_safe_zone() -> None:
    from pnp.components import majin
    from pnp.shapes import Circle

    tiles = majin.tile_pieces(majin.load_cards(None, "ja"), "ja")
    circles = [s for piece in tiles for s in piece.front(3.0)
               if isinstance(s, Circle) and abs(s.r - 4.8) < 0.01]
    assert circles
    assert all(c.cx - c.r >= SAFE_ZONE - 1e-6 and c.cy - c.r >= SAFE_ZONE - 1e-6
               for c in circles)
