"""Corridor cards on the 6 × 6 map: their openings after a quarter turn, the cells
next to a card, and where the summoner may draw, lay and walk (R5–R7)."""

from __future__ import annotations

from companion.majin.cards import Cards

SIZE = 6
DIRECTIONS = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}  # y grows downwards (R5)
SHAPES = {"I": "NS", "L": "NE", "T": "ESW", "X": "NESW", "D": "N"}
ROTATIONS = (0, 90, 180, 270)
Laid = dict  # {"x", "y", "card", "rot"}


def openings(shape: str, rot: int) -> set[str]:
    """The open sides of ``shape`` turned ``rot`` degrees clockwise (N → E → S → W)."""
    turns = rot // 90
    return {DIRECTIONS[(DIRECTIONS.index(side) + turns) % 4] for side in SHAPES[shape]}


def neighbour(x: int, y: int, side: str) -> tuple[int, int] | None:
    """The cell beyond ``side`` of (x, y), or None off the map."""
    dx, dy = STEP[side]
    nx, ny = x + dx, y + dy
    return (nx, ny) if 1 <= nx <= SIZE and 1 <= ny <= SIZE else None


def at(laid: list[Laid], x: int, y: int) -> Laid | None:
    return next((card for card in laid if (card["x"], card["y"]) == (x, y)), None)


def sides(cards: Cards, card: Laid) -> set[str]:
    return openings(cards.dungeon[card["card"]].shape, card["rot"])


def corridor_ends(cards: Cards, laid: list[Laid], x: int, y: int) -> list[str]:
    """The sides of the card at (x, y) open towards an empty cell on the map."""
    here = at(laid, x, y)
    if here is None:
        return []
    ends = []
    for side in DIRECTIONS:
        cell = neighbour(x, y, side)
        if side in sides(cards, here) and cell is not None and at(laid, *cell) is None:
            ends.append(side)
    return ends


def rotation_towards(shape: str, back: str, wanted: int | None = None) -> int | None:
    """The smallest turn (or ``wanted``) that opens ``shape`` on the side ``back``."""
    for rot in ROTATIONS if wanted is None else (wanted,):
        if back in openings(shape, rot):
            return rot
    return None


def passable(cards: Cards, laid: list[Laid], x: int, y: int, side: str) -> tuple[int, int] | None:
    """The cell a step through ``side`` reaches over laid cards (open on both sides)."""
    here, cell = at(laid, x, y), neighbour(x, y, side)
    if here is None or cell is None or side not in sides(cards, here):
        return None
    there = at(laid, *cell)
    if there is None or OPPOSITE[side] not in sides(cards, there):
        return None
    return cell
