"""``companion majin``: card folders, stairs, chests, escapes and battles of the 魔人
dungeon card game."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from companion import prompts
from companion.decisions import Question
from companion.files import dump_json, parse_json, read_text, write_atomic
from companion.i18n import _
from companion.majin import battle as battles
from companion.majin import campaign_cli, render, treasure
from companion.majin import cards as card_files
from companion.majin.cards import Cards
from companion.majin.options import (
    DICE_HELP,
    battle_argument,
    dice_options,
    done,
    emit,
    json_option,
    out_option,
    tray,
)
from companion.majin.runner import Runner, escape_once
from companion.majin.typed_orders import ORDER_HELP, merged
from companion.shell import HelpGroup, add_help


@click.group(cls=HelpGroup)
def majin() -> None:
    """The 魔人 dungeon card game: card folders, stairs, chests, escapes and battles.

    Card folders hold the scenario's cards as CSV files (docs/majin.md); 'sample'
    is the set shipped with the project.

    \b
    Examples:
      companion majin cards
      companion majin stairs --dice 3,5
      companion majin treasure --floor 1 --levels 2,1,1 --dice 6,6,5,6
      companion majin battle battle.json --seed 7
      companion majin escape battle.json --card W1 --dice 3 --out battle.json
    """


# --- cards, stairs, treasure ---------------------------------------------------------------


@majin.command("cards")
@click.argument("folder", metavar="[DIR]", default=card_files.SAMPLE)
@json_option
def cards_command(folder: str, as_json: bool) -> None:
    """Check a card folder (default: the shipped 'sample' set) and count its cards.

    \b
    Examples:
      companion majin cards
      companion majin cards my-scenario/ --json
    """
    found = card_files.load(folder)
    report = cards_json(found)
    if as_json:
        emit(report)
        return
    for line in render.cards_lines(report):
        click.echo(line)


def cards_json(found: Cards) -> dict[str, Any]:
    majin_cards = found.majin.values()
    by_tier = Counter(str(c.tier) for c in majin_cards)
    by_rank = Counter(c.rank for c in majin_cards)
    return {
        "folder": found.folder,
        "majin": {"count": len(found.majin),
                  "by_tier": {str(t): by_tier[str(t)] for t in card_files.TIERS},
                  "by_rank": {r: by_rank[r] for r in card_files.RANKS}},
        "monsters": {str(f): sum(1 for m in found.monsters.values() if m.floor == f)
                     for f in card_files.FLOORS},
        "bosses": len(found.bosses),
        "items": {"count": len(found.items),
                  "cursed": sum(1 for i in found.items.values() if i.cursed)},
        "dungeon": {str(f): _floor_counts(found, f) for f in card_files.FLOORS},
        "treasure_rows": len(found.treasure),
        "events": len(found.events),
    }


def _floor_counts(found: Cards, floor: int) -> dict[str, int]:
    cards = [c for c in found.dungeon.values() if c.floor == floor]
    return {"corridor": sum(c.count for c in cards if c.kind == "corridor"),
            "up": sum(1 for c in cards if c.kind == "up"),
            "special": sum(1 for c in cards if c.kind == "special"),
            "down": sum(c.count for c in cards if c.symbol == "down")}


@majin.command()
@click.option("--floor", type=click.IntRange(1, 3), default=1, show_default=True,
              help="The floor entered (B1F-B3F).")
@dice_options
@json_option
def stairs(floor: int, dice_text: str | None, seed: int | None, as_json: bool) -> None:
    """Place a floor's up stairs: 2d6, the first die is x (column from the left), the
    second y (row from the top).

    \b
    Examples:
      companion majin stairs --dice 3,5
      companion majin stairs --floor 2 --seed 7 --json
    """
    dice = tray(dice_text, seed)
    x, y = dice.roll(_("x, the column")), dice.roll(_("y, the row"))
    done(dice, seed)
    if as_json:
        emit({"floor": floor, "x": x, "y": y, "cell": f"{x},{y}", "rolls": [x, y],
              "seed": dice.seed})
        return
    click.echo(_("B{floor}F: up stairs on {x},{y} (column {x}, row {y} from the top).",
                 floor=floor, x=x, y=y))
    for line in render.stairs_grid(x, y):
        click.echo(line)


add_help(stairs, DICE_HELP)


@majin.command("treasure")
@click.option("--floor", type=click.IntRange(1, 3), required=True, help="The floor (1-3).")
@click.option("--levels", required=True, metavar="L[,L…]",
              help="The levels of the defeated monsters.")
@click.option("--short", is_flag=True, help="The short form: one die × (N - 1) + one die.")
@click.option("--choose", type=int, metavar="N", help="The row chosen when over the cap.")
@click.option("--cards", "folder", default=card_files.SAMPLE, show_default=True,
              metavar="DIR", help="The card folder whose treasure table is read.")
@dice_options
@json_option
def treasure_command(floor: int, levels: str, short: bool, choose: int | None, folder: str,
                     dice_text: str | None, seed: int | None, as_json: bool) -> None:
    """Open a chest: N = the sum of the levels, N d6 plus the depth bonus (B2F +5,
    B3F +10), capped at 20 on B1F and 40 on B2F; a row over the cap may be chosen.

    The dice are the chest's N dice (two with --short), then the row's money dice.

    \b
    Examples:
      companion majin treasure --floor 1 --levels 2,1,1 --dice 6,6,5,6
      companion majin treasure --floor 1 --levels 2,1,1 --choose 13 --dice 6,6,5,6,4
      companion majin treasure --floor 2 --levels 1,1,3 --short --dice 4,2 --json
    """
    found = card_files.load(folder)
    wanted = treasure.parse_levels(levels)
    dice = tray(dice_text, seed)
    chest = treasure.open_chest(found, floor, wanted, dice, short=short, choose=choose)
    done(dice, seed)
    report = treasure.report(found, chest, dice.seed)
    if as_json:
        emit(report)
        return
    for line in render.chest_lines(report):
        click.echo(line)


add_help(treasure_command, DICE_HELP)


# --- escape, battle -------------------------------------------------------------------------


@majin.command()
@battle_argument
@click.option("--card", required=True, metavar="ID", help="The sacrifice: a living member.")
@dice_options
@json_option
@out_option
def escape(battle_file: Path, card: str, dice_text: str | None, seed: int | None,
           as_json: bool, out: Path | None) -> None:
    """Try one escape from the battle in BATTLE: the sacrifice --card dies whatever
    happens; C escapes on 4+, UC on 3+, R on 2+, SR and 転校生 for certain.

    Allowed before the battle, or between turns from turn 2 on (the summoner's
    action, R22).

    \b
    Examples:
      companion majin escape battle.json --card W1 --dice 3
      companion majin escape battle.json --card W4 --json --out battle.json
    """
    fight = battles.load(battle_file)
    dice = tray(dice_text, seed)
    runner = escape_once(fight, card, dice)
    done(dice, seed)
    event = runner.log[0]
    report = {key: event[key] for key in ("card", "rank", "need", "roll", "success",
                                          "party_lp")}
    report.update(result=fight.result, phase=fight.phase, log=runner.log,
                  rolls=runner.rolls, seed=dice.seed, state=battles.to_dict(fight, out))
    finish(fight, runner, out, as_json, report)


add_help(escape, DICE_HELP)


@majin.command("battle")
@battle_argument
@dice_options
@click.option("--turns", type=click.IntRange(0, None), metavar="N",
              help="Stop after N turns (0: only the pre-battle phase). Default: to the end "
                   "(at most 100 turns a call).")
@click.option("--ask", is_flag=True,
              help="Ask the table each decision the orders leave open, when the rules take "
                   "it, and write the answers into BATTLE's orders. Without --dice or "
                   "--seed, ask each die too.")
@click.option("--order", "typed_orders", multiple=True, metavar="WORDS",
              help="An order in words (repeatable; see below).")
@json_option
@out_option
def battle_command(battle_file: Path, dice_text: str | None, seed: int | None,
                   turns: int | None, ask: bool, typed_orders: tuple[str, ...],
                   as_json: bool, out: Path | None) -> None:
    """Fight the battle in BATTLE by the rules: speed order, attacks, charges,
    abilities, items, the back row and the summoner's orders, to the end.

    The table's decisions are the file's orders (docs/majin.md), --order, or
    --ask's answers; a decision left open takes the default: a front-row member
    attacks the first monster and charges per the policy, the back row and the
    summoner pass.

    \b
    Examples:
      companion majin battle battle.json --seed 7
      companion majin battle battle.json --ask
      companion majin battle battle.json --dice 3,6,1 --json
      companion majin battle battle.json --order '1 front W1 attack X2 nocharge' --seed 7
      companion majin battle battle.json --turns 1 --seed 7 --out battle.json
    """
    fight = battles.load(battle_file)
    fight.orders = merged(fight.orders, typed_orders, fight.cards)
    asked_dice = ask and dice_text is None and seed is None
    dice = prompts.AskingTray() if asked_dice else tray(dice_text, seed)
    table = Table(not as_json) if ask else None
    runner = Runner(fight, dice, table)
    if table is not None:
        table.runner = runner
    runner.run(turns)
    done(dice, seed)
    report = {"turn": fight.turn, "phase": fight.phase, "result": fight.result,
              "party_lp": fight.party_lp, "monster_lp": fight.monster_lp,
              "money": fight.money, "log": runner.log, "rolls": runner.rolls,
              "chest": runner.chest(), "seed": dice.seed,
              "state": battles.to_dict(fight, out)}
    if ask and out != battle_file:
        keep_orders(battle_file, fight.orders)
    finish(fight, runner, out, as_json, report, table.shown if table else 0)


add_help(battle_command, DICE_HELP)
add_help(battle_command, "Orders in words (--order), one decision each:\n\n" + ORDER_HELP)


class Table:
    """The table asked at the terminal: what happened since the last question, then
    the question (on standard output the events, on standard error the questions)."""

    def __init__(self, events_out: bool) -> None:
        self.runner: Runner | None = None
        self.shown = 0
        self.events_out = events_out
        self.situation: tuple[str, ...] = ()

    def __call__(self, question: Question) -> Any:
        assert self.runner is not None
        for event in self.runner.log[self.shown:]:
            click.echo(render.event_line(event), err=not self.events_out)
        self.shown = len(self.runner.log)
        if question.context == self.situation:  # said already
            return prompts.choose(replace(question, context=()))
        self.situation = question.context
        return prompts.choose(question)


def keep_orders(battle_file: Path, orders: dict[str, Any]) -> None:
    """Write the table's answers into BATTLE (nothing else of it changes): the same
    file then replays the battle with the same dice."""
    data = parse_json(read_text(battle_file), str(battle_file))
    data["orders"] = orders
    write_atomic(battle_file, dump_json(data))
    click.echo(_("The orders given are written into {path}: it replays with the same "
                 "dice.", path=battle_file), err=True)


def finish(fight: battles.Battle, runner: Runner, out: Path | None, as_json: bool,
           report: dict[str, Any], shown: int = 0) -> None:
    """Write the new battle file, then print the report (JSON, or the lines not yet
    shown)."""
    if out is not None:
        write_atomic(out, dump_json(report["state"]))
    if as_json:
        emit(report)
    else:
        for line in render.battle_lines(fight, runner.log[shown:]):
            click.echo(line)
    if out is not None:
        click.echo(_("Battle written to {path}.", path=out), err=True)


for campaign_command in campaign_cli.COMMANDS:
    majin.add_command(campaign_command)
