"""``companion jongrogue``: deal floors, show them, list and make the hero's moves,
search, spring, take, and keep the game in one JSON state file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from companion.errors import InputError
from companion.files import dump_json, shown_path, write_atomic
from companion.i18n import _, language
from companion.jongrogue import actions, labyrinth, render, tiles
from companion.jongrogue import cards as card_rows
from companion.jongrogue import state as states
from companion.jongrogue import tables as table_files
from companion.jongrogue.engine import Draws, Event, Reveals
from companion.jongrogue.events import describe, word
from companion.jongrogue.state import State
from companion.jongrogue.tables import Tables, Trap
from companion.shell import SEED, HelpGroup, LazyPath, add_help, ascii_option, with_force
from companion.text import display_width, ljust

STATE_HELP = "STATE is a game file (JSON), see docs/jongrogue.md."
state_argument = click.argument("state_file", metavar="STATE",
                                type=LazyPath(dir_okay=False))
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
out_option = with_force(click.option("--out", type=LazyPath(dir_okay=False),
                                     help="Write the new state here (it may be STATE "
                                          "itself)."))
tile_option = click.option("--tile", "drawn", multiple=True, metavar="T",
                           help="A tile drawn from the wall at the table (repeat for "
                                "several draws, in order).")
reveal_option = click.option("--reveal", "revealed", multiple=True, metavar="'P P T T T T'",
                             help="The tiles of a face-down room that opens: its pair, then "
                                  "slots 1-4 (- for empty); repeat in the order rooms open.")


@click.group(cls=HelpGroup)
@click.option("--tables", "tables_dir", type=LazyPath(file_okay=False),
              help="A folder of tables (labyrinth.csv, rooms.csv, …) replacing the shipped "
                   "ones.")
@click.pass_context
def jongrogue(ctx: click.Context, tables_dir: Path | None) -> None:
    """JongRogue (雀ローグ), the map chapter: labyrinth, encounters, floors, stairs.

    Places: 5 is in room 5, 5E on its east door (rooms 1-9 read like text,
    1 north-west … 9 south-east). Tiles: 1m-9m, 1p-9p, 1s-9s, E S W N, Wh G R.

    \b
    Examples:
      companion jongrogue floor new --seed 7 --out game.json
      companion jongrogue show game.json
      companion jongrogue moves game.json
      companion jongrogue move game.json 5E --out game.json
      companion jongrogue search game.json --out game.json
    """
    ctx.obj = {"tables": tables_dir}


def _group_tables(ctx: click.Context) -> Path | None:
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "tables" in ctx.obj:
            return ctx.obj["tables"]
        ctx = ctx.parent  # type: ignore[assignment]
    return None


def load_state(ctx: click.Context, path: Path) -> tuple[State, Tables]:
    found = table_files.load(_group_tables(ctx))
    return states.load(path, found), found


def finish(new: State, out: Path | None, as_json: bool, report: dict[str, Any],
           lines: list[str]) -> None:
    """Write the state (atomically), then print the report: JSON or lines."""
    if out is not None:
        write_atomic(out, states.dump(new))
    if as_json:
        click.echo(dump_json({**report, "state": states.to_dict(new)}), nl=False)
        return
    for line in lines:
        click.echo(line)
    if out is not None:
        click.echo(_("State written to {path}.", path=out), err=True)


def event_lines(events: list[Event], found: Tables) -> list[str]:
    return [describe(event, found) for event in events]


# --- floor new -------------------------------------------------------------------------


@jongrogue.group()
def floor() -> None:
    """Deal floors.

    \b
    Examples:
      companion jongrogue floor new --seed 7 --out game.json
      companion jongrogue floor new game.json --seed 8 --out game.json
    """


@floor.command("new")
@click.argument("state_file", metavar="[STATE]", required=False,
                type=LazyPath(dir_okay=False))
@click.option("--seed", type=SEED, help="Deal from this seed (the same seed, the same floor).")
@click.option("--tiles", "spec", metavar="SPEC",
              help="The floor laid at the table: 'START; G1; …; G9', each group the pair "
                   "then slots 1-4, or ? for a face-down room.")
@click.option("--floor", "floor_number", type=click.IntRange(1, 10_000),
              help="Start a new game on this floor (default 1).")
@tile_option
@reveal_option
@out_option
@json_option
@click.pass_context
def floor_new(ctx: click.Context, state_file: Path | None, seed: int | None, spec: str | None,
              floor_number: int | None, drawn: tuple[str, ...], revealed: tuple[str, ...],
              out: Path | None, as_json: bool) -> None:
    """Deal a floor: a new game, or the next floor of STATE (between floors).

    \b
    Examples:
      companion jongrogue floor new --seed 7 --out game.json
      companion jongrogue floor new --tiles '9p; ?; ?; ?; ?; ?; ?; ?; ?; W S 2m 7p 4s Wh'
      companion jongrogue floor new game.json --seed 8 --out game.json
    """
    found = table_files.load(_group_tables(ctx))
    state = None if state_file is None else states.load(state_file, found)
    new, events = actions.floor_new(state, found, seed=seed, spec=spec, floor=floor_number,
                                    draws=draws_of(drawn), reveals=Reveals(list(revealed),
                                                                           found))
    lines = [*event_lines(events, found), *floor_picture(new, found), *render.status_lines(new)]
    finish(new, out, as_json, {"events": events}, lines)


def floor_picture(state: State, found: Tables) -> list[str]:
    """The floor drawn, or nothing between floors (a pit at the start drops the hero)."""
    return [] if state.rooms is None else [render.draw(state, found)]


def draws_of(drawn: tuple[str, ...]) -> Draws:
    return Draws([tiles.parse(t, "--tile") for t in drawn])


# --- show, moves ---------------------------------------------------------------------------


@jongrogue.command()
@state_argument
@json_option
@click.option("--all", "show_all", is_flag=True, help="Show face-down tiles too.")
@ascii_option
@click.pass_context
def show(ctx: click.Context, state_file: Path, as_json: bool, show_all: bool,
         ascii_only: bool) -> None:
    """Draw the floor: rooms, pairs, the ways between rooms, the hero, the encounter map.

    \b
    Examples:
      companion jongrogue show game.json
      companion jongrogue show game.json --all --ascii
      companion jongrogue show game.json --json
    """
    state, found = load_state(ctx, state_file)
    if as_json:
        click.echo(dump_json(show_json(state, found, show_all=show_all)), nl=False)
        return
    if state.rooms is not None:
        click.echo(render.draw(state, found, ascii_only=ascii_only, show_all=show_all))
    for line in render.status_lines(state):
        click.echo(line)


add_help(show, STATE_HELP)


def show_json(state: State, found: Tables, *, show_all: bool = False) -> dict[str, Any]:
    """The floor as the table sees it: a face-down room's tiles are ``?`` as in the text
    view, unless ``show_all``. ``state`` is the file itself, every tile in it."""
    return {"floor": state.floor, "plate": state.plate, "over": state.over,
            "at": state.hero.at, "house": state.in_house,
            "rooms": None if state.rooms is None else [
                room_json(state, found, n, show_all=show_all) for n in labyrinth.ROOMS],
            "state": states.to_dict(state)}


def room_json(state: State, found: Tables, number: int, *, show_all: bool = False
              ) -> dict[str, Any]:
    room = state.room(number)
    known = room.known and (room.open or show_all)
    return {
        "room": number, "name": labyrinth.NAMES[number - 1], "open": room.open,
        "tiles": list(room.tiles) if known else [states.UNKNOWN] * 2,
        "sides": list(labyrinth.open_sides(room.tiles, number, found)) if known else None,
        "stairs": labyrinth.has_stairs(room.tiles, found) if known else None,
        "encounter": [None if s is None else {
            "slot": i + 1, "tile": s.tile if known else states.UNKNOWN,
            "kind": found.kind(s.tile) if known else None,
            "sprung": s.sprung} for i, s in enumerate(room.encounter)],
    }


@jongrogue.command()
@state_argument
@json_option
@click.pass_context
def moves(ctx: click.Context, state_file: Path, as_json: bool) -> None:
    """The hero's legal moves, and whether a search, a re-spring or taking is allowed.

    \b
    Examples:
      companion jongrogue moves game.json
      companion jongrogue moves game.json --json
    """
    state, found = load_state(ctx, state_file)
    legal = actions.legal_moves(state, found)
    if as_json:
        click.echo(dump_json({
            "floor": state.floor, "plate": state.plate, "at": state.hero.at,
            "house": state.in_house, "blocked": legal.blocked,
            "moves": [{"to": to, "kind": kind} for to, kind in legal.moves],
            "search": legal.search, "spring": list(legal.spring), "take": list(legal.take)}),
            nl=False)
        return
    if legal.blocked:
        click.echo(_("No moves: {why}.", why=word(legal.blocked)))
    for to, kind in legal.moves:
        click.echo(f"  {to:<5} {word(kind)}")
    click.echo(_("Search: {answer}.", answer=_("yes") if legal.search else _("no")))
    if legal.spring:
        click.echo(_("Re-spring: slots {slots}.", slots=" ".join(map(str, legal.spring))))
    if legal.take:
        click.echo(_("Take: slots {slots}.", slots=" ".join(map(str, legal.take))))


add_help(moves, STATE_HELP)


# --- move, search, stairs-search -----------------------------------------------------------


@jongrogue.command()
@state_argument
@click.argument("target")
@tile_option
@reveal_option
@out_option
@json_option
@click.pass_context
def move(ctx: click.Context, state_file: Path, target: str, drawn: tuple[str, ...],
         revealed: tuple[str, ...], out: Path | None, as_json: bool) -> None:
    """Move the hero to TARGET: a place (5, 5E), or down / up by the stairs.

    \b
    Examples:
      companion jongrogue move game.json 5E --out game.json
      companion jongrogue move game.json 6W --reveal 'N S 1m 4p G R' --out game.json
      companion jongrogue move game.json down --out game.json
    """
    state, found = load_state(ctx, state_file)
    before, chosen = state.hero.at, actions.parse_target(target)
    new, kind, events = actions.move(state, found, target, draws_of(drawn),
                                     Reveals(list(revealed), found))
    lines = [_("{at} → {to} ({kind}).", at=before, to=chosen, kind=word(kind)),
             *event_lines(events, found), *render.status_lines(new)]
    finish(new, out, as_json, {"from": before, "to": chosen, "kind": kind, "events": events},
           lines)


add_help(move, STATE_HELP)


@jongrogue.command()
@state_argument
@tile_option
@out_option
@json_option
@click.pass_context
def search(ctx: click.Context, state_file: Path, drawn: tuple[str, ...], out: Path | None,
           as_json: bool) -> None:
    """Search the room for a hidden passage (tile-d9 and the rings of searching).

    \b
    Examples:
      companion jongrogue search game.json --out game.json
      companion jongrogue search game.json --tile 2m --tile 7p
    """
    state, found = load_state(ctx, state_file)
    new, report, events = actions.search(state, found, draws_of(drawn))
    finish(new, out, as_json, {**report, "events": events},
           [*event_lines(events, found), *render.status_lines(new)])


add_help(search, STATE_HELP)


@jongrogue.command("stairs-search")
@state_argument
@tile_option
@out_option
@json_option
@click.pass_context
def stairs_search(ctx: click.Context, state_file: Path, drawn: tuple[str, ...],
                  out: Path | None, as_json: bool) -> None:
    """One stairs search in a monster house, after an action the companion did not see.

    \b
    Examples:
      companion jongrogue stairs-search game.json --out game.json
      companion jongrogue stairs-search game.json --tile 4p
    """
    state, found = load_state(ctx, state_file)
    new, event = actions.stairs_search(state, found, draws_of(drawn))
    report = {k: v for k, v in event.items() if k != "event"}
    finish(new, out, as_json, {**report, "at": new.hero.at}, [describe(event, found)])


add_help(stairs_search, STATE_HELP)


# --- spring, take, remove ----------------------------------------------------------------------

slot_argument = click.argument("slot", type=click.IntRange(1, 4))


@jongrogue.command()
@state_argument
@slot_argument
@tile_option
@reveal_option
@out_option
@json_option
@click.pass_context
def spring(ctx: click.Context, state_file: Path, slot: int, drawn: tuple[str, ...],
           revealed: tuple[str, ...], out: Path | None, as_json: bool) -> None:
    """Spring a sprung trap of the room again, on purpose (a pit to fall, a teleport).

    \b
    Examples:
      companion jongrogue spring game.json 2 --out game.json
    """
    state, found = load_state(ctx, state_file)
    new, events = actions.spring(state, found, slot, draws_of(drawn),
                                 Reveals(list(revealed), found))
    finish(new, out, as_json, {"slot": slot, "events": events},
           [*event_lines(events, found), *render.status_lines(new)])


def slot_command(function):
    """A command on one slot of the hero's room: STATE SLOT [--out] [--json]."""
    for decorator in (click.pass_context, json_option, out_option, slot_argument,
                      state_argument, jongrogue.command()):
        function = decorator(function)
    return function


