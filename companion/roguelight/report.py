"""Scores as text and as JSON — one source for the terminal and ``--json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.i18n import _, _n
from companion.roguelight.scoring import Score, score_exits
from companion.text import fraction_text

if TYPE_CHECKING:  # the interception's reports import it when they run
    from fractions import Fraction

    from companion.roguelight.intercept import Battle, Descent, Fight, Interception, Visit


def score_to_dict(best: Score, every: list[Score]) -> dict[str, Any]:
    board = best.sheet.map
    return {
        "sheet": best.sheet.name,
        "map": board.name,
        "entrance": best.sheet.entrance,
        "exit": exit_name(best),
        "floor": best.has_floor,
        "points": {
            "items": best.items, "rooms": best.room_points, "bonus": best.bonus,
            "goals": best.goal_points, "total": best.total,
        },
        "rooms": [
            {"letter": r.letter, "cells": r.rect.name(), "scoring": r.scoring,
             "reasons": list(r.reasons), "monsters": sum(r.monsters.values()), "items": r.items}
            for r in best.rooms
        ],
        "passages": sorted(board.name_of(c) for c in best.passages),
        "goals": [
            {"goal": g.goal, "valid": g.valid, "why": g.why, "rooms": list(g.rooms),
             "points": g.points}
            for g in best.goals
        ],
        "exits": [{"exit": exit_name(s), "total": s.total} for s in every],
    }


def exit_name(score: Score) -> str | None:
    return None if score.exit is None else score.sheet.map.name_of(score.exit)


def describe_score(best: Score, every: list[Score]) -> str:
    board = best.sheet.map
    exit_ = exit_name(best) or _("none (every exit is filled)")
    lines = [_("{sheet} on map {map}: entrance {entrance}, exit {exit}", sheet=best.sheet.name,
               map=board.name, entrance=best.sheet.entrance, exit=exit_)]
    if best.exit is None:
        lines.append(_("No floor: every exit is filled; items score, rooms, bonus and goals "
                       "do not, and the sheet sits out the interception part."))
    elif not best.has_floor:
        lines.append(_("No floor: the entrance and the exit are not joined; no room points, "
                       "bonus or goals."))
    for room in best.rooms:
        verdict = _("scores 3") if room.scoring else \
            _("does not score: {reasons}", reasons="; ".join(room.reasons))
        lines.append("  " + _("room {room} {cells} — {verdict}", room=room.letter,
                              cells=room.rect.name(), verdict=verdict))
    if best.floor:
        lines.append("  " + _n("passages: {count} cell", "passages: {count} cells",
                               len(best.passages)))
    for goal in best.goals:
        detail = (_("rooms {rooms}", rooms=", ".join(goal.rooms) or _("none")) if goal.valid
                  else _("not valid: {why}", why=goal.why))
        lines.append("  " + _("goal {goal}: {points} ({detail})", goal=word(goal.goal),
                              points=goal.points, detail=detail))
    lines.append(_("Items {items} + rooms {rooms} + bonus {bonus} + goals {goals} = {total}",
                   items=best.items, rooms=best.room_points, bonus=best.bonus,
                   goals=best.goal_points, total=best.total))
    if len(every) > 1:
        lines.append(_("Exits, best first: {exits}", exits=", ".join(
            f"{exit_name(s)} {s.total}" for s in every)))
    return "\n".join(lines)


# --- the interception part --------------------------------------------------


def distribution_rows(descent: Descent) -> list[tuple[int, Fraction]]:
    dist = descent.distribution
    return [(points, dist.probability(points)) for points in dist.values]


def describe_descent(number: int, descent: Descent, fights: list[Fight]) -> list[str]:
    sheet, score = descent.sheet, descent.score
    board = sheet.map
    lines = [f"{number}. " + _("{sheet} — development {development}, items {items}; exit "
                              "{exit}", sheet=sheet.name, development=sheet.development,
                              items=sheet.item_points, exit=board.name_of(score.exit))]
    route = " → ".join(descent.route) or _("no room")
    lines.append("   " + _n("route {route} ({rooms} room, the fewest)",
                            "route {route} ({rooms} rooms, the fewest)", descent.routes.rooms,
                            route=route, rooms=descent.routes.rooms))
    others = [c for c in descent.routes.choices if c != descent.route]
    if others:
        lines.append("   " + _("other routes as short: {routes}", routes="; ".join(
            f"{' → '.join(c)} (--route {sheet.name}={','.join(c)})" for c in others)))
    rolled = {id(f.battle): f for f in fights}
    for visit in descent.visits:
        lines.extend(_describe_visit(sheet.name, visit, rolled))
    dist = ", ".join(f"{p}: {fraction_text(q)}" for p, q in distribution_rows(descent))
    exact = fraction_text(descent.expected)
    lines.append("   " + _("expected {value:.2f} points ({exact}); distribution {dist}",
                           value=float(descent.expected), exact=exact, dist=dist))
    return lines


def _describe_visit(owner: str, visit: Visit, rolled: dict[int, Fight]) -> list[str]:
    head = "   " + _("room {room}:", room=visit.room)
    if not visit.scoring:
        return [f"{head} " + _("not scoring — no battle, no equipment")]
    lines = []
    battle = visit.battle
    if battle is None:
        lines.append(f"{head} " + _("no monsters — no battle"))
    else:
        lines.append(f"{head} {describe_battle(owner, battle)}")
        fight = rolled.get(id(battle))
        if fight is not None:
            lines.append(f"      {describe_fight(fight)}")
    if visit.items:
        lines.append("      " + _n("equips {count} item → level {level}",
                                   "equips {count} items → level {level}", visit.items,
                                   level=visit.level))
    return lines


def describe_battle(owner: str, battle: Battle) -> str:
    """``3 monsters vs level 1 — bob scores on min ≤ 2 or doubles: 20/36``."""
    return _n("{count} monster vs level {level} — {owner} scores on {need}",
              "{count} monsters vs level {level} — {owner} scores on {need}", battle.strength,
              level=battle.level, owner=owner, need=battle.need())


def describe_fight(fight: Fight) -> str:
    """``rolled white 4, black 4 (doubles): +5``."""
    verdict = "+5" if fight.scored else _("no points")
    if fight.white == fight.black:
        return _("rolled white {white}, black {black} (doubles): {verdict}", white=fight.white,
                 black=fight.black, verdict=verdict)
    return _("rolled white {white}, black {black}: {verdict}", white=fight.white,
             black=fight.black, verdict=verdict)


def describe_interception(plan: Interception, fights: list[Fight] | None) -> str:
    lines = [_n("Interception part, {count} player (armament row {band}). Top of the stack "
                "first:", "Interception part, {count} players (armament row {band}). Top of "
                "the stack first:", plan.players, band=plan.band)]
    lines.extend(plan.tie_notes)
    for i, descent in enumerate(plan.descents, start=1):
        lines.extend(describe_descent(i, descent, fights or []))
    for sheet in plan.left_out:
        lines.append(_("{sheet} has no floor and cannot join the interception part.",
                       sheet=sheet.name))
    lines.extend(_totals(plan, fights))
    return "\n".join(lines)


def _totals(plan: Interception, fights: list[Fight] | None) -> list[str]:
    from companion.roguelight.intercept import points_by_sheet

    rolled = points_by_sheet(fights) if fights is not None else None
    lines = [_("Totals:")]
    for descent in plan.descents:
        build = descent.score.total
        name = descent.sheet.name
        if rolled is not None:
            got = rolled.get(name, 0)
            lines.append("   " + _("{sheet}: build {build} + interception {got} = {total}",
                                   sheet=name, build=build, got=got, total=build + got))
        else:
            expected = build + descent.expected
            lines.append("   " + _("{sheet}: build {build} + interception (expected "
                                   "{got:.2f}) = {total:.2f}", sheet=name, build=build,
                                   got=float(descent.expected), total=float(expected)))
    for sheet in plan.left_out:
        lines.append("   " + _("{sheet}: build {build} (sat out)", sheet=sheet.name,
                               build=score_exits(sheet)[0].total))
    solo = solo_result(plan, fights)
    if solo:
        lines.append(_n("Solo title: {title} ({total} point on the {kind} titles)",
                        "Solo title: {title} ({total} points on the {kind} titles)",
                        solo["total"], title=solo["title"], total=solo["total"],
                        kind=word(solo["kind"])))
    elif fights is None:
        lines.append(_("The winner depends on the rolls: give --seed or --dice to play them."))
    else:
        lines.append(describe_result(plan, fights))
    return lines


def word(term: str) -> str:
    """A map kind or a goal in the report's language."""
    words = {"basic": _("basic"), "advanced": _("advanced"), "blue": _("blue slime"),
             "green": _("green slime"), "ghost": _("ghost"), "bat": _("bat")}
    return words.get(term, term)


