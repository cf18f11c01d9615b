"""The 魔人 companion's reports as text: card counts, the stairs grid, chests and the
battle log, one line per event."""

from __future__ import annotations

from typing import Any

from companion.i18n import _
from companion.majin import corridors
from companion.majin.battle import Battle

SIZE = 6


def cards_lines(report: dict[str, Any]) -> list[str]:
    majin = report["majin"]
    tiers = ", ".join(_("{tier} yen: {count}", tier=t, count=c)
                      for t, c in majin["by_tier"].items())
    ranks = ", ".join(f"{r} {c}" for r, c in majin["by_rank"].items())
    lines = [
        _("Card folder {folder}: every file checked.", folder=report["folder"]),
        _("魔人: {count} ({tiers}; {ranks})", count=majin["count"], tiers=tiers, ranks=ranks),
        _("Monsters: B1F {one}, B2F {two}, B3F {three}; bosses: {bosses}",
          one=report["monsters"]["1"], two=report["monsters"]["2"],
          three=report["monsters"]["3"], bosses=report["bosses"]),
        _("Items: {count} ({cursed} cursed)", count=report["items"]["count"],
          cursed=report["items"]["cursed"]),
    ]
    for floor, counts in report["dungeon"].items():
        lines.append(_("B{floor}F dungeon: {corridor} corridor cards ({down} down), up "
                       "stairs {up}, special {special}", floor=floor, **counts))
    lines.append(_("Treasure table: {rows} rows; events: {events}",
                   rows=report["treasure_rows"], events=report["events"]))
    return lines


def stairs_grid(x: int, y: int) -> list[str]:
    """The 6 × 6 map with the stairs: columns 1–6 across, rows 1–6 down."""
    lines = ["    " + " ".join(str(c) for c in range(1, SIZE + 1))]
    for row in range(1, SIZE + 1):
        cells = ["S" if (col, row) == (x, y) else "." for col in range(1, SIZE + 1)]
        lines.append((f"  {row} " + " ".join(cells)).rstrip())
    return lines


def chest_lines(report: dict[str, Any]) -> list[str]:
    lines = [_("N = {n} (levels {levels}); dice {rolls}{short} = {sum}, bonus +{bonus}: "
               "chest number {number}", n=report["n"],
               levels="+".join(map(str, report["levels"])),
               rolls=" ".join(map(str, report["rolls"])),
               short=_(" (short form)") if report["short"] else "", sum=report["sum"],
               bonus=report["bonus"], number=report["number"])]
    if report["over_cap"]:
        lines.append(_("Over the cap {cap}: row {row} (any row 1-{cap} may be chosen with "
                       "--choose).", cap=report["cap"], row=report["row"]))
    gained = report["text"]
    if report["yen"] is not None:
        gained = _("{yen} yen", yen=report["yen"])
        if report["money_rolls"]:
            gained += _(" (money dice {dice})", dice=" ".join(map(str, report["money_rolls"])))
    lines.append(_("Row {row}: {text}", row=report["row"], text=gained))
    lines.append(_("Chance of passing the cap {cap}: {p} (short form {short})",
                   cap=report["cap"], p=report["p_over_cap"], short=report["p_over_cap_short"]))
    return lines


def battle_lines(battle: Battle, log: list[dict[str, Any]]) -> list[str]:
    lines = [event_line(event) for event in log]
    lines.append(_("Party LP {party}, monster LP {monsters}; turn {turn}, {phase}{result}",
                   party=battle.party_lp, monsters=battle.monster_lp, turn=battle.turn,
                   phase=word(battle.phase),
                   result=f" ({word(battle.result)})" if battle.result else ""))
    lines.append(_("Front {front} | back {back} | monsters {monsters}",
                   front=_row(battle.front), back=_row(battle.back),
                   monsters=" ".join(battle.monsters) or "-"))
    return lines


def _row(row: list[str | None]) -> str:
    return " ".join(card or "-" for card in row)