@slot_command
def take(ctx: click.Context, state_file: Path, slot: int, out: Path | None,
         as_json: bool) -> None:
    """Take the item, gold or amulet in SLOT of the hero's room.

    \b
    Examples:
      companion jongrogue take game.json 4 --out game.json
    """
    state, found = load_state(ctx, state_file)
    new, report = actions.take(state, found, slot)
    finish(new, out, as_json, report, [_("Taken: {tile} ({item}).", tile=report["tile"],
                                         item=word(report["item"]))])


@slot_command
def remove(ctx: click.Context, state_file: Path, slot: int, out: Path | None,
           as_json: bool) -> None:
    """Take a defeated monster in SLOT off the hero's room (it is discarded).

    \b
    Examples:
      companion jongrogue remove game.json 1 --out game.json
    """
    state, found = load_state(ctx, state_file)
    new, report = actions.remove(state, found, slot)
    finish(new, out, as_json, report, [_("Removed: {tile}.", tile=report["tile"])])


# --- hero, plate -----------------------------------------------------------------------------

on_off = click.Choice(["on", "off"])


@jongrogue.command()
@state_argument
@click.option("--rings", type=click.IntRange(0, 2), help="Rings of searching worn.")
@click.option("--armour-ring", type=on_off, help="A ring of armour protection worn.")
@click.option("--protected", type=on_off, help="The armour is protected (鎧保護).")
@click.option("--floating", type=on_off, help="Floating (浮遊): traps spring without effect.")
@click.option("--held", type=on_off, help="Held (拘束): no moves.")
@click.option("--asleep", type=on_off, help="Asleep (睡眠): no moves, search or taking.")
@click.option("--strength", metavar="N|none", help="Strength, or none (not tracked).")
@click.option("--armour", metavar="N|none", help="Armour rank, or none (not tracked).")
@out_option
@json_option
@click.pass_context
def hero(ctx: click.Context, state_file: Path, out: Path | None, as_json: bool,
         **changes: Any) -> None:
    """Record what the character rules change: rings, conditions, strength, armour.

    \b
    Examples:
      companion jongrogue hero game.json --asleep off --out game.json
      companion jongrogue hero game.json --rings 1 --strength 16 --out game.json
    """
    state, _tables = load_state(ctx, state_file)
    fields = {"rings": "search_rings", "armour_ring": "armour_ring",
              "protected": "armour_protected", "floating": "floating", "held": "held",
              "asleep": "asleep", "strength": "strength", "armour": "armour"}
    values = {fields[k]: _hero_value(k, v) for k, v in changes.items() if v is not None}
    new = actions.set_hero(state, values)
    finish(new, out, as_json, {}, render.status_lines(new))


