"""``companion majin new|show|log|gacha|…``: the campaign commands.

Each reads the campaign file, checks it, makes one change, appends one log entry
and replaces the file atomically (with any battle file it writes); a refused
command leaves every file as it was. ``--dry-run`` shows the change and writes
nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from companion import ledger
from companion.dice import Tray, typed_dice
from companion.errors import InputError
from companion.files import dump_json, write_together
from companion.i18n import _
from companion.majin import campaign as campaigns
from companion.majin import cards as card_files
from companion.majin import expedition, scenario, town
from companion.majin.campaign import Campaign
from companion.majin.corridors import DIRECTIONS
from companion.majin.options import DICE_HELP, emit, json_option
from companion.majin.town import Before, Change, before_change, log_entry
from companion.shell import SEED, LazyPath, add_help, updates_files, with_force

CAMPAIGN_HELP = "CAMPAIGN is the campaign file (JSON), see docs/majin.md."
campaign_argument = click.argument("campaign_file", metavar="CAMPAIGN",
                                   type=LazyPath(dir_okay=False))


class CampaignCommand(click.Command):
    """Keeps the arguments as typed, for the change log."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["typed"] = list(args)
        return super().parse_args(ctx, args)


def campaign_command(function: Callable[..., Any]) -> click.Command:
    """A campaign command: CAMPAIGN, --json and --dry-run, and its help's last lines."""
    function = click.option("--dry-run", is_flag=True,
                            help="Show the change and write nothing.")(function)
    function = campaign_argument(json_option(function))
    command = click.command(cls=CampaignCommand)(function)
    add_help(command, CAMPAIGN_HELP)
    return updates_files(command)


def seed_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--seed", type=SEED,
                        help="Shuffle (and roll) from this seed.")(function)


def dice_options(function: Callable[..., Any]) -> Callable[..., Any]:
    function = seed_option(function)
    return click.option("--dice", "dice_text", metavar="D,D,…",
                        help="The dice rolled at the table, in order.")(function)


def commit(path: Path, before: Before | None, after: Campaign, change: Change, tray: Tray,
           as_json: bool, dry_run: bool, seed: int | None) -> None:
    """Log the change, check the new campaign, write it (and its companions), report."""
    tray.finish()
    ctx = click.get_current_context()
    typed = [arg for arg in ctx.meta.get("typed", []) if arg != "--json"]
    if str(path) in typed:
        typed.remove(str(path))
    after.log.append(log_entry(ctx.info_name or "", typed, before, after, change, tray))
    data = campaigns.to_dict(after, path)
    try:
        campaigns.from_dict(data, str(path), Path(os.path.abspath(path)).parent, after.cards)
    except InputError as err:
        raise InputError(_("the change would leave the campaign inconsistent ({why}); nothing "
                           "was written", why=err)) from None
    if not dry_run:
        write_together([(path, dump_json(data)), *change.files])
    if as_json:
        emit({"command": ctx.info_name, "result": change.result, "log": after.log[-1],
              "campaign": campaigns.to_dict(after, path, log=False)})
    else:
        click.echo(change.summary)
        click.echo(_("Money {money} yen, bank {bank} yen{lp}.", money=after.money,
                     bank=after.bank, lp=_(", party LP {lp}", lp=after.dungeon.lp)
                     if after.dungeon else ""))
    if dry_run:
        click.echo(_("Dry run: nothing was written."), err=True)
    if tray.seed_used is not None and seed is None and tray.typed is None:
        click.echo(_("seed {seed} (replay: --seed {seed})", seed=tray.seed_used), err=True)


def loaded(path: Path) -> tuple[Campaign, Before]:
    """The campaign, and its money, bank and LP before the change."""
    c = campaigns.load(path)
    return c, before_change(c)


def make_tray(dice_text: str | None = None, seed: int | None = None) -> Tray:
    return Tray(None if dice_text is None else typed_dice(dice_text), seed)


def no_dice() -> Tray:
    return Tray([])


# --- new, show, log -----------------------------------------------------------------------


@campaign_command
@click.option("--cards", "folder", default=card_files.SAMPLE, show_default=True,
              metavar="DIR", help="The card folder: 'sample' or a folder of CSV files.")
