"""The surface phase (地上フェイズ) as campaign commands: a new campaign, the gacha,
the party, the shop, revival, losing cards, the bank, the elevator and the table's
adjustments. Each changes a :class:`Campaign` in place and returns a
:class:`Change`, or refuses naming the rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.dice import Tray
from companion.errors import IllegalMove, InputError
from companion.i18n import _
from companion.majin import cards as card_files
from companion.majin.campaign import ROW, Campaign
from companion.majin.cards import FLOORS, TIERS
from companion.majin.surface import REVIVAL_FEE


@dataclass
class Change:
    """What a campaign command did: its ``result`` keys and a one-line summary."""

    result: dict[str, Any]
    summary: str
    files: list[tuple[Path, str]] = field(default_factory=list)  # written with the campaign


Before = tuple[int, int, int | None]  # money, bank and the party LP before a change


def before_change(c: Campaign) -> Before:
    return c.money, c.bank, c.dungeon.lp if c.dungeon else None


def log_entry(command: str, typed: list[str], before: Before | None, after: Campaign,
              change: Change, tray: Tray) -> dict[str, Any]:
    """The campaign log's entry for a command: what was typed, money, bank, LP, dice."""
    money, bank, lp_before = before or (after.money, after.bank, None)
    lp_after = after.dungeon.lp if after.dungeon else None
    return {"n": len(after.log) + 1, "command": command, "args": typed,
            "money": [money, after.money], "bank": [bank, after.bank],
            "lp": None if lp_before is None and lp_after is None else [lp_before, lp_after],
            "dice": list(tray.used), "seed": tray.seed_used, "summary": change.summary}


def on_surface(c: Campaign, command: str) -> None:
    if c.underground:
        raise IllegalMove(_("{command} is for the surface: the party is in the dungeon "
                            "(return with 'up' first)", command=command))


def in_dungeon(c: Campaign, command: str) -> None:
    if not c.underground:
        raise IllegalMove(_("{command} is for the dungeon: enter it first", command=command))


def pay(c: Campaign, yen: int, what: str) -> None:
    """R30: every payment comes from the carried money, never from the bank."""
    if c.money < yen:
        raise IllegalMove(_("{what} costs {yen} yen; {money} yen carried (the bank does not "
                            "pay, R30)", what=what, yen=yen, money=c.money))
    c.money -= yen


# --- new ------------------------------------------------------------------------------------


def new(cards_ref: str, base: Path | None, tray: Tray) -> tuple[Campaign, Change]:
    """Money 1000, every pile shuffled from the seed (items and bosses in file order)."""
    found = card_files.load(cards_ref, base)
    c = Campaign(found, cards_ref, base)
    piles: dict[str, Any] = {"majin": {}, "monsters": {}, "bosses": list(found.bosses),
                             "items": list(found.items), "dungeon": {}}
    for tier in TIERS:
        piles["majin"][str(tier)] = [m.id for m in found.majin.values() if m.tier == tier]
        tray.shuffle(piles["majin"][str(tier)])
    for floor in FLOORS:
        piles["monsters"][str(floor)] = [m.id for m in found.monsters.values()
                                         if m.floor == floor]
        tray.shuffle(piles["monsters"][str(floor)])
    for floor in FLOORS:
        piles["dungeon"][str(floor)] = [d.id for d in found.dungeon.values()
                                        if d.floor == floor and d.kind == "corridor"
                                        for _copy in range(d.count)]
        tray.shuffle(piles["dungeon"][str(floor)])
    c.piles = piles
    return c, Change({"seed": tray.seed}, _("new campaign, cards {folder}, seed {seed}",
                                            folder=found.folder, seed=tray.seed))


# --- gacha, party ---------------------------------------------------------------------------


def gacha(c: Campaign, tier: int, card: str | None) -> Change:
    on_surface(c, "gacha")
    pile = c.piles["majin"][str(tier)]
    if not pile:
        raise IllegalMove(_("the {tier} yen pile is empty", tier=tier))
    if card is not None and card not in pile:
        raise InputError(_("{card} is not in the {tier} yen pile", card=card, tier=tier),
                         "--card")
    pay(c, tier, _("the {tier} yen gacha", tier=tier))
    drawn = card or pile[0]
    pile.remove(drawn)
    c.stock.append(drawn)
    rank = c.cards.majin[drawn].rank
    return Change({"tier": tier, "card": drawn, "rank": rank, "money": c.money},
                  _("gacha {tier}: {card} ({rank})", tier=tier, card=drawn, rank=rank))


def parse_row(text: str | None, where: str) -> list[str | None]:
    """``"A,-,C"`` → ["A", None, "C"]: up to three slots, ``-`` or nothing for empty."""
    if text is None:
        return [None] * ROW
    slots = [part.strip() or None for part in text.split(",")]
    slots = [None if slot == "-" else slot for slot in slots]
    if len(slots) > ROW:
        raise InputError(_("a row has 3 slots; {count} given", count=len(slots)), where)
    return [*slots, *[None] * (ROW - len(slots))]


