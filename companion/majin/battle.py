"""The battle file (JSON): one battle at a turn boundary, read and checked key by key,
and written back with every key of the schema.

Every refusal names the file and the key: ``battle.json: front[1]: …``.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError, refuse_unknown_keys
from companion.files import parse_json, read_text
from companion.i18n import _, _n
from companion.majin import cards as card_files
from companion.majin.cards import Cards, Character
from companion.majin.reading import Reader, header, shown

PHASES = ("start", "fight", "over")
RESULTS = ("won", "lost", "escaped")
MAX_LP = 40
ROW = 3
KEYS = ("game", "kind", "cards", "floor", "money", "turn", "phase", "result", "party_lp",
        "monster_lp", "front", "back", "bodies", "items", "recruits", "monsters", "killed",
        "removed", "sealed", "used_items", "policy", "orders")
FRONT_DOS = ("attack", "ability", "item")
SUMMONER_CARDS = {"swap": 2, "withdraw": 1, "advance": 1, "switch": 2, "escape": 1, "pass": 0}
MAX_MONEY = 99_999_999
ESCAPE_NEED = {"C": 4, "UC": 3, "R": 2, "SR": None, "転校生": None}  # the die an escape needs


@dataclass
class Battle:
    cards: Cards
    cards_ref: str  # as written in the file: "sample" or a folder path
    base: Path | None  # the folder ``cards_ref`` is relative to
    floor: int = 1
    money: int = 0
    turn: int = 1
    phase: str = "start"
    result: str | None = None
    party_lp: int = 0
    monster_lp: int = 0
    front: list[str | None] = field(default_factory=lambda: [None] * ROW)
    back: list[str | None] = field(default_factory=lambda: [None] * ROW)
    bodies: list[str] = field(default_factory=list)
    items: dict[str, str] = field(default_factory=dict)
    recruits: list[str] = field(default_factory=list)
    monsters: list[str] = field(default_factory=list)
    killed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    sealed: list[str] = field(default_factory=list)
    used_items: list[str] = field(default_factory=list)
    charge: str = "always"
    orders: dict[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def card(self, card: str) -> Character:
        return self.cards.fighter(card)

    def members(self) -> list[str]:
        """The living party members in formation order: front 1–3, then back 1–3."""
        return [c for c in (*self.front, *self.back) if c is not None]

    def front_most(self) -> str | None:
        return next((c for c in self.front if c is not None), None)


# --- reading ------------------------------------------------------------------------------


def load(path: str | os.PathLike[str]) -> Battle:
    where = str(path)
    return from_dict(parse_json(read_text(path), where), where,
                     Path(os.path.abspath(path)).parent)


def from_dict(data: Any, where: str, base: Path | None) -> Battle:
    found, ref = header(data, where, "battle", KEYS, base)
    battle = Battle(found, ref, base)
    _Reader(battle, data, where).read()
    return battle


class _Reader(Reader):
    """Fills a :class:`Battle` from the file's object, checking each key."""

    def __init__(self, battle: Battle, data: dict[str, Any], where: str) -> None:
        super().__init__(data, where)
        self.battle = battle

    def read(self) -> None:
        b = self.battle
        b.floor = self.integer("floor", 1, 1, 3)
        b.money = self.integer("money", 0, 0, MAX_MONEY)
        b.turn = self.integer("turn", 1, 1, 1_000_000)
        b.phase = self.choice("phase", "start", PHASES)
        b.result = self.result()
        b.monsters = self.ids("monsters", self.monster_card, required=True)
        b.killed = self.ids("killed", self.monster_card)
        b.removed = self.ids("removed", self.monster_card)
        b.sealed = self.ids("sealed", self.monster_card)
        b.recruits = self.ids("recruits", self.monster_card)
        b.front = self.row("front", required=True)
        b.back = self.row("back")
        b.bodies = self.ids("bodies", self.party_card)
        b.items = self.holdings()
        b.used_items = self.ids("used_items", self.item_card)
        b.charge = self.policy()
        b.orders = check_orders(copy.deepcopy(self.data.get("orders", {})), b.cards,
                                self.at("orders"))  # the runner writes answers into its own
        self.places()
        b.party_lp = self.integer("party_lp", min(MAX_LP, sum(b.card(c).hp
                                                              for c in b.members())), 0, MAX_LP)
        b.monster_lp = self.integer("monster_lp", min(MAX_LP, sum(b.card(c).hp
                                                                  for c in b.monsters)), 0,
                                    MAX_LP)
        self.under_way()

    def choice(self, key: str, default: str, allowed: tuple[str, ...]) -> str:
        value = self.data.get(key, default)
        if value not in allowed:
            raise InputError(_("expected one of {allowed}, found {found}",
                               allowed=", ".join(allowed), found=shown(value)), self.at(key))
        return value

    def result(self) -> str | None:
        value = self.data.get("result")
        if self.battle.phase == "over":
            if value not in RESULTS:
                raise InputError(_("a battle that is over has a result: one of {allowed}",
                                   allowed=", ".join(RESULTS)), self.at("result"))
        elif value is not None:
            raise InputError(_("the result stays null until the phase is over"),
                             self.at("result"))
        return value

    def ids(self, key: str, check: Any, required: bool = False) -> list[str]:
        if key not in self.data and required:
            raise InputError(_("missing: a battle file lists it"), self.at(key))
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise InputError(_("expected a list of card ids"), self.at(key))
        for index, card in enumerate(value):
            check(card, f"{key}[{index}]")
        return list(value)

    def row(self, key: str, required: bool = False) -> list[str | None]:
        if key not in self.data and required:
            raise InputError(_("missing: a battle file lists it"), self.at(key))
        value = self.data.get(key, [])
        if not isinstance(value, list) or len(value) > ROW:
            raise InputError(_("expected a list of up to 3 slots (card ids, or null for an "
                               "empty slot)"), self.at(key))
        for index, card in enumerate(value):
            if card is not None:
                self.party_card(card, f"{key}[{index}]")
        return [*value, *[None] * (ROW - len(value))]

    def card_id(self, card: Any, key: str) -> Character | None:
        if not isinstance(card, str):
            raise InputError(_("expected a card id, found {found}", found=shown(card)),
                             self.at(key))
        return self.battle.cards.character(card)

    def monster_card(self, card: Any, key: str) -> None:
        found = self.card_id(card, key)
        if found is None or found.is_majin:
            raise InputError(_("{card!r} is not a monster or boss of {folder}", card=card,
                               folder=self.battle.cards.folder), self.at(key))

    def party_card(self, card: Any, key: str) -> None:
        found = self.card_id(card, key)
        recruits = self.battle.recruits
        if found is None or not (found.is_majin or card in recruits):
            raise InputError(_("{card!r} is not a 魔人 of {folder} (nor a monster listed in "
                               "recruits)", card=card, folder=self.battle.cards.folder),
                             self.at(key))

    def item_card(self, card: Any, key: str) -> None:
        if not isinstance(card, str) or card not in self.battle.cards.items:
            raise InputError(_("{card} is not an item of {folder}", card=shown(card),
                               folder=self.battle.cards.folder), self.at(key))

    def holdings(self) -> dict[str, str]:
        value = self.data.get("items", {})
        if not isinstance(value, dict):
            raise InputError(_("expected an object: holder → item"), self.at("items"))
        holders = set(self.battle.members()) | set(self.battle.bodies)
        seen: dict[str, str] = {}
        for holder, item in value.items():
            key = f"items.{holder}"
            if holder not in holders:
                raise InputError(_("{holder!r} is not a party member or body: only they hold "
                                   "items", holder=holder), self.at(key))
            self.item_card(item, key)
            if item in seen:
                raise InputError(_("{item} is held twice (also by {other})", item=item,
                                   other=seen[item]), self.at(key))
            seen[item] = holder
        return dict(value)

    def policy(self) -> str:
        value = self.data.get("policy", {})
        if not isinstance(value, dict) or set(value) - {"charge"}:
            raise InputError(_('expected {{"charge": "always"}} or {{"charge": "never"}}'),
                             self.at("policy"))
        charge = value.get("charge", "always")
        if charge not in ("always", "never"):
            raise InputError(_("expected always or never, found {found}",
                               found=shown(charge)), self.at("policy.charge"))
        return charge

    def places(self) -> None:
        """No card in two places; recruits are party members; used items are not held."""
        b = self.battle
        placed: dict[str, str] = {}
        for key, cards in (("front", b.front), ("back", b.back), ("bodies", b.bodies),
                           ("monsters", b.monsters), ("killed", b.killed),
                           ("removed", b.removed)):
            for card in cards:
                if card is None:
                    continue
                if card in placed:
                    raise InputError(_("{card} is in two places: {first} and {second}",
                                       card=card, first=placed[card], second=key),
                                     self.at(key))
                placed[card] = key
        for card in b.recruits:
            if placed.get(card) not in ("front", "back", "bodies"):
                raise InputError(_("{card} is listed as a recruit but is not in the party",
                                   card=card), self.at("recruits"))
        for key, cards in (("recruits", b.recruits), ("sealed", b.sealed),
                           ("used_items", b.used_items)):
            if len(set(cards)) != len(cards):
                raise InputError(_("a card is listed twice"), self.at(key))
        for item in b.used_items:
            if item in b.items.values():
                raise InputError(_("{item} is spent and held at once", item=item),
                                 self.at("used_items"))

    def under_way(self) -> None:
        """A battle not over has LP on both sides, monsters, and a front row (R52)."""
        b = self.battle
        if b.over:
            return
        if not b.monsters:
            raise InputError(_("a battle not over has monsters"), self.at("monsters"))
        if not b.party_lp or not b.monster_lp:
            key = "party_lp" if not b.party_lp else "monster_lp"
            raise InputError(_("an LP of 0 ends the battle: a battle not over has LP on both "
                               "sides"), self.at(key))
        if b.front_most() is None:
            raise InputError(_("the front row has no living member (R52): a battle not over "
                               "always has one"), self.at("front"))