@seed_option
@click.option("--force", is_flag=True, help="Replace an existing campaign file.")
def new(campaign_file: Path, folder: str, seed: int | None, force: bool, as_json: bool,
        dry_run: bool) -> None:
    """Start a campaign: 1000 yen, every pile shuffled from the seed.

    \b
    Examples:
      companion majin new game.json --seed 7
      companion majin new game.json --cards my-scenario/ --force
    """
    if campaign_file.exists() and not force:
        raise InputError(_("the file exists; give --force to replace it"), str(campaign_file))
    ledger.allow_replacing(force)
    base = Path(os.path.abspath(campaign_file)).parent
    ref = folder if folder == card_files.SAMPLE else os.path.relpath(os.path.abspath(folder),
                                                                      base)
    tray = make_tray(seed=seed)
    started, change = town.new(ref, base, tray)
    commit(campaign_file, None, started, change, tray, as_json, dry_run, seed)


@click.command()
@campaign_argument
@json_option
def show(campaign_file: Path, as_json: bool) -> None:
    """Show the campaign: money, the party, the stock, the expedition and a summary.

    \b
    Examples:
      companion majin show game.json
      companion majin show game.json --json
    """
    c = campaigns.load(campaign_file)
    data = campaigns.to_dict(c, campaign_file, log=False)
    summary = campaigns.summary(c)
    if as_json:
        emit({"campaign": data, "summary": summary, "log": c.log})
        return
    from companion.majin import render

    for line in render.campaign_lines(c, summary):
        click.echo(line)


@click.command("log")
@campaign_argument
@json_option
def log_command(campaign_file: Path, as_json: bool) -> None:
    """Show the campaign's change log, one line per command.

    \b
    Examples:
      companion majin log game.json
    """
    c = campaigns.load(campaign_file)
    if as_json:
        emit({"log": c.log})
        return
    for entry in c.log:
        click.echo(f"{entry['n']:>4} {entry['command']:<9} {entry.get('summary', '')}")


# --- the surface ----------------------------------------------------------------------------


@campaign_command
@click.option("--tier", type=click.Choice(["100", "500", "1000"]), required=True,
              help="The pile paid for: 100, 500 or 1000 yen.")
@click.option("--card", metavar="ID", help="The card the table drew (default: the top card).")
def gacha(campaign_file: Path, tier: str, card: str | None, as_json: bool,
          dry_run: bool) -> None:
    """Pay a gacha tier's price and take its top card into the stock.

    \b
    Examples:
      companion majin gacha game.json --tier 100
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, town.gacha(c, int(tier), card), no_dice(), as_json,
           dry_run, None)


@campaign_command
@click.option("--front", required=True, metavar="A,B,C", help="Front slots 1-3 ('-' empty).")
@click.option("--back", metavar="D,E,F", help="Back slots 1-3 ('-' empty).")
@click.option("--items", "items_text", metavar="H=I,…",
              help="In the dungeon: every item's new holder (members and bodies).")
def party(campaign_file: Path, front: str, back: str | None, items_text: str | None,
          as_json: bool, dry_run: bool) -> None:
    """Form the party (on the surface, from the stock) or rearrange it (in the dungeon).

    \b
    Examples:
      companion majin party game.json --front M01,M07 --back M03
      companion majin party game.json --front M07,-,M01 --items M07=I01,M03=I11
    """
    c, before = loaded(campaign_file)
    change = town.party(c, town.parse_row(front, "--front"), town.parse_row(back, "--back"),
                        town.parse_holdings(items_text))
    commit(campaign_file, before, c, change, no_dice(), as_json, dry_run, None)


def _item_command(name: str, action: Callable[[Campaign, str], Change], doc: str
                  ) -> click.Command:
    def run(campaign_file: Path, item: str, as_json: bool, dry_run: bool) -> None:
        c, before = loaded(campaign_file)
        commit(campaign_file, before, c, action(c, item), no_dice(), as_json, dry_run, None)

    run.__doc__ = doc
    run.__name__ = name
    return campaign_command(click.argument("item", metavar="ITEM")(run))


sell = _item_command("sell", town.sell, """Sell an item from the pack for its price: it goes
    on display in the shop (a cursed item back to the pile).

    \b
    Examples:
      companion majin sell game.json I05
    """)
buy = _item_command("buy", town.buy, """Buy back a displayed item for twice its price.

    \b
    Examples:
      companion majin buy game.json I05
    """)
discard = _item_command("discard", town.discard, """Discard an item (not a cursed one) from
    the pack or from a holder: it goes back to the item pile.

    \b
    Examples:
      companion majin discard game.json I11
    """)


@campaign_command
@click.option("--return", "returned", multiple=True, metavar="ITEM",
              help="A displayed item to put back into the item pile (repeatable).")
@click.option("--all", "every", is_flag=True, help="Put back every displayed item.")
def shop(campaign_file: Path, returned: tuple[str, ...], every: bool, as_json: bool,
         dry_run: bool) -> None:
    """Return displayed items to the item pile.

    \b
    Examples:
      companion majin shop game.json --return I05
      companion majin shop game.json --all
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, town.shop_return(c, list(returned), every), no_dice(),
           as_json, dry_run, None)


