"""Mahjong tiles and their notation: ``1m``…``9m``, ``1p``…``9p``, ``1s``…``9s``,
``E S W N``, ``Wh G R``; the printed deck's spares ``f1``–``f4`` and ``s1``–``s4``.

Input is case-insensitive and also takes the kanji (東 南 西 北 白 發 発 中) and
``1z``–``7z``; output is always the canonical form. ``?`` is a face-down tile
the companion does not know.
"""

from __future__ import annotations

import re

from companion.errors import InputError
from companion.i18n import _

SUITS = ("m", "p", "s")
WINDS = ("E", "S", "W", "N")
DRAGONS = ("Wh", "G", "R")
SPARES = ("f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4")
#: The 34 kinds of the game, in canonical order, and the deck's 8 spares after them.
GAME = tuple(f"{n}{suit}" for suit in SUITS for n in range(1, 10)) + WINDS + DRAGONS
ALL = GAME + SPARES
ORDER = {tile: i for i, tile in enumerate(ALL)}
UNKNOWN = "?"

_ALIASES = {
    **{t.lower(): t for t in ALL},
    "東": "E", "南": "S", "西": "W", "北": "N", "白": "Wh", "發": "G", "発": "G", "中": "R",
    **{f"{i}z": t for i, t in enumerate(WINDS + DRAGONS, start=1)},
}
_SUITED = re.compile(r"([1-9])([mps])")
KANJI = {"E": "東", "S": "南", "W": "西", "N": "北", "Wh": "白", "G": "發", "R": "中"}
NUMERALS = "一二三四伍六七八九"


def parse(text: object, where: str, *, unknown: bool = False, spares: bool = False) -> str:
    """The canonical tile of ``text``; ``?`` only with ``unknown``; spares only with
    ``spares`` (they are never part of the game)."""
    if unknown and text == UNKNOWN:
        return UNKNOWN
    tile = _ALIASES.get(text.strip().lower()) if isinstance(text, str) else None
    if tile is None:
        raise InputError(_("{text!r} is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N, Wh G R)",
                           text=text), where)
    if tile in SPARES and not spares:
        raise InputError(_("{tile} is not one of the game's 136 tiles", tile=tile), where)
    return tile


def number(tile: str) -> int:
    """A suited tile's rank (1–9); 0 for every other tile."""
    match = _SUITED.fullmatch(tile)
    return int(match.group(1)) if match else 0


def suit(tile: str) -> str | None:
    match = _SUITED.fullmatch(tile)
    return match.group(2) if match else None


def sort(tiles: list[str]) -> list[str]:
    return sorted(tiles, key=ORDER.__getitem__)


def kanji(tile: str) -> str:
    """How a tile reads in the terminal: 東, 中, 3萬 …, or the notation."""
    if tile in KANJI:
        return KANJI[tile]
    if suit(tile) == "m":
        return NUMERALS[number(tile) - 1] + "萬"
    return tile
