"""The 魔人 campaign at the table, on the sample cards: every campaign command as the
command line runs it (the same functions, the same log), and the battle played turn
by turn with the players' decisions asked one at a time.

The page's state is ``{"campaign": …, "battle": … | null, "seed": …}``: the campaign
file's contents, the battle being fought (a battle file's contents at a turn
boundary, with the orders given so far) and the seed of the turn being played. A
decision ends a request with the question; the page writes the answer into the
battle's orders at the question's ``path`` and asks again: the turn replays from its
start with the same seed and the same answers, and goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, jsonify

from companion import i18n
from companion.decisions import NeedAnswer, Question
from companion.dice import Tray, new_seed
from companion.errors import IllegalMove, InputError
from companion.web.requests import body, field, tray

#: The file name the campaign records for a battle fought on the page.
ON_THE_PAGE = "(page)"


def load_state(data: Any) -> tuple[Any, Any]:
    """The campaign and battle of a page state, checked as the files are (sample cards
    only: a request never names a folder on the server)."""
    from companion.majin import battle as battles
    from companion.majin import campaign as campaigns
    from companion.majin import cards as card_files

    if not isinstance(data, dict):
        raise InputError(i18n._("expected a state (a JSON object)"), "state")
    for key in ("campaign", "battle"):
        part = data.get(key)
        if isinstance(part, dict) and part.get("cards", card_files.SAMPLE) != card_files.SAMPLE:
            raise InputError(i18n._("the web page plays the sample cards: 'cards' is "
                                    "'sample'"), f"state: {key}: cards")
    c = campaigns.from_dict(field(data, "campaign", dict, "state"), "campaign", None)
    fight = data.get("battle")
    return c, None if fight is None else battles.from_dict(fight, "battle", None)


def state_dict(c: Any, fight: Any, seed: int | None = None) -> dict[str, Any]:
    from companion.majin import battle as battles
    from companion.majin import campaign as campaigns

    return {"campaign": campaigns.to_dict(c), "seed": seed,
            "battle": None if fight is None else battles.to_dict(fight)}


def checked_state(data: Any) -> dict[str, Any]:
    """A page state to save, checked whole."""
    c, fight = load_state(data)
    seed = data.get("seed")
    return state_dict(c, fight, seed if isinstance(seed, int) else None)


# --- the commands ---------------------------------------------------------------------------


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(i18n._("missing or not {kind}", kind="str"), f"request: {key}")
    return value or None


def _number(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InputError(i18n._("missing or not {kind}", kind="int"), f"request: {key}")
    return value


def _texts(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(i18n._("expected a list of words, like [\"N\", \"E\"] or "
                                "[\"M01\"]"), f"request: {key}")
    return value


def _row(data: dict[str, Any], key: str) -> list[str | None]:
    value = data.get(key, [None, None, None])
    if not isinstance(value, list) or len(value) != 3 or not all(
            v is None or isinstance(v, str) for v in value):
        raise InputError(i18n._("expected three slots (a card id or null)"), f"request: {key}")
    return [v or None for v in value]


def _holdings(data: dict[str, Any]) -> dict[str, str] | None:
    value = data.get("items")
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in value.items()):
        raise InputError(i18n._("expected holders and items, like {{\"M01\": \"I03\"}}"),
                         "request: items")
    return value


def _commands() -> dict[str, Callable[[Any, dict[str, Any], Tray], Any]]:
    from companion.majin import expedition, scenario, town

    return {
        "gacha": lambda c, a, t: town.gacha(c, field(a, "tier", int), _text(a, "card")),
        "party": lambda c, a, t: town.party(c, _row(a, "front"), _row(a, "back"),
                                            _holdings(a)),
        "sell": lambda c, a, t: town.sell(c, field(a, "item", str)),
        "buy": lambda c, a, t: town.buy(c, field(a, "item", str)),
        "discard": lambda c, a, t: town.discard(c, field(a, "item", str)),
        "shop": lambda c, a, t: town.shop_return(c, _texts(a, "return"), bool(a.get("all"))),
        "revive": lambda c, a, t: town.revive(c, field(a, "card", str), t,
                                              free=bool(a.get("free"))),
        "lose": lambda c, a, t: town.lose(c, _texts(a, "cards"), t),
        "bank": lambda c, a, t: town.bank(c, _number(a, "deposit"), _number(a, "withdraw")),
        "elevator": lambda c, a, t: town.elevator(c, field(a, "floor", int)),
        "adjust": lambda c, a, t: scenario.adjust(c, _effects(a), field(a, "note", str), t),
        "enter": lambda c, a, t: expedition.enter(c, _number(a, "floor") or 1, _holdings(a), t),
        "draw": lambda c, a, t: expedition.draw(c, _text(a, "card")),
        "place": lambda c, a, t: expedition.place(c, field(a, "side", str).upper(),
                                                  _number(a, "rotate")),
        "move": lambda c, a, t: expedition.move(c, [s.upper() for s in _texts(a, "steps")]),
        "stay": lambda c, a, t: expedition.stay(c),
        "descend": lambda c, a, t: expedition.descend(c),
        "up": lambda c, a, t: expedition.up(c, t),
        "chest": lambda c, a, t: expedition.chest(c, bool(a.get("short")), _number(a, "choose"),
                                                  _text(a, "drop"), bool(a.get("skip")), t),
    }


def _effects(data: dict[str, Any]) -> Any:
    from companion.majin import scenario

    return scenario.Effects(money=_number(data, "money"), lp=_number(data, "lp"),
                            encounter=_number(data, "encounter"),
                            reset_encounter=bool(data.get("reset_encounter")),
                            item=_text(data, "item"), holder=_text(data, "to"),
                            chest=_number(data, "chest"))


def run_command(state: Any, command: str, args: dict[str, Any], dice: Tray) -> dict[str, Any]:
    """One campaign command on the page's state: the new state, what the command line's
    --json prints of it (result, log entry) and its summary."""
    from companion.majin import expedition, town

    if command == "new":
        c, change = town.new("sample", None, dice)
        before, fight = None, None
    else:
        c, fight = load_state(state)
        before = town.before_change(c)
        if command == "fight":
            fight, change = _fight(c, args, dice)
        elif command == "settle":
            if fight is None:
                raise IllegalMove(i18n._("no battle is set up: 'fight' first"))
            if not fight.over:
                raise IllegalMove(i18n._("the battle is not over: play it to its end first"))
            change = expedition.settle_battle(c, fight, "battle", dice)
            fight = None
        elif command in _commands():
            if fight is not None:
                raise IllegalMove(i18n._("a battle is under way: fight it to the end and "
                                         "settle it first"))
            change = _commands()[command](c, args, dice)
        else:
            raise InputError(i18n._("expected a campaign command: {commands}",
                                    commands=", ".join(["new", *_commands(), "fight",
                                                        "settle"])), "request: command")
    dice.finish()
    typed = [f"{key}={value}" for key, value in args.items()]
    c.log.append(town.log_entry(command, typed, before, c, change, dice))
    return {"command": command, "result": change.result, "summary": change.summary,
            "log": c.log[-1], "state": state_dict(c, fight)}


def _fight(c: Any, args: dict[str, Any], dice: Tray) -> tuple[Any, Any]:
    from companion.majin import battle as battles
    from companion.majin import expedition

    charge = args.get("charge", "always")
    if charge not in ("always", "never"):
        raise InputError(i18n._("expected one of {allowed}", allowed="always, never"),
                         "request: charge")
    chosen = _texts(args, "monsters") or None
    made, change = expedition.set_up_battle(c, ON_THE_PAGE, chosen, _text(args, "boss"), dice,
                                            charge)
    return (None if made is None else battles.from_dict(made, "battle", None)), change


# --- the battle, a decision at a time -------------------------------------------------------


def play_turn(state: Any, seed: int | None) -> dict[str, Any]:
    """The battle's next turn (the pre-battle phase with turn 1) with the orders given
    so far: the turn's log up to the first open decision and that question, or the
    battle at the next turn boundary."""
    from companion.majin.runner import Runner

    c, fight = load_state(state)
    if fight is None:
        raise IllegalMove(i18n._("no battle is set up: 'fight' first"))
    if fight.over:
        raise IllegalMove(i18n._("the battle is over ({result}): settle it",
                                 result=fight.result))
    seed = new_seed() if seed is None else seed
    runner = Runner(fight, Tray(seed=seed), _page_ask)
    try:
        runner.run(turns=1)
    except NeedAnswer as open_question:
        return {"question": question_json(open_question.question), "log": runner.log,
                "seed": seed, "state": {**state_dict(*load_state(state)), "seed": seed}}
    return {"question": None, "log": runner.log, "rolls": runner.rolls, "seed": None,
            "over": fight.over, "result": fight.result, "chest": runner.chest(),
            "state": state_dict(c, fight)}


def _page_ask(question: Question) -> Any:
    if question.path == ("start", "escape"):
        return None  # escapes before the battle are the page's own buttons (one each)
    raise NeedAnswer(question)


def question_json(question: Question) -> dict[str, Any]:
    return {"title": question.title, "context": list(question.context),
            "path": list(question.path),
            "options": [{"order": o.order, "words": o.words, "blocked": o.blocked}
                        for o in question.options]}


def answer(state: Any, path: Any, order: Any) -> dict[str, Any]:
    """The page state with ``order`` written at ``path`` of the battle's orders, the
    same place the command line writes it."""
    from companion.majin import battle as battles

    c, fight = load_state(state)
    if fight is None:
        raise IllegalMove(i18n._("no battle is set up: 'fight' first"))
    if not isinstance(path, list) or not path or not all(isinstance(k, str) for k in path):
        raise InputError(i18n._("expected the question's path"), "request: path")
    place = fight.orders
    for key in path[:-1]:
        place = place.setdefault(key, {})
        if not isinstance(place, dict):
            raise InputError(i18n._("expected the question's path"), "request: path")
    place[path[-1]] = order
    battles.check_orders(fight.orders, fight.cards, "request: order")
    return {**state_dict(c, fight), "seed": state.get("seed")}


def escape_now(state: Any, card: str, dice: Tray) -> dict[str, Any]:
    """One escape attempt before the battle or as the summoner's action (R22)."""
    from companion.majin.runner import escape_once

    c, fight = load_state(state)
    if fight is None:
        raise IllegalMove(i18n._("no battle is set up: 'fight' first"))
    runner = escape_once(fight, card, dice)
    dice.finish()
    return {"log": runner.log, "over": fight.over, "result": fight.result,
            "state": state_dict(c, fight)}