def _hero_value(key: str, value: Any) -> Any:
    if value in ("on", "off"):
        return value == "on"
    if key in ("strength", "armour"):
        if value == "none":
            return None
        if not value.isdigit():
            raise InputError(_("a whole number 0 or more, or none"), f"--{key}")
        return int(value)
    return value


@jongrogue.command()
@state_argument
@click.argument("side", type=click.Choice(["S"], case_sensitive=False), metavar="S")
@out_option
@json_option
@click.pass_context
def plate(ctx: click.Context, state_file: Path, side: str, out: Path | None,
          as_json: bool) -> None:
    """Turn the round-wind plate to 南 (S): stairs go up only. Needs the amulet.

    \b
    Examples:
      companion jongrogue plate game.json S --out game.json
    """
    state, _tables = load_state(ctx, state_file)
    new = actions.turn_plate(state)
    finish(new, out, as_json, {}, render.status_lines(new))


# --- enter, d9, tables -------------------------------------------------------------------------


@jongrogue.command()
@click.argument("slots", nargs=-1, required=True, metavar="SLOT1 [SLOT2 [SLOT3 [SLOT4]]]")
@click.option("--sprung", metavar="LIST", help="Slots whose traps are already sprung: 1,3.")
@click.option("--floor", "floor_number", default=1, type=click.IntRange(1, 10_000),
              help="The floor (the amulet appears from floor 26).")
