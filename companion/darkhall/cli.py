"""``companion darkhall``: the board, the monster, token moves and the deck."""

from __future__ import annotations

from pathlib import Path

import click

from companion.darkhall import deck as deck_rules
from companion.darkhall import state as states
from companion.darkhall.account import describe
from companion.darkhall.monster import TILES, resolve_monster, result_to_dict
from companion.darkhall.pieces import starting_tokens
from companion.darkhall.render import draw
from companion.darkhall.setup import manual_setup_problems
from companion.darkhall.standing import leaders, standing
from companion.darkhall.tokens import move_token
from companion.dice import new_seed
from companion.errors import InputError
from companion.files import dump_json, parse_json, read_text, write_atomic
from companion.shell import ascii_option

STATE_HELP = (
    "A state file (.json, .toml, or the text form), or a shipped state: "
    "'basic' (the basic setup) or 'sample'."
)
state_argument = click.argument("state", default="basic", metavar="[STATE]")
out_option = click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path),
    help="Write the new state here (.json, .toml, or text for any other name).",
)


@click.group()
def darkhall() -> None:
    """Dark Hall (暗黒の大広間): resolve the monster, check token moves, run the deck.

    \b
    Squares are named a1 (the exit, top left) to p11 (the entrance).
    STATE is a state file (see docs/darkhall.md) or 'basic' / 'sample'.
    \b
      companion darkhall show sample
      companion darkhall monster sample --tile 10
      companion darkhall move sample red-4 k5 k6 k7 --out next.json
      companion darkhall deck new game.json --seed 7
    """


@darkhall.command()
@state_argument
@click.option("--as", "form", type=click.Choice(["board", "json", "text", "toml"]),
              default="board", show_default=True, help="What to print.")
@click.option("--players", type=int, help="Players at the table (default: as the state "
              "names them); sets how many tokens out win.")
@ascii_option
def show(state: str, form: str, players: int | None, ascii_only: bool) -> None:
    """Draw STATE with each player's tokens out, or print it as JSON, TOML or text."""
    position = states.load(state)
    if form == "board":
        click.echo(draw(position, ascii_only=ascii_only))
        for line in describe_standing(standing(position, players)):
            click.echo(line)
    else:
        click.echo(states.dump(position, form), nl=False)


show.help = (show.help or "") + "\n\n" + STATE_HELP


@darkhall.command()
@state_argument
@click.option("--tile", required=True, metavar="|".join(TILES),
              help="The monster movement tile drawn.")
@click.option("--json", "as_json", is_flag=True,
              help="Print steps, eaten tokens and the new state as JSON.")
@out_option
@ascii_option
def monster(state: str, tile: str, as_json: bool, out: Path | None, ascii_only: bool) -> None:
    """Move the monster for one tile, step by step, from STATE."""
    before = states.load(state)
    result = resolve_monster(before, tile)
    if out is not None:
        save_state(out, result.state)
    if as_json:
        click.echo(dump_json(result_to_dict(result, states.to_dict(result.state))), nl=False)
        return
    click.echo(draw(before, ascii_only=ascii_only))
    click.echo()
    click.echo(describe(result))
    click.echo()
    click.echo(draw(result.state, ascii_only=ascii_only))


monster.help = (monster.help or "") + "\n\n" + STATE_HELP


