"""The ``companion`` command: a thin shell over the rules.

Every subcommand reads people's input, calls one pure function, and prints
text (or JSON with ``--json``). Bad input ends in one line naming the place
and exit code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from companion import __version__, dice, i18n
from companion.errors import InputError
from companion.files import read_text
from companion.i18n import _
from companion.shell import FriendlyGroup, add_help
from companion.text import fraction_text, rjust

#: Game command groups, imported only when used so every command starts fast.
GAMES = {
    "darkhall": "companion.darkhall.cli:darkhall",
    "rakugaaki": "companion.rakugaaki.cli:rakugaaki",
    "jongrogue": "companion.jongrogue.cli:jongrogue",
    "roguelight": "companion.roguelight.cli:roguelight",
}


class CompanionGroup(FriendlyGroup):
    """Loads game groups lazily; turns :class:`InputError` into a clean exit."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *GAMES])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in GAMES:
            module, attribute = GAMES[name].split(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    i18n.use(value)


@click.group(cls=CompanionGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="companion")
@click.option("--lang", type=click.Choice(i18n.LANGS), callback=_speak, expose_value=False,
              is_eager=True, help="Language of messages and reports: ja (日本語) or en. "
              "Default: the locale's (LANG=ja_JP.UTF-8 speaks Japanese).")
def main() -> None:
    """Adjudicate tabletop games at the table: dice, odds, and each game's rules.

    \b
    Examples:
      companion roll 2d6 '3d6>=5' --seed 7
      companion odds 4d6kh3
      companion darkhall show sample
      companion darkhall monster sample --tile 10
      companion --lang ja darkhall show sample
    """


DICE_HELP = """\b
Notation: NdX (2d6, d20), keep/drop (4d6kh3, 4d6kl1, 5d6dl2, 5d6dh1),
counts of dice >= T ('3d6>=5'), 'any:3d6>=5' (1 if any die >= 5, else 0),
and constants joined with + and - (2d6+1d4-1). Quote notations with '>='."""


@main.command()
@click.argument("notations", nargs=-1, required=True)
@click.option("--seed", type=int, help="Replay: the same seed gives the same dice.")
@click.option("--log", "log_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Append each roll as a JSON line (notation, dice, total, seed).")
@click.option("--json", "as_json", is_flag=True, help="Print the rolls as JSON.")
def roll(notations: tuple[str, ...], seed: int | None, log_file: Path | None,
         as_json: bool) -> None:
    """Roll dice. Without --seed a seed is drawn and shown, so any roll replays.

    Several NOTATIONS are rolled in turn from one seeded generator.

    \b
    Examples:
      companion roll 2d6 '3d6>=5' --seed 7
      companion roll d20 --log rolls.jsonl
      companion roll 4d6kh3 --json
    """
    rolls = dice.roll_all(notations, seed)
    if log_file is not None:
        _append_log(log_file, rolls)
    if as_json:
        emit_json([r.to_json() for r in rolls])
        return
    for r in rolls:
        click.echo(r.describe())
    click.echo(_("seed {seed} (replay: --seed {seed})", seed=rolls[0].seed), err=True)


add_help(roll, DICE_HELP)


ROLL_KEYS = frozenset({"notation", "dice", "total", "seed"})


def _append_log(path: Path, rolls: list[dice.Roll]) -> None:
    """Append to a roll log, refusing a file that is something else."""
    if path.is_file() and path.stat().st_size:
        for number, line in enumerate(read_text(path).splitlines(), start=1):
            try:
                entry = json.loads(line) if line.strip() else {}
            except json.JSONDecodeError:
                entry = None
            if line.strip() and not (isinstance(entry, dict) and set(entry) >= ROLL_KEYS):
                raise InputError(_("not a roll log (each line a JSON roll from 'companion "
                                   "roll --log'); nothing was added"), f"{path}:{number}")
    lines = "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in rolls)
    try:
        with path.open("a", encoding="utf-8") as handle:
            handle.write(lines)
    except OSError as err:
        raise InputError(err.strerror or _("cannot be written"), str(path)) from None


@main.command()
@click.argument("notation")
@click.option("--json", "as_json", is_flag=True, help="Print the distribution as JSON.")
def odds(notation: str, as_json: bool) -> None:
    """Exact odds of NOTATION: P(= v) and P(>= v) for every value, and the mean.

    \b
    Examples:
      companion odds 2d6
      companion odds 'any:3d6>=4' --json
    """
    dist = dice.distribution(notation)
    if as_json:
        emit_json(_odds_json(notation, dist))
        return
    click.echo(_("{notation}: {outcomes} equally likely outcomes, mean {mean} = {value:.4f}",
                 notation=notation, outcomes=dist.outcomes, mean=fraction_text(dist.mean),
                 value=float(dist.mean)))
    click.echo(f"{rjust(_('value'), 6)}  {'P(=)':>20}  {'P(>=)':>20}")
    for value, p, tail in dist.rows():
        click.echo(f"{value:>6}  {_cell(p):>20}  {_cell(tail):>20}")


add_help(odds, DICE_HELP)


def _cell(p: Fraction) -> str:
    return f"{fraction_text(p)} {float(p) * 100:6.2f}%"


def _odds_json(notation: str, dist: dice.Distribution) -> dict[str, Any]:
    return {
        "notation": notation,
        "outcomes": dist.outcomes,
        "mean": fraction_text(dist.mean),
        "mean_float": float(dist.mean),
        "rows": [
            {"value": v, "p": fraction_text(p), "p_at_least": fraction_text(t),
             "p_float": float(p), "p_at_least_float": float(t)}
            for v, p, t in dist.rows()
        ],
    }

