"""The rules of play: islands and strength, hands, guards' zones, the options of a
colour, placing a 1, challenging with 2–5, guard steps, the win and the blocked
position. Pure functions over :class:`~companion.rakugaaki.state.State`."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.errors import IllegalMove, InputError
from companion.grid import components
from companion.i18n import _, _n
from companion.rakugaaki import odds
from companion.rakugaaki.board import Cell, board_order, name
from companion.rakugaaki.state import OWNED, State, Tile

# --- islands, hands, zones ----------------------------------------------------


@dataclass(frozen=True)
class Island:
    """A connected group of one colour's tiles (シマ) and its strength (勢力値)."""

    colour: str
    cells: tuple[Cell, ...]  # board order
    strength: int


def islands(state: State, colour: str | None = None) -> list[Island]:
    """Every island, in ``colours`` order, then by each island's first cell."""
    found = []
    for each in state.colours if colour is None else (colour,):
        own = [c for c, t in state.tiles.items() if t.colour == each]
        for group in components(own, state.board.neighbours):
            cells = tuple(sorted(group, key=board_order))
            found.append(Island(each, cells, sum(state.tiles[c].value for c in cells)))
    found.sort(key=lambda i: (state.colours.index(i.colour), board_order(i.cells[0])))
    return found


def island_at(state: State, cell: Cell) -> Island:
    tile = state.tiles[cell]
    return next(i for i in islands(state, tile.colour) if cell in i.cells)


def strengths(state: State, colour: str) -> dict[Cell, int]:
    """Each of ``colour``'s tiles → the strength of its island."""
    return {cell: island.strength for island in islands(state, colour) for cell in island.cells}


def hand(state: State, colour: str) -> dict[int, int]:
    """R8: the colour's 15 tiles minus its tiles on the board, by value."""
    left = dict(OWNED)
    for tile in state.tiles.values():
        if tile.colour == colour:
            left[tile.value] -= 1
    return left


def zone(state: State, guards: Iterable[Cell] | None = None) -> frozenset[Cell]:
    """The cells of every guard's zone: its cell and the neighbours (R2)."""
    cells: set[Cell] = set()
    for guard in state.guards if guards is None else guards:
        cells |= state.board.around(guard)
    return frozenset(cells)


# --- the end of the game ----------------------------------------------------------


def winner(state: State) -> str | None:
    """The colour whose 5 is on the board (R13), if any."""
    return next((t.colour for t in state.tiles.values() if t.value == 5), None)


def blocked(state: State) -> bool:
    """R14: no colour could ever place a tile again, whatever the guards do."""
    return winner(state) is None and not any(_could_ever_place(state, c) for c in state.colours)


def over(state: State) -> bool:
    return winner(state) is not None or blocked(state)


def _ever_free(state: State, cell: Cell) -> bool:
    """Some board cell lies outside ``cell`` and its neighbours: guards could stand there."""
    return len(state.board.marks) > len(state.board.around(cell))


def _could_ever_place(state: State, colour: str) -> bool:
    left = hand(state, colour)
    if left[1] and any(c not in state.tiles and _ever_free(state, c) for c in state.in_use):
        return True
    strength = strengths(state, colour)
    return any(tile.colour == colour and tile.value <= 4 and left[tile.value + 1]
               and odds.dice_count(strength[cell], tile.value + 1) >= 1
               and _ever_free(state, cell)
               for cell, tile in state.tiles.items())


# --- options --------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    """A placement of ``value`` on ``at`` replacing ``replaces`` (``None`` for a 1)."""

    at: Cell
    value: int
    replaces: int | None
    strength: int | None
    dice: int
    chance: Fraction


@dataclass(frozen=True)
class Refused:
    at: Cell
    value: int
    why: tuple[str, ...]  # "hand", "guard", "dice" — in that order


@dataclass(frozen=True)
class Options:
    colour: str
    hand: dict[int, int]
    ones: tuple[Cell, ...]
    challenges: tuple[Challenge, ...]
    refused: tuple[Refused, ...]


def options(state: State, colour: str) -> Options:
    """What ``colour`` could do as action 1, whatever the turn (R17)."""
    left = hand(state, colour)
    if winner(state) is not None:
        return Options(colour, left, (), (), ())
    blocked_cells = zone(state)
    ones = tuple(c for c in sorted(state.in_use, key=board_order)
                 if c not in state.tiles and c not in blocked_cells) if left[1] else ()
    strength = strengths(state, colour)
    challenges, refused = [], []
    for cell, tile in state.tiles.items():
        if tile.colour != colour or tile.value == 5:
            continue
        value = tile.value + 1
        k = odds.dice_count(strength[cell], value)
        why = tuple(reason for reason, applies in (
            ("hand", not left[value]), ("guard", cell in blocked_cells), ("dice", k == 0))
            if applies)
        if why:
            refused.append(Refused(cell, value, why))
        else:
            challenges.append(Challenge(cell, value, tile.value, strength[cell], k,
                                        odds.chance(k, value)))
    return Options(colour, left, ones, tuple(challenges), tuple(refused))


