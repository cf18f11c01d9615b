"""What the 魔人 commands share: --json, --dice/--seed, --out and the battle argument."""

from __future__ import annotations

from typing import Any

import click

from companion.dice import Tray, typed_dice
from companion.files import dump_json
from companion.i18n import _
from companion.shell import SEED, LazyPath, with_force

json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print JSON on standard output (messages go to standard "
                                "error).")
out_option = with_force(click.option("--out", type=LazyPath(dir_okay=False),
                                     metavar="NEW", help="Write the new battle file here."))
battle_argument = click.argument("battle_file", metavar="BATTLE",
                                 type=LazyPath(dir_okay=False))
DICE_HELP = """Dice: --dice D,D,… are the dice the table rolled, in the order the rules roll
them; they must be exactly the dice the command rolls. --seed S rolls them
from a seed. With neither a seed is drawn and shown on standard error, and the
'rolls' of the output typed back with --dice replay the run."""


def dice_options(command: Any) -> Any:
    command = click.option("--seed", type=SEED,
                           help="Roll from this seed (the same seed gives the same dice).")(
        command)
    return click.option("--dice", "dice_text", metavar="D,D,…",
                        help="The dice rolled at the table, in order.")(command)


def tray(dice_text: str | None, seed: int | None) -> Tray:
    return Tray(None if dice_text is None else typed_dice(dice_text), seed)


def done(dice: Tray, seed: int | None) -> None:
    """Refuse dice left over; show a seed that was drawn, so the run replays."""
    dice.finish()
    if dice.typed is None and seed is None:
        click.echo(_("seed {seed} (replay: --seed {seed})", seed=dice.seed), err=True)


def emit(data: Any) -> None:
    click.echo(dump_json(data), nl=False)
