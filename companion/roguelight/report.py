"""Scores as text and as JSON — one source for the terminal and ``--json``."""

from __future__ import annotations

from typing import Any

from companion.roguelight.scoring import Score


def score_to_dict(best: Score, every: list[Score]) -> dict[str, Any]:
    board = best.sheet.map
    return {
        "sheet": best.sheet.name,
        "map": board.name,
        "entrance": best.sheet.entrance,
        "exit": board.name_of(best.exit),
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
        "exits": [{"exit": board.name_of(s.exit), "total": s.total} for s in every],
    }


def describe_score(best: Score, every: list[Score]) -> str:
    board = best.sheet.map
    lines = [f"{best.sheet.name} on map {board.name}: entrance {best.sheet.entrance}, "
             f"exit {board.name_of(best.exit)}"]
    if not best.has_floor:
        lines.append("No floor: the entrance and the exit are not joined; "
                     "no room points, bonus or goals.")
    for room in best.rooms:
        verdict = "scores 3" if room.scoring else "does not score: " + "; ".join(room.reasons)
        lines.append(f"  room {room.letter} {room.rect.name()} — {verdict}")
    if best.floor:
        lines.append(f"  passages: {len(best.passages)} cells")
    for goal in best.goals:
        detail = (f"rooms {', '.join(goal.rooms) or 'none'}" if goal.valid
                  else f"not valid: {goal.why}")
        lines.append(f"  goal {goal.goal}: {goal.points} ({detail})")
    lines.append(f"Items {best.items} + rooms {best.room_points} + bonus {best.bonus} + "
                 f"goals {best.goal_points} = {best.total}")
    if len(every) > 1:
        lines.append("Exits, best first: " + ", ".join(
            f"{board.name_of(s.exit)} {s.total}" for s in every))
    return "\n".join(lines)
