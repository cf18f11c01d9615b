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
from companion.i18n import _, _n


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
        raise IllegalMove(_("{token} is already out", token=token_id))
    if len(path) > token.face:
        raise IllegalMove(_n("{token} shows {face}: it moves at most {face} square, the path has "
                             "{length}", "{token} shows {face}: it moves at most {face} squares, "
                             "the path has {length}", token.face, token=token_id, face=token.face,
                             length=len(path)))
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
            self.table.at.pop(self.pos)
        self.squares: list[str] = []

    def advance(self, written: str, *, last: bool, point: int) -> None:
        where = _("point {point} ({written})", point=point, written=written)
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
                raise IllegalMove(_("a token enters the board on {entrance}, not {target}",
                                    entrance=ENTRANCE, target=target), where)
            return "N", ENTRANCE
        if self.pos == OUT:
            raise IllegalMove(_("the token is already out: nothing may follow 'out'"), where)
        heading = heading_between(CELL[self.pos], CELL[target])
        if heading is not None:
            return heading, target
        heading = _straight(self.pos, target)
        first = NEXT[(self.pos, heading)] if heading else None
        if heading is None or first not in self.table.blood:
            raise IllegalMove(_("{target} is not next to {square}: tokens move one square at a "
                                "time, along rows and columns", target=target, square=self.pos),
                              where)
        return heading, first

    def step(self, square: str, heading: str, where: str) -> None:
        table = self.table
        if square == table.square:
            raise IllegalMove(_("the monster stands on {square}: tokens never pass it",
                                square=square), where)
        if table.has_stone(square):
            if not table.can_push_stone(square, heading):
                beyond = NEXT[(square, heading)]
                why = _("the wall") if beyond is None else _("{square} is not empty",
                                                             square=beyond)
                raise IllegalMove(_("the stone on {square} cannot be pushed: {why}",
                                    square=square, why=why), where)
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
            piece = (_("a stone") if table.has_stone(square)
                     else table.token_on(square) or _("a piece"))
            raise IllegalMove(_("{piece} resting on the blood at {square} blocks the slide: the "
                                "token may not enter the pool", piece=piece, square=square), where)
        land = NEXT[(crossed[-1], heading)]
        assert land is not None  # pools never touch the edge
        self.land_beyond(land, heading, last, where)
        if written != land and written not in crossed:
            raise IllegalMove(_("the slide from {start} ends on {land}, not {written}",
                                start=self.pos, land=land, written=written), where)
        self.pos = land

    def land_beyond(self, land: str, heading: str, last: bool, where: str) -> None:
        table = self.table
        if land == table.square:
            raise IllegalMove(_("the monster stands on {land} beyond the pool: the slide cannot "
                                "end there, so the token may not enter the pool", land=land), where)
        if table.has_stone(land):
            if not table.can_push_stone(land, heading):
                raise IllegalMove(_("the stone on {land} beyond the pool cannot be pushed: the "
                                    "token may not enter the pool", land=land), where)
            table.push_stone(land, heading)
        elif table.token_on(land) and last:
            raise IllegalMove(_("{token} stands on {land} beyond the pool: a token may not enter "
                                "the pool with its last point", token=table.token_on(land),
                                land=land), where)

    def leave(self, last: bool, where: str) -> None:
        if self.pos != EXIT:
            at = self.pos or _("in front of the entrance")
            raise IllegalMove(_("a token leaves from the exit {exit}, not {at}", exit=EXIT, at=at),
                              where)
        if not last:
            raise IllegalMove(_("nothing may follow 'out'"), where)
        self.pos = OUT
        self.squares.append(OUT)

    def finish(self) -> None:
        table = self.table
        if table.token_on(self.pos):
            raise IllegalMove(_("{square} holds {token}: a move must end on an empty square",
                                square=self.pos, token=table.token_on(self.pos)))
        if self.pos in table.blood:
            raise IllegalMove(_("{token} stopped on the pool at {square}: it needs another "
                                "point to step off the blood", token=self.token, square=self.pos))
        if self.pos is not None and self.pos != OUT:
            table.at[self.pos] = self.token
        table.where[self.token] = self.pos
        table.turn_over(self.token)


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

