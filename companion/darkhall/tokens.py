"""Checking a player token's move, square by square, and explaining any rule
it breaks.

A path lists where the token is after each point of movement: squares, and
``out`` for the extra point that leaves through the exit from ``a1``. A token
waiting in front of the entrance enters on ``p11`` with its first point. A
slide across blood costs one point and may be written either as the first
pool square or as the square the slide ends on (``h4 i4`` or ``h4 k4``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.darkhall.board import CELL, ENTRANCE, EXIT, NEXT, parse_square
from companion.darkhall.state import OUT, State
from companion.darkhall.table import Push, Table
from companion.errors import IllegalMove, InputError
from companion.grid import heading_between


@dataclass(frozen=True)
class TokenMove:
    token: str
    face: int  # the face the move used; the token now shows 7 − face
    squares: tuple[str, ...]  # where the token stood after each point
    pushes: tuple[Push, ...]
    state: State


def move_token(state: State, token_id: str, path: list[str] | tuple[str, ...]) -> TokenMove:
    """Apply a token's move, or raise :class:`IllegalMove` naming the broken rule."""
    token = state.token(token_id)
    if token.square == OUT:
        raise IllegalMove(f"{token_id} is already out")
    if len(path) > token.face:
        raise IllegalMove(
            f"{token_id} shows {token.face}: it moves at most {token.face} "
            f"square{'s' * (token.face != 1)}, the path has {len(path)}"
        )
    walk = _Walk(state, token_id)
    for point, written in enumerate(path, start=1):
        walk.advance(written, last=point == len(path), point=point)
    walk.finish()
    return TokenMove(token_id, token.face, tuple(walk.squares), tuple(walk.table.pushes),
                     walk.table.to_state())


class _Walk:
    def __init__(self, state: State, token_id: str) -> None:
        self.table = Table(state)
        self.token = token_id
        self.pos = state.token(token_id).square
        if self.pos is not None:
            self.table.token_at.pop(self.pos)
        self.squares: list[str] = []

    def advance(self, written: str, *, last: bool, point: int) -> None:
        where = f"point {point} ({written})"
        if written.lower() == OUT:
            self.leave(last, where)
            return
        try:
            target = parse_square(written)
        except InputError as err:
            raise err.at(where) from None
        heading, first = self.heading_to(target, where)
        if first in self.table.blood:
            self.slide(first, heading, target, last, where)
        else:
            self.step(first, heading, where)
        self.squares.append(self.pos or "")

    def heading_to(self, target: str, where: str) -> tuple[str, str]:
        """The heading of this point and the first square it enters."""
        if self.pos is None:
            if target != ENTRANCE:
                raise IllegalMove(f"a token enters the board on {ENTRANCE}, not {target}", where)
            return "N", ENTRANCE
        if self.pos == OUT:
            raise IllegalMove("the token is already out: nothing may follow 'out'", where)
        heading = heading_between(CELL[self.pos], CELL[target])
        if heading is not None:
            return heading, target
        heading = _straight(self.pos, target)
        first = NEXT[(self.pos, heading)] if heading else None
        if heading is None or first not in self.table.blood:
            raise IllegalMove(
                f"{target} is not next to {self.pos}: tokens move one square at a time, "
                "along rows and columns", where)
        return heading, first

    def step(self, square: str, heading: str, where: str) -> None:
        table = self.table
        if square == table.square:
            raise IllegalMove(f"the monster stands on {square}: tokens never pass it", where)
        if square in table.stones:
            if not table.can_push_stone(square, heading):
                beyond = NEXT[(square, heading)]
                why = "the wall" if beyond is None else f"{beyond} is not empty"
                raise IllegalMove(f"the stone on {square} cannot be pushed: {why}", where)
            table.push_stone(square, heading)
        self.pos = square

    def slide(self, first: str, heading: str, written: str, last: bool, where: str) -> None:
        """One point: across the pool to the square beyond it — never stopping or
        turning on blood, so a pool whose slide cannot end beyond is closed."""
        table = self.table
        crossed = _pool_squares(table, first, heading)
        resting = [square for square in crossed if not table.free(square)]
        if resting:
            square = resting[0]
            piece = "a stone" if square in table.stones else table.token_at.get(square, "a piece")
            raise IllegalMove(f"{piece} resting on the blood at {square} blocks the slide: "
                              "the token may not enter the pool", where)
        land = NEXT[(crossed[-1], heading)]
        assert land is not None  # pools never touch the edge
        self.land_beyond(land, heading, last, where)
        if written != land and written not in crossed:
            raise IllegalMove(f"the slide from {self.pos} ends on {land}, not {written}", where)
        self.pos = land

    def land_beyond(self, land: str, heading: str, last: bool, where: str) -> None:
        table = self.table
        if land == table.square:
            raise IllegalMove(f"the monster stands on {land} beyond the pool: the slide "
                              "cannot end there, so the token may not enter the pool", where)
        if land in table.stones:
            if not table.can_push_stone(land, heading):
                raise IllegalMove(f"the stone on {land} beyond the pool cannot be pushed: "
                                  "the token may not enter the pool", where)
            table.push_stone(land, heading)
        elif land in table.token_at and last:
            raise IllegalMove(
                f"{table.token_at[land]} stands on {land} beyond the pool: a token "
                "may not enter the pool with its last point", where)

    def leave(self, last: bool, where: str) -> None:
        if self.pos != EXIT:
            at = self.pos or "in front of the entrance"
            raise IllegalMove(f"a token leaves from the exit {EXIT}, not {at}", where)
        if not last:
            raise IllegalMove("nothing may follow 'out'", where)
        self.pos = OUT
        self.squares.append(OUT)

    def finish(self) -> None:
        table = self.table
        if self.pos in table.token_at:
            raise IllegalMove(f"{self.pos} holds {table.token_at[self.pos]}: a move must end on "
                              "an empty square")
        if self.pos in table.blood:
            raise IllegalMove(f"{self.token} stopped on the pool at {self.pos}: it needs another "
                              "point to step off the blood")
        if self.pos is not None and self.pos != OUT:
            table.token_at[self.pos] = self.token
        table.where[self.token] = self.pos
        table.faces[self.token] = 7 - table.faces[self.token]


def _straight(start: str, target: str) -> str | None:
    """The heading from ``start`` to ``target`` when they share a row or column."""
    (x0, y0), (x1, y1) = CELL[start], CELL[target]
    if x0 == x1 and y0 != y1:
        return "S" if y1 > y0 else "N"
    if y0 == y1 and x0 != x1:
        return "E" if x1 > x0 else "W"
    return None


def _pool_squares(table: Table, first: str, heading: str) -> list[str]:
    """The pool squares a slide entering on ``first`` crosses, in order."""
    squares = [first]
    while (after := NEXT[(squares[-1], heading)]) in table.blood:
        squares.append(after)
    return squares

