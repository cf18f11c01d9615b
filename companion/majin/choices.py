"""The decisions the rules give the table in a battle (R15, R22, Orders), as
questions whose options are orders: pre-battle escapes and abilities, the order
of equal-speed members, each front-row member's action and charge, the back row
and the summoner.

Each option says what it needs (money, a target, a success roll) and an option
that cannot be carried out now says why; the runner writes the chosen order into
the battle's orders, so the battle replays from its file.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from companion.decisions import Option, Question
from companion.i18n import _
from companion.majin.battle import ESCAPE_NEED, ROW
from companion.majin.effects import Active, describe_active

if TYPE_CHECKING:
    from companion.majin.runner import Runner


def situation(r: Runner) -> tuple[str, ...]:
    b = r.b
    row = lambda cards: " ".join(c or "-" for c in cards)  # noqa: E731
    when = _("Turn {turn}", turn=r.at[0]) if r.at[0] else _("Before the battle")
    return (_("{when}: party LP {party}, monster LP {monsters}, money {money} yen; "
              "front {front} | back {back}; monsters {listed}", when=when,
              party=b.party_lp, monsters=b.monster_lp, money=b.money, front=row(b.front),
              back=row(b.back), listed=" ".join(b.monsters) or "-"),)


def named(r: Runner, card: str) -> str:
    return f"{card} {r.b.card(card).name}"


# --- before the battle ----------------------------------------------------------------------


def escape(r: Runner) -> Question:
    """Who is sacrificed for an escape before the battle (R22), or none."""
    options = [Option(None, _("no escape: fight"))]
    options += [Option(card, _("sacrifice {card} ({rank}): {chance}", card=named(r, card),
                                rank=rank(r, card), chance=escape_chance(r, card)))
                for card in r.b.members()]
    return Question(_("Escape before the battle?"), tuple(options), situation(r))


def rank(r: Runner, card: str) -> str:
    return "C" if card in r.b.recruits else r.b.card(card).rank


def escape_chance(r: Runner, card: str) -> str:
    need = ESCAPE_NEED[rank(r, card)]
    if need is None:
        return _("a certain escape")
    return _("escapes on {need}+ ({chance} in 6); the card dies either way", need=need,
             chance=7 - need)


def start_ability(r: Runner, card: str) -> Question:
    """Where a member's pre-battle ability is aimed, or that it is not used."""
    ability = r.b.card(card).active
    assert ability is not None
    text = describe_active(ability)
    if ability.single:
        options = [Option({"target": t}, _("use it on {target}", target=named(r, t)),
                          why_not(r, ability, t)) for t in targets(r, ability)]
    else:
        options = [Option({}, _("use it"), why_not(r, ability, None))]
    options.append(Option({"do": "skip"}, _("do not use it this battle")))
    return Question(_("{card} before the battle: {text}", card=named(r, card), text=text),
                    tuple(options), situation(r))


# --- the fight phase ------------------------------------------------------------------------


def ties(r: Runner, group: list[str]) -> Question:
    """In which order members of equal speed act (R15)."""
    spd = r.b.card(group[0]).spd
    options = tuple(Option(list(order), " → ".join(order)) for order in permutations(group))
    return Question(_("{cards} have speed {spd}: in which order do they act?",
                      cards=", ".join(group), spd=spd), options, situation(r))


def front(r: Runner, member: str) -> Question:
    """A front-row member's action: an attack on a monster, its ability, its item, or
    an attack on another member."""
    b = r.b
    options = [Option({"do": "attack", "target": m}, attack_words(r, member, m))
               for m in b.monsters]
    options += ability_options(r, member, "ability", {})
    options += ability_options(r, member, "item", {})
    options += [Option({"do": "attack", "target": ally},
                       _("attack your own {target}", target=named(r, ally)))
                for ally in b.members() if ally != member]
    return Question(_("{card} acts (front row):", card=named(r, member)), tuple(options),
                    situation(r))


def attack_words(r: Runner, attacker: str, target: str) -> str:
    found = r.b.card(target)
    return _("attack {target}: ATK {atk} vs DEF {def_}, HP {hp}", target=named(r, target),
             atk=r.shown(attacker, "atk"), def_=r.shown(target, "def"), hp=found.hp)


