"""``companion roguelight``: maps, scoring finished sheets, the interception part,
and checking a build log."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from companion import ledger
from companion.errors import InputError
from companion.files import (
    dump_json,
    parse_json,
    read_text,
    refuse_overwriting,
    write_atomic,
    write_together,
)
from companion.grid import column_letters
from companion.i18n import _, _n, language
from companion.roguelight.maps import SHIPPED, load_map
from companion.roguelight.render import draw
from companion.roguelight.report import (
    describe_battle,
    describe_fight,
    describe_interception,
    describe_score,
    interception_to_dict,
    score_to_dict,
)
from companion.roguelight.report import word as report_word
from companion.roguelight.scoring import score_exits
from companion.roguelight.sheet import blank_sheet, load_sheet
from companion.shell import (
    SEED,
    HelpGroup,
    LazyPath,
    add_help,
    ascii_option,
    names_or_files,
    with_force,
)

if TYPE_CHECKING:
    from pathlib import Path


@click.group(cls=HelpGroup)
def roguelight() -> None:
    """Roguelight (ローグライト): score finished sheets, run the interception part,
    check a build log.

    \b
    Cells are named like a spreadsheet: A1 top left, B2:C3 a range.
    Maps: 'basic' and 'advanced' ship with the tool, or give a map file.

    \b
    Examples:
      companion roguelight map basic
      companion roguelight score sheet.toml
      companion roguelight intercept alice.toml bob.toml --seed 7
      companion roguelight replay log.toml --out sheet.toml
    """


@roguelight.command("map")
@click.argument("source", metavar="MAP", shell_complete=names_or_files(*SHIPPED))
def show_map(source: str) -> None:
    """Check a map file (or a shipped map) and print its grid, with the column
    letters and row numbers printed on the sheet, and its tracks.

    \b
    Examples:
      companion roguelight map basic
      companion roguelight map my-map.toml
    """
    board = load_map(source)
    title = board.title if language() == "ja" else board.title_en
    click.echo(f"{title} — {board.width} × {board.height}, {report_word(board.kind)}")
    click.echo("    " + " ".join(column_letters(x).upper() for x in range(board.width)))
    for y in range(board.height):
        click.echo(f"{y + 1:>3} " + " ".join(board.symbol((x, y)) if board.large_at((x, y))
                                             is None else "L" for x in range(board.width)))
    for face, rect in board.entrance_blocks.items():
        click.echo(_("entrance {face} on {cell}, block {block}", face=face,
                     cell=board.name_of(board.entrances[face]), block=rect.name()))
    for monster in board.large:
        cells = " ".join(sorted(board.name_of(c) for c in monster.cells))
        click.echo(_("large {kind} on {cells} (goal {goal})", kind=report_word(monster.kind),
                     cells=cells, goal=report_word(monster.goal)))
    click.echo(_("item marks: {points}", points=" ".join(map(str, board.item_points))))


add_help(show_map, f"Shipped maps: {', '.join(SHIPPED)}.")


@roguelight.command()
@click.argument("source", metavar="MAP", shell_complete=names_or_files(*SHIPPED))
@click.option("--name", help="The player's name on the sheet (default: the file's name).")
@click.option("--out", type=LazyPath(dir_okay=False),
              help="Write the blank sheet here (default: standard output).")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def blank(source: str, name: str | None, out: Path | None, force: bool) -> None:
    """Write a blank sheet file for MAP to copy a paper sheet into, then score.

    Every cell is open ('.'); each key has a comment saying what to write.

    \b
    Examples:
      companion roguelight blank basic --out alice.toml --name alice
      companion roguelight score alice.toml
    """
    board = load_map(source)
    if out is None or str(out) == "-":
        click.echo(blank_sheet(board, source, name or "player"), nl=False)
        return
    if out.exists() and not force:
        raise InputError(_("already exists; use --force to replace it"), str(out))
    ledger.allow_replacing(force)
    reference = relative_map(source, os.getcwd(), out)
    write_atomic(out, blank_sheet(board, reference, name or out.stem))
    click.echo(_("Blank sheet written to {out}; fill it in, then: companion roguelight score "
                 "{out}", out=out))


@roguelight.command()
@click.argument("sheet", shell_complete=names_or_files())
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
@ascii_option
def score(sheet: str, as_json: bool, ascii_only: bool) -> None:
    """Score a finished SHEET: floor, rooms, passages, items, bonus and goals.

    Without an exit in the sheet every open corner is tried; the best comes first.

    \b
    Examples:
      companion roguelight score examples/roguelight/alice.toml
      companion roguelight score sheet.toml --json
    """
    finished = load_sheet(sheet)
    every = score_exits(finished)
    best = every[0]
    if as_json:
        click.echo(dump_json(score_to_dict(best, every)), nl=False)
        return
    click.echo(draw(best, ascii_only=ascii_only))
    click.echo(describe_score(best, every))


@roguelight.command()
@click.argument("sheets", nargs=-1, required=True, shell_complete=names_or_files())
@click.option("--players", type=int, help="Players at the table (default: one per sheet); "
              "picks the armament row.")
@click.option("--order", help="Tie-break for stacking: sheet names, top first (a,b,c).")
@click.option("--route", "routes", multiple=True, metavar="NAME=A,B,…",
              help="Choose a sheet's route among the fewest-rooms ones (repeatable).")
@click.option("--seed", type=SEED, help="Roll the battles with this seed.")
@click.option("--dice", "typed", is_flag=True, help="Type in each white and black roll.")
@click.option("--json", "as_json", is_flag=True, help="Print everything as JSON.")
def intercept(sheets: tuple[str, ...], players: int | None, order: str | None,
              routes: tuple[str, ...], seed: int | None, typed: bool, as_json: bool) -> None:
    """Run the interception part over finished SHEETS.

    Sheets are stacked (least development on top, then fewer item points);
    each gets its fewest-rooms route, its battles with what the adventurer
    needs, and its exact expected points and distribution. --seed rolls the
    dice, --dice asks the table for each roll. One sheet alone is solo play,
    with the final total and title.

    \b
    Examples:
      companion roguelight intercept alice.toml bob.toml --seed 3
      companion roguelight intercept bob.toml --dice
      companion roguelight intercept a.toml b.toml --route bob=A,C --json
    """
    if seed is not None and typed:
        raise click.UsageError(_("--seed and --dice exclude each other"))
    from companion.roguelight import intercept as interception

    loaded = [load_sheet(path) for path in sheets]
    plan = interception.plan(loaded, players, _names(order), _routes(routes))
    fights = None
    if seed is not None or typed:
        roller = _typed_roller if typed else interception.seeded_roller(seed)
        fights = interception.run(plan, roller)
    if as_json:
        click.echo(dump_json(interception_to_dict(plan, fights)), nl=False)
        return
    click.echo(describe_interception(plan, fights))
    if seed is not None:
        click.echo(_("seed {seed}", seed=seed), err=True)


def _names(order: str | None) -> list[str]:
    return [name.strip() for name in order.split(",")] if order else []


def _routes(values: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    routes = {}
    for value in values:
        name, sep, letters = value.partition("=")
        if not sep or not name.strip():
            raise InputError(_("--route {value!r}: expected NAME=A,B,C", value=value))
        routes[name.strip()] = tuple(x.strip().upper() for x in letters.split(",") if x.strip())
    return routes


def _typed_roller(descent, battle):
    def parse(text: str) -> tuple[int, int]:
        parts = text.replace(",", " ").split()
        if len(parts) != 2 or not all(p in "123456" and len(p) == 1 for p in parts):
            raise click.BadParameter(_("type the white die then the black die, like: 3 5"))
        return int(parts[0]), int(parts[1])

    owner = descent.sheet.name
    click.echo(_("{sheet}, room {room}: {battle}", sheet=owner, room=battle.room,
                 battle=describe_battle(owner, battle)), err=True)
    white, black = click.prompt("  " + _("white black"), value_proc=parse, err=True)
    from companion.roguelight.intercept import Fight

    click.echo("  " + describe_fight(Fight(owner, battle, white, black)), err=True)
    return white, black


@roguelight.command("read")
@click.argument("photo", type=LazyPath(dir_okay=False, exists=True))
@click.option("--map", "map_source", metavar="MAP",
              help="The map file the sheet was printed from (a shipped map is known from "
                   "the sheet itself).")
@click.option("--out", type=LazyPath(dir_okay=False),
              help="Write the finished sheet read from the photo here, for "
                   "'companion roguelight score'.")
@click.option("--overlay", type=LazyPath(dir_okay=False),
              help="Write the photo seen straight on, with what was read drawn over it "
                   "(PNG).")
@click.option("--name", help="The player's name in the sheet written (default: the photo's "
                             "name).")
@click.option("--json", "as_json", is_flag=True, help="Print what was read as JSON.")
@click.option("--force", is_flag=True, help="Replace existing files.")
@ascii_option
def read_command(photo: Path, map_source: str | None, out: Path | None, overlay: Path | None,
                 name: str | None, as_json: bool, force: bool, ascii_only: bool) -> None:
    """Read a played sheet from a PHOTO and score it.

    Photograph the whole sheet printed by 'pnp build roguelight sheet', flat,
    in good light. The reader finds the sheet by its four corner marks and
    reads what was drawn: filled cells, dotted plans, development numbers
    struck out, item marks circled and spent, goals outlined.

    Every mark read with less than 0.75 confidence is a doubt: listed, marked
    '?' on the map and in the JSON. A sheet small in the photo (under 3.5
    pixels a millimetre), or a photo overexposed (a fifth of the map or more
    pure white), smeared one way (the phone moved) or under a lamp's glare (the
    printed pictures paler over part of the map), is never read with no doubt:
    light pencil may not show at all, so the cells read open are to be looked
    over. Exit status:
    0 read with no doubt, 1 read with doubts (check them on the sheet, correct
    the file written by --out), 2 not read (no sheet found, too dark, too
    blurred, not flat, or under 1.5 pixels a millimetre: the message gives the
    measure).

    \b
    Examples:
      companion roguelight read sheet.jpg
      companion roguelight read sheet.jpg --out alice.toml --overlay check.png
      companion roguelight read sheet.jpg --map my-map.toml --json
    """
    from companion.roguelight import reading as shown
    from companion.roguelight.reader import PhotoError, read
    from companion.roguelight.reader import overlay as draw_overlay
    from companion.roguelight.sheet import parse_sheet

    for target in (out, overlay):
        if target is not None and target.exists() and not force:
            raise InputError(_("already exists; use --force to replace it"), str(target))
    board = load_map(map_source) if map_source is not None else None
    source = read_text(map_source) if board is not None and os.path.exists(map_source) else None
    try:
        result = read(photo.read_bytes(), board, source, map_source)
    except PhotoError as err:
        raise InputError(str(err), str(photo)) from None
    if out is not None:
        result.map_reference = relative_map(result.map_reference, os.getcwd(), out)
    text = shown.sheet_text(result, name or photo.stem, photo.name)
    ledger.allow_replacing(force)
    files = []
    if out is not None:
        files.append((out, text))
    if overlay is not None:
        files.append((overlay, draw_overlay(result)))
    if files:
        write_together(files)
    if out is not None:
        click.echo(_("Finished sheet written to {out}.", out=out), err=as_json)
    if overlay is not None:
        click.echo(_("What was read, drawn over the photo: {out}", out=overlay), err=as_json)
    try:
        finished = parse_sheet(text, str(out or photo), find_map=lambda _name: result.board)
        every = score_exits(finished)
    except InputError as err:
        every, problem = None, str(err)
    if as_json:
        data = shown.to_dict(result)
        data["score"] = score_to_dict(every[0], every) if every else None
        click.echo(dump_json(data), nl=False)
    else:
        _describe_reading(shown, result, every, ascii_only)
        if every is None:
            click.echo(_("The sheet as read cannot be scored: {problem}", problem=problem))
    if not result.sure or every is None:
        raise SystemExit(1)


def _describe_reading(shown, result, every, ascii_only: bool) -> None:
    click.echo(_("Read: map {map}, {filled}, {plans}, development {development}.",
                 map=result.map_reference, development=result.development,
                 filled=_n("{count} cell filled", "{count} cells filled", len(result.filled)),
                 plans=_n("{count} plan", "{count} plans", len(result.plans))))
    click.echo(shown.picture(result))
    for note in result.notes:
        click.echo(_("Note: {note}", note=note))
    if result.doubts:
        click.echo(_("Doubts — check these on the sheet:"))
        for mark in result.doubts:
            click.echo("  " + shown.doubt_words(mark))
    elif result.sure:
        click.echo(_("Read with no doubt."))
    if every:
        click.echo(draw(every[0], ascii_only=ascii_only))
        click.echo(describe_score(every[0], every))


@roguelight.command("replay")
@click.argument("log_file", metavar="LOG", shell_complete=names_or_files())
@with_force(click.option("--out", type=LazyPath(dir_okay=False),
                         help="Write the finished sheet here ('-' for standard output)."))
def replay_command(log_file: str, out: Path | None) -> None:
    """Check a build-part play LOG round by round and write the finished sheet.

    Every action is checked against the rules; the first illegal one stops
    the replay with the round, the rule and nothing written. The sheet that
    --out writes is what 'companion roguelight score' reads.

    \b
    Examples:
      companion roguelight replay examples/roguelight/basic-log.toml --out sheet.toml
      companion roguelight replay log.toml --out - > sheet.toml
    """
    if out is not None and str(out) != "-":
        refuse_overwriting(out, {_("log"): log_file})
    from companion.roguelight.replay import load_log, replay, sheet_toml

    log = load_log(log_file)
    build, reports = replay(log)
    to_stderr = out is not None and str(out) == "-"  # standard output carries the sheet
    for report in reports:
        click.echo("\n".join(report.lines), err=to_stderr)
    last = reports[-1].number if reports else 0
    if build.over:
        click.echo(_("The build part is over after round {round} (development "
                     "{development}).", round=last, development=build.development),
                   err=to_stderr)
    else:
        click.echo(_("The log stops after round {round}; the build part is not over yet "
                     "(time number {time}, development {development}).", round=last,
                     time=build.round, development=build.development),
                   err=to_stderr)
    if out is None:
        return
    if str(out) == "-":
        click.echo(sheet_toml(build, log), nl=False)
        return
    write_atomic(out, sheet_toml(build, log,
                                 relative_map(log.map_name, os.path.dirname(log.source), out)))
    click.echo(_("Finished sheet written to {out}.", out=out))


@roguelight.command("round")
@click.argument("log_file", metavar="LOG", type=LazyPath(dir_okay=False))
@click.option("--dice", "dice_text", metavar="W,B", help="This round's white and black dice.")
@click.option("--block", metavar="CELLS", help="Action A: the block filled, like E4,E5,F5 "
              "(the face's shape, turned or flipped, or one cell).")
@click.option("--plan", metavar="A1:B2", help="Action B: a rectangle of exactly white + "
              "black cells, drawn as a dotted plan.")
@click.option("--die", type=click.Choice(["white", "black"]),
              help="The die whose face is filled (the black one needs a special round or "
                   "a spent item).")
@click.option("--spend", type=int, metavar="N", help="The item mark spent to use the black die.")
@click.option("--goals", metavar="G,…", help="Advanced map: the goals whose large monster "
              "the plan encloses.")
@click.option("--effect", "effects", multiple=True, metavar="WORDS",
              help="A special cell's effect, in the order resolved (repeatable): "
                   "'cell=F2 circle=3', 'cell=E4 ghost=1 plan=B3:D4', 'cell=E7 bat=develop'.")
@click.option("--map", "map_name", help="Starting a new LOG: the map (basic, advanced or a "
              "map file).")
@click.option("--setup", "setup_text", metavar="W,B",
              help="Starting a new LOG: the setup's white and black dice.")
@click.option("--name", help="Starting a new LOG: the player's name (default: the file's).")
def round_command(log_file: Path, dice_text: str | None, block: str | None, plan: str | None,
                  die: str | None, spend: int | None, goals: str | None,
                  effects: tuple[str, ...], map_name: str | None, setup_text: str | None,
                  name: str | None) -> None:
    """Play the build part round by round: check this round's dice and action by the
    rules, after every round of LOG, and append it to LOG only when it is legal.

    A LOG that does not exist yet is started with --map and --setup. 'replay'
    turns the log into the finished sheet that 'score' reads.

    \b
    Examples:
      companion roguelight round alice-log.toml --map basic --setup 1,4 --name alice
      companion roguelight round alice-log.toml --dice 2,3 --block E1,E2,E3
      companion roguelight round alice-log.toml --dice 2,4 --plan B3:D4
      companion roguelight round alice-log.toml --dice 5,1 --block F2 --effect 'cell=F2 circle=3'
      companion roguelight replay alice-log.toml --out alice.toml
    """
    from companion.roguelight import rounds
    from companion.roguelight.replay import load_log, parse_log, play_round, replay

    if not log_file.exists():
        if map_name is None or setup_text is None:
            raise InputError(_("a new log needs --map and --setup W,B (the setup's dice)"),
                             str(log_file))
        white, black = _pair(setup_text, "--setup")
        text = rounds.new_log(map_name, name or log_file.stem, white, black,
                              log_file.suffix == ".json")
        replay(parse_log(text, str(log_file)))  # the map and the setup checked first
        write_atomic(log_file, text)
        click.echo(_("Log started in {path}: {map}, setup white {white}, black {black}.",
                     path=log_file, map=map_name, white=white, black=black))
        return
    if dice_text is None:
        raise InputError(_("give this round's --dice W,B and its action (--block or --plan)"),
                         "--dice")
    text = read_text(log_file)
    log = load_log(log_file)
    build, done = replay(log)
    entry = rounds.round_entry(_pair(dice_text, "--dice"), block, plan, die, spend, goals,
                               effects)
    number = len(done) + 1
    try:
        after, report = play_round(build, entry, number)
    except InputError as err:
        raise err.at(_("round {number}", number=number)) from None
    if log_file.suffix == ".json":
        data = parse_json(text, str(log_file))
        data["rounds"] = [*data.get("rounds", []), entry]
        write_atomic(log_file, dump_json(data))
    else:  # TOML: the round appended, the player's comments kept
        write_atomic(log_file, text.rstrip("\n") + "\n" + rounds.round_toml(entry))
    click.echo("\n".join(report.lines))
    if after.over:
        click.echo(_("The build part is over (development {development}): companion "
                     "roguelight replay {log} --out SHEET", development=after.development,
                     log=log_file))


def _pair(text: str, where: str) -> tuple[int, int]:
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(p in "123456" and len(p) == 1 for p in parts):
        raise InputError(_("expected two dice, white then black, like 3,5"), where)
    return int(parts[0]), int(parts[1])


def relative_map(map_name: str, base: str, out: Path) -> str:
    """How a sheet written to ``out`` names its map: a shipped map by name, a
    map file (``map_name`` relative to the folder ``base``) relative to the sheet."""
    if map_name in SHIPPED and not os.path.exists(map_name):
        return map_name
    target = os.path.realpath(os.path.join(base, map_name))
    return os.path.relpath(target, os.path.dirname(os.path.realpath(out))).replace(os.sep, "/")
