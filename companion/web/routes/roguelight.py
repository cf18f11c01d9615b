"""The Roguelight API: maps, scores of sheets and the interception."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify

from companion import i18n
from companion.errors import InputError
from companion.web.requests import body, field, pairs, seed
from companion.web.store import NotFound


def _roguelight_api(app: Flask) -> None:
    @app.get("/api/roguelight/maps/<name>")
    def roguelight_map(name: str) -> Any:
        from companion.roguelight import maps

        if name not in maps.SHIPPED:
            raise NotFound(i18n._("no map {name!r}", name=name))
        board = maps.shipped(name)
        return jsonify({"name": board.name, "title": board.title, "title_en": board.title_en,
                        "width": board.width, "height": board.height,
                        "symbols": {board.name_of(c): s for c, s in board.symbols.items()},
                        "exits": [board.name_of(c) for c in board.exits],
                        "item_points": list(board.item_points),
                        "items_circled": sorted(board.items_circled)})

    @app.post("/api/roguelight/intercept")
    def roguelight_intercept() -> Any:
        from companion.roguelight import intercept as interception
        from companion.roguelight.report import interception_to_dict
        from companion.roguelight.sheet import parse_sheet

        data = body()
        rolled, typed = seed(data), data.get("dice")
        table_dice = None if typed is None else pairs(typed)
        texts = field(data, "sheets", list)
        if not 1 <= len(texts) <= 7 or not all(isinstance(t, str) for t in texts):
            raise InputError(i18n._("expected 1 to 7 sheets (TOML texts)"), "request: sheets")
        sheets = [parse_sheet(text, f"sheets[{i}]") for i, text in enumerate(texts)]
        plan = interception.plan(sheets, None, [], {})
        fights = None
        if table_dice is not None:
            roller = interception.typed_roller(table_dice, "request: dice")
            fights = interception.run(plan, roller)
            if roller.left:  # type: ignore[attr-defined]
                raise InputError(i18n._n("{count} pair of dice left over",
                                         "{count} pairs of dice left over",
                                         len(roller.left)),  # type: ignore[attr-defined]
                                 "request: dice")
        elif rolled is not None:
            fights = interception.run(plan, interception.seeded_roller(rolled))
        return jsonify(interception_to_dict(plan, fights))

    @app.post("/api/roguelight/score")
    def roguelight_score() -> Any:
        from companion.roguelight.report import score_to_dict
        from companion.roguelight.scoring import score_exits
        from companion.roguelight.sheet import parse_sheet

        finished = parse_sheet(field(body(), "sheet", str), "sheet")
        every = score_exits(finished)
        return jsonify(score_to_dict(every[0], every))


def sheet_draft(text: Any) -> str:
    from companion.files import parse_toml
    from companion.roguelight import maps

    if not isinstance(text, str):
        raise InputError(i18n._("expected a Roguelight sheet (TOML text)"), "state")
    data = parse_toml(text, "sheet")
    if data.get("map") not in maps.SHIPPED:
        raise InputError(i18n._("expected a shipped map: {maps}", maps=", ".join(maps.SHIPPED)),
                         "sheet: map")
    return text


def register(app: Flask) -> None:
    _roguelight_api(app)
