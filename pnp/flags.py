"""The command-line options every printed file takes, shared by ``pnp build`` and
``pnp deck``, and how they become :class:`~pnp.build.Options`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from companion.errors import InputError
from companion.shell import LazyPath
from pnp.settings import (
    CONDITION_NAMES,
    DUPLEX,
    LANGS,
    PAPER_NAMES,
    PDFX_NAMES,
    SHOP_NAMES,
    TILE_SHAPES,
)

if TYPE_CHECKING:
    from pnp.build import Options

__all__ = ["DUPLEX", "build_options", "lang_option", "make_options", "out_dir_option",
           "page_numbers", "paper_option", "print_options"]


def paper_option(function):
    return click.option("--paper", default="a4", show_default=True,
                        type=click.Choice(list(PAPER_NAMES), case_sensitive=False),
                        help="The paper printed on: A4, or US Letter.")(function)


def lang_option(function):
    return click.option("--lang", default="ja", show_default=True, type=click.Choice(LANGS),
                        help="Language of the printed words.")(function)


def out_dir_option(function):
    return click.option("--out", "out_dir", default="output", show_default=True,
                        type=LazyPath(file_okay=False), help="Folder for the PDFs.")(function)


def print_options(function, *, bleed: float | None = 3.0):
    """The options every printed file takes (paper, duplex, marks, …)."""
    options = [
        paper_option,
        lang_option,
        out_dir_option,
        click.option("--copies", default=1, show_default=True, type=int,
                     help="Copies of every piece (or page, for sheets)."),
        click.option("--ink-saver", is_flag=True, help="Greyscale with pale fills."),
        click.option("--duplex", default="long", show_default=True, type=click.Choice(DUPLEX),
                     help="How backs are placed: flip on the long or short edge, or none "
                          "(backs on their own pages)."),
        click.option("--back-offset", default="0,0", metavar="DX,DY",
                     help="Shift the backs by this many mm (see pnp calibrate)."),
        click.option("--printer", metavar="NAME",
                     help="Use the back offset saved for this printer (pnp calibrate "
                          "--printer NAME --save DX,DY), for the paper and flip edge used."),
        click.option("--bleed", default=bleed, show_default=bleed is not None, type=float,
                     help="Art beyond the cut line, in mm (0 allowed)."
                     + ("" if bleed is not None else " Default: the deck file's.")),
        click.option("--gutter", default=0.0, show_default=True, type=float,
                     help="Space between pieces in mm (0: shared cut lines)."),
        click.option("--cut-guides", is_flag=True, help="Full-length dashed cut lines."),
        click.option("--fold", is_flag=True,
                     help="Fold-and-glue: fronts and backs on one page with a fold line."),
        click.option("--one-up", is_flag=True,
                     help="Print-shop output: one piece per page, trim + bleed, with "
                          "TrimBox and BleedBox."),
        click.option("--font", type=click.Path(dir_okay=False),
                     help="A TrueType font to embed (default: IPAex Gothic if installed)."),
        click.option("--pages", "page_list", metavar="LIST",
                     help="Only these pages of each file, like 1,3-4."),
        *press_options,
    ]
    for option in reversed(options):
        function = option(function)
    return function


press_options = [
    click.option("--for", "target", type=click.Choice([*SHOP_NAMES, "tts"]),
                 help="A print shop's form (implies --press): japan (one face a PDF with "
                      "トンボ and a JPEG proof), drivethrucards, printninja, gamecrafter (PNG "
                      "per face); tts: Tabletop Simulator pictures (pnp deck). See "
                      "docs/print-shops.md."),
    click.option("--press", is_flag=True,
                 help="A print-shop file: one piece a page, CMYK, PDF/X, checked before "
                      "it is written."),
    click.option("--condition", type=click.Choice(CONDITION_NAMES),
                 help="The printing condition colours are separated for (default "
                      "japan-color-2001-coated, or the shop's)."),
    click.option("--pdfx", type=click.Choice(PDFX_NAMES),
                 help="PDF/X-4, PDF/X-1a:2001 or PDF/X-1a:2003 (default: X-4 where the "
                      "condition's profile is at hand, else X-1a:2001)."),
    click.option("--icc", type=click.Path(dir_okay=False),
                 help="The CMYK output profile to separate with and embed (the shop's)."),
    click.option("--ink-limit", type=click.FloatRange(100, 400),
                 help="Total ink, in % (default 300, or the shop's)."),
    click.option("--safe", type=click.FloatRange(0, 10),
                 help="mm inside the trim kept clear of text (default 3, or the shop's)."),
    click.option("--rich-black", metavar="C,M,Y,K",
                 help="The inks of large black areas, in % (default 30,15,15,100); text "
                      "and lines stay black ink alone."),
]


def game_options(function):
    """The options that belong to one game."""
    for option in reversed([
        click.option("--square", type=float, help="Dark Hall: board square size in mm."),
        click.option("--map", "map_file", help="Roguelight: a map for the sheet "
                     "(basic, advanced or a map file)."),
        click.option("--board", "board_file", help="Rakugaaki: print one board "
                     "(standard-34, standard-56 or a board file)."),
        click.option("--cell", type=float, help="Rakugaaki: hex cell size across flats, "
                     "18-40 mm (default 26)."),
        click.option("--tile-shape", type=click.Choice(TILE_SHAPES),
                     help="Rakugaaki: hex tiles (default) or squares with shared straight "
                          "cuts."),
        click.option("--tables", "tables_dir", help="JongRogue: a folder of tables "
                     "replacing the shipped ones (the cards and sheets print them)."),
        click.option("--no-flowers", is_flag=True, default=None,
                     help="JongRogue: the deck without the 8 flower and season spares."),
        click.option("--card", metavar="SIZE", help="JongRogue: the card size — meishi, "
                     "us-business, tile (the compact 27 × 36 mm deck, no meaning band) or "
                     "WxH in mm (default: meishi on A4, us-business on Letter); the maps "
                     "are made for it."),
        click.option("--cards", "cards_dir", metavar="DIR",
                     help="魔人 dungeon: a folder of card files (CSV) to print instead of "
                          "the sample set."),
    ]):
        function = option(function)
    return function


def build_options(function):
    """The print options, and the games' own."""
    return print_options(game_options(function))


