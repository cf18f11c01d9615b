"""The monster's move: look, step, push, slide, wrap, eat — as ``spec/darkhall.md``.

:func:`resolve_monster` is pure: it takes a :class:`State` and a tile and
returns a :class:`MoveResult` holding every step (what was seen, where the
monster went, what it pushed and ate) and the new state. Internally one move
works on a :class:`~companion.darkhall.table.Table` (the shared push and
slide mechanics), built from the state and thrown away.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.darkhall.board import NEXT, RAY, SQUARES, wrap
from companion.darkhall.state import State
from companion.darkhall.table import STONE, Piece, Push, Table
from companion.errors import InputError
from companion.grid import turn_left, turn_right
from companion.i18n import _

TILES = ("5", "7", "8", "10", "X", "XX")
#: X and XX: how many tokens end the move.
HUNGER = {"X": 1, "XX": 2}
MAX_HUNGRY_STEPS = 20


# The records of a move are tuples with names (cheap to make: a move makes dozens).


class Sighting(NamedTuple):
    token: str
    side: str  # "ahead", "left" or "right"
    heading: str
    distance: int


class Look(NamedTuple):
    """What one look saw, and the heading it leaves the monster with."""

    seen: tuple[Sighting, ...]
    facing: str
    tie: bool  # the nearest tokens were at the same distance: heading kept


class Step(NamedTuple):
    number: int
    look: Look
    start: str
    to: str
    facing: str
    wall: str | None  # the letter of the wall passed through
    slid: tuple[str, ...]  # blood squares crossed in this step
    pushes: tuple[Push, ...]
    eaten: tuple[str, ...]


class MoveResult(NamedTuple):
    tile: str
    before: State
    steps: tuple[Step, ...]
    final_look: Look
    eaten: tuple[str, ...]
    state: State


def steps_for(tile: str) -> int:
    """The most steps a tile allows: its number, or 20 for X and XX."""
    return MAX_HUNGRY_STEPS if tile in HUNGER else int(tile)


def parse_tile(text: str) -> str:
    tile = str(text).strip().upper()
    if tile not in TILES:
        raise InputError(_("unknown tile {text!r}; the tiles are {tiles}", text=text,
                           tiles=" ".join(TILES)))
    return tile


def resolve_monster(state: State, tile: str) -> MoveResult:
    """Move the monster for one tile (5, 7, 8, 10, X or XX) from ``state``."""
    tile = parse_tile(tile)
    table = _Monster(state)
    hunger = HUNGER.get(tile)
    if hunger is None:  # a number: that many steps
        steps = [table.step(number) for number in range(1, int(tile) + 1)]
    else:  # X and XX: until one or two tokens are eaten, at most 20 steps
        steps = []
        for number in range(1, MAX_HUNGRY_STEPS + 1):
            steps.append(table.step(number))
            if len(table.eaten) >= hunger:
                break
    final = table.look()
    table.facing = final.facing
    return MoveResult(tile, state, tuple(steps), final, tuple(table.eaten), table.to_state())


#: Makes a named tuple from its fields directly, without the extra Python call of
#: the class's own __new__: a move makes dozens of records (profiled: 8 % of a move).
_record = tuple.__new__

#: For each heading, the three directions the monster looks: ahead, left, right.
SIDES = {facing: (("ahead", facing), ("left", turn_left(facing)), ("right", turn_right(facing)))
         for facing in "NESW"}


class _Rays(dict):
    """For one heading, square → the three rays of a look from there: (side,
    heading, the squares of the ray each with its distance). Each is made when
    first needed (a command resolves one move; a server or a benchmark many)."""

    def __init__(self, facing: str) -> None:
        super().__init__()
        self.sides = SIDES[facing]

    def __missing__(self, square: str) -> tuple:
        rays = tuple((side, heading, tuple(enumerate(RAY[(square, heading)], 1)))
                     for side, heading in self.sides)
        self[square] = rays
        return rays


#: heading → square → the three rays of a look from there.
LOOKS = {facing: _Rays(facing) for facing in "NESW"}
#: heading → square → where one step leads: (the letter of the wall passed through,
#: or None inside the board; the square entered).
AHEAD = {heading: {square: (None, NEXT[(square, heading)]) if NEXT[(square, heading)]
                   else wrap(square, heading) for square in SQUARES} for heading in "NESW"}
#: A look that saw nothing, one per heading (made once: most looks see nothing).
BLIND = {facing: Look((), facing, False) for facing in "NESW"}


class _Monster(Table):
    """The monster's moves on a working table."""

    __slots__ = ()

    def look(self) -> Look:
        """Straight ahead, left and right, each up to the first token, stone or wall;
        the monster turns towards the nearest token seen, unless two are as near."""
        seen: list[Sighting] = []
        nearest: Sighting | None = None
        near = 0  # its distance
        tie = False
        at = self.at
        for side, heading, ray in LOOKS[self.facing][self.square]:
            for distance, square in ray:
                if square in at:
                    token = at[square]
                    if token is not None:  # not a stone
                        sighting = _record(Sighting, (token, side, heading, distance))
                        seen.append(sighting)
                        if nearest is None or distance < near:
                            nearest, near, tie = sighting, distance, False
                        elif distance == near:
                            tie = True
                    break
        if nearest is None:
            return BLIND[self.facing]
        return _record(Look, (tuple(seen), self.facing if tie else nearest.heading, tie))

    def step(self, number: int) -> Step:
        """Look, then move one square: wrap, push, eat or slide."""
        look = self.look()
        facing = self.facing = look.facing
        start = self.square
        wall, target = AHEAD[facing][start]
        at = self.at
        if target in self.blood:
            self.pushes, eaten_before = [], len(self.eaten)
            slid, target = self.cross(target)
        elif target not in at:
            self.square = target  # the usual step: onto an empty square
            return _record(Step, (number, look, start, target, facing, wall, (), (), ()))
        elif at[target] is not None:  # a token: eaten
            self.square = target
            token = at.pop(target)
            self.eat(token)
            return _record(Step, (number, look, start, target, facing, wall, (), (), (token,)))
        else:  # a stone: pushed, with whatever stands behind it
            self.pushes, eaten_before = [], len(self.eaten)
            slid = ()
            self.enter(target, [])
        self.square = target
        return Step(number, look, start, target, facing, wall, slid, tuple(self.pushes),
                    tuple(self.eaten[eaten_before:]))

    def enter(self, square: str, met: list[Piece]) -> None:
        """Rules 2–3 on the square entered; ``met`` are stones gathered on a pool."""
        if met or self.has_stone(square):
            occupant = self.lift(square)
            if occupant is not None:
                met = [*met, occupant]
        if met:
            self.shove(met, NEXT[(square, self.facing)], self.facing)
        elif square in self.at:
            self.eat(self.at.pop(square))

    def cross(self, first: str) -> tuple[tuple[str, ...], str]:
        """Rule 4: slide over the pool as one step, eating tokens and gathering stones."""
        crossed = []
        met: list[Piece] = []
        square: str | None = first
        while square in self.blood:
            crossed.append(square)
            if square in self.at:
                piece = self.lift(square)
                if piece[0] == STONE:
                    met.append(piece)
                else:
                    self.eat(piece[0])
            square = NEXT[(square, self.facing)]
        if square is None:  # excluded by validation: pools never touch the edge
            raise InputError(_("the pool at {square} reaches the board edge", square=crossed[-1]))
        self.enter(square, met)
        return tuple(crossed), square


def result_to_dict(result: MoveResult, state_dict: dict[str, Any]) -> dict[str, Any]:
    """The ``--json`` form: steps, eaten (in order), and the new state."""
    return {
        "tile": result.tile,
        "stage": result.before.stage,
        "start": {"square": result.before.monster.square, "facing": result.before.monster.facing},
        "steps": [_step_dict(s) for s in result.steps],
        "final_look": _look_dict(result.final_look),
        "eaten": list(result.eaten),
        "state": state_dict,
    }


def _look_dict(look: Look) -> dict[str, Any]:
    return {
        "seen": [
            {"token": s.token, "side": s.side, "heading": s.heading, "distance": s.distance}
            for s in look.seen
        ],
        "tie": look.tie,
        "facing": look.facing,
    }


def _step_dict(step: Step) -> dict[str, Any]:
    return {
        "n": step.number,
        "from": step.start,
        "to": step.to,
        "facing": step.facing,
        "look": _look_dict(step.look),
        "wall": step.wall,
        "slid": list(step.slid),
        "pushed": [
            {"piece": p.piece, "from": p.start, "to": p.to, "fate": p.fate} for p in step.pushes
        ],
        "eaten": list(step.eaten),
    }