@campaign_command
@click.argument("card", metavar="CARD")
@click.option("--free", is_flag=True,
              help="An event's free revival (B3F event 3): no fee, the die still rolled.")
@dice_options
def revive(campaign_file: Path, card: str, free: bool, dice_text: str | None,
           seed: int | None, as_json: bool, dry_run: bool) -> None:
    """Revive a graveyard card for its rank's fee (C 300, UC 500, R 1000, SR 2000, 転校生
    3000 yen): on a 6 it is lost for good, the fee kept.

    \b
    Examples:
      companion majin revive game.json M05 --dice 3
      companion majin revive game.json M05 --free --dice 2
    """
    c, before = loaded(campaign_file)
    tray = make_tray(dice_text, seed)
    commit(campaign_file, before, c, town.revive(c, card, tray, free=free), tray, as_json,
           dry_run, seed)


add_help(revive, DICE_HELP)


@campaign_command
@click.argument("cards", nargs=-1, required=True, metavar="ID…")
@seed_option
def lose(campaign_file: Path, cards: tuple[str, ...], seed: int | None, as_json: bool,
         dry_run: bool) -> None:
    """Lose cards for good: graveyard cards, bodies (without items) or the site's bodies and
    items. 魔人 go back into their tier piles, which are shuffled.

    \b
    Examples:
      companion majin lose game.json M05 M09
    """
    c, before = loaded(campaign_file)
    tray = make_tray(seed=seed)
    commit(campaign_file, before, c, town.lose(c, list(cards), tray), tray, as_json, dry_run,
           seed)


@campaign_command
@click.option("--deposit", type=int, metavar="N", help="Yen to put in the bank.")
@click.option("--withdraw", type=int, metavar="N", help="Yen to take out.")
def bank(campaign_file: Path, deposit: int | None, withdraw: int | None, as_json: bool,
         dry_run: bool) -> None:
    """Keep money safe in the bank (on the surface): a wipe-out halves only carried money.

    \b
    Examples:
      companion majin bank game.json --deposit 500
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, town.bank(c, deposit, withdraw), no_dice(), as_json,
           dry_run, None)


@campaign_command
@click.option("--open", "floor", type=click.Choice(["2", "3"]), required=True,
              help="The floor the elevator now reaches.")
def elevator(campaign_file: Path, floor: str, as_json: bool, dry_run: bool) -> None:
    """Open the elevator to B2F or B3F, when the scenario says so (R31).

    \b
    Examples:
      companion majin elevator game.json --open 2
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, town.elevator(c, int(floor)), no_dice(), as_json,
           dry_run, None)


@campaign_command
@click.option("--money", type=int, metavar="±N", help="Add to (or take from) the money.")
@click.option("--lp", type=int, metavar="±N",
              help="Add to (or take from) the party LP (in the dungeon; 0 is a wipe-out).")
@click.option("--flag", "flags", multiple=True, metavar="F", help="Set a scenario flag.")
@click.option("--unflag", "unflags", multiple=True, metavar="F", help="Clear a flag.")
@click.option("--encounter", type=int, metavar="±N",
              help="Add to (or take from) the encounter value; 10 or more makes a battle due.")
@click.option("--reset-encounter", is_flag=True,
              help="Set the encounter value to 0 (before any --encounter).")
@click.option("--item", metavar="ITEM",
              help="An item from the item pile: into the pack on the surface, to a free "
                   "holder in the dungeon (pay its price with --money).")
@click.option("--to", "holder", metavar="CARD", help="Who takes the --item (default: the "
                                                     "first free holder).")
@click.option("--chest", type=click.IntRange(1, 9), metavar="LEVELS",
              help="A chest found by an event, opened as after a battle against monsters "
                   "of these levels in all ('chest' opens it).")
@click.option("--note", required=True, metavar="TEXT", help="Why (logged).")
@seed_option
def adjust(campaign_file: Path, note: str, seed: int | None, as_json: bool, dry_run: bool,
           **effects: Any) -> None:
    """Apply a scenario's effect or an event: money, the party LP, flags, the encounter
    value, an item bought from the pile, a chest. An LP of 0 is a wipe-out.

    \b
    Examples:
      companion majin adjust game.json --lp -2 --note "B1F event 2: a pit"
      companion majin adjust game.json --money -100 --item I11 --note "B1F event 3"
      companion majin adjust game.json --money -100 --reset-encounter --note "an altar"
      companion majin adjust game.json --encounter 3 --note "B2F event 4"
      companion majin adjust game.json --chest 1 --note "B1F event 6: a chest"
      companion majin adjust game.json --flag gate --note "the gate is open"
    """
    c, before = loaded(campaign_file)
    tray = make_tray(seed=seed)
    effects["flags"], effects["unflags"] = tuple(effects["flags"]), tuple(effects["unflags"])
    change = scenario.adjust(c, scenario.Effects(**effects), note, tray)
    commit(campaign_file, before, c, change, tray, as_json, dry_run, seed)