def party(c: Campaign, front: list[str | None], back: list[str | None],
          items: dict[str, str] | None) -> Change:
    chosen = [card for card in (*front, *back) if card is not None]
    if len(set(chosen)) != len(chosen):
        raise InputError(_("a card is named twice"), "--front")
    if not any(front):
        raise IllegalMove(_("the front row needs at least one member (R10)"))
    if c.underground:
        _rearrange(c, chosen, items)
    else:
        if items is not None:
            raise InputError(_("--items is for the dungeon: on the surface the pack is handed "
                               "out on entering"), "--items")
        available = set(c.stock) | set(c.members())
        for card in chosen:
            if card not in available:
                raise InputError(_("{card} is not in the stock or the party", card=card),
                                 "--front")
        leaving = [card for card in c.members() if card not in chosen]
        c.stock = [card for card in c.stock if card not in chosen] + leaving
    c.front, c.back = list(front), list(back)
    return Change({"front": c.front, "back": c.back, "stock": c.stock},
                  _("party: front {front} | back {back}", front=_row(c.front),
                    back=_row(c.back)))


def _rearrange(c: Campaign, chosen: list[str], items: dict[str, str] | None) -> None:
    trip = c.dungeon
    assert trip is not None
    if trip.battle is not None:
        raise IllegalMove(_("a battle is set up: the formation is in its battle file; settle "
                            "it first"))
    if sorted(chosen) != sorted(c.members()):
        raise IllegalMove(_("in the dungeon the formation rearranges the living members: "
                            "{members}", members=", ".join(c.members())))
    if items is None:
        return
    holders = set(chosen) | set(trip.bodies)
    for holder in items:
        if holder not in holders:
            raise InputError(_("{holder} is not a party member or body", holder=holder),
                             "--items")
    if sorted(items.values()) != sorted(trip.items.values()):
        raise InputError(_("--items gives the party's items ({items}) each to one holder",
                           items=", ".join(sorted(trip.items.values())) or "-"), "--items")
    trip.items = dict(items)


def parse_holdings(text: str | None, where: str = "--items") -> dict[str, str] | None:
    """``"M01=I05,M02=I01"`` → {"M01": "I05", "M02": "I01"}."""
    if text is None:
        return None
    found: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        holder, sign, item = part.partition("=")
        if not sign or not holder or not item or holder in found:
            raise InputError(_("expected HOLDER=ITEM pairs joined by commas, each holder once; "
                               "found {part!r}", part=part), where)
        if item in found.values():
            raise InputError(_("{item} is given twice", item=item), where)
        found[holder] = item
    return found


def _row(row: list[str | None]) -> str:
    return " ".join(card or "-" for card in row)


# --- the shop, discarding -------------------------------------------------------------------


def sell(c: Campaign, item: str) -> Change:
    on_surface(c, "sell")
    if item not in c.pack:
        raise IllegalMove(_("{item} is not in the pack", item=item))
    found = c.cards.items[item]
    c.pack.remove(item)
    c.money += found.price
    (c.piles["items"] if found.cursed else c.shop).append(item)
    return Change({"item": item, "price": found.price, "displayed": not found.cursed,
                   "money": c.money}, _("sold {item} for {yen} yen", item=item,
                                        yen=found.price))


def buy(c: Campaign, item: str) -> Change:
    on_surface(c, "buy")
    if item not in c.shop:
        raise IllegalMove(_("{item} is not on display in the shop", item=item))
    price = 2 * c.cards.items[item].price
    pay(c, price, item)
    c.shop.remove(item)
    c.pack.append(item)
    return Change({"item": item, "price": price, "money": c.money},
                  _("bought back {item} for {yen} yen", item=item, yen=price))


def shop_return(c: Campaign, items: list[str], every: bool) -> Change:
    if every == bool(items):
        raise InputError(_("give --return ITEM… or --all"), "--return")
    chosen = list(c.shop) if every else items
    for item in chosen:
        if item not in c.shop:
            raise IllegalMove(_("{item} is not on display in the shop", item=item))
        c.shop.remove(item)
        c.piles["items"].append(item)
    return Change({"returned": chosen}, _("returned to the item pile: {items}",
                                          items=", ".join(chosen) or "-"))


def discard(c: Campaign, item: str) -> Change:
    found = c.cards.items.get(item)
    if found is None:
        raise InputError(_("{item} is not an item of {folder}", item=item,
                           folder=c.cards.folder), "ITEM")
    if found.cursed:
        raise IllegalMove(_("{item} is cursed: it cannot be discarded (R42)", item=item))
    if item in c.pack:
        c.pack.remove(item)
    elif c.dungeon is not None and item in c.dungeon.items.values():
        if c.dungeon.battle is not None:
            raise IllegalMove(_("a battle is set up: settle it first"))
        holder = next(h for h, i in c.dungeon.items.items() if i == item)
        del c.dungeon.items[holder]
    else:
        raise IllegalMove(_("{item} is neither in the pack nor held by the party", item=item))
    c.piles["items"].append(item)
    return Change({"item": item}, _("discarded {item}", item=item))


