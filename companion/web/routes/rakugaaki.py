"""The Rakugaaki API on the shipped boards: new games, options, challenges, guards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, jsonify, request

from companion import i18n
from companion.errors import InputError
from companion.web.requests import body, field, seed, whole_number
from companion.web.store import NotFound


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
        players = whole_number(request.args.get("players", "3"), "players")
        return jsonify(states.to_dict(states.start(board, players, board_ref=board.name)))

    @app.post("/api/rakugaaki/options")
    def rakugaaki_options() -> Any:
        from companion.rakugaaki import rules
        from companion.rakugaaki.cli import options_json, show_json

        state = game_state(body())
        return jsonify({**options_json(state, rules.options(state, state.turn)),
                        "show": show_json(state)})

    @app.post("/api/rakugaaki/challenge")
    def rakugaaki_challenge() -> Any:
        from companion.dice import new_seed
        from companion.rakugaaki import rules
        from companion.rakugaaki.cli import placement_json

        data = body()
        rolled = seed(data)
        state = game_state(data)
        rules.refuse_if_over(state)
        value = field(data, "value", int)
        declared = rules.declare(state, state.turn, value,
                                 state.board.parse_cell(field(data, "at", str), "at"))
        if value > 1 and rolled is None:
            rolled = new_seed()
        done = rules.place(state, declared, state.turn, seed=rolled if value > 1 else None)
        return jsonify(placement_json(done, None))

    @app.post("/api/rakugaaki/guard")
    def rakugaaki_guard() -> Any:
        from companion.rakugaaki import rules
        from companion.rakugaaki import state as states
        from companion.rakugaaki.cli import parse_step

        data = body()
        state = game_state(data)
        rules.refuse_if_over(state)
        steps = field(data, "steps", list)
        moves = [parse_step(state.board, str(step)) for step in steps]
        return jsonify({"state": states.to_dict(rules.step_guards(state, state.turn, moves))})


def _shipped_board(name: Any, where: str) -> Any:
    """A shipped board: a request never names a board file on the server."""
    from companion.rakugaaki import board as boards

    if name not in boards.SHIPPED:
        raise InputError(i18n._("expected a shipped board: {boards}",
                                boards=", ".join(boards.SHIPPED)), where)
    return boards.shipped(name)


def game_state(data: dict[str, Any]) -> Any:
    from companion.rakugaaki import state as states

    state = field(data, "state", dict)
    _shipped_board(state.get("board"), "state: board")
    return states.from_dict(state, "state", Path("."))


def register(app: Flask) -> None:
    _rakugaaki_api(app)
