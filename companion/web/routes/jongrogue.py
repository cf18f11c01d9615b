"""The JongRogue API: floors dealt from a seed, the view, moves, searches, and what the
character rules change (the hero's conditions, the plate)."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify

from companion import i18n
from companion.errors import InputError, refuse_unknown_keys
from companion.web.requests import body, field, seed


def _jongrogue_api(app: Flask) -> None:
    @app.post("/api/jongrogue/floor")
    def jongrogue_floor() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        data = body()
        dealt = seed(data)
        if dealt is None:
            raise InputError(i18n._("missing or not {kind}", kind="int"), "request: seed")
        found = tables.load()
        given = data.get("state")
        current = None if given is None else states.from_dict(given, "state", found)
        new, events = actions.floor_new(current, found, seed=dealt)
        return jsonify({"events": events, "state": states.to_dict(new)})

    @app.post("/api/jongrogue/view")
    def jongrogue_view() -> Any:
        """The floor as the table sees it: open rooms face up, the others face down."""
        from companion.jongrogue import actions, tables
        from companion.jongrogue.cli import show_json

        found = tables.load()
        state = game_state(body(), found)
        shown = show_json(state, found)
        for room in shown["rooms"] or []:  # none between floors
            if not room["open"]:
                room.update(tiles=[], sides=[], stairs=None, encounter=[])
        legal = actions.legal_moves(state, found)
        return jsonify({**shown, "blocked": legal.blocked,
                        "moves": [{"to": to, "kind": kind} for to, kind in legal.moves],
                        "search": legal.search, "spring": list(legal.spring),
                        "take": list(legal.take)})

    @app.post("/api/jongrogue/move")
    def jongrogue_move() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states
        from companion.jongrogue.engine import Reveals

        found = tables.load()
        data = body()
        state = game_state(data, found)
        before = state.hero.at
        target = field(data, "target", str)
        new, kind, events = actions.move(state, found, target, None, Reveals([], found))
        return jsonify({"from": before, "to": actions.parse_target(target), "kind": kind,
                        "events": events, "state": states.to_dict(new)})

    @app.post("/api/jongrogue/slot")
    def jongrogue_slot() -> Any:
        """Spring a trap again, take an item, or remove a defeated monster: one slot."""
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states
        from companion.jongrogue.engine import Reveals

        found = tables.load()
        data = body()
        state = game_state(data, found)
        slot = field(data, "slot", int)
        act = field(data, "act", str)
        if act == "spring":
            new, events = actions.spring(state, found, slot, None, Reveals([], found))
            return jsonify({"slot": slot, "events": events, "state": states.to_dict(new)})
        if act not in ("take", "remove"):
            raise InputError(i18n._("expected one of {allowed}",
                                    allowed="spring, take, remove"), "request: act")
        new, report = (actions.take if act == "take" else actions.remove)(state, found, slot)
        return jsonify({**report, "events": [], "state": states.to_dict(new)})

    @app.post("/api/jongrogue/search")
    def jongrogue_search() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        found = tables.load()
        state = game_state(body(), found)
        new, report, events = actions.search(state, found, None)
        return jsonify({**report, "events": events, "state": states.to_dict(new)})


#: What the page may change of the hero (§11.9): the key, and what its value must be.
HERO_CHANGES = {"asleep": bool, "held": bool, "floating": bool, "armour_ring": bool,
                "armour_protected": bool, "search_rings": int, "strength": int, "armour": int}


def _hero_api(app: Flask) -> None:
    @app.post("/api/jongrogue/hero")
    def jongrogue_hero() -> Any:
        """What the character rules change: conditions, rings, strength and armour."""
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        data = body()
        state = game_state(data, tables.load())
        changes = field(data, "changes", dict)
        new = actions.set_hero(state, {key: _hero_value(key, value)
                                       for key, value in changes.items()})
        return jsonify({"events": [], "state": states.to_dict(new)})

    @app.post("/api/jongrogue/plate")
    def jongrogue_plate() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        new = actions.turn_plate(game_state(body(), tables.load()))
        return jsonify({"events": [], "state": states.to_dict(new)})

    @app.post("/api/jongrogue/stairs-search")
    def jongrogue_stairs_search() -> Any:
        """One stairs search in a monster house."""
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        found = tables.load()
        new, event = actions.stairs_search(game_state(body(), found), found, None)
        return jsonify({"events": [event], "state": states.to_dict(new)})


def _hero_value(key: str, value: Any) -> Any:
    kind = HERO_CHANGES.get(key)
    where = f"request: changes.{key}"
    if kind is None:
        refuse_unknown_keys([key], HERO_CHANGES, "request: changes")
    if kind is bool and not isinstance(value, bool):
        raise InputError(i18n._("expected true or false"), where)
    if kind is int and not (value is None and key in ("strength", "armour")):
        top = 2 if key == "search_rings" else 99
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise InputError(i18n._("expected a whole number 0-{top}", top=top), where)
    return value


def game_state(data: dict[str, Any], found: Any) -> Any:
    from companion.jongrogue import state as states

    return states.from_dict(field(data, "state", dict), "state", found)


def register(app: Flask) -> None:
    _jongrogue_api(app)
    _hero_api(app)