# --- action 1: placing a tile -------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    colour: str
    challenge: Challenge
    rolled: odds.Rolled | None  # None for a 1
    seed: int | None
    success: bool
    returned: int | None  # the value that went back to the hand
    state: State

    @property
    def winner(self) -> str | None:
        return self.colour if self.success and self.challenge.value == 5 else None


def declare(state: State, colour: str, value: int, at: Cell) -> Challenge:
    """The placement ``colour`` declares, checked against every rule; an
    :class:`IllegalMove` names the rule it breaks."""
    refuse_if_over(state)
    if colour not in state.colours:
        raise InputError(_("{colour} is not a colour of this game ({colours})", colour=colour,
                           colours=", ".join(state.colours)), "--player")
    if colour != state.turn:
        raise IllegalMove(_("it is {turn}'s turn, not {colour}'s", turn=state.turn,
                            colour=colour))
    if state.action != 1:
        raise IllegalMove(_("a tile is placed only as action 1; {colour} is at action 2: "
                            "move a guard", colour=colour))
    if not 1 <= value <= 5:
        raise InputError(_("a tile's value is 1 to 5, not {value}", value=value), "--value")
    if not hand(state, colour)[value]:
        raise IllegalMove(_("{colour} has no {value} in hand (R9)", colour=colour, value=value))
    if at not in state.in_use:
        raise IllegalMove(_("{cell} is not in use at {players} players", cell=name(at),
                            players=state.players))
    if at in zone(state):
        raise IllegalMove(_("{cell} is in a guard's zone: no tile may be placed there",
                            cell=name(at)))
    return _declared(state, colour, value, at)


def _declared(state: State, colour: str, value: int, at: Cell) -> Challenge:
    there = state.tiles.get(at)
    if value == 1:
        if there is not None:
            raise IllegalMove(_("{cell} holds {tile}: a 1 goes only on an empty cell",
                                cell=name(at), tile=str(there)))
        return Challenge(at, 1, None, None, 0, Fraction(1))
    wanted = Tile(colour, value - 1)
    if there != wanted:
        found = str(there) if there else _("nothing")
        raise IllegalMove(_("a {value} challenges only {colour}'s own {below}; {cell} holds "
                            "{found}", value=value, colour=colour, below=value - 1,
                            cell=name(at), found=found))
    strength = island_at(state, at).strength
    k = odds.dice_count(strength, value)
    if k == 0:
        raise IllegalMove(_("no dice: strength {strength} ÷ {value} rounds down to 0, so this "
                            "is not a legal challenge (R7)", strength=strength, value=value))
    return Challenge(at, value, value - 1, strength, k, odds.chance(k, value))


def place(state: State, challenge: Challenge, colour: str, *, faces: list[int] | None = None,
          seed: int | None = None, where: str = "--dice") -> Placement:
    """Carry out a declared placement: typed ``faces`` (R18), else dice rolled from
    ``seed``. The new state is at action 2 of the same turn."""
    if challenge.value == 1:
        if faces is not None:
            raise InputError(_("a 1 rolls no dice"), where)
        done = replace(state.with_tile(challenge.at, Tile(colour, 1)), action=2)
        return Placement(colour, challenge, None, None, True, None, done)
    if faces is not None:
        rolled = odds.typed(faces, challenge.dice, challenge.value, where)
    else:
        rolled = odds.roll(challenge.dice, challenge.value, random.Random(seed))
    if rolled.success:
        done = state.with_tile(challenge.at, Tile(colour, challenge.value))
        returned = challenge.replaces
    else:
        done, returned = state, challenge.value
    return Placement(colour, challenge, rolled, seed, rolled.success, returned,
                     replace(done, action=2))


def refuse_if_over(state: State) -> None:
    """R22: a won or blocked game is final."""
    won = winner(state)
    if won is not None:
        raise IllegalMove(_("the game is over: {colour} has won", colour=won))
    if blocked(state):
        raise IllegalMove(_("the game is over: the position is blocked (R14)"))


# --- guard steps --------------------------------------------------------------------


def step_guards(state: State, colour: str, steps: list[tuple[Cell, Cell]]) -> State:
    """One or two guard steps by ``colour``; the turn passes after action 2."""
    refuse_if_over(state)
    if colour != state.turn:
        raise IllegalMove(_("it is {turn}'s turn, not {colour}'s", turn=state.turn,
                            colour=colour))
    left = 3 - state.action
    if not 1 <= len(steps) <= left:
        raise IllegalMove(_n("{steps} steps, but {colour} has {count} action left",
                             "{steps} steps, but {colour} has {count} actions left", left,
                             steps=len(steps), colour=colour))
    guards = list(state.guards)
    for origin, target in steps:
        if origin not in guards:
            raise IllegalMove(_("no guard on {cell} (guards: {guards})", cell=name(origin),
                                guards=", ".join(name(g) for g in guards)))
        if target not in state.board.neighbours(origin):
            raise IllegalMove(_("{target} is not a board cell next to {origin}: a guard "
                                "steps to a neighbouring cell", target=name(target),
                                origin=name(origin)))
        guards[guards.index(origin)] = target
    action = state.action + len(steps)
    if action > 2:
        return replace(state, guards=tuple(guards), turn=state.next_colour(), action=1)
    return replace(state, guards=tuple(guards), action=action)
