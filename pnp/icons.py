"""The project's vector icons by name, for decks and components alike.

Every icon is drawn in a square box: top-left (x, y), side ``size`` mm, in
``colour`` (icons with a colour of their own keep it unless one is given).
Suits, game pieces, marks and die faces — all paths, none from a font.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp import draw
from pnp.mahjong import ICONS as MAHJONG
from pnp.shapes import Circle, Path, Style

Icon = Callable[[float, float, float, str | None], list]


def _suit(commands: list[tuple]) -> Icon:
    """An icon from path commands in a unit box (0–1 each way)."""
    def icon(x: float, y: float, size: float, colour: str | None) -> list:
        scaled = tuple((op, *[x + v * size if i % 2 == 0 else y + v * size
                             for i, v in enumerate(args)]) for op, *args in commands)
        return [Path(scaled, Style(stroke=None, fill=colour or "#000000"))]
    return icon


SPADE = [("M", 0.5, 0.05), ("C", 0.35, 0.25, 0.05, 0.4, 0.08, 0.6),
         ("C", 0.1, 0.78, 0.35, 0.82, 0.46, 0.66), ("L", 0.38, 0.95), ("L", 0.62, 0.95),
         ("L", 0.54, 0.66), ("C", 0.65, 0.82, 0.9, 0.78, 0.92, 0.6),
         ("C", 0.95, 0.4, 0.65, 0.25, 0.5, 0.05), ("Z",)]
HEART = [("M", 0.5, 0.92), ("C", 0.3, 0.72, 0.05, 0.55, 0.07, 0.32),
         ("C", 0.09, 0.1, 0.4, 0.05, 0.5, 0.28), ("C", 0.6, 0.05, 0.91, 0.1, 0.93, 0.32),
         ("C", 0.95, 0.55, 0.7, 0.72, 0.5, 0.92), ("Z",)]
DIAMOND = [("M", 0.5, 0.04), ("C", 0.62, 0.22, 0.72, 0.36, 0.86, 0.5),
           ("C", 0.72, 0.64, 0.62, 0.78, 0.5, 0.96), ("C", 0.38, 0.78, 0.28, 0.64, 0.14, 0.5),
           ("C", 0.28, 0.36, 0.38, 0.22, 0.5, 0.04), ("Z",)]


#: The 魔人 cards' stats drawn, not written: a heart (HP), a sword (ATK), a shield (DEF)
#: and a bolt (SPD).
SWORD = [("M", 0.5, 0.03), ("L", 0.58, 0.16), ("L", 0.58, 0.62), ("L", 0.78, 0.62),
         ("L", 0.78, 0.7), ("L", 0.56, 0.7), ("L", 0.56, 0.86), ("L", 0.62, 0.9),
         ("L", 0.62, 0.97), ("L", 0.38, 0.97), ("L", 0.38, 0.9), ("L", 0.44, 0.86),
         ("L", 0.44, 0.7), ("L", 0.22, 0.7), ("L", 0.22, 0.62), ("L", 0.42, 0.62),
         ("L", 0.42, 0.16), ("Z",)]
SHIELD = [("M", 0.5, 0.04), ("L", 0.9, 0.16), ("C", 0.9, 0.58, 0.72, 0.84, 0.5, 0.96),
          ("C", 0.28, 0.84, 0.1, 0.58, 0.1, 0.16), ("Z",)]
BOLT = [("M", 0.62, 0.03), ("L", 0.2, 0.56), ("L", 0.46, 0.56), ("L", 0.36, 0.97),
        ("L", 0.8, 0.4), ("L", 0.54, 0.4), ("L", 0.7, 0.03), ("Z",)]


def _club(x: float, y: float, size: float, colour: str | None) -> list:
    style = Style(stroke=None, fill=colour or "#000000")
    r = 0.2 * size
    stem = _suit([("M", 0.46, 0.55), ("L", 0.38, 0.95), ("L", 0.62, 0.95), ("L", 0.54, 0.55),
                  ("Z",)])(x, y, size, colour)
    return [Circle(x + 0.5 * size, y + 0.27 * size, r, style),
            Circle(x + 0.28 * size, y + 0.58 * size, r, style),
            Circle(x + 0.72 * size, y + 0.58 * size, r, style),
            Circle(x + 0.5 * size, y + 0.5 * size, r * 0.6, style), *stem]


def _piece(function: Callable[..., list], default: str | None = None) -> Icon:
    def icon(x: float, y: float, size: float, colour: str | None) -> list:
        chosen = colour or default
        return function(x, y, size) if chosen is None else function(x, y, size, chosen)
    return icon


def _mark(shape: str) -> Icon:
    def icon(x: float, y: float, size: float, colour: str | None) -> list:
        return draw.mark(shape, x + size / 2, y + size / 2, size / 2, colour or "#000000")
    return icon


def _die(face: int) -> Icon:
    def icon(x: float, y: float, size: float, colour: str | None) -> list:
        return draw.die(x, y, size, face, ink=colour or "#000000")
    return icon


ICONS: dict[str, Icon] = {
    "spade": _suit(SPADE), "heart": _suit(HEART), "diamond": _suit(DIAMOND), "club": _club,
    "ghost": _piece(draw.ghost, "#6b6b8f"), "bat": _piece(draw.bat, "#4a3b52"),
    "slime": _piece(draw.slime, "#3f7fbf"), "chest": _piece(draw.chest, "#d9a441"),
    "key": _piece(lambda x, y, s, *_colour: draw.key(x, y, s)),
    "monster": _piece(draw.monster, "#8c1c13"),
    "stat-hp": _suit(HEART), "stat-atk": _suit(SWORD), "stat-def": _suit(SHIELD),
    "stat-spd": _suit(BOLT),
    **{f"mark-{shape}": _mark(shape) for shape in
       ("circle", "square", "triangle", "diamond", "star", "cross", "hexagon")},
    **{f"die-{face}": _die(face) for face in range(1, 7)},
    **MAHJONG,
}


def icon(name: str, x: float, y: float, size: float, colour: str | None = None) -> list:
    """The icon ``name`` in the box at (x, y) of side ``size``; KeyError if unknown."""
    return ICONS[name](x, y, size, colour)
