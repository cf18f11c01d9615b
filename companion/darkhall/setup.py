"""Manual setup (option ``dmaufbau``): where players may place stones and pools.

Constraints: 11 stones, one 2×2 and one 4×1 pool (either way round); nothing
within 3 steps of the entrance or the exit; no pool within 8 steps of the
entrance; pools not next to each other; pools not next to the board edge.
"Within N steps" is orthogonal path distance on the board, and a square
counts as within when its distance is N or less.
"""

from __future__ import annotations

from companion.darkhall.board import CELL, ENTRANCE, EXIT, path_distances
from companion.darkhall.state import MAX_STONES, State
from companion.grid import Rect

CORNER_REACH = 3
POOL_REACH = 8

_FROM_EXIT = path_distances(EXIT)
_FROM_ENTRANCE = path_distances(ENTRANCE)


def manual_setup_problems(state: State) -> list[str]:
    """Every broken constraint, as a sentence naming the square; empty if legal."""
    problems = []
    if len(state.stones) != MAX_STONES:
        problems.append(f"{len(state.stones)} stones placed; the setup uses {MAX_STONES}")
    shapes = sorted(_shape(pool) for pool in state.pools)
    if shapes != ["2×2", "4×1"]:
        problems.append(f"pools {', '.join(shapes) or 'none'}; the setup uses one 2×2 and one 4×1")
    for square in state.stones:
        problems.extend(_near_corner("stone", square))
    for pool in state.pools:
        for square in pool:
            problems.extend(_near_corner("pool", square))
            if _FROM_ENTRANCE[square] <= POOL_REACH:
                problems.append(
                    f"pool on {square} is {_FROM_ENTRANCE[square]} steps from the entrance "
                    f"{ENTRANCE}; pools keep more than {POOL_REACH}"
                )
    return problems


def _shape(pool: tuple[str, ...]) -> str:
    rect = Rect.around(CELL[s] for s in pool)
    return "2×2" if rect.width == rect.height else "4×1"


def _near_corner(what: str, square: str) -> list[str]:
    found = []
    for corner, dist in ((EXIT, _FROM_EXIT), (ENTRANCE, _FROM_ENTRANCE)):
        if dist[square] <= CORNER_REACH:
            found.append(
                f"{what} on {square} is {dist[square]} steps from {corner}; "
                f"nothing within {CORNER_REACH}"
            )
    return found