# --- orders -------------------------------------------------------------------------------


def check_orders(orders: Any, found: Cards, where: str) -> dict[str, Any]:
    """Orders checked for form (R34 decides later whether they can be carried out)."""
    if not isinstance(orders, dict):
        raise InputError(_("expected an object of orders by turn"), where)
    for key, value in orders.items():
        place = f"{where}.{key}"
        if key == "start":
            _keys(value, {"escape", "abilities"}, place)
            _card_list(value.get("escape", []), found, f"{place}.escape", None)
            _start_abilities(value.get("abilities", {}), found, f"{place}.abilities")
        elif key == "ties":
            _card_list(value, found, place, None)
        elif key.isdigit() and int(key) >= 1 and str(int(key)) == key:
            _turn_orders(value, found, place)
        else:
            raise InputError(_("expected 'start', 'ties' or a turn number 1, 2, …"), place)
    return orders


def _keys(value: Any, allowed: set[str], where: str, required: set[str] = frozenset()
          ) -> None:
    if not isinstance(value, dict):
        raise InputError(_("expected an object"), where)
    refuse_unknown_keys(value, sorted(allowed), where)
    for key in required:
        if key not in value:
            raise InputError(_("missing the key {key!r}", key=key), where)


def _card(card: Any, found: Cards, where: str) -> None:
    if not isinstance(card, str) or found.character(card) is None:
        raise InputError(_("{card} is not a card of {folder}", card=shown(card),
                           folder=found.folder), where)