@darkhall.command()
@click.argument("state")
@click.argument("token")
@click.argument("path", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the move and new state as JSON.")
@out_option
@ascii_option
def move(state: str, token: str, path: tuple[str, ...], as_json: bool, out: Path | None,
         ascii_only: bool) -> None:
    """Check TOKEN's move along PATH: the squares it stands on after each point.

    \b
    A waiting token enters on p11; 'out' after a1 leaves the board.
    A slide over blood is one point: write the first pool square or where
    the slide ends. An empty PATH stays put (and still flips the token).
      companion darkhall move state.json red-6 p11 p10 o10
    """
    position = states.load(state)
    result = move_token(position, token, path)
    if out is not None:
        save_state(out, result.state)
    if as_json:
        click.echo(dump_json({
            "token": token, "face": result.face, "squares": list(result.squares),
            "pushed": [{"piece": p.piece, "from": p.start, "to": p.to, "fate": p.fate}
                       for p in result.pushes],
            "state": states.to_dict(result.state),
        }), nl=False)
        return
    walked = " → ".join(result.squares) or "stays put"
    click.echo(f"Legal: {token} ({result.face}) {walked}; it now shows {7 - result.face}.")
    for push in result.pushes:
        click.echo(f"  pushes the stone {push.start} → {push.to or 'out of the game'}")
    click.echo(draw(result.state, ascii_only=ascii_only))


@darkhall.command()
@click.argument("state", required=False)
@click.option("--players", type=int, help="Add every player's tokens (2–7), waiting to enter.")
@out_option
def setup(state: str | None, players: int | None, out: Path | None) -> None:
    """Check STATE as a manual setup (option dmaufbau); without STATE, print the
    basic setup as a state file to start a game from.

    \b
      companion darkhall setup --players 4 --out game-state.json
      companion darkhall setup my-layout.json
    """
    if state is None:
        basic = states.basic_setup()
        if players is not None:
            basic = basic.with_tokens(starting_tokens(players))
        if out is not None:
            save_state(out, basic)
        else:
            click.echo(states.to_json(basic), nl=False)
        return
    problems = manual_setup_problems(states.load(state))
    if problems:
        raise InputError("not a legal manual setup:\n  " + "\n  ".join(problems), state)
    click.echo(f"{state}: a legal manual setup.")


def save_state(path: Path, position: states.State) -> None:
    form = {".json": "json", ".toml": "toml"}.get(path.suffix, "text")
    write_atomic(path, states.dump(position, form))


# --- the deck -------------------------------------------------------------


@darkhall.group()
def deck() -> None:
    """Run the monster deck for a whole game from a seed, in a small game file."""


@deck.command("new")
@click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=int, help="The seed that deals every tile (drawn if omitted).")
@click.option("--force", is_flag=True, help="Replace an existing game file.")
def deck_new(game: Path, seed: int | None, force: bool) -> None:
    """Start a game file GAME."""
    if game.exists() and not force:
        raise InputError("already exists; use --force to start over", str(game))
    started = deck_rules.Game(new_seed() if seed is None else seed)
    write_atomic(game, dump_json(deck_rules.to_dict(started)))
    click.echo(f"New game in {game}, seed {started.seed}. Draw with: "
               f"companion darkhall deck draw {game}")


@deck.command("draw")
@click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--state", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also move the monster on this state file, and save it in place.")
@ascii_option
def deck_draw(game: Path, state_file: Path | None, ascii_only: bool) -> None:
    """Draw the next monster tile (and with --state, move the monster)."""
    current = load_game(game)
    after, drawn = current.draw()
    click.echo(f"Stage {drawn.stage}, monster move {drawn.move} of "
               f"{deck_rules.MOVES_PER_STAGE}: tile {drawn.tile} ({drawn.left} face down).")
    if state_file is not None:
        position = states.load(str(state_file))
        result = resolve_monster(states.with_stage(position, drawn.stage), drawn.tile)
        save_state(state_file, result.state)
        click.echo(describe(result))
        click.echo(draw(result.state, ascii_only=ascii_only))
    write_atomic(game, dump_json(deck_rules.to_dict(after)))
    if drawn.stage == 1 and drawn.move == deck_rules.MOVES_PER_STAGE:
        click.echo("Stage 1 is over: the 8th tile is not used; all eight are reshuffled. "
                   "From now on eaten tokens leave the game.")
    if after.over:
        click.echo("The game is over: seven monster moves in stage 2. "
                   "The player with the most tokens out wins.")


@deck.command("show")
@click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
def deck_show(game: Path) -> None:
    """Show the tiles drawn so far and what comes next."""
    current = load_game(game)
    click.echo(f"Seed {current.seed}.")
    for d in current.drawn:
        click.echo(f"  stage {d.stage} move {d.move}: {d.tile}")
    if current.over:
        click.echo("The game is over.")
    else:
        click.echo(f"Next: stage {current.stage}, move "
                   f"{len(current.drawn) % deck_rules.MOVES_PER_STAGE + 1}.")


def load_game(path: Path) -> deck_rules.Game:
    return deck_rules.from_dict(parse_json(read_text(path), str(path)), str(path))


def describe_standing(table) -> list[str]:
    lines = [f"{s.player}: {s.out} out of {s.needed} needed"
             f" ({s.on_board} on the board, {s.waiting} waiting)"
             + (" — has won" if s.won else "") for s in table]
    ahead = leaders(table)
    if ahead and not any(s.won for s in table):
        lines.append("most out: " + ", ".join(ahead))
    return lines
