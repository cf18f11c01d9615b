"""The Dark Hall API: the board, setups, the monster, token moves, the standing and the deck."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request

from companion import i18n
from companion.errors import InputError
from companion.web.requests import body, field, whole_number


def game_state(data: dict[str, Any]) -> Any:
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
            count = whole_number(players, "players")
            if not 2 <= count <= 7:
                raise InputError(i18n._("2 to 7 players"), "players")
            position = replace(position, tokens=starting_tokens(count), players=count)
        return jsonify(states.to_dict(position))

    @app.post("/api/darkhall/monster")
    def monster() -> Any:
        from companion.darkhall.cli import round_to_dict
        from companion.darkhall.monster import parse_tile
        from companion.darkhall.rounds import end_round

        data = body()
        position = game_state(data)
        tile = parse_tile(field(data, "tile", str))
        return jsonify(round_to_dict(end_round(position, tile)))

    @app.post("/api/darkhall/move")
    def move() -> Any:
        from companion.darkhall import state as states
        from companion.darkhall.rounds import take_turn

        data = body()
        position = game_state(data)
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

        position = game_state(body())
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


def register(app: Flask) -> None:
    _darkhall_api(app)
    _darkhall_table_api(app)
