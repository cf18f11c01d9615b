"""The interception part (迎撃パート): the adventurer descends through the stacked
sheets, fighting in scoring rooms and picking up armament on the way.

:func:`plan` stacks the sheets, fixes each sheet's route and works out every
battle *exactly*: a battle's chance depends only on the room's monsters and
the armament level, and the level depends only on the items already passed,
so each sheet's points are a sum of independent 5-point chances. :func:`run`
then plays the battles with dice — seeded, or typed in by the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from companion.dice import Distribution
from companion.errors import InputError
from companion.i18n import _
from companion.roguelight.routes import Routes, fewest_room_routes
from companion.roguelight.scoring import Score, score_exits
from companion.roguelight.sheet import Sheet

BATTLE_POINTS = 5
MAX_LEVEL = 6
#: The 36 throws of the white and the black die.
THROWS = [(w, b) for w in range(1, 7) for b in range(1, 7)]


def band(players: int) -> str:
    if not 1 <= players <= 6:
        raise InputError(_("{players} players; Roguelight is for 1–6", players=players))
    return "1-2" if players <= 2 else "3-4" if players <= 4 else "5-6"


@dataclass(frozen=True)
class Battle:
    """A battle in a scoring room with monsters: the owner scores 5 when the
    monsters' strength reaches min(white, black) + level, or on doubles."""

    room: str
    strength: int
    level: int

    def scores(self, white: int, black: int) -> bool:
        return white == black or self.strength >= min(white, black) + self.level

    @property
    def chance(self) -> Fraction:
        return Fraction(sum(1 for w, b in THROWS if self.scores(w, b)), 36)

    def need(self) -> str:
        """What the dice must show, e.g. ``min ≤ 2 or doubles: 2/3``."""
        top = self.strength - self.level
        count = sum(1 for w, b in THROWS if self.scores(w, b))
        if top >= 6:
            return _("any throw: 36/36")
        if top < 1:
            return _("doubles only: {count}/36", count=count)
        return _("min ≤ {top} or doubles: {count}/36", top=top, count=count)


@dataclass(frozen=True)
class Visit:
    room: str
    scoring: bool
    battle: Battle | None
    items: int  # items equipped here (scoring rooms only)
    level: int  # armament level after equipping


@dataclass(frozen=True)
class Descent:
    """One sheet of the stack: its route, visits and exact points."""

    sheet: Sheet
    score: Score
    routes: Routes
    route: tuple[str, ...]
    visits: tuple[Visit, ...]
    marks_in: int  # armament marks crossed when the adventurer arrives

    @property
    def battles(self) -> list[Battle]:
        return [v.battle for v in self.visits if v.battle is not None]

    @property
    def distribution(self) -> Distribution:
        result = Distribution({0: 1}, 1)
        for battle in self.battles:
            hits = int(battle.chance * 36)
            result = result.plus(Distribution({0: 36 - hits, BATTLE_POINTS: hits}, 36))
        return result

    @property
    def expected(self) -> Fraction:
        return BATTLE_POINTS * sum((b.chance for b in self.battles), Fraction(0))


@dataclass(frozen=True)
class Interception:
    players: int
    band: str
    descents: tuple[Descent, ...]  # top sheet first
    left_out: tuple[Sheet, ...]  # no floor: cannot join
    tie_notes: tuple[str, ...]


def stack(sheets: Sequence[Sheet], scores: dict[str, Score], order: Sequence[str]
          ) -> tuple[list[Sheet], list[str]]:
    """Least development on top; then lower item points; then ``order``."""
    if len(sheets) > 1:
        for sheet in sheets:
            if sheet.development is None:
                raise InputError(_("stacking needs how far the development track got: add "
                                   "development = N"), sheet.name)
    rank = {name: i for i, name in enumerate(order)}
    key = lambda s: (s.development or 0, s.item_points, rank.get(s.name, len(rank)))  # noqa: E731
    ordered = sorted(sheets, key=key)
    notes = []
    for upper, lower in pairwise(ordered):
        if key(upper)[:2] == key(lower)[:2]:
            notes.append(_("{upper} and {lower} tie on development and items: {upper} goes "
                           "on top by the order given", upper=upper.name, lower=lower.name))
    return ordered, notes


def plan(sheets: Sequence[Sheet], players: int | None = None, order: Sequence[str] = (),
         routes: dict[str, tuple[str, ...]] | None = None) -> Interception:
    """Stack the sheets and fix every route, level and battle."""
    names = [s.name for s in sheets]
    if len(set(names)) != len(names):
        raise InputError(_('two sheets have the same name; give each a name = "…"'))
    unknown = sorted(set(order) - set(names)) + sorted(set(routes or {}) - set(names))
    if unknown:
        raise InputError(_("no sheet named {name!r} (sheets: {names})", name=unknown[0],
                           names=", ".join(names)))
    players = len(sheets) if players is None else players
    row_band = band(players)
    if players < len(sheets):
        raise InputError(_("--players {players} but {count} sheets: one sheet a player",
                           players=players, count=len(sheets)))
    scores = {s.name: score_exits(s)[0] for s in sheets}
    joining = [s for s in sheets if scores[s.name].has_floor]
    ordered, notes = stack(joining, scores, order or names)
    descents = []
    marks = 0
    for sheet in ordered:
        chosen = (routes or {}).get(sheet.name)
        descent = _descend(sheet, scores[sheet.name], marks, row_band, chosen)
        descents.append(descent)
        marks = descent_marks(descent, marks, sheet.map.armament[row_band])
    left_out = tuple(s for s in sheets if not scores[s.name].has_floor)
    return Interception(players, row_band, tuple(descents), left_out, tuple(notes))


