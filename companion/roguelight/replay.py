"""Replaying a build-part play log and writing the finished sheet.

A log (TOML or JSON, ``docs/roguelight.md``)::

    map = "basic"
    name = "alice"
    [setup]
    white = 1            # the entrance planned at setup
    black = 4            # the time numbers circled (special rounds)
    [[rounds]]
    dice = [3, 5]        # white, black
    block = ["E4", "E5", "F5"]      # action A (or plan = "B3:D4" for action B)
    die = "black"                   # optional; black needs a special round or spend = N
    [[rounds.effects]]              # one per special cell filled, in the order resolved
    cell = "F2"
    circle = 3                      # item: the mark circled
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalMove, InputError
from companion.files import parse_json, parse_toml, read_text, stem
from companion.grid import Cell, Rect, parse_cell, parse_range
from companion.i18n import _, _n
from companion.roguelight.build import (
    BAT_ADVANCE,
    GHOST_PLAN_LIMIT,
    Build,
    names,
    normalise,
    orientations,
    setup,
)
from companion.roguelight.maps import BAT, GHOST, ITEM, Map, load_map


@dataclass(frozen=True)
class Log:
    source: str
    map_name: str
    map: Map
    name: str
    exit: str | None
    white: int
    black: int
    rounds: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class RoundReport:
    number: int
    special: bool
    lines: tuple[str, ...]
    development: int


def load_log(path: str | os.PathLike[str]) -> Log:
    return parse_log(read_text(path), str(path))


def parse_log(text: str, where: str) -> Log:
    """A play log's text (JSON when ``where`` ends in .json, else TOML), checked."""
    data = parse_json(text, where) if where.endswith(".json") else parse_toml(text, where)
    if not isinstance(data, dict) or not isinstance(data.get("map"), str):
        raise InputError(_('missing map = "basic" (a shipped map or a map file)'), where)
    try:
        board = load_map(data["map"], relative_to=os.path.dirname(where))
    except InputError as err:
        raise err.at(f"{where}: map") from None
    dice = data.get("setup")
    if not isinstance(dice, dict) or not {"white", "black"} <= set(dice):
        raise InputError(_("expected [setup] with white = N and black = N"), f"{where}: setup")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise InputError(_("expected [[rounds]] tables"), f"{where}: rounds")
    return Log(where, data["map"], board, str(data.get("name", stem(where))),
               data.get("exit"), dice["white"], dice["black"], tuple(rounds))


def replay(log: Log) -> tuple[Build, list[RoundReport]]:
    """Every round in order; the first illegal one raises, naming the round."""
    try:
        build = setup(log.map, log.white, log.black)
    except IllegalMove as err:
        raise err.at(f"{log.source}: setup") from None
    reports = []
    for number, entry in enumerate(log.rounds, start=1):
        where = f"{log.source}: " + _("round {number}", number=number)
        try:
            build, report = play_round(build, entry, number)
        except InputError as err:
            raise err.at(where) from None
        reports.append(report)
    return build, reports


def play_round(build: Build, entry: dict[str, Any], number: int) -> tuple[Build, RoundReport]:
    """One round on a copy of ``build``; the copy is returned when all of it is legal."""
    if build.over:
        raise IllegalMove(_("the build part is already over for this sheet"))
    trial = build.copy()
    white, black = _dice(entry.get("dice"))
    special = trial.round in trial.special_rounds
    lines = [_("round {number} (special): white {white}, black {black}", number=number,
               white=white, black=black) if special else
             _("round {number}: white {white}, black {black}", number=number, white=white,
               black=black)]
    if ("block" in entry) == ("plan" in entry):
        raise InputError(_('a round is one action: block = [cells] (A) or plan = "B2:C3" (B)'))
    _refuse_keys(entry, ROUND_KEYS["block" if "block" in entry else "plan"])
    owed: list[Cell] = []
    if "block" in entry:
        owed = _action_a(trial, entry, white, black, special, lines)
    else:
        _action_b(trial, entry, white + black, lines)
    _effects(trial, owed, entry.get("effects", []), lines)
    trial.round += 1
    return trial, RoundReport(number, special, tuple(lines), trial.development)


#: The keys a round may hold, by its action.
ROUND_KEYS = {
    "block": ("dice", "block", "die", "spend", "effects"),
    "plan": ("dice", "plan", "goals", "effects"),
}


def _refuse_keys(entry: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for key in entry:
        if key not in allowed:
            action = _("a block round (A)") if "block" in allowed else _("a plan round (B)")
            raise InputError(_("{key!r} has no place in {action}; its keys are {keys}", key=key,
                               action=action, keys=", ".join(allowed)), key)


def _dice(value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and 1 <= v <= 6 for v in value)):
        raise InputError(_("dice = [white, black], each 1–6"))
    return value[0], value[1]


