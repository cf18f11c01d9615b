"""Dice notation → seeded, logged rolls and exact distributions.

Notation (case-insensitive, spaces ignored), terms joined by ``+`` / ``-``:

=================  ==========================================================
``NdX``            N dice of X sides, summed (``d6`` = ``1d6``)
``NdXkhK``         keep the K highest (``kK`` is the same); ``klK`` the lowest
``NdXdlK``         drop the K lowest (= keep the N−K highest); ``dhK`` highest
``NdX>=T``         **count** the dice showing T or more (Roguelight, 魔人)
``any:NdX>=T``     1 if **any** die shows T or more, else 0 (Rakugaaki)
``K``              a constant
=================  ==========================================================

``>=`` is a redirection in a shell: quote such notations (``'3d6>=5'``).

Exact distributions count outcomes as integers (every one of the X^N
equally likely rolls) and become :class:`~fractions.Fraction` only at the end,
so nothing is rounded.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, log2

from companion.errors import InputError
from companion.i18n import _, _n

MAX_DICE = 100
MAX_SIDES = 1000
MAX_TERMS = 20
#: Rough number of DP transitions allowed for one exact keep/drop distribution.
MAX_KEEP_WORK = 20_000_000
#: The most :func:`work` an exact distribution may take (about 2 s).
MAX_WORK = 40_000_000

_TERM = re.compile(
    r"(?P<any>any:)?(?P<count>\d*)d(?P<sides>\d+)"
    r"(?:(?P<keep>kh|kl|dh|dl|k)(?P<k>\d+))?"
    r"(?:>=(?P<target>\d+))?"
    r"|(?P<constant>\d+(?![0-9d]))"
)


@dataclass(frozen=True)
class DiceTerm:
    """One dice group of a notation, e.g. ``4d6kh3`` or ``3d6>=5``."""

    text: str
    sign: int
    count: int
    sides: int
    keep: int  # how many dice count; == count when nothing is dropped
    highest: bool  # keep the highest (True) or the lowest (False)
    target: int | None  # the success threshold of ">=" terms
    mode: str  # "sum", "count" (dice >= target) or "any" (0/1)


@dataclass(frozen=True)
class Notation:
    """A parsed notation: dice terms plus a constant."""

    text: str
    terms: tuple[DiceTerm, ...]
    constant: int


def parse(text: str) -> Notation:
    """Parse ``text``; an :class:`InputError` says which part is wrong and why."""
    source = "".join(text.split()).lower()
    if not source:
        raise InputError(_("empty dice notation; try 3d6, 4d6kh3 or '3d6>=5'"))
    terms: list[DiceTerm] = []
    constant = 0
    pos = 0
    while pos < len(source):
        sign = 1
        if source[pos] in "+-":
            sign = -1 if source[pos] == "-" else 1
            pos += 1
        elif pos:
            raise _bad(text, source, pos, _("expected + or - between terms"))
        match = _TERM.match(source, pos)
        if not match or match.end() == pos:
            raise _bad(text, source, pos,
                       _("expected a term like 2d6, 4d6kh3, '3d6>=5' or 2"))
        if match.group("constant"):
            constant += sign * int(match.group("constant"))
        else:
            terms.append(_dice_term(match, sign, text))
        pos = match.end()
    if len(terms) > MAX_TERMS:
        raise InputError(_("{count} dice terms; at most {most}", count=len(terms), most=MAX_TERMS),
                         _dice_place(text))
    return Notation(text.strip(), tuple(terms), constant)


def _bad(text: str, source: str, pos: int, why: str) -> InputError:
    return InputError(_("{why}, found {rest!r}", why=why, rest=source[pos:]), _dice_place(text))


def _dice_place(text: str) -> str:
    return _("dice {text!r}", text=text)


def _dice_term(match: re.Match[str], sign: int, text: str) -> DiceTerm:
    where = _dice_place(text)
    count = int(match.group("count") or 1)
    sides = int(match.group("sides"))
    if not 1 <= count <= MAX_DICE:
        raise InputError(_("{count} dice; a term rolls 1 to {most} dice", count=count,
                                 most=MAX_DICE), where)
    if not 2 <= sides <= MAX_SIDES:
        raise InputError(_("a d{sides}; dice have 2 to {most} sides", sides=sides,
                                 most=MAX_SIDES), where)
    keep, highest = _keep(match, count, where)
    target = match.group("target")
    if match.group("any") and target is None:
        raise InputError(_("'any:' needs a target, as in 'any:3d6>=5'"), where)
    if target is not None:
        if match.group("keep"):
            raise InputError(_("keep/drop and '>=' cannot be combined in one term"), where)
        if not 1 <= int(target) <= sides:
            raise InputError(_("target {target} is outside the d{sides}'s 1–{sides}",
                                   target=target, sides=sides), where)
    mode = "any" if match.group("any") else "count" if target is not None else "sum"
    return DiceTerm(
        match.group(0), sign, count, sides, keep, highest,
        int(target) if target is not None else None, mode,
    )


def _keep(match: re.Match[str], count: int, where: str) -> tuple[int, bool]:
    rule = match.group("keep")
    if rule is None:
        return count, True
    k = int(match.group("k"))
    if rule in ("k", "kh", "kl"):
        if not 1 <= k <= count:
            raise InputError(_n("cannot keep {k} of {count} die", "cannot keep {k} of {count} dice",
                                count, k=k), where)
        return k, rule != "kl"
    if not 0 <= k < count:
        raise InputError(_n("cannot drop {k} of {count} die", "cannot drop {k} of {count} dice",
                            count, k=k), where)
    return count - k, rule == "dl"


# --- rolling --------------------------------------------------------------


@dataclass(frozen=True)
class TermRoll:
    """The dice one term rolled, which of them counted, and its value."""

    term: str
    dice: tuple[int, ...]
    kept: tuple[int, ...]  # indices into ``dice``
    value: int  # signed contribution to the total


@dataclass(frozen=True)
class Roll:
    """One roll of a notation, replayable from ``seed`` (and ``index``)."""

    notation: str
    seed: int
    index: int
    terms: tuple[TermRoll, ...]
    constant: int
    total: int

    def to_json(self) -> dict[str, object]:
        return {
            "notation": self.notation,
            "seed": self.seed,
            "index": self.index,
            "dice": [list(t.dice) for t in self.terms],
            "kept": [[t.dice[i] for i in t.kept] for t in self.terms],
            "total": self.total,
        }

    def describe(self) -> str:
        """``4d6kh3: [6, 3, 5, 1→] = 14``-style text: the dice and the total."""
        parts = [_describe_term(t) for t in self.terms]
        if self.constant:
            parts.append(f"{self.constant:+d}")
        return f"{self.notation}: {' '.join(parts)} = {self.total}"


def _describe_term(roll: TermRoll) -> str:
    shown = [str(d) if i in roll.kept else f"({d})" for i, d in enumerate(roll.dice)]
    sign = "-" if roll.value < 0 else ""
    return f"{sign}[{' '.join(shown)}]"


def new_seed() -> int:
    """A fresh seed, drawn when the table gives none (and shown, so it replays)."""
    return int.from_bytes(os.urandom(8), "big") % 10**9


def roll(notation: Notation | str, rng: random.Random, *, seed: int = 0, index: int = 0) -> Roll:
    """Roll ``notation`` with ``rng``; ``seed``/``index`` are recorded for replay."""
    parsed = parse(notation) if isinstance(notation, str) else notation
    terms = tuple(_roll_term(term, rng) for term in parsed.terms)
    total = sum(t.value for t in terms) + parsed.constant
    return Roll(parsed.text, seed, index, terms, parsed.constant, total)


def roll_all(notations: Iterable[str], seed: int | None = None) -> list[Roll]:
    """Roll each notation in turn from one RNG seeded with ``seed``."""
    parsed = [parse(n) for n in notations]
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    return [roll(p, rng, seed=seed, index=i) for i, p in enumerate(parsed)]


def _roll_term(term: DiceTerm, rng: random.Random) -> TermRoll:
    dice = tuple(rng.randint(1, term.sides) for _ in range(term.count))
    order = sorted(range(len(dice)), key=lambda i: dice[i], reverse=term.highest)
    kept = tuple(sorted(order[: term.keep]))
    if term.mode == "sum":
        value = sum(dice[i] for i in kept)
    else:
        hits = sum(1 for d in dice if d >= (term.target or 0))
        value = hits if term.mode == "count" else int(hits > 0)
    return TermRoll(term.text, dice, kept, term.sign * value)


class Tray:
    """The dice of one command: typed at the table (``typed``) or drawn from ``seed``.

    Typed dice must be exactly the dice the command rolls: each is checked against
    its die when it is used, a missing die is named by what it was for, and
    :meth:`finish` refuses any left over. Every die used is kept in ``used``.
    """

    def __init__(self, typed: list[int] | None = None, seed: int | None = None,
                 where: str = "--dice") -> None:
        if typed is not None and seed is not None:
            raise InputError(_("give --dice or --seed, not both"), where)
        self.typed = typed
        self.seed = None if typed is not None else (new_seed() if seed is None else seed)
        self.rng = None if typed is not None else random.Random(self.seed)
        self.where = where
        self.used: list[int] = []
        self.shuffled = False
        self._shuffler: random.Random | None = None

    def roll(self, what: str, sides: int = 6) -> int:
        """One die of ``sides`` for ``what`` (named in the message if it is missing)."""
        number = len(self.used) + 1
        if self.rng is not None:
            value = self.rng.randint(1, sides)
        elif number > len(self.typed or ()):
            raise InputError(_("too few dice: no die was typed for die {number} ({what})",
                               number=number, what=what), self.where)
        else:
            value = self.typed[number - 1]  # type: ignore[index]
            if not 1 <= value <= sides:
                raise InputError(_("die {number} ({what}) is {value}; a d{sides} shows 1 to "
                                   "{sides}", number=number, what=what, value=value,
                                   sides=sides), self.where)
        self.used.append(value)
        return value

    def shuffle(self, cards: list) -> None:
        """Shuffle ``cards`` in place from the seed (drawn now when the dice were typed,
        so that the shuffle too can be replayed)."""
        if self._shuffler is None:
            if self.seed is None:
                self.seed = new_seed()
            self._shuffler = self.rng or random.Random(self.seed)
        self._shuffler.shuffle(cards)
        self.shuffled = True

    @property
    def seed_used(self) -> int | None:
        """The seed behind any roll or shuffle made, else None."""
        rolled = bool(self.used) and self.typed is None
        return self.seed if rolled or self.shuffled else None

    def finish(self) -> None:
        """Refuse typed dice the command did not use."""
        left = len(self.typed or ()) - len(self.used)
        if left > 0:
            raise InputError(_n("{count} die left over: the command rolled {used}",
                                "{count} dice left over: the command rolled {used}", left,
                                used=len(self.used)), self.where)


def typed_dice(text: str, where: str = "--dice") -> list[int]:
    """``"3,5"`` or ``"3 5"`` → [3, 5]: the dice typed at the table (``""``: none)."""
    parts = text.replace(",", " ").split()
    if not all(p.isdigit() for p in parts):
        raise InputError(_("expected the dice as numbers joined by commas, like 6,2,1; "
                           "found {found!r}", found=text), where)
    return [int(p) for p in parts]


# --- exact distributions --------------------------------------------------


@dataclass(frozen=True)
class Distribution:
    """Exact outcome counts: ``counts[v]`` of ``outcomes`` equally likely rolls."""

    counts: dict[int, int]
    outcomes: int

    def probability(self, value: int) -> Fraction:
        return Fraction(self.counts.get(value, 0), self.outcomes)

    def at_least(self, target: int) -> Fraction:
        return Fraction(sum(c for v, c in self.counts.items() if v >= target), self.outcomes)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self.counts.items()), self.outcomes)

    @property
    def values(self) -> list[int]:
        return sorted(self.counts)

    def plus(self, other: Distribution, sign: int = 1) -> Distribution:
        """The distribution of this value plus (or minus) an independent ``other``."""
        counts: dict[int, int] = {}
        for va, ca in self.counts.items():
            for vb, cb in other.counts.items():
                v = va + sign * vb
                counts[v] = counts.get(v, 0) + ca * cb
        return Distribution(dict(sorted(counts.items())), self.outcomes * other.outcomes)

    def rows(self) -> list[tuple[int, Fraction, Fraction]]:
        """(value, P(= value), P(≥ value)) for every possible value, ascending."""
        rows = []
        tail = self.outcomes
        for value in self.values:
            rows.append((value, self.probability(value), Fraction(tail, self.outcomes)))
            tail -= self.counts[value]
        return rows


def distribution(notation: Notation | str) -> Distribution:
    """The exact distribution of ``notation``'s total (refused at once when its cost,
    :func:`work`, is over :data:`MAX_WORK`)."""
    parsed = parse(notation) if isinstance(notation, str) else notation
    cost = work(parsed)
    if cost > MAX_WORK:
        raise InputError(_("the exact odds are too costly to compute (about {cost} million "
                           "steps, at most {most} million); rolling it works",
                           cost=-(-cost // 1_000_000), most=MAX_WORK // 1_000_000),
                         _dice_place(parsed.text))
    result = Distribution({parsed.constant: 1}, 1)
    for term in parsed.terms:
        result = result.plus(_term_distribution(term), term.sign)
    return result


def work(parsed: Notation) -> int:
    """An estimate of the steps an exact distribution takes: each sum of dice
    (count² × sides / 2 additions) and each combination of a term with the terms
    before it (values × values multiplications), weighted by the size of the
    integers counted (64-bit words). About 20 million a second on a laptop."""
    values, bits, total = 1, 0.0, 0
    for term in parsed.terms:
        bits += term.count * log2(term.sides)
        words = 1 + int(bits) // 64
        if term.mode == "sum" and term.keep == term.count:
            total += term.count**2 * term.sides // 2 * words
        shown = _value_count(term)
        total += values * shown * words
        values += shown - 1
    return total


def _value_count(term: DiceTerm) -> int:
    if term.mode == "any":
        return 2
    if term.mode == "count":
        return term.count + 1
    return term.keep * (term.sides - 1) + 1


def _term_distribution(term: DiceTerm) -> Distribution:
    outcomes = term.sides**term.count
    if term.mode == "any":
        misses = (term.target - 1) ** term.count  # type: ignore[operator]
        return Distribution({0: misses, 1: outcomes - misses}, outcomes)
    if term.mode == "count":
        hit = term.sides - term.target + 1  # type: ignore[operator]
        miss = term.sides - hit
        counts = {k: comb(term.count, k) * hit**k * miss ** (term.count - k)
                  for k in range(term.count + 1)}
        return Distribution({k: c for k, c in counts.items() if c}, outcomes)
    if term.keep == term.count:
        return Distribution(sum_counts(term.count, term.sides), outcomes)
    return Distribution(keep_counts(term.count, term.sides, term.keep, term.highest), outcomes)


def sum_counts(count: int, sides: int) -> dict[int, int]:
    """How many of the sides^count rolls give each sum (sliding-window convolution)."""
    counts = [1]  # index i ↔ sum (dice so far) + i
    for _die in range(count):
        prefix = [0]
        for c in counts:
            prefix.append(prefix[-1] + c)
        size = len(counts) + sides - 1
        counts = [
            prefix[min(j + 1, len(counts))] - prefix[max(0, j - sides + 1)] for j in range(size)
        ]
    return {count + i: c for i, c in enumerate(counts)}


def keep_counts(count: int, sides: int, keep: int, highest: bool) -> dict[int, int]:
    """Outcome counts of the sum of the ``keep`` highest (or lowest) of ``count`` dice.

    Faces are visited from the kept end; ``states[(n, s)]`` counts the ways to
    have placed ``n`` dice with kept sum ``s``. The first ``keep`` dice placed are
    the kept ones, and choosing which ``c`` of the remaining dice show a face is
    a binomial coefficient, so the counts are exact integers.
    """
    work = sides * (count + 1) ** 2 * (keep * sides + 1)
    if work > MAX_KEEP_WORK:
        raise InputError(_("exact odds of keeping {keep} of {count}d{sides} are too large to "
                           "compute; rolling it works", keep=keep, count=count, sides=sides))
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for face in faces:
        nxt: dict[tuple[int, int], int] = {}
        for (n, s), ways in states.items():
            for c in range(count - n + 1):
                kept_now = min(n + c, keep) - min(n, keep)
                key = (n + c, s + kept_now * face)
                nxt[key] = nxt.get(key, 0) + ways * comb(count - n, c)
        states = nxt
    return dict(sorted((s, w) for (n, s), w in states.items() if n == count))
