"""Expeditions (探索フェイズ) as campaign commands: entering, drawing and laying
corridor cards, walking, the stairs, battles set up and settled, chests, the
wipe-out and the recovery of its site."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion.dice import Tray
from companion.errors import IllegalMove, InputError
from companion.files import dump_json
from companion.i18n import ENGLISH, _, language
from companion.majin import battle as battles
from companion.majin import corridors, treasure
from companion.majin.campaign import ROW, Campaign, Expedition
from companion.majin.cards import FLOORS
from companion.majin.corridors import OPPOSITE
from companion.majin.render import word
from companion.majin.surface import ELEVATOR_FARE, MAX_LP, after_wipe_out, bounty, entering_lp
from companion.majin.town import Change, in_dungeon, lose_majin, lose_recruits, on_surface, pay

BATTLE_AT = 10  # R1


def trip_of(c: Campaign, command: str) -> Expedition:
    in_dungeon(c, command)
    assert c.dungeon is not None
    return c.dungeon


def refuse_pending(trip: Expedition, *allowed: str) -> None:
    """A command not allowed while something is pending names what must happen first."""
    pending = [("drawn", trip.drawn, _("lay the drawn card first ('place')")),
               ("battle", trip.battle, _("settle the battle first ('settle')")),
               ("due", trip.due, _("a battle is due: fight it first ('fight')")),
               ("chest", trip.chest, _("open the chest first ('chest', or 'chest --skip')"))]
    for name, value, message in pending:
        if value is not None and name not in allowed:
            raise IllegalMove(message)


# --- entering -------------------------------------------------------------------------------


def enter(c: Campaign, floor: int, items: dict[str, str] | None, tray: Tray) -> Change:
    on_surface(c, "enter")
    members = c.members()
    if not any(c.front):
        raise IllegalMove(_("form a party first ('party'): the front row needs a member (R10)"))
    if len(c.graveyard) > 5:
        raise IllegalMove(_("the graveyard holds {count}; lose cards down to 5 before the "
                            "next expedition (R29)", count=len(c.graveyard)))
    if len(c.pack) > len(members):
        raise IllegalMove(_("{items} items for {members} members: sell the surplus first (R11)",
                            items=len(c.pack), members=len(members)))
    paid = 0
    if floor > 1:
        if floor not in c.elevator:
            raise IllegalMove(_("the elevator to B{floor}F is not open (R31)", floor=floor))
        paid = ELEVATOR_FARE[floor]
        pay(c, paid, _("the elevator to B{floor}F", floor=floor))
    held = _hand_out(c, members, items)
    x, y = tray.roll(_("x, the column")), tray.roll(_("y, the row"))
    lp = entering_lp(c.cards.fighter(m).hp for m in members)
    up = c.cards.up(floor).id
    maps: dict[str, list] = {str(f): [] for f in FLOORS}
    maps[str(floor)] = [{"x": x, "y": y, "card": up, "rot": 0}]
    c.dungeon = Expedition(floor, floor, x, y, lp=lp, items=held, maps=maps,
                           graveyards={str(f): [] for f in FLOORS})
    c.where, c.pack = "dungeon", []
    return Change({"floor": floor, "x": x, "y": y, "lp": lp, "paid": paid},
                  _("entered B{floor}F at {x},{y} with LP {lp}", floor=floor, x=x, y=y, lp=lp))


def _hand_out(c: Campaign, members: list[str], items: dict[str, str] | None
              ) -> dict[str, str]:
    """R11: the pack to members without an item, in formation order (or as told)."""
    held: dict[str, str] = {}
    for holder, item in (items or {}).items():
        if holder not in members:
            raise InputError(_("{holder} is not in the party", holder=holder), "--items")
        if item not in c.pack:
            raise InputError(_("{item} is not in the pack", item=item), "--items")
        held[holder] = item
    rest = [item for item in c.pack if item not in held.values()]
    for member in members:
        if rest and member not in held:
            held[member] = rest.pop(0)
    return held


# --- corridor cards -------------------------------------------------------------------------


def draw(c: Campaign, card: str | None) -> Change:
    trip = trip_of(c, "draw")
    refuse_pending(trip)
    laid = trip.laid()
    ends = corridors.corridor_ends(c.cards, laid, trip.x, trip.y)
    if not ends:
        raise IllegalMove(_("no corridor end here: the card at {x},{y} opens on no empty cell",
                            x=trip.x, y=trip.y))
    pile = c.piles["dungeon"][str(trip.floor)]
    special = c.cards.special(trip.floor)
    special_left = special is not None and not any(x["card"] == special.id for x in laid)
    if card is not None:
        if card not in pile and not (not pile and special_left and card == special.id):
            raise InputError(_("{card} is not the next card of the B{floor}F pile (nor its "
                               "special card once the pile is empty)", card=card,
                               floor=trip.floor), "--card")
    elif pile:
        card = pile[0]
    elif special_left:
        card = special.id  # type: ignore[union-attr]
    else:
        raise IllegalMove(_("the B{floor}F pile is used up and its special card is laid: "
                            "walk back and go up", floor=trip.floor))
    if card in pile:
        pile.remove(card)
    trip.drawn = card
    found = c.cards.dungeon[card]
    return Change({"card": card, "shape": found.shape, "enc": found.enc,
                   "symbol": found.symbol or None, "fits": ends},
                  _("drew {card} ({what}): lay it {ends} of {x},{y} ('place DIR')",
                    card=card, what=card_words(found), ends=" / ".join(ends), x=trip.x,
                    y=trip.y))


def card_words(found: Any) -> str:
    """A corridor card in words: its kind or shape, number and symbol."""
    if found.kind == "up":
        return _("the up stairs")
    if found.kind == "special":
        return _("the special card: a dead end with the floor's special event")
    parts = [_("shape {shape}", shape=found.shape)]
    if found.enc:
        parts.append(_("number {enc}", enc=found.enc))
    if found.symbol == "battle":
        parts.append(_("a battle symbol"))
    elif found.symbol == "down":
        parts.append(_("the down stairs"))
    elif found.symbol.startswith("event"):
        parts.append(_("event {n}", n=found.symbol.removeprefix("event")))
    return ", ".join(parts)


def place(c: Campaign, side: str, rotate: int | None) -> Change:
    trip = trip_of(c, "place")
    if trip.drawn is None:
        raise IllegalMove(_("no card drawn: 'draw' first"))
    ends = corridors.corridor_ends(c.cards, trip.laid(), trip.x, trip.y)
    if side not in ends:
        raise IllegalMove(_("{side} is not a corridor end here (ends: {ends})", side=side,
                            ends=", ".join(ends) or "-"))
    found = c.cards.dungeon[trip.drawn]
    rot = corridors.rotation_towards(found.shape, OPPOSITE[side], rotate)
    if rot is None:
        raise InputError(_("turned {rot}°, {card} has no opening back towards the card it is "
                           "laid from (R6)", rot=rotate, card=found.id), "--rotate")
    x, y = corridors.neighbour(trip.x, trip.y, side)  # type: ignore[misc]
    trip.laid().append({"x": x, "y": y, "card": found.id, "rot": rot})
    trip.drawn = None
    trip.x, trip.y = x, y
    entered = enter_card(c, trip, laid_now=True)
    return Change({"x": x, "y": y, "card": found.id, "rot": rot, **entered},
                  "\n".join([_("laid {card} at {x},{y} ({rot}°); encounter {encounter}",
                                card=found.id, x=x, y=y, rot=rot, encounter=trip.encounter),
                              *entry_words(entered)]))


def entry_words(entered: dict[str, Any]) -> list[str]:
    """What an entry brought, in words: the event and its text, stairs, a battle due."""
    lines = []
    if entered["event"] is not None:
        name = _("the special event") if entered["event"] == "special" else \
            _("event {n}", n=entered["event"])
        lines.append(_("{name}: {text}", name=name,
                       text=entered["event_text"] or _("(no text in events.csv)")))
    if entered["down"]:
        lines.append(_("the down stairs: 'descend' goes to the next floor"))
    if entered["due"] is not None:
        lines.append(_("a battle is due ({why}): 'fight'", why=entered["due"]))
    return lines


def enter_card(c: Campaign, trip: Expedition, laid_now: bool) -> dict[str, Any]:
    """R3, R4: the number, then a battle due, then an event (only when laid now)."""
    here = corridors.at(trip.laid(), trip.x, trip.y)
    assert here is not None
    found = c.cards.dungeon[here["card"]]
    trip.encounter += found.enc
    if found.symbol == "battle":
        trip.due = "symbol"
    elif trip.encounter >= BATTLE_AT:
        trip.due = "encounter"
    event = None
    if laid_now and found.symbol.startswith("event"):
        event = found.symbol.removeprefix("event")
    elif laid_now and found.kind == "special":
        event = "special"
    return {"added": found.enc, "encounter": trip.encounter, "due": trip.due, "event": event,
            "event_text": _event_text(c, trip.floor, event), "down": found.symbol == "down",
            "special": found.kind == "special"}


def _event_text(c: Campaign, floor: int, event: str | None) -> str | None:
    if event is None:
        return None
    texts = c.cards.events.get((floor, event))
    if texts is None:
        return None
    return texts[1] if language() == ENGLISH and texts[1] else texts[0]


def move(c: Campaign, steps: list[str]) -> Change:
    trip = trip_of(c, "move")
    refuse_pending(trip)
    if not steps:
        raise InputError(_("give the directions to walk (N, E, S, W)"), "DIR")
    path: list[list[int]] = []
    stopped: list[str] = []
    for index, side in enumerate(steps):
        cell = corridors.passable(c.cards, trip.laid(), trip.x, trip.y, side)
        if cell is None:
            raise IllegalMove(_("step {number} ({side}) from {x},{y}: no open way over laid "
                                "cards (both sides must be open)", number=index + 1,
                                side=side, x=trip.x, y=trip.y))
        trip.x, trip.y = cell
        enter_card(c, trip, laid_now=False)
        path.append([trip.x, trip.y])
        if trip.due is not None:
            stopped = steps[index + 1:]
            break
    due = [_("a battle is due ({why}): 'fight'", why=trip.due)] if trip.due else []
    return Change({"path": path, "encounter": trip.encounter, "due": trip.due,
                   "stopped": stopped},
                  "\n".join([_("walked to {x},{y}; encounter {encounter}", x=trip.x,
                                y=trip.y, encounter=trip.encounter), *due]))


def stay(c: Campaign) -> Change:
    trip = trip_of(c, "stay")
    refuse_pending(trip)
    card = _here(c, trip)
    if not c.cards.dungeon[card].enc:
        raise IllegalMove(_("the card here has no number: stamping needs one (R2)"))
    trip.due = "stay"
    return Change({"due": "stay"}, _("stamping in place at {x},{y}", x=trip.x, y=trip.y))


def _here(c: Campaign, trip: Expedition) -> str:
    here = corridors.at(trip.laid(), trip.x, trip.y)
    assert here is not None
    return here["card"]


def descend(c: Campaign) -> Change:
    trip = trip_of(c, "descend")
    refuse_pending(trip)
    if c.cards.dungeon[_here(c, trip)].symbol != "down":
        raise IllegalMove(_("not on a down-stairs card"))
    if trip.floor >= 3:
        raise IllegalMove(_("B3F is the deepest floor"))
    trip.floor += 1
    if not trip.laid():
        trip.laid().append({"x": trip.x, "y": trip.y, "card": c.cards.up(trip.floor).id,
                            "rot": 0})
    return Change({"floor": trip.floor, "x": trip.x, "y": trip.y},
                  _("down to B{floor}F", floor=trip.floor))


def up(c: Campaign, tray: Tray) -> Change:
    trip = trip_of(c, "up")
    refuse_pending(trip)
    if c.cards.dungeon[_here(c, trip)].kind != "up":
        raise IllegalMove(_("not on an up-stairs card"))
    result: dict[str, Any] = {"floor": None, "x": trip.x, "y": trip.y, "bonus": None,
                              "bounty_total": None, "graveyard": [], "money": c.money}
    if trip.floor > trip.entry:
        trip.floor -= 1
        result["floor"] = trip.floor
        return Change(result, _("up to B{floor}F", floor=trip.floor))
    total = sum(c.cards.fighter(m).bounty for grave in trip.graveyards.values() for m in grave)
    bonus = bounty([total])
    fallen = [b for b in trip.bodies if b not in trip.recruits]
    c.money += bonus
    return_to_surface(c, tray)
    result.update(bonus=bonus, bounty_total=total, graveyard=fallen, money=c.money)
    return Change(result, _("back on the surface: bounty {total} → {bonus} yen",
                            total=total, bonus=bonus))


def return_to_surface(c: Campaign, tray: Tray) -> None:
    """The reset: bodies to the graveyard, items to the pack, recruits to their piles, the
    dungeon's cards back and shuffled, a visited site cleared (R41)."""
    trip = c.dungeon
    assert trip is not None
    c.graveyard += [b for b in trip.bodies if b not in trip.recruits]
    c.pack += list(trip.items.values())
    c.front = [None if m in trip.recruits else m for m in c.front]
    c.back = [None if m in trip.recruits else m for m in c.back]
    lose_recruits(c, trip.recruits, None)
    if c.wipe and c.wipe["visited"]:
        lose_majin(c, c.wipe["bodies"], tray)
        c.piles["items"] += c.wipe["items"]
        c.wipe = None
    reset(c, trip, tray)


