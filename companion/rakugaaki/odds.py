"""A challenge's dice: how many, the exact chance, the batches of three, the table.

A challenge with value n on an island of strength S rolls k = ⌊S ÷ n⌋ dice and
succeeds when any die shows n or more — the ``any:kd6>=n`` notation of
:mod:`companion.dice`, whose exact distribution gives the chance
1 − ((n − 1)/6)^k. With three dice at the table they are rolled in batches of
three, the last holding the rest, stopping after the first batch with a
success (R12); stopping early does not change the chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from companion import dice
from companion.errors import InputError
from companion.i18n import _

DICE_AT_HAND = 3
VALUES = (2, 3, 4, 5)
MAX_STRENGTH = 30


def dice_count(strength: int, value: int) -> int:
    """k = ⌊strength ÷ value⌋ (R6: the island as it stands before the change)."""
    return strength // value


def notation(k: int, value: int) -> str:
    """The dice notation of a challenge: ``any:4d6>=2``."""
    return f"any:{k}d6>={value}"


def chance(k: int, value: int) -> Fraction:
    """The exact chance that any of ``k`` dice shows ``value`` or more."""
    if k == 0:
        return Fraction(0)
    return dice.distribution(notation(k, value)).at_least(1)


def percent(p: Fraction, k: int) -> str:
    """The printed chance (R20): one decimal, rounded half up; ``>99.9%`` for what
    would print as 100.0 %; ``—`` without dice."""
    if k == 0:
        return "—"
    tenths = floor(p * 1000 + Fraction(1, 2))
    if tenths >= 1000 and p < 1:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def batch_sizes(k: int) -> list[int]:
    """The batches ``k`` dice are rolled in: 3, 3, …, then the rest."""
    return [min(DICE_AT_HAND, k - start) for start in range(0, k, DICE_AT_HAND)]


@dataclass(frozen=True)
class Rolled:
    batches: tuple[tuple[int, ...], ...]
    success: bool

    @property
    def dice_rolled(self) -> int:
        return sum(len(b) for b in self.batches)


def roll(k: int, value: int, rng: random.Random) -> Rolled:
    """Roll the batches with ``rng`` until one holds a success or all ``k`` are rolled."""
    batches: list[tuple[int, ...]] = []
    for size in batch_sizes(k):
        batch = dice.roll(notation(size, value), rng).terms[0].dice
        batches.append(batch)
        if max(batch) >= value:
            return Rolled(tuple(batches), True)
    return Rolled(tuple(batches), False)


def typed(faces: list[int], k: int, value: int, where: str) -> Rolled:
    """Dice typed at the table, split into batches and checked against the rule (R18):
    they end with the first successful batch, or hold all ``k`` dice."""
    for face in faces:
        if not 1 <= face <= 6:
            raise InputError(_("{face} is not a die face (1-6)", face=face), where)
    batches: list[tuple[int, ...]] = []
    start = 0
    for size in batch_sizes(k):
        batch = tuple(faces[start:start + size])
        if len(batch) < size:
            raise InputError(_("{typed} dice typed, but the {k} dice are rolled in batches "
                               "of {sizes} and batch {batch} is incomplete: roll on while "
                               "nothing has succeeded", typed=len(faces), k=k,
                               sizes=_sizes(k), batch=len(batches) + 1), where)
        batches.append(batch)
        start += size
        if max(batch) >= value:
            break
    if start < len(faces):
        success = max(batches[-1]) >= value
        why = (_("batch {batch} already succeeded", batch=len(batches)) if success
               else _("all {k} dice were already rolled", k=k))
        raise InputError(_("{typed} dice typed, but {why}: the dice after the first {used} "
                           "are never rolled", typed=len(faces), why=why, used=start), where)
    return Rolled(tuple(batches), max(batches[-1]) >= value)


def _sizes(k: int) -> str:
    return ", ".join(str(s) for s in batch_sizes(k))


@dataclass(frozen=True)
class Entry:
    strength: int
    value: int
    dice: int
    chance: Fraction

    @property
    def percent(self) -> str:
        return percent(self.chance, self.dice)


def table() -> list[Entry]:
    """The dice-count table: strength 1–30 × value 2–5."""
    rows = []
    for strength in range(1, MAX_STRENGTH + 1):
        for value in VALUES:
            k = dice_count(strength, value)
            rows.append(Entry(strength, value, k, chance(k, value)))
    return rows
