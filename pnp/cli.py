"""The ``pnp`` command: print games as PDFs (and preview one item as SVG)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from companion import i18n
from companion.errors import InputError
from companion.shell import LazyGroup, LazyPath
from pnp import __version__
from pnp.flags import (
    build_options,
    game_options,
    lang_option,
    make_options,
    out_dir_option,
    paper_option,
)
from pnp.settings import DUPLEX, GAME_OPTIONS, LANGS, PAPER_NAMES

if TYPE_CHECKING:
    from pnp.build import Options


class PnpGroup(LazyGroup):
    """'pnp deck' (and its template engine) loads only when it is the command run."""

    lazy = {"deck": ("pnp.deck.command:deck_command",  # noqa: RUF012 (read only)
                     "Print a deck of cards from a deck file (size, data, layers)."),
            "check": ("pnp.press.command:check_command",
                      "Check a PDF as a print shop would (bleed, safe zone, CMYK, ink, "
                      "dpi, fonts).")}

    def heading(self) -> str:
        return "Commands"  # pnp speaks English whatever the locale


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print tabletop games as print-ready PDFs: sheets, boards, tiles and cards.

    Everything is laid out in millimetres: print at 100 % (actual size).

    \b
    Examples:
      pnp list
      pnp build darkhall                  # every Dark Hall component into output/
      pnp build roguelight sheet --paper letter --lang en
      pnp build all --ink-saver
      pnp preview darkhall board -o board.svg
      pnp calibrate --duplex long         # measure your printer's back offset
    """
    i18n.use("en")  # pnp's own messages are English; --lang is the language printed



def _games() -> dict:
    """The games and their components (imported only by the commands that need them,
    so that 'pnp deck' does not load every game)."""
    from pnp.catalog import GAMES

    return GAMES


def find(game: str, component: str | None = None):
    from pnp.catalog import find as found

    return found(game, component)


@main.command("list")
def list_games() -> None:
    """Games, their components, and the build options.

    \b
    Examples:
      pnp list
      pnp build darkhall tokens           # a component named from the list
    """
    for game in _games().values():
        click.echo(f"{game.name} — {game.title}")
        for component in game.components.values():
            mark = "*" if component.in_set else " "
            click.echo(f" {mark}{component.name:<9} {component.summary}")
    click.echo(f"\nOptions: --paper {'|'.join(PAPER_NAMES)}  --lang {'|'.join(LANGS)}  "
               f"--duplex {'|'.join(DUPLEX)}  --bleed MM  --copies N  --ink-saver  "
               "--cut-guides  --fold  --one-up  --back-offset DX,DY  --printer NAME  "
               "--font PATH  --pages LIST\n"
               "Game options: --square MM (darkhall)  --map FILE (roguelight)  "
               "--board NAME|FILE  --cell MM  --tile-shape hex|square (rakugaaki)  "
               "--tables DIR  --no-flowers  --card SIZE (jongrogue)  --cards DIR "
               "(majin-dungeon)")
    click.echo("* built by 'pnp build GAME'; the others only when named.")
    click.echo("Your own cards from a spreadsheet: pnp deck DECK.toml (see docs/decks.md).")


def _complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    from click.shell_completion import CompletionItem

    games = _games()
    names = [*games, "all"] if param.name == "game" and ctx.command.name == "build" else games
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