def _card_list(cards: Any, found: Cards, where: str, count: int | None) -> None:
    if not isinstance(cards, list):
        raise InputError(_("expected a list of card ids"), where)
    if count is not None and len(cards) != count:
        raise InputError(_n("expected a list of {count} card id",
                            "expected a list of {count} card ids", count), where)
    for index, card in enumerate(cards):
        _card(card, found, f"{where}[{index}]")


def _start_abilities(value: Any, found: Cards, where: str) -> None:
    """``{CARD: {"target": ID} | {"do": "skip"}}``: where a pre-battle ability is aimed,
    or that it is not used (R15, Orders)."""
    if not isinstance(value, dict):
        raise InputError(_("expected an object: card → {{\"target\": ID}} or "
                           "{{\"do\": \"skip\"}}"), where)
    for card, order in value.items():
        place = f"{where}.{card}"
        _card(card, found, place)
        _keys(order, {"target", "do"}, place)
        if "do" in order:
            _choice_of(order["do"], ("skip",), f"{place}.do")
        if "target" in order:
            _card(order["target"], found, f"{place}.target")


def _turn_orders(value: Any, found: Cards, where: str) -> None:
    _keys(value, {"front", "back", "summoner", "ties"}, where)
    if "ties" in value:
        _card_list(value["ties"], found, f"{where}.ties", None)
    front = value.get("front", {})
    if not isinstance(front, dict):
        raise InputError(_("expected an object: card → order"), f"{where}.front")
    for card, order in front.items():
        place = f"{where}.front.{card}"
        _card(card, found, place)
        _keys(order, {"do", "target", "charge"}, place, {"do"})
        _choice_of(order["do"], FRONT_DOS, f"{place}.do")
        if "target" in order:
            _card(order["target"], found, f"{place}.target")
        if "charge" in order and (order["do"] != "attack" or
                                  not isinstance(order["charge"], bool)):
            raise InputError(_("charge is true or false, and only for an attack"),
                             f"{place}.charge")
    if "back" in value:
        _back_order(value["back"], found, f"{where}.back")
    if "summoner" in value:
        _summoner_order(value["summoner"], found, f"{where}.summoner")


