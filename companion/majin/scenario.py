"""The scenario's effects (イベント), as the table rules them: money, the party LP, flags,
the encounter value, an item from the pile, a chest from an event — every sample event
can be carried out with one ``adjust``."""

from __future__ import annotations

from dataclasses import dataclass

from companion.dice import Tray
from companion.errors import IllegalMove, InputError
from companion.i18n import _
from companion.majin.campaign import Campaign
from companion.majin.expedition import BATTLE_AT, free_holders, refuse_pending, wipe_out
from companion.majin.surface import MAX_LP
from companion.majin.town import Change


@dataclass(frozen=True)
class Effects:
    """What one ``adjust`` changes; ``None`` / empty: unchanged."""

    money: int | None = None
    lp: int | None = None
    flags: tuple[str, ...] = ()
    unflags: tuple[str, ...] = ()
    encounter: int | None = None
    reset_encounter: bool = False
    item: str | None = None
    holder: str | None = None
    chest: int | None = None


def adjust(c: Campaign, effects: Effects, note: str, tray: Tray) -> Change:
    """Apply ``effects`` in a fixed order — money, flags, the item, the encounter value,
    the chest, the LP last (an LP of 0 is a wipe-out) — and log ``note``."""
    if not note.strip():
        raise InputError(_("a note saying why is required"), "--note")
    if effects.money is not None:
        c.money = max(0, c.money + effects.money)
    _flags(c, effects)
    gained = _item(c, effects) if effects.item is not None else None
    _encounter(c, effects)
    if effects.chest is not None:
        _chest(c, effects.chest)
    wiped = _lp(c, effects.lp, tray) if effects.lp is not None else False
    trip = c.dungeon
    return Change({"money": c.money, "lp": trip.lp if trip else None, "flags": c.flags,
                   "encounter": trip.encounter if trip else None,
                   "due": trip.due if trip else None, "item": gained,
                   "chest": trip.chest if trip else None, "wiped_out": wiped}, note.strip())


def _flags(c: Campaign, effects: Effects) -> None:
    for flag in effects.flags:
        if flag in c.flags:
            raise IllegalMove(_("the flag {flag!r} is already set", flag=flag))
        c.flags.append(flag)
    for flag in effects.unflags:
        if flag not in c.flags:
            raise IllegalMove(_("the flag {flag!r} is not set", flag=flag))
        c.flags.remove(flag)


def _in_dungeon(c: Campaign, option: str):
    if c.dungeon is None:
        raise IllegalMove(_("{option} is for the dungeon: the party is on the surface",
                            option=option))
    return c.dungeon


def _item(c: Campaign, effects: Effects) -> dict[str, str | None]:
    """An item from the item pile (a merchant's sale): into the pack on the surface, in
    the dungeon to ``holder`` or the first free one (a cursed item: a living member)."""
    item = effects.item
    if item not in c.cards.items:
        raise InputError(_("{item} is not an item of the card folder", item=item), "--item")
    if item not in c.piles["items"]:
        raise IllegalMove(_("{item} is not in the item pile", item=item))
    if c.dungeon is None:
        if effects.holder is not None:
            raise InputError(_("on the surface an item goes into the pack"), "--to")
        c.piles["items"].remove(item)
        c.pack.append(item)
        return {"item": item, "holder": None}
    trip = c.dungeon
    free = free_holders(c, trip, cursed=c.cards.items[item].cursed)
    holder = effects.holder if effects.holder is not None else next(iter(free), None)
    if holder is None or holder not in free:
        raise IllegalMove(_("no free holder for {item}: {free}", item=item,
                            free=", ".join(free) or _("every hand holds an item")))
    c.piles["items"].remove(item)
    trip.items[holder] = item
    return {"item": item, "holder": holder}


def _encounter(c: Campaign, effects: Effects) -> None:
    """An event's change to the encounter value (clamped at 0); reaching 10 makes a
    battle due as walking does (R1)."""
    if effects.encounter is None and not effects.reset_encounter:
        return
    trip = _in_dungeon(c, "--encounter")
    refuse_pending(trip, "due")
    value = 0 if effects.reset_encounter else trip.encounter
    trip.encounter = max(0, value + (effects.encounter or 0))
    if trip.encounter >= BATTLE_AT and trip.due is None:
        trip.due = "encounter"
    elif trip.encounter < BATTLE_AT and trip.due == "encounter":
        trip.due = None


def _chest(c: Campaign, levels: int) -> None:
    """A chest found by an event, opened as the chest of a battle won against monsters of
    ``levels`` in all on this floor (the depth bonus applies)."""
    trip = _in_dungeon(c, "--chest")
    refuse_pending(trip)
    trip.chest = {"floor": trip.floor, "levels": [levels]}


def _lp(c: Campaign, lp: int, tray: Tray) -> bool:
    trip = _in_dungeon(c, "--lp")
    if trip.battle is not None:
        raise IllegalMove(_("a battle is set up: its LP is in the battle file"))
    trip.lp = max(0, min(MAX_LP, trip.lp + lp))
    if trip.lp:
        return False
    wipe_out(c, tray)
    return True
