"""Orders typed on the command line (``--order``), for scripts: the same orders as
the battle file's, one per option, in words.

\b
    start escape W1 [W5 …]             sacrifices to try before the battle
    start ability W2 X1|skip           aim (or skip) a pre-battle ability
    [TURN] ties W2 W1                  equal-speed members in this order
    TURN front W3 attack [X2] [charge|nocharge]
    TURN front W3 ability|item [X1]
    TURN back W5 ability|item [X1]  |  TURN back pass
    TURN summoner swap W1 W5 | switch W1 W2 | withdraw W1 [SLOT]
                | advance W5 [SLOT] | escape W4 | pass
"""

from __future__ import annotations

from typing import Any

from companion.errors import InputError
from companion.i18n import _
from companion.majin.battle import SUMMONER_CARDS, check_orders
from companion.majin.cards import Cards

ORDER_HELP = __doc__.split("\n\n", 1)[1]


def merged(orders: dict[str, Any], typed: tuple[str, ...], found: Cards) -> dict[str, Any]:
    """``orders`` with each typed order written in (a later one replaces an earlier
    one for the same decision), checked for form like the file's."""
    for text in typed:
        where = _("--order {text!r}", text=text)
        try:
            path, order = _decision(text.split())
        except (IndexError, ValueError):
            raise InputError(_("expected an order like '1 front W1 attack X1' or "
                               "'start escape W1' (see --help)"), where) from None
        one: dict[str, Any] = {}
        _put(one, path, order)
        try:
            check_orders(one, found, "")
        except InputError as wrong:
            raise InputError(wrong.message, where) from None
        _put(orders, path, order)
    return orders


def _put(orders: dict[str, Any], path: tuple[str, ...], order: Any) -> None:
    for key in path[:-1]:
        orders = orders.setdefault(key, {})
    orders[path[-1]] = order


def _decision(words: list[str]) -> tuple[tuple[str, ...], Any]:
    """The place of a decision in the orders, and the order."""
    if words[0] == "ties":
        return ("ties",), _cards(words[1:])
    turn, role, rest = words[0], words[1], words[2:]
    if turn == "start":
        return _start(role, rest)
    if not turn.isdigit():
        raise ValueError(turn)
    turn = str(int(turn))
    if role == "ties":
        return (turn, "ties"), _cards(rest)
    if role == "front":
        return (turn, "front", rest[0]), _front(rest[1:])
    if role == "back":
        return (turn, "back"), ({"do": "pass"} if rest == ["pass"] else
                                _aimed({"card": rest[0], "do": rest[1]}, rest[2:]))
    if role == "summoner":
        return (turn, "summoner"), _summoner(rest)
    raise ValueError(role)


def _start(role: str, rest: list[str]) -> tuple[tuple[str, ...], Any]:
    if role == "escape":
        return ("start", "escape"), _cards(rest)
    if role == "ability" and len(rest) == 2:
        return ("start", "abilities", rest[0]), (
            {"do": "skip"} if rest[1] == "skip" else {"target": rest[1]})
    raise ValueError(role)


def _front(words: list[str]) -> dict[str, Any]:
    do, rest = words[0], words[1:]
    if do != "attack":
        return _aimed({"do": do}, rest)
    order: dict[str, Any] = {"do": do}
    for word in rest:
        if word in ("charge", "nocharge"):
            order["charge"] = word == "charge"
        elif "target" not in order:
            order["target"] = word
        else:
            raise ValueError(word)
    return order


def _aimed(order: dict[str, Any], rest: list[str]) -> dict[str, Any]:
    if len(rest) > 1:
        raise ValueError(rest)
    return {**order, "target": rest[0]} if rest else order


def _summoner(words: list[str]) -> dict[str, Any]:
    do, rest = words[0], words[1:]
    count = SUMMONER_CARDS.get(do)
    if count is None:
        return {"do": do}  # refused by the check, naming the choices
    order: dict[str, Any] = {"do": do, "cards": rest[:count]} if count else {"do": do}
    extra = rest[count:]
    if extra and do in ("withdraw", "advance") and len(extra) == 1:
        order["slot"] = int(extra[0])
    elif extra or len(rest) < count:
        raise ValueError(rest)
    return order


def _cards(words: list[str]) -> list[str]:
    if not words:
        raise ValueError(words)
    return list(words)