@click.option("--plate", "plate_side", default="E", show_default=True,
              type=click.Choice(["E", "S"]),
              help="The round-wind plate: E (東, stairs go down) or S (南, with the amulet).")
@click.option("--floating", is_flag=True, help="The hero floats.")
@click.option("--amulet", is_flag=True, help="The hero already holds the amulet.")
@json_option
@click.pass_context
def enter(ctx: click.Context, slots: tuple[str, ...], sprung: str | None, floor_number: int,
          plate_side: str, floating: bool, amulet: bool, as_json: bool) -> None:
    """The encounter order for one room's slots (- for an empty slot): trap, monsters, items.

    \b
    Examples:
      companion jongrogue enter 6s 2s 3m G
      companion jongrogue enter 6s 2s 3m G --sprung 1
      companion jongrogue enter 1m 4p G R --plate S --json
    """
    if plate_side == "S" and not amulet:
        amulet = True  # the plate turns only with the amulet: it is held
    found = table_files.load(_group_tables(ctx))
    tiles_in = enter_slots(slots, found)
    report = actions.enter_alone(found, tiles_in, sprung_slots(sprung), floor=floor_number,
                                 plate=plate_side, floating=floating, amulet=amulet)
    if as_json:
        click.echo(dump_json(report), nl=False)
        return
    for line in entry_lines(report):
        click.echo(line)


