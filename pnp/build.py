"""Building components into PDFs (and one item into an SVG preview).

A :class:`Component` turns a :class:`Context` (paper, language, font, flags)
into pages; :func:`document` wraps them with metadata; :func:`build` writes
each PDF atomically. The catalogue of games and components is in
:mod:`pnp.catalog`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from math import isfinite
from pathlib import Path
from typing import TYPE_CHECKING

from companion import lazy
from companion.errors import InputError
from pnp.settings import DUPLEX, GAME_OPTIONS, LANGS, TILE_SHAPES

if TYPE_CHECKING:
    from pnp.fonts import FontChoice
    from pnp.guide import Built
    from pnp.impose import Piece
    from pnp.pack import Lot
    from pnp.paper import Paper
    from pnp.press import Press, Presswork
    from pnp.shapes import Document, Page

# The machinery of a build loads when one runs ('pnp list' only reads the catalogue).
fonts = lazy.module("pnp.fonts")
guide = lazy.module("pnp.guide")
imposition = lazy.module("pnp.impose")
packing = lazy.module("pnp.pack")
papers = lazy.module("pnp.paper")
shapes = lazy.module("pnp.shapes")


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
    board: str | None = None  # Rakugaaki: one board (a shipped name or a board file)
    cell: float | None = None  # Rakugaaki: hex cell size across flats (mm)
    tile_shape: str | None = None  # Rakugaaki: "hex" (default) or "square" tiles
    tables: str | None = None  # JongRogue: a folder of tables replacing the shipped ones
    no_flowers: bool | None = None  # JongRogue: the deck without the 8 spares (136 cards)
    card: str | None = None  # JongRogue: the card size, a name or WxH mm (default by paper)
    cards: str | None = None  # 魔人: a card folder (default: the shipped sample set)

    pages: tuple[int, ...] = ()  # pick these pages (1-based) of each file; () for all
    press: Press | None = None  # print-shop output: CMYK, PDF/X, preflight
    shop: str | None = None  # the shop's form (--for SHOP), with its press settings

    def check(self) -> None:
        papers.paper(self.paper)
        if self.lang not in LANGS:
            raise InputError(f"language {self.lang!r}; choose {' or '.join(LANGS)}")
        if self.duplex not in DUPLEX:
            raise InputError(f"duplex {self.duplex!r}; choose {', '.join(DUPLEX)}")
        if not 1 <= self.copies <= 50:
            raise InputError(f"--copies {self.copies}: 1 to 50")
        for name, value, low, high in (("--bleed", self.bleed, 0, 6),
                                       ("--gutter", self.gutter, 0, 20),
                                       ("--back-offset dx", self.back_offset[0], -10, 10),
                                       ("--back-offset dy", self.back_offset[1], -10, 10),
                                       ("--square", self.square, 10, 60),
                                       ("--cell", self.cell, 18, 40)):
            _within(name, value, low, high)
        if self.card is not None:
            for side in imposition.card_size(self.card):
                _within("--card", side, 20, 150)
        if self.tile_shape not in (None, *TILE_SHAPES):
            raise InputError(f"--tile-shape {self.tile_shape!r}; choose {' or '.join(TILE_SHAPES)}")
        self._check_combinations()

    def _check_combinations(self) -> None:
        """Options that would be silently ignored are refused."""
        if self.press is not None and (self.fold or self.ink_saver or self.copies != 1):
            raise InputError("print-shop files (--press, --for) are one face a page in "
                             "colour: --fold, --ink-saver and --copies do not apply")
        if self.fold and self.one_up:
            raise InputError("--fold and --one-up are two different outputs; choose one")
        if self.fold and self.duplex != "long":
            raise InputError("--fold puts the backs beside the fronts: --duplex does not apply")
        if self.back_offset != (0.0, 0.0) and (self.fold or self.one_up or self.duplex == "none"):
            raise InputError("--back-offset shifts duplex backs: it does not apply with "
                             "--fold, --one-up or --duplex none")
        if self.one_up and (self.gutter or self.cut_guides):
            raise InputError("--one-up prints one piece a page: --gutter and --cut-guides "
                             "do not apply")

    def variant(self) -> list[str]:
        """What sets this build apart from the defaults, for its file name."""
        parts = [] if self.paper == "a4" else [self.paper]
        parts += [] if self.lang == "ja" else [self.lang]
        parts += [f"square{self.square:g}"] if self.square is not None else []
        parts += [f"map-{_stem(self.map)}"] if self.map is not None else []
        parts += [f"board-{_stem(self.board)}"] if self.board is not None else []
        parts += [f"cell{self.cell:g}"] if self.cell is not None else []
        parts += [f"{self.tile_shape}-tiles"] if self.tile_shape is not None else []
        parts += [f"tables-{_stem(self.tables)}"] if self.tables is not None else []
        parts += ["no-flowers"] if self.no_flowers else []
        parts += [f"card-{_stem(self.card)}"] if self.card is not None else []
        parts += [f"cards-{_stem(self.cards)}"] if self.cards is not None else []
        parts += [self.shop] if self.shop else ["press"] if self.press else []
        shop_made = self.shop is not None or self.press is not None
        flags = (("one-up", self.one_up and not shop_made), ("fold", self.fold),
                 ("ink-saver", self.ink_saver),
                 ("cut-guides", self.cut_guides), (f"duplex-{self.duplex}",
                                                   self.duplex != "long"),
                 (f"bleed{self.bleed:g}", self.bleed != 3.0 and not shop_made),
                 (f"gutter{self.gutter:g}", self.gutter != 0.0),
                 (f"x{self.copies}", self.copies != 1),
                 ("offset{:g},{:g}".format(*self.back_offset), self.back_offset != (0.0, 0.0)),
                 ("pages" + "_".join(map(str, self.pages)), bool(self.pages)))
        return parts + [name for name, on in flags if on]


def _within(name: str, value: float | None, low: float, high: float) -> None:
    if value is not None and not (isfinite(value) and low <= value <= high):
        raise InputError(f"{name} {value:g}: a number of mm from {low:g} to {high:g}")


def _stem(source: str) -> str:
    stem = Path(source).stem
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in stem) or "map"


@dataclass
class Context:
    options: Options
    font: FontChoice
    paper: Paper
    notices: list[str] = field(default_factory=list)
    presswork: Presswork | None = None  # print-shop output: the separation, made once

    def measure(self, text: str, size: float) -> float:
        return fonts.string_width(text, self.font, size)

    def page_size(self, landscape: bool) -> tuple[float, float]:
        return self.paper.oriented(landscape)

    def sheet_options(self) -> imposition.SheetOptions:
        o = self.options
        return imposition.SheetOptions(o.duplex, o.back_offset, o.cut_guides, o.fold)

    def impose(self, pieces: list[Piece], size: tuple[float, float], label: str,
               landscape: bool = False) -> list[Page]:
        """Pieces (× copies) on as many pages as they need, with marks and backs."""
        o = self.options
        if o.one_up:
            return imposition.one_up(pieces * o.copies, size, o.bleed, label)
        w, h = self.page_size(landscape)
        layout = imposition.impose(w, h, *size, gutter=packing.lot_gutter(pieces, o.gutter),
                                   bleed=o.bleed)
        return imposition.sheets(pieces * o.copies, layout, self.sheet_options(), label)

    def pack(self, lots: list[Lot], label: str) -> list[Page]:
        """Lots of pieces (× copies) sharing as few sheets as they can."""
        o = self.options
        lots = [packing.Lot(lot.pieces * o.copies, lot.size) for lot in lots]
        if o.one_up:
            return [page for lot in lots
                    for page in imposition.one_up(list(lot.pieces), lot.size, o.bleed, label)]
        w, h = self.page_size(landscape=False)
        packer = packing.pack_folded if o.fold else packing.pack
        spreads = packer(lots, w, h, bleed=o.bleed, gutter=o.gutter)
        return imposition.spread_pages(spreads, self.sheet_options(), label)

    def centred(self, drawing: list, size: tuple[float, float], label: str,
                landscape: bool = False) -> Page:
        """One drawing in the middle of a page's usable area (out to the 6 mm edges, the
        footer up the sides, where it needs them: ``impose.whole_page``)."""
        w, h = self.page_size(landscape)
        found = imposition.whole_page(*size, w, h)
        if found is None:  # larger than the page: centred all the same
            x, y, uw, uh = papers.usable(w, h)
            found = x + (uw - size[0]) / 2, y + (uh - size[1]) / 2, None
        dx, dy, margins = found
        return shapes.Page(w, h, [shapes.Group(tuple(drawing), dx=dx, dy=dy)], label=label,
                           margins=margins)

    def back_to_back(self, front: list, back: list, size: tuple[float, float],
                     label: str) -> list[Page]:
        """A piece as large as a page, cut once: its front in the middle of a page and
        its back where the flip puts it on the next (drawn as seen once turned over)."""
        page = self.centred(front, size, label)
        (placed,) = page.shapes
        x, y, turned = imposition.behind((placed.dx, placed.dy, *size), page.width,
                                         page.height, self.options.duplex,
                                         self.options.back_offset)
        w, h = size
        art = shapes.Group(tuple(back), dx=x + w, dy=y + h, rotate=180) if turned \
            else shapes.Group(tuple(back), dx=x, dy=y)
        return [page, replace(page, shapes=[art], label=f"{label} (back)")]

    def back_to_back_pages(self, pages: list[Page]) -> list[Page]:
        """Whole sheets printed on both sides: every second page on the back of the one
        before — unless --duplex none or --fold (a printer of one side), or an odd count
        would leave a front alone."""
        if self.options.duplex == "none" or self.options.fold or len(pages) % 2:
            return pages
        return [replace(page, label=f"{page.label} (back)") if index % 2 else page
                for index, page in enumerate(pages)]


Pages = Callable[[Context], list["Page"]]
Preview = Callable[[Context], tuple[float, float, list]]


@dataclass(frozen=True)
class Component:
    name: str
    summary: str
    pages: Pages
    preview: Preview
    sheet: bool = False  # whole-page sheets: --copies repeats pages, not pieces
    in_set: bool = True  # built with the game; False: only when named (a replacement)
    stock: str = "card"  # what to print it on: "card" (card stock) or "paper"
    making: str = "cut on the crop marks"  # what to do with it once printed


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    components: dict[str, Component]
    options: frozenset[str] = frozenset()  # the game's own options: "square", "map", …
    #: Reads the files the game's options name, so a bad one stops the build before it starts.
    validate: Callable[[Options], object] | None = None
    notice: str = ""  # a licence notice for the PDF's subject (the game's own terms)
    needs: str = ""  # what else the table needs that is not printed (dice, counters…)

    def check(self, options: Options) -> None:
        for name, flag in GAME_OPTIONS.items():
            if getattr(options, name) is not None and name not in self.options:
                raise InputError(f"{flag} does not apply to {self.name}")
        if self.validate is not None:
            self.validate(options)


def context(options: Options) -> Context:
    options.check()
    font = fonts.choose_font(options.font)
    ctx = Context(options, font, papers.paper(options.paper))
    if font.notice:
        ctx.notices.append(font.notice)
    if options.press is not None:
        from pnp.press import Presswork

        if not font.embedded:
            raise InputError("a print file embeds its font, and no TrueType Japanese font "
                             "was found: install one (fonts-ipaexfont-gothic) or give --font")
        ctx.presswork = Presswork(options.press)
        ctx.presswork.separation  # noqa: B018 (a profile that cannot be used stops the build now)
    return ctx


def document(game: Game, component: Component, ctx: Context) -> Document:
    pages = component.pages(ctx)
    if ctx.options.copies > 1 and component.sheet:
        pages = copied(pages, ctx.options.copies)
    pages, numbers, count = picked(pages, ctx.options.pages, f"{game.name} {component.name}")
    return shapes.Document(
        game=game.title, component=component.name,
        title=f"{game.title} — {component.name}",
        subject=component.summary + (f" — {game.notice}" if game.notice else ""),
        keywords=("pnp-companion", game.name, component.name, ctx.options.paper,
                  ctx.options.lang),
        pages=pages, numbers=numbers, page_count=count,
        flip=two_sided(pages, ctx.options.duplex),
    )


def copied(pages: list[Page], copies: int) -> list[Page]:
    """Each sheet ``copies`` times over: a page, or a front with the back after it, so
    a two-sided sheet stays a front and its back."""
    sheets: list[list[Page]] = []
    for page in pages:
        if page.label.endswith("(back)") and sheets:
            sheets[-1].append(page)
        else:
            sheets.append([page])
    return [page for sheet in sheets for _ in range(copies) for page in sheet]


def two_sided(pages: list[Page], duplex: str) -> str | None:
    """The edge a two-sided file's sheets turn on (backs interleaved with fronts)."""
    if duplex in ("long", "short") and any(p.label.endswith("(back)") for p in pages):
        return duplex
    return None


