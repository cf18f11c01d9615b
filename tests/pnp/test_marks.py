"""Every piece can be cut out as printed: each edge of every piece lies on a cut
line with a crop mark at both of its ends, in every component and mode."""

from __future__ import annotations

import pdfplumber
import pytest

from pnp.build import Options, context
from pnp.catalog import GAMES
from pnp.impose import GUIDE_STYLE, MARK_STYLE
from pnp.shapes import Line

PT = 72 / 25.4
MODES = {
    "a4": {}, "letter": {"paper": "letter"}, "fold": {"fold": True},
    "short": {"duplex": "short"}, "none": {"duplex": "none"}, "gutter": {"gutter": 3.0},
    "no-bleed": {"bleed": 0.0}, "copies": {"copies": 3},
}
TOLERANCE = 0.05


def _imposed():
    return [(g.name, c.name) for g in GAMES.values() for c in g.components.values()
            if not c.sheet]


def _marks(page) -> list[Line]:
    """Crop marks, and the full-length cut guides drawn where no mark has room
    (poker cards three across with a gutter): a guide marks both ends of its line."""
    return [s for s in page.shapes if isinstance(s, Line) and s.style in (MARK_STYLE,
                                                                          GUIDE_STYLE)]


def missing_marks(trims, marks) -> list[str]:
    """Each edge of each trim box that lacks a mark beyond either end of its line."""
    vertical = [(m.x1, min(m.y1, m.y2), max(m.y1, m.y2)) for m in marks if m.x1 == m.x2]
    horizontal = [(m.y1, min(m.x1, m.x2), max(m.x1, m.x2)) for m in marks if m.y1 == m.y2]
    problems = []
    for x, y, w, h in trims:
        problems += _unmarked(vertical, (x, x + w), y, y + h, "x")
        problems += _unmarked(horizontal, (y, y + h), x, x + w, "y")
    return problems


def _unmarked(marks, edges, low: float, high: float, axis: str) -> list[str]:
    """The ends of the cut lines at ``edges`` (running from low to high) without a
    mark beyond them."""
    problems = []
    for edge in edges:
        on_line = [(a, b) for at, a, b in marks if abs(at - edge) < TOLERANCE]
        across = any(a <= low + TOLERANCE and b >= high - TOLERANCE for a, b in on_line)
        if not across and not any(b <= low + TOLERANCE for a, b in on_line):
            problems.append(f"{axis}={edge:.1f}: no mark before {low:.1f}")
        if not across and not any(a >= high - TOLERANCE for a, b in on_line):
            problems.append(f"{axis}={edge:.1f}: no mark after {high:.1f}")
    return problems


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize(("game", "component"), _imposed())
def test_every_edge_of_every_piece_has_marks_at_both_ends(game, component, mode):
    ctx = context(Options(**MODES[mode]))
    pages = GAMES[game].components[component].pages(ctx)
    cut = [page for page in pages if page.trims and not page.label.endswith("(back)")]
    assert cut, "pages with pieces to cut"
    for page in cut:
        assert missing_marks(page.trims, _marks(page)) == [], page.label


@pytest.mark.parametrize("square", [10.0, 25.0, 50.0, 60.0])
def test_the_packed_pieces_build_with_marks_for_every_square_size(square):
    pages = GAMES["darkhall"].components["pieces"].pages(context(Options(square=square)))
    for page in pages:
        if not page.label.endswith("(back)"):
            assert missing_marks(page.trims, _marks(page)) == [], (square, page.label)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_sheets_carry_marks_on_all_four_sides_in_the_pdf(built, paper):
    with pdfplumber.open(built("darkhall", "tokens", paper=paper)) as pdf:
        page = pdf.pages[0]
        marks = [ln for ln in page.lines
                 if abs(ln["linewidth"] - MARK_STYLE.width * PT) < 0.01]
    vertical = [ln for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01]
    horizontal = [ln for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01]
    assert vertical and horizontal
    middle_x = sum(ln["x0"] for ln in vertical) / len(vertical)
    middle_y = sum(ln["top"] for ln in horizontal) / len(horizontal)
    assert {ln["x0"] < middle_x for ln in horizontal} == {True, False}  # left and right
    assert {ln["top"] < middle_y for ln in vertical} == {True, False}  # above and below
    rows = {round(ln["top"], 1) for ln in horizontal}
    assert len(rows) >= 3  # two rows of tokens: three cut lines across


@pytest.mark.parametrize(("game", "component"), [("darkhall", "pieces"),
                                                 ("majin-dungeon", "pieces"),
                                                 ("rakugaaki", "tiles")])
def test_cut_guides_never_cross_a_piece(game: str, component: str) -> None:
    """--cut-guides run across the sheet on every cut line but stop at any piece they
    would cross (the rules card beside the tokens) and above the footer."""
    from pnp.catalog import find
    from pnp.impose import EPSILON

    ctx = context(Options(cut_guides=True))
    _game, found = find(game, component)
    seen = 0
    for page in found.pages(ctx):
        guides = [s for s in page.shapes if isinstance(s, Line) and s.style == GUIDE_STYLE]
        seen += len(guides)
        for line in guides:
            for x, y, w, h in page.trims:
                if line.x1 == line.x2:
                    crosses = x + EPSILON < line.x1 < x + w - EPSILON and \
                        min(line.y2, line.y1) < y + h - EPSILON and max(line.y1, line.y2) > y
                else:
                    crosses = y + EPSILON < line.y1 < y + h - EPSILON and \
                        min(line.x1, line.x2) < x + w - EPSILON and max(line.x1, line.x2) > x
                assert not crosses, (page.label, line, (x, y, w, h))
    assert seen  # the fronts carry them


@pytest.mark.parametrize(("game", "component"), [("darkhall", "tokens"),
                                                 ("majin-dungeon", "dungeon")])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_of_different_colours_never_share_a_cut_line(game, component, paper) -> None:
    """Token colours, tiles by floor: a gutter with bleed on both sides between every
    two pieces, so a slight miscut never shows a neighbour's colour."""
    from pnp.catalog import find
    from pnp.pack import COLOUR_GUTTER

    _game, found = find(game, component)
    for page in found.pages(context(Options(paper=paper))):
        trims = page.trims or []
        for i, (ax, ay, aw, ah) in enumerate(trims):
            for bx, by, bw, bh in trims[i + 1:]:
                apart_x = max(bx - (ax + aw), ax - (bx + bw))
                apart_y = max(by - (ay + ah), ay - (by + bh))
                assert max(apart_x, apart_y) >= COLOUR_GUTTER - 1e-6, (page.label, i)
