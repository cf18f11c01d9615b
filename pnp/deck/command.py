"""``pnp deck``: a deck file and its data → an imposed, print-ready PDF."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from companion.errors import InputError
from companion.files import write_atomic, write_together
from companion.shell import LazyPath
from pnp import deck as decks
from pnp.build import Context, context, destination, picked, print_files, two_sided
from pnp.flags import make_options, page_numbers, print_options
from pnp.guide import built, guide
from pnp.impose import impose
from pnp.shapes import MIN_TEXT, Document, Group

PROGRESS_FROM = 50  # cards: bigger decks show a progress bar


@click.command("deck")
@click.argument("deck_file", metavar="DECK.toml", type=LazyPath(dir_okay=False))
@click.option("--data", metavar="FILE|LINK",
              help="Use this CSV, .xlsx, TOML or JSON file, or a published sheet's link, "
                   "instead of the deck's own data file.")
@click.option("--offline", is_flag=True,
              help="Read a sheet given by a link from the copy kept at the last build, "
                   "without the network.")
@click.option("--only", "only", metavar="ROWS",
              help="Only these data rows (1 = the first row after the header), like 1,4-6.")
@click.option("--strict", is_flag=True,
              help="Text that does not fit its box even at its smallest size, or prints "
                   "under 6 pt, is an error, not a warning.")
@click.option("--preview", type=click.IntRange(1, 99999), metavar="N",
              help="Write card N's face as SVG (with -o) instead of the PDF.")
@click.option("-o", "--output", type=LazyPath(dir_okay=False),
              help="The SVG file --preview writes.")
@click.option("--name-column", metavar="COLUMN",
              help="With --for tts: the data column that names each card's picture "
                   "(default: 'name' where the data has it, else the card's number).")
@click.option("--dpi", type=click.IntRange(72, 600), default=150, show_default=True,
              help="With --for tts: the pictures' resolution.")
@click.option("--watch", is_flag=True,
              help="Build again whenever the deck file, its data files or its pictures "
                   "change (the PDF, a shop's files, or the --preview picture); Ctrl-C to "
                   "stop.")
@print_options
def deck_command(deck_file: Path, data: str | None, offline: bool, only: str | None, strict: bool,
                 preview: int | None, output: Path | None, target: str | None,
                 name_column: str | None, dpi: int, watch: bool, out_dir: Path,
                 **flags) -> None:
    """Print a deck of cards from a deck file (size, data, layers; see docs/decks.md).

    Every row of the data is a card (its 'count' column gives copies); the
    layers draw its face, the back is drawn once and shared. Cards are imposed
    like every pnp piece: bleed, crop marks, duplex backs, fold, one-up.

    \b
    Examples:
      pnp deck examples/decks/poker/poker.toml
      pnp deck examples/decks/quiz/quiz.toml --data my-questions.csv --strict
      pnp deck examples/decks/poker/poker.toml --only 1-13 --paper letter
      pnp deck examples/decks/poker/poker.toml --preview 1 -o ace.svg
      pnp deck examples/decks/poker/poker.toml --preview 1 -o ace.svg --watch
      pnp deck examples/decks/poker/poker.toml --for tts --out tts
      pnp deck examples/decks/poker/poker.toml --for japan    # 入稿: a PDF per face
      pnp deck cards.toml --data https://docs.google.com/…/pub?output=csv
    """
    if (preview is None) != (output is None):
        raise click.UsageError("--preview N and -o FILE.svg go together")

    def build() -> None:
        _build(deck_file, data, offline, only, strict, preview, output, target, name_column,
               dpi, out_dir, flags)

    if not watch:
        build()
        return
    from pnp.deck.watch import watch as watching
    from pnp.deck.watch import watched

    try:
        written = (out_dir, *([output] if output is not None else []))
        watching(build, lambda: watched(deck_file, data, _tables(deck_file), written),
                 lambda line: click.echo(line, err=True))
    except KeyboardInterrupt:
        click.echo("Stopped watching.", err=True)


def _tables(deck_file: Path) -> list[str]:
    """The data files the deck file names (none while it cannot be read)."""
    try:
        spec = decks.load_spec(deck_file)
    except InputError:
        return []
    return [str(table.file) for table in spec.tables if table.file is not None]


def _build(deck_file: Path, data: str | None, offline: bool, only: str | None, strict: bool,
           preview: int | None, output: Path | None, target: str | None,
           name_column: str | None, dpi: int, out_dir: Path, flags: dict) -> None:
    """One build of the deck: the PDF (or the shop's files, the pictures, the preview)."""
    loaded = decks.load(deck_file, data, offline=offline)
    bleed = loaded.spec.bleed if flags["bleed"] is None else flags["bleed"]
    options = make_options(**{**flags, "bleed": bleed}, target=target)
    ctx = context(options)
    cards = decks.chosen(loaded, page_numbers(only, what="--only"))
    if preview is not None:
        _preview(loaded, cards, preview, ctx, output)
        return
    drawn = _drawn(loaded, cards, ctx)
    _report_overflow(drawn.overflow, strict)
    _report_small(drawn.small, strict)
    if target == "tts":
        _tabletop(loaded, cards, drawn, ctx, name_column, dpi, out_dir)
        return
    doc = _document(loaded, drawn, ctx)
    path = out_dir / ("-".join([loaded.spec.name, *options.variant()]) + ".pdf")
    files = print_files(doc, ctx, path, str(loaded.spec.source))
    write_together(list(files.items()))
    made = built(next(iter(files)), doc, "card", "cut on the crop marks",
                 duplex=options.duplex, fold=options.fold, one_up=options.one_up,
                 files=list(files), shop=destination(options))
    click.echo(str(made.path))
    click.echo(f"{len(cards)} card{'s' * (len(cards) != 1)} on {made.pages} {made.unit}"
               f"{'s' * (made.pages != 1)}.", err=True)
    for line in guide([made], options.paper):
        click.echo(line, err=True)
    for notice in ctx.notices:
        click.echo(f"Note: {notice}", err=True)


def _tabletop(deck: decks.Deck, cards: list[decks.Card], drawn: decks.Drawn, ctx: Context,
              name_column: str | None, dpi: int, out_dir: Path) -> None:
    """The Tabletop Simulator pictures: every file made before any is written."""
    from pnp.deck import tts

    column = name_column or ("name" if any("name" in c.row.fields for c in cards) else None)
    if column is not None and not any(column in c.row.fields for c in cards):
        raise InputError(f"--name-column {column!r}: no such column in the data; "
                         f"columns: {', '.join(cards[0].row.fields) if cards else 'none'}")
    names = [str(c.row.fields.get(column, "") or c.number) if column else str(c.number)
             for c in cards]
    made = tts.files(deck.spec.name, drawn.pieces, names, deck.spec.size, ctx.font, dpi)
    for relative, data in made.items():
        path = out_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    sheets = [p for p in made if p.name.startswith(f"{deck.spec.name}-tts-faces")]
    for path in [*sheets, *(p for p in made if p.name.endswith("-tts-back.png"))]:
        click.echo(str(out_dir / path))
    click.echo(f"{len(cards)} card pictures in {out_dir / (deck.spec.name + '-tts-cards')}; "
               f"in Tabletop Simulator: Objects → Components → Custom → Deck, the face "
               f"sheet{'s' * (len(sheets) != 1)} with width 10, height 7 and the back "
               "above.", err=True)


def _drawn(deck: decks.Deck, cards: list[decks.Card], ctx: Context) -> decks.Drawn:
    bleed, corners = ctx.options.bleed, ctx.options.cut_guides
    if len(cards) < PROGRESS_FROM:
        return decks.pieces(deck, cards, ctx.measure, bleed, corners=corners)
    with click.progressbar(length=len(cards), label="Drawing cards", file=sys.stderr) as bar:
        return decks.pieces(deck, cards, ctx.measure, bleed, progress=bar.update,
                            corners=corners)


def _report_overflow(overflow: list[str], strict: bool) -> None:
    if not overflow:
        return
    lines = [f"  {place}" for place in overflow]
    if strict:
        raise InputError("text does not fit its box even at its smallest size (--strict):\n"
                         + "\n".join(lines))
    click.echo("Warning: text that does not fit its box even at its smallest size is cut "
               "at the box's edge:", err=True)
    for line in lines:
        click.echo(line, err=True)


def _report_small(small: list[tuple[str, float]], strict: bool) -> None:
    """Cards whose text prints under 6 pt (a size of one's own scaling the layers
    down, or a small size in the deck file), card by card."""
    if not small:
        return
    lines = [f"  {place}: {size:.1f} pt" for place, size in small]
    if strict:
        raise InputError(f"text under {MIN_TEXT:g} pt, too small to read (--strict):\n"
                         + "\n".join(lines))
    click.echo(f"Warning: text under {MIN_TEXT:g} pt is hard to read on these cards:", err=True)
    for line in lines:
        click.echo(line, err=True)


def _document(deck: decks.Deck, drawn: decks.Drawn, ctx: Context) -> Document:
    spec = deck.spec
    landscape = _landscape(ctx, spec.size)
    pages = ctx.impose(drawn.pieces, spec.size, "deck", landscape=landscape)
    pages, numbers, count = picked(pages, ctx.options.pages, f"the deck {spec.name}")
    return Document(game=spec.title, component="deck", title=spec.title,
                    subject=f"{len(drawn.pieces)} cards from {spec.source.name}",
                    keywords=("pnp-companion", "deck", spec.name, ctx.options.paper),
                    pages=pages, numbers=numbers, page_count=count,
                    flip=two_sided(pages, ctx.options.duplex))


def _landscape(ctx: Context, size: tuple[float, float]) -> bool:
    """Landscape pages when they hold more cards than portrait ones."""
    counts = []
    for landscape in (False, True):
        w, h = ctx.page_size(landscape)
        try:
            counts.append(impose(w, h, *size, gutter=ctx.options.gutter,
                                 bleed=ctx.options.bleed).per_page)
        except InputError:
            counts.append(0)
    if not any(counts):
        raise InputError(f"a {size[0]:g} × {size[1]:g} mm card does not fit on the page")
    return counts[1] > counts[0]


def _preview(deck: decks.Deck, cards: list[decks.Card], number: int, ctx: Context,
             output: Path) -> None:
    if output.suffix.lower() != ".svg":
        raise InputError(f"{output}: --preview writes SVG (name it .svg)")
    if number > len(cards):
        raise InputError(f"--preview {number}: the deck has {len(cards)} cards")
    from pnp.render_svg import render_svg

    card = cards[number - 1]
    drawn = decks.pieces(deck, [card], ctx.measure, ctx.options.bleed)
    w, h = deck.spec.size
    b = ctx.options.bleed
    shapes = [Group(tuple(drawn.pieces[0].front(b)), dx=b, dy=b, clip=(-b, -b, w + 2 * b,
                                                                       h + 2 * b))]
    write_atomic(output, render_svg(w + 2 * b, h + 2 * b, shapes))
    _report_overflow(drawn.overflow, strict=False)
    click.echo(str(output))

