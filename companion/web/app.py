"""``companion serve``: the same rules as the command line, as a small web app for a
phone at the table. The pages are Jinja2 templates in ``templates/web``; the JSON API
calls the games' functions and returns what their ``--json`` prints. No rule lives
here: bad input is the same one-line message, as HTTP 400.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, abort, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion import data as shipped_data
from companion import i18n
from companion.errors import InputError
from companion.templates import template_dir
from companion.web.store import GAMES, NotFound, Store, summary

MAX_BODY = 256 * 1024  # bytes; a Dark Hall state or a Roguelight sheet is a few KiB
PAGES = ("dice", "darkhall", "roguelight", "rakugaaki", "jongrogue", "majin")


def create_app(data: Path) -> Flask:
    web = template_dir() / "web"
    app = Flask(__name__, template_folder=str(web), static_folder=str(web / "static"),
                static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.config["JSON_AS_ASCII"] = False
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    store = Store(data)
    _pages(app)
    _dice_api(app)
    _darkhall_api(app)
    _darkhall_table_api(app)
    _roguelight_api(app)
    _majin_api(app)
    _rakugaaki_api(app)
    _jongrogue_api(app)
    _games_api(app, store)
    _errors(app)
    return app


# --- language ------------------------------------------------------------------------------


def language() -> str:
    """?lang=, else the cookie, else the browser's first of ja / en."""
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen in i18n.LANGS:
        return chosen
    return request.accept_languages.best_match(list(i18n.LANGS), default="en") or "en"


@cache
def words(lang: str) -> dict[str, str]:
    return tomllib.loads(shipped_data.text("web", "words.toml"))[lang]


def _pages(app: Flask) -> None:
    @app.get("/")
    def index() -> Any:
        return _page("index.html")

    @app.get("/<page>")
    def page(page: str) -> Any:
        if page not in PAGES:
            abort(404)
        return _page(f"{page}.html")


def _page(template: str) -> Any:
    lang = language()
    response = app_response(render_template(template, w=words(lang), lang=lang,
                                            other="en" if lang == "ja" else "ja"))
    if request.args.get("lang") in i18n.LANGS:
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def app_response(html: str) -> Any:
    from flask import make_response

    response = make_response(html)
    response.headers["Cache-Control"] = "no-store"
    return response


# --- the API -------------------------------------------------------------------------------