def picked(pages: list[Page], wanted: tuple[int, ...], what: str
           ) -> tuple[list[Page], list[int], int]:
    """The pages ``--pages`` asks for (all for ``()``), their numbers, and the count."""
    count = len(pages)
    if not wanted:
        return pages, list(range(1, count + 1)), count
    beyond = [n for n in wanted if not 1 <= n <= count]
    if beyond:
        raise InputError(f"--pages {beyond[0]}: {what} has {count} page"
                         f"{'s' if count != 1 else ''}")
    numbers = sorted(set(wanted))
    return [pages[n - 1] for n in numbers], numbers, count


def output_path(out_dir: Path, game: Game, component: Component, options: Options) -> Path:
    return out_dir / ("-".join([game.name, component.name, *options.variant()]) + ".pdf")


def build_one(game: Game, component: Component, ctx: Context, out_dir: Path) -> Path:
    return build_file(game, component, ctx, out_dir).path


class NothingToPrint(InputError):
    """A component with nothing in it (a card folder without bosses, say): no file is
    written; a game's whole set goes on without it."""


class NotForPress(NothingToPrint):
    """Whole sheets (a play sheet, a board) asked for as print-shop files: a print shop
    cuts pieces; a game's whole set goes on without them."""


def build_file(game: Game, component: Component, ctx: Context, out_dir: Path) -> Built:
    """Build one component into its PDF (or a shop's files); what was written, for
    the guide."""
    doc = document(game, component, ctx)
    if not doc.pages:
        raise NothingToPrint(f"{game.name} {component.name}: nothing to print")
    path = output_path(out_dir, game, component, ctx.options)
    files = print_files(doc, ctx, path, f"{game.name} {component.name}")
    from companion.files import write_together

    write_together(list(files.items()))
    o = ctx.options
    return guide.built(next(iter(files)), doc, component.stock, component.making,
                       duplex=o.duplex, fold=o.fold and not component.sheet,  # sheets: no fold
                       one_up=o.one_up, files=list(files),
                       shop=destination(o))