def level_at(marks: int, row: tuple[int, ...]) -> int:
    """The armament level once ``marks`` marks past the start are crossed."""
    crossed = row[: min(marks, len(row) - 1) + 1]
    return min(MAX_LEVEL, max(level for level in crossed if level))


def descent_marks(descent: Descent, marks: int, row: tuple[int, ...]) -> int:
    return min(len(row) - 1, marks + sum(v.items for v in descent.visits))


def _descend(sheet: Sheet, score: Score, marks: int, row_band: str,
             chosen: tuple[str, ...] | None) -> Descent:
    routes = fewest_room_routes(score)
    route = _choose(sheet, routes, chosen)
    row = sheet.map.armament[row_band]
    rooms = {r.letter: r for r in score.rooms}
    visits = []
    crossed = marks
    for letter in route:
        room = rooms[letter]
        level = level_at(crossed, row)
        battle = Battle(letter, room.strength, level) if room.scoring and room.strength else None
        items = room.items if room.scoring else 0
        crossed = min(len(row) - 1, crossed + items)
        visits.append(Visit(letter, room.scoring, battle, items, level_at(crossed, row)))
    return Descent(sheet, score, routes, route, tuple(visits), marks)


def _choose(sheet: Sheet, routes: Routes, chosen: tuple[str, ...] | None) -> tuple[str, ...]:
    if chosen is None:
        return routes.choices[0] if routes.choices else ()
    if chosen not in routes.choices:
        listed = "; ".join(",".join(c) or _("(no room)") for c in routes.choices)
        raise InputError(_("route {route} is not one of the fewest-rooms routes: {listed}",
                           route=",".join(chosen), listed=listed), f"{sheet.name}: --route")
    return chosen


# --- playing the battles ---------------------------------------------------

Roller = Callable[[Descent, Battle], tuple[int, int]]


@dataclass(frozen=True)
class Fight:
    sheet: str
    battle: Battle
    white: int
    black: int

    @property
    def scored(self) -> bool:
        return self.battle.scores(self.white, self.black)


def run(interception: Interception, roll: Roller) -> list[Fight]:
    """Play every battle in stack order with ``roll`` giving (white, black)."""
    fights = []
    for descent in interception.descents:
        for battle in descent.battles:
            white, black = roll(descent, battle)
            if not (1 <= white <= 6 and 1 <= black <= 6):
                raise InputError(_("dice show 1–6, not {white} and {black}", white=white,
                                   black=black))
            fights.append(Fight(descent.sheet.name, battle, white, black))
    return fights


def points_by_sheet(fights: list[Fight]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for fight in fights:
        totals[fight.sheet] = totals.get(fight.sheet, 0) + BATTLE_POINTS * fight.scored
    return totals


@dataclass(frozen=True)
class Result:
    """The end of the game: each sheet's final total and the winners (two or more: a draw)."""

    totals: dict[str, int]  # build points + interception points, sheets sitting out included
    winners: tuple[str, ...]

    @property
    def draw(self) -> bool:
        return len(self.winners) > 1


def final_result(interception: Interception, fights: list[Fight]) -> Result:
    """The highest final total wins; equal totals are a draw (rule text: 同点なら引き分け)."""
    rolled = points_by_sheet(fights)
    totals = {d.sheet.name: d.score.total + rolled.get(d.sheet.name, 0)
              for d in interception.descents}
    totals |= {s.name: score_exits(s)[0].total for s in interception.left_out}
    best = max(totals.values())
    return Result(totals, tuple(name for name, total in totals.items() if total == best))


def seeded_roller(seed: int):
    """The battles' dice from ``seed``: the white die, then the black, battle by battle."""
    import random

    rng = random.Random(seed)

    def roll(descent, battle):
        return rng.randint(1, 6), rng.randint(1, 6)

    return roll


def typed_roller(pairs: list[tuple[int, int]], where: str = "dice"):
    """The battles' dice as the table rolled them: (white, black) pairs in battle order;
    too few is refused naming the battle, and the caller refuses pairs left over."""
    from companion.errors import InputError
    from companion.i18n import _

    queue = list(pairs)

    def roll(descent, battle):
        if not queue:
            raise InputError(_("too few dice: no white and black pair for {sheet}, room "
                               "{room}", sheet=descent.sheet.name, room=battle.room), where)
        return queue.pop(0)

    roll.left = queue  # type: ignore[attr-defined]
    return roll
