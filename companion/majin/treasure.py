"""Chests (宝箱): N = Σ levels, N d6 (or the short form) plus the depth bonus, the
floor's cap, the table's row, and the exact chances of passing the cap."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.dice import Tray, sum_counts
from companion.errors import InputError
from companion.i18n import ENGLISH, _, language
from companion.majin.cards import Cards, TreasureRow
from companion.text import fraction_text

BONUS = {1: 0, 2: 5, 3: 10}
FLOOR_CAP = {1: 20, 2: 40, 3: None}  # B3F: only the table's last row caps it (R24)
MAX_LEVELS = 10


@dataclass(frozen=True)
class Chest:
    floor: int
    levels: tuple[int, ...]
    short: bool
    rolls: tuple[int, ...]
    sum: int
    number: int
    cap: int
    row: TreasureRow
    yen: int | None
    money_rolls: tuple[int, ...]
    p_over_cap: Fraction
    p_over_cap_short: Fraction

    @property
    def n(self) -> int:
        return sum(self.levels)

    @property
    def bonus(self) -> int:
        return BONUS[self.floor]

    @property
    def over_cap(self) -> bool:
        return self.number > self.cap


def cap(cards: Cards, floor: int) -> int:
    """The highest row a chest on ``floor`` may give (R24)."""
    last = len(cards.treasure)
    floor_cap = FLOOR_CAP[floor]
    return last if floor_cap is None else min(floor_cap, last)


def parse_levels(text: str, where: str = "--levels") -> tuple[int, ...]:
    """``"2,1,1"`` → (2, 1, 1): the levels of the defeated monsters."""
    parts = text.replace(",", " ").split()
    if not all(part.isdigit() for part in parts):
        raise InputError(_("expected monster levels joined by commas, like 2,1,1; found "
                           "{found!r}", found=text), where)
    levels = [int(part) for part in parts]
    if not 1 <= len(levels) <= MAX_LEVELS:
        raise InputError(_("expected 1 to {most} monster levels", most=MAX_LEVELS), where)
    for level in levels:
        if not 1 <= level <= 9:
            raise InputError(_("a monster's level is 1-9, found {level}", level=level), where)
    return tuple(levels)


def open_chest(cards: Cards, floor: int, levels: tuple[int, ...], tray: Tray, *,
               short: bool = False, choose: int | None = None) -> Chest:
    """Roll the chest, read its row and roll its money dice: every die from ``tray``."""
    n, top = sum(levels), cap(cards, floor)
    if short and n >= 2:
        first = tray.roll(_("chest, short form, die 1"))
        rolls = (first, tray.roll(_("chest, short form, die 2")))
        total = first * (n - 1) + rolls[1]
    else:
        rolls = tuple(tray.roll(_("chest die {k} of {n}", k=k, n=n)) for k in range(1, n + 1))
        total = sum(rolls)
    number = total + BONUS[floor]
    row_number = _row_number(number, top, choose)
    row = cards.treasure[row_number - 1]
    yen, money_rolls = row.yen, ()
    if row.dice is not None:
        money_rolls = tuple(tray.roll(_("money die {k} of row {row}", k=k, row=row.number))
                            for k in range(1, row.dice.dice + 1))
        yen = (sum(money_rolls) + row.dice.bonus) * 100
    return Chest(floor, levels, short, rolls, total, number, top, row, yen, money_rolls,
                 chance_over(n, BONUS[floor], top, short=False),
                 chance_over(n, BONUS[floor], top, short=True))


def _row_number(number: int, top: int, choose: int | None) -> int:
    if number <= top:
        return number
    if choose is None:
        return top
    if not 1 <= choose <= top:
        raise InputError(_("the chest is over the cap {cap}: choose a row 1-{cap}", cap=top),
                         "--choose")
    return choose


def chance_over(n: int, bonus: int, top: int, *, short: bool) -> Fraction:
    """The exact chance that the chest number passes ``top`` (one die when N = 1)."""
    if short and n >= 2:
        over = sum(1 for a in range(1, 7) for b in range(1, 7) if a * (n - 1) + b + bonus > top)
        return Fraction(over, 36)
    counts = sum_counts(n, 6)
    over = sum(ways for total, ways in counts.items() if total + bonus > top)
    return Fraction(over, 6**n)


def row_text(cards: Cards, row: TreasureRow) -> str:
    """The row as printed in the current language: its own text, else made from its
    content."""
    english = language() == ENGLISH
    written = row.text_en if english and row.text_en else row.text
    if written:
        return written
    if row.kind == "item":
        item = cards.items[row.item or ""]
        return item.extra.get("name_en", item.name) if english else item.name
    if row.kind == "money":
        if row.dice is not None:
            return _("{dice} × 100 yen", dice=row.dice)
        return _("{yen} yen", yen=row.yen)
    return _("nothing")


def report(cards: Cards, chest: Chest, seed: int | None) -> dict[str, Any]:
    """The chest's keys, as ``treasure`` and ``chest`` print them."""
    row = chest.row
    return {
        "floor": chest.floor, "levels": list(chest.levels), "n": chest.n,
        "short": chest.short, "rolls": list(chest.rolls), "sum": chest.sum,
        "bonus": chest.bonus, "number": chest.number, "cap": chest.cap,
        "over_cap": chest.over_cap, "row": row.number, "kind": row.kind, "item": row.item,
        "yen": chest.yen, "money_rolls": list(chest.money_rolls),
        "text": row_text(cards, row),
        "p_over_cap": fraction_text(chest.p_over_cap),
        "p_over_cap_short": fraction_text(chest.p_over_cap_short), "seed": seed,
    }
