"""A working copy of a Dark Hall position, with the mechanics every mover shares:
pushing chains, sliding on blood, the corner rule and eating.

The monster resolver and the token-move checker both build a :class:`Table`
from a :class:`State`, change it, record what moved as :class:`Push` entries,
and turn it back into a new state. Nothing here decides *where* a mover goes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from companion.darkhall.board import CORNERS, NEXT
from companion.darkhall.state import Monster, State, Token, canonical

STONE = "stone"
EATEN = "eaten"

Piece = tuple[str, str]  # ("stone" or a token id, the square it was lifted from)


class Push(NamedTuple):
    """A piece moved by a push or a slide; ``to`` is None when it left the game."""

    piece: str  # "stone" or a token id
    start: str
    to: str | None
    fate: str  # "moved", "slid", "off the board", "corner" (a stone removed)


class Table:
    """The mutable position one move works on."""

    def __init__(self, state: State) -> None:
        self.origin = state
        self.square = state.monster.square
        self.facing = state.monster.facing
        self.stones = set(state.stones)
        self.stones_before = frozenset(self.stones)
        self.blood = state.blood
        self.token_at = {t.square: t.id for t in state.tokens if t.on_board}
        self.where: dict[str, str | None] = {t.id: t.square for t in state.tokens}
        self.faces = {t.id: t.face for t in state.tokens}
        self.eaten: list[str] = []
        self.pushes: list[Push] = []

    def free(self, square: str | None) -> bool:
        """On the board and holding no stone, token or monster."""
        return (
            square is not None
            and square != self.square
            and square not in self.stones
            and square not in self.token_at
        )

    def lift(self, square: str) -> Piece | None:
        """Take the piece off ``square``, or None when it is empty."""
        if square in self.stones:
            self.stones.discard(square)
            return (STONE, square)
        token = self.token_at.pop(square, None)
        return (token, square) if token is not None else None

    def put(self, piece: str, start: str, square: str, fate: str) -> None:
        """Set a piece down; a stone set on a corner leaves the game."""
        if piece == STONE:
            if square in CORNERS:
                self.pushes.append(Push(piece, start, None, "corner"))
                return
            self.stones.add(square)
        else:
            self.token_at[square] = piece
            self.where[piece] = square
        self.pushes.append(Push(piece, start, square, fate))

    def shove(self, queue: list[Piece], square: str | None, heading: str) -> None:
        """Push lifted pieces (nearest first) into ``square`` and on, a square each.

        Each square entered gives up its own piece to the back of the queue, so
        a whole chain moves; the front piece slides if it enters blood; pieces
        pushed past the wall leave the game, and a token that does is eaten.
        """
        while queue:
            piece, start = queue.pop(0)
            if square is None:
                self.pushes.append(Push(piece, start, None, "off the board"))
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

    def pool_run(self, square: str, heading: str) -> tuple[str, str | None]:
        """From a blood square just entered: the last free pool square reached
        and the square after it (beyond the pool, or a blocked pool square)."""
        last, beyond = square, NEXT[(square, heading)]
        while beyond in self.blood and self.free(beyond):
            last, beyond = beyond, NEXT[(beyond, heading)]
        return last, beyond

    def slide_end(self, piece: str, square: str, heading: str) -> tuple[str, bool]:
        """Where a piece entering blood on ``square`` stops, and whether it pushes
        a stone standing there one square on.

        It stops on the first square beyond the pool if that is free; a token
        may push a stone standing there (if the square behind it is free) and
        stop; otherwise the piece stays on the last free pool square it reached.
        """
        last, beyond = self.pool_run(square, heading)
        if beyond is None or beyond in self.blood:
            return last, False
        if self.free(beyond):
            return beyond, False
        if piece != STONE and self.can_push_stone(beyond, heading):
            return beyond, True
        return last, False

    def slide(self, piece: str, start: str, square: str, heading: str) -> None:
        """A pushed piece enters blood on ``square`` and slides (see :meth:`slide_end`)."""
        end, pushes = self.slide_end(piece, square, heading)
        if pushes:
            self.push_stone(end, heading)
        self.put(piece, start, end, "slid")

    def can_push_stone(self, square: str, heading: str) -> bool:
        """A token pushes a single stone when the square beyond it is free."""
        return square in self.stones and self.free(NEXT[(square, heading)])

    def push_stone(self, square: str, heading: str) -> None:
        """Push the stone on ``square`` one square on (it slides if that is blood)."""
        self.stones.discard(square)
        target = NEXT[(square, heading)]
        assert target is not None
        if target in self.blood:
            self.slide(STONE, square, target, heading)
        else:
            self.put(STONE, square, target, "moved")

    def eat(self, token: str) -> None:
        """Stage 1: back in front of the entrance; stage 2: out of the game."""
        self.eaten.append(token)
        self.where[token] = None if self.origin.stage == 1 else EATEN

    def to_state(self) -> State:
        """The new position; what did not change is carried over as it was."""
        origin, where, faces = self.origin, self.where, self.faces
        tokens = tuple(
            t if where[t.id] == t.square and faces[t.id] == t.face
            else Token(t.id, where[t.id], faces[t.id])
            for t in origin.tokens if where[t.id] != EATEN
        )
        moved = origin.moved
        if len(tokens) < len(origin.tokens):
            kept = {t.id for t in tokens}
            moved = tuple(t for t in moved if t in kept)
        stones = origin.stones if self.stones == self.stones_before else canonical(self.stones)
        return replace(origin, monster=Monster(self.square, self.facing), stones=stones,
                       tokens=tokens, moved=moved)
