"""Building components into PDFs (and one item into an SVG preview).

A :class:`Component` turns a :class:`Context` (paper, language, font, flags)
into pages; :func:`document` wraps them with metadata; :func:`build` writes
each PDF atomically. The catalogue of games and components is in
:mod:`pnp.catalog`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import InputError
from companion.files import write_atomic
from pnp.fonts import FontChoice, choose_font, string_width
from pnp.impose import Piece, SheetOptions, impose, one_up, sheets
from pnp.paper import Paper, paper, usable
from pnp.render_pdf import render_pdf
from pnp.shapes import Document, Group, Page

LANGS = ("ja", "en")
DUPLEX = ("long", "short", "none")


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    lang: str = "ja"
    copies: int = 1
    ink_saver: bool = False
    duplex: str = "long"
    bleed: float = 3.0
    gutter: float = 0.0
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_guides: bool = False
    fold: bool = False
    one_up: bool = False  # print-shop output: one piece a page, TrimBox and BleedBox
    font: str | None = None
    square: float | None = None  # Dark Hall board square size (mm)
    map: str | None = None  # Roguelight map file for the sheet

    def check(self) -> None:
        paper(self.paper)
        if self.lang not in LANGS:
            raise InputError(f"language {self.lang!r}; choose {' or '.join(LANGS)}")
        if self.duplex not in DUPLEX:
            raise InputError(f"duplex {self.duplex!r}; choose {', '.join(DUPLEX)}")
        if not 1 <= self.copies <= 50:
            raise InputError(f"{self.copies} copies; 1 to 50")
        if not 0 <= self.bleed <= 6:
            raise InputError(f"bleed {self.bleed} mm; 0 to 6")
        if self.square is not None and not 10 <= self.square <= 60:
            raise InputError(f"square {self.square} mm; 10 to 60")


@dataclass
class Context:
    options: Options
    font: FontChoice
    paper: Paper
    notices: list[str] = field(default_factory=list)

    def measure(self, text: str, size: float) -> float:
        return string_width(text, self.font, size)

    def page_size(self, landscape: bool) -> tuple[float, float]:
        return self.paper.oriented(landscape)

    def sheet_options(self) -> SheetOptions:
        o = self.options
        return SheetOptions(o.duplex, o.back_offset, o.cut_guides, o.fold)

    def impose(self, pieces: list[Piece], size: tuple[float, float], label: str,
               landscape: bool = False) -> list[Page]:
        """Pieces (× copies) on as many pages as they need, with marks and backs."""
        if self.options.one_up:
            return one_up(pieces * self.options.copies, size, self.options.bleed, label)
        w, h = self.page_size(landscape)
        layout = impose(w, h, *size, gutter=self.options.gutter, bleed=self.options.bleed)
        return sheets(pieces * self.options.copies, layout, self.sheet_options(), label)

    def centred(self, shapes: list, size: tuple[float, float], label: str,
                landscape: bool = False) -> Page:
        """One drawing in the middle of a page's usable area."""
        w, h = self.page_size(landscape)
        x, y, uw, uh = usable(w, h)
        dx, dy = x + (uw - size[0]) / 2, y + (uh - size[1]) / 2
        return Page(w, h, [Group(tuple(shapes), dx=dx, dy=dy)], label=label)


Pages = Callable[[Context], list[Page]]
Preview = Callable[[Context], tuple[float, float, list]]


@dataclass(frozen=True)
class Component:
    name: str
    summary: str
    pages: Pages
    preview: Preview
    sheet: bool = False  # whole-page sheets: --copies repeats pages, not pieces


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    components: dict[str, Component]


def context(options: Options) -> Context:
    options.check()
    font = choose_font(options.font)
    ctx = Context(options, font, paper(options.paper))
    if font.notice:
        ctx.notices.append(font.notice)
    return ctx


def document(game: Game, component: Component, ctx: Context) -> Document:
    pages = component.pages(ctx)
    if ctx.options.copies > 1 and component.sheet:
        pages = [page for page in pages for _ in range(ctx.options.copies)]
    return Document(
        game=game.title, component=component.name,
        title=f"{game.title} — {component.name}",
        subject=component.summary,
        keywords=("pnp-companion", game.name, component.name, ctx.options.paper,
                  ctx.options.lang),
        pages=pages,
    )


def output_path(out_dir: Path, game: Game, component: Component, options: Options) -> Path:
    parts = [game.name, component.name]
    if options.paper != "a4":
        parts.append(options.paper)
    if options.lang != "ja":
        parts.append(options.lang)
    return out_dir / ("-".join(parts) + ".pdf")


def build_one(game: Game, component: Component, ctx: Context, out_dir: Path) -> Path:
    doc = document(game, component, ctx)
    missing: set[str] = set()
    data = render_pdf(doc, ctx.font, lang=ctx.options.lang, ink_saver=ctx.options.ink_saver,
                      missing=missing)
    if missing:
        ctx.notices.append(f"{game.name} {component.name}: the font has no glyph for "
                           + " ".join(sorted(missing)))
    path = output_path(out_dir, game, component, ctx.options)
    write_atomic(path, data)
    return path