def reset(c: Campaign, trip: Expedition, tray: Tray) -> None:
    for grave in trip.graveyards.values():
        for card in grave:
            if card in c.cards.bosses:
                c.piles["bosses"].append(card)
            else:
                c.piles["monsters"][str(c.cards.monsters[card].floor)].append(card)
    for floor, laid in trip.maps.items():
        c.piles["dungeon"][floor] += [x["card"] for x in laid
                                      if c.cards.dungeon[x["card"]].kind == "corridor"]
    if trip.drawn and c.cards.dungeon[trip.drawn].kind == "corridor":
        c.piles["dungeon"][str(c.cards.dungeon[trip.drawn].floor)].append(trip.drawn)
    for floor in FLOORS:
        tray.shuffle(c.piles["monsters"][str(floor)])
    for floor in FLOORS:
        tray.shuffle(c.piles["dungeon"][str(floor)])
    c.dungeon, c.where = None, "surface"


# --- battles --------------------------------------------------------------------------------


def fight(c: Campaign, campaign_path: Path, out: Path, chosen: list[str] | None,
          boss: str | None, tray: Tray, charge: str = "always") -> Change:
    """Set up the battle that is due in the battle file ``out``."""
    if os.path.abspath(out) == os.path.abspath(campaign_path):
        raise InputError(_("--out would overwrite the campaign it reads; write somewhere else"),
                         str(out))
    relative = os.path.relpath(os.path.abspath(out),
                               os.path.dirname(os.path.abspath(campaign_path)))
    fight_file, change = set_up_battle(c, relative, chosen, boss, tray, charge, out)
    if fight_file is None:
        return change
    change.summary += "\n" + _("next: companion majin battle {file} --ask (the table "
                               "decides), then settle", file=out)
    change.files.append((out, dump_json(fight_file)))
    return change