def describe_result(plan: Interception, fights: list[Fight]) -> str:
    from companion.roguelight.intercept import final_result

    result = final_result(plan, fights)
    best = result.totals[result.winners[0]]
    if result.draw:
        return _n("A draw: {players} with {points} point each.",
                  "A draw: {players} with {points} points each.", best,
                  players=_(" and ").join(result.winners), points=best)
    return _n("Winner: {player} with {points} point.", "Winner: {player} with {points} points.",
              best, player=result.winners[0], points=best)


def solo_result(plan: Interception, fights: list[Fight] | None) -> dict[str, Any] | None:
    """One sheet alone: its final total and title (expected total without dice)."""
    from companion.roguelight.intercept import points_by_sheet

    if plan.players != 1 or len(plan.descents) + len(plan.left_out) != 1:
        return None
    if plan.descents:
        descent = plan.descents[0]
        board, build = descent.sheet.map, descent.score.total
        extra = (points_by_sheet(fights).get(descent.sheet.name, 0) if fights is not None
                 else descent.expected)
    else:
        sheet = plan.left_out[0]
        board, build, extra = sheet.map, score_exits(sheet)[0].total, 0
    total = build + extra
    exact = fights is not None or total == int(total)
    whole = int(total) if exact else round(float(total), 2)
    return {"total": whole, "kind": board.kind,
            "title": board.solo_title(int(total)), "expected": fights is None}


