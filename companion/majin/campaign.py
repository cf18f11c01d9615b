"""The campaign file (JSON): the whole game between sittings — money, the stock, the
party, every pile, the expedition underway — read, checked (every card in exactly one
place) and written back with every key in the spec's order.

Every refusal names the file and the key, or the card: ``game.json: stock[2]: …``.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError, refuse_unknown_keys
from companion.files import parse_json, read_text
from companion.i18n import _
from companion.majin import cards as card_files
from companion.majin import corridors
from companion.majin.cards import FLOORS, RANKS, TIERS, Cards
from companion.majin.corridors import ROTATIONS, SIZE
from companion.majin.reading import Reader, header, shown
from companion.majin.surface import MAX_LP, entering_lp

KEYS = ("game", "kind", "cards", "money", "bank", "where", "stock", "party", "pack",
        "graveyard", "shop", "elevator", "flags", "wipe", "piles", "dungeon", "log")
DUNGEON_KEYS = ("entry", "floor", "x", "y", "encounter", "due", "lp", "bodies", "items",
                "recruits", "graveyards", "maps", "drawn", "battle", "chest")
DUES = ("encounter", "symbol", "stay")
MAX_MONEY = 99_999_999
ROW = 3


@dataclass
class Expedition:
    entry: int
    floor: int
    x: int
    y: int
    encounter: int = 0
    due: str | None = None
    lp: int = 0
    bodies: list[str] = field(default_factory=list)
    items: dict[str, str] = field(default_factory=dict)
    recruits: list[str] = field(default_factory=list)
    graveyards: dict[str, list[str]] = field(default_factory=dict)
    maps: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    drawn: str | None = None
    battle: dict[str, Any] | None = None
    chest: dict[str, Any] | None = None

    def laid(self, floor: int | None = None) -> list[dict[str, Any]]:
        return self.maps[str(self.floor if floor is None else floor)]


@dataclass
class Campaign:
    cards: Cards
    cards_ref: str
    base: Path | None
    money: int = 1000
    bank: int = 0
    where: str = "surface"
    stock: list[str] = field(default_factory=list)
    front: list[str | None] = field(default_factory=lambda: [None] * ROW)
    back: list[str | None] = field(default_factory=lambda: [None] * ROW)
    pack: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    shop: list[str] = field(default_factory=list)
    elevator: list[int] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    wipe: dict[str, Any] | None = None
    piles: dict[str, Any] = field(default_factory=dict)
    dungeon: Expedition | None = None
    log: list[dict[str, Any]] = field(default_factory=list)

    def members(self) -> list[str]:
        """The party in formation order: front 1–3, then back 1–3."""
        return [c for c in (*self.front, *self.back) if c is not None]

    @property
    def underground(self) -> bool:
        return self.dungeon is not None


# --- reading ------------------------------------------------------------------------------


def load(path: str | os.PathLike[str]) -> Campaign:
    where = str(path)
    return from_dict(parse_json(read_text(path), where), where,
                     Path(os.path.abspath(path)).parent)


def from_dict(data: Any, where: str, base: Path | None, cards: Cards | None = None
              ) -> Campaign:
    """The campaign in ``data``, checked; ``cards``: the folder already read, if it is."""
    found, ref = header(data, where, "campaign", KEYS, base, cards)
    campaign = Campaign(found, ref, base)
    _Reader(campaign, data, where).read()
    return campaign


class _Reader(Reader):
    def __init__(self, campaign: Campaign, data: dict[str, Any], where: str) -> None:
        super().__init__(data, where)
        self.c = campaign

    def read(self) -> None:
        c, d = self.c, self.data
        c.money = self.integer("money", 1000, 0, MAX_MONEY)
        c.bank = self.integer("bank", 0, 0, MAX_MONEY)
        c.where = d.get("where", "surface")
        if c.where not in ("surface", "dungeon"):
            raise InputError(_("expected surface or dungeon"), self.at("where"))
        c.stock = self.ids(d, "stock", self.majin)
        c.front, c.back = self.party(d.get("party", {}))
        c.pack = self.ids(d, "pack", self.item)
        c.graveyard = self.ids(d, "graveyard", self.majin)
        c.shop = self.ids(d, "shop", self.item)
        c.elevator = self.elevator(d.get("elevator", []))
        c.flags = self.flags(d.get("flags", []))
        c.wipe = self.wipe(d.get("wipe"))
        c.dungeon = self.dungeon(d.get("dungeon"))
        if (c.where == "dungeon") != (c.dungeon is not None):
            raise InputError(_("'where' is {where} but the expedition is {state}: they must "
                               "agree", where=c.where, state=_("under way") if c.dungeon
                               else _("null")), self.at("where"))
        c.log = self.log(d.get("log", []))
        c.piles = self.piles(d.get("piles", {}))
        _Census(c, self.where).check()

    # --- values ---------------------------------------------------------------------------

    def ids(self, data: dict[str, Any], key: str, check: Any, place: str | None = None
            ) -> list[str]:
        value = data.get(key, [])
        place = place or key
        if not isinstance(value, list):
            raise InputError(_("expected a list of card ids"), self.at(place))
        for index, card in enumerate(value):
            check(card, f"{place}[{index}]")
        return list(value)

    def card(self, card: Any, key: str, kinds: tuple[str, ...], what: str) -> None:
        cards = self.c.cards
        tables = {"majin": cards.majin, "monster": cards.monsters, "boss": cards.bosses,
                  "item": cards.items, "corridor": cards.dungeon}
        if not isinstance(card, str) or not any(card in tables[k] for k in kinds):
            raise InputError(_("{card} is not {what} of {folder}", card=shown(card),
                               what=what, folder=cards.folder), self.at(key))

    def majin(self, card: Any, key: str) -> None:
        self.card(card, key, ("majin",), _("a 魔人"))

    def item(self, card: Any, key: str) -> None:
        self.card(card, key, ("item",), _("an item"))

    def monster(self, card: Any, key: str) -> None:
        self.card(card, key, ("monster", "boss"), _("a monster or boss"))

    def party(self, value: Any) -> tuple[list[str | None], list[str | None]]:
        if not isinstance(value, dict) or set(value) - {"front", "back"}:
            raise InputError(_('expected {{"front": [...], "back": [...]}}'), self.at("party"))
        rows = []
        for row in ("front", "back"):
            slots = value.get(row, [])
            if not isinstance(slots, list) or len(slots) > ROW:
                raise InputError(_("expected a list of up to 3 slots (card ids, or null for "
                                   "an empty slot)"), self.at(f"party.{row}"))
            for index, card in enumerate(slots):
                if card is not None:
                    self.card(card, f"party.{row}[{index}]", ("majin", "monster"),
                              _("a 魔人 (or a recruited monster)"))
            rows.append([*slots, *[None] * (ROW - len(slots))])
        return rows[0], rows[1]

    def elevator(self, value: Any) -> list[int]:
        if not isinstance(value, list) or any(f not in (2, 3) or isinstance(f, bool)
                                              for f in value) or len(set(value)) != len(value):
            raise InputError(_("expected the floors opened: 2 and/or 3"), self.at("elevator"))
        return list(value)

    def flags(self, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(f, str) and f for f in value):
            raise InputError(_("expected a list of flags (texts)"), self.at("flags"))
        return list(value)

    def wipe(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        keys = {"floor", "x", "y", "bodies", "items", "visited"}
        if not isinstance(value, dict) or set(value) != keys:
            raise InputError(_("expected null or the site: {keys}", keys=", ".join(sorted(keys))),
                             self.at("wipe"))
        self.integer("floor", 1, 1, 3, value, "wipe.")
        for axis in ("x", "y"):
            self.integer(axis, 1, 1, SIZE, value, "wipe.")
        if not isinstance(value["visited"], bool):
            raise InputError(_("expected true or false"), self.at("wipe.visited"))
        self.ids(value, "bodies", self.majin, "wipe.bodies")
        self.ids(value, "items", self.item, "wipe.items")
        return dict(value)

    def log(self, value: Any) -> list[dict[str, Any]]:
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise InputError(_("expected a list of log entries"), self.at("log"))
        for index, entry in enumerate(value, start=1):
            if entry.get("n") != index:
                raise InputError(_("log entry {index} has n = {n}; entries count from 1",
                                   index=index, n=shown(entry.get("n"))),
                                 self.at(f"log[{index - 1}]"))
        return list(value)

    # --- the expedition -------------------------------------------------------------------

    def dungeon(self, value: Any) -> Expedition | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise InputError(_("expected null or the expedition"), self.at("dungeon"))
        refuse_unknown_keys(value, DUNGEON_KEYS, self.at("dungeon"))
        def at(key: str) -> str:
            return self.at(f"dungeon.{key}")

        def number(key: str, default: int, low: int, high: int) -> int:
            return self.integer(key, default, low, high, value, "dungeon.")

        for axis in ("x", "y"):
            if axis not in value:
                raise InputError(_("missing: the summoner's cell"), at(axis))
        entry = number("entry", 1, 1, 3)
        trip = Expedition(entry, number("floor", entry, 1, 3), number("x", 1, 1, SIZE),
                          number("y", 1, 1, SIZE), encounter=number("encounter", 0, 0, 999))
        trip.due = value.get("due")
        if trip.due not in (None, *DUES):
            raise InputError(_("expected null or one of {allowed}", allowed=", ".join(DUES)),
                             at("due"))
        trip.recruits = self.ids(value, "recruits", self.monster, "dungeon.recruits")
        trip.bodies = self.ids(value, "bodies", self.body, "dungeon.bodies")
        trip.items = self.holdings(value.get("items", {}), trip)
        trip.graveyards = self.by_floor(value.get("graveyards", {}), "dungeon.graveyards",
                                        self.monster)
        trip.maps = self.maps(value, trip)
        if corridors.at(trip.laid(), trip.x, trip.y) is None:
            raise InputError(_("the summoner stands on {x},{y} of B{floor}F, where no card is "
                               "laid", x=trip.x, y=trip.y, floor=trip.floor), at("maps"))
        trip.drawn = value.get("drawn")
        if trip.drawn is not None:
            self.card(trip.drawn, "dungeon.drawn", ("corridor",), _("a dungeon card"))
        trip.battle = self.battle(value.get("battle"))
        trip.chest = self.chest(value.get("chest"))
        living = [self.c.cards.fighter(m).hp for m in self.c.members()]
        trip.lp = number("lp", min(MAX_LP, entering_lp(living)), 0, MAX_LP)
        return trip

    def body(self, card: Any, key: str) -> None:
        self.card(card, key, ("majin", "monster"), _("a 魔人 (or a recruited monster)"))

    def holdings(self, value: Any, trip: Expedition) -> dict[str, str]:
        if not isinstance(value, dict):
            raise InputError(_("expected an object: holder → item"), self.at("dungeon.items"))
        holders = set(self.c.members()) | set(trip.bodies)
        for holder, item in value.items():
            key = f"dungeon.items.{holder}"
            if holder not in holders:
                raise InputError(_("{holder!r} is not a party member or body: only they hold "
                                   "items", holder=holder), self.at(key))
            self.item(item, key)
        return dict(value)

    def by_floor(self, value: Any, key: str, check: Any) -> dict[str, list[str]]:
        if not isinstance(value, dict) or set(value) - {"1", "2", "3"}:
            raise InputError(_('expected an object by floor: "1", "2", "3"'), self.at(key))
        return {str(f): self.ids(value, str(f), check, f"{key}.{f}") for f in FLOORS}

    def maps(self, value: dict[str, Any], trip: Expedition) -> dict[str, list[dict[str, Any]]]:
        if "maps" not in value:
            up = self.c.cards.up(trip.entry).id
            maps: dict[str, list] = {"1": [], "2": [], "3": []}
            maps[str(trip.entry)] = [{"x": trip.x, "y": trip.y, "card": up, "rot": 0}]
            return maps
        raw = value["maps"]
        if not isinstance(raw, dict) or set(raw) - {"1", "2", "3"}:
            raise InputError(_('expected an object by floor: "1", "2", "3"'),
                             self.at("dungeon.maps"))
        maps = {}
        for floor in FLOORS:
            laid = raw.get(str(floor), [])
            if not isinstance(laid, list):
                raise InputError(_("expected a list of laid cards"),
                                 self.at(f"dungeon.maps.{floor}"))
            maps[str(floor)] = [self.laid(card, floor, f"dungeon.maps.{floor}[{i}]")
                                for i, card in enumerate(laid)]
            cells = [(c["x"], c["y"]) for c in maps[str(floor)]]
            if len(set(cells)) != len(cells):
                raise InputError(_("two cards on one cell"), self.at(f"dungeon.maps.{floor}"))
        return maps

    def laid(self, card: Any, floor: int, key: str) -> dict[str, Any]:
        if not isinstance(card, dict) or set(card) != {"x", "y", "card", "rot"}:
            raise InputError(_('expected {{"x", "y", "card", "rot"}}'), self.at(key))
        self.integer("x", 1, 1, SIZE, card, f"{key}.")
        self.integer("y", 1, 1, SIZE, card, f"{key}.")
        if card["rot"] not in ROTATIONS or isinstance(card["rot"], bool):
            raise InputError(_("expected 0, 90, 180 or 270"), self.at(f"{key}.rot"))
        self.card(card["card"], f"{key}.card", ("corridor",), _("a dungeon card"))
        if self.c.cards.dungeon[card["card"]].floor != floor:
            raise InputError(_("{card} belongs to B{floor}F", card=card["card"],
                               floor=self.c.cards.dungeon[card["card"]].floor),
                             self.at(f"{key}.card"))
        return dict(card)

    def battle(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, dict) or set(value) != {"file", "monsters", "bosses"} or \
                not isinstance(value["file"], str):
            raise InputError(_('expected null or {{"file", "monsters", "bosses"}}'),
                             self.at("dungeon.battle"))
        self.ids(value, "monsters", self.monster, "dungeon.battle.monsters")
        self.ids(value, "bosses", self.monster, "dungeon.battle.bosses")
        return dict(value)

    def chest(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, dict) or set(value) != {"floor", "levels"}:
            raise InputError(_('expected null or {{"floor", "levels"}}'),
                             self.at("dungeon.chest"))
        self.integer("floor", 1, 1, 3, value, "dungeon.chest.")
        levels = value["levels"]
        if not isinstance(levels, list) or not levels or any(
                isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9 for v in levels):
            raise InputError(_("expected the levels of the defeated monsters (1-9 each)"),
                             self.at("dungeon.chest.levels"))
        return dict(value)

    # --- piles ----------------------------------------------------------------------------

    def piles(self, value: Any) -> dict[str, Any]:
        groups = ("majin", "monsters", "bosses", "items", "dungeon")
        if not isinstance(value, dict) or set(value) - set(groups):
            raise InputError(_("expected an object with {keys}", keys=", ".join(groups)),
                             self.at("piles"))
        found: dict[str, Any] = {}
        for group in ("bosses", "items"):
            if group in value:
                check = self.monster if group == "bosses" else self.item
                found[group] = self.ids(value, group, check, f"piles.{group}")
        for group, keys in (("majin", [str(t) for t in TIERS]),
                            ("monsters", [str(f) for f in FLOORS]),
                            ("dungeon", [str(f) for f in FLOORS])):
            part = value.get(group, {})
            if not isinstance(part, dict) or set(part) - set(keys):
                raise InputError(_("expected an object with {keys}", keys=", ".join(keys)),
                                 self.at(f"piles.{group}"))
            check = {"majin": self.majin, "monsters": self.monster,
                     "dungeon": lambda c, k: self.card(c, k, ("corridor",),
                                                       _("a dungeon card"))}[group]
            found[group] = {k: self.ids(part, k, check, f"piles.{group}.{k}")
                            for k in keys if k in part}
        _fill_piles(self.c, found)
        return found


# --- the piles' defaults and the census ---------------------------------------------------------


def placed_elsewhere(c: Campaign) -> list[str]:
    """Every card id outside the piles (corridor cards once per copy laid or drawn)."""
    found = [*c.stock, *c.members(), *c.pack, *c.graveyard, *c.shop]
    if c.wipe:
        found += [*c.wipe["bodies"], *c.wipe["items"]]
    trip = c.dungeon
    if trip is not None:
        found += [*trip.bodies, *trip.items.values(), *trip.recruits]
        found += [m for floor in trip.graveyards.values() for m in floor]
        found += [card["card"] for laid in trip.maps.values() for card in laid]
        found += [trip.drawn] if trip.drawn else []
        if trip.battle:
            found += [*trip.battle["monsters"], *trip.battle["bosses"]]
    return found


def _fill_piles(c: Campaign, piles: dict[str, Any]) -> None:
    """An omitted pile holds every card of its kind not placed elsewhere, in file order."""
    from collections import Counter

    used = Counter(placed_elsewhere(c))
    for group in ("majin", "monsters", "dungeon"):
        for key in [str(k) for k in (TIERS if group == "majin" else FLOORS)]:
            for card in piles[group].get(key, []):
                used[card] += 1
    for group in ("bosses", "items"):
        for card in piles.get(group, []):
            used[card] += 1
    cards = c.cards
    piles.setdefault("bosses", [b for b in cards.bosses if not used[b]])
    piles.setdefault("items", [i for i in cards.items if not used[i]])
    for tier in TIERS:
        piles["majin"].setdefault(str(tier), [m.id for m in cards.majin.values()
                                             if m.tier == tier and not used[m.id]])
    for floor in FLOORS:
        piles["monsters"].setdefault(str(floor), [m.id for m in cards.monsters.values()
                                                 if m.floor == floor and not used[m.id]])
        piles["dungeon"].setdefault(str(floor), [
            d.id for d in cards.dungeon.values() if d.floor == floor and d.kind == "corridor"
            for _copy in range(max(0, d.count - used[d.id]))])
    order = {"majin": [str(t) for t in TIERS], "monsters": [str(f) for f in FLOORS],
             "dungeon": [str(f) for f in FLOORS]}
    for group, keys in order.items():
        piles[group] = {k: piles[group][k] for k in keys}


class _Census:
    """Conservation: every card in exactly one place (refused naming the card)."""

    def __init__(self, c: Campaign, where: str) -> None:
        self.c, self.where = c, where
        self.places: dict[str, list[str]] = {}

    def put(self, cards: list[str], place: str) -> None:
        for card in cards:
            self.places.setdefault(card, []).append(place)

    def check(self) -> None:
        c, trip = self.c, self.c.dungeon
        for tier, pile in c.piles["majin"].items():
            self.put(pile, f"piles.majin.{tier}")
            self.own_pile(pile, lambda card: str(c.cards.majin[card].tier), tier)
        for floor, pile in c.piles["monsters"].items():
            self.put(pile, f"piles.monsters.{floor}")
            self.own_pile(pile, lambda card: str(c.cards.monsters.get(card, _Boss).floor),
                          floor)
        self.put(c.piles["bosses"], "piles.bosses")
        self.put(c.piles["items"], "piles.items")
        for key in ("stock", "pack", "graveyard", "shop"):
            self.put(getattr(c, key), key)
        self.put(c.front, "party.front")
        self.put(c.back, "party.back")
        if c.wipe:
            self.put(c.wipe["bodies"], "wipe.bodies")
            self.put(c.wipe["items"], "wipe.items")
        if trip is not None:
            self.expedition(trip)
        self.places.pop(None, None)  # type: ignore[call-overload]
        self.once()
        self.corridors()
        self.kinds()

    def expedition(self, trip: Expedition) -> None:
        self.put(trip.bodies, "dungeon.bodies")
        self.put(list(trip.items.values()), "dungeon.items")
        for floor, grave in trip.graveyards.items():
            self.put(grave, f"dungeon.graveyards.{floor}")
        if trip.battle:
            self.put(trip.battle["monsters"], "dungeon.battle.monsters")
            self.put(trip.battle["bosses"], "dungeon.battle.bosses")
        for recruit in trip.recruits:
            if recruit not in self.c.members() and recruit not in trip.bodies:
                raise InputError(_("a recruit is in the party (a row or the bodies)"),
                                 f"{self.where}: {recruit}")

    def own_pile(self, pile: list[str], home: Any, key: str) -> None:
        for card in pile:
            if home(card) != key:
                raise InputError(_("in the wrong pile ({key}); it belongs to {home}", key=key,
                                   home=home(card)), f"{self.where}: {card}")

    def once(self) -> None:
        cards = self.c.cards
        every = [*cards.majin, *cards.monsters, *cards.bosses, *cards.items]
        recruits = set(self.c.dungeon.recruits) if self.c.dungeon else set()
        for card in every:
            places = self.places.get(card, [])
            if card in recruits:
                places = [p for p in places if p not in ("party.front", "party.back",
                                                         "dungeon.bodies")] + ["recruits"]
            if len(places) != 1:
                raise InputError(_("in {count} places ({places}); every card is in exactly "
                                   "one", count=len(places), places=", ".join(places) or "-"),
                                 f"{self.where}: {card}")

    def corridors(self) -> None:
        c, trip = self.c, self.c.dungeon
        for card in c.cards.dungeon.values():
            copies = c.piles["dungeon"][str(card.floor)].count(card.id) if \
                card.kind == "corridor" else 0
            if trip is not None:
                copies += sum(1 for laid in trip.maps.values() for x in laid
                              if x["card"] == card.id)
                copies += trip.drawn == card.id
            wanted = card.count if card.kind == "corridor" else copies
            if copies != wanted or copies > card.count:
                raise InputError(_("{count} copies placed; the card file has {copies}",
                                   count=copies, copies=card.count), f"{self.where}: {card.id}")

    def kinds(self) -> None:
        c = self.c
        for card in c.members():
            if card not in c.cards.majin and not (c.dungeon and card in c.dungeon.recruits):
                raise InputError(_("the party holds only 魔人 (and recruits in the dungeon)"),
                                 f"{self.where}: {card}")
        if len(c.members()) + (len(c.dungeon.bodies) if c.dungeon else 0) > 2 * ROW:
            raise InputError(_("more than six in the party (bodies included)"),
                             f"{self.where}: party")


class _Boss:
    floor = "boss"


# --- writing ------------------------------------------------------------------------------


def to_dict(c: Campaign, out: str | os.PathLike[str] | None = None, *, log: bool = True
            ) -> dict[str, Any]:
    """Every key of the schema, in order; ``cards`` relative to the file at ``out``."""
    data: dict[str, Any] = {
        "game": "majin", "kind": "campaign", "cards": cards_ref(c, out), "money": c.money,
        "bank": c.bank, "where": c.where, "stock": list(c.stock),
        "party": {"front": list(c.front), "back": list(c.back)}, "pack": list(c.pack),
        "graveyard": list(c.graveyard), "shop": list(c.shop), "elevator": list(c.elevator),
        "flags": list(c.flags), "wipe": c.wipe, "piles": c.piles,
        "dungeon": None if c.dungeon is None else _expedition(c.dungeon),
    }
    if log:
        data["log"] = c.log
    return data


def _expedition(trip: Expedition) -> dict[str, Any]:
    return {key: getattr(trip, key) for key in DUNGEON_KEYS}


def cards_ref(c: Campaign, out: str | os.PathLike[str] | None) -> str:
    if c.cards_ref == card_files.SAMPLE or out is None or Path(c.cards_ref).is_absolute():
        return c.cards_ref
    folder = os.path.abspath(card_files.folder_path(c.cards_ref, c.base))
    return os.path.relpath(folder, os.path.dirname(os.path.abspath(out)))


def summary(c: Campaign) -> dict[str, Any]:
    """The campaign at a glance: money, the 魔人 owned by rank, items, the elevator."""
    owned = [*c.stock, *c.members(), *c.graveyard]
    if c.dungeon:
        owned += c.dungeon.bodies
    majin = [card for card in owned if card in c.cards.majin]
    ranks = Counter(c.cards.majin[card].rank for card in majin)
    items = [*c.pack, *(c.dungeon.items.values() if c.dungeon else ())]
    return {"money": c.money, "bank": c.bank,
            "majin": {rank: ranks[rank] for rank in RANKS}, "items": items,
            "elevator": c.elevator,
            "bosses_defeated": [f.removeprefix("defeated:") for f in c.flags
                                if f.startswith("defeated:")]}
