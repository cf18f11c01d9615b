"""The effect language of the card files (``pure 5 all ok=3``, ``def +1 front``):
what the companion adjudicates, parsed once, and the card text made from it.

Each parser knows which card it reads (``majin``, ``monster``, ``boss`` or
``item``) and refuses what that card may not have (the spec's restrictions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import InputError
from companion.i18n import _

VERBS = ("pure", "lp", "heal", "boost", "seal", "remove", "recruit")
PARTY_ONLY = ("seal", "remove", "recruit")  # and yen=: only 魔人 and items
MONSTERS = ("monster", "boss")
_VALUE = re.compile(r"(?:(?P<count>[1-3])d6(?P<bonus>[+-]\d{1,2})?|(?P<flat>\d{1,2}))")


@dataclass(frozen=True)
class Value:
    """A printed number or dice: ``5``, ``1d6``, ``2d6+3``, ``1d6-1``."""

    dice: int
    bonus: int

    def __str__(self) -> str:
        if not self.dice:
            return str(self.bonus)
        return f"{self.dice}d6" + (f"{self.bonus:+d}" if self.bonus else "")

    @property
    def low(self) -> int:
        return self.dice + self.bonus

    @property
    def high(self) -> int:
        return 6 * self.dice + self.bonus


def value(text: str) -> Value | None:
    """The value ``text`` writes (an int 0–99, or ``Nd6±K``), or None."""
    match = _VALUE.fullmatch(text.strip().lower())
    if match is None:
        return None
    if match.group("flat") is not None:
        return Value(0, int(match.group("flat")))
    return Value(int(match.group("count")), int(match.group("bonus") or 0))


@dataclass(frozen=True)
class Active:
    """An active ability: a verb, what it aims at, and its options."""

    verb: str
    amount: Value | None = None  # pure, lp, heal, boost
    scope: str | None = None  # pure: one | all
    stat: str | None = None  # boost: atk | def
    ok: int | None = None  # success roll: 1d6 >= ok
    yen: int = 0  # cost
    start: bool = False
    attack: bool = False
    explore: bool = False

    @property
    def single(self) -> bool:
        """Whether it aims at one enemy (pure one, seal, remove, recruit)."""
        return self.scope == "one" or self.verb in PARTY_ONLY

    @property
    def in_battle(self) -> bool:
        """Whether the runner may use it as an action (not start, not explore)."""
        return not (self.start or self.explore)


@dataclass(frozen=True)
class Clause:
    """One passive clause: ``def +1 front``."""

    stat: str
    amount: int
    scope: str


# --- parsing ------------------------------------------------------------------------------


def parse_active(text: str, card: str) -> Active | None:
    """The active ability ``text`` of a ``card`` (majin, monster, boss, item); empty: None."""
    words = text.lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb not in VERBS:
        raise InputError(_("expected an effect starting with one of {verbs}; found {word!r}",
                           verbs=", ".join(VERBS), word=words[0]))
    args, options = _split_options(rest)
    effect = Active(verb, **_arguments(verb, args), **_options(options))
    _restrict(effect, card)
    return effect


def _split_options(words: list[str]) -> tuple[list[str], list[str]]:
    for index, word in enumerate(words):
        if "=" in word or word in ("start", "attack", "explore"):
            return words[:index], words[index:]
    return words, []


def _arguments(verb: str, args: list[str]) -> dict[str, object]:
    shapes = {"pure": "pure AMOUNT one|all", "lp": "lp AMOUNT", "heal": "heal AMOUNT",
              "boost": "boost atk|def AMOUNT", "seal": "seal", "remove": "remove",
              "recruit": "recruit"}
    wrong = InputError(_("{verb} is written '{shape}'; found \"{found}\"", verb=verb,
                         shape=shapes[verb], found=" ".join([verb, *args])))
    if verb in PARTY_ONLY:
        if args:
            raise wrong
        return {}
    if verb == "pure":
        if len(args) != 2 or args[1] not in ("one", "all"):
            raise wrong
        return {"amount": _amount(args[0], wrong), "scope": args[1]}
    if verb == "boost":
        if len(args) != 2 or args[0] not in ("atk", "def"):
            raise wrong
        return {"stat": args[0], "amount": _amount(args[1], wrong)}
    if len(args) != 1:
        raise wrong
    return {"amount": _amount(args[0], wrong)}


def _amount(text: str, wrong: InputError) -> Value:
    found = value(text)
    if found is None:
        raise wrong
    return found


def _options(words: list[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for word in words:
        key, is_pair, number = word.partition("=")
        name = key if is_pair else word
        if name in options:
            raise InputError(_("the option {option} is given twice", option=name))
        if is_pair and key in ("ok", "yen"):
            options[key] = _option_number(key, number)
        elif not is_pair and word in ("start", "attack", "explore"):
            options[word] = True
        else:
            raise InputError(_("expected the options ok=K, yen=N, start, attack or explore; "
                               "found {word!r}", word=word))
    return options


def _option_number(key: str, text: str) -> int:
    low, high = (2, 6) if key == "ok" else (1, 99999)
    if not text.isdigit() or not low <= int(text) <= high:
        raise InputError(_("{key}= takes a whole number {low}-{high}; found \"{found}\"",
                           key=key, low=low, high=high, found=text))
    return int(text)


def _restrict(effect: Active, card: str) -> None:
    monster = card in MONSTERS
    if monster and (effect.verb in PARTY_ONLY or effect.yen):
        raise InputError(_("seal, remove, recruit and yen= are for 魔人 and items, not "
                           "monsters"))
    if effect.attack and (not monster or effect.start):
        raise InputError(_("attack (a normal attack after the ability) is for monsters and "
                           "bosses, and not with start"))
    if effect.start and (card == "item" or effect.yen or effect.verb == "boost"):
        raise InputError(_("start is not for items, and not with yen= or boost"))
    if effect.explore and monster:
        raise InputError(_("explore is not for monsters"))


_CLAUSE = re.compile(r"(?P<stat>atk|def)\s+(?P<amount>[+-]?[1-9])\s+(?P<scope>[a-z]+)")
SCOPES = {"majin": ("self", "front", "party"), "item": ("self", "front", "party"),
          "monster": ("self", "all"), "boss": ("self", "all")}


def parse_passive(text: str, card: str) -> tuple[Clause, ...]:
    """The passive clauses ``text`` of a ``card``; empty: none."""
    if not text.strip():
        return ()
    parts = [part.strip().lower() for part in text.split(";")]
    if len(parts) > 3:
        raise InputError(_("at most three passive clauses (joined by ;), found {count}",
                           count=len(parts)))
    clauses = []
    for part in parts:
        match = _CLAUSE.fullmatch(part)
        if match is None:
            raise InputError(_("a passive clause is 'atk|def +N|-N SCOPE' (N 1-9), as in "
                               "'def +1 front'; found \"{found}\"", found=part))
        if match.group("scope") not in SCOPES[card]:
            raise InputError(_("the scope {scope!r} is not for this card; it takes {scopes}",
                               scope=match.group("scope"), scopes=", ".join(SCOPES[card])))
        clauses.append(Clause(match.group("stat"), int(match.group("amount")),
                              match.group("scope")))
    return tuple(clauses)


# --- card text ----------------------------------------------------------------------------


def describe_active(effect: Active) -> str:
    """The printed text of an active ability, with every number of it."""
    text = _VERB_TEXT[effect.verb](effect, str(effect.amount))
    if effect.attack:
        text = _("{text}, then a normal attack", text=text)
    if effect.ok:
        text += _(" (success: 1d6 of {ok} or more)", ok=effect.ok)
    if effect.yen:
        text += _(" (cost: {yen} yen)", yen=effect.yen)
    if effect.start:
        text = _("[Before battle] {text}", text=text)
    if effect.explore:
        text = _("[Exploring] {text}", text=text)
    return text


_VERB_TEXT = {
    "pure": lambda e, n: (_("Pure damage {amount} to every enemy", amount=n) if e.scope == "all"
                          else _("Pure damage {amount} to one enemy", amount=n)),
    "lp": lambda e, n: _("Direct LP damage {amount}", amount=n),
    "heal": lambda e, n: _("Recover {amount} LP", amount=n),
    "boost": lambda e, n: (_("This turn: front row ATK +{amount}", amount=n)
                           if e.stat == "atk" else
                           _("This turn: front row DEF +{amount}", amount=n)),
    "seal": lambda e, n: _("Seal one enemy's ability"),
    "remove": lambda e, n: _("One enemy leaves the battle"),
    "recruit": lambda e, n: _("One enemy joins the party"),
}


def describe_passive(clauses: tuple[Clause, ...], card: str) -> str:
    """The printed text of passive clauses."""
    if not clauses:
        return ""
    parts = [_describe_clause(clause, card) for clause in clauses]
    return _("[Passive] {text}", text=_(", ").join(parts))


def _describe_clause(clause: Clause, card: str) -> str:
    who = {"self": _("the holder") if card == "item" else _("itself"),
           "front": _("every front-row member"), "party": _("every party member"),
           "all": _("every monster")}[clause.scope]
    stat = _("ATK") if clause.stat == "atk" else _("DEF")
    return _("{who}: {stat} {amount:+d}", who=who, stat=stat, amount=clause.amount)