# --- the dungeon ----------------------------------------------------------------------------


@campaign_command
@click.option("--floor", type=click.IntRange(1, 3), default=1, show_default=True,
              help="B1F, or a floor the elevator reaches (paid).")
@click.option("--items", "items_text", metavar="H=I,…",
              help="Who holds which pack item (the rest: in formation order).")
@dice_options
def enter(campaign_file: Path, floor: int, items_text: str | None, dice_text: str | None,
          seed: int | None, as_json: bool, dry_run: bool) -> None:
    """Enter the dungeon: the up stairs on (die 1, die 2), LP = ΣHP (at most 40), the pack
    handed out.

    \b
    Examples:
      companion majin enter game.json --dice 3,5
      companion majin enter game.json --floor 2 --seed 7
    """
    c, before = loaded(campaign_file)
    tray = make_tray(dice_text, seed)
    change = expedition.enter(c, floor, town.parse_holdings(items_text), tray)
    commit(campaign_file, before, c, change, tray, as_json, dry_run, seed)


add_help(enter, DICE_HELP)


@campaign_command
@click.option("--card", metavar="ID", help="The card the table drew.")
def draw(campaign_file: Path, card: str | None, as_json: bool, dry_run: bool) -> None:
    """Draw the floor's next corridor card at a corridor end (the special card once the
    pile is used up).

    \b
    Examples:
      companion majin draw game.json
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, expedition.draw(c, card), no_dice(), as_json, dry_run,
           None)


@campaign_command
@click.argument("side", metavar="DIR", type=click.Choice(DIRECTIONS, case_sensitive=False))
@click.option("--rotate", type=click.Choice(["0", "90", "180", "270"]),
              help="The turn (default: the smallest that opens back).")
def place(campaign_file: Path, side: str, rotate: str | None, as_json: bool,
          dry_run: bool) -> None:
    """Lay the drawn card towards DIR (N, E, S, W), move onto it and enter it.

    \b
    Examples:
      companion majin place game.json E
      companion majin place game.json S --rotate 90
    """
    c, before = loaded(campaign_file)
    change = expedition.place(c, side.upper(), None if rotate is None else int(rotate))
    commit(campaign_file, before, c, change, no_dice(), as_json, dry_run, None)


@campaign_command
@click.argument("steps", nargs=-1, required=True, metavar="DIR…",
                type=click.Choice(DIRECTIONS, case_sensitive=False))
def move(campaign_file: Path, steps: tuple[str, ...], as_json: bool, dry_run: bool) -> None:
    """Walk over laid cards (open on both sides), entering each; stops where a battle
    becomes due.

    \b
    Examples:
      companion majin move game.json W W N
    """
    c, before = loaded(campaign_file)
    commit(campaign_file, before, c, expedition.move(c, [s.upper() for s in steps]),
           no_dice(), as_json, dry_run, None)


def _plain_command(name: str, action: Callable[[Campaign], Change], doc: str
                   ) -> click.Command:
    def run(campaign_file: Path, as_json: bool, dry_run: bool) -> None:
        c, before = loaded(campaign_file)
        commit(campaign_file, before, c, action(c), no_dice(), as_json, dry_run, None)

    run.__doc__ = doc
    run.__name__ = name
    return campaign_command(run)


stay = _plain_command("stay", expedition.stay, """Stamp in place on a numbered card: a
    battle becomes due (R2).

    \b
    Examples:
      companion majin stay game.json
    """)
descend = _plain_command("descend", expedition.descend, """Go down the stairs to the next
    floor, on the same cell.

    \b
    Examples:
      companion majin descend game.json
    """)


@campaign_command
@seed_option
def up(campaign_file: Path, seed: int | None, as_json: bool, dry_run: bool) -> None:
    """Go up the stairs: to the floor above, or from the entry floor to the surface with
    the bounty (rounded to the hundred) and the dungeon reset.

    \b
    Examples:
      companion majin up game.json --seed 7
    """
    c, before = loaded(campaign_file)
    tray = make_tray(seed=seed)
    commit(campaign_file, before, c, expedition.up(c, tray), tray, as_json, dry_run, seed)


@campaign_command
@with_force(click.option("--out", type=LazyPath(dir_okay=False), required=True,
                         metavar="BATTLE", help="Write the battle file here."))
@click.option("--monsters", "chosen", metavar="ID,…", help="The monsters the table drew.")
@click.option("--dice", "dice_text", metavar="N", help="The d3 the table rolled (1-3).")
@seed_option
@click.option("--boss", metavar="ID", help="A boss the scenario calls (fights first).")
@click.option("--charge", type=click.Choice(["always", "never"]), default="always",
              show_default=True,
              help="Whether a front member whose attack does no damage charges (1d6, that "
                   "many LP) when the battle file's orders do not say.")
def fight(campaign_file: Path, out: Path, chosen: str | None, dice_text: str | None,
          seed: int | None, boss: str | None, charge: str, as_json: bool,
          dry_run: bool) -> None:
    """Set up the battle that is due: 1d3 monsters from the top of the floor's pile, a
    battle file to fight with 'companion majin battle', then 'settle'. The output says
    the charge policy written into the file.

    \b
    Examples:
      companion majin fight game.json --out battle.json --dice 2
      companion majin fight game.json --out battle.json --dice 2 --charge never
      companion majin fight game.json --out boss.json --boss Z3
    """
    c, before = loaded(campaign_file)
    tray = make_tray(dice_text, seed)
    monsters = None if chosen is None else [m.strip() for m in chosen.split(",") if m.strip()]
    change = expedition.fight(c, campaign_file, out, monsters, boss, tray, charge)
    commit(campaign_file, before, c, change, tray, as_json, dry_run, seed)


@campaign_command
@click.argument("battle_file", metavar="BATTLE", type=LazyPath(dir_okay=False))
@seed_option
def settle(campaign_file: Path, battle_file: Path, seed: int | None, as_json: bool,
           dry_run: bool) -> None:
    """Bring a finished battle back into the campaign: LP, formation, bodies, items,
    graveyards, the chest; a lost battle is the wipe-out.

    \b
    Examples:
      companion majin settle game.json battle.json
    """
    c, before = loaded(campaign_file)
    tray = make_tray(seed=seed)
    commit(campaign_file, before, c, expedition.settle(c, battle_file, tray), tray, as_json,
           dry_run, seed)


@campaign_command
@click.option("--short", is_flag=True, help="The short form: one die × (N - 1) + one die.")
@click.option("--choose", type=int, metavar="N", help="The row chosen when over the cap.")
@click.option("--drop", metavar="ITEM", help="With no free holder: the item to give up.")
@click.option("--skip", is_flag=True, help="Leave the chest unopened.")
@dice_options
def chest(campaign_file: Path, short: bool, choose: int | None, drop: str | None, skip: bool,
          dice_text: str | None, seed: int | None, as_json: bool, dry_run: bool) -> None:
    """Open the chest of a won battle, as 'treasure' does, and take what it gives.

    \b
    Examples:
      companion majin chest game.json --dice 6,6,5,6
      companion majin chest game.json --seed 7 --drop I11
    """
    c, before = loaded(campaign_file)
    tray = make_tray(dice_text, seed)
    commit(campaign_file, before, c, expedition.chest(c, short, choose, drop, skip, tray),
           tray, as_json, dry_run, seed)


add_help(chest, DICE_HELP)


@campaign_command
@click.option("--bodies", metavar="ID,…", help="The site's bodies to carry.")
@click.option("--items", "items_text", metavar="ID,…", help="The site's items to take.")
@dice_options
def recover(campaign_file: Path, bodies: str | None, items_text: str | None,
            dice_text: str | None, seed: int | None, as_json: bool, dry_run: bool) -> None:
    """At the wipe-out site: carry bodies and take items (each lost on a 6).

    \b
    Examples:
      companion majin recover game.json --bodies M01,M03 --items I05 --dice 2
    """
    c, before = loaded(campaign_file)
    tray = make_tray(dice_text, seed)
    change = expedition.recover(c, _ids(bodies), _ids(items_text), tray)
    commit(campaign_file, before, c, change, tray, as_json, dry_run, seed)


def _ids(text: str | None) -> list[str]:
    return [] if text is None else [part.strip() for part in text.split(",") if part.strip()]


COMMANDS = [new, show, log_command, gacha, party, sell, buy, shop, discard, revive, lose,
            bank, elevator, adjust, enter, draw, place, move, stay, descend, up, fight,
            settle, chest, recover]
