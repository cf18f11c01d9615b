"""A working copy of a Dark Hall position, with the mechanics every mover shares:
pushing chains, sliding on blood, the corner rule and eating.

The monster resolver and the token-move checker both build a :class:`Table`
from a :class:`State`, change it, record what moved as :class:`Push` entries,
and turn it back into a new state. Nothing here decides *where* a mover goes.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.darkhall.board import CORNERS, NEXT
from companion.darkhall.state import OUT, Monster, State, Token, canonical

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
    """The mutable position one move works on.

    ``at`` holds every piece on the board: square → token id, or None for a
    stone (one look-up tells a mover whether a square is taken, and by what).
    Only what changes is recorded beside it: the tokens moved or eaten
    (``where``), the dice turned (``faces``), whether any stone moved.
    """

    __slots__ = ("at", "blood", "eaten", "faces", "facing", "origin", "pushes", "square",
                 "stones_moved", "where")

    def __init__(self, state: State) -> None:
        self.origin = state
        self.square, self.facing = state.monster
        at: dict[str, str | None] = dict.fromkeys(state.stones)
        for token in state.tokens:
            square = token.square
            if square is not None and square != OUT:
                at[square] = token.id
        self.at = at
        self.blood = state.blood
        self.stones_moved = False
        self.where: dict[str, str | None] = {}  # token → its new square (None: waiting)
        self.faces: dict[str, int] = {}  # token → its new face
        self.eaten: list[str] = []
        self.pushes: list[Push] = []

    def has_stone(self, square: str | None) -> bool:
        return square in self.at and self.at[square] is None

    def token_on(self, square: str | None) -> str | None:
        return self.at.get(square) if square is not None else None

    def free(self, square: str | None) -> bool:
        """On the board and holding no stone, token or monster."""
        return square is not None and square != self.square and square not in self.at

    def lift(self, square: str) -> Piece | None:
        """Take the piece off ``square``, or None when it is empty."""
        if square not in self.at:
            return None
        token = self.at.pop(square)
        if token is None:
            self.stones_moved = True
            return (STONE, square)
        return (token, square)

    def put(self, piece: str, start: str, square: str, fate: str) -> None:
        """Set a piece down; a stone set on a corner leaves the game."""
        if piece == STONE:
            self.stones_moved = True
            if square in CORNERS:
                self.pushes.append(Push(piece, start, None, "corner"))
                return
            self.at[square] = None
        else:
            self.at[square] = piece
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
        return self.has_stone(square) and self.free(NEXT[(square, heading)])

    def push_stone(self, square: str, heading: str) -> None:
        """Push the stone on ``square`` one square on (it slides if that is blood)."""
        del self.at[square]
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

    def turn_over(self, token: str) -> None:
        """The token's die turned to the opposite face (7 − face)."""
        self.faces[token] = 7 - self.faces.get(token, self.origin.token(token).face)

    def to_state(self) -> State:
        """The new position; what did not change is carried over as it was."""
        origin, where, faces = self.origin, self.where, self.faces
        tokens, moved = origin.tokens, origin.moved
        if where or faces:
            changed = where.keys() | faces.keys() if faces else where
            now = [self._now(t) if t.id in changed else t for t in tokens]
            if EATEN in where.values():  # out of the game (stage 2)
                tokens = tuple(t for t in now if t is not None)
                kept = {t.id for t in tokens}
                moved = tuple(t for t in moved if t in kept)
            else:
                tokens = tuple(now)
        stones = origin.stones
        if self.stones_moved:
            stones = canonical([square for square, token in self.at.items() if token is None])
        return origin.moved_on(monster=Monster(self.square, self.facing), stones=stones,
                               tokens=tokens, moved=moved)

    def _now(self, token: Token) -> Token | None:
        """A token that moved, was eaten or turned, as it is now (None: out of the game)."""
        square = self.where.get(token.id, token.square)
        if square == EATEN:
            return None
        return Token(token.id, square, self.faces.get(token.id, token.face))