def body() -> dict[str, Any]:
    """The request's JSON object, or a 400 naming what was expected."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise InputError(i18n._("expected a JSON object in the request body"), "request")
    return data


def field(data: dict[str, Any], key: str, kind: type, where: str = "request") -> Any:
    if key not in data or not isinstance(data[key], kind) or isinstance(data[key], bool):
        raise InputError(i18n._("missing or not {kind}", kind=kind.__name__),
                         f"{where}: {key}")
    return data[key]


def _dice_api(app: Flask) -> None:
    @app.post("/api/roll")
    def roll() -> Any:
        from companion import dice
        from companion.text import fraction_text

        data = body()
        notation = field(data, "notation", str)
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or
                                 not 0 <= seed < 2**63):
            raise InputError(i18n._("a seed is a whole number from 0"), "request: seed")
        rolled = dice.roll_all([notation], seed)[0]
        dist = dice.distribution(notation)
        return jsonify({"roll": rolled.to_json(), "text": rolled.describe(),
                        "p_equal": fraction_text(dist.probability(rolled.total)),
                        "p_at_least": fraction_text(dist.at_least(rolled.total)),
                        "mean": fraction_text(dist.mean)})

    @app.get("/api/odds")
    def odds() -> Any:
        from companion import dice
        from companion.text import fraction_text

        dist = dice.distribution(request.args.get("notation", ""))
        return jsonify({"outcomes": dist.outcomes, "mean": fraction_text(dist.mean),
                        "rows": [{"value": v, "p": fraction_text(p),
                                  "p_at_least": fraction_text(t)} for v, p, t in dist.rows()]})


def _darkhall_state(data: dict[str, Any]) -> Any:
    from companion.darkhall import state as states

    return states.from_dict(field(data, "state", dict), "state")


def _darkhall_api(app: Flask) -> None:
    @app.get("/api/darkhall/board")
    def board() -> Any:
        from companion.darkhall import board as geometry

        return jsonify({
            "width": geometry.WIDTH, "height": geometry.HEIGHT,
            "exit": geometry.EXIT, "entrance": geometry.ENTRANCE,
            "squares": [{"name": name, "x": x, "y": y}
                        for name, (x, y) in geometry.CELL.items()],
            "walls": [{"square": square, "heading": heading, "letter": letter}
                      for (square, heading), letter in geometry.WALLS.items()],
        })

    @app.get("/api/darkhall/setup")
    def setup() -> Any:
        from dataclasses import replace

        from companion.darkhall import state as states
        from companion.darkhall.pieces import starting_tokens

        which = request.args.get("from", "basic")
        if which not in states.SHIPPED:
            raise InputError(i18n._("expected one of {allowed}",
                                    allowed=", ".join(states.SHIPPED)), "from")
        position = states.load(which)
        players = request.args.get("players")
        if players is not None:
            if not players.isdigit() or not 2 <= int(players) <= 7:
                raise InputError(i18n._("2 to 7 players"), "players")
            position = replace(position, tokens=starting_tokens(int(players)),
                               players=int(players))
        return jsonify(states.to_dict(position))

    @app.post("/api/darkhall/monster")
    def monster() -> Any:
        from companion.darkhall.cli import round_to_dict
        from companion.darkhall.monster import parse_tile
        from companion.darkhall.rounds import end_round

        data = body()
        position = _darkhall_state(data)
        tile = parse_tile(field(data, "tile", str))
        return jsonify(round_to_dict(end_round(position, tile)))

    @app.post("/api/darkhall/move")
    def move() -> Any:
        from companion.darkhall import state as states
        from companion.darkhall.rounds import take_turn

        data = body()
        position = _darkhall_state(data)
        path = field(data, "path", list)
        if not all(isinstance(s, str) for s in path):
            raise InputError(i18n._("expected a list of square names"), "request: path")
        done = take_turn(position, field(data, "token", str), path)
        return jsonify({"token": data["token"], "face": done.face,
                        "squares": list(done.squares),
                        "pushed": [{"piece": p.piece, "from": p.start, "to": p.to,
                                    "fate": p.fate} for p in done.pushes],
                        "state": states.to_dict(done.state)})


def _darkhall_table_api(app: Flask) -> None:
    @app.post("/api/darkhall/standing")
    def darkhall_standing() -> Any:
        from companion.darkhall.standing import outcome, standing

        position = _darkhall_state(body())
        result = outcome(position)
        return jsonify({"players": [{"player": s.player, "out": s.out, "needed": s.needed,
                                     "on_board": s.on_board, "waiting": s.waiting}
                                    for s in standing(position)],
                        "winner": result.winner, "over": result.over, "why": result.why,
                        "leaders": list(result.leaders)})

    @app.post("/api/darkhall/deck/draw")
    def darkhall_draw() -> Any:
        from companion.darkhall import deck as decks
        from companion.dice import new_seed

        data = body()
        given = data.get("deck")
        game = decks.Game(new_seed()) if given is None else decks.from_dict(given, "deck")
        game, drawn = game.draw()
        return jsonify({"deck": decks.to_dict(game), "tile": drawn.tile, "stage": drawn.stage,
                        "move": drawn.move, "left": drawn.left, "over": game.over})


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
        texts = field(data, "sheets", list)
        if not 1 <= len(texts) <= 7 or not all(isinstance(t, str) for t in texts):
            raise InputError(i18n._("expected 1 to 7 sheets (TOML texts)"), "request: sheets")
        sheets = [parse_sheet(text, f"sheets[{i}]") for i, text in enumerate(texts)]
        plan = interception.plan(sheets, None, [], {})
        seed, typed = data.get("seed"), data.get("dice")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InputError(i18n._("a seed is a whole number from 0"), "request: seed")
        fights = None
        if typed is not None:
            roller = interception.typed_roller(_pairs(typed), "request: dice")
            fights = interception.run(plan, roller)
            if roller.left:  # type: ignore[attr-defined]
                raise InputError(i18n._n("{count} pair of dice left over",
                                         "{count} pairs of dice left over",
                                         len(roller.left)),  # type: ignore[attr-defined]
                                 "request: dice")
        elif seed is not None:
            fights = interception.run(plan, interception.seeded_roller(seed))
        return jsonify(interception_to_dict(plan, fights))

    @app.post("/api/roguelight/score")
    def roguelight_score() -> Any:
        from companion.roguelight.report import score_to_dict
        from companion.roguelight.scoring import score_exits
        from companion.roguelight.sheet import parse_sheet

        finished = parse_sheet(field(body(), "sheet", str), "sheet")
        every = score_exits(finished)
        return jsonify(score_to_dict(every[0], every))


def _majin_api(app: Flask) -> None:
    @app.get("/api/majin/cards")
    def majin_cards() -> Any:
        from companion.majin import cards as card_files

        found = card_files.load(card_files.SAMPLE)

        def fighter(card: Any) -> dict[str, Any]:
            return {"id": card.id, "name": card.name, "name_en": card.extra.get("name_en"),
                    "hp": card.hp, "atk": str(card.atk), "def": str(card.defence),
                    "spd": card.spd, "ability": card.ability, "rank": card.rank or None,
                    "floor": card.floor or None, "level": card.level or None}
        return jsonify({"majin": [fighter(c) for c in found.majin.values()],
                        "monsters": [fighter(c) for c in found.monsters.values()],
                        "bosses": [fighter(c) for c in found.bosses.values()],
                        "items": [{"id": i.id, "name": i.name, "kind": i.kind, "text": i.text}
                                  for i in found.items.values()]})

    @app.post("/api/majin/battle")
    def majin_battle() -> Any:
        from companion.majin import battle as battles
        from companion.majin.runner import Runner

        data = body()
        fight = _majin_battle(field(data, "battle", dict))
        turns = data.get("turns")
        if turns is not None and (not isinstance(turns, int) or isinstance(turns, bool) or
                                  turns < 0):
            raise InputError(i18n._("turns is a whole number from 0"), "request: turns")
        dice = _majin_tray(data)
        runner = Runner(fight, dice)
        runner.run(turns)
        dice.finish()
        return jsonify({"turn": fight.turn, "phase": fight.phase, "result": fight.result,
                        "party_lp": fight.party_lp, "monster_lp": fight.monster_lp,
                        "money": fight.money, "log": runner.log, "rolls": runner.rolls,
                        "chest": runner.chest(), "seed": dice.seed,
                        "state": battles.to_dict(fight)})

    @app.post("/api/majin/treasure")
    def majin_treasure() -> Any:
        from companion.majin import cards as card_files
        from companion.majin import treasure

        data = body()
        floor = field(data, "floor", int)
        if not 1 <= floor <= 3:
            raise InputError(i18n._("a floor is 1, 2 or 3"), "request: floor")
        levels = treasure.parse_levels(str(field(data, "levels", str)), "request: levels")
        dice = _majin_tray(data)
        choose = data.get("choose")
        chest = treasure.open_chest(card_files.load(card_files.SAMPLE), floor, levels, dice,
                                    short=bool(data.get("short")),
                                    choose=choose if isinstance(choose, int) else None)
        dice.finish()
        return jsonify(treasure.report(card_files.load(card_files.SAMPLE), chest, dice.seed))


def _rakugaaki_api(app: Flask) -> None:
    @app.get("/api/rakugaaki/board/<name>")
    def rakugaaki_board(name: str) -> Any:
        from companion.rakugaaki import board as boards

        if name not in boards.SHIPPED:
            raise NotFound(i18n._("no board {name!r}", name=name))
        board = boards.shipped(name)
        return jsonify({"name": board.name, "title": board.title, "title_en": board.title_en,
                        "players": list(board.serves),
                        "cells": [{"name": boards.name(c), "x": c[0], "y": c[1],
                                   "mark": board.marks[c]} for c in board.cells]})

    @app.get("/api/rakugaaki/new")
    def rakugaaki_new() -> Any:
        from companion.rakugaaki import state as states

        board = _shipped_board(request.args.get("board", "standard-34"), "board")
        players = request.args.get("players", "3")
        if not players.isdigit():
            raise InputError(i18n._("expected a number of players"), "players")
        return jsonify(states.to_dict(states.start(board, int(players), board_ref=board.name)))

    @app.post("/api/rakugaaki/options")
    def rakugaaki_options() -> Any:
        from companion.rakugaaki import rules
        from companion.rakugaaki.cli import options_json, show_json

        state = _rakugaaki_state(body())
        return jsonify({**options_json(state, rules.options(state, state.turn)),
                        "show": show_json(state)})

    @app.post("/api/rakugaaki/challenge")
    def rakugaaki_challenge() -> Any:
        from companion.dice import new_seed
        from companion.rakugaaki import rules
        from companion.rakugaaki.cli import placement_json

        data = body()
        state = _rakugaaki_state(data)
        rules.refuse_if_over(state)
        value = field(data, "value", int)
        declared = rules.declare(state, state.turn, value,
                                 state.board.parse_cell(field(data, "at", str), "at"))
        seed = data.get("seed")
        if value > 1 and seed is None:
            seed = new_seed()
        done = rules.place(state, declared, state.turn, seed=seed if value > 1 else None)
        return jsonify(placement_json(done, None))

    @app.post("/api/rakugaaki/guard")
    def rakugaaki_guard() -> Any:
        from companion.rakugaaki import rules
        from companion.rakugaaki import state as states
        from companion.rakugaaki.cli import parse_step

        data = body()
        state = _rakugaaki_state(data)
        rules.refuse_if_over(state)
        steps = field(data, "steps", list)
        moves = [parse_step(state.board, str(step)) for step in steps]
        return jsonify({"state": states.to_dict(rules.step_guards(state, state.turn, moves))})


def _jongrogue_api(app: Flask) -> None:
    @app.post("/api/jongrogue/floor")
    def jongrogue_floor() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        data = body()
        seed = field(data, "seed", int)
        found = tables.load()
        given = data.get("state")
        current = None if given is None else states.from_dict(given, "state", found)
        new, events = actions.floor_new(current, found, seed=seed)
        return jsonify({"events": events, "state": states.to_dict(new)})

    @app.post("/api/jongrogue/view")
    def jongrogue_view() -> Any:
        """The floor as the table sees it: open rooms face up, the others face down."""
        from companion.jongrogue import actions, tables
        from companion.jongrogue.cli import show_json

        found = tables.load()
        state = _jongrogue_state(body(), found)
        shown = show_json(state, found)
        for room in shown.get("rooms", []):
            if not room["open"]:
                room.update(tiles=[], sides=[], stairs=None, encounter=[])
        legal = actions.legal_moves(state, found)
        return jsonify({**shown, "blocked": legal.blocked,
                        "moves": [{"to": to, "kind": kind} for to, kind in legal.moves],
                        "search": legal.search})

    @app.post("/api/jongrogue/move")
    def jongrogue_move() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states
        from companion.jongrogue.engine import Reveals

        found = tables.load()
        data = body()
        state = _jongrogue_state(data, found)
        before = state.hero.at
        target = field(data, "target", str)
        new, kind, events = actions.move(state, found, target, None, Reveals([], found))
        return jsonify({"from": before, "to": new.hero.at or target.lower(), "kind": kind,
                        "events": events, "state": states.to_dict(new)})

    @app.post("/api/jongrogue/search")
    def jongrogue_search() -> Any:
        from companion.jongrogue import actions, tables
        from companion.jongrogue import state as states

        found = tables.load()
        state = _jongrogue_state(body(), found)
        new, report, events = actions.search(state, found, None)
        return jsonify({**report, "events": events, "state": states.to_dict(new)})


def _jongrogue_state(data: dict[str, Any], found: Any) -> Any:
    from companion.jongrogue import state as states

    return states.from_dict(field(data, "state", dict), "state", found)


def _shipped_board(name: Any, where: str) -> Any:
    """A shipped board: a request never names a board file on the server."""
    from companion.rakugaaki import board as boards

    if name not in boards.SHIPPED:
        raise InputError(i18n._("expected a shipped board: {boards}",
                                boards=", ".join(boards.SHIPPED)), where)
    return boards.shipped(name)


def _rakugaaki_state(data: dict[str, Any]) -> Any:
    from companion.rakugaaki import state as states

    state = field(data, "state", dict)
    _shipped_board(state.get("board"), "state: board")
    return states.from_dict(state, "state", Path("."))


def _majin_battle(data: dict[str, Any]) -> Any:
    """A battle of the sample cards: a request never names a folder on the server."""
    from companion.majin import battle as battles
    from companion.majin import cards as card_files

    if data.get("cards", card_files.SAMPLE) != card_files.SAMPLE:
        raise InputError(i18n._("the web page plays the sample cards: 'cards' is 'sample'"),
                         "battle: cards")
    return battles.from_dict(data, "battle", None)


def _majin_tray(data: dict[str, Any]) -> Any:
    from companion.dice import Tray, typed_dice

    typed = data.get("dice")
    seed = data.get("seed")
    if typed is not None and not isinstance(typed, str):
        raise InputError(i18n._("dice are written like 3,5,1"), "request: dice")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or
                             not 0 <= seed < 2**63):
        raise InputError(i18n._("a seed is a whole number from 0"), "request: seed")
    return Tray(None if typed is None else typed_dice(typed, "request: dice"), seed,
                "request: dice")


def _pairs(text: Any) -> list[tuple[int, int]]:
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


def _checked(game: str, state: Any) -> Any:
    """A state as the game's files hold it, checked as the command line checks it (a
    Roguelight sheet in progress: TOML on a shipped map, finished or not)."""
    if game == "roguelight":
        return _sheet_draft(state)
    if not isinstance(state, dict):
        raise InputError(i18n._("expected a state (a JSON object)"), "state")
    if game == "darkhall":
        from companion.darkhall import state as states

        return states.to_dict(states.from_dict(state, "state"))
    if game == "rakugaaki":
        from companion.rakugaaki import state as states

        return states.to_dict(_rakugaaki_state({"state": state}))
    from companion.jongrogue import state as states
    from companion.jongrogue import tables

    found = tables.load()
    return states.to_dict(states.from_dict(state, "state", found))


def _sheet_draft(text: Any) -> str:
    from companion.files import parse_toml
    from companion.roguelight import maps

    if not isinstance(text, str):
        raise InputError(i18n._("expected a Roguelight sheet (TOML text)"), "state")
    data = parse_toml(text, "sheet")
    if data.get("map") not in maps.SHIPPED:
        raise InputError(i18n._("expected a shipped map: {maps}", maps=", ".join(maps.SHIPPED)),
                         "sheet: map")
    return text


def _games_api(app: Flask, store: Store) -> None:
    @app.post("/api/games")
    def create() -> Any:
        data = body()
        game = field(data, "game", str)
        if game not in GAMES:
            raise InputError(i18n._("expected a game: {games}", games=", ".join(GAMES)),
                             "request: game")
        return jsonify(summary(store.create(game, _checked(game, data.get("state"))))), 201

    @app.get("/api/games/<game_id>")
    def show(game_id: str) -> Any:
        return jsonify(summary(store.load(game_id)))

    @app.put("/api/games/<game_id>")
    def change(game_id: str) -> Any:
        record = store.load(game_id)
        state = _checked(record["game"], body().get("state"))
        return jsonify(summary(store.push(game_id, state)))

    @app.post("/api/games/<game_id>/undo")
    def undo(game_id: str) -> Any:
        return jsonify(summary(store.undo(game_id)))


def _errors(app: Flask) -> None:
    @app.errorhandler(InputError)
    def bad_input(err: InputError) -> Any:
        return jsonify({"error": str(err)}), 404 if isinstance(err, NotFound) else 400

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> Any:
        messages = {404: i18n._("no such page or resource"),
                    405: i18n._("this method is not allowed here"),
                    413: i18n._("the request is too large (at most {kib} KiB)",
                                kib=MAX_BODY // 1024)}
        return jsonify({"error": messages.get(err.code or 500, err.description)}), err.code

    @app.before_request
    def speak() -> None:
        i18n.use(language())
