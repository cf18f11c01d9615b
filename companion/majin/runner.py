"""The battle runner, step by step as the spec writes it: the same file and the same
dice always give the same log.

A :class:`Runner` changes its :class:`~companion.majin.battle.Battle` in place,
takes every die from a :class:`~companion.dice.Tray` and records each as
``{"card", "for", "value"}`` and each step as a log event.

Given ``ask`` (a function answering a :class:`~companion.decisions.Question`), a
runner asks the table each decision the file's orders leave open, at the moment
the rules take it, and writes the answer into the orders: the file then replays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.decisions import Question
from companion.dice import Tray
from companion.errors import IllegalMove
from companion.i18n import _
from companion.majin import choices
from companion.majin.battle import ESCAPE_NEED, MAX_LP, ROW, Battle
from companion.majin.effects import Active, Value

MAX_TURNS = 100  # R49
Event = dict[str, Any]
Ask = Callable[[Question], Any]


class Runner:
    def __init__(self, battle: Battle, tray: Tray, ask: Ask | None = None) -> None:
        self.b = battle
        self.tray = tray
        self.ask = ask
        self.log: list[Event] = []
        self.rolls: list[dict[str, Any]] = []
        self.boosts: list[tuple[str, str, int]] = []  # (side, stat, amount) this turn
        self.at: tuple[int, str] = (0, "start")

    # --- the whole battle ---------------------------------------------------------------

    def run(self, turns: int | None = None) -> None:
        b = self.b
        if b.over:
            raise IllegalMove(_("the battle is over ({result})", result=b.result))
        if b.phase == "start":
            self.at = (0, "start")
            self.start_escapes()
            if b.over:
                return
            self.start_abilities()
            if b.over:
                return
            b.phase = "fight"
        done = 0
        while not b.over and (turns is None or done < turns) and done < MAX_TURNS:
            self.turn(b.turn)
            if not b.over:
                b.turn += 1
            done += 1

    def start_escapes(self) -> None:
        b = self.b
        written = b.orders.get("start", {}).get("escape")
        if written is not None or self.ask is None:
            for card in written or []:
                if card in b.members():
                    self.escape(card)
                if b.over:
                    return
            return
        tried: list[str] = []
        while not b.over and (card := self.ask(
                replace(choices.escape(self), path=("start", "escape")))) is not None:
            tried.append(card)
            self.escape(card)
        b.orders.setdefault("start", {})["escape"] = tried

    def start_abilities(self) -> None:
        b = self.b
        party = [(c, True) for c in self.tied(b.members(), 0) if c not in b.recruits]
        users = [(c, side) for c, side in [*party, *((m, False) for m in b.monsters)]
                 if _starts(b.card(c).active)]
        for card, in_party in sorted(users, key=lambda user: -b.card(user[0]).spd):
            if b.over:
                return
            ability = b.card(card).active
            assert ability is not None
            if not in_party and card in b.monsters:
                self.use(card, ability, b.front_most())
            elif in_party and card in b.members() and not ability.explore:
                order = self.decided(("start", "abilities", card),
                                     lambda c=card: choices.start_ability(self, c)) or {}
                if order.get("do") == "skip":
                    continue
                target = self.chosen_target(ability, order.get("target"))
                if self.usable(ability, target):
                    self.use(card, ability, target)

    def tied(self, members: list[str], turn: int) -> list[str]:
        """Party members in the order their ties are broken (R15): those the table lists
        in ``ties`` (the turn's, else the battle's) first, then formation order. A stable
        sort by speed afterwards keeps this order among equals."""
        orders = self.b.orders
        ties = orders.get(str(turn), {}).get("ties", orders.get("ties"))
        if ties is None and turn and self.ask is not None:
            ties = self.ask_ties(members)
            if ties:
                orders.setdefault(str(turn), {})["ties"] = ties
        ties = ties or []
        listed = [c for c in ties if c in members]
        return listed + [c for c in members if c not in listed]

    def ask_ties(self, members: list[str]) -> list[str]:
        """The table's order for each group of members of equal speed (R15)."""
        assert self.ask is not None
        by_speed: dict[int, list[str]] = {}
        for card in members:
            by_speed.setdefault(self.b.card(card).spd, []).append(card)
        key = (str(self.at[0]), "ties")
        return [card for group in by_speed.values() if len(group) > 1
                for card in self.ask(replace(choices.ties(self, group), path=key))]

    def decided(self, path: tuple[str, ...], question: Callable[[], Any]) -> Any:
        """The order written at ``path`` in the orders; when none is and the table is
        asked, its answer to ``question()``, written there."""
        place: Any = self.b.orders
        for key in path[:-1]:
            place = place.get(key, {})
        if path[-1] in place or self.ask is None:
            return place.get(path[-1])
        answer = self.ask(replace(question(), path=path))
        place = self.b.orders
        for key in path[:-1]:
            place = place.setdefault(key, {})
        place[path[-1]] = answer
        return answer

    def turn(self, turn: int) -> None:
        b = self.b
        self.boosts = []
        self.at = (turn, "fight")
        front = self.tied([c for c in b.front if c is not None], turn)
        actors = [(c, True) for c in front] + [(m, False) for m in b.monsters]
        actors.sort(key=lambda actor: -b.card(actor[0]).spd)  # stable: party first at a tie
        key = str(turn)
        for actor, in_party in actors:
            if b.over:
                return
            if in_party and actor in b.front:
                order = self.decided((key, "front", actor),
                                     lambda a=actor: choices.front(self, a))
                self.front_action(actor, order or {})
            elif not in_party and actor in b.monsters:
                self.monster_action(actor)
        if b.over:
            return
        self.at = (turn, "back")
        self.back_action(self.decided((key, "back"), lambda: choices.back(self)))
        if b.over:
            return
        self.at = (turn, "summoner")
        self.summoner_action(self.decided((key, "summoner"), lambda: choices.summoner(self)))
        self.boosts = []

    # --- the actions --------------------------------------------------------------------

    def front_action(self, member: str, order: dict[str, Any]) -> None:
        do = order.get("do", "attack")
        if do in ("ability", "item"):
            ability, item = self.action_ability(member, do)
            target = self.chosen_target(ability, order.get("target"))
            if ability is not None and ability.in_battle and self.usable(ability, target):
                self.use(member, ability, target, item)
                return
        target = order.get("target") if do == "attack" else None
        if not self.attackable(target, member):
            target = self.b.monsters[0]
        charge = order.get("charge")
        if charge is None and (do != "attack" or self.ask is None):
            charge = self.b.charge == "always"
        self.attack(member, target, charge, fallback=do != "attack")

    def action_ability(self, member: str, do: str) -> tuple[Active | None, str | None]:
        """The ability a member's order means: its own, or its held ``use`` item's."""
        if do == "ability":
            own = None if member in self.b.recruits else self.b.card(member).active
            return own, None
        item = self.b.items.get(member)
        if item is None or self.b.cards.items[item].kind != "use":
            return None, None
        return self.b.cards.items[item].active, item

    def monster_action(self, monster: str) -> None:
        b = self.b
        ability = b.card(monster).active
        if ability is not None and not ability.start and monster not in b.sealed:
            self.use(monster, ability, b.front_most())
            if b.over or not ability.attack:
                return
        self.attack(monster, b.front_most(), charge=False)

    def back_action(self, order: dict[str, Any] | None) -> None:
        b = self.b
        if order is None or order.get("do") == "pass":
            self.event("pass", actor=None, why=_("no order") if order is None else
                       _("the order says pass"))
            return
        member = order["card"]
        if member not in b.back:
            self.event("pass", actor=member, why=_("not alive in the back row"))
            return
        ability, item = self.action_ability(member, order["do"])
        target = self.chosen_target(ability, order.get("target"))
        if ability is None or not ability.in_battle or not self.usable(ability, target):
            self.event("pass", actor=member, why=_("the order cannot be carried out"))
            return
        self.use(member, ability, target, item)

    def summoner_action(self, order: dict[str, Any] | None) -> None:
        b = self.b
        do = "pass" if order is None else order["do"]
        if do == "escape" and order["cards"][0] in b.members():  # type: ignore[index]
            self.escape(order["cards"][0])  # type: ignore[index]
            return
        moved = None if do in ("pass", "escape") else self.rearranged(order)  # type: ignore[arg-type]
        if moved is None:
            if order is None:
                why = _("no order")
            elif do == "pass":
                why = _("the order says pass")
            else:
                why = _("the order cannot be carried out")
            self.event("pass", actor=None, why=why)
            return
        b.front, b.back = moved
        self.event("summon", action=do, cards=list(order["cards"]),  # type: ignore[index]
                   front=list(b.front), back=list(b.back))

    def rearranged(self, order: dict[str, Any]) -> tuple[list, list] | None:
        """The rows after a summoner's move, or None if it cannot be made (R47)."""
        front, back = list(self.b.front), list(self.b.back)
        cards, do = order["cards"], order["do"]
        if do == "swap" and cards[0] in front and cards[1] in back:
            i, j = front.index(cards[0]), back.index(cards[1])
            front[i], back[j] = back[j], front[i]
        elif do == "switch" and cards[0] in front and cards[1] in front and cards[0] != cards[1]:
            i, j = front.index(cards[0]), front.index(cards[1])
            front[i], front[j] = front[j], front[i]
        elif do in ("withdraw", "advance"):
            source, target = (front, back) if do == "withdraw" else (back, front)
            if cards[0] not in source:
                return None
            slot = order.get("slot", next((k + 1 for k in range(ROW) if target[k] is None), 0))
            if not slot or target[slot - 1] is not None:
                return None
            source[source.index(cards[0])] = None
            target[slot - 1] = cards[0]
        else:
            return None
        if all(card is None for card in front):
            return None
        return front, back

    # --- targets and tests --------------------------------------------------------------

    def default_target(self, ability: Active | None) -> str | None:
        if ability is not None and ability.verb in ("recruit", "remove"):
            return next((m for m in self.b.monsters if m not in self.b.cards.bosses), None)
        return self.b.monsters[0] if self.b.monsters else None

    def chosen_target(self, ability: Active | None, wanted: str | None) -> str | None:
        if ability is not None and wanted is not None and self.valid_target(ability, wanted):
            return wanted
        return self.default_target(ability)

    def valid_target(self, ability: Active, target: str | None) -> bool:
        if target is None or target not in self.b.monsters:
            return False
        return not (ability.verb in ("recruit", "remove") and target in self.b.cards.bosses)

    def usable(self, ability: Active, target: str | None) -> bool:
        """Whether a party member may use ``ability`` now (R34)."""
        b = self.b
        if ability.yen > b.money:
            return False
        if ability.single and not self.valid_target(ability, target):
            return False
        return not (ability.verb == "recruit" and len(b.members()) + len(b.bodies) >= 2 * ROW)

    def attackable(self, target: str | None, attacker: str) -> bool:
        return target is not None and target != attacker and (
            target in self.b.monsters or target in self.b.members())

    # --- values ------------------------------------------------------------------------

    def stat(self, card: str, stat: str, purpose: str) -> int:
        """ATK or DEF of ``card`` now: base (rolled if dice) + passives + boosts."""
        return self.value(self.base(card, stat), card, purpose) + self.modifier(card, stat)

    def shown(self, card: str, stat: str) -> Value:
        """ATK or DEF of ``card`` now as a value to show (``1d6+2``), nothing rolled."""
        base = self.base(card, stat)
        return Value(base.dice, base.bonus + self.modifier(card, stat))

    def base(self, card: str, stat: str) -> Value:
        found = self.b.card(card)
        return found.atk if stat == "atk" else found.defence

    def modifier(self, card: str, stat: str) -> int:
        """The passives and boosts on ``card``'s ATK or DEF now."""
        b = self.b
        total = 0
        if card in b.monsters:
            for other in b.monsters:
                total += sum(c.amount for c in b.card(other).passive if c.stat == stat and
                             (c.scope == "all" or other == card))
            return total + sum(a for side, s, a in self.boosts if side == "monsters" and
                               s == stat)
        for source, clauses in self.party_passives():
            total += sum(c.amount for c in clauses if c.stat == stat and
                         self.covers(c.scope, source, card))
        if card in b.front:
            total += sum(a for side, s, a in self.boosts if side == "party" and s == stat)
        return total

    def party_passives(self) -> list[tuple[str, tuple]]:
        """(source, clauses) of every living member's card (not recruits) and held item."""
        b = self.b
        found = []
        for member in b.members():
            if member not in b.recruits:
                found.append((member, b.card(member).passive))
            if member in b.items:
                found.append((member, b.cards.items[b.items[member]].passive))
        return found

    def covers(self, scope: str, source: str, card: str) -> bool:
        if scope == "self":
            return source == card
        if scope == "front":
            return card in self.b.front
        return card in self.b.members()

    def value(self, value: Value, card: str, purpose: str) -> int:
        dice = [self.die(card, purpose) for _k in range(value.dice)]
        return sum(dice) + value.bonus

    def die(self, card: str, purpose: str) -> int:
        what = _("{purpose} by {card}, turn {turn}", purpose=purpose, card=card,
                 turn=self.at[0])
        face = self.tray.roll(what)
        self.rolls.append({"card": card, "for": purpose, "value": face})
        return face

    # --- steps --------------------------------------------------------------------------

    def attack(self, attacker: str, target: str, charge: bool | None, fallback: bool = False
               ) -> None:
        """An attack, and a charge after no damage (``charge`` None: the table is asked
        then, and its answer written into the member's order)."""
        b = self.b
        a = self.stat(attacker, "atk", "attack")
        d = self.stat(target, "def", "defence")
        if a - d > 0:
            damage, killed = self.hit(target, a - d)
            self.event("attack", actor=attacker, target=target, atk=a, **{"def": d},
                       damage=damage, killed=killed, fallback=fallback, **self.lps())
            self.check()
            return
        self.event("attack", actor=attacker, target=target, atk=a, **{"def": d}, damage=0,
                   killed=False, fallback=fallback, **self.lps())
        if charge is None and attacker not in b.monsters:
            charge = self.decided((str(self.at[0]), "front", attacker, "charge"),
                                  lambda: choices.charge(self, attacker, target, a, d))
        if not charge or attacker in b.monsters:
            return
        roll = self.die(attacker, "charge")
        b.party_lp = _clamp(b.party_lp - roll)
        if b.party_lp == 0:
            self.charge_event(attacker, target, roll, a, d, False, 0, False)
            self.check()
            return
        damage, killed = 0, False
        if roll == 6:
            damage, killed = self.kill(target), True
        elif a + roll - d > 0:
            damage, killed = self.hit(target, a + roll - d)
        self.charge_event(attacker, target, roll, a, d, True, damage, killed)
        self.check()

    def charge_event(self, attacker: str, target: str, roll: int, a: int, d: int, landed: bool,
                     damage: int, killed: bool) -> None:
        self.event("charge", actor=attacker, target=target, roll=roll, atk=a + roll,
                   **{"def": d}, crit=landed and roll == 6, landed=landed, damage=damage,
                   killed=killed, **self.lps())

    def hit(self, target: str, difference: int) -> tuple[int, bool]:
        """(damage, killed) of a difference landing on ``target``."""
        if difference >= self.b.card(target).hp:
            return self.kill(target), True
        self.lose_lp(target, difference)
        return difference, False

    def kill(self, target: str) -> int:
        b = self.b
        hp = b.card(target).hp
        self.lose_lp(target, hp)
        if target in b.monsters:
            b.monsters.remove(target)
            b.killed.append(target)
        else:
            _empty_slot(b, target)
            b.bodies.append(target)
        return hp

    def lose_lp(self, card: str, amount: int) -> None:
        if card in self.b.monsters:
            self.b.monster_lp = _clamp(self.b.monster_lp - amount)
        else:
            self.b.party_lp = _clamp(self.b.party_lp - amount)

    def use(self, user: str, ability: Active, target: str | None, item: str | None = None
            ) -> None:
        b = self.b
        monster = user in b.monsters
        b.money -= ability.yen
        if item is not None:
            del b.items[user]
            b.used_items.append(item)
        ok_roll = self.die(user, "success") if ability.ok else None
        if ok_roll is not None and ok_roll < ability.ok:  # type: ignore[operator]
            self.ability_event(user, item, ability, [], ok_roll, False, None, [])
            return
        amount = None
        if ability.amount is not None:
            amount = max(0, self.value(ability.amount, user, "amount"))
        targets, killed = self.apply(user, monster, ability, target, amount)
        self.ability_event(user, item, ability, targets, ok_roll, True, amount, killed)
        self.check()

    def apply(self, user: str, monster: bool, ability: Active, target: str | None,
              amount: int | None) -> tuple[list[str], list[str]]:
        """Carry out an ability; (ids aimed at, ids killed)."""
        b = self.b
        verb = ability.verb
        if verb == "pure":
            aimed = ([target] if target else []) if ability.scope == "one" else \
                (b.members() if monster else list(b.monsters))
            killed = [t for t in aimed if b.card(t).hp <= amount]  # type: ignore[operator]
            for victim in killed:
                self.kill(victim)
            return aimed, killed
        if verb in ("lp", "heal"):
            on_monsters = (verb == "lp") != monster  # damage the other side, heal one's own
            if on_monsters:
                b.monster_lp = _clamp(b.monster_lp + (-amount if verb == "lp" else amount))
            else:
                b.party_lp = _clamp(b.party_lp + (-amount if verb == "lp" else amount))
            return [], []
        if verb == "boost":
            self.boosts.append(("monsters" if monster else "party", ability.stat, amount))
            return [], []
        assert target is not None
        if verb == "seal":
            if target not in b.sealed:
                b.sealed.append(target)
        elif verb == "remove":
            b.monsters.remove(target)
            b.removed.append(target)
            b.monster_lp = _clamp(b.monster_lp - b.card(target).hp)
        else:
            self.recruit(target)
        return [target], []

    def recruit(self, target: str) -> None:
        b = self.b
        hp = b.card(target).hp
        b.monsters.remove(target)
        b.monster_lp = _clamp(b.monster_lp - hp)
        b.party_lp = _clamp(b.party_lp + hp)
        row = b.back if None in b.back else b.front
        row[row.index(None)] = target
        b.recruits.append(target)

    def ability_event(self, user: str, item: str | None, ability: Active, targets: list[str],
                      ok_roll: int | None, success: bool, amount: int | None,
                      killed: list[str]) -> None:
        self.event("ability", actor=user, item=item, effect=ability.verb, targets=targets,
                   ok_roll=ok_roll, success=success, amount=amount, killed=killed,
                   **self.lps(), money=self.b.money)

    def escape(self, card: str) -> None:
        b = self.b
        found = b.card(card)
        rank = "C" if card in b.recruits else found.rank
        need = ESCAPE_NEED[rank]
        roll = self.die(card, "escape") if need is not None else None
        success = roll is None or roll >= need  # type: ignore[operator]
        self.kill(card)
        self.event("escape", card=card, rank=rank, need=need, roll=roll, success=success,
                   party_lp=b.party_lp)
        if b.party_lp == 0 or not b.members():
            self.end("lost")
        elif success:
            self.end("escaped")
        else:
            self.advance()

    def check(self) -> None:
        """R20: the end is checked after every step; an empty front row is refilled."""
        b = self.b
        if b.over:
            return
        if b.party_lp == 0 or not b.members():
            self.end("lost")
        elif b.monster_lp == 0 or not b.monsters:
            self.end("won")
        else:
            self.advance()

    def advance(self) -> None:
        b = self.b
        if b.front_most() is not None or not b.members():
            return
        moved = [c for c in b.back if c is not None]
        b.front, b.back = list(b.back), [None] * ROW
        self.event("advance", cards=moved, front=list(b.front), back=list(b.back))

    def end(self, result: str) -> None:
        b = self.b
        fallen = []
        if result == "lost":
            fallen = b.members()
            b.bodies.extend(fallen)
            b.front, b.back = [None] * ROW, [None] * ROW
        b.phase, b.result = "over", result
        self.event("end", result=result, fallen=fallen, **self.lps())

    # --- log ----------------------------------------------------------------------------

    def lps(self) -> dict[str, int]:
        return {"party_lp": self.b.party_lp, "monster_lp": self.b.monster_lp}

    def event(self, kind: str, **keys: Any) -> None:
        turn, phase = self.at
        self.log.append({"turn": turn, "phase": phase, "type": kind, **keys})

    def chest(self) -> dict[str, Any] | None:
        """On a won battle: the levels of the killed, then of those still standing."""
        b = self.b
        if b.result != "won":
            return None
        levels = [b.card(c).level for c in (*b.killed, *b.monsters)]
        return {"levels": levels, "n": sum(levels)}


