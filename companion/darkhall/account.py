"""Readable accounts of a monster move, step by step, for the terminal."""

from __future__ import annotations

from companion.darkhall.monster import Look, MoveResult, Push, Step, steps_for
from companion.i18n import _, _n


def _side(side: str) -> str:
    return {"ahead": _("ahead"), "left": _("left"), "right": _("right")}[side]


def describe_look(look: Look, before: str) -> str:
    if not look.seen:
        return _("sees nothing, keeps {facing}", facing=look.facing)
    seen = _(" and ").join(_("{token} {side} at {distance}", token=s.token, side=_side(s.side),
                             distance=s.distance) for s in look.seen)
    if look.tie:
        return _("sees {seen}: a tie of the nearest, keeps {facing}", seen=seen,
                 facing=look.facing)
    if look.facing == before:
        return _("sees {seen}, keeps {facing}", seen=seen, facing=look.facing)
    return _("sees {seen}, turns {facing}", seen=seen, facing=look.facing)


def describe_push(push: Push) -> str:
    piece = _("stone") if push.piece == "stone" else push.piece
    if push.to is None:
        gone = _("it leaves the game") if push.piece == "stone" else _("it is eaten")
        if push.fate == "corner":
            return _("pushes {piece} {start} onto the corner: {gone}", piece=piece,
                     start=push.start, gone=gone)
        return _("pushes {piece} {start} off the board: {gone}", piece=piece, start=push.start,
                 gone=gone)
    if push.fate == "slid":
        return _("pushes {piece} {start} (it slides to {to})", piece=piece, start=push.start,
                 to=push.to)
    return _("pushes {piece} {start} (it moves to {to})", piece=piece, start=push.start,
             to=push.to)


def describe_step(step: Step, facing_before: str, stage: int) -> str:
    parts = [describe_look(step.look, facing_before)]
    move = f"{step.start} → {step.to}"
    if step.wall:
        move = _("{start} → wall {wall} → {to}", start=step.start, wall=step.wall, to=step.to)
    if step.slid:
        move += " " + _("(slides over {squares})", squares=" ".join(step.slid))
    parts.append(move)
    parts.extend(describe_push(p) for p in step.pushes)
    fate = _("back in front of the entrance") if stage == 1 else _("out of the game")
    parts.extend(_("eats {token} ({fate})", token=token, fate=fate) for token in step.eaten)
    return f"{step.number:>3}. " + "; ".join(parts)


def describe(result: MoveResult) -> str:
    before = result.before
    hungry = result.tile in ("X", "XX")
    length = _("until {count} eaten, at most 20 steps", count=1 if result.tile == "X" else 2) \
        if hungry else _n("{count} step", "{count} steps", steps_for(result.tile))
    lines = [_("Tile {tile} ({length}), stage {stage}: the monster starts on {square} facing "
               "{facing}.", tile=result.tile, length=length, stage=before.stage,
               square=before.monster.square, facing=before.monster.facing)]
    facing = before.monster.facing
    for step in result.steps:
        lines.append(describe_step(step, facing, before.stage))
        facing = step.facing
    lines.append("     " + _("final look: {look}", look=describe_look(result.final_look, facing)))
    end = result.state.monster
    eaten = ", ".join(result.eaten) if result.eaten else _("nothing")
    lines.append(_("The monster ends on {square} facing {facing}; eaten: {eaten}.",
                   square=end.square, facing=end.facing, eaten=eaten))
    return "\n".join(lines)