def set_up_battle(c: Campaign, file: str, chosen: list[str] | None, boss: str | None,
                  tray: Tray, charge: str = "always", out: Path | None = None
                  ) -> tuple[dict[str, Any] | None, Change]:
    """The battle that is due (or a scenario's boss), as a battle file's contents (None
    when the pile is empty, R39); ``file`` is where the campaign records it."""
    trip = trip_of(c, "fight")
    refuse_pending(trip, "due")
    if trip.due is None and boss is None:
        raise IllegalMove(_("no battle is due: walk on, 'stay' on a numbered card, or give "
                            "--boss for a scenario battle"))
    pile = c.piles["monsters"][str(trip.floor)]
    monsters = _draw_monsters(c, pile, chosen, trip.due is not None, tray)
    bosses = [_take_boss(c, boss)] if boss is not None else []
    fighters = bosses + monsters
    if not fighters:
        trip.due, trip.encounter = None, 0  # R39
        return None, Change({"monsters": [], "monster_lp": 0, "file": None},
                            _("no monster left on B{floor}F: no battle (R39)", floor=trip.floor))
    fight_file = _battle_file(c, trip, fighters, out, charge)
    trip.battle = {"file": file, "monsters": monsters, "bosses": bosses}
    policy = (_("charge: always — a front member whose attack does no damage charges (1d6, "
                "that many LP); --charge never or the file's orders change it")
              if charge == "always" else _("charge: never, unless an order says so"))
    return fight_file, Change({"monsters": fighters, "monster_lp": fight_file["monster_lp"],
                               "file": str(out or file), "charge": charge},
                              _("battle set up: {monsters} (file {file})",
                                monsters=", ".join(fighters), file=out or file) + "\n" + policy)


