"""The build part round by round at the table: each round's dice and the player's
action, checked by the rules (after every round before it) and appended to the play
log only when legal — the log that ``replay`` reads and turns into a finished sheet.

The round is written in the log's own words (TOML), so a log kept this way and one
written by hand are the same file.
"""

from __future__ import annotations

import json
from typing import Any

from companion.errors import InputError
from companion.i18n import _

#: Effect keys whose values are lists of cells.
_CELL_LISTS = ("block", "singles")


def new_log(map_name: str, name: str, white: int, black: int, as_json: bool) -> str:
    """The text of a log (JSON or TOML) with its setup and no round yet."""
    if as_json:
        from companion.files import dump_json

        return dump_json({"map": map_name, "name": name,
                          "setup": {"white": white, "black": black}, "rounds": []})
    return (f"map = {json.dumps(map_name, ensure_ascii=False)}\n"
            f"name = {json.dumps(name, ensure_ascii=False)}\n\n"
            f"[setup]\nwhite = {white}\nblack = {black}\n")


def round_entry(dice: tuple[int, int], block: str | None, plan: str | None,
                die: str | None, spend: int | None, goals: str | None,
                effects: tuple[str, ...]) -> dict[str, Any]:
    """The round as the log holds it, from the command's options."""
    entry: dict[str, Any] = {"dice": list(dice)}
    if block is not None:
        entry["block"] = _cells(block, "--block")
    if plan is not None:
        entry["plan"] = plan.strip().upper()
    if die is not None:
        entry["die"] = die
    if spend is not None:
        entry["spend"] = spend
    if goals is not None:
        entry["goals"] = [g.strip() for g in goals.split(",") if g.strip()]
    if effects:
        entry["effects"] = [effect(text) for text in effects]
    return entry


def _cells(text: str, where: str) -> list[str]:
    cells = [c.strip().upper() for c in text.replace(" ", ",").split(",") if c.strip()]
    if not cells:
        raise InputError(_("expected cells joined by commas, like E4,E5,F5"), where)
    return cells


def effect(text: str) -> dict[str, Any]:
    """``"cell=F2 circle=3"`` → ``{"cell": "F2", "circle": 3}``; cell lists by commas."""
    where = _("--effect {text!r}", text=text)
    found: dict[str, Any] = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise InputError(_("expected key=value words, like 'cell=F2 circle=3'"), where)
        if key in _CELL_LISTS:
            found[key] = _cells(value, where)
        elif value.isdigit():
            found[key] = int(value)
        else:
            found[key] = value.upper() if key in ("cell", "plan") else value
    return found


def round_toml(entry: dict[str, Any]) -> str:
    """The ``[[rounds]]`` table (and its ``[[rounds.effects]]``) of ``entry``."""
    lines = ["", "[[rounds]]"]
    lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}"
              for key, value in entry.items() if key != "effects"]
    for one in entry.get("effects", []):
        lines += ["[[rounds.effects]]"]
        lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in one.items()]
    return "\n".join(lines) + "\n"