def word(term: str | None) -> str:
    """A term of the battle's JSON (a phase, a result, an effect's verb) in the report's
    language; others as they are."""
    words = {
        "start": _("start"), "fight": _("fight"), "back": _("back row"),
        "summoner": _("summoner"), "over": _("over"), "won": _("won"), "lost": _("lost"),
        "escaped": _("escaped by a sacrifice"), "pure": _("pure"), "lp": _("lp"), "heal": _("heal"),
        "boost": _("boost"), "seal": _("seal"), "remove": _("remove"),
        "recruit": _("recruit"), "swap": _("swap"), "withdraw": _("withdraw"),
        "advance": _("advance"), "switch": _("switch"),
    }
    return words.get(term or "", term or "")


def event_line(event: dict[str, Any]) -> str:
    when = _("T{turn} {phase}", turn=event["turn"], phase=word(event["phase"]))
    return f"{when}: {_TEXTS[event['type']](event)}"


def _attack(e: dict[str, Any]) -> str:
    text = _("{actor} attacks {target}: ATK {atk} vs DEF {def_}", actor=e["actor"],
             target=e["target"], atk=e["atk"], def_=e["def"])
    if e["fallback"]:
        text += _(" (the order could not be carried out)")
    return text + _outcome(e) + _lps(e)


def _charge(e: dict[str, Any]) -> str:
    text = _("{actor} charges {target}: die {roll}", actor=e["actor"], target=e["target"],
             roll=e["roll"])
    if not e["landed"]:
        return text + _(", the cost empties the party LP: the charge does not land") + _lps(e)
    text += _(", critical") if e["crit"] else _(", ATK {atk} vs DEF {def_}", atk=e["atk"],
                                                def_=e["def"])
    return text + _outcome(e) + _lps(e)


def _outcome(e: dict[str, Any]) -> str:
    if e["killed"]:
        return _(" → {target} dies (−{damage} LP)", target=e["target"], damage=e["damage"])
    if e["damage"]:
        return _(" → {damage} damage", damage=e["damage"])
    return _(" → no damage")


def _lps(e: dict[str, Any]) -> str:
    return _(" [party {party}, monsters {monsters}]", party=e["party_lp"],
             monsters=e["monster_lp"])


def _ability(e: dict[str, Any]) -> str:
    what = e["item"] or word(e["effect"])
    text = _("{actor} uses {what}", actor=e["actor"], what=what)
    if e["ok_roll"] is not None:
        text += _(" (success die {roll})", roll=e["ok_roll"])
    if not e["success"]:
        return text + _(": it fails") + _lps(e)
    if e["targets"]:
        text += _(" on {targets}", targets=", ".join(e["targets"]))
    if e["amount"] is not None:
        text += _(": {effect} {amount}", effect=word(e["effect"]), amount=e["amount"])
    if e["killed"]:
        text += _(" → {killed} die", killed=", ".join(e["killed"]))
    return text + _lps(e)


def _escape(e: dict[str, Any]) -> str:
    if e["need"] is None:
        text = _("{card} ({rank}) is sacrificed: a certain escape", card=e["card"],
                 rank=e["rank"])
    else:
        text = _("{card} ({rank}) is sacrificed: die {roll}, needs {need}+", card=e["card"],
                 rank=e["rank"], roll=e["roll"], need=e["need"])
    result = _(" → escaped") if e["success"] else _(" → the escape fails")
    return text + result + _(" [party {party}]", party=e["party_lp"])


def _pass(e: dict[str, Any]) -> str:
    who = e["actor"] or (_("the summoner") if e["phase"] == "summoner" else _("the back row"))
    return _("{who} passes ({why})", who=who, why=e["why"])


def _summon(e: dict[str, Any]) -> str:
    return _("the summoner: {action} {cards} → front {front} | back {back}",
             action=word(e["action"]), cards=" ".join(e["cards"]), front=_row(e["front"]),
             back=_row(e["back"]))


def _advance(e: dict[str, Any]) -> str:
    return _("the front row is empty: {cards} move up", cards=" ".join(e["cards"]))


def _end(e: dict[str, Any]) -> str:
    text = {"won": _("the battle is won"), "lost": _("the party is wiped out"),
            "escaped": _("the party escapes")}[e["result"]]
    if e["fallen"]:
        text += _(" ({fallen} fall)", fallen=", ".join(e["fallen"]))
    return text + _lps(e)


_TEXTS = {"attack": _attack, "charge": _charge, "ability": _ability, "escape": _escape,
          "pass": _pass, "summon": _summon, "advance": _advance, "end": _end}


