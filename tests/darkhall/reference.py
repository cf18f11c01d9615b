"""A straightforward, slow monster resolver kept as the reference for the fast one.

It follows the spec's rules in the plainest way: a piece's square is found by
looking through the stones and every token, rays are walked square by square
with ``NEXT``, walls are wrapped with ``board.wrap``; nothing is precomputed or
cached. A move is returned as plain data (:func:`move_as_data` gives the same
form for the real resolver's result) so that the two can be compared.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.darkhall import state as states
from companion.darkhall.board import CORNERS, NEXT, wrap
from companion.grid import turn_left, turn_right

STONE, GONE = "stone", "gone"
HUNGER = {"X": 1, "XX": 2}


class Position:
    def __init__(self, state: states.State) -> None:
        self.state = state
        self.square, self.facing = state.monster.square, state.monster.facing
        self.stones = list(state.stones)
        self.tokens = {t.id: t.square for t in state.tokens}
        self.blood = {square for pool in state.pools for square in pool}
        self.eaten: list[str] = []
        self.pushes: list[tuple] = []

    def occupant(self, square: str | None) -> str | None:
        if square is None:
            return None
        if square in self.stones:
            return STONE
        for token, where in self.tokens.items():
            if where == square:
                return token
        return None

    def free(self, square: str | None) -> bool:
        return square is not None and square != self.square and self.occupant(square) is None

    def look(self) -> tuple[list[tuple], str, bool]:
        seen = []
        for side, heading in (("ahead", self.facing), ("left", turn_left(self.facing)),
                              ("right", turn_right(self.facing))):
            square, distance = NEXT[(self.square, heading)], 1
            while square is not None and self.occupant(square) is None:
                square, distance = NEXT[(square, heading)], distance + 1
            piece = self.occupant(square)
            if piece is not None and piece != STONE:
                seen.append((piece, side, heading, distance))
        if not seen:
            return seen, self.facing, False
        nearest = min(s[3] for s in seen)
        closest = [s for s in seen if s[3] == nearest]
        if len(closest) > 1:
            return seen, self.facing, True
        return seen, closest[0][2], False

    def lift(self, square: str) -> tuple[str, str] | None:
        piece = self.occupant(square)
        if piece == STONE:
            self.stones.remove(square)
        elif piece is not None:
            self.tokens[piece] = "lifted"
        return None if piece is None else (piece, square)

    def eat(self, token: str) -> None:
        self.eaten.append(token)
        self.tokens[token] = None if self.state.stage == 1 else GONE

    def put(self, piece: str, start: str, square: str, fate: str) -> None:
        if piece == STONE and square in CORNERS:
            self.pushes.append((piece, start, None, "corner"))
            return
        if piece == STONE:
            self.stones.append(square)
        else:
            self.tokens[piece] = square
        self.pushes.append((piece, start, square, fate))

    def shove(self, queue: list[tuple[str, str]], square: str | None, heading: str) -> None:
        while queue:
            piece, start = queue.pop(0)
            if square is None:
                self.pushes.append((piece, start, None, "off the board"))
                if piece != STONE:
                    self.eat(piece)
                continue
            occupant = self.lift(square)
            if occupant is not None:
                queue.append(occupant)
            if not queue and square in self.blood:
                self.slide(piece, start, square, heading)
            else:
                self.put(piece, start, square, "moved")
            square = NEXT[(square, heading)]

    def slide(self, piece: str, start: str, square: str, heading: str) -> None:
        last, beyond = square, NEXT[(square, heading)]
        while beyond in self.blood and self.free(beyond):
            last, beyond = beyond, NEXT[(beyond, heading)]
        end, push = last, False
        if beyond is not None and beyond not in self.blood:
            if self.free(beyond):
                end = beyond
            elif (piece != STONE and self.occupant(beyond) == STONE
                  and self.free(NEXT[(beyond, heading)])):
                end, push = beyond, True
        if push:
            self.stones.remove(end)
            after = NEXT[(end, heading)]
            if after in self.blood:
                self.slide(STONE, end, after, heading)
            else:
                self.put(STONE, end, after, "moved")
        self.put(piece, start, end, "slid")

    def enter(self, square: str, met: list[tuple[str, str]]) -> None:
        if met or self.occupant(square) == STONE:
            occupant = self.lift(square)
            if occupant is not None:
                met = [*met, occupant]
        if met:
            self.shove(met, NEXT[(square, self.facing)], self.facing)
        elif self.occupant(square) is not None:
            token = self.occupant(square)
            self.eat(token)

    def step(self, number: int) -> tuple:
        seen, self.facing, tie = self.look()
        start, eaten_before, self.pushes = self.square, len(self.eaten), []
        target, wall = NEXT[(start, self.facing)], None
        if target is None:
            wall, target = wrap(start, self.facing)
        crossed: list[str] = []
        if target in self.blood:
            met: list[tuple[str, str]] = []
            while target in self.blood:
                crossed.append(target)
                piece = self.occupant(target)
                if piece == STONE:
                    self.stones.remove(target)
                    met.append((STONE, target))
                elif piece is not None:
                    self.eat(piece)
                target = NEXT[(target, self.facing)]
            self.enter(target, met)
        else:
            self.enter(target, [])
        self.square = target
        return (number, (seen, self.facing, tie), start, target, self.facing, wall,
                crossed, self.pushes, self.eaten[eaten_before:])

    def new_state(self) -> states.State:
        tokens = tuple(states.Token(t.id, self.tokens[t.id], t.face)
                       for t in self.state.tokens if self.tokens[t.id] != GONE)
        kept = {t.id for t in tokens}
        return replace(self.state, monster=states.Monster(self.square, self.facing),
                       stones=states.canonical(self.stones), tokens=tokens,
                       moved=tuple(t for t in self.state.moved if t in kept))


def reference_move(state: states.State, tile: str) -> dict[str, Any]:
    """The monster's move for ``tile``, as plain data."""
    position = Position(state)
    steps = []
    for number in range(1, (20 if tile in HUNGER else int(tile)) + 1):
        steps.append(position.step(number))
        if tile in HUNGER and len(position.eaten) >= HUNGER[tile]:
            break
    final = position.look()
    position.facing = final[1]
    return _data(steps, final, position.eaten, position.new_state())


def move_as_data(result) -> dict[str, Any]:
    """A :class:`MoveResult` in the reference's form."""
    steps = [(s.number, _look(s.look), s.start, s.to, s.facing, s.wall, s.slid,
              [tuple(p) for p in s.pushes], s.eaten) for s in result.steps]
    return _data(steps, _look(result.final_look), result.eaten, result.state)


def _look(look) -> tuple:
    return [tuple(s) for s in look.seen], look.facing, look.tie


def _data(steps: list, final: tuple, eaten: Any, state: states.State) -> dict[str, Any]:
    def plain(value: Any) -> Any:
        return [plain(v) for v in value] if isinstance(value, list | tuple) else value

    return {"steps": plain(steps), "final_look": plain(final), "eaten": plain(eaten),
            "state": states.to_dict(state)}
