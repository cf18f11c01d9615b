"""The build part (構築パート): checking every action of a play log.

A :class:`Build` is one player's sheet while it is being drawn. :func:`setup`
makes it from the setup dice; :meth:`Build.play` applies one round (action A,
a block, or action B, a plan, with the effects of any special cells filled)
and raises :class:`IllegalMove` naming the rule a move breaks. Nothing is
changed when a round is refused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from companion.errors import IllegalMove
from companion.grid import Cell, Rect, cell_name, components, square_neighbours
from companion.i18n import _
from companion.roguelight.maps import BAT, GHOST, ITEM, Map
from companion.roguelight.report import word

BAT_ADVANCE = 2
GHOST_PLAN_LIMIT = 12
SETUP_DEVELOPMENT = 2


def orientations(shape: frozenset[Cell]) -> set[frozenset[Cell]]:
    """The shape turned and flipped every way, each moved to the origin."""
    found = set()
    cells = list(shape)
    for _turn in range(4):
        cells = [(y, -x) for x, y in cells]
        for variant in (cells, [(-x, y) for x, y in cells]):
            found.add(normalise(variant))
    return found


def normalise(cells) -> frozenset[Cell]:
    cells = list(cells)
    left = min(x for x, _ in cells)
    top = min(y for _, y in cells)
    return frozenset((x - left, y - top) for x, y in cells)


def names(cells) -> str:
    return " ".join(cell_name(c, upper=True) for c in sorted(cells, key=lambda c: (c[1], c[0])))


@dataclass
class Build:
    map: Map
    entrance: int
    filled: set[Cell]
    plans: list[Rect]
    special_rounds: set[int]  # circled time numbers
    circled: set[int]  # item marks circled (the start mark included)
    development: int = SETUP_DEVELOPMENT
    round: int = 1  # the lowest uncrossed time number
    spent: set[int] = field(default_factory=set)
    ghosts_used: set[int] = field(default_factory=set)
    goals: list[str] = field(default_factory=list)
    enclosed: set[int] = field(default_factory=set)  # large monsters planned whole

    # --- the tracks ------------------------------------------------------

    @property
    def broken(self) -> int:
        """Boundaries broken: each is broken once its number is crossed."""
        return sum(1 for b in self.map.boundaries if self.development >= b)

    @property
    def over(self) -> bool:
        return (self.round > self.map.time_length
                or self.development >= self.map.development_length)

    def advance(self, steps: int) -> None:
        """Cross development numbers from the left; never past the last (⑳)."""
        self.development = min(self.map.development_length, self.development + steps)

    # --- geometry ----------------------------------------------------------

    def plan_at(self, cell: Cell) -> Rect | None:
        for plan in self.plans:
            if cell in plan:
                return plan
        return None

    def monsters_in(self, rect: Rect) -> int:
        open_cells = {c for c in rect.cells() if c not in self.filled}
        return sum(self.map.count_monsters(open_cells).values())

    def check_block(self, cells: set[Cell], what: str) -> None:
        """Action A's drawing rules ①–⑤ for a block of ``cells``."""
        board = self.map
        off = [c for c in cells if not board.on_map(c)]
        if off:
            raise IllegalMove(_("{what} leaves the map", what=what))
        if len(components(cells)) != 1:
            raise IllegalMove(_("{what} is not one connected block", what=what))
        taken = cells & self.filled
        if taken:
            raise IllegalMove(_("{what} overlaps filled cells {cells}", what=what,
                                cells=names(taken)))
        touches_plan = False
        for plan in self.plans:
            inside = {c for c in cells if c in plan}
            if inside and inside != cells:
                raise IllegalMove(_("{what} crosses the dotted line of plan {plan}", what=what,
                                    plan=plan.name()))
            if inside and any(n not in plan for c in inside for n in square_neighbours(c)):
                raise IllegalMove(_("{what} touches plan {plan} from the inside", what=what,
                                    plan=plan.name()))
            if not inside and any(n in plan for c in cells for n in square_neighbours(c)):
                touches_plan = True
        touches_filled = any(n in self.filled for c in cells for n in square_neighbours(c))
        if not (touches_filled or touches_plan):
            raise IllegalMove(_("{what} shares no edge with a filled cell or a plan (corners "
                                "and the outer wall do not count)", what=what))

    def check_plan(self, rect: Rect, what: str) -> None:
        """Action B's drawing rules ①–③ for a plan ``rect``."""
        board = self.map
        if not (board.on_map((rect.left, rect.top)) and board.on_map((rect.right, rect.bottom))):
            raise IllegalMove(_("{what} runs off the map", what=what))
        if rect.width < 2 or rect.height < 2:
            raise IllegalMove(_("{what} is {width}×{height}; plans are at least 2×2", what=what,
                                width=rect.width, height=rect.height))
        for plan in self.plans:
            grown = Rect(plan.left - 1, plan.top, plan.right + 1, plan.bottom)
            tall = Rect(plan.left, plan.top - 1, plan.right, plan.bottom + 1)
            if rect.overlaps(grown) or rect.overlaps(tall):
                raise IllegalMove(_("{what} overlaps or shares an edge with plan {plan} (only "
                                    "corners may touch)", what=what, plan=plan.name()))
        border = [(c, n) for c in rect.cells() for n in square_neighbours(c)
                  if n not in rect and board.on_map(n)]
        if not any(c in self.filled or n in self.filled for c, n in border):
            raise IllegalMove(_("{what} shares no edge with a filled cell (the outer wall "
                                "does not count)", what=what))
        for monster in board.large:
            inside = monster.cells & set(rect.cells())
            if inside and inside != monster.cells:
                raise IllegalMove(_("{what} encloses only part of the large {kind}", what=what,
                                    kind=word(monster.kind)))

    # --- changing the sheet --------------------------------------------------

    def fill(self, cells: set[Cell]) -> list[Cell]:
        """Fill cells (a large monster's whole body with any part) and return the
        special cells newly filled, whose effects are now owed."""
        grown = set(cells)
        for monster in self.map.large:
            if monster.cells & cells:
                grown |= monster.cells
        new = grown - self.filled
        self.filled |= new
        return sorted((c for c in new if self._special(c)), key=lambda c: (c[1], c[0]))

    def _special(self, cell: Cell) -> bool:
        large = self.map.large_at(cell)
        if large is not None:
            return large.symbol in (GHOST, BAT) and cell == min(large.cells)
        return self.map.symbol(cell) in (ITEM, GHOST, BAT)

    def special_kind(self, cell: Cell) -> str:
        large = self.map.large_at(cell)
        return large.symbol if large is not None else self.map.symbol(cell)

    def draw_plan(self, rect: Rect) -> int:
        """Add a plan; return how far it advances the development track."""
        self.plans.append(rect)
        for i, monster in enumerate(self.map.large):
            if monster.cells <= set(rect.cells()):
                self.enclosed.add(i)
        before = self.development
        self.advance(self.monsters_in(rect))
        return self.development - before

    def ghosts_left(self) -> int:
        small = sum(1 for c in self.map.cells
                    if self.map.symbol(c) == GHOST and c not in self.filled)
        large = sum(1 for m in self.map.large if m.symbol == GHOST and not m.cells & self.filled)
        return small + large

    def copy(self) -> Build:
        return copy.deepcopy(self)


def setup(board: Map, white: int, black: int) -> Build:
    """Setup IV–VI: plan the white face's entrance block, circle the time numbers
    beside the black face's marks, check ① ②, fill the other five entrances."""
    for die, value in (("white", white), ("black", black)):
        if value not in range(1, 7):
            raise IllegalMove(_("setup {die} die {value!r}: dice show 1–6", die=die,
                                value=value))
    circled = set()
    for face, gap in board.time_marks:
        if face == black:
            circled |= {gap, gap + 1}
    others = {cell for face, cell in board.entrances.items() if face != white}
    build = Build(board, white, set(), [board.entrance_blocks[white]], circled,
                  circled=set(board.items_circled))
    build.fill(others)
    return build