def _complete_component(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    from click.shell_completion import CompletionItem

    game = _games().get(ctx.params.get("game") or "")
    named = set(ctx.params.get("components") or ())
    names = [n for n in (game.components if game else ()) if n not in named]
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


@main.command()
@click.argument("game", shell_complete=_complete_game)
@click.argument("components", nargs=-1, shell_complete=_complete_component)
@build_options
def build(game: str, components: tuple[str, ...], out_dir: Path, **flags) -> None:
    """Build GAME's COMPONENTS (the game's set by default) into PDFs; GAME may be 'all'.

    Games, components and sets: see 'pnp list'. Print the PDFs at 100 % (actual
    size); after the build a guide says how to print and cut each file.

    \b
    Examples:
      pnp build darkhall board tokens
      pnp build rakugaaki tiles --tile-shape square
      pnp build roguelight sheet --map my-map.toml --lang en
      pnp build darkhall tokens --duplex short --back-offset 0.5,-1
      pnp build darkhall tiles --one-up          # one piece a page
      pnp build darkhall pieces --press          # CMYK PDF/X, checked
      pnp build majin-dungeon cards --for drivethrucards
    """
    from pnp.build import NothingToPrint, build_file, context
    from pnp.guide import also_needed, guide

    if flags["target"] == "tts":
        raise InputError("--for tts makes Tabletop Simulator pictures of a deck: use it with "
                         "pnp deck")
    options = make_options(**flags)
    jobs = _jobs(game, components, options)
    ctx = context(options)
    written = []
    with click.progressbar(jobs, label="Building", file=sys.stderr,
                           item_show_func=lambda j: j and f"{j[0].name} {j[1].name}") as bar:
        for game_, component in bar:
            try:
                written.append(build_file(game_, component, ctx, out_dir))
            except NothingToPrint as err:
                if components:  # named: the user asked for it
                    raise
                ctx.notices.append(f"{err} (left out)")
    for item in written:
        click.echo(str(item.path))
    for line in guide(written, options.paper):
        click.echo(line, err=True)
    games = {game_.name: game_ for game_, _component in jobs}.values()
    for line in also_needed(games):
        click.echo(line, err=True)
    for notice in ctx.notices:
        click.echo(f"Note: {notice}", err=True)


def _jobs(game: str, components: tuple[str, ...], options: Options):
    """The (game, component) pairs to build: a game's set, or the components named."""
    if game == "all":
        if components:
            raise InputError("'pnp build all' takes no components")
        given = [flag for name, flag in GAME_OPTIONS.items()
                 if getattr(options, name) is not None]
        if given:
            raise InputError(f"{given[0]} belongs to one game: build that game on its own")
        return [(g, c) for g in _games().values() for c in g.components.values() if c.in_set]
    found, _ = find(game)
    found.check(options)
    if not components:
        return [(found, c) for c in found.components.values() if c.in_set]
    return [find(game, name) for name in components]


@main.command()
@click.argument("game", shell_complete=_complete_game)
@click.argument("component", shell_complete=_complete_component)
@click.option("-o", "--output", "output", required=True,
              type=LazyPath(dir_okay=False), help="The SVG file to write.")
@click.option("--page", type=click.IntRange(1, 999),
              help="A whole page of the component as printed (default: its first piece).")
@lang_option
@paper_option
@game_options
def preview(game: str, component: str, output: Path, page: int | None, lang: str, paper: str,
            square: float | None, map_file: str | None, board_file: str | None,
            cell: float | None, tile_shape: str | None, tables_dir: str | None,
            no_flowers: bool | None, card: str | None, cards_dir: str | None) -> None:
    """Write an SVG preview of one COMPONENT, from the same geometry as the PDF.

    \b
    Examples:
      pnp preview darkhall board -o board.svg
      pnp preview darkhall pieces --page 2 -o backs.svg   # the second page as printed
      pnp preview roguelight sheet --map advanced -o advanced.svg
    """
    if output.suffix.lower() != ".svg":
        raise InputError(f"{output}: preview writes SVG (name it .svg); for a PDF of some "
                         "pages use 'pnp build GAME COMPONENT --pages N'")
    found_game, found = find(game, component)
    from pnp.build import Options, context

    options = Options(lang=lang, paper=paper.lower(), square=square, map=map_file,
                      board=board_file, cell=cell, tile_shape=tile_shape, tables=tables_dir,
                      no_flowers=no_flowers or None, card=card, cards=cards_dir)
    found_game.check(options)
    ctx = context(options)
    if page is None:
        width, height, shapes = found.preview(ctx)
    else:
        pages = found.pages(ctx)
        if page > len(pages):
            raise InputError(f"--page {page}: {game} {component} has {len(pages)} page"
                             f"{'s' if len(pages) != 1 else ''}")
        chosen = pages[page - 1]
        width, height, shapes = chosen.width, chosen.height, chosen.shapes
    from companion.files import write_atomic
    from pnp.render_svg import render_svg

    write_atomic(output, render_svg(width, height, shapes))
    click.echo(str(output))


@main.command()
@paper_option
@click.option("--duplex", default="long", show_default=True, type=click.Choice(["long", "short"]),
              help="The edge your printer flips the sheet on for the back.")
@click.option("--printer", metavar="NAME",
              help="A name for your printer: with --save, keep the offset under it.")
@click.option("--save", metavar="DX,DY",
              help="Save this back offset (as the page reads) for --printer, the paper "
                   "and the edge, instead of printing the page.")
@lang_option
@out_dir_option
def calibrate(paper: str, duplex: str, printer: str | None, save: str | None, lang: str,
              out_dir: Path) -> None:
    """Print a duplex calibration page: read the back offset, pass --back-offset, or save it
    for your printer once and build with --printer.

    Print it double-sided at 100 %, hold it to the light and look from the back:
    where each front cross falls on the back's rulers is the offset, +x to the
    right and +y down as seen on the back. Pass it as it reads, or save it:

    \b
    Examples:
      pnp calibrate --duplex long
      pnp build darkhall --back-offset 0.5,-1
      pnp calibrate --duplex long --printer home --save 0.5,-1
      pnp build darkhall --printer home
    """
    if save is not None:
        _save_offset(printer, paper.lower(), duplex, save)
        return
    from companion.files import write_atomic
    from pnp.build import Options, context
    from pnp.calibration import calibration_pages
    from pnp.render_pdf import render_pdf
    from pnp.shapes import Document

    ctx = context(Options(paper=paper.lower(), lang=lang))
    w, h = ctx.page_size(landscape=False)
    doc = Document("pnp-companion", "duplex calibration", "Duplex calibration",
                   "measures the printer's back offset", ("pnp-companion", "calibration"),
                   calibration_pages(w, h, duplex, lang))
    path = out_dir / f"calibration-{paper.lower()}-{duplex}.pdf"
    write_atomic(path, render_pdf(doc, ctx.font, lang=lang))
    click.echo(str(path))
    if printer is not None:
        click.echo(f"Then save what it reads: pnp calibrate --paper {paper.lower()} --duplex "
                   f"{duplex} --printer {printer} --save DX,DY", err=True)


def _save_offset(printer: str | None, paper: str, duplex: str, save: str) -> None:
    from pnp import printers
    from pnp.flags import offset_pair

    if printer is None:
        raise click.UsageError("--save needs --printer NAME: the printer the offset is for")
    offset = offset_pair(save, "--save")
    path = printers.save(printer, paper, duplex, offset)
    click.echo(f"Saved: {printer}, {paper} paper, flipped on the {duplex} edge: back offset "
               f"{offset[0]:g},{offset[1]:g} mm ({path}). Build with --printer {printer}.")