def _starts(ability: Active | None) -> bool:
    return ability is not None and ability.start


def _clamp(lp: int) -> int:
    return max(0, min(MAX_LP, lp))


def _empty_slot(battle: Battle, card: str) -> None:
    for row in (battle.front, battle.back):
        if card in row:
            row[row.index(card)] = None


def escape_once(battle: Battle, card: str, tray: Tray) -> Runner:
    """One escape attempt by ``card`` (R22): before the battle, or as the summoner's
    action between turns (a battle file at turn ≥ 2)."""
    if battle.over:
        raise IllegalMove(_("the battle is over ({result})", result=battle.result))
    if battle.phase == "fight" and battle.turn < 2:
        raise IllegalMove(_("no escape between the pre-battle phase and turn 1 (R22): escape "
                            "before the battle or as a summoner's action from turn 1 on"))
    if card not in battle.members():
        raise IllegalMove(_("{card} is not a living party member: only they can be the "
                            "sacrifice", card=card))
    between = battle.phase == "fight"
    if between:
        _summoner_is_free(battle, battle.turn - 1)
    runner = Runner(battle, tray)
    runner.at = (0, "start") if not between else (battle.turn - 1, "summoner")
    runner.escape(card)
    if between:  # the summoner's action of that turn is spent (R22)
        battle.orders.setdefault(str(battle.turn - 1), {})["summoner"] = {
            "do": "escape", "cards": [card]}
    return runner


def _summoner_is_free(battle: Battle, turn: int) -> None:
    """R22: an escape between turns is turn ``turn``'s summoner action, so that phase
    must have passed — not a swap, not an escape already made."""
    order = battle.orders.get(str(turn), {}).get("summoner")
    if order is not None and order.get("do") != "pass":
        raise IllegalMove(_("the summoner has already acted in turn {turn} ({action}): one "
                            "action a turn, so no escape until the next turn ends (R22)",
                            turn=turn, action=order["do"]))
