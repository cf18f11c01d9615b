"""The dice API: rolls with seeds and exact odds."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request

from companion.web.requests import body, field, seed


def _dice_api(app: Flask) -> None:
    @app.post("/api/roll")
    def roll() -> Any:
        from companion import dice
        from companion.text import fraction_text

        data = body()
        notation = field(data, "notation", str)
        rolled = dice.roll_all([notation], seed(data))[0]
        answer = {"roll": rolled.to_json(), "text": rolled.describe(), "p_equal": None,
                  "p_at_least": None, "mean": None}
        if dice.work(dice.parse(notation)) <= dice.MAX_WORK:  # a roll stays cheap
            dist = dice.distribution(notation)
            answer.update(p_equal=fraction_text(dist.probability(rolled.total)),
                          p_at_least=fraction_text(dist.at_least(rolled.total)),
                          mean=fraction_text(dist.mean))
        return jsonify(answer)

    @app.get("/api/odds")
    def odds() -> Any:
        from companion import dice
        from companion.text import fraction_text

        dist = dice.distribution(request.args.get("notation", ""))
        return jsonify({"outcomes": dist.outcomes, "mean": fraction_text(dist.mean),
                        "rows": [{"value": v, "p": fraction_text(p),
                                  "p_at_least": fraction_text(t)} for v, p, t in dist.rows()]})


def register(app: Flask) -> None:
    _dice_api(app)