def interception_to_dict(plan: Interception, fights: list[Fight] | None) -> dict[str, Any]:
    from companion.roguelight.intercept import points_by_sheet

    rolled = points_by_sheet(fights) if fights is not None else {}
    return {
        "players": plan.players,
        "band": plan.band,
        "stack": [_descent_dict(d, fights or [], rolled) for d in plan.descents],
        "left_out": [s.name for s in plan.left_out],
        "notes": list(plan.tie_notes),
        "solo": solo_result(plan, fights),
        "result": _result_dict(plan, fights),
    }


def _result_dict(plan: Interception, fights: list[Fight] | None) -> dict[str, Any] | None:
    """Final totals and winners once the dice are rolled (None before)."""
    from companion.roguelight.intercept import final_result

    if fights is None or solo_result(plan, fights) is not None:
        return None
    result = final_result(plan, fights)
    return {"totals": result.totals, "winners": list(result.winners), "draw": result.draw}


def _descent_dict(descent: Descent, fights: list[Fight], rolled: dict[str, int]
                  ) -> dict[str, Any]:
    sheet = descent.sheet
    mine = {id(f.battle): f for f in fights}
    return {
        "sheet": sheet.name,
        "development": sheet.development,
        "items": sheet.item_points,
        "exit": exit_name(descent.score),
        "build": descent.score.total,
        "route": list(descent.route),
        "routes": [list(c) for c in descent.routes.choices],
        "route_count": descent.routes.total,
        "visits": [
            {"room": v.room, "scoring": v.scoring, "items": v.items, "level_after": v.level,
             "battle": None if v.battle is None else {
                 "strength": v.battle.strength, "level": v.battle.level,
                 "need": v.battle.need(), "chance": fraction_text(v.battle.chance),
                 "rolled": _rolled(mine.get(id(v.battle)))}}
            for v in descent.visits
        ],
        "expected": fraction_text(descent.expected),
        "expected_float": float(descent.expected),
        "distribution": [{"points": p, "p": fraction_text(q)}
                         for p, q in distribution_rows(descent)],
        "points": rolled.get(sheet.name) if fights else None,
    }


def _rolled(fight: Fight | None) -> dict[str, Any] | None:
    if fight is None:
        return None
    return {"white": fight.white, "black": fight.black, "scored": fight.scored}