def _routes(app: Flask) -> None:
    @app.post("/api/majin/campaign")
    def majin_campaign() -> Any:
        data = body()
        command = field(data, "command", str)
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise InputError(i18n._("expected an object of arguments"), "request: args")
        return jsonify(run_command(data.get("state"), command, args, tray(data)))

    @app.post("/api/majin/campaign/view")
    def majin_campaign_view() -> Any:
        from companion.majin import campaign as campaigns
        from companion.majin import render

        c, fight = load_state(field(body(), "state", dict))
        return jsonify({"lines": render.campaign_lines(c, campaigns.summary(c)),
                        "map": render.map_lines(c) if c.dungeon else [],
                        "summary": campaigns.summary(c), "cards": _cards_of(c),
                        "battle": None if fight is None else {
                            "over": fight.over, "result": fight.result, "turn": fight.turn,
                            "phase": fight.phase}})

    @app.post("/api/majin/campaign/battle")
    def majin_campaign_battle() -> Any:
        data = body()
        state = field(data, "state", dict)
        if "path" in data:
            state = answer(state, data["path"], data.get("order"))
        seed = state.get("seed")
        return jsonify(play_turn(state, seed if isinstance(seed, int) else None))

    @app.post("/api/majin/campaign/escape")
    def majin_campaign_escape() -> Any:
        data = body()
        return jsonify(escape_now(field(data, "state", dict), field(data, "card", str),
                                  tray(data)))


def _cards_of(c: Any) -> dict[str, str]:
    """Names of the cards a page shows: 魔人, monsters, bosses and items."""
    english = i18n.language() == "en"

    def name(card: Any) -> str:
        return (card.extra.get("name_en") if english else None) or card.name

    found = c.cards
    return {card.id: name(card) for pile in (found.majin, found.monsters, found.bosses)
            for card in pile.values()} | {item.id: item.name for item in found.items.values()}


def register(app: Flask) -> None:
    _routes(app)