def destination(options: Options) -> str | None:
    """Who the files are for, in the guide: the shop, a print shop (--press), or None
    for a home printer."""
    if options.shop is not None:
        from pnp.press.shops import SHOPS

        return SHOPS[options.shop].name
    if options.press is not None:
        from pnp.press.pdfx import VERSIONS
        from pnp.press.separation import CONDITIONS

        press = options.press
        return (f"a print shop ({VERSIONS[press.version]}, "
                f"{CONDITIONS[press.condition].name})")
    return None


def print_files(doc: Document, ctx: Context, path: Path, what: str) -> dict[Path, bytes]:
    """The files of one document, by path: its PDF (a checked PDF/X one for --press),
    or the shop's files for --for SHOP, beside ``path``."""
    from pnp.fonts import refuse_missing
    from pnp.render_pdf import render_pdf  # the PDF stack, only for builds

    o = ctx.options
    if (o.shop is not None or ctx.presswork is not None) and any(
            page.trim is None for page in doc.pages):
        raise NotForPress(f"{what}: whole sheets for a home or copy-shop printer, not pieces "
                          f"a print shop cuts; build them without --{'for' if o.shop else 'press'}")
    if o.shop is not None or ctx.presswork is not None:
        doc.flip = None  # one face a page: no sheet is turned over
    separation = ctx.presswork.separation if ctx.presswork else None

    def render(document: Document) -> bytes:
        missing: dict[str, str] = {}
        data = render_pdf(document, ctx.font, lang=o.lang, ink_saver=o.ink_saver,
                          missing=missing, press=separation)
        refuse_missing(missing, what)
        return data

    if o.shop is not None:
        from pnp.press.shops import SHOPS, shop_files

        finish = ctx.presswork.finish if ctx.presswork else None
        shop = SHOPS[o.shop]
        made = shop_files(shop, doc, path.stem, render, finish)
        if shop.note and shop.note not in ctx.notices:
            ctx.notices.append(shop.note)
        return {path.parent / name: data for name, data in made.items()}
    data = render(doc)
    if ctx.presswork is not None:
        data = ctx.presswork.finish(data, doc.title, str(path),
                                    [page.label for page in doc.pages])
    return {path: data}