def _cells(value: Any, what: str) -> set[Cell]:
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list) or not words:
        raise InputError(_('{what}: expected cells like ["E4", "E5"]', what=what))
    cells = {parse_cell(w) for w in words}
    if len(cells) != len(words):
        raise InputError(_("{what}: a cell is listed twice", what=what))
    return cells


def _action_a(trial: Build, entry: dict[str, Any], white: int, black: int, special: bool,
              lines: list[str]) -> list[Cell]:
    die = entry.get("die", "white")
    if die not in ("white", "black"):
        raise InputError(_("die = {die!r}: white or black", die=die))
    if "spend" in entry and die != "black":
        raise IllegalMove(_("an item mark is spent only to use the black die"))
    if special and "spend" in entry:
        raise IllegalMove(_("round {round} is special already: no item mark to spend",
                            round=trial.round))
    if die == "black" and not special:
        _spend(trial, entry.get("spend"), lines)
    face = white if die == "white" else black
    cells = _cells(entry["block"], "block")
    shape = normalise(cells)
    if len(cells) != 1 and shape not in orientations(trial.map.blocks[face]):
        raise IllegalMove(_("{cells} is not the block of face {face} (turned or flipped) nor "
                            "a single cell", cells=names(cells), face=face))
    trial.check_block(cells, _("the block {cells}", cells=names(cells)))
    owed = trial.fill(cells)
    lines.append("  " + (_("A: block {cells} with the white {face}", cells=names(cells),
                           face=face) if die == "white" else
                         _("A: block {cells} with the black {face}", cells=names(cells),
                           face=face)))
    return owed


def _spend(trial: Build, mark: Any, lines: list[str]) -> None:
    if mark is None:
        raise IllegalMove(_("round {round} is not special: the black die needs a circled "
                            "item mark spent (spend = N)", round=trial.round))
    if mark not in trial.circled or mark in trial.spent:
        raise IllegalMove(_("item mark {mark} is not circled and unspent", mark=mark))
    trial.spent.add(mark)
    lines.append("  " + _("spends item mark {mark}: a special round", mark=mark))


def _action_b(trial: Build, entry: dict[str, Any], area: int, lines: list[str]) -> None:
    rect = parse_range(entry["plan"])
    if rect.area != area:
        raise IllegalMove(_("plan {plan} has {cells} cells; white + black is {area}",
                            plan=rect.name(), cells=rect.area, area=area))
    _plan(trial, rect, entry.get("goals", []), lines, "B")


def _plan(trial: Build, rect: Rect, goals: Any, lines: list[str], label: str) -> None:
    trial.check_plan(rect, _("plan {plan}", plan=rect.name()))
    before = set(trial.enclosed)
    advanced = trial.draw_plan(rect)
    lines.append("  " + _("{label}: plan {plan}, development +{advanced} → {development}",
                          label=label, plan=rect.name(), advanced=advanced,
                          development=trial.development))
    new = [trial.map.large[i] for i in sorted(trial.enclosed - before)]
    for goal in goals if isinstance(goals, list) else [goals]:
        if goal not in {m.goal for m in new} or goal in trial.goals:
            raise IllegalMove(_("goal {goal!r} needs its large monster enclosed by this plan",
                                goal=goal))
        trial.goals.append(goal)
        lines.append("  " + _("chooses the goal {goal}", goal=goal))


# --- special cells -------------------------------------------------------------


def _effects(trial: Build, owed: list[Cell], effects: Any, lines: list[str]) -> None:
    if not isinstance(effects, list):
        raise InputError(_("effects = [{{cell = …, …}}, …]"))
    pending = list(owed)
    for i, effect in enumerate(effects):
        try:
            pending.extend(_effect(trial, effect, pending, lines))
        except InputError as err:
            raise err.at(_("effect {number}", number=i + 1)) from None
    if pending:
        lines.append("  " + _("forgoes the effect of {cells}", cells=names(pending)))


def _effect(trial: Build, effect: Any, pending: list[Cell], lines: list[str]) -> list[Cell]:
    if not isinstance(effect, dict) or "cell" not in effect:
        raise InputError(_('expected {{cell = "F2", …}}'))
    cell = parse_cell(effect["cell"])
    large = trial.map.large_at(cell)
    if large is not None:
        cell = min(large.cells)
    if cell not in pending:
        raise IllegalMove(_("{cell} is not a special cell filled and awaiting its effect",
                            cell=effect["cell"]))
    pending.remove(cell)
    kind = trial.special_kind(cell)
    handler = {ITEM: _item, GHOST: _ghost, BAT: _bat}[kind]
    return handler(trial, effect, lines)


