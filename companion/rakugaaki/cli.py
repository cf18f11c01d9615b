"""``companion rakugaaki``: boards, islands, options with exact odds, challenges, guards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from companion.dice import new_seed
from companion.errors import InputError
from companion.files import dump_json, write_atomic
from companion.i18n import _, _n
from companion.rakugaaki import board as boards
from companion.rakugaaki import odds, rules
from companion.rakugaaki import state as states
from companion.rakugaaki.board import Board, Cell, name, names
from companion.rakugaaki.render import draw, draw_board
from companion.rakugaaki.rules import Options, Placement
from companion.rakugaaki.state import State
from companion.shell import SEED, HelpGroup, LazyPath, add_help, names_or_files, with_force
from companion.text import fraction_text

BOARD_HELP = (f"BOARD is a shipped board ({', '.join(boards.SHIPPED)}) or a board file "
              "(.toml, see docs/rakugaaki.md).")
STATE_HELP = "STATE is a state file (.json, or .toml), see docs/rakugaaki.md."
board_argument = click.argument("board_source", metavar="BOARD",
                                shell_complete=names_or_files(*boards.SHIPPED))
state_argument = click.argument("state_file", metavar="STATE",
                                type=LazyPath(dir_okay=False))
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
player_option = click.option("--player", metavar="COLOUR",
                             help="The colour that acts (default: the state's turn).")
out_option = with_force(click.option("--out", type=LazyPath(dir_okay=False),
                                     help="Write the new state here (.toml for TOML, else "
                                          "JSON)."))


@click.group(cls=HelpGroup)
def rakugaaki() -> None:
    """Rakugaaki (ラクガーキ): islands, dice counts, exact odds and legal placements.

    Cells are named like C4: column letter, row number from the top; even rows
    sit half a cell to the right. Colours: red blue green yellow purple orange.

    \b
    Examples:
      companion rakugaaki new --board standard-34 --players 4 --out game.json
      companion rakugaaki options game.json
      companion rakugaaki challenge game.json --value 1 --at C3 --out game.json
      companion rakugaaki guard game.json D4-D3 --out game.json
      companion rakugaaki table
    """


def emit(data: Any) -> None:
    click.echo(dump_json(data), nl=False)


def chance_json(p: Any) -> dict[str, Any]:
    return {"chance": fraction_text(p), "chance_float": round(float(p), 6)}


# --- board, new, table ---------------------------------------------------------


@rakugaaki.command("board")
@board_argument
@json_option
def board_command(board_source: str, as_json: bool) -> None:
    """Check BOARD and describe it: cells, player counts, guard starts, halves.

    \b
    Examples:
      companion rakugaaki board standard-56
      companion rakugaaki board my-board.toml --json
    """
    board = boards.load(board_source)
    if as_json:
        emit(board_json(board))
        return
    title = f" ({board.title or board.title_en})" if board.title or board.title_en else ""
    click.echo(_("Board {name}{title}: the {kind} board, {cells} cells.", name=board.name,
                 title=title, kind=board.players, cells=len(board.cells)))
    click.echo(draw_board(board))
    for players in board.serves:
        click.echo(_("{players} players: {count} cells in use", players=players,
                     count=len(board.in_use(players))))
    click.echo(_("Guard start cells: {cells}", cells=" ".join(names(board.guard_starts))))
    for number, half in enumerate(board.halves or (), start=1):
        click.echo(_("Half {number}: {count} cells, {first} to {last}", number=number,
                     count=len(half), first=name(half[0]), last=name(half[-1])))


add_help(board_command, BOARD_HELP)


def board_json(board: Board) -> dict[str, Any]:
    return {
        "name": board.name, "players": board.players, "serves": list(board.serves),
        "cells": names(board.cells), "cell_count": len(board.cells),
        "in_use": {str(p): len(board.in_use(p)) for p in board.serves},
        "four_only": names(board.marked(boards.FOUR)),
        "six_only": names(board.marked(boards.SIX)),
        "guard_starts": names(board.guard_starts),
        "halves": [names(h) for h in board.halves] if board.halves else None,
    }


@rakugaaki.command()
@click.option("--board", "board_source", required=True, metavar="BOARD",
              shell_complete=names_or_files(*boards.SHIPPED), help="The board to play on.")
@click.option("--players", type=int, required=True, help="2-4 on a 3-4 board, 5-6 on a 5-6 board.")
@click.option("--colours", metavar="C,C,…",
              help="The colours in turn order, from the start player (default: red, blue, "
                   "… in the standard order; 2 players: red, blue, green, yellow).")
@out_option
def new(board_source: str, players: int, colours: str | None, out: Path | None) -> None:
    """A state to start a game: guards on their start cells, no tiles, the first
    colour's turn. Printed as JSON, or written to --out.

    \b
    Examples:
      companion rakugaaki new --board standard-34 --players 3
      companion rakugaaki new --board standard-56 --players 6 --out game.json
      companion rakugaaki new --board standard-34 --players 2 --colours red,blue,green,yellow
    """
    board = boards.load(board_source)
    is_file = board_source not in boards.SHIPPED or Path(board_source).exists()
    chosen = None if colours is None else tuple(c.strip() for c in colours.split(","))
    state = states.start(board, players, chosen,
                         board_ref=str(Path(board_source).resolve()) if is_file else None,
                         board_base=Path.cwd() if is_file else None)
    save(state, out)


add_help(new, BOARD_HELP)


def save(state: State, out: Path | None) -> None:
    """Write ``state`` to ``out`` (one line on standard error says where), or print it."""
    if out is None:
        click.echo(states.dump(state), nl=False)
        return
    write_atomic(out, states.dump(state, out))
    click.echo(_("State written to {path}.", path=out), err=True)


@rakugaaki.command()
@json_option
def table(as_json: bool) -> None:
    """The dice-count table: strength 1-30 × value 2-5, dice and chance.

    A challenge with value n rolls ⌊strength ÷ n⌋ dice and succeeds when any die
    shows n or more. Chances print to one decimal, rounded half up; '>99.9%'
    where that would show 100.0%.

    \b
    Examples:
      companion rakugaaki table
      companion rakugaaki table --json
    """
    entries = odds.table()
    if as_json:
        emit({"rows": [{"strength": e.strength, "value": e.value, "dice": e.dice,
                        "chance": fraction_text(e.chance), "percent": e.percent}
                       for e in entries]})
        return
    click.echo(_("strength") + "".join(f"{'n = ' + str(v):>14}" for v in odds.VALUES))
    for first in range(0, len(entries), len(odds.VALUES)):
        row = entries[first:first + len(odds.VALUES)]
        cells = "".join(f"{_dice_cell(e):>14}" for e in row)
        click.echo(f"{row[0].strength:>8}{cells}")


def _dice_cell(entry: odds.Entry) -> str:
    return "—" if entry.dice == 0 else f"{entry.dice}  {entry.percent}"


# --- show, options ------------------------------------------------------------------


@rakugaaki.command()
@state_argument
@json_option
def show(state_file: Path, as_json: bool) -> None:
    """Draw STATE: tiles, guards and zones, every island with its strength, the
    hands, whose turn, and the winner or a blocked position.

    \b
    Examples:
      companion rakugaaki show game.json
      companion rakugaaki show game.json --json
    """
    state = states.load(state_file)
    if as_json:
        emit(show_json(state))
        return
    click.echo(draw(state))
    click.echo(_("Islands:"))
    for island in rules.islands(state):
        click.echo(_("  {colour}: {cells} strength {strength}", colour=island.colour,
                     cells=" ".join(names(island.cells)), strength=island.strength))
    click.echo(_("Hands (values 1-5):"))
    for colour in state.colours:
        left = rules.hand(state, colour)
        click.echo(f"  {colour:<7}" + "  ".join(f"{v}×{left[v]}" for v in left))
    click.echo(outcome_line(state))


add_help(show, STATE_HELP)


def outcome_line(state: State) -> str:
    won = rules.winner(state)
    if won is not None:
        return _("{colour} has won (player {player}).", colour=won, player=state.owner(won))
    if rules.blocked(state):
        return _("Blocked: no colour can ever place a tile again; the game ends with no "
                 "winner.")
    return _("{colour}'s turn (player {player}), action {action}.", colour=state.turn,
             player=state.owner(state.turn), action=state.action)


def show_json(state: State) -> dict[str, Any]:
    won = rules.winner(state)
    return {
        "board": state.board_ref, "players": state.players, "colours": list(state.colours),
        "owners": {c: state.owner(c) for c in state.colours},
        "turn": state.turn, "action": state.action,
        "guards": [name(g) for g in state.guards], "guard_zone": names(rules.zone(state)),
        "islands": [{"colour": i.colour, "cells": names(i.cells), "strength": i.strength,
                     "tiles": {name(c): state.tiles[c].value for c in i.cells}}
                    for i in rules.islands(state)],
        "hands": {c: hand_json(rules.hand(state, c)) for c in state.colours},
        "over": rules.over(state), "winner": won,
        "winner_player": state.owner(won) if won else None,
        "blocked": rules.blocked(state),
    }


def hand_json(left: dict[int, int]) -> dict[str, int]:
    return {str(value): count for value, count in left.items()}


@rakugaaki.command()
@state_argument
@player_option
@json_option
def options(state_file: Path, player: str | None, as_json: bool) -> None:
    """What a colour could do as action 1: every cell for a 1, every legal
    challenge with its dice and exact chance, every refused tile with its
    reasons, and the guards' steps. Whose turn it is does not matter (R17).

    \b
    Examples:
      companion rakugaaki options game.json
      companion rakugaaki options game.json --player blue --json
    """
    state = states.load(state_file)
    colour = acting(state, player)
    found = rules.options(state, colour)
    if as_json:
        emit(options_json(state, found))
        return
    for line in options_lines(state, found):
        click.echo(line)


add_help(options, STATE_HELP)


def acting(state: State, player: str | None) -> str:
    if player is None:
        return state.turn
    if player not in state.colours:
        raise InputError(_("{colour} is not a colour of this game ({colours})", colour=player,
                           colours=", ".join(state.colours)), "--player")
    return player


def options_json(state: State, found: Options) -> dict[str, Any]:
    return {
        "player": found.colour, "turn": state.turn, "action": state.action,
        "hand": hand_json(found.hand), "ones": names(found.ones),
        "challenges": [{"at": name(c.at), "value": c.value, "replaces": c.replaces,
                        "strength": c.strength, "dice": c.dice, **chance_json(c.chance)}
                       for c in found.challenges],
        "refused": [{"at": name(r.at), "value": r.value, "why": list(r.why)}
                    for r in found.refused],
        "guards": [{"at": name(g), "steps": names(state.board.neighbours(g))}
                   for g in state.guards],
        "over": rules.over(state),
    }


def options_lines(state: State, found: Options) -> list[str]:
    lines = [draw(state), outcome_line(state),
             _("{colour}'s hand: {hand}", colour=found.colour,
               hand="  ".join(f"{v}×{n}" for v, n in found.hand.items()))]
    lines.append(_("A 1 may go on {count} cells: {cells}", count=len(found.ones),
                   cells=" ".join(names(found.ones)) or "—"))
    for c in found.challenges:
        lines.append(_n("  a {value} on {cell} (replaces the {below}): strength {strength}, "
                        "{dice} die, chance {chance} = {percent}",
                        "  a {value} on {cell} (replaces the {below}): strength {strength}, "
                        "{dice} dice, chance {chance} = {percent}", c.dice, value=c.value,
                       cell=name(c.at), below=c.replaces, strength=c.strength, dice=c.dice,
                       chance=fraction_text(c.chance), percent=odds.percent(c.chance, c.dice)))
    for r in found.refused:
        why = ", ".join(_reason(reason) for reason in r.why)
        lines.append(_("  no {value} on {cell}: {why}", value=r.value, cell=name(r.at), why=why))
    for guard in state.guards:
        lines.append(_("Guard on {cell} may step to {cells}", cell=name(guard),
                       cells=" ".join(names(state.board.neighbours(guard)))))
    return lines


def _reason(reason: str) -> str:
    return {"hand": _("none in hand"), "guard": _("in a guard's zone"),
            "dice": _("no dice (strength ÷ value < 1)")}[reason]


# --- challenge, guard -----------------------------------------------------------


@rakugaaki.command()
@state_argument
@click.option("--value", type=int, required=True, help="The tile placed: 1, or 2-5 to challenge.")
@click.option("--at", "at_text", required=True, metavar="CELL", help="The target cell.")
@player_option
@click.option("--seed", type=SEED, help="Roll with this seed (the same seed, state and command "
                                       "give the same dice).")
@click.option("--dice", "dice_text", metavar="D,D,…",
              help="The dice rolled at the table, in the order rolled.")
@json_option
@out_option
def challenge(state_file: Path, value: int, at_text: str, player: str | None,
              seed: int | None, dice_text: str | None, as_json: bool, out: Path | None) -> None:
    """Place a tile as action 1: a 1 on an empty cell, or a 2-5 on the colour's own
    tile one lower, rolling ⌊strength ÷ value⌋ dice in batches of three.

    Without --seed or --dice a seed is drawn and shown, so the roll replays.

    \b
    Examples:
      companion rakugaaki challenge game.json --value 1 --at C3 --out game.json
      companion rakugaaki challenge game.json --value 3 --at B2 --dice 2,5 --out game.json
      companion rakugaaki challenge game.json --value 2 --at A1 --seed 7 --json
    """
    if seed is not None and dice_text is not None:
        raise InputError(_("give --seed or --dice, not both"), "--seed")
    state = states.load(state_file)
    colour = acting(state, player)
    rules.refuse_if_over(state)
    declared = rules.declare(state, colour, value, state.board.parse_cell(at_text, "--at"))
    faces = None if dice_text is None else parse_faces(dice_text)
    if value > 1 and faces is None and seed is None:
        seed = new_seed()
    done = rules.place(state, declared, colour, faces=faces,
                       seed=seed if value > 1 else None)
    report = placement_json(done, out) if as_json else None
    if out is not None:
        write_atomic(out, states.dump(done.state, out))
    if report is not None:
        emit(report)
    else:
        for line in placement_lines(done):
            click.echo(line)
    if out is not None:
        click.echo(_("State written to {path}.", path=out), err=True)


add_help(challenge, STATE_HELP)


def parse_faces(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise InputError(_("expected the dice as numbers joined by commas, like 6,2,1; "
                           "found {found!r}", found=text), "--dice") from None


def placement_json(done: Placement, out: Path | None) -> dict[str, Any]:
    c = done.challenge
    return {
        "player": done.colour, "value": c.value, "at": name(c.at), "replaces": c.replaces,
        "strength": c.strength, "dice": c.dice, "chance": fraction_text(c.chance),
        "seed": done.seed,
        "rolls": [list(b) for b in done.rolled.batches] if done.rolled else [],
        "success": done.success, "returned": done.returned, "winner": done.winner,
        "state": states.to_dict(done.state, out.parent if out else None),
    }


def placement_lines(done: Placement) -> list[str]:
    c = done.challenge
    if c.value == 1:
        lines = [_("{colour} places a 1 on {cell}.", colour=done.colour, cell=name(c.at))]
    else:
        lines = [_("{colour} challenges {cell} with a {value} (replacing the {below}).",
                   colour=done.colour, cell=name(c.at), value=c.value, below=c.replaces),
                 _n("Strength {strength} ÷ {value} → {dice} die; chance {chance} = {percent}.",
                    "Strength {strength} ÷ {value} → {dice} dice; chance {chance} = {percent}.",
                    c.dice, strength=c.strength, value=c.value, dice=c.dice,
                   chance=fraction_text(c.chance), percent=odds.percent(c.chance, c.dice))]
        lines += _roll_lines(done)
    state = done.state
    if done.success:
        island = rules.island_at(state, c.at)
        lines.append(_("Island {cells}: strength {strength}.",
                       cells=" ".join(names(island.cells)), strength=island.strength))
    if done.winner:
        lines.append(_("{colour} places the 5 and wins (player {player})!", colour=done.colour,
                       player=state.owner(done.colour)))
    else:
        lines.append(_("Action 2: {colour} moves a guard one step.", colour=done.colour))
    return lines


def _roll_lines(done: Placement) -> list[str]:
    assert done.rolled is not None
    lines = [_("Batch {number}: {dice}", number=number, dice=" ".join(map(str, batch)))
             for number, batch in enumerate(done.rolled.batches, start=1)]
    if done.seed is not None:
        lines.append(_("Seed {seed} (replay: --seed {seed}).", seed=done.seed))
    if done.success:
        lines.append(_("Success: the {below} goes back to the hand.", below=done.returned))
    else:
        lines.append(_("Failure: no die shows {value} or more; the {value} goes back to the "
                       "hand.", value=done.challenge.value))
    return lines


@rakugaaki.command()
@state_argument
@click.argument("steps", nargs=-1, required=True, metavar="STEP [STEP]")
@player_option
@json_option
@out_option
def guard(state_file: Path, steps: tuple[str, ...], player: str | None, as_json: bool,
          out: Path | None) -> None:
    """Move a guard one step (FROM-TO, like D4-D3), or two steps as the whole turn.

    From action 1 one step leaves action 2; two steps end the turn. From action 2
    one step ends the turn, which passes to the next colour.

    \b
    Examples:
      companion rakugaaki guard game.json D4-E4 --out game.json
      companion rakugaaki guard game.json D4-D3 D3-D4 --out game.json
    """
    state = states.load(state_file)
    colour = acting(state, player)
    rules.refuse_if_over(state)
    moves = [parse_step(state.board, text) for text in steps]
    after = rules.step_guards(state, colour, moves)
    if out is not None:
        write_atomic(out, states.dump(after, out))
    if as_json:
        emit({"player": colour,
              "steps": [{"from": name(a), "to": name(b)} for a, b in moves],
              "guards": [name(g) for g in after.guards], "turn": after.turn,
              "action": after.action,
              "state": states.to_dict(after, out.parent if out else None)})
    else:
        for origin, target in moves:
            click.echo(_("{colour} moves the guard from {origin} to {target}.", colour=colour,
                         origin=name(origin), target=name(target)))
        click.echo(draw(after))
        click.echo(outcome_line(after))
    if out is not None:
        click.echo(_("State written to {path}.", path=out), err=True)


add_help(guard, STATE_HELP)


def parse_step(board: Board, text: str) -> tuple[Cell, Cell]:
    parts = text.split("-")
    if len(parts) != 2:
        raise InputError(_("expected a step FROM-TO, like D4-D3"), text)
    return board.parse_cell(parts[0], text), board.parse_cell(parts[1], text)