def make_options(paper: str, lang: str, copies: int, ink_saver: bool, duplex: str,
                 back_offset: str, bleed: float, gutter: float, cut_guides: bool, fold: bool,
                 one_up: bool, font: str | None, page_list: str | None,
                 square: float | None = None, map_file: str | None = None,
                 board_file: str | None = None, cell: float | None = None,
                 tile_shape: str | None = None, tables_dir: str | None = None,
                 no_flowers: bool | None = None, card: str | None = None,
                 cards_dir: str | None = None, printer: str | None = None,
                 target: str | None = None, press: bool = False,
                 condition: str | None = None, pdfx: str | None = None,
                 icc: str | None = None, ink_limit: float | None = None,
                 safe: float | None = None, rich_black: str | None = None) -> Options:
    from pnp.build import Options

    dx, dy = offset_pair(back_offset, "--back-offset")
    made = press_of(target, press, condition, pdfx, icc, ink_limit, safe,
                    inks_of(rich_black) if rich_black is not None else None)
    shop = target if target not in (None, "tts") else None
    if made is not None or shop is not None:
        from pnp.press.shops import SHOPS

        one_up = True
        bleed = max(bleed, SHOPS[shop].bleed if shop else made.bleed)
    if printer is not None:
        if (dx, dy) != (0.0, 0.0):
            raise InputError("give --printer or --back-offset, not both")
        if duplex != "none":  # backs on their own pages take no offset
            from pnp import printers

            dx, dy = printers.offset_for(printer, paper.lower(), duplex)
    return Options(paper.lower(), lang, copies, ink_saver, duplex, bleed, gutter, (dx, dy),
                   cut_guides, fold, one_up, font, square, map_file, board_file, cell,
                   tile_shape, tables_dir, no_flowers or None, card, cards_dir,
                   page_numbers(page_list), made, shop)


def inks_of(text: str) -> tuple[float, float, float, float]:
    """``30,15,15,100`` → (0.3, 0.15, 0.15, 1.0): four percentages of ink."""
    try:
        inks = tuple(float(v) / 100 for v in text.split(","))
    except ValueError:
        inks = ()
    if len(inks) != 4 or not all(0 <= v <= 1 for v in inks):
        raise InputError(f"--rich-black {text!r}: four percentages C,M,Y,K from 0 to 100, "
                         "like 30,15,15,100")
    return inks  # type: ignore[return-value]


def press_of(target: str | None, press: bool, condition: str | None, pdfx: str | None,
             icc: str | None, ink_limit: float | None, safe: float | None,
             rich_black: tuple[float, float, float, float] | None = None):
    """The press settings the options ask for: a shop's, changed by what is given, or
    --press's own; None for a build for home printing."""
    from dataclasses import replace

    from pnp.press import Press

    given = {k: v for k, v in (("condition", condition), ("pdfx", pdfx), ("icc", icc),
                               ("ink_limit", ink_limit), ("safe", safe),
                               ("rich_black", rich_black)) if v is not None}
    if target not in (None, "tts"):
        from pnp.press.shops import SHOPS

        shop = SHOPS[target]
        if shop.press is None:
            if given or press:
                named = next(iter(given), "press").replace("_", "-")
                raise InputError(f"--for {target} makes RGB pictures: --{named} does not "
                                 "apply")
            return None
        return replace(shop.press, **given)
    if given and not press:
        raise InputError(f"--{next(iter(given)).replace('_', '-')} is for print-shop files: "
                         "give --press (or --for SHOP) with it")
    return replace(Press(), **given) if press else None


def offset_pair(text: str, option: str) -> tuple[float, float]:
    """``0.5,-1`` → (0.5, -1.0): two numbers in mm (their range is checked by the user)."""
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise InputError(f"{option} {text!r}: two numbers in mm, like 0.5,-1") from None
    return dx, dy


def page_numbers(text: str | None, what: str = "--pages") -> tuple[int, ...]:
    """``1,3-4`` → (1, 3, 4)."""
    if text is None:
        return ()
    numbers: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last or first)
        except ValueError:
            raise InputError(f"{what} {text!r}: page or row numbers like 1,3-4") from None
        if not 1 <= low <= high <= 99999:
            raise InputError(f"{what} {text!r}: {part.strip()} is not a range within 1–99999")
        numbers += range(low, high + 1)
    return tuple(numbers)