def _item(trial: Build, effect: dict[str, Any], lines: list[str]) -> list[Cell]:
    mark = effect.get("circle")
    marks = len(trial.map.item_points)
    if not isinstance(mark, int) or not 1 <= mark <= marks:
        raise InputError(_("circle = N, an item mark 1–{count}", count=marks))
    if mark in trial.circled:
        raise IllegalMove(_("item mark {mark} is already circled", mark=mark))
    section = trial.map.item_sections[mark - 1]
    if section > trial.broken + 1:
        raise IllegalMove(_("item mark {mark} lies beyond an unbroken boundary", mark=mark))
    trial.circled.add(mark)
    lines.append("  " + _n("item: circles mark {mark} ({points} point)",
                           "item: circles mark {mark} ({points} points)",
                           trial.map.item_points[mark - 1], mark=mark,
                           points=trial.map.item_points[mark - 1]))
    return []


def _ghost(trial: Build, effect: dict[str, Any], lines: list[str]) -> list[Cell]:
    number = effect.get("ghost")
    actions = trial.map.ghost_actions
    if not isinstance(number, int) or not 1 <= number <= len(actions):
        raise InputError(_("ghost = N, a ghost action 1–{count}", count=len(actions)))
    if number in trial.ghosts_used:
        raise IllegalMove(_("ghost action {number} was already used", number=number))
    action = actions[number - 1]
    if action.section > trial.broken + 1:
        raise IllegalMove(_("ghost action {number} lies beyond an unbroken boundary",
                            number=number))
    trial.ghosts_used.add(number)
    if action.effect == "plan":
        rect = parse_range(effect.get("plan", ""))
        if rect.area > GHOST_PLAN_LIMIT:
            raise IllegalMove(_("plan {plan} has {cells} cells; at most {most}",
                                plan=rect.name(), cells=rect.area, most=GHOST_PLAN_LIMIT))
        _plan(trial, rect, effect.get("goals", []), lines, _("ghost {number}", number=number))
        return []
    if action.effect == "block":
        cells = _cells(effect.get("block"), "block")
        if len(cells) != action.size:
            raise IllegalMove(_("the ghost's block has {size} cells, not {count}",
                                size=action.size, count=len(cells)))
        trial.check_block(cells, _("the block {cells}", cells=names(cells)))
        lines.append("  " + _("ghost {number}: block {cells}", number=number,
                              cells=names(cells)))
        return trial.fill(cells)
    return _singles(trial, effect, number, lines)


def _singles(trial: Build, effect: dict[str, Any], number: int, lines: list[str]) -> list[Cell]:
    due = trial.ghosts_left()
    words = effect.get("singles", [])
    cells = [parse_cell(w) for w in (words.split() if isinstance(words, str) else words)]
    if len(cells) != due:
        raise IllegalMove(_n("{count} ghost left on the map: exactly {count} single cell, not "
                             "{typed}", "{count} ghosts left on the map: exactly {count} single "
                             "cells, not {typed}", due, typed=len(cells)))
    owed = []
    for cell in cells:
        trial.check_block({cell}, _("the single cell {cell}", cell=names([cell])))
        owed += trial.fill({cell})
    lines.append("  " + _("ghost {number}: single cells {cells}", number=number,
                          cells=names(cells) or _("(none)")))
    return owed


def _bat(trial: Build, effect: dict[str, Any], lines: list[str]) -> list[Cell]:
    choice = effect.get("bat")
    if choice == "develop":
        trial.advance(BAT_ADVANCE)
        lines.append("  " + _("bat: development +{advanced} → {development}",
                              advanced=BAT_ADVANCE, development=trial.development))
        return []
    if choice != "cell":
        raise InputError(_('bat = "cell" (one single cell) or bat = "develop" (+2)'))
    cells = _cells(effect.get("block"), "block")
    if len(cells) != 1:
        raise IllegalMove(_("the bat gives one single cell"))
    trial.check_block(cells, _("the single cell {cell}", cell=names(cells)))
    lines.append("  " + _("bat: single cell {cell}", cell=names(cells)))
    return trial.fill(cells)


# --- the finished sheet ---------------------------------------------------------


def sheet_toml(build: Build, log: Log, map_reference: str | None = None) -> str:
    """The finished sheet in the format ``score`` reads; ``map_reference`` is how
    the sheet names its map (the log's own reference by default)."""
    from companion.roguelight.sheet import sheet_text

    comment = _("The finished sheet of {log}, written by companion roguelight replay.",
                log=log.source)
    return sheet_text(build.map, [comment], map_reference or log.map_name, log.name,
                      filled=build.filled, plans=build.plans, development=build.development,
                      circled=build.circled, spent=build.spent, goals=build.goals,
                      exit=log.exit)