def _draw_monsters(c: Campaign, pile: list[str], chosen: list[str] | None, due: bool,
                   tray: Tray) -> list[str]:
    if chosen is not None:
        if not 1 <= len(chosen) <= 3 or len(set(chosen)) != len(chosen):
            raise InputError(_("1 to 3 different monsters"), "--monsters")
        for card in chosen:
            if card not in pile:
                raise InputError(_("{card} is not in this floor's monster pile", card=card),
                                 "--monsters")
            pile.remove(card)
        return list(chosen)
    if not due:
        return []
    count = tray.roll(_("the number of monsters (1d3)"), sides=3)
    drawn = pile[:count]
    del pile[:count]
    return drawn


def _take_boss(c: Campaign, boss: str) -> str:
    if boss not in c.piles["bosses"]:
        raise InputError(_("{boss} is not among the boss cards", boss=boss), "--boss")
    c.piles["bosses"].remove(boss)
    return boss


def _battle_file(c: Campaign, trip: Expedition, fighters: list[str], out: Path | None,
                 charge: str) -> dict[str, Any]:
    fight_state = battles.Battle(
        c.cards, c.cards_ref, c.base, floor=trip.floor, money=c.money,
        party_lp=trip.lp, monster_lp=min(MAX_LP, sum(c.cards.fighter(m).hp for m in fighters)),
        front=list(c.front), back=list(c.back), bodies=list(trip.bodies),
        items=dict(trip.items), recruits=list(trip.recruits), monsters=list(fighters),
        charge=charge)
    return battles.to_dict(fight_state, out)


