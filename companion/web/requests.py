"""Reading a request for the web API: its JSON body, a field of it, a seed, typed dice
— each checked as the command line checks its input, each refusal naming the place."""

from __future__ import annotations

from typing import Any

from flask import request

from companion import i18n
from companion.errors import InputError


def body() -> dict[str, Any]:
    """The request's JSON object, or a 400 naming what was expected."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # thousands of nested brackets
        raise InputError(i18n._("the JSON is nested too deeply"), "request") from None
    if not isinstance(data, dict):
        raise InputError(i18n._("expected a JSON object in the request body"), "request")
    return data


def field(data: dict[str, Any], key: str, kind: type, where: str = "request") -> Any:
    if key not in data or not isinstance(data[key], kind) or isinstance(data[key], bool):
        raise InputError(i18n._("missing or not {kind}", kind=kind.__name__),
                         f"{where}: {key}")
    return data[key]


def seed(data: dict[str, Any], key: str = "seed") -> int | None:
    """An optional seed: a whole number from 0 below 2**63."""
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or
                              not 0 <= value < 2**63):
        raise InputError(i18n._("a seed is a whole number from 0"), f"request: {key}")
    return value


def tray(data: dict[str, Any]) -> Any:
    from companion.dice import Tray, typed_dice

    typed = data.get("dice")
    if typed is not None and not isinstance(typed, str):
        raise InputError(i18n._("dice are written like 3,5,1"), "request: dice")
    return Tray(None if typed is None else typed_dice(typed, "request: dice"), seed(data),
                "request: dice")


def pairs(text: Any) -> list[tuple[int, int]]:
    """``"3 5, 2 6"`` → [(3, 5), (2, 6)]: the white die, then the black, battle by battle."""
    if not isinstance(text, str):
        raise InputError(i18n._("dice are pairs like '3 5, 2 6' (white, then black)"),
                         "request: dice")
    pairs = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        faces = part.split()
        if len(faces) != 2 or not all(f in ("1", "2", "3", "4", "5", "6") for f in faces):
            raise InputError(i18n._("dice are pairs like '3 5, 2 6' (white, then black); "
                                    "found {part!r}", part=part), "request: dice")
        pairs.append((int(faces[0]), int(faces[1])))
    return pairs


def whole_number(text: str, where: str) -> int:
    """A query's whole number written in ASCII digits (``²`` and ``٣`` are refused)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise InputError(i18n._("expected a whole number"), where)
    return int(text)
