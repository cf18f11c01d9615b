"""The saved games in SQLite: a row a state, undo with its deck, earlier JSON saves
imported once, limits, and no answered change lost when the server is killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import InputError
from companion.web import store as stores
from companion.web.store import NotFound, Store


def test_states_decks_and_undo(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    game = store.create("darkhall", {"n": 0})["id"]
    store.push(game, {"n": 1}, {"deck": 1})
    store.push(game, {"n": 2})  # no deck given: the last one goes with it
    assert store.load(game) == {"id": game, "game": "darkhall", "state": {"n": 2},
                                "deck": {"deck": 1}, "steps": 3}
    assert store.undo(game)["deck"] == {"deck": 1}
    assert store.undo(game) == {"id": game, "game": "darkhall", "state": {"n": 0},
                                "deck": None, "steps": 1}
    with pytest.raises(InputError, match="nothing to undo"):
        store.undo(game)


def test_the_history_keeps_the_last_states(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(stores, "MAX_HISTORY", 5)
    store = Store(tmp_path)
    game = store.create("roguelight", {"n": 0})["id"]
    for n in range(1, 12):
        store.push(game, {"n": n})
    assert store.load(game)["steps"] == 5
    for _n in range(4):
        store.undo(game)
    assert store.load(game)["state"] == {"n": 7}


def test_unknown_games_make_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    with pytest.raises(NotFound):
        store.load("0123456789abcdef")
    with pytest.raises(NotFound):
        store.load("../etc/passwd")
    assert not (tmp_path / "data").exists()


def test_a_state_too_large_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create("rakugaaki", {"n": 0})["id"]
    with pytest.raises(InputError, match="more than 256 KiB"):
        store.push(game, {"text": "x" * (256 * 1024)})
    assert store.load(game)["steps"] == 1


def test_a_full_data_folder_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(stores, "MAX_GAMES", 2)
    store = Store(tmp_path)
    store.create("darkhall", {})
    store.create("darkhall", {})
    with pytest.raises(InputError, match="holds 2 games, the most it keeps"):
        store.create("darkhall", {})


def test_earlier_json_saves_are_imported_once(tmp_path: Path) -> None:
    old = tmp_path / "0123456789abcdef.json"
    old.write_text(json.dumps({"id": old.stem, "game": "darkhall",
                               "history": [{"n": 0}, {"n": 1}], "decks": [None, {"d": 1}]}))
    (tmp_path / "notes.json").write_text("{}")  # not a save: left alone
    store = Store(tmp_path)
    assert store.load(old.stem) == {"id": old.stem, "game": "darkhall", "state": {"n": 1},
                                    "deck": {"d": 1}, "steps": 2}
    assert not old.exists() and (tmp_path / "0123456789abcdef.json.imported").exists()
    assert (tmp_path / "notes.json").exists()
    again = Store(tmp_path)  # a restart imports nothing twice
    assert again.undo(old.stem)["steps"] == 1


WRITER = """
import sys
from pathlib import Path
from companion.web.store import Store
store = Store(Path(sys.argv[1]))
game = sys.argv[2]
n = 0
while True:
    n += 1
    store.push(game, {"n": n, "pad": "x" * 2000})
    print(n, flush=True)
"""


def test_a_killed_server_loses_no_answered_change(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create("darkhall", {"n": 0})["id"]
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), game],
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert writer.stdout is not None
    answered = 0
    deadline = time.monotonic() + 30
    while answered < 200 and time.monotonic() < deadline:
        answered = int(writer.stdout.readline())
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    assert answered >= 200
    now = Store(tmp_path).load(game)
    assert now["state"]["n"] >= answered  # every answered change is there
    assert now["steps"] == now["state"]["n"] + 1  # and no half-written one