def settle(c: Campaign, battle_path: Path, tray: Tray) -> Change:
    trip_of(c, "settle")  # before the battle file is read
    if c.dungeon is not None and c.dungeon.battle is None:
        raise IllegalMove(_("no battle is set up: 'fight' first"))
    return settle_battle(c, battles.load(battle_path), battle_path, tray)


def settle_battle(c: Campaign, fought: battles.Battle, battle_path: Any, tray: Tray
                  ) -> Change:
    """Bring the finished battle ``fought`` (read from ``battle_path``) back."""
    trip = trip_of(c, "settle")
    if trip.battle is None:
        raise IllegalMove(_("no battle is set up: 'fight' first"))
    if not fought.over:
        raise IllegalMove(_("the battle in {file} is not over: fight it to the end first "
                            "('companion majin battle')", file=battle_path))
    recorded = {*trip.battle["monsters"], *trip.battle["bosses"]}
    new_recruits = [r for r in fought.recruits if r not in trip.recruits]
    held = {*fought.monsters, *fought.killed, *fought.removed, *new_recruits}
    if held != recorded:
        raise IllegalMove(_("{file} holds the monsters {held}, but the campaign set up "
                            "{recorded}", file=battle_path, held=", ".join(sorted(held)),
                            recorded=", ".join(sorted(recorded))))
    _copy_back(c, trip, fought)
    chest = None
    levels = [c.cards.fighter(m).level for m in (*fought.killed, *fought.monsters)]
    if fought.result == "won" and levels:  # R23: nothing defeated, no chest
        trip.chest = chest = {"floor": trip.floor, "levels": levels}
    site = None
    if fought.result == "lost":
        site = wipe_out(c, tray)
    summary = _("battle settled: {result}", result=word(fought.result))
    if fought.result == "won" and not levels:
        summary = _("battle settled: won, but no monster was defeated: no chest (R23)")
    return Change({"result": fought.result, "money": c.money, "chest": chest, "site": site},
                  summary)


