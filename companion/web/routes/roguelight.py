"""The Roguelight API: maps, scores of sheets and the interception."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from flask import Flask, current_app, jsonify, request

from companion import i18n
from companion.errors import InputError
from companion.web.requests import body, field, pairs, seed
from companion.web.store import NotFound

_UPLOAD = re.compile(r"upload-([0-9a-f]{16})")
MAX_MAPS = 1000  # uploaded maps a data folder keeps
MAX_PHOTO = 16 * 1024 * 1024  # bytes; the page sends the photo shrunk to a few MB


def uploaded(name: str) -> Path | None:
    """The file of an uploaded map (``upload-`` and 16 hex digits, made by the server)."""
    found = _UPLOAD.fullmatch(name)
    if found is None:
        return None
    return Path(current_app.config["DATA_DIR"]) / "maps" / f"{found.group(1)}.toml"


def server_map(name: Any) -> Any:
    """A map a request may name: a shipped one, or one uploaded here (``upload-`` and
    16 hex digits, stored by the server) — never a path."""
    from companion.roguelight import maps

    if isinstance(name, str) and name in maps.SHIPPED:
        return maps.shipped(name)
    path = uploaded(name) if isinstance(name, str) else None
    if path is None or not path.is_file():
        raise InputError(i18n._("expected a shipped map ({maps}) or one uploaded here",
                                maps=", ".join(maps.SHIPPED)))
    return maps.parse_map(path.read_text("utf-8"), "map")


def server_sheet(text: Any, where: str) -> Any:
    """A finished sheet on a shipped or uploaded map, parsed (its text never searched)."""
    from companion.roguelight.sheet import parse_sheet

    if not isinstance(text, str):
        raise InputError(i18n._("expected a Roguelight sheet (TOML text)"), where)
    return parse_sheet(text, where, find_map=server_map)


def _map_json(board: Any, name: str) -> dict[str, Any]:
    return {"name": name, "title": board.title, "title_en": board.title_en,
                        "width": board.width, "height": board.height,
                        "symbols": {board.name_of(c): s for c, s in board.symbols.items()},
                        "exits": [board.name_of(c) for c in board.exits],
            "item_points": list(board.item_points),
            "items_circled": sorted(board.items_circled)}


def _roguelight_api(app: Flask) -> None:
    @app.get("/api/roguelight/maps/<name>")
    def roguelight_map(name: str) -> Any:
        from companion.roguelight import maps

        if name in maps.SHIPPED:
            return jsonify(_map_json(maps.shipped(name), name))
        path = uploaded(name)
        if path is None or not path.is_file():
            raise NotFound(i18n._("no map {name!r}", name=name))
        return jsonify(_map_json(maps.parse_map(path.read_text("utf-8"), "map"), name))

    @app.post("/api/roguelight/maps")
    def roguelight_upload() -> Any:
        from companion.files import write_atomic
        from companion.roguelight import maps

        text = field(body(), "map", str)
        board = maps.parse_map(text, "map")
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        path = Path(current_app.config["DATA_DIR"]) / "maps" / f"{key}.toml"
        if not path.is_file():
            kept = len(list(path.parent.glob("*.toml"))) if path.parent.is_dir() else 0
            if kept >= MAX_MAPS:
                raise InputError(i18n._("the data folder holds {count} uploaded maps, the most "
                                        "it keeps; start the server with another --data "
                                        "folder", count=kept), "request: map")
            write_atomic(path, text)
        return jsonify(_map_json(board, f"upload-{key}")), 201

    @app.post("/api/roguelight/intercept")
    def roguelight_intercept() -> Any:
        from companion.roguelight import intercept as interception
        from companion.roguelight.report import interception_to_dict

        data = body()
        rolled, typed = seed(data), data.get("dice")
        table_dice = None if typed is None else pairs(typed)
        texts = field(data, "sheets", list)
        if not 1 <= len(texts) <= 7 or not all(isinstance(t, str) for t in texts):
            raise InputError(i18n._("expected 1 to 7 sheets (TOML texts)"), "request: sheets")
        sheets = [server_sheet(text, f"sheets[{i}]") for i, text in enumerate(texts)]
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

        finished = server_sheet(field(body(), "sheet", str), "sheet")
        every = score_exits(finished)
        return jsonify(score_to_dict(every[0], every))


def _read_api(app: Flask) -> None:
    @app.post("/api/roguelight/read")
    def roguelight_read() -> Any:
        """A photo of a played sheet (the request's body, any picture format), read:
        the sheet as the page's TOML, the doubts, the score. The photo is read in
        memory and not kept."""
        from companion.photo import PhotoError
        from companion.roguelight import reading as shown
        from companion.roguelight.reader import read
        from companion.roguelight.report import score_to_dict
        from companion.roguelight.scoring import score_exits
        from companion.roguelight.sheet import parse_sheet

        request.max_content_length = MAX_PHOTO
        photo = request.get_data(cache=False)
        named = request.args.get("map")
        board = source = None
        if named and named not in ("basic", "advanced"):  # a map uploaded here
            board = server_map(named)
            path = uploaded(named)
            source = path.read_text("utf-8") if path is not None else None
        try:
            result = read(photo, board, source, named)
        except PhotoError as err:
            raise InputError(str(err), "photo") from None
        text = shown.sheet_text(result, "photo", "photo")
        try:
            every = score_exits(parse_sheet(text, "photo", find_map=server_map))
            score, problem = score_to_dict(every[0], every), None
        except InputError as err:
            score, problem = None, str(err)
        data = shown.to_dict(result)
        data.update(sheet=text, score=score, problem=problem,
                    doubtful_cells=sorted({c for m in result.doubts if m.what == "cell"
                                           for c in _cells_of(m.name)}))
        return jsonify(data)


def _cells_of(name: str) -> list[str]:
    """The cells a cell mark names: one, or a large monster's range."""
    from companion.grid import cell_name, parse_range

    if ":" not in name:
        return [name]
    return [cell_name(c, upper=True) for c in parse_range(name).cells()]


def sheet_draft(text: Any) -> str:
    """A sheet in progress, to be saved as written: TOML on a shipped or uploaded map."""
    from companion.files import parse_toml

    if not isinstance(text, str):
        raise InputError(i18n._("expected a Roguelight sheet (TOML text)"), "sheet")
    try:
        server_map(parse_toml(text, "sheet").get("map"))
    except InputError as err:
        raise err.at("sheet: map") from None
    return text


def register(app: Flask) -> None:
    _roguelight_api(app)
    _read_api(app)