# --- revival, losing cards ------------------------------------------------------------------


def revive(c: Campaign, card: str, tray: Tray, *, free: bool = False) -> Change:
    """死者蘇生: the rank's fee (none for an event's free revival), then 1d6: a 6 loses
    the card for good."""
    on_surface(c, "revive")
    if card not in c.graveyard:
        raise IllegalMove(_("{card} is not in the graveyard", card=card))
    rank = c.cards.majin[card].rank
    fee = 0 if free else REVIVAL_FEE[rank]
    pay(c, fee, _("reviving a {rank}", rank=rank))
    roll = tray.roll(_("revival of {card}", card=card))
    c.graveyard.remove(card)
    if roll == 6:
        lose_majin(c, [card], tray)
    else:
        c.stock.append(card)
    text = (_("revived {card} (die {roll})", card=card, roll=roll) if roll < 6 else
            _("{card} is lost (die 6)", card=card))
    return Change({"card": card, "rank": rank, "fee": fee, "roll": roll,
                   "revived": roll < 6, "money": c.money}, text)


def lose_majin(c: Campaign, cards: list[str], tray: Tray) -> None:
    """魔人 back into their tier piles, each pile then shuffled."""
    tiers = []
    for card in cards:
        tier = str(c.cards.majin[card].tier)
        c.piles["majin"][tier].append(card)
        tiers.append(tier)
    for tier in dict.fromkeys(tiers):
        tray.shuffle(c.piles["majin"][tier])


def lose_recruits(c: Campaign, cards: list[str], tray: Tray | None) -> None:
    """Recruited monsters back into their floor piles (shuffled when ``tray`` is given)."""
    floors = []
    for card in cards:
        floor = str(c.cards.monsters[card].floor)
        c.piles["monsters"][floor].append(card)
        floors.append(floor)
    if tray is not None:
        for floor in dict.fromkeys(floors):
            tray.shuffle(c.piles["monsters"][floor])


def lose(c: Campaign, ids: list[str], tray: Tray) -> Change:
    """Graveyard cards, dungeon bodies (R51) and the site's bodies and items, for good."""
    majin, recruits, items = [], [], []
    for card in ids:
        if card in c.graveyard:
            c.graveyard.remove(card)
            majin.append(card)
        elif c.dungeon is not None and card in c.dungeon.bodies:
            _lose_body(c, card, majin, recruits)
        elif c.wipe and card in c.wipe["bodies"]:
            c.wipe["bodies"].remove(card)
            majin.append(card)
        elif c.wipe and card in c.wipe["items"]:
            c.wipe["items"].remove(card)
            items.append(card)
        else:
            raise IllegalMove(_("{card} is not in the graveyard, among the bodies or at the "
                                "site", card=card))
    lose_majin(c, majin, tray)
    lose_recruits(c, recruits, tray)
    c.piles["items"].extend(items)
    return Change({"lost": list(ids)}, _("lost for good: {cards}", cards=", ".join(ids)))


def _lose_body(c: Campaign, card: str, majin: list[str], recruits: list[str]) -> None:
    trip = c.dungeon
    assert trip is not None
    if trip.battle is not None:
        raise IllegalMove(_("a battle is set up: settle it first"))
    if card in trip.items:
        raise IllegalMove(_("{card} holds {item}: hand it to another holder or discard it "
                            "first (R51)", card=card, item=trip.items[card]))
    trip.bodies.remove(card)
    if card in trip.recruits:
        trip.recruits.remove(card)
        recruits.append(card)
    else:
        majin.append(card)


# --- bank, elevator -----------------------------------------------------------------


def bank(c: Campaign, deposit: int | None, withdraw: int | None) -> Change:
    on_surface(c, "bank")
    if (deposit is None) == (withdraw is None):
        raise InputError(_("give --deposit N or --withdraw N"), "--deposit")
    amount = deposit if deposit is not None else withdraw
    where = "--deposit" if deposit is not None else "--withdraw"
    if amount is None or amount < 1:
        raise InputError(_("at least 1 yen"), where)
    if deposit is not None:
        if deposit > c.money:
            raise IllegalMove(_("{yen} yen to deposit; {money} yen carried", yen=deposit,
                                money=c.money))
        c.money, c.bank = c.money - deposit, c.bank + deposit
    else:
        if amount > c.bank:
            raise IllegalMove(_("{yen} yen to withdraw; {bank} yen in the bank", yen=amount,
                                bank=c.bank))
        c.money, c.bank = c.money + amount, c.bank - amount
    return Change({"money": c.money, "bank": c.bank},
                  _("bank: {money} yen carried, {bank} yen banked", money=c.money,
                    bank=c.bank))


def elevator(c: Campaign, floor: int) -> Change:
    if floor in c.elevator:
        raise IllegalMove(_("the elevator to B{floor}F is already open", floor=floor))
    c.elevator = sorted([*c.elevator, floor])
    return Change({"elevator": c.elevator}, _("elevator to B{floor}F opened", floor=floor))
