"""Games at the table saved under ``--data``: one JSON file a game, its states in order
(the last is the game now), replaced atomically on every change, so that a closed tab
or a restarted server loses nothing and undo can step back.

A game's id is made here, never taken from a request as a file name: an id that is
not exactly 16 hexadecimal digits is refused before any file is named.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import dump_json, parse_json, read_text, write_atomic
from companion.i18n import _

GAMES = ("darkhall", "roguelight", "rakugaaki", "jongrogue")
_ID = re.compile(r"[0-9a-f]{16}")
MAX_HISTORY = 500


class NotFound(InputError):
    """No saved game of that id (HTTP 404)."""


class Store:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, game_id: str) -> Path:
        if not _ID.fullmatch(game_id):
            raise NotFound(_("no saved game {id!r}", id=game_id[:40]))
        return self.folder / f"{game_id}.json"

    def create(self, game: str, state: Any) -> dict[str, Any]:
        if game not in GAMES:
            raise InputError(_("expected a game: {games}", games=", ".join(GAMES)), "game")
        game_id = secrets.token_hex(8)
        record = {"id": game_id, "game": game, "history": [state]}
        self._write(record)
        return record

    def load(self, game_id: str) -> dict[str, Any]:
        path = self.path(game_id)
        if not path.is_file():
            raise NotFound(_("no saved game {id!r}", id=game_id))
        return parse_json(read_text(path), path.name)

    def push(self, game_id: str, state: Any) -> dict[str, Any]:
        record = self.load(game_id)
        record["history"] = [*record["history"], state][-MAX_HISTORY:]
        self._write(record)
        return record

    def undo(self, game_id: str) -> dict[str, Any]:
        record = self.load(game_id)
        if len(record["history"]) < 2:
            raise InputError(_("nothing to undo: this is the game's first position"))
        record["history"] = record["history"][:-1]
        self._write(record)
        return record

    def _write(self, record: dict[str, Any]) -> None:
        write_atomic(self.path(record["id"]), dump_json(record))


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """A saved game as the API returns it: the state now and how many came before."""
    return {"id": record["id"], "game": record["game"], "state": record["history"][-1],
            "steps": len(record["history"])}
