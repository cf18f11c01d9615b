"""``companion darkhall``: the board, the monster, token moves and the deck."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import click

from companion.darkhall import state as states
from companion.darkhall.account import describe
from companion.darkhall.history import recorded, undo, undraw
from companion.darkhall.monster import TILES, result_to_dict
from companion.darkhall.render import draw
from companion.darkhall.rounds import RoundEnd, end_round, refuse_if_over, take_turn
from companion.darkhall.standing import Outcome, outcome, standing
from companion.errors import InputError
from companion.files import (
    dump_json,
    parse_json,
    read_text,
    refuse_overwriting,
    write_atomic,
    write_together,
)
from companion.i18n import _, _n
from companion.shell import (
    SEED,
    HelpGroup,
    LazyPath,
    add_help,
    ascii_option,
    names_or_files,
    updates_files,
    with_force,
)

if TYPE_CHECKING:
    from pathlib import Path

    from companion.darkhall import deck as deck_rules

STATE_HELP = (
    "A state file (.json, .toml, or the text form), or a shipped state: "
    "'basic' (the basic setup) or 'sample'."
)
complete_state = names_or_files(*states.SHIPPED)
state_argument = click.argument("state", default="basic", metavar="[STATE]",
                                shell_complete=complete_state)


def _complete_token(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The ids of the tokens in the state named before."""
    from click.shell_completion import CompletionItem

    try:
        tokens = states.load(ctx.params.get("state") or "basic").tokens
    except (InputError, OSError):
        return []
    return [CompletionItem(t.id) for t in tokens if t.id.startswith(incomplete)]
out_option = with_force(click.option(
    "--out", type=LazyPath(dir_okay=False),
    help="Write the new state here (.json, .toml, or text for any other name; '-' writes "
         "only the JSON state to standard output, the report to standard error).",
))


@click.group(cls=HelpGroup)
def darkhall() -> None:
    """Dark Hall (暗黒の大広間): resolve the monster, check token moves, run the deck.

    \b
    Squares are named a1 (the exit, top left) to p11 (the entrance).
    STATE is a state file (see docs/darkhall.md) or 'basic' / 'sample'.

    \b
    Examples:
      companion darkhall show sample
      companion darkhall monster sample --tile 10
      companion darkhall move sample red-4 k5 k6 k7 --out next.json
      companion darkhall deck new game.json --seed 7
    """


@darkhall.command()
@state_argument
@click.option("--as", "form", type=click.Choice(["board", "json", "text", "toml"]),
              default="board", show_default=True, help="What to print.")
@click.option("--players", type=click.IntRange(2, 7), help="Players at the start (default: "
              "the state's 'players', else as its tokens name them); sets how many tokens "
              "out win.")
@ascii_option
def show(state: str, form: str, players: int | None, ascii_only: bool) -> None:
    """Draw STATE with the round, each player's tokens out, and the winner once
    there is one; or print it as JSON, TOML or text.

    \b
    Examples:
      companion darkhall show game-state.json
      companion darkhall show sample --ascii
      companion darkhall show game-state.json --as toml > game-state.toml
    """
    position = states.load(state)
    if form == "board":
        click.echo(draw(position, ascii_only=ascii_only))
        for line in describe_standing(position, players):
            click.echo(line)
    else:
        click.echo(states.dump(position, form), nl=False)


add_help(show, STATE_HELP)


@darkhall.command()
@state_argument
@click.option("--tile", required=True, metavar="|".join(TILES),
              help="The monster movement tile drawn.")
@click.option("--json", "as_json", is_flag=True,
              help="Print steps, eaten tokens and the new state as JSON.")
@out_option
@ascii_option
def monster(state: str, tile: str, as_json: bool, out: Path | None, ascii_only: bool) -> None:
    """Move the monster for one tile, step by step, from STATE: this ends the round.

    Tokens that have not moved this round are flipped first (a move of 0);
    then the monster moves and the next round begins (after round 7, stage 2).

    \b
    Examples:
      companion darkhall monster sample --tile 10
      companion darkhall monster game-state.json --tile XX --out game-state.json
      companion darkhall monster sample --tile 5 --json
    """
    before = states.load(state)
    ended = end_round(before, tile)
    ended = replace(ended, state=recorded(before, ended.state, f"monster {tile}"))
    if as_json:
        text = dump_json(round_to_dict(ended))
    else:
        text = "\n".join([draw(before, ascii_only=ascii_only), "", *describe_round(ended), "",
                          draw(ended.state, ascii_only=ascii_only)]) + "\n"
    click.echo(text, nl=False, err=_to_stdout(out))
    if out is not None:
        save_state(out, ended.state)