def campaign_lines(c: Any, summary: dict[str, Any]) -> list[str]:
    """The campaign at a glance: money, formation, what is owned, the expedition."""
    ranks = ", ".join(f"{rank} {count}" for rank, count in summary["majin"].items() if count)
    lines = [
        _("Money {money} yen, bank {bank} yen; {where}", money=c.money, bank=c.bank,
          where=_("in the dungeon") if c.dungeon else _("on the surface")),
        _("Party: front {front} | back {back}", front=_row(c.front), back=_row(c.back)),
        _("Stock: {cards}", cards=" ".join(c.stock) or "-"),
        _("魔人 owned: {ranks}", ranks=ranks or "-"),
        _("Pack: {items}; shop: {shop}", items=" ".join(c.pack) or "-",
          shop=" ".join(c.shop) or "-"),
        _("Graveyard: {cards}", cards=" ".join(c.graveyard) or "-"),
        _("Elevator: {floors}; flags: {flags}",
          floors=" ".join(f"B{f}F" for f in c.elevator) or "-", flags=" ".join(c.flags) or "-"),
    ]
    if c.wipe:
        lines.append(_("Wipe-out site: B{floor}F {x},{y}: bodies {bodies}, items {items}",
                       floor=c.wipe["floor"], x=c.wipe["x"], y=c.wipe["y"],
                       bodies=" ".join(c.wipe["bodies"]) or "-",
                       items=" ".join(c.wipe["items"]) or "-"))
    if c.dungeon:
        lines += _expedition_lines(c)
    return lines


def _expedition_lines(c: Any) -> list[str]:
    trip = c.dungeon
    held = " ".join(f"{h}={i}" for h, i in trip.items.items()) or "-"
    lines = [_("B{floor}F at {x},{y}: party LP {lp}, encounter {encounter}{due}",
               floor=trip.floor, x=trip.x, y=trip.y, lp=trip.lp, encounter=trip.encounter,
               due=_(" (battle due: {why})", why=trip.due) if trip.due else ""),
             _("Bodies: {bodies}; items: {items}", bodies=" ".join(trip.bodies) or "-",
               items=held)]
    for name, value in (("drawn", trip.drawn), ("battle", trip.battle), ("chest", trip.chest)):
        if value:
            lines.append(_("Pending: {name} {value}", name=name, value=value))
    return lines + map_lines(c)


#: A laid card's open sides (N E S W) as a box-drawing glyph.
GLYPHS = {"NS": "│", "EW": "─", "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "NES": "├",
          "ESW": "┬", "NSW": "┤", "NEW": "┴", "NESW": "┼", "N": "╵", "E": "╶", "S": "╷",
          "W": "╴"}


def map_lines(c: Any) -> list[str]:
    """The floor's map: each laid card as the glyph of its openings and a mark — @ the
    summoner, U up stairs, D down stairs, ! a battle symbol, 1-6 an event, * the special
    card, else its encounter number — and a legend."""
    trip = c.dungeon
    laid = {(x["x"], x["y"]): x for x in trip.laid()}
    lines = [("    " + "".join(f"{col:<3}" for col in range(1, SIZE + 1))).rstrip()]
    for row in range(1, SIZE + 1):
        cells = []
        for col in range(1, SIZE + 1):
            card = laid.get((col, row))
            if card is None:
                cells.append(". ")
                continue
            glyph = GLYPHS["".join(d for d in "NESW" if d in corridors.sides(c.cards, card))]
            here = (col, row) == (trip.x, trip.y)
            cells.append(glyph + ("@" if here else _mark(c.cards.dungeon[card["card"]])))
        lines.append((f"  {row} " + " ".join(cells)).rstrip())
    lines.append(_("@ the party  U up  D down  ! battle  1-6 event  * special  "
                   "digit: encounter number"))
    return lines


def _mark(found: Any) -> str:
    if found.kind == "up":
        return "U"
    if found.kind == "special":
        return "*"
    symbol = found.symbol
    if symbol == "down":
        return "D"
    if symbol == "battle":
        return "!"
    if symbol.startswith("event"):
        return symbol.removeprefix("event")
    return str(found.enc) if found.enc else " "