def _choice_of(value: Any, allowed: tuple[str, ...], where: str) -> None:
    if value not in allowed:
        raise InputError(_("expected one of {allowed}, found {found}",
                           allowed=", ".join(allowed), found=shown(value)), where)


def _back_order(order: Any, found: Cards, where: str) -> None:
    _keys(order, {"card", "do", "target"}, where, {"do"})
    _choice_of(order["do"], ("ability", "item", "pass"), f"{where}.do")
    if order["do"] == "pass":
        _keys(order, {"do"}, where)
        return
    if "card" not in order:
        raise InputError(_("missing the key 'card'"), where)
    _card(order["card"], found, f"{where}.card")
    if "target" in order:
        _card(order["target"], found, f"{where}.target")


def _summoner_order(order: Any, found: Cards, where: str) -> None:
    _keys(order, {"do", "cards", "slot"}, where, {"do"})
    _choice_of(order["do"], tuple(SUMMONER_CARDS), f"{where}.do")
    _card_list(order.get("cards", []), found, f"{where}.cards", SUMMONER_CARDS[order["do"]])
    if "slot" in order and (order["do"] not in ("withdraw", "advance") or
                            order["slot"] not in (1, 2, 3) or isinstance(order["slot"], bool)):
        raise InputError(_("slot is 1, 2 or 3, and only for withdraw or advance"),
                         f"{where}.slot")


# --- writing ------------------------------------------------------------------------------


def to_dict(battle: Battle, out: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Every key of the schema; ``cards`` made relative to the file written at ``out``."""
    return {
        "game": "majin", "kind": "battle", "cards": cards_ref(battle, out),
        "floor": battle.floor, "money": battle.money, "turn": battle.turn,
        "phase": battle.phase, "result": battle.result, "party_lp": battle.party_lp,
        "monster_lp": battle.monster_lp, "front": list(battle.front), "back": list(battle.back),
        "bodies": list(battle.bodies), "items": dict(battle.items),
        "recruits": list(battle.recruits), "monsters": list(battle.monsters),
        "killed": list(battle.killed), "removed": list(battle.removed),
        "sealed": list(battle.sealed), "used_items": list(battle.used_items),
        "policy": {"charge": battle.charge}, "orders": battle.orders,
    }


def cards_ref(battle: Battle, out: str | os.PathLike[str] | None) -> str:
    if battle.cards_ref == card_files.SAMPLE or out is None or Path(battle.cards_ref).is_absolute():
        return battle.cards_ref
    folder = os.path.abspath(card_files.folder_path(battle.cards_ref, battle.base))
    return os.path.relpath(folder, os.path.dirname(os.path.abspath(out)))