def enter_slots(slots: tuple[str, ...], found: Tables) -> list[str | None]:
    if len(slots) > 4:
        raise InputError(_("a room has four slots"), "SLOTS")
    parsed: list[str | None] = [None if s == "-" else tiles.parse(s, "SLOTS") for s in slots]
    for tile in parsed:
        if tile is not None and not found.wall_copies(tile):
            raise InputError(_("{tile} is not a wall tile", tile=tile), "SLOTS")
        if tile is not None and parsed.count(tile) > found.wall_copies(tile):
            raise InputError(_("{tile} more often than the wall holds it", tile=tile), "SLOTS")
    return parsed + [None] * (4 - len(parsed))


def sprung_slots(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        numbers = [int(part) for part in text.split(",")]
    except ValueError:
        raise InputError(_("slot numbers 1-4 joined by commas, like 1,3"), "--sprung") from None
    if any(not 1 <= n <= 4 for n in numbers):
        raise InputError(_("slot numbers 1-4 joined by commas, like 1,3"), "--sprung")
    return numbers


def entry_lines(report: dict[str, Any]) -> list[str]:
    lines = []
    if report["discarded"]:
        lines.append(_("The 南 plate discards slots {slots}.",
                       slots=" ".join(map(str, report["discarded"]))))
    if report["avoided"]:
        lines.append(_("Sprung traps avoided: slots {slots}.",
                       slots=" ".join(map(str, report["avoided"]))))
    trap = report["trap"]
    if trap:
        lines.append(_("Trap: slot {slot}, {tile} ({trap}: {effect}){floating}.",
                       slot=trap["slot"], tile=trap["tile"], trap=word(trap["trap"]),
                       effect=word(trap["effect"]), floating=_(", floating: no effect")
                       if trap["floating"] else ""))
    if report["leaves"]:
        lines.append(_("The trap takes the hero away ({how}).", how=report["leaves"]))
    if report["monsters"]:
        lines.append(_("Monsters: slots {slots}.", slots=" ".join(map(str, report["monsters"]))))
    for item in report["items"]:
        lines.append(_("Item: slot {slot}, {tile} ({item}).", **{**item,
                                                                 "item": word(item["item"])}))
    if not lines:
        lines.append(_("Nothing happens."))
    return lines


@jongrogue.command()
@click.argument("tile")
@json_option
@click.pass_context
def d9(ctx: click.Context, tile: str, as_json: bool) -> None:
    """The tile-d9: the room number a drawn tile reads as.

    \b
    Examples:
      companion jongrogue d9 7p
      companion jongrogue d9 E --json
    """
    found = table_files.load(_group_tables(ctx))
    drawn = tiles.parse(tile, "TILE")
    room = found.room(drawn)
    if as_json:
        click.echo(dump_json({"tile": drawn, "room": room, "name": labyrinth.NAMES[room - 1]}),
                   nl=False)
        return
    click.echo(_("{tile} → room {room} ({name}, {name_ja})", tile=drawn, room=room,
                 name=labyrinth.NAMES[room - 1], name_ja=labyrinth.NAMES_JA[room - 1]))


@jongrogue.command("tables")
@json_option
@click.pass_context
def tables_command(ctx: click.Context, as_json: bool) -> None:
    """The tables in use (shipped, or replaced with --tables DIR).

    \b
    Examples:
      companion jongrogue tables
      companion jongrogue --tables my-tables tables --json
    """
    found = table_files.load(_group_tables(ctx))
    data = tables_json(found)
    if as_json:
        click.echo(dump_json(data), nl=False)
        return
    for name, source in found.sources.items():
        click.echo(_("{name}: {source}", name=name,
                     source=_("shipped") if source == name else shown_path(source)))
    click.echo(_("Labyrinth: {tiles}", tiles=" ".join(found.labyrinth_tiles())))
    click.echo(_("Wall: {count} tiles", count=len(found.wall_tiles())))
    rows = [(tile, word(found.kind(tile)), _trap_name(found.trap(tile)))
            for tile in tiles.GAME if found.wall_copies(tile)]
    kinds, traps = (max(display_width(row[i]) for row in rows) for i in (1, 2))
    for tile, kind, trap in rows:
        click.echo(f"  {tile:<3} {ljust(kind, kinds)}  {ljust(trap, traps)}  "
                   f"d9 {found.room(tile)}")


def _trap_name(trap: Trap | None) -> str:
    """A trap as the tables list it: its id in English, its name in Japanese."""
    return "" if trap is None else trap.name_ja if language() == "ja" else trap.id


def tables_json(found: Tables) -> dict[str, Any]:
    return {
        "sources": found.sources,
        "labyrinth": [{"tile": t, "role": r, "copies": c} for t, (r, c) in
                      found.labyrinth.items()],
        "rooms": {t: found.room(t) for t in tiles.GAME},
        "encounters": {t: {"kind": found.kind(t), "trap": (found.trap(t).id if found.trap(t)
                                                          else None)}
                       for t in tiles.GAME if found.wall_copies(t)},
        "traps": [{"trap": t.id, "effect": t.effect, "name_ja": t.name_ja,
                   "name_en": t.name_en} for t in found.traps.values()],
        "search": {str(roll): list(outs) for roll, outs in found.search.items()},
        "levels": [{"level": lv, "experience": xp} for lv, xp in found.levels],
    }


@jongrogue.command("cards")
@click.option("--lang", "card_lang", type=click.Choice(["ja", "en"]), default="ja",
              show_default=True, help="The language of the meaning band.")
@click.option("--no-flowers", is_flag=True, help="Leave out the 8 flower and season spares.")
@with_force(click.option("--out", type=LazyPath(dir_okay=False),
                         help="Write the CSV here (else it is printed)."))
@click.pass_context
def cards_command(ctx: click.Context, card_lang: str, no_flowers: bool, out: Path | None
                  ) -> None:
    """The printed deck's cards as CSV rows, from the tables in use: the data for a
    restyled deck file that extends the shipped 'jongrogue' template.

    \b
    Examples:
      companion jongrogue cards --out tiles.csv
      companion jongrogue --tables my-tables cards --lang en --out tiles.csv
      pnp deck my-jongrogue.toml     # [deck] extends = "jongrogue", [data] file = "tiles.csv"
    """
    found = table_files.load(_group_tables(ctx))
    text = card_rows.to_csv(card_rows.rows(found, card_lang, flowers=not no_flowers))
    if out is None:
        click.echo(text, nl=False)
        return
    write_atomic(out, text)
    click.echo(_("Cards written to {path}.", path=out), err=True)
