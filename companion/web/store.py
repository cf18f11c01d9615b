"""Games at the table saved under ``--data`` in one SQLite database (``games.sqlite3``,
write-ahead log): a row per state, so a change costs the same on a game of 500 states
as on a new one, and undo steps back by deleting the last row. Each change is one
transaction; a closed tab, a restarted server or a killed process loses no change
that was answered.

A game's id is made here, never taken from a request as a file name: an id that is
not exactly 16 hexadecimal digits is refused before the database is asked. Saves of
the earlier layout (one ``<id>.json`` a game) are imported once, the first time the
folder is opened, and renamed ``<id>.json.imported``.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import parse_json, read_text
from companion.i18n import _

GAMES = ("darkhall", "roguelight", "rakugaaki", "jongrogue", "majin")
DATABASE = "games.sqlite3"
_ID = re.compile(r"[0-9a-f]{16}")
MAX_HISTORY = 500  # states kept a game: undo reaches this far back
MAX_STATE = 256 * 1024  # bytes of JSON a state (with its deck)
MAX_GAMES = 10_000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS states (
    game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,
    state TEXT NOT NULL, deck TEXT, PRIMARY KEY (game_id, n)) WITHOUT ROWID;
"""


class NotFound(InputError):
    """No saved game of that id (HTTP 404)."""


class Stale(InputError):
    """A change built on a state that is no longer the game's last (HTTP 409)."""


