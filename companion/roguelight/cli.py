"""``companion roguelight``: maps, scoring finished sheets, the interception part,
and checking a build log."""

from __future__ import annotations

import click

from companion.files import dump_json
from companion.roguelight.maps import SHIPPED, load_map
from companion.roguelight.render import draw
from companion.roguelight.report import describe_score, score_to_dict
from companion.roguelight.scoring import score_exits
from companion.roguelight.sheet import load_sheet

ascii_option = click.option("--ascii", "ascii_only", is_flag=True,
                            help="Draw in plain ASCII.")


@click.group()
def roguelight() -> None:
    """Roguelight (ローグライト): score finished sheets, run the interception part,
    check a build log.

    \b
    Cells are named like a spreadsheet: A1 top left, B2:C3 a range.
    Maps: 'basic' and 'advanced' ship with the tool, or give a map file.
    \b
      companion roguelight map basic
      companion roguelight score sheet.toml
      companion roguelight intercept alice.toml bob.toml --seed 7
      companion roguelight replay log.toml --out sheet.toml
    """


@roguelight.command("map")
@click.argument("source", metavar="MAP")
def show_map(source: str) -> None:
    """Check a map file (or a shipped map) and print its grid and tracks."""
    board = load_map(source)
    click.echo(f"{board.title_en} — {board.width} × {board.height}, {board.kind}")
    for y in range(board.height):
        click.echo("  " + " ".join(board.symbol((x, y)) if board.large_at((x, y)) is None
                                   else "L" for x in range(board.width)))
    for face, rect in board.entrance_blocks.items():
        click.echo(f"entrance {face} on {board.name_of(board.entrances[face])}, "
                   f"block {rect.name()}")
    for monster in board.large:
        cells = " ".join(sorted(board.name_of(c) for c in monster.cells))
        click.echo(f"large {monster.kind} on {cells} (goal {monster.goal})")
    click.echo("item marks: " + " ".join(str(p) for p in board.item_points))


show_map.help = (show_map.help or "") + f"\n\nShipped maps: {', '.join(SHIPPED)}."


@roguelight.command()
@click.argument("sheet")
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
@ascii_option
def score(sheet: str, as_json: bool, ascii_only: bool) -> None:
    """Score a finished SHEET: floor, rooms, passages, items, bonus and goals.

    Without an exit in the sheet every open corner is tried; the best comes first.
    """
    finished = load_sheet(sheet)
    every = score_exits(finished)
    best = every[0]
    if as_json:
        click.echo(dump_json(score_to_dict(best, every)), nl=False)
        return
    click.echo(draw(best, ascii_only=ascii_only))
    click.echo(describe_score(best, every))