def _copy_back(c: Campaign, trip: Expedition, fought: battles.Battle) -> None:
    c.money, trip.lp = fought.money, fought.party_lp
    c.front, c.back = list(fought.front), list(fought.back)
    trip.bodies, trip.items = list(fought.bodies), dict(fought.items)
    trip.recruits = list(fought.recruits)
    c.piles["items"] += fought.used_items
    trip.graveyards[str(trip.floor)] += fought.killed
    for monster in (*fought.monsters, *fought.removed):  # R40: under the pile, in order
        if monster in c.cards.bosses:
            c.piles["bosses"].append(monster)
        else:
            c.piles["monsters"][str(c.cards.monsters[monster].floor)].append(monster)
    for monster in fought.killed:
        if monster in c.cards.bosses and f"defeated:{monster}" not in c.flags:
            c.flags.append(f"defeated:{monster}")
    trip.encounter, trip.due, trip.battle = 0, None, None


def wipe_out(c: Campaign, tray: Tray) -> dict[str, Any]:
    """全滅: every member dies; bodies and non-cursed items stay at the site (replacing an
    older one), the summoner returns with half the money (R27), no bounty."""
    trip = c.dungeon
    assert trip is not None
    bodies = [*trip.bodies, *c.members()]
    items = list(trip.items.values())
    c.piles["items"] += [i for i in items if c.cards.items[i].cursed]
    if c.wipe:
        lose_majin(c, c.wipe["bodies"], tray)
        c.piles["items"] += c.wipe["items"]
    lose_recruits(c, trip.recruits, None)
    site = {"floor": trip.floor, "x": trip.x, "y": trip.y,
            "bodies": [b for b in bodies if b not in trip.recruits],
            "items": [i for i in items if not c.cards.items[i].cursed], "visited": False}
    c.wipe = site
    c.money = after_wipe_out(c.money)
    c.front, c.back = [None] * ROW, [None] * ROW
    reset(c, trip, tray)
    return site


# --- chests and recovery --------------------------------------------------------------------


def chest(c: Campaign, short: bool, choose: int | None, drop: str | None, skip: bool,
          tray: Tray) -> Change:
    trip = trip_of(c, "chest")
    if trip.chest is None:
        raise IllegalMove(_("no chest is waiting: chests follow won battles"))
    pending = trip.chest
    if skip:
        trip.chest = None
        return Change({"skipped": True}, _("the chest is left unopened"))
    opened = treasure.open_chest(c.cards, pending["floor"], tuple(pending["levels"]), tray,
                                 short=short, choose=choose)
    gained = None
    if opened.yen is not None:
        c.money += opened.yen
    item = opened.row.item
    if item is not None and item in c.piles["items"]:
        gained = _take_item(c, trip, item, drop)
    elif drop is not None:
        raise InputError(_("no item was won: nothing to drop"), "--drop")
    trip.chest = None
    result = {**treasure.report(c.cards, opened, tray.seed_used), "gained": gained,
              "money": c.money}
    return Change(result, _("chest row {row}: {text}", row=opened.row.number,
                            text=result["text"]))


