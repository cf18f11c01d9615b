"""The ``companion`` command: a thin shell over the rules.

Every subcommand reads people's input, calls one pure function, and prints
text (or JSON with ``--json``). Bad input ends in one line naming the place
and exit code 2, never a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from companion import __version__, i18n
from companion.errors import InputError
from companion.i18n import _
from companion.shell import SEED, LazyGroup, add_help

if TYPE_CHECKING:
    from fractions import Fraction
    from pathlib import Path

    from companion import dice

#: Game command groups and their one-line help, imported only when used: a command
#: loads its own game and nothing else, and '--help' lists the games without loading
#: any of them (tests/test_startup.py holds it so).
GAMES = {
    "darkhall": ("companion.darkhall.cli:darkhall",
                 "Dark Hall (暗黒の大広間): resolve the monster, check token moves, run the "
                 "deck."),
    "jongrogue": ("companion.jongrogue.cli:jongrogue",
                  "JongRogue (雀ローグ), the map chapter: labyrinth, encounters, floors, "
                  "stairs."),
    "majin": ("companion.majin.cli:majin",
              "The 魔人 dungeon card game: card folders, stairs, chests, escapes and "
              "battles."),
    "rakugaaki": ("companion.rakugaaki.cli:rakugaaki",
                  "Rakugaaki (ラクガーキ): islands, dice counts, exact odds and legal "
                  "placements."),
    "serve": ("companion.web.cli:serve",
              "Serve the companion as a web page for a phone at the table."),
    "roguelight": ("companion.roguelight.cli:roguelight",
                   "Roguelight (ローグライト): score finished sheets, check builds, run the "
                   "interception."),
}


class CompanionGroup(LazyGroup):
    """The games load only when used; bad input ends in one clean line."""

    lazy = GAMES


def emit_json(data: Any) -> None:
    import json

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


DICE_HELP = """Notation: NdX (2d6, d20), keep/drop (4d6kh3, 4d6kl1, 5d6dl2, 5d6dh1),
counts of dice >= T ('3d6>=5'), 'any:3d6>=5' (1 if any die >= 5, else 0),
and constants joined with + and - (2d6+1d4-1). Quote notations with '>='."""


@main.command()
@click.argument("notations", nargs=-1, required=True)
@click.option("--seed", type=SEED, help="Replay: the same seed gives the same dice.")
@click.option("--log", "log_file", type=click.Path(dir_okay=False),
              help="Append each roll as a JSON line (notation, dice, total, seed).")
@click.option("--json", "as_json", is_flag=True, help="Print the rolls as JSON.")
def roll(notations: tuple[str, ...], seed: int | None, log_file: str | None,
         as_json: bool) -> None:
    """Roll dice. Without --seed a seed is drawn and shown, so any roll replays.

    Several NOTATIONS are rolled in turn from one seeded generator.

    \b
    Examples:
      companion roll 2d6 '3d6>=5' --seed 7
      companion roll d20 --log rolls.jsonl
      companion roll 4d6kh3 --json
    """
    from companion import dice

    rolls = dice.roll_all(notations, seed)
    if log_file is not None:
        from pathlib import Path

        _append_log(Path(log_file), rolls)
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
    import json

    from companion.files import read_text

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
    from companion import dice
    from companion.text import fraction_text, rjust

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
    from companion.text import fraction_text

    return f"{fraction_text(p)} {float(p) * 100:6.2f}%"


def _odds_json(notation: str, dist: dice.Distribution) -> dict[str, Any]:
    from companion.text import fraction_text

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

