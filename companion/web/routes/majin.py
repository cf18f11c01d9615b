"""The 魔人 dungeon API on the sample cards: battles and chests."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify

from companion import i18n
from companion.errors import InputError
from companion.web.requests import body, field, tray


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
        dice = tray(data)
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
        dice = tray(data)
        choose = data.get("choose")
        chest = treasure.open_chest(card_files.load(card_files.SAMPLE), floor, levels, dice,
                                    short=bool(data.get("short")),
                                    choose=choose if isinstance(choose, int) else None)
        dice.finish()
        return jsonify(treasure.report(card_files.load(card_files.SAMPLE), chest, dice.seed))


def _majin_battle(data: dict[str, Any]) -> Any:
    """A battle of the sample cards: a request never names a folder on the server."""
    from companion.majin import battle as battles
    from companion.majin import cards as card_files

    if data.get("cards", card_files.SAMPLE) != card_files.SAMPLE:
        raise InputError(i18n._("the web page plays the sample cards: 'cards' is 'sample'"),
                         "battle: cards")
    return battles.from_dict(data, "battle", None)


def register(app: Flask) -> None:
    _majin_api(app)
