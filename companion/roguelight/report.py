"""Scores as text and as JSON — one source for the terminal and ``--json``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.roguelight.intercept import (
    Battle,
    Descent,
    Fight,
    Interception,
    Visit,
    final_result,
    points_by_sheet,
)
from companion.roguelight.scoring import Score, score_exits
from companion.text import fraction_text


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
    exit_ = exit_name(best) or "none (every exit is filled)"
    lines = [f"{best.sheet.name} on map {board.name}: entrance {best.sheet.entrance}, "
             f"exit {exit_}"]
    if best.exit is None:
        lines.append("No floor: every exit is filled; items score, rooms, bonus and goals "
                     "do not, and the sheet sits out the interception part.")
    elif not best.has_floor:
        lines.append("No floor: the entrance and the exit are not joined; "
                     "no room points, bonus or goals.")
    for room in best.rooms:
        verdict = "scores 3" if room.scoring else "does not score: " + "; ".join(room.reasons)
        lines.append(f"  room {room.letter} {room.rect.name()} — {verdict}")
    if best.floor:
        count = len(best.passages)
        lines.append(f"  passages: {count} cell{'s' * (count != 1)}")
    for goal in best.goals:
        detail = (f"rooms {', '.join(goal.rooms) or 'none'}" if goal.valid
                  else f"not valid: {goal.why}")
        lines.append(f"  goal {goal.goal}: {goal.points} ({detail})")
    lines.append(f"Items {best.items} + rooms {best.room_points} + bonus {best.bonus} + "
                 f"goals {best.goal_points} = {best.total}")
    if len(every) > 1:
        lines.append("Exits, best first: " + ", ".join(
            f"{exit_name(s)} {s.total}" for s in every))
    return "\n".join(lines)


# --- the interception part --------------------------------------------------


def distribution_rows(descent: Descent) -> list[tuple[int, Fraction]]:
    dist = descent.distribution
    return [(points, dist.probability(points)) for points in dist.values]


def describe_descent(number: int, descent: Descent, fights: list[Fight]) -> list[str]:
    sheet, score = descent.sheet, descent.score
    board = sheet.map
    lines = [f"{number}. {sheet.name} — development {sheet.development}, items "
             f"{sheet.item_points}; exit {board.name_of(score.exit)}"]
    route = " → ".join(descent.route) or "no room"
    lines.append(f"   route {route} ({descent.routes.rooms} rooms, the fewest)")
    others = [c for c in descent.routes.choices if c != descent.route]
    if others:
        lines.append("   other routes as short: " + "; ".join(
            f"{' → '.join(c)} (--route {sheet.name}={','.join(c)})" for c in others))
    rolled = {id(f.battle): f for f in fights}
    for visit in descent.visits:
        lines.extend(_describe_visit(sheet.name, visit, rolled))
    dist = ", ".join(f"{p}: {fraction_text(q)}" for p, q in distribution_rows(descent))
    exact = fraction_text(descent.expected)
    lines.append(f"   expected {float(descent.expected):.2f} points ({exact}); distribution {dist}")
    return lines


def _describe_visit(owner: str, visit: Visit, rolled: dict[int, Fight]) -> list[str]:
    head = f"   room {visit.room}:"
    if not visit.scoring:
        return [f"{head} not scoring — no battle, no equipment"]
    lines = []
    battle = visit.battle
    if battle is None:
        lines.append(f"{head} no monsters — no battle")
    else:
        lines.append(f"{head} {describe_battle(owner, battle)}")
        fight = rolled.get(id(battle))
        if fight is not None:
            lines.append(f"      {describe_fight(fight)}")
    if visit.items:
        lines.append(f"      equips {visit.items} item{'s' * (visit.items > 1)} → "
                     f"level {visit.level}")
    return lines


def describe_battle(owner: str, battle: Battle) -> str:
    """``3 monsters vs level 1 — bob scores on min ≤ 2 or doubles: 20/36``."""
    return (f"{battle.strength} monster{'s' * (battle.strength > 1)} vs level "
            f"{battle.level} — {owner} scores on {battle.need()}")


def describe_fight(fight: Fight) -> str:
    """``rolled white 4, black 4 (doubles): +5``."""
    verdict = "+5" if fight.scored else "no points"
    doubles = " (doubles)" if fight.white == fight.black else ""
    return f"rolled white {fight.white}, black {fight.black}{doubles}: {verdict}"


def describe_interception(plan: Interception, fights: list[Fight] | None) -> str:
    lines = [f"Interception part, {plan.players} player{'s' * (plan.players > 1)} "
             f"(armament row {plan.band}). Top of the stack first:"]
    lines.extend(plan.tie_notes)
    for i, descent in enumerate(plan.descents, start=1):
        lines.extend(describe_descent(i, descent, fights or []))
    for sheet in plan.left_out:
        lines.append(f"{sheet.name} has no floor and cannot join the interception part.")
    lines.extend(_totals(plan, fights))
    return "\n".join(lines)


def _totals(plan: Interception, fights: list[Fight] | None) -> list[str]:
    rolled = points_by_sheet(fights) if fights is not None else None
    lines = ["Totals:"]
    for descent in plan.descents:
        build = descent.score.total
        name = descent.sheet.name
        if rolled is not None:
            got = rolled.get(name, 0)
            lines.append(f"   {name}: build {build} + interception {got} = {build + got}")
        else:
            expected = build + descent.expected
            lines.append(f"   {name}: build {build} + interception (expected "
                         f"{float(descent.expected):.2f}) = {float(expected):.2f}")
    for sheet in plan.left_out:
        lines.append(f"   {sheet.name}: build {score_exits(sheet)[0].total} (sat out)")
    solo = solo_result(plan, fights)
    if solo:
        lines.append(f"Solo title: {solo['title']} ({solo['total']} points on the "
                     f"{solo['kind']} titles)")
    elif fights is None:
        lines.append("The winner depends on the rolls: give --seed or --dice to play them.")
    else:
        lines.append(describe_result(plan, fights))
    return lines


def describe_result(plan: Interception, fights: list[Fight]) -> str:
    result = final_result(plan, fights)
    best = result.totals[result.winners[0]]
    if result.draw:
        return f"A draw: {' and '.join(result.winners)} with {best} points each."
    return f"Winner: {result.winners[0]} with {best} points."


def solo_result(plan: Interception, fights: list[Fight] | None) -> dict[str, Any] | None:
    """One sheet alone: its final total and title (expected total without dice)."""
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