add_help(monster, STATE_HELP)


@darkhall.command()
@click.argument("state", shell_complete=complete_state)
@click.argument("token", shell_complete=_complete_token)
@click.argument("path", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the move and new state as JSON.")
@out_option
@ascii_option
def move(state: str, token: str, path: tuple[str, ...], as_json: bool, out: Path | None,
         ascii_only: bool) -> None:
    """Check TOKEN's move along PATH: the squares it stands on after each point.

    A waiting token enters on p11; 'out' after a1 leaves the board.

    A slide over blood is one point: write the first pool square or where
    the slide ends. An empty PATH stays put (and still flips the token).
    The state records the round: in round 1 each player moves two tokens,
    from round 2 every token moves once; the monster's move ends the round.

    \b
    Examples:
      companion darkhall move state.json red-6 p11 p10 o10 --out state.json
      companion darkhall move sample red-4 k5 k6 k7 --json
    """
    position = states.load(state)
    result = take_turn(position, token, path)
    result = replace(result, state=recorded(position, result.state,
                                            " ".join(["move", token, *path])))
    if as_json:
        click.echo(dump_json({
            "token": token, "face": result.face, "squares": list(result.squares),
            "pushed": [{"piece": p.piece, "from": p.start, "to": p.to, "fate": p.fate}
                       for p in result.pushes],
            "state": states.to_dict(result.state),
        }), nl=False, err=_to_stdout(out))
    else:
        walked = " → ".join(result.squares) or _("stays put")
        lines = [_("Legal: {token} ({face}) {walked}; it now shows {shows}.", token=token,
                   face=result.face, walked=walked, shows=7 - result.face),
                 *("  " + _("pushes the stone {start} → {to}", start=push.start,
                            to=push.to or _("out of the game")) for push in result.pushes),
                 draw(result.state, ascii_only=ascii_only), *describe_standing(result.state)]
        click.echo("\n".join(lines), err=_to_stdout(out))
    if out is not None:
        save_state(out, result.state)


@darkhall.command()
@click.argument("state", required=False, shell_complete=complete_state)
@click.option("--players", type=click.IntRange(2, 7),
              help="Add every player's tokens (2–7), waiting to enter, and record the number "
              "of players.")
@out_option
def setup(state: str | None, players: int | None, out: Path | None) -> None:
    """Check STATE as a manual setup (the players place stones and pools); without
    STATE, print the basic setup as a state file to start a game from.

    \b
    Examples:
      companion darkhall setup --players 4 --out game-state.json
      companion darkhall setup my-layout.json
    """
    if state is None:
        basic = states.basic_setup()
        if players is not None:
            from companion.darkhall.pieces import starting_tokens

            basic = replace(basic, tokens=starting_tokens(players), players=players)
        if out is not None:
            save_state(out, basic)
        else:
            click.echo(states.to_json(basic), nl=False)
        return
    from companion.darkhall.setup import manual_setup_problems

    problems = manual_setup_problems(states.load(state, pool_checks=False))
    if problems:
        raise InputError(_("not a legal manual setup:") + "\n  " + "\n  ".join(problems), state)
    click.echo(_("{state}: a legal manual setup.", state=state))


@darkhall.command("undo")
@click.argument("state", shell_complete=complete_state)
@click.option("--game", type=LazyPath(dir_okay=False),
              help="The game file, when the last change was 'deck draw': the tile goes "
              "back in the deck, and both files are saved together.")
@out_option
@ascii_option
def undo_command(state: str, game: Path | None, out: Path | None, ascii_only: bool) -> None:
    """Take back the last change recorded in STATE: a token's move, or the
    monster's move that ended a round (a mistyped tile).

    Every state written by move, monster and deck draw keeps the changes that
    led to it, so undo can be repeated back to the start.

    \b
    Examples:
      companion darkhall undo game-state.json --out game-state.json
      companion darkhall undo game-state.json --game game.json --out game-state.json
    """
    from companion.darkhall import deck as deck_rules

    position = states.load(state)
    before, change = undo(position, state)
    files: list[tuple[Path, str]] = []
    if game is not None:
        if out is None or str(out) == "-":
            raise click.UsageError(_("--game needs --out FILE: the state and the game file "
                                     "are saved together"))
        refuse_overwriting(out, {_("game file"): game})
        files.append((game, dump_json(deck_rules.to_dict(undraw(load_game(game), change,
                                                                    str(game))))))
    elif change.drawn is not None:
        raise InputError(_("the last change drew tile {tile} from the deck: give --game GAME "
                           "so that it goes back in the deck too", tile=change.drawn), state)
    lines = [_("Undone: {did}.", did=change.did), draw(before, ascii_only=ascii_only),
             *describe_standing(before)]
    click.echo("\n".join(lines), err=_to_stdout(out))
    if out is not None and str(out) != "-":
        files.append((out, state_text(out, before)))
    elif out is not None:
        save_state(out, before)
    write_together(files)
    for path, _text in files:
        click.echo(_("Written to {path}.", path=path), err=True)


def save_state(path: Path, position: states.State) -> None:
    """Write the state; '-' writes it, as JSON, to standard output."""
    if str(path) == "-":
        click.echo(states.to_json(position), nl=False)
        return
    write_atomic(path, state_text(path, position))
    click.echo(_("State written to {path}.", path=path), err=True)


def _to_stdout(out: Path | None) -> bool:
    """Whether the state itself goes to standard output (so reports go to stderr)."""
    return out is not None and str(out) == "-"


def state_text(path: Path, position: states.State) -> str:
    """The state in the form the file name asks for (.json, .toml, else text)."""
    form = {".json": "json", ".toml": "toml"}.get(path.suffix, "text")
    return states.dump(position, form)


# --- the deck -------------------------------------------------------------


@darkhall.group()
def deck() -> None:
    """Run the monster deck for a whole game from a seed, in a small game file.

    \b
    Examples:
      companion darkhall deck new game.json --seed 42
      companion darkhall deck draw game.json --state game-state.json
      companion darkhall deck show game.json
    """


@updates_files
@deck.command("new")
@click.argument("game", type=LazyPath(dir_okay=False))
@click.option("--seed", type=SEED, help="The seed that deals every tile (drawn if omitted).")
@click.option("--force", is_flag=True, help="Replace an existing game file.")
def deck_new(game: Path, seed: int | None, force: bool) -> None:
    """Start a game file GAME: every tile of the game follows from its seed.

    \b
    Examples:
      companion darkhall deck new game.json --seed 42
      companion darkhall deck new game.json --force
    """
    from companion.darkhall import deck as deck_rules
    from companion.dice import new_seed

    if game.exists() and not force:
        raise InputError(_("already exists; use --force to start over"), str(game))
    started = deck_rules.Game(new_seed() if seed is None else seed)
    write_atomic(game, dump_json(deck_rules.to_dict(started)))
    click.echo(_("New game in {game}, seed {seed}. Draw with: companion darkhall deck draw "
                 "{game}", game=game, seed=started.seed))


@updates_files
@deck.command("draw")
@click.argument("game", type=LazyPath(dir_okay=False))
@click.option("--state", "state_file", type=LazyPath(dir_okay=False),
              help="Also end the round on this state file with the tile drawn (flip the "
              "tokens that did not move, move the monster), and save both files together.")
@ascii_option
def deck_draw(game: Path, state_file: Path | None, ascii_only: bool) -> None:
    """Draw the next monster tile (and with --state, end the round with it).

    The game file and the state file go together from round 1: the state's
    round must be the next draw. Both are saved, or neither.

    \b
    Examples:
      companion darkhall deck draw game.json --state game-state.json
      companion darkhall deck draw game.json
    """
    from companion.darkhall import deck as deck_rules

    if state_file is not None:
        refuse_overwriting(state_file, {_("game file"): game})
    current = load_game(game)
    position = None if state_file is None else states.load(str(state_file))
    if position is not None:
        _refuse_mismatch(current, position, state_file)
        refuse_if_over(position)
    after, drawn = current.draw()
    lines = [_("Stage {stage}, monster move {move} of {moves}: tile {tile} ({left} face "
               "down).", stage=drawn.stage, move=drawn.move, moves=deck_rules.MOVES_PER_STAGE,
               tile=drawn.tile, left=drawn.left)]
    files: list[tuple[Path, str]] = [(game, dump_json(deck_rules.to_dict(after)))]
    if position is not None:
        ended = end_round(position, drawn.tile)
        ended = replace(ended, state=recorded(position, ended.state, f"deck draw {drawn.tile}",
                                              drawn=drawn.tile))
        lines += describe_round(ended, show_stage=False)
        lines += [draw(ended.state, ascii_only=ascii_only), *describe_standing(ended.state)]
        files.append((state_file, state_text(state_file, ended.state)))
    if drawn.stage == 1 and drawn.move == deck_rules.MOVES_PER_STAGE:
        lines.append(_("Stage 1 is over: the 8th tile is not used; all eight are reshuffled. "
                       "From now on eaten tokens leave the game."))
    if after.over and position is None:
        lines.append(_("The game is over: seven monster moves in stage 2. The player with the "
                       "most tokens out wins."))
    click.echo("\n".join(lines))
    write_together(files)


def _refuse_mismatch(game: deck_rules.Game, position: states.State, state_file: Path) -> None:
    if len(game.drawn) != position.round - 1:
        raise InputError(_n(
            "the state is in round {round} but the game file has {count} tile drawn: a game "
            "file and its state file go together from round 1",
            "the state is in round {round} but the game file has {count} tiles drawn: a game "
            "file and its state file go together from round 1", len(game.drawn),
            round=position.round), str(state_file))


@deck.command("show")
@click.argument("game", type=LazyPath(dir_okay=False))
def deck_show(game: Path) -> None:
    """Show the tiles drawn so far and what comes next.

    \b
    Examples:
      companion darkhall deck show game.json
    """
    from companion.darkhall import deck as deck_rules

    current = load_game(game)
    click.echo(_("Seed {seed}.", seed=current.seed))
    for d in current.drawn:
        click.echo("  " + _("stage {stage} move {move}: {tile}", stage=d.stage, move=d.move,
                            tile=d.tile))
    if current.over:
        click.echo(_("The game is over."))
    else:
        click.echo(_("Next: stage {stage}, move {move}.", stage=current.stage,
                     move=len(current.drawn) % deck_rules.MOVES_PER_STAGE + 1))


def load_game(path: Path) -> deck_rules.Game:
    from companion.darkhall import deck as deck_rules

    return deck_rules.from_dict(parse_json(read_text(path), str(path)), str(path))


def describe_standing(position: states.State, players: int | None = None) -> list[str]:
    """The round, each player's tokens, and the leader, winner or result."""
    table = standing(position, players)
    result = outcome(position, players)
    shown = min(position.round, states.LAST_ROUND - 1)
    lines = [_("Round {round}, stage {stage}, {players} players.", round=shown,
               stage=position.stage, players=position.players) if position.players else
             _("Round {round}, stage {stage}.", round=shown, stage=position.stage)]
    lines += [_("{player}: {out} out of {needed} needed ({on_board} on the board, {waiting} "
                "waiting)", player=s.player, out=s.out, needed=s.needed, on_board=s.on_board,
                waiting=s.waiting) for s in table]
    lines.append(describe_outcome(result))
    return [line for line in lines if line]


def describe_outcome(result: Outcome) -> str:
    if result.over:
        winner = _("{player} wins", player=result.winner) if result.winner else \
            _("nobody wins")
        return _("The game is over: {winner} — {why}.", winner=winner, why=result.why)
    if result.winner:
        return _("{player} has won — {why}; the round is played to its end (the monster's "
                 "move ends it).", player=result.winner, why=result.why)
    if result.leaders:
        return _("Leader (most out): {players}.", players=", ".join(result.leaders))
    return ""


def describe_round(ended: RoundEnd, *, show_stage: bool = True) -> list[str]:
    lines = []
    if ended.flipped:
        lines.append(_("Round {round}: flipped without moving: {tokens}.", round=ended.round,
                       tokens=", ".join(ended.flipped)))
    lines.append(describe(ended.monster))
    if ended.stage_1_over and show_stage:
        lines.append(_("Stage 1 is over after the 7th monster move: from now on eaten tokens "
                       "leave the game."))
    result = outcome(ended.state)
    if not result.over:
        lines.append(_("Round {round} is over; round {next} begins.", round=ended.round,
                       next=ended.state.round))
    return lines


def round_to_dict(ended: RoundEnd) -> dict:
    """``monster --json``: the monster's move, plus the round it closed."""
    data = result_to_dict(ended.monster, states.to_dict(ended.state))
    result = outcome(ended.state)
    return {"round": ended.round, "flipped": list(ended.flipped), **data,
            "winner": result.winner, "over": result.over}