def charge(r: Runner, member: str, target: str, atk: int, defence: int) -> Question:
    """Whether a member whose attack did no damage charges (R18)."""
    yes = Option(True, _("charge: roll a die and pay it from the party LP ({lp}); 6 kills, "
                         "else ATK {atk} + the die vs DEF {def_}", lp=r.b.party_lp, atk=atk,
                         def_=defence))
    no = Option(False, _("no charge"))
    first = (yes, no) if r.b.charge == "always" else (no, yes)
    return Question(_("{card}'s attack on {target} did no damage ({atk} vs {def_}):",
                      card=named(r, member), target=named(r, target), atk=atk,
                      def_=defence), first, situation(r))


# --- the back row and the summoner ----------------------------------------------------------


def back(r: Runner) -> Question:
    """Which back-row member uses its ability or item this turn, if any."""
    options = [Option({"do": "pass"}, _("pass"))]
    for member in (c for c in r.b.back if c is not None):
        for do in ("ability", "item"):
            options += ability_options(r, member, do, {"card": member})
    return Question(_("The back row:"), tuple(options), situation(r))


def summoner(r: Runner) -> Question:
    """The summoner's one action: a move of cards, an escape, or a pass (R22, R47)."""
    b = r.b
    front_cards = [c for c in b.front if c is not None]
    back_cards = [c for c in b.back if c is not None]
    moves = [("swap", [f, k]) for f in front_cards for k in back_cards]
    moves += [("withdraw", [f]) for f in front_cards] + [("advance", [k]) for k in back_cards]
    moves += [("switch", [f, g]) for i, f in enumerate(front_cards) for g in front_cards[i + 1:]]
    options = [Option({"do": "pass"}, _("pass"))]
    for do, cards in moves:
        order = {"do": do, "cards": cards}
        if r.rearranged(order) is not None:
            options.append(Option(order, MOVE_WORDS[do](*cards)))
    options += [Option({"do": "escape", "cards": [m]},
                       _("escape: sacrifice {card} ({rank}), {chance}", card=named(r, m),
                         rank=rank(r, m), chance=escape_chance(r, m)))
                for m in b.members()]
    return Question(_("The summoner:"), tuple(options), situation(r))


MOVE_WORDS = {
    "swap": lambda f, k: _("swap {front} (front) and {back} (back)", front=f, back=k),
    "withdraw": lambda f: _("withdraw {card} to the back row", card=f),
    "advance": lambda k: _("advance {card} to the front row", card=k),
    "switch": lambda f, g: _("switch {one} and {other} in the front row", one=f, other=g),
}


# --- abilities and items --------------------------------------------------------------------


def ability_options(r: Runner, member: str, do: str, base: dict[str, Any]) -> list[Option]:
    """The ways ``member`` may use its own ability or its held item now."""
    ability, item = r.action_ability(member, do)
    if ability is None or not ability.in_battle:
        return []
    text = describe_active(ability)
    words = (_("{card} uses {item}: {text}", card=member, item=r.b.cards.items[item].name,
               text=text) if item else
             _("{card}'s ability: {text}", card=member, text=text))
    if not ability.single:
        return [Option({**base, "do": do}, words, why_not(r, ability, None))]
    aimed = targets(r, ability)
    if not aimed:
        return [Option({**base, "do": do}, words, _("no enemy it may aim at"))]
    return [Option({**base, "do": do, "target": t},
                   _("{words} → {target}", words=words, target=named(r, t)),
                   why_not(r, ability, t)) for t in aimed]


def targets(r: Runner, ability: Active) -> list[str]:
    return [m for m in r.b.monsters if r.valid_target(ability, m)]


def why_not(r: Runner, ability: Active, target: str | None) -> str | None:
    """Why ``ability`` cannot be used on ``target`` now (R34), or None."""
    b = r.b
    if ability.yen > b.money:
        return _("costs {yen} yen, {money} yen held", yen=ability.yen, money=b.money)
    if ability.verb == "recruit" and len(b.members()) + len(b.bodies) >= 2 * ROW:
        return _("no room: party members and bodies are already 6")
    if not r.usable(ability, target):
        return _("no enemy it may aim at")
    return None