def _take_item(c: Campaign, trip: Expedition, item: str, drop: str | None) -> str | None:
    cursed = c.cards.items[item].cursed
    holder = next((h for h in free_holders(c, trip, cursed=cursed)), None)
    if holder is not None:
        if drop is not None:
            raise InputError(_("a holder is free: nothing needs dropping"), "--drop")
        c.piles["items"].remove(item)
        trip.items[holder] = item
        return item
    if cursed and drop is None and not any(
            not c.cards.items[trip.items[m]].cursed for m in c.members()):
        return None  # every living hand holds a cursed item: the won one stays in the pile
    if drop is None:
        raise IllegalMove(_("{item} was won but every holder has an item: give --drop ITEM "
                            "(the new one or a held one that is not cursed, R48)", item=item)
                          if not cursed else
                          _("{item} was won and is cursed: it must be taken (R42); give --drop "
                            "ITEM, a living member's item that is not cursed", item=item))
    if drop == item:
        if cursed:
            raise InputError(_("{item} is cursed: a won cursed item cannot be left behind "
                               "(R42); drop a held item instead", item=item), "--drop")
        return None
    holder = next((h for h, i in trip.items.items() if i == drop), None)
    if holder is None or c.cards.items[drop].cursed or (cursed and holder not in c.members()):
        raise InputError(_("{drop} is not held by a living member, or is cursed (R42, R48)",
                           drop=drop) if cursed else
                         _("{drop} is not held, or is cursed (R42, R48)", drop=drop), "--drop")
    c.piles["items"].remove(item)
    c.piles["items"].append(drop)
    trip.items[holder] = item
    return item


def free_holders(c: Campaign, trip: Expedition, *, cursed: bool = False) -> list[str]:
    """Members without an item in formation order, then bodies without one; a cursed
    item goes to a living member only (R42: its harm stays with the living)."""
    bodies = () if cursed else trip.bodies
    return [h for h in (*c.members(), *bodies) if h not in trip.items]


def recover(c: Campaign, bodies: list[str], items: list[str], tray: Tray) -> Change:
    trip = trip_of(c, "recover")
    refuse_pending(trip)
    site = c.wipe
    if site is None or (site["floor"], site["x"], site["y"]) != (trip.floor, trip.x, trip.y):
        raise IllegalMove(_("recovery happens at the wipe-out site (R41): {site}",
                            site=_site_name(site)))
    for card in bodies:
        if card not in site["bodies"]:
            raise InputError(_("{card} is not among the site's bodies", card=card), "--bodies")
    for item in items:
        if item not in site["items"]:
            raise InputError(_("{item} is not among the site's items", item=item), "--items")
    if len(c.members()) + len(trip.bodies) + len(bodies) > 2 * ROW:
        raise IllegalMove(_("no party slots for {count} bodies (members and bodies: six at "
                            "most)", count=len(bodies)))
    for card in bodies:
        site["bodies"].remove(card)
        trip.bodies.append(card)
    if len(items) > len(free_holders(c, trip)):
        raise IllegalMove(_("{count} items but {free} free holders", count=len(items),
                            free=len(free_holders(c, trip))))
    lost = []
    for item in items:
        site["items"].remove(item)
        if tray.roll(_("recovery of {item}", item=item)) == 6:
            c.piles["items"].append(item)
            lost.append(item)
        else:
            trip.items[free_holders(c, trip)[0]] = item
    site["visited"] = True
    return Change({"bodies": bodies, "items": [i for i in items if i not in lost],
                   "lost": lost, "rolls": list(tray.used)},
                  _("recovered {cards}", cards=", ".join([*bodies, *items]) or "-"))


def _site_name(site: dict[str, Any] | None) -> str:
    if site is None:
        return _("there is none")
    return _("B{floor}F {x},{y}", floor=site["floor"], x=site["x"], y=site["y"])

