"""Games at the table saved under ``--data``: one JSON file a game, its states in order
(the last is the game now), replaced atomically on every change, so that a closed tab
or a restarted server loses nothing and undo can step back.

A game's id is made here, never taken from a request as a file name: an id that is
not exactly 16 hexadecimal digits is refused before any file is named.
"""

from __future__ import annotations

import re
import secrets
import threading
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
    """The saved games of one server. A lock makes each change whole: two requests on
    one game (two tabs, two phones) never lose one another's state."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()

    def path(self, game_id: str) -> Path:
        if not _ID.fullmatch(game_id):
            raise NotFound(_("no saved game {id!r}", id=game_id[:40]))
        return self.folder / f"{game_id}.json"

    def create(self, game: str, state: Any, deck: Any = None) -> dict[str, Any]:
        if game not in GAMES:
            raise InputError(_("expected a game: {games}", games=", ".join(GAMES)), "game")
        game_id = secrets.token_hex(8)
        record = {"id": game_id, "game": game, "history": [state], "decks": [deck]}
        self._write(record)
        return record

    def load(self, game_id: str) -> dict[str, Any]:
        path = self.path(game_id)
        if not path.is_file():
            raise NotFound(_("no saved game {id!r}", id=game_id))
        return parse_json(read_text(path), path.name)

    def push(self, game_id: str, state: Any, deck: Any = None) -> dict[str, Any]:
        """The next state (and the game's deck with it: the last one when not given)."""
        with self.lock:
            record = self.load(game_id)
            decks = _decks(record)
            record["history"] = [*record["history"], state][-MAX_HISTORY:]
            record["decks"] = [*decks, deck if deck is not None else decks[-1]][-MAX_HISTORY:]
            self._write(record)
            return record

    def undo(self, game_id: str) -> dict[str, Any]:
        with self.lock:
            record = self.load(game_id)
            if len(record["history"]) < 2:
                raise InputError(_("nothing to undo: this is the game's first position"))
            record["history"] = record["history"][:-1]
            record["decks"] = _decks(record)[:-1]
            self._write(record)
            return record

    def _write(self, record: dict[str, Any]) -> None:
        write_atomic(self.path(record["id"]), dump_json(record))


def _decks(record: dict[str, Any]) -> list[Any]:
    """The deck beside each state (a Dark Hall game's monster deck; None elsewhere)."""
    decks = record.get("decks")
    return decks if isinstance(decks, list) and len(decks) == len(record["history"]) \
        else [None] * len(record["history"])


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """A saved game as the API returns it: the state now, its deck, how many came before."""
    return {"id": record["id"], "game": record["game"], "state": record["history"][-1],
            "deck": _decks(record)[-1], "steps": len(record["history"])}
