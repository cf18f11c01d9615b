"""Manual setup (the online version's option for placing the pieces by hand): where players
may place stones and pools.

Constraints: 11 stones, one 2×2 and one 4×1 pool (either way round); nothing
within 3 squares of the entrance or the exit; no pool within 8 squares of the
entrance; pools not next to each other; pools not next to the board edge;
nothing placed on a pool square.

"Within N squares" counts the corner square itself as the first, so it means
orthogonal path distance *below* N (at most 2 steps for 3, 7 for 8): the
reading under which the publisher's basic setup is a legal layout.
"""

from __future__ import annotations

from companion.darkhall.board import CELL, ENTRANCE, EXIT, path_distances
from companion.darkhall.state import MAX_STONES, State, pool_problems
from companion.grid import Rect
from companion.i18n import _, _n

CORNER_REACH = 3
POOL_REACH = 8

_FROM_EXIT = path_distances(EXIT)
_FROM_ENTRANCE = path_distances(ENTRANCE)


def manual_setup_problems(state: State) -> list[str]:
    """Every broken constraint, as a sentence naming the square; empty if legal."""
    problems = []
    if len(state.stones) != MAX_STONES:
        problems.append(_("{count} stones placed; the setup uses {needed}",
                          count=len(state.stones), needed=MAX_STONES))
    shapes = sorted(_shape(pool) for pool in state.pools)
    if shapes != ["2×2", "4×1"]:
        problems.append(_("pools {shapes}; the setup uses one 2×2 and one 4×1",
                          shapes=", ".join(shapes) or _("none")))
    problems += [f"pools[{i}]: {message}" for i, message in pool_problems(state.pools)]
    for square in state.stones:
        problems.extend(_near_corner(_("stone"), square))
    for pool in state.pools:
        for square in pool:
            problems.extend(_near_corner(_("pool"), square))
            if _FROM_ENTRANCE[square] < POOL_REACH:
                problems.append(_n(
                    "pool on {square} is {steps} step from the entrance {entrance}; pools stay "
                    "at least {reach} steps away",
                    "pool on {square} is {steps} steps from the entrance {entrance}; pools stay "
                    "at least {reach} steps away", _FROM_ENTRANCE[square], square=square,
                    steps=_FROM_ENTRANCE[square], entrance=ENTRANCE, reach=POOL_REACH))
    problems += [_("{what} on {square} stands on a pool square; nothing is placed on blood",
                   what=what, square=square)
                 for square, what in _pieces(state) if square in state.blood]
    return problems


def _pieces(state: State) -> list[tuple[str, str]]:
    pieces = [(square, _("stone")) for square in state.stones]
    return pieces + [(t.square, _("token {id}", id=t.id)) for t in state.tokens if t.on_board]


def _shape(pool: tuple[str, ...]) -> str:
    rect = Rect.around(CELL[s] for s in pool)
    return "2×2" if rect.width == rect.height else "4×1"


def _near_corner(what: str, square: str) -> list[str]:
    found = []
    for corner, dist in ((EXIT, _FROM_EXIT), (ENTRANCE, _FROM_ENTRANCE)):
        if dist[square] < CORNER_REACH:
            found.append(_n(
                "{what} on {square} is {steps} step from {corner}; nothing within {reach} "
                "squares (closer than {reach} steps)",
                "{what} on {square} is {steps} steps from {corner}; nothing within {reach} "
                "squares (closer than {reach} steps)", dist[square], what=what, square=square,
                steps=dist[square], corner=corner, reach=CORNER_REACH))
    return found