class Store:
    """The saved games of one server. The database is opened (and the folder made) at
    the first request, each thread with its own connection."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.local = threading.local()
        self.opening = threading.Lock()
        self.ready = False

    # --- the API --------------------------------------------------------------------------

    def create(self, game: str, state: Any, deck: Any = None) -> dict[str, Any]:
        if game not in GAMES:
            raise InputError(_("expected a game: {games}", games=", ".join(GAMES)), "game")
        game_id = secrets.token_hex(8)
        with self.change() as db:
            (count,) = db.execute("SELECT count(*) FROM games").fetchone()
            if count >= MAX_GAMES:
                raise InputError(_("the data folder holds {count} games, the most it keeps; "
                                   "start the server with another --data folder",
                                   count=count))
            db.execute("INSERT INTO games VALUES (?, ?)", (game_id, game))
            db.execute("INSERT INTO states VALUES (?, 0, ?, ?)", (game_id, *_row(state, deck)))
        return self.load(game_id)

    def load(self, game_id: str) -> dict[str, Any]:
        """The game now: ``{id, game, state, deck, steps}``."""
        _check_id(game_id)
        if not self.ready and not self.saved():
            raise NotFound(_("no saved game {id!r}", id=game_id))  # and nothing made
        with self.reading() as db:
            return _summary(db, game_id)

    def saved(self) -> bool:
        """Whether the folder holds any save (without making anything)."""
        return (self.folder / DATABASE).exists() or any(self.folder.glob("*.json"))

    def push(self, game_id: str, state: Any, deck: Any = None, base: int | None = None
             ) -> dict[str, Any]:
        """The next state (and the game's deck with it: the last one when not given);
        ``base``, when given, must be the game's steps now (else :class:`Stale`)."""
        _check_id(game_id)
        with self.change() as db:
            last = _last(db, game_id)
            if base is not None and base != _steps(db, game_id):
                raise Stale(_("the game changed since this page read it (step {base}, now "
                              "{steps}): the page shows the game now; make the change again",
                              base=base, steps=_steps(db, game_id)))
            kept = last["deck"] if deck is None else deck
            n = last["n"] + 1
            db.execute("INSERT INTO states VALUES (?, ?, ?, ?)", (game_id, n, *_row(state, kept)))
            db.execute("DELETE FROM states WHERE game_id = ? AND n <= ?",
                       (game_id, n - MAX_HISTORY))
            return _summary(db, game_id)

    def undo(self, game_id: str) -> dict[str, Any]:
        """Back one state, with the deck that went with it."""
        _check_id(game_id)
        with self.change() as db:
            last = _last(db, game_id)
            if _steps(db, game_id) < 2:
                raise InputError(_("nothing to undo: this is the game's first position"))
            db.execute("DELETE FROM states WHERE game_id = ? AND n = ?", (game_id, last["n"]))
            return _summary(db, game_id)

    # --- the database ---------------------------------------------------------------------

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        yield self.connection()

    @contextmanager
    def change(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken for writing at once (no lost update between readers)."""
        db = self.connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def connection(self) -> sqlite3.Connection:
        db = getattr(self.local, "db", None)
        if db is None:
            self.open()
            db = _connect(self.folder / DATABASE)
            self.local.db = db
        return db

    def open(self) -> None:
        """Make the folder and the tables, and import saves of the earlier layout."""
        with self.opening:
            if self.ready:
                return
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise InputError(_("cannot make the data folder: {why}", why=err.strerror),
                                 _("the data folder")) from None
            db = _connect(self.folder / DATABASE)
            db.executescript(_SCHEMA)
            _import_json_saves(db, self.folder)
            db.close()
            self.ready = True


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe against a killed process
    return db


def _check_id(game_id: str) -> None:
    if not _ID.fullmatch(game_id):
        raise NotFound(_("no saved game {id!r}", id=game_id[:40]))


def _row(state: Any, deck: Any) -> tuple[str, str | None]:
    text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    deck_text = None if deck is None else json.dumps(deck, ensure_ascii=False,
                                                     separators=(",", ":"))
    if len(text.encode()) + len((deck_text or "").encode()) > MAX_STATE:
        raise InputError(_("a state of more than {kib} KiB is not kept",
                           kib=MAX_STATE // 1024), "request: state")
    return text, deck_text


def _last(db: sqlite3.Connection, game_id: str) -> dict[str, Any]:
    row = db.execute("SELECT n, state, deck FROM states WHERE game_id = ? ORDER BY n DESC "
                     "LIMIT 1", (game_id,)).fetchone()
    if row is None:
        raise NotFound(_("no saved game {id!r}", id=game_id))
    return {"n": row[0], "state": json.loads(row[1]),
            "deck": None if row[2] is None else json.loads(row[2])}


def _steps(db: sqlite3.Connection, game_id: str) -> int:
    return db.execute("SELECT count(*) FROM states WHERE game_id = ?", (game_id,)).fetchone()[0]


def _summary(db: sqlite3.Connection, game_id: str) -> dict[str, Any]:
    last = _last(db, game_id)
    (game,) = db.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()
    return {"id": game_id, "game": game, "state": last["state"], "deck": last["deck"],
            "steps": _steps(db, game_id)}


def _import_json_saves(db: sqlite3.Connection, folder: Path) -> None:
    """Each ``<id>.json`` of the earlier layout becomes a game here, once."""
    for path in sorted(folder.glob("*.json")):
        if not _ID.fullmatch(path.stem):
            continue
        try:
            rows = _saved_rows(parse_json(read_text(path), path.name))
        except (InputError, KeyError, TypeError, ValueError):
            continue  # not a save of ours: left alone
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT OR IGNORE INTO games VALUES (?, ?)", (path.stem, rows[0]))
        for n, (state, deck) in enumerate(rows[1]):
            db.execute("INSERT OR IGNORE INTO states VALUES (?, ?, ?, ?)", (path.stem, n,
                                                                            state, deck))
        db.execute("COMMIT")
        path.rename(path.with_name(path.name + ".imported"))


def _saved_rows(record: dict[str, Any]) -> tuple[str, list[tuple[str, str | None]]]:
    """The game and the rows of an earlier save (ValueError: it is not one)."""
    history, game = record["history"], record["game"]
    if game not in GAMES or not isinstance(history, list) or not history:
        raise ValueError(game)
    decks = record.get("decks")
    if not isinstance(decks, list) or len(decks) != len(history):
        decks = [None] * len(history)
    return game, [_row(state, deck) for state, deck in
                  zip(history[-MAX_HISTORY:], decks[-MAX_HISTORY:], strict=True)]

