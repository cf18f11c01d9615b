"""Readable accounts of a monster move, step by step, for the terminal."""

from __future__ import annotations

from companion.darkhall.monster import Look, MoveResult, Push, Step, steps_for


def describe_look(look: Look, before: str) -> str:
    if not look.seen:
        return f"sees nothing, keeps {look.facing}"
    seen = " and ".join(f"{s.token} {s.side} at {s.distance}" for s in look.seen)
    if look.tie:
        return f"sees {seen}: a tie of the nearest, keeps {look.facing}"
    verb = "keeps" if look.facing == before else "turns"
    return f"sees {seen}, {verb} {look.facing}"


def describe_push(push: Push) -> str:
    if push.to is None:
        gone = "leaves the game" if push.piece == "stone" else "is eaten"
        where = "onto the corner" if push.fate == "corner" else "off the board"
        return f"pushes {push.piece} {push.start} {where}: it {gone}"
    verb = "slides" if push.fate == "slid" else "moves"
    return f"pushes {push.piece} {push.start} (it {verb} to {push.to})"


def describe_step(step: Step, facing_before: str, stage: int) -> str:
    parts = [describe_look(step.look, facing_before)]
    move = f"{step.start} → {step.to}"
    if step.wall:
        move = f"{step.start} → wall {step.wall} → {step.to}"
    if step.slid:
        move += f" (slides over {' '.join(step.slid)})"
    parts.append(move)
    parts.extend(describe_push(p) for p in step.pushes)
    fate = "back in front of the entrance" if stage == 1 else "out of the game"
    parts.extend(f"eats {token} ({fate})" for token in step.eaten)
    return f"{step.number:>3}. " + "; ".join(parts)


def describe(result: MoveResult) -> str:
    before = result.before
    hungry = result.tile in ("X", "XX")
    length = f"until {1 if result.tile == 'X' else 2} eaten, at most 20 steps" if hungry \
        else f"{steps_for(result.tile)} steps"
    lines = [
        f"Tile {result.tile} ({length}), stage {before.stage}: "
        f"the monster starts on {before.monster.square} facing {before.monster.facing}."
    ]
    facing = before.monster.facing
    for step in result.steps:
        lines.append(describe_step(step, facing, before.stage))
        facing = step.facing
    lines.append("     final look: " + describe_look(result.final_look, facing))
    end = result.state.monster
    eaten = ", ".join(result.eaten) if result.eaten else "nothing"
    lines.append(f"The monster ends on {end.square} facing {end.facing}; eaten: {eaten}.")
    return "\n".join(lines)
